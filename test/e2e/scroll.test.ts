/**
 * Where the conversation's view goes, on a phone (390 × 844, touch) and a desktop (1280 × 800), in
 * pages of their own in Debian's Chromium, against the real service and a scripted model: the
 * question sent goes to the top and its answer grows below it; a long answer (with a card
 * carousel) never pushes its start off; "New messages" sits in its own strip, comes only for what
 * the visitor has not had in view (never for a conversation restored after a reload), and one
 * press takes them to the end — smoothly, or at once with reduced motion; a reader who scrolled up
 * is never pulled down, and one at the end is followed.
 * `npm test` takes one of the two screens (VARIANT_SEED), `npm run soak` both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { cardsBlock, type Listing } from '../../src/protocol/index.ts';
import { createEngines } from '../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../src/server/engines/answer/offline.ts';
import { createOpenAiEngine } from '../../src/server/engines/model/openai.ts';
import { axeViolations, launchChromium, untilLastMessage } from '../support/chromium.ts';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.ts';
import { variants } from '../support/sample.ts';
import { startService, type TestService } from '../support/service.ts';

let model: FakeModelServer;
let service: TestService;
let browser: Browser;
let serial: string;

beforeAll(async () => {
  model = await startFakeModelServer();
  service = await startService({
    engines: createEngines(createOfflineEngine(), {
      model: 'scripted',
      engine: createOpenAiEngine({ baseUrl: model.baseUrl, model: 'scripted' }),
    }),
    routes: (app) => {
      app.get<{ Querystring: { serial: string } }>('/scroll-page.html', (req, reply) =>
        reply.type('text/html')
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Scroll page</title></head>
<body><h1>Homes</h1><script src="/chat-bot.js" data-serial-number="${req.query.serial}" async></script></body></html>`),
      );
    },
  });
  serial = await service.newChatbot({
    Name: 'Scroll bot',
    WelcomeMessage: 'Hi! Ask me about homes.',
    Model: 'scripted',
  });
  browser = await launchChromium();
  model.scriptFor('earlier', { text: lines('An earlier answer', 30) });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await service?.close();
  await model?.close();
});

/** `n` paragraphs, each a numbered line. */
const lines = (what: string, n: number) => Array.from({ length: n }, (_, i) => `${what}, line ${i + 1}.`).join('\n\n');

const listings = (): Listing[] =>
  [1, 2, 3, 4].map(
    (i) =>
      ({
        Id: `s-${i}`,
        Url: `https://homes.test/s/${i}`,
        MLSNumber: `S${i}`,
        SaleType: 'for_sale',
        Status: 'Active',
        PropertyType: 'Condo',
        CurrencySymbol: '$',
        SalePrice: 300_000 + i,
        RentPrice: null,
        Bedrooms: i,
        Bathrooms: 1,
        BuildingArea: 900,
        AreaUnit: 'Square Feet',
        Address: `${i} Harbor Way`,
        City: 'Harborview',
        State: 'WA',
        ZIP: '98101',
        Tours: '',
        Images: [],
      }) as unknown as Listing,
  );

const VIEWPORTS = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 } },
};

/** What the test reads of the view, installed in each page. */
interface Geometry {
  /** The scroller's height. */
  height: number;
  /** The last question's and the last answer's top, from the scroller's top. */
  question: number;
  answer: number;
  answerHeight: number;
  status: string;
  /** Content below the view (px): the end of its last part from the view's bottom. */
  below: number;
  /** The "New messages" strip and the scroller's and composer's edges, in the page. */
  more: { top: number; bottom: number } | null;
  scrollerBottom: number;
  composerTop: number;
  scrollTop: number;
}

/** The panel's shadow root in the page (installed as `window.panelRoot`). */
type PanelRoot = () => ShadowRoot;

function install(): void {
  const panelRoot: PanelRoot = () =>
    document.querySelector('chat-bot')!.shadowRoot!.querySelector('chat-bot-panel')!.shadowRoot!;
  (window as unknown as { panelRoot: PanelRoot }).panelRoot = panelRoot;
  // Errors the page raised: a resize observer that resizes what it observes raises one that no
  // exception handler sees ("ResizeObserver loop completed with undelivered notifications").
  const errors: string[] = [];
  addEventListener('error', (event) => errors.push(event.message));
  (window as unknown as { errors: string[] }).errors = errors;
  (window as unknown as { geometry: () => Geometry }).geometry = () => {
    const root = panelRoot();
    const scroller = root.querySelector('.scroller')!;
    const view = scroller.getBoundingClientRect();
    const all = [...root.querySelectorAll('chat-bot-message')] as (Element & { message: { status: string } })[];
    const [q, a] = all.slice(-2);
    const box = (el: Element) => el.getBoundingClientRect();
    const more = root.querySelector('.more');
    return {
      height: scroller.clientHeight,
      question: box(q!).top - view.top,
      answer: box(a!).top - view.top,
      answerHeight: box(a!).height,
      status: a!.message.status,
      below: box(root.querySelector('.content')!.lastElementChild!).bottom - view.bottom,
      more: more ? { top: box(more).top, bottom: box(more).bottom } : null,
      scrollerBottom: view.bottom,
      composerTop: box(root.querySelector('chat-bot-composer')!).top,
      scrollTop: scroller.scrollTop,
    };
  };
}

const errorsIn = (page: Page) => page.evaluate(() => (window as unknown as { errors: string[] }).errors);
const geometry = (page: Page) => page.evaluate(() => (window as unknown as { geometry: () => Geometry }).geometry());

async function chatPage(kind: keyof typeof VIEWPORTS): Promise<Page> {
  const context = await browser.newContext(VIEWPORTS[kind]);
  const page = await context.newPage();
  await page.addInitScript(install);
  await page.goto(`${service.origin}/scroll-page.html?serial=${serial}`);
  await page.locator('chat-bot .launcher').click();
  await page.locator('chat-bot-panel textarea').waitFor();
  return page;
}

async function ask(page: Page, text: string): Promise<void> {
  await page.locator('chat-bot-panel textarea').fill(text);
  await page.locator('chat-bot-panel textarea').press('Enter');
}

/** Asks, and waits until the conversation holds `count` messages, the last one done. */
async function askAndWait(page: Page, text: string, count: number): Promise<void> {
  await ask(page, text);
  await untilLastMessage(page, 'done', { atLeast: count });
}

/**
 * Records the view each time the content or the view changes size, until the last answer is no
 * longer streaming. A resize observer made after the widget's runs after it, before the frame is
 * painted: it sees what the visitor sees (an animation frame callback would see the layout before
 * the widget has placed the view).
 */
async function watchUntilAnswered(page: Page): Promise<Geometry[]> {
  return page.evaluate(
    () =>
      new Promise<Geometry[]>((resolve) => {
        const geometry = (window as unknown as { geometry: () => Geometry }).geometry;
        const seen: Geometry[] = [];
        const root = (window as unknown as { panelRoot: PanelRoot }).panelRoot();
        const watch = new ResizeObserver(() => {
          const g = geometry();
          if (g.status === 'streaming') seen.push(g);
        });
        for (const el of root.querySelectorAll('.scroller, .content, .messages')) watch.observe(el);
        const done = setInterval(() => {
          if (!seen.length || geometry().status === 'streaming') return;
          clearInterval(done);
          watch.disconnect();
          resolve(seen);
        }, 50);
      }),
  );
}

/**
 * The view once it has stopped moving: the same over two frames (a smooth scroll moves it each
 * frame; the strip goes on the scroll event the frame after a jump). On a busy machine a frame can
 * take far longer than its 16 ms, so a fixed wait is not enough.
 */
const atRest = (page: Page) =>
  page.evaluate(async () => {
    const geometry = (window as unknown as { geometry: () => Geometry }).geometry;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    let last = JSON.stringify(geometry());
    for (let i = 0; i < 600; i++) {
      await frame();
      await frame();
      const now = JSON.stringify(geometry());
      if (now === last) break;
      last = now;
    }
    return geometry();
  });

const reduceMotion = (page: Page, on: boolean) => page.emulateMedia({ reducedMotion: on ? 'reduce' : 'no-preference' });

/** Presses "New messages" and reads the view in the same task: only an instant scroll has moved it yet. */
const pressNew = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { panelRoot: PanelRoot })
      .panelRoot()
      .querySelector<HTMLButtonElement>('.more button')!
      .click();
    return (window as unknown as { geometry: () => Geometry }).geometry();
  });

describe.each(variants(Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[], 'scroll'))('on a %s', (kind) => {
  it('puts the question at the top and grows a long answer with cards below it, never pushing its start off; "New messages" in its own strip leads on', async () => {
    const page = await chatPage(kind);
    await askAndWait(page, 'An earlier question', 2);
    const prose = lines('The long answer', 40);
    model.scriptFor(`Long ${kind}`, { text: `${prose}\n\n${cardsBlock(listings())}`, delayMs: 8 });
    const watching = watchUntilAnswered(page);
    await ask(page, `Long ${kind}: which homes?`);
    const frames = (await watching).filter((g) => g.status === 'streaming');
    expect(frames.length).toBeGreaterThan(10);
    for (const g of frames) {
      // The question at the top of the view, under the header, all along; the answer's start in view.
      expect(g.question).toBeGreaterThanOrEqual(0);
      expect(g.question).toBeLessThanOrEqual(16);
      expect(g.answer).toBeLessThan(g.height - 20);
    }
    await untilLastMessage(page, 'done', { atLeast: 4 });
    await page.locator('chat-bot-listings .carousel').first().waitFor({ state: 'attached' });
    let g = await geometry(page);
    expect(g.question).toBeGreaterThanOrEqual(0);
    expect(g.question).toBeLessThanOrEqual(16);
    expect(g.below).toBeGreaterThan(200);
    // "New messages" is offered for the rest, in a strip of its own between the log and the composer.
    expect(g.more).not.toBeNull();
    expect(g.more!.top).toBeGreaterThanOrEqual(g.scrollerBottom - 0.5);
    expect(g.more!.bottom).toBeLessThanOrEqual(g.composerTop + 0.5);
    expect(await axeViolations(page, 'chat-bot')).toEqual([]);

    // Pressed once: the strip goes at once, and the view goes to the end — smoothly (the cards in view).
    await reduceMotion(page, false);
    const before = g.scrollTop;
    const pressed = await pressNew(page);
    expect(pressed.scrollTop).toBe(before);
    await expect.poll(async () => (await geometry(page)).more, { timeout: 2000 }).toBeNull();
    await expect.poll(async () => (await geometry(page)).below, { timeout: 5000 }).toBeLessThanOrEqual(48);
    g = await atRest(page); // the smooth scroll ends
    expect(g.more).toBeNull();
    expect(g.below).toBeLessThanOrEqual(48);
    expect(await errorsIn(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('gives a short answer the space below its question, and no "New messages"', async () => {
    const page = await chatPage(kind);
    await askAndWait(page, 'An earlier question', 2);
    await askAndWait(page, 'And another earlier one', 4);
    model.scriptFor(`Short ${kind}`, { text: 'A short answer.', delayMs: 30 });
    await askAndWait(page, `Short ${kind}?`, 6);
    const g = await geometry(page);
    expect(g.question).toBeGreaterThanOrEqual(0);
    expect(g.question).toBeLessThanOrEqual(16);
    expect(g.answer + g.answerHeight).toBeLessThan(g.height);
    expect(g.more).toBeNull();
    // What was above went up out of view to make room.
    expect(g.scrollTop).toBeGreaterThan(300);
    expect(await errorsIn(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('leaves a reader who scrolled up where they are, offers only what they have not seen, and follows one at the end', async () => {
    const page = await chatPage(kind);
    await askAndWait(page, 'An earlier question', 2);
    let release!: () => void;
    const until = new Promise<void>((resolve) => (release = resolve));
    const text = lines('The held answer', 60);
    model.scriptFor(`Held ${kind}`, { text, holdAfter: 12, until, delayMs: 25 });
    await ask(page, `Held ${kind}: tell me everything`);
    await untilLastMessage(page, 'streaming', { atLeast: 4, minText: 40 });
    await page.waitForTimeout(300);
    // The visitor scrolls up to read what came before.
    const box = (await page.locator('chat-bot-panel .scroller').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -5000);
    await expect.poll(async () => (await geometry(page)).scrollTop).toBe(0);
    const held = await geometry(page);
    // Nothing they have not seen: no "New messages".
    await page.waitForTimeout(400);
    expect((await geometry(page)).more).toBeNull();

    release();
    // The answer goes on below: they stay where they are, and now it is offered.
    await expect.poll(async () => (await geometry(page)).more, { timeout: 10_000 }).not.toBeNull();
    await expect
      .poll(async () => (await geometry(page)).answerHeight, { timeout: 10_000 })
      .toBeGreaterThan(held.answerHeight + held.height);
    expect((await geometry(page)).scrollTop).toBe(0);
    await reduceMotion(page, true);
    // Pressed once (reduced motion: at once): at the end, the strip gone.
    const g = await pressNew(page);
    expect(g.below).toBeLessThanOrEqual(48);
    await expect.poll(async () => (await geometry(page)).more, { timeout: 2000 }).toBeNull();

    // At the end while it still streams: the view follows.
    const at = (await geometry(page)).answerHeight;
    await expect.poll(async () => (await geometry(page)).answerHeight, { timeout: 10_000 }).toBeGreaterThan(at + 100);
    const following = await geometry(page);
    expect(following.status).toBe('streaming');
    expect(following.below).toBeLessThanOrEqual(48);
    expect(following.more).toBeNull();
    await untilLastMessage(page, 'done', { atLeast: 4 });
    expect(await errorsIn(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('opens a conversation restored after a reload at its end, with no "New messages": nothing is new', async () => {
    const page = await chatPage(kind);
    model.scriptFor(`Cards ${kind}`, { text: `${lines('About these homes', 6)}\n\n${cardsBlock(listings())}` });
    for (let i = 1; i <= 3; i++) await askAndWait(page, `Cards ${kind} ${i}: which homes?`, 2 * i);
    await page.reload();
    // The panel's code and the cards' are loaded anew: the cards drawn after the view opened grow the
    // conversation above it (the browser's scroll anchoring moves the view; that is not the reader).
    await page.evaluate(() => {
      const w = window as unknown as { strip: boolean };
      w.strip = false;
      const frame = () => {
        if (
          document
            .querySelector('chat-bot')
            ?.shadowRoot?.querySelector('chat-bot-panel')
            ?.shadowRoot?.querySelector('.more')
        )
          w.strip = true;
        requestAnimationFrame(frame);
      };
      frame();
    });
    await page.locator('chat-bot .launcher').click();
    await untilLastMessage(page, 'done', { atLeast: 6 });
    await page.locator('chat-bot-listings .carousel').last().waitFor({ state: 'attached' });
    const g = await atRest(page);
    expect(g.below).toBeLessThanOrEqual(48);
    expect(g.more).toBeNull();
    expect(await page.evaluate(() => (window as unknown as { strip: boolean }).strip)).toBe(false);
    await page.context().close();
  }, 90_000);
});
