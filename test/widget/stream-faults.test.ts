/**
 * The widget with its answer stream cut at a byte by a loopback proxy (test/support/cut-proxy.ts,
 * run by the control server): across the whole response, the service's side kept (`lost`, a
 * network gone) or closed (`closed`). The widget shows what came, marked as failed, with Retry;
 * Retry brings the whole answer — from storage when the service finished it, with no second model
 * call; the question is stored once; what the widget shows, before and after a reload, is what the
 * service stored.
 */
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Cut } from '../support/cut-proxy.ts';
import { fragments } from '../support/samples.ts';
import { scenario } from '../support/wire.ts';
import {
  answered,
  bubbleText,
  messages,
  modelCalls,
  mount,
  newChatbot,
  open,
  script,
  stored,
  token,
  type,
  unmountAll,
  until,
} from './harness.ts';

const control = (path: string, body?: unknown) =>
  fetch(
    `${inject('controlOrigin')}${path}`,
    body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
  ).then((r) => r.json()) as Promise<{
    origin: string;
    happened: boolean;
    askBytes: number;
    headBytes: number;
    asks: number;
  }>;

const ANSWER =
  'Three homes match: **12 Cedar Ln** at $410,000, **14 Cedar Ln** at $420,000 and **16 Cedar Ln** at $430,000. All three have gardens and are a short walk from the lake. Shall I book a viewing?';
const CHUNKS = ANSWER.match(/.{1,9}/g)!;

let proxyOrigin = '';
let responseBytes = 0;
let headBytes = 0;

beforeAll(async () => {
  proxyOrigin = (await control('/cut-proxy')).origin;
  // How long a whole response is, through the proxy: ask once, uncut, the chunks as far apart as in
  // the cuts below (the service writes fragments that come within a few ms of each other together).
  const t = token();
  await script(t, { text: ANSWER, chunks: CHUNKS, delayMs: 25 });
  const bot = await mount(await newChatbot({ Model: 'scripted' }), { 'base-url': proxyOrigin });
  await open(bot);
  await type(bot, `Measure ${t}`);
  await answered(bot);
  ({ askBytes: responseBytes, headBytes } = await control('/cut-proxy'));
  unmountAll();
}, 30_000);
afterEach(async () => {
  unmountAll();
  await control('/cut-proxy/reset', {});
});

/** Where to cut, in thousandths of the response (past 1,000: not at all), and how. */
const cuts = [20, 150, 300, 450, 600, 750, 900, 1200].map((permille, i) => ({
  permille,
  kind: (i % 2 ? 'closed' : 'lost') as Cut['kind'],
}));

describe('an answer stream cut by the network', () => {
  it('measured a whole response first', () => {
    expect(responseBytes).toBeGreaterThan(CHUNKS.length * 20);
    expect(headBytes).toBeGreaterThan(50);
    expect(headBytes).toBeLessThan(responseBytes * 0.3);
  });

  it.each(cuts)(
    'cut at $permille‰ of the response ($kind): the widget, Retry and the stored history agree',
    { timeout: 30_000 },
    async ({ permille, kind }) => {
      const t = token();
      await script(t, { text: ANSWER, chunks: CHUNKS, delayMs: 25 });
      const serial = await newChatbot({ Model: 'scripted' });
      const bot = await mount(serial, { 'base-url': proxyOrigin });
      await bot.clearHistory();
      await open(bot);
      const at = Math.floor((permille / 1000) * responseBytes);
      await control('/cut-proxy/plan', { at, kind } satisfies Cut);
      const asksBefore = (await control('/cut-proxy')).asks;
      await type(bot, `Homes ${t}`);
      const answer = () => messages(bot)[1]?.message;
      await until(() => ['done', 'failed'].includes(answer()?.status ?? ''), 15_000);
      const { happened, asks } = await control('/cut-proxy');
      // Cut before the response's head was complete, on a connection the browser had used before,
      // Chromium sends the request again by itself (it cannot tell that from a stale connection). The
      // same clientMessageId reaches the service twice; it keeps one question (checked below).
      const resent = asks - asksBefore === 2;
      if (resent) expect(at).toBeLessThan(headBytes);
      else expect(asks - asksBefore).toBe(1);
      expect(answer()!.status).toBe(happened && !resent ? 'failed' : 'done');

      // The service settles: complete when it never saw the cut, else complete or partial.
      const settled = await until(async () => {
        const rows = await stored(serial);
        const a = rows.find((r) => r.role === 'answer');
        return a && a.status !== 'streaming' ? rows : null;
      }, 15_000);
      expect(settled.filter((r) => r.role === 'question')).toHaveLength(1);
      const storedAnswer = settled.find((r) => r.role === 'answer')!;
      if (kind === 'lost') expect(storedAnswer.status).toBe('complete');
      // What the widget shows is what came: a beginning of what was stored.
      expect(storedAnswer.content.startsWith(answer()!.text)).toBe(true);
      // One model call — or two when the resent request found the first generation stopped by the
      // closed connection (API.md §3.5) and generated the answer again.
      const calls = await modelCalls(t);
      if (resent && kind === 'closed') expect([1, 2]).toContain(calls);
      else expect(calls).toBe(1);

      if (answer()!.status === 'failed') {
        const retry = await until(() =>
          [...(messages(bot)[1]?.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Retry'),
        );
        retry.click();
        await until(() => answer()?.status === 'done', 15_000);
        expect(await modelCalls(t)).toBe(storedAnswer.status === 'complete' ? 1 : 2);
      }
      expect(answer()!.text).toBe(ANSWER);
      expect(bubbleText(messages(bot)[1]!)).toContain('Shall I book a viewing?');
      const rows = await stored(serial);
      expect(rows.map((r) => [r.role, r.status])).toEqual([
        ['question', 'complete'],
        ['answer', 'complete'],
      ]);
      expect(rows[1]!.content).toBe(ANSWER);
      expect(messages(bot).map((m) => m.message.text)).toEqual(rows.map((r) => r.content));

      // A reload shows the same conversation.
      unmountAll();
      const again = await mount(serial, { 'base-url': proxyOrigin });
      await open(again);
      await until(() => messages(again).length === 2);
      expect(messages(again).map((m) => [m.message.text, m.message.status])).toEqual([
        [rows[0]!.content, 'done'],
        [ANSWER, 'done'],
      ]);
    },
  );
});

describe('the assistant unavailable (the service answers 503: its model server failing)', () => {
  it.each([
    ['en', 'The assistant could not answer just now. Please try again.', 'Retry'],
    ['de', 'Der Assistent konnte gerade nicht antworten. Bitte versuchen Sie es erneut.', 'Erneut versuchen'],
  ])(
    'says so in the visitor’s language (%s), and Retry is answered once the model server is back',
    { timeout: 30_000 },
    async (locale, said, retryLabel) => {
      const t = token();
      // The service tries the model server three times (0.5 s, 1 s apart), then tells the visitor.
      await script(t, { text: '', serverError: 'Overloaded', status: 503 });
      const serial = await newChatbot({ Model: 'scripted' });
      const bot = await mount(serial, { locale });
      await open(bot);
      await type(bot, `Homes ${t}`);
      const answer = () => messages(bot)[1];
      await until(() => answer()?.message.status === 'failed', 15_000);
      expect(answer()!.shadowRoot!.querySelector('[role="alert"]')!.textContent).toBe(said);
      expect(await modelCalls(t)).toBe(3);
      expect((await stored(serial)).map((r) => [r.role, r.status])).toEqual([
        ['question', 'complete'],
        ['answer', 'failed'],
      ]);

      await script(t, { text: ANSWER, chunks: CHUNKS });
      const retry = [...answer()!.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === retryLabel)!;
      retry.click();
      await until(() => answer()?.message.status === 'done', 15_000);
      expect(answer()!.message.text).toBe(ANSWER);
      const rows = await stored(serial);
      expect(rows.map((r) => [r.role, r.status])).toEqual([
        ['question', 'complete'],
        ['answer', 'complete'],
      ]);
    },
  );
});

describe('a stream the service ends to restart (a deploy: the event carries RetryAfter)', () => {
  it(
    'is asked again by itself after RetryAfter, with the same clientMessageId, and answered whole',
    { timeout: 30_000 },
    async () => {
      const wire = scenario(inject('wireOrigin'), 'stream-restart-once');
      const bot = await mount('0123456789abcdef0123456789abcdef', { 'base-url': wire.baseUrl });
      await open(bot);
      await type(bot, 'Homes in Austin');
      const answer = () => messages(bot)[1];
      await until(() => answer()?.message.status === 'done', 15_000);
      expect(answer()!.message.text).toBe(fragments.join(''));
      const asks = (await wire.posts())
        .filter((r) => r.path.endsWith('/ClientAsk'))
        .map((r) => (JSON.parse(r.body) as { clientMessageId: string }).clientMessageId);
      expect(asks).toHaveLength(2);
      expect(asks[0]).toBe(asks[1]);
    },
  );
});
