/**
 * A visitor on the demo site, and the owner in the console changing what the next visitor sees, end
 * to end against the service as `npm start` runs it, in Debian's Chromium (test/e2e/site/harness.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright';
import { createClient } from '../../../src/client/index.ts';
import type { FullSettings } from '../../../src/protocol/index.ts';
import { axeViolations } from '../../support/chromium.ts';
import { gif, png } from '../../support/media.ts';
import { signedInConsole, type Site } from './harness.ts';

export function describeConsole(site: Site): void {
  /** A visitor nobody has seen: a browser context of its own (no storage, no history). */
  async function newVisitor(): Promise<Page> {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 800 } });
    return context.newPage();
  }

  /** The console at its settings, signed in. */
  const settingsPage = () => signedInConsole(site, '', 'owner-settings form.settings');

  const assistantText = (page: Page) => page.locator('chat-bot-message .content').last();

  /** Waits for the answer now streaming to finish (the log stops being busy), and returns its text. */
  async function finishedAnswer(page: Page): Promise<string> {
    await page.locator('chat-bot-panel [role="log"][aria-busy="false"] chat-bot-message .content').last().waitFor();
    return (await assistantText(page).textContent())!;
  }

  describe('a new visitor on the demo site', () => {
    it('sees the welcome popup, asks a suggestion, gets a streamed answer naming real listings, and finds it again after a reload', async () => {
      const page = await newVisitor();
      await page.goto(`${site.bin.url}/`);
      const settings = await site.owner.get({ serialNumber: site.bin.serial });
      await expect.poll(() => page.locator('chat-bot .popup .text').textContent()).toBe(settings.WelcomeMessage);

      await page.locator('chat-bot .launcher').click();
      const suggestion = settings.SuggestedMessage.split('\n')[0]!;
      const streamed = page.waitForResponse((r) => r.url().endsWith('/chat/Chat/ClientAsk'));
      await page.locator('chat-bot-panel .chip', { hasText: suggestion }).click();
      expect((await streamed).headers()['content-type']).toMatch(/^text\/event-stream/);
      const answer = await finishedAnswer(page);
      const { Items } = await site.owner.realEstateList({
        SerialNumber: site.bin.serial,
        Query: 'Austin',
        PageSize: 100,
      });
      const named = Items.filter((l) => answer.includes(l.Address));
      expect(named.length).toBeGreaterThan(0);
      const links = await assistantText(page)
        .locator('a')
        .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(links).toContain(named[0]!.Url);

      await page.reload();
      await page.locator('chat-bot .launcher').click();
      await page.locator('chat-bot-message', { hasText: suggestion }).waitFor();
      expect(await assistantText(page).textContent()).toBe(answer);
      await page.context().close();
    }, 60_000);
  });

  describe("the owner's console", () => {
    it('signs in with the API key and keeps only a session key', async () => {
      const page = await settingsPage();
      const stored = await page.evaluate(
        () => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie,
      );
      expect(stored).not.toContain(site.bin.apiKey);
      expect(stored).toContain('cbs_');
      expect(await page.getByLabel('API key').count()).toBe(0);
      await page.reload();
      await page.locator('owner-settings form.settings').waitFor();
      await page.context().close();
    }, 60_000);

    it('changes ChatBubbleColor and WelcomeMessage, and a new visitor sees both', async () => {
      const page = await settingsPage();
      await page.getByLabel('Welcome message').fill('Welcome back to Oakridge — ask me about any home!');
      await page.getByLabel('Chat colour', { exact: true }).fill('rgb(180, 83, 9)');
      // The preview follows the draft before it is saved — and opens on the first click, though
      // leaving the field (a change event, new settings for the widget) happens mid-click.
      await expect
        .poll(() => page.locator('.preview chat-bot .popup .text').textContent())
        .toBe('Welcome back to Oakridge — ask me about any home!');
      await page.locator('.preview chat-bot .launcher').click();
      await page.locator('.preview chat-bot-panel .chip').first().waitFor();
      expect(
        await page.locator('.preview chat-bot-panel header').evaluate((h) => getComputedStyle(h).backgroundColor),
      ).toBe('rgb(180, 83, 9)');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Saved.', { exact: false }).waitFor();
      await page.context().close();

      const visitor = await newVisitor();
      await visitor.goto(`${site.bin.url}/`);
      await expect
        .poll(() => visitor.locator('chat-bot .popup .text').textContent())
        .toBe('Welcome back to Oakridge — ask me about any home!');
      expect(await visitor.locator('chat-bot .launcher').evaluate((b) => getComputedStyle(b).backgroundColor)).toBe(
        'rgb(180, 83, 9)',
      );
      await visitor.context().close();
    }, 60_000);

    it('uploads a profile picture and a launcher icon that visitors then see, and refuses an animated GIF at its field', async () => {
      const page = await settingsPage();
      await page
        .getByLabel('Profile picture')
        .setInputFiles({ name: 'agent.png', mimeType: 'image/png', buffer: Buffer.from(png(64, 64)) });
      await page.getByText('agent.png is ready', { exact: false }).waitFor();
      await page
        .getByLabel('Launcher icon')
        .setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: Buffer.from(png(32, 32)) });
      await page.getByText('icon.png is ready', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Saved.', { exact: false }).waitFor();
      const saved = (await site.owner.get({ serialNumber: site.bin.serial })) as FullSettings;
      expect(saved.ChatProfilePicture).toMatch(/^\d+$/);
      expect(saved.ChatIcon).toMatch(/^\d+$/);

      await page
        .getByLabel('Launcher icon')
        .setInputFiles({ name: 'moving.gif', mimeType: 'image/gif', buffer: Buffer.from(gif({ frames: 2 })) });
      const error = page.locator('#setting-ChatIcon-error');
      await error.waitFor();
      expect(await error.textContent()).toMatch(/animated/i);
      await page.context().close();

      const visitor = await newVisitor();
      await visitor.goto(`${site.bin.url}/`);
      const icon = visitor.locator('chat-bot .launcher img');
      await icon.waitFor();
      expect(await icon.getAttribute('src')).toBe(saved.ChatIconUrl);
      expect(await icon.evaluate((i: HTMLImageElement) => i.decode().then(() => i.naturalWidth))).toBe(32);
      await visitor.locator('chat-bot .launcher').click();
      expect(await visitor.locator('chat-bot-panel header img').getAttribute('src')).toBe(saved.ChatProfilePictureUrl);
      await visitor.context().close();
      await site.owner.edit({ serialNumber: site.bin.serial, ChatProfilePicture: '', ChatIcon: '' });
    }, 60_000);

    it('shows the service’s message at a bad field and changes nothing', async () => {
      const before = await site.owner.get({ serialNumber: site.bin.serial });
      const page = await settingsPage();
      await page.getByLabel('Name', { exact: true }).fill('Not saved either');
      await page.getByLabel('Temperature').fill('12');
      await page.getByRole('button', { name: 'Save changes' }).click();
      const error = page.locator('#setting-Temperature-error');
      await error.waitFor();
      // Named by its label, as the owner knows it, not by its wire name.
      expect(await error.textContent()).toContain('Temperature must be an integer from 0 to 10');
      expect(await error.textContent()).not.toContain('"Temperature"');
      expect(await page.getByLabel('Temperature').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Temperature').getAttribute('aria-describedby')).toContain(
        'setting-Temperature-error',
      );
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('setting-Temperature');
      expect(await site.owner.get({ serialNumber: site.bin.serial })).toEqual(before);

      const total = (await site.owner.realEstateList({ SerialNumber: site.bin.serial, PageSize: 1 })).Total;
      await page.goto(`${site.bin.url}/console/#/listings/new`);
      await page.getByLabel('Listing page (Url)').fill('not a web address');
      await page.getByRole('button', { name: 'Create the listing' }).click();
      await page.locator('.listing-form .error').first().waitFor();
      // The form's own check first: an address that is not one, by its label, before asking the service.
      expect(await page.locator('.listing-form .error').first().textContent()).toMatch(
        /^Listing page \(Url\) must be an http\(s\) address/,
      );
      expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('Url');
      // Then the first field the service refuses (the kind, left empty), by its label.
      await page.getByLabel('Listing page (Url)').fill('https://www.example.com/homes/1');
      await page.getByRole('button', { name: 'Create the listing' }).click();
      await page.locator('.listing-form .error', { hasText: /^Property type must be / }).waitFor();
      expect((await site.owner.realEstateList({ SerialNumber: site.bin.serial, PageSize: 1 })).Total).toBe(total);
      await page.context().close();
    }, 60_000);

    it('creates a listing, with images and extra facts, that the chat then names', async () => {
      const page = await settingsPage();
      await page.getByRole('link', { name: 'Listings' }).click();
      await page.getByRole('button', { name: 'New listing' }).click();
      const form = page.locator('owner-listing-form');
      await form.getByLabel('MLS number').fill('E2E-7001');
      await form.getByLabel('Listing page (Url)').fill(`${site.bin.url}/homes/E2E-7001`);
      await form.getByLabel('Property type').fill('Single Family');
      await form.getByLabel('Sale price').fill('612000');
      await form.getByLabel('Bedrooms').fill('4');
      await form.getByLabel('Bathrooms').fill('2.5');
      await form.getByLabel('Building area').fill('2300');
      await form.getByLabel('Lot area').fill('6000');
      await form.getByLabel('Year built').fill('1998');
      await form.getByLabel('Street address').fill('77 Quillfeather Lane');
      await form.getByLabel('City').fill('Boulder');
      await form.getByLabel('Image 1', { exact: true }).fill(`${site.bin.url}/demo/photos/home-3.svg`);
      await form.getByRole('button', { name: 'Add a fact' }).click();
      await form.getByLabel('Name 1', { exact: true }).fill('Pool');
      await form.getByLabel('Value 1', { exact: true }).fill('Heated, solar');
      await form.getByRole('button', { name: 'Create the listing' }).click();
      await page.getByText('Created 77 Quillfeather Lane', { exact: false }).waitFor();

      const stored = await site.owner.realEstateGet({
        SerialNumber: site.bin.serial,
        Key: 'E2E-7001',
        KeyType: 'MLSNumber',
      });
      expect(stored).toMatchObject({
        City: 'Boulder',
        SalePrice: 612000,
        Bathrooms: 2.5,
        Images: [`${site.bin.url}/demo/photos/home-3.svg`],
        ExtensionColumn: [{ Key: 'Pool', value: 'Heated, solar' }],
      });

      const visitor = await newVisitor();
      await visitor.goto(`${site.bin.url}/`);
      await visitor.locator('chat-bot .launcher').click();
      await visitor.locator('chat-bot-panel textarea').fill('Tell me about 77 Quillfeather Lane');
      await visitor.locator('chat-bot-panel textarea').press('Enter');
      await visitor.locator('chat-bot-message .content', { hasText: '77 Quillfeather Lane' }).waitFor();
      expect(await finishedAnswer(visitor)).toContain('Pool');
      await visitor.context().close();
      await page.context().close();
    }, 60_000);

    it('updates a listing found by its MLS number, saving it by any KeyType', async () => {
      const page = await settingsPage();
      for (const [keyType, price] of [
        ['MLSNumber', '599000'],
        ['URL', '589000'],
        ['NewOaks', '579000'],
      ] as const) {
        await page.goto(`${site.bin.url}/console/#/listings`);
        await page.getByLabel('Open by').selectOption('MLSNumber');
        await page.getByLabel('Key', { exact: true }).fill('E2E-7001');
        await page.getByRole('button', { name: 'Open', exact: true }).click();
        const form = page.locator('owner-listing-form form');
        await form.waitFor();
        await form.getByLabel('Sale price').fill(price);
        await form.getByLabel('Key type').selectOption(keyType);
        await form.getByRole('button', { name: 'Save the listing' }).click();
        await page.getByText('Saved 77 Quillfeather Lane', { exact: false }).waitFor();
        expect(
          (await site.owner.realEstateGet({ SerialNumber: site.bin.serial, Key: 'E2E-7001', KeyType: 'MLSNumber' }))
            .SalePrice,
        ).toBe(Number(price));
      }
      await page.context().close();
    }, 60_000);

    it('pages, searches, filters and deletes listings in bulk', async () => {
      const page = await settingsPage();
      await page.goto(`${site.bin.url}/console/#/listings`);
      const caption = page.locator('owner-listings caption');
      const total = (await site.owner.realEstateList({ SerialNumber: site.bin.serial, PageSize: 1 })).Total;
      await expect.poll(() => caption.textContent()).toContain(`${total} listings, page 1 of ${Math.ceil(total / 10)}`);
      const firstPage = await page.locator('owner-listings tbody tr').first().textContent();
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect.poll(() => caption.textContent()).toContain('page 2 of');
      expect(await page.locator('owner-listings tbody tr').first().textContent()).not.toBe(firstPage);

      await page.getByLabel('Search').fill('Denver');
      await page.getByLabel('For', { exact: true }).selectOption('for_rent');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      const rentals = await site.owner.realEstateList({
        SerialNumber: site.bin.serial,
        Query: 'Denver',
        SaleType: 'for_rent',
        PageSize: 1,
      });
      await expect.poll(() => caption.textContent()).toContain(`${rentals.Total} listings, page 1`);
      expect(await page.locator('owner-listings tbody tr', { hasText: 'for sale' }).count()).toBe(0);

      const rows = page.locator('owner-listings tbody tr');
      const doomed = [
        (await rows.nth(0).locator('td').nth(5).textContent())!,
        (await rows.nth(1).locator('td').nth(5).textContent())!,
      ];
      await rows.nth(0).getByRole('checkbox').check();
      await rows.nth(1).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Delete selected (2)' }).click();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Deleted 2 listings.').waitFor();
      for (const mls of doomed)
        await expect(
          site.owner.realEstateGet({ SerialNumber: site.bin.serial, Key: mls, KeyType: 'MLSNumber' }),
        ).rejects.toMatchObject({ status: 404 });
      expect((await site.owner.realEstateList({ SerialNumber: site.bin.serial, PageSize: 1 })).Total).toBe(total - 2);
      await page.context().close();
    }, 60_000);

    it('shows the leads visitors leave and the emails queued for them', async () => {
      const visitor = createClient({ baseUrl: site.bin.url });
      const session = await visitor.getSession({ serialNumber: site.bin.serial });
      await visitor.withCredentials({ visitorToken: session.VisitorToken }).talkToHuman({
        sessionID: session.SessionID,
        name: 'Dana Whitfield',
        email: 'dana@example.com',
        message: 'Can I see 77 Quillfeather Lane on Saturday?',
      });
      const page = await settingsPage();
      await page.getByRole('link', { name: 'Leads and outbox' }).click();
      await page.locator('owner-inbox').getByRole('cell', { name: 'Dana Whitfield', exact: true }).waitFor();
      expect(await page.locator('owner-inbox section', { hasText: 'Leads' }).first().textContent()).toContain(
        'Can I see 77 Quillfeather Lane on Saturday?',
      );
      const email = page.locator('owner-inbox section', { hasText: 'Outbox' }).locator('tbody tr').first();
      expect(await email.textContent()).toContain('agents@oakridge.example');
      expect(await email.textContent()).toContain('Waiting');
      await email.locator('summary').click();
      expect(await email.locator('pre').textContent()).toContain('Saturday');
      await page.context().close();
    }, 60_000);

    it('passes axe on every page: sign-in, settings (also with an error), listings, a listing form, leads and outbox', async () => {
      const page = await newVisitor();
      await page.goto(`${site.bin.url}/console/`);
      await page.getByLabel('API key').waitFor();
      expect(await axeViolations(page), 'sign-in').toEqual([]);
      await page.getByLabel('API key').fill('cbk_wrong');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('That API key is not valid.').waitFor();
      expect(await axeViolations(page), 'sign-in refused').toEqual([]);
      await page.getByLabel('API key').fill(site.bin.apiKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('owner-settings form.settings').waitFor();
      await page.locator('.preview chat-bot .launcher').waitFor();
      expect(await axeViolations(page), 'settings').toEqual([]);
      // While the colour typed is not one, the preview and the swatch keep the last that was.
      const header = () =>
        page
          .locator('.preview chat-bot')
          .evaluate((el) => getComputedStyle(el.shadowRoot!.querySelector('.launcher')!).backgroundColor);
      await page.getByLabel('Chat colour', { exact: true }).fill('rgb(21, 94, 117)');
      await expect.poll(header).toBe('rgb(21, 94, 117)');
      await page.getByLabel('Chat colour', { exact: true }).fill('blue');
      await page.evaluate(() => new Promise((r) => setTimeout(r, 200)));
      expect(await header()).toBe('rgb(21, 94, 117)');
      expect(await page.getByLabel('Pick the chat colour').inputValue()).toBe('#155e75');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.locator('#setting-ChatBubbleColor-error').waitFor();
      expect(await page.locator('#setting-ChatBubbleColor-error').textContent()).toMatch(
        /^Chat colour must be rgb\(r,g,b\)/,
      );
      expect(await axeViolations(page), 'settings with an error').toEqual([]);
      const pages = [
        ['#/listings', 'owner-listings tbody tr'],
        ['#/listings/new', 'owner-listing-form form'],
        ['#/listings/edit/MLSNumber/E2E-7001', 'owner-listing-form form'],
        ['#/inbox', 'owner-inbox table'],
      ] as const;
      for (const [route, ready] of pages) {
        await page.goto(`${site.bin.url}/console/${route}`);
        await page.locator(ready).first().waitFor();
        expect(await axeViolations(page), route).toEqual([]);
      }
      // Moving inside the console puts focus on the new page's heading.
      await page.getByRole('link', { name: 'Settings' }).click();
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Settings');
      await page.context().close();
    }, 90_000);
  });
}
