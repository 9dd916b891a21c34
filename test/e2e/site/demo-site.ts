/**
 * The demo agency's site in Debian's Chromium (test/e2e/site/harness.ts): its pages pass axe, their
 * photos load, and the widget embedded by the script tag answers about a listing shown on the page.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../../support/chromium.ts';
import { serveStatic } from '../../support/static-site.ts';
import type { Site } from './harness.ts';

export function describeDemoSite(site: Site): void {
  describe('the demo site in a browser', () => {
    it('has accessible pages whose photos load', async () => {
      const page = await site.browser.newPage();
      for (const path of ['/', '/?type=for_rent', '/privacy.html']) {
        await page.goto(`${site.bin.url}${path}`);
        await page.locator('chat-bot .launcher').waitFor();
        expect(await axeViolations(page), path).toEqual([]);
      }
      await page.goto(`${site.bin.url}/`);
      const photos = await page
        .locator('.card img')
        .evaluateAll((imgs) =>
          Promise.all((imgs as HTMLImageElement[]).map((i) => i.decode().then(() => i.naturalWidth))),
        );
      expect(photos.length).toBe(12);
      expect(photos.every((w) => w === 320)).toBe(true);
      await page.locator('.card a').first().click();
      await page.locator('article.home h1').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    }, 60_000);

    it("works pasted as the README shows it into a page of another site: every card's photo from the service loads, with no image-hosts", async () => {
      // A chatbot of the owner's with a home whose photo the service serves.
      const { SerialNumber } = await site.owner.add({ timeZone: 'UTC', type: 0, Name: 'Paste Homes' });
      await site.owner.realEstateCreate({
        SerialNumber,
        SaleType: 'for_sale',
        Status: 'Active',
        CurrencySymbol: '$',
        PropertyType: 'Single Family',
        Bedrooms: 3,
        Bathrooms: 2,
        Url: 'https://agency.test/homes/PT1',
        YearBuilt: 2004,
        DaysOnMarket: 5,
        LotArea: 6000,
        BuildingArea: 1850,
        AreaUnit: 'Square Feet',
        ParkingSpots: 2,
        Address: '9 Paste Ln',
        City: 'Pasteville',
        State: 'WA',
        ZIP: '98101',
        MLSNumber: 'PT1',
        Images: [`${site.bin.url}/demo/photos/home-3.svg`],
        SalePrice: 489_000,
      });
      // The README's tag, word for word but for its two placeholders: the service's address and the serial.
      const readme = readFileSync(join(import.meta.dirname, '../../../README.md'), 'utf8');
      const pasted =
        /## Embedding[\s\S]*?```html\n(<script src="https:\/\/chat\.example\.com\/chat-bot\.js"[^\n]*<\/script>)\n```/.exec(
          readme,
        )![1]!;
      const tag = pasted
        .replaceAll('https://chat.example.com', site.bin.url)
        .replace('data-serial-number="…"', `data-serial-number="${SerialNumber}"`);
      expect(tag).not.toContain('image-hosts');
      // Another site: a folder of its own served on another port (an origin of its own).
      const folder = await mkdtemp(join(tmpdir(), 'chat-bot-pasted-'));
      await writeFile(
        join(folder, 'index.html'),
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>An agency</title></head><body><main><h1>An agency</h1></main>${tag}</body></html>`,
      );
      const other = await serveStatic(folder);
      const page = await site.browser.newPage();
      try {
        expect(other.origin).not.toBe(new URL(site.bin.url).origin);
        await page.goto(`${other.origin}/`);
        await page.locator('chat-bot .launcher').click();
        await page.locator('chat-bot-panel textarea').fill('Homes in Pasteville?');
        await page.locator('chat-bot-panel textarea').press('Enter');
        const card = page.locator('chat-bot-listings .card[role="group"]');
        await card.first().waitFor();
        const photos = await card
          .locator('img')
          .evaluateAll((imgs) =>
            Promise.all((imgs as HTMLImageElement[]).map((i) => i.decode().then(() => i.naturalWidth))),
          );
        expect(photos).toEqual([320]);
      } finally {
        await page.close();
        await other.close();
        await rm(folder, { recursive: true, force: true });
      }
    }, 60_000);

    it('names an icon on every page, and serves it', async () => {
      const page = await site.browser.newPage();
      for (const path of ['/', '/?type=for_rent', '/privacy.html', '/service.html']) {
        await page.goto(`${site.bin.url}${path}`);
        const href = await page.locator('link[rel="icon"]').getAttribute('href');
        const icon = await page.request.get(new URL(href!, page.url()).href);
        expect(icon.status(), path).toBe(200);
        expect(icon.headers()['content-type'], path).toMatch(/^image\/svg\+xml/);
        expect(await icon.text()).toMatch(/^<svg /);
      }
      await page.close();
    });

    it('answers in the widget about a home the page shows', async () => {
      const page = await site.browser.newPage();
      await page.goto(`${site.bin.url}/`);
      const address = (await page.locator('.card .address').first().textContent())!;
      const street = address.split(',')[0]!;
      await page.locator('chat-bot .launcher').click();
      await page.locator('chat-bot-panel textarea').waitFor();
      // The panel's title bar is not a second banner beside the page's own (axe: landmark-no-duplicate-banner).
      expect(await axeViolations(page)).toEqual([]);
      await page.locator('chat-bot-panel textarea').fill(`Tell me about ${street}`);
      await page.locator('chat-bot-panel textarea').press('Enter');
      await page.locator('chat-bot-message .content').getByText(street, { exact: false }).first().waitFor();
      // The answer's card — its code a chunk beside chat-bot.js — with the photo from this site's own host, which the script tag allows.
      const card = page.locator('chat-bot-listings .card[role="group"]');
      await card.first().waitFor();
      expect(await card.count()).toBe(1);
      expect(await card.getAttribute('aria-label')).toBe(address.trim());
      const photo = card.locator('img');
      expect(await photo.evaluate((i: HTMLImageElement) => i.decode().then(() => i.naturalWidth))).toBe(320);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    }, 60_000);

    it('knows the home of the listing page it is on: "this house" is that listing, and the page\'s query never leaves', async () => {
      const page = await site.browser.newPage();
      await page.goto(`${site.bin.url}/?type=for_sale`);
      const href = (await page.locator('.card a').nth(2).getAttribute('href'))!;
      await page.goto(`${site.bin.url}${href}?utm_source=newsletter&token=secret#photos`);
      const address = (await page.locator('article.home h1').textContent())!.trim();
      const asked: unknown[] = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/chat/Chat/ClientAsk')) asked.push(r.postDataJSON());
      });
      await page.locator('chat-bot .launcher').click();
      const box = page.locator('chat-bot-panel textarea');
      await box.fill('is this house still available? how big is it?');
      await box.press('Enter');
      const card = page.locator('chat-bot-listings .card[role="group"]');
      await card.first().waitFor();
      expect(await card.count()).toBe(1);
      expect(await card.getAttribute('aria-label')).toBe(address);
      const prose = (await page.locator('chat-bot-message .content').last().textContent())!;
      expect(prose).toMatch(/\bsq ft\b/);
      // The page's origin and path, and the listing the demo's page names (its MLS number): never the query or fragment.
      expect(asked).toEqual([
        expect.objectContaining({
          page: `${site.bin.url}${href}`,
          listing: decodeURIComponent(href.split('/').pop()!),
        }),
      ]);
      expect(JSON.stringify(asked)).not.toMatch(/utm_source|secret|photos/);
      // The follow-ups offered are about this home.
      const chips = await page.locator('chat-bot-panel .suggestions .chip').allTextContents();
      expect(chips.length).toBeGreaterThan(0);
      expect(chips.join(' | ')).not.toMatch(/What about/);
      await page.close();
    }, 60_000);
  });

  describe('the SPA example', () => {
    it('drives the widget it imports as a module through the public API, and logs its events', async () => {
      const page = await site.browser.newPage();
      const problems: string[] = [];
      page.on('pageerror', (e) => problems.push(e.message));
      await page.goto(`${site.bin.url}/spa/`);
      await page.locator('chat-bot .launcher').waitFor();
      await page.locator('main #open').click();
      await page.locator('#log li[data-type="chat-bot-open"]').waitFor();
      await page.getByLabel('Question').fill('3 bedroom homes in Austin');
      await page.locator('main #send').click();
      await page.locator('#log li[data-type="chat-bot-answer"]').waitFor();
      expect(await page.locator('#log li[data-type="chat-bot-send"]').textContent()).toContain(
        'text: "3 bedroom homes in Austin"',
      );
      expect(await page.locator('chat-bot-message').count()).toBe(2);
      // The cards' chunk, split out by the page's own bundler.
      await page.locator('chat-bot-listings .card[role="group"]').first().waitFor();
      await page.locator('main #clear').click();
      await expect.poll(() => page.locator('chat-bot-message').count()).toBe(0);
      await page.getByLabel('Language').selectOption('es');
      await expect
        .poll(() => page.locator('chat-bot-panel textarea').getAttribute('placeholder'))
        .toBe('Ask about our homes…');
      await expect.poll(() => page.locator('chat-bot-composer button[type="submit"]').textContent()).toBe('Enviar');
      await page.locator('main #close').click();
      await page.locator('#log li[data-type="chat-bot-close"]').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
      await page.close();
    }, 60_000);
  });
}
