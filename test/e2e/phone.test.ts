/**
 * The widget on a phone (390 × 844, touch), in a page of its own in Debian's Chromium: the sheet,
 * the on-screen keyboard, scroll lock, Back, touch targets and axe. A page of its own because the
 * sheet adds a history entry and Back takes it back — which, inside Vitest's shared browser tab,
 * would step other test files' frames back too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { axeViolations, launchChromium } from '../support/chromium.ts';
import { startService, type TestService } from '../support/service.ts';

let service: TestService;
let browser: Browser;
let serial: string;

beforeAll(async () => {
  service = await startService({
    routes: (app) => {
      app.get<{ Querystring: { serial: string } }>('/phone-page.html', (req, reply) =>
        reply.type('text/html')
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><title>Phone page</title></head>
<body><h1>A long page</h1>${'<p>Text to scroll past.</p>'.repeat(200)}
<script src="/chat-bot.js" data-serial-number="${req.query.serial}" async></script></body></html>`),
      );
    },
  });
  serial = await service.newChatbot({
    Name: 'Phone bot',
    WelcomeMessage: 'Hi!',
    SuggestedMessage: 'Hello',
    ChatbotPrivacyPolicyUrl: 'https://phone.example/privacy',
  });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await service?.close();
});

async function phonePage(chatbot = serial, width = 390): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await context.newPage();
  await page.goto(`${service.origin}/phone-page.html?serial=${chatbot}`);
  await page.locator('chat-bot .launcher').waitFor();
  return page;
}

/** Opens the sheet and asks one question, as a visitor does. */
async function openAndAsk(page: Page): Promise<void> {
  await page.locator('chat-bot .launcher').tap();
  await page.locator('chat-bot-panel textarea').fill('Hello');
  await page.locator('chat-bot-panel textarea').press('Enter');
  await page.locator('chat-bot-message .content').getByText('Phone bot', { exact: false }).waitFor();
  await page.locator('chat-bot-message button', { hasText: 'Copy' }).waitFor();
}

describe('on a phone', () => {
  it('opens a full-screen sheet above the on-screen keyboard, locks the page, and Back closes it', async () => {
    const page = await phonePage();
    await page.evaluate(() => window.scrollTo(0, 400));
    await openAndAsk(page);
    const sheet = await page.locator('chat-bot-panel .panel').boundingBox();
    expect(sheet).toEqual({ x: 0, y: 0, width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    expect(await page.locator('chat-bot-panel textarea').evaluate((e) => getComputedStyle(e).fontSize)).toBe('16px');
    expect(await page.locator('chat-bot .launcher').isVisible()).toBe(false);

    // The keyboard opens: the visual viewport shrinks to 500 px and scrolls by 40 (as iOS does).
    await page.evaluate(() => {
      const fake = Object.assign(new EventTarget(), {
        height: 500,
        width: 390,
        offsetTop: 40,
        offsetLeft: 0,
        scale: 1,
        pageTop: 0,
        pageLeft: 0,
      });
      const real = window.visualViewport!;
      Object.defineProperty(window, 'visualViewport', { configurable: true, value: fake });
      // The widget listens to the viewport it found when the sheet opened: close and open again.
      const bot = document.querySelector('chat-bot')!;
      bot.hide();
      return bot.show().then(() => {
        fake.dispatchEvent(new Event('resize'));
        Object.defineProperty(window, 'visualViewport', { configurable: true, value: real });
      });
    });
    await expect
      .poll(() => page.locator('chat-bot-panel .panel').boundingBox())
      .toEqual({ x: 0, y: 40, width: 390, height: 500 });
    const field = (await page.locator('chat-bot-panel textarea').boundingBox())!;
    expect(field.y >= 40 && field.y + field.height <= 540).toBe(true);

    await page.goBack();
    await expect.poll(() => page.evaluate(() => document.querySelector('chat-bot')!.open)).toBe(false);
    expect(await page.evaluate(() => [document.documentElement.style.overflow, Math.round(window.scrollY)])).toEqual([
      '',
      400,
    ]);
    // Back again leaves the page's own history alone: the page is still here.
    expect(new URL(page.url()).pathname).toBe('/phone-page.html');
    await page.context().close();
  }, 60_000);

  it('takes its history entry back when the sheet closes another way, and opens again at once', async () => {
    const page = await phonePage();
    const length = await page.evaluate(() => history.length);
    await page.locator('chat-bot .launcher').tap();
    await page.locator('chat-bot-panel textarea').waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.evaluate(() => history.state?.chatBotSheet ?? false)).toBe(false);
    // Reopened before the Back of the close arrived: the sheet still gets its entry, and Back closes it.
    await page.evaluate(() => {
      const bot = document.querySelector('chat-bot')!;
      return bot.show().then(() => {
        bot.hide();
        return bot.show();
      });
    });
    await expect.poll(() => page.evaluate(() => history.state?.chatBotSheet ?? false)).toBe(true);
    expect(await page.evaluate(() => history.length)).toBe(length + 1);
    await page.goBack();
    await expect.poll(() => page.evaluate(() => document.querySelector('chat-bot')!.open)).toBe(false);
    await page.context().close();
  }, 60_000);

  it('gives every control a touch target of at least 44 px', async () => {
    const page = await phonePage();
    const dismiss = await page.locator('chat-bot .popup .dismiss').boundingBox();
    expect(dismiss!.height).toBeGreaterThanOrEqual(44);
    await openAndAsk(page);
    const small = await page.evaluate(() => {
      const panel = document.querySelector('chat-bot')!.shadowRoot!.querySelector('chat-bot-panel')!.shadowRoot!;
      const composer = panel.querySelector('chat-bot-composer')!.shadowRoot!;
      const answer = [...panel.querySelectorAll('chat-bot-message')].at(-1)!.shadowRoot!;
      const controls = [
        ...panel.querySelectorAll('header button, .chip, .earlier, .more button'),
        ...composer.querySelectorAll('button, textarea'),
        ...answer.querySelectorAll('button'),
      ];
      return {
        count: controls.length,
        small: controls
          .filter((c) => Math.min(c.getBoundingClientRect().width, c.getBoundingClientRect().height) < 44)
          .map((c) => `${c.localName}.${c.className} ${c.textContent}`),
      };
    });
    expect(small.count).toBeGreaterThan(4);
    expect(small.small).toEqual([]);
    await page.context().close();
  }, 60_000);

  it.each([320, 390])(
    'keeps the welcome message and the launcher 20 px from the edges of a %i px screen',
    async (width) => {
      const welcome = `Hello! ${'Ask me about the homes for sale and for rent in town. '.repeat(4)}`;
      const page = await phonePage(await service.newChatbot({ Name: 'Edge bot', WelcomeMessage: welcome }), width);
      await page.locator('chat-bot .popup').getByText('Hello!').waitFor();
      for (const part of ['.popup', '.launcher']) {
        const box = (await page.locator(`chat-bot ${part}`).boundingBox())!;
        expect(box.x, `${part} from the left`).toBeGreaterThanOrEqual(19.5);
        expect(width - box.x - box.width, `${part} from the right`).toBeGreaterThanOrEqual(19.5);
      }
      await page.context().close();
    },
    60_000,
  );

  it('offers the camera for images', async () => {
    const page = await phonePage(await service.newChatbot({ Name: 'Photo bot', EnableUploadImage: true }));
    await page.locator('chat-bot .launcher').tap();
    await page.locator('chat-bot-media button[aria-label="Take a photo"]').waitFor();
    expect(
      await page
        .locator('chat-bot-media #camera')
        .evaluate((input: HTMLInputElement) => [input.accept, input.getAttribute('capture')]),
    ).toEqual(['image/*', 'environment']);
    await page.context().close();
  }, 60_000);

  it('passes axe, open and in a conversation', async () => {
    const page = await phonePage();
    await openAndAsk(page);
    const found = await axeViolations(page, 'chat-bot');
    expect(found).toEqual([]);
    await page.context().close();
  }, 60_000);
});
