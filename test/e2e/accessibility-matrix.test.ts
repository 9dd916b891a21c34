/**
 * axe over 14 states of the widget in 3 viewports (phone, tablet, desktop) and in light, dark and
 * forced colours, in Debian's Chromium through Playwright, on a page that embeds it with the script
 * tag; and what a screen reader hears: at most one live-region announcement per finished answer.
 * The browser has voices (a speech-dispatcher daemon of the test's own, test/support/speech.ts), so
 * answers offer "Read aloud"; where speech-dispatcher is not installed (never in CI) the state of an
 * answer being read is left out.
 *
 * `npm test` walks every state in every viewport and every colour mode, each viewport in one of the
 * modes — three journeys, paired by A11Y_SEED; TEST_CORPORA=whole (`npm run soak`) walks all nine.
 */
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_MODEL, createEngines } from '../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../src/server/engines/answer/offline.ts';
import { createOpenAiEngine } from '../../src/server/engines/model/openai.ts';
import { axeViolations, launchChromium, settled, untilLastMessage, widgetMessages } from '../support/chromium.ts';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.ts';
import { png } from '../support/media.ts';
import { corpora, shuffled } from '../support/sample.ts';
import { startService, type TestService } from '../support/service.ts';
import { launchChromiumWithVoices, voicesExpected } from '../support/speech.ts';

const VIEWPORTS = {
  phone: { width: 375, height: 667 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1280, height: 800 },
};
const SCHEMES = {
  light: { colorScheme: 'light', forcedColors: 'none' },
  dark: { colorScheme: 'dark', forcedColors: 'none' },
  'forced colours': { colorScheme: 'light', forcedColors: 'active' },
} as const;

type Viewport = keyof typeof VIEWPORTS;
type Scheme = keyof typeof SCHEMES;
const { whole, a11ySeed } = corpora();
const viewports = Object.keys(VIEWPORTS) as Viewport[];
const schemes = Object.keys(SCHEMES) as Scheme[];
/** The journeys of this run: every pair, or each viewport with one mode, no mode twice. */
const JOURNEYS: [Viewport, Scheme][] = whole
  ? viewports.flatMap((v) => schemes.map((c): [Viewport, Scheme] => [v, c]))
  : shuffled(schemes, a11ySeed).map((c, i): [Viewport, Scheme] => [viewports[i]!, c]);

const SETTINGS = {
  Name: 'Harbor Homes',
  WelcomeMessage: 'Welcome! Ask me about our homes.',
  SuggestedMessage: 'Hello\nHomes in Austin',
  ChatbotPrivacyPolicyUrl: 'https://harbor.example/privacy',
  ChatbotPrivacyPolicyDescription: 'We keep this chat for 30 days.',
  TalkToHumanEmail: 'agents@harbor.example',
  EnableUploadImage: true,
  EnablePushToTalk: true,
  RateLimitCount: 2,
  RateLimitTime: 3600,
  RateLimitMessage: 'Two questions an hour, please.',
  Model: OFFLINE_MODEL,
};

let service: TestService;
let browser: Browser;
let model: FakeModelServer;
let voiced: Awaited<ReturnType<typeof launchChromiumWithVoices>> | undefined;
const voices = voicesExpected();
const STATES = voices ? 14 : 13;

beforeAll(async () => {
  // An answer long enough to be still read aloud while axe looks (a scripted model's).
  model = await startFakeModelServer();
  model.always({ text: Array.from({ length: 40 }, (_, i) => `Home ${i + 1} is near the harbor.`).join(' ') });
  // Words 25 ms apart: an answer streams long enough to be looked at mid-way.
  service = await startService({
    engines: createEngines(createOfflineEngine({ wordDelayMs: 25 }), {
      model: 'scripted',
      engine: createOpenAiEngine({ baseUrl: model.baseUrl, model: 'scripted' }),
    }),
    routes: (app) =>
      app.get<{ Querystring: { serial: string; locale?: string } }>('/a11y.html', (req, reply) =>
        reply.type('text/html')
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Harbor Homes</title></head>
<body><main><h1>Harbor Homes</h1><p>Homes on the coast.</p></main>
<script src="/chat-bot.js" data-serial-number="${req.query.serial}"${req.query.locale ? ` data-locale="${req.query.locale}"` : ''} async></script></body></html>`),
      ),
  });
  const args = ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'];
  voiced = voices ? await launchChromiumWithVoices(args) : undefined;
  browser = voiced?.browser ?? (await launchChromium(args));
}, 60_000);
afterAll(async () => {
  await (voiced ? voiced.close() : browser?.close());
  await service?.close();
  await model?.close();
});

const inPanel = (page: Page, selector: string) => page.locator(`chat-bot-panel ${selector}`);
const untilLast = (page: Page, status: string, minText = 0) => untilLastMessage(page, status, { minText });
async function ask(page: Page, text: string) {
  await inPanel(page, 'textarea').fill(text);
  await inPanel(page, 'textarea').press('Enter');
}

describe('the widget, journey by journey', () => {
  it('walks every viewport and every colour mode', () => {
    expect(new Set(JOURNEYS.map(([v]) => v))).toEqual(new Set(viewports));
    expect(new Set(JOURNEYS.map(([, c]) => c))).toEqual(new Set(schemes));
  });

  describe.each(JOURNEYS)('on a %s in %s', (viewport, scheme) => {
    it(`axe finds nothing in any of ${STATES} states`, { timeout: 120_000 }, async () => {
      const context = await browser.newContext({ viewport: VIEWPORTS[viewport], ...SCHEMES[scheme] });
      const page = await context.newPage();
      const found: Record<string, string[]> = {};
      const check = async (state: string) => {
        found[state] = await axeViolations(page);
      };
      // A new chatbot each time: its limits and stored conversation are this run's own.
      const own = await service.newChatbot(SETTINGS);
      await page.goto(`${service.origin}/a11y.html?serial=${own}`);

      await page.locator('chat-bot .popup:not([hidden])').waitFor();
      await check('1 closed, the welcome popup beside the launcher');
      await page.locator('chat-bot .launcher').click();
      await inPanel(page, 'textarea').waitFor();
      await check('2 open, nothing asked yet (welcome, suggestions, privacy)');
      await inPanel(page, 'header [aria-haspopup]').click();
      await inPanel(page, '.menu').waitFor();
      await check('3 the header menu open');
      await inPanel(page, '.menu button').filter({ hasText: 'Talk to a person' }).click();
      await page.locator('chat-bot-handoff form').waitFor();
      await check('4 the talk-to-a-person form');
      await page.locator('chat-bot-handoff [name="name"]').fill('Ana');
      await page.locator('chat-bot-handoff [name="email"]').fill('ana@example.com');
      await page.locator('chat-bot-handoff [name="email"]').press('Enter');
      await page.locator('chat-bot-handoff').waitFor({ state: 'detached' });
      await check('5 the form sent, its reply in the log');
      await ask(page, 'Hello');
      await untilLast(page, 'done');
      await check('6 a conversation');
      await ask(page, 'Tell me everything about homes in Austin with 3 bedrooms and a garage, please');
      await untilLast(page, 'streaming', 21);
      await check('7 an answer streaming, Stop offered');
      await page.locator('chat-bot-composer button.stop').click();
      await untilLast(page, 'stopped');
      await check('8 an answer stopped');
      await ask(page, 'One more?');
      await untilLast(page, 'failed');
      expect((await widgetMessages(page)).at(-1)?.status).toBe('failed');
      await check('9 an answer refused (the rate limit), Retry offered');
      await page
        .locator('chat-bot-media input#pick')
        .setInputFiles({ name: 'room.png', mimeType: 'image/png', buffer: Buffer.from(png(4, 3)) });
      await page.locator('chat-bot-media img').first().waitFor();
      await check('10 an image attached, with the media buttons');
      await page.keyboard.press('Escape');
      await page.locator('chat-bot .launcher').focus();
      await check('11 closed again, focus on the launcher');

      await page.goto(`${service.origin}/a11y.html?serial=${await service.newChatbot(SETTINGS)}&locale=ar`);
      await page.locator('chat-bot .launcher').click();
      await ask(page, 'مرحبا');
      await untilLast(page, 'done');
      await check('12 a conversation in Arabic, right to left');
      // The panel closed, the page asks again: the answer comes unseen, and the launcher counts it.
      await page.keyboard.press('Escape');
      await page.evaluate(() => document.querySelector('chat-bot')!.send('مرحبا مرة أخرى'));
      await page.locator('chat-bot .launcher .badge').waitFor();
      await check('13 the launcher counting an answer not seen (Arabic)');

      if (voices) {
        await page.goto(
          `${service.origin}/a11y.html?serial=${await service.newChatbot({ ...SETTINGS, Model: 'scripted' })}`,
        );
        await page.locator('chat-bot .launcher').click();
        await ask(page, 'Tell me about the harbor homes');
        await untilLast(page, 'done');
        const read = page.locator('chat-bot-message').last().getByRole('button', { name: 'Read aloud', exact: true });
        await read.waitFor({ timeout: 20_000 });
        await read.scrollIntoViewIfNeeded();
        await settled(page);
        await read.click();
        const stop = page.locator('chat-bot-message').last().getByRole('button', { name: 'Stop reading', exact: true });
        await stop.waitFor();
        await check('14 an answer read aloud, Stop reading offered');
        expect(await stop.isVisible()).toBe(true);
        await stop.click();
      }

      expect(found).toEqual(Object.fromEntries(Object.keys(found).map((k) => [k, []])));
      expect(Object.keys(found)).toHaveLength(STATES);
      await context.close();
    });
  });
});

describe('what a screen reader hears', () => {
  it('one announcement per finished answer, none while it streams', { timeout: 60_000 }, async () => {
    const page = await browser.newPage();
    const own = await service.newChatbot({ Name: 'Harbor Homes', Model: OFFLINE_MODEL });
    await page.goto(`${service.origin}/a11y.html?serial=${own}`);
    await page.locator('chat-bot .launcher').click();
    await inPanel(page, 'textarea').waitFor();
    // Every live region in the widget's shadow roots, watched from here on.
    await page.evaluate(() => {
      const w = window as unknown as { heard: string[] };
      w.heard = [];
      const roots: (Document | ShadowRoot)[] = [];
      const walk = (root: Document | ShadowRoot) => {
        roots.push(root);
        for (const el of root.querySelectorAll('*')) if (el.shadowRoot) walk(el.shadowRoot);
      };
      walk(document);
      const live = (el: Element) => {
        const role = el.getAttribute('role');
        const mode =
          el.getAttribute('aria-live') ??
          (role === 'status' || role === 'log' ? 'polite' : role === 'alert' ? 'assertive' : 'off');
        return mode !== 'off';
      };
      for (const root of roots)
        for (const region of [
          ...root.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]'),
        ].filter(live))
          new MutationObserver(() => w.heard.push(region.textContent ?? '')).observe(region, {
            childList: true,
            subtree: true,
            characterData: true,
          });
    });
    await ask(page, 'Homes in Austin?');
    await untilLast(page, 'done');
    await ask(page, 'Hello');
    await untilLast(page, 'done');
    await page.waitForTimeout(500);
    const heard = await page.evaluate(() => (window as unknown as { heard: string[] }).heard);
    const spoken = heard.filter((h) => h.trim());
    expect(spoken).toHaveLength(2);
    expect(spoken[0]).toContain('Austin');
    await page.close();
  });
});
