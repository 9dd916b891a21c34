/**
 * "Read aloud" under each answer, in Debian's Chromium with real voices — espeak-ng through a
 * speech-dispatcher daemon of the test's own (test/support/speech.ts), which Chromium reaches with
 * --enable-speech-dispatcher — against the real service and a scripted model: the whole answer,
 * sentence by sentence, in the chatbot's language (AIResponseLanguage, else the widget's locale),
 * Stop while it reads, one answer at a time, the button in the visitor's language; and no button
 * where the browser has no voices. CI installs the daemon (.ci/run); without it, this file skips.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { createEngines } from '../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../src/server/engines/answer/offline.ts';
import { createOpenAiEngine } from '../../src/server/engines/model/openai.ts';
import { axeViolations, launchChromium, settled, untilLastMessage } from '../support/chromium.ts';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.ts';
import { startService, type TestService } from '../support/service.ts';
import { launchChromiumWithVoices, voicesExpected } from '../support/speech.ts';

let model: FakeModelServer;
let service: TestService;
let voiced: { browser: Browser; close(): Promise<void> };
let speaking: Browser;
let mute: Browser;

/** Long enough to be still reading when Stop is pressed (espeak-ng into a null device takes ~0.1–0.3 s a sentence). */
const LONG = Array.from({ length: 60 }, (_, i) => `Home ${i + 1} has 3.5 baths and a garden.`).join(' ');

// CI has the daemon (a missing one fails there); a machine without it skips these.
describe.runIf(voicesExpected())('read aloud', () => {
  beforeAll(async () => {
    model = await startFakeModelServer();
    model.always({ text: `**Welcome.** ${LONG}\n\n- A list item, read too.` });
    model.scriptFor('Something short', { text: 'Two homes. Both are near the park.' });
    service = await startService({
      engines: createEngines(createOfflineEngine(), {
        model: 'scripted',
        engine: createOpenAiEngine({ baseUrl: model.baseUrl, model: 'scripted' }),
      }),
      routes: (app) => {
        app.get<{ Querystring: { serial: string; locale?: string; off?: string } }>('/speak.html', (req, reply) =>
          reply.type('text/html')
            .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Speak</title></head>
<body><h1>Homes</h1><script src="/chat-bot.js" data-serial-number="${req.query.serial}"${req.query.locale ? ` data-locale="${req.query.locale}"` : ''}${req.query.off ? ' data-read-aloud="false"' : ''} async></script></body></html>`),
        );
      },
    });
    voiced = await launchChromiumWithVoices();
    speaking = voiced.browser;
    mute = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await voiced?.close();
    await mute?.close();
    await service?.close();
    await model?.close();
  });

  /** What the page asked the browser to say: each utterance's text, its voice's language and its own. */
  function recordSpeech(): void {
    const said: { text: string; voice: string; lang: string }[] = [];
    (window as unknown as { said: typeof said }).said = said;
    const speak = speechSynthesis.speak.bind(speechSynthesis);
    speechSynthesis.speak = (u) => {
      said.push({ text: u.text, voice: u.voice?.lang ?? '', lang: u.lang });
      speak(u);
    };
  }
  const said = (page: Page) =>
    page.evaluate(() =>
      (window as unknown as { said: { text: string; voice: string; lang: string }[] }).said.splice(0),
    );
  const isSpeaking = (page: Page) => page.evaluate(() => speechSynthesis.speaking);

  async function chat(
    browser: Browser,
    settings: Record<string, unknown> = {},
    locale?: string,
    query = '',
  ): Promise<Page> {
    const serial = await service.newChatbot({ Name: 'Speaking bot', Model: 'scripted', ...settings });
    const page = await browser.newPage();
    await page.addInitScript(recordSpeech);
    await page.goto(`${service.origin}/speak.html?serial=${serial}${locale ? `&locale=${locale}` : ''}${query}`);
    await page.locator('chat-bot .launcher').click();
    await page.locator('chat-bot-panel textarea').waitFor();
    return page;
  }

  async function ask(page: Page, text: string, count: number): Promise<void> {
    await page.locator('chat-bot-panel textarea').fill(text);
    await page.locator('chat-bot-panel textarea').press('Enter');
    await untilLastMessage(page, 'done', { atLeast: count });
  }

  const answer = (page: Page, i: number) => page.locator('chat-bot-message').nth(i);
  /**
   * Presses a button of answer `i` as a visitor would: scrolled to, then pressed once the view has
   * settled (the "New messages" strip comes or goes a frame after a scroll, and the view with it).
   */
  async function press(
    page: Page,
    i: number,
    name: string,
    options?: { timeout: number; message: string },
  ): Promise<void> {
    const button = answer(page, i).getByRole('button', { name, exact: true });
    await button.waitFor(options);
    await button.scrollIntoViewIfNeeded();
    await settled(page);
    await button.click();
  }
  const until = (what: string) => ({ timeout: 20_000, message: what });

  it('reads the whole answer in the widget’s language, says Stop while it reads, and stops', async () => {
    const page = await chat(speaking);
    await ask(page, 'Tell me about the homes', 2);
    // Chromium lists speech-dispatcher's voices a moment after the page loads: the button comes then.
    const read = answer(page, 1).getByRole('button', { name: 'Read aloud', exact: true });
    await press(page, 1, 'Read aloud', until('no "Read aloud": Chromium found no voices'));
    const stop = answer(page, 1).getByRole('button', { name: 'Stop reading', exact: true });
    await stop.waitFor();
    expect(await isSpeaking(page)).toBe(true);
    const utterances = await said(page);
    const text = await answer(page, 1)
      .locator('.content')
      .evaluate((el: HTMLElement) => el.innerText);
    // All of it, as shown (no Markdown marks), sentence by sentence — "3.5" is not a sentence's end — in an English voice.
    expect(utterances.map((u) => u.text).join(' ')).toBe(text.replace(/\s+/g, ' ').trim());
    expect(utterances.map((u) => u.text)).toContain('Home 7 has 3.5 baths and a garden.');
    expect(utterances.length).toBe(62);
    for (const u of utterances) expect(u.voice).toMatch(/^en/i);
    expect(await axeViolations(page, 'chat-bot')).toEqual([]);
    await press(page, 1, 'Stop reading');
    await read.waitFor();
    await expect.poll(() => isSpeaking(page)).toBe(false);
    // A short answer read to its end: the button says so.
    await ask(page, 'Something short', 4);
    const short = answer(page, 3);
    await press(page, 3, 'Read aloud');
    // Its two sentences take espeak-ng a fraction of a second: "Stop reading" may come and go between
    // two looks on a busy machine (the long answer above shows it), so what is waited for is what was said.
    const spoken: string[] = [];
    await expect
      .poll(async () => {
        spoken.push(...(await said(page)).map((u) => u.text));
        return spoken;
      })
      .toEqual(['Two homes.', 'Both are near the park.']);
    await short.getByRole('button', { name: 'Read aloud', exact: true }).waitFor();
    expect(await isSpeaking(page)).toBe(false);
    await page.close();
  }, 120_000);

  it('reads one answer at a time, in the chatbot’s AIResponseLanguage, and stops with a new chat', async () => {
    const page = await chat(speaking, { AIResponseLanguage: 'Spanish' });
    await ask(page, 'Hola', 2);
    await ask(page, 'Hola otra vez', 4);
    await press(page, 1, 'Read aloud', until('no voices'));
    await answer(page, 1).getByRole('button', { name: 'Stop reading' }).waitFor();
    await press(page, 3, 'Read aloud');
    await answer(page, 3).getByRole('button', { name: 'Stop reading' }).waitFor();
    // The first stopped when the second began.
    await answer(page, 1).getByRole('button', { name: 'Read aloud', exact: true }).waitFor();
    expect(await isSpeaking(page)).toBe(true);
    const utterances = await said(page);
    expect(utterances.length).toBe(2 * 62);
    for (const u of utterances) expect(u.voice).toMatch(/^es/i);
    // A new chat: the answer goes, and so does its reading.
    await page.locator('chat-bot-panel header [aria-haspopup]').click();
    await page.locator('chat-bot-panel .menu button').first().click();
    await expect.poll(() => isSpeaking(page)).toBe(false);
    await page.close();
  }, 120_000);

  it('names its button in the visitor’s language, and is not offered where the browser has no voices, or the page said read-aloud="false"', async () => {
    const german = await chat(speaking, {}, 'de');
    await ask(german, 'Hallo', 2);
    await press(german, 1, 'Vorlesen', until('no voices'));
    await answer(german, 1).getByRole('button', { name: 'Vorlesen beenden' }).waitFor();
    for (const u of await said(german)) expect(u.voice).toMatch(/^de/i);
    await german.close();

    // A page that reads answers its own way: voices, and no button.
    const off = await chat(speaking, {}, undefined, '&off=1');
    await ask(off, 'Hello', 2);
    await off.waitForFunction(() => speechSynthesis.getVoices().length > 0, undefined, { timeout: 20_000 });
    await answer(off, 1).getByRole('button', { name: 'Copy' }).waitFor();
    expect(await answer(off, 1).getByRole('button', { name: 'Read aloud' }).count()).toBe(0);
    // Turned on again by the page: offered.
    await off.evaluate(() => (document.querySelector('chat-bot')!.readAloud = true));
    await answer(off, 1).getByRole('button', { name: 'Read aloud', exact: true }).waitFor();
    await off.close();

    // Chromium without speech-dispatcher: no voices, no button.
    const page = await chat(mute);
    await ask(page, 'Hello', 2);
    await answer(page, 1).getByRole('button', { name: 'Copy' }).waitFor();
    expect(await page.evaluate(() => speechSynthesis.getVoices().length)).toBe(0);
    expect(await answer(page, 1).getByRole('button', { name: 'Read aloud' }).count()).toBe(0);
    await page.close();
  }, 120_000);
});
