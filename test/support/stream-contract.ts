/**
 * The streaming contract of askStream (API.md §3.5), run in Node and in Chromium: the same
 * promises must hold in both (one reader: fetch and the protocol's SSE parser).
 */
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError, createClient, type AskStreamItem } from '../../src/client/index.ts';
import { answer, fragments } from './samples.ts';
import { scenario, type WireScenario } from './wire.ts';
import { FAILURE_MESSAGES } from './failures.ts';

const question = { sessionID: 42, content: 'Homes in Austin?', clientMessageId: 'c-1' };

export async function collect(items: AsyncIterable<AskStreamItem>): Promise<AskStreamItem[]> {
  const out: AskStreamItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** Waits long enough for any automatic retry to have reached the server, then counts POSTs. */
export async function postsAfter(wire: WireScenario, windowMs: number): Promise<number> {
  await new Promise((r) => setTimeout(r, windowMs));
  return (await wire.posts()).length;
}

export function streamContract(origin: () => string): void {
  const start = (name: string, credentials = { visitorToken: 'vt.1' }) => {
    const wire = scenario(origin(), name);
    return { wire, client: createClient({ baseUrl: wire.baseUrl, ...credentials }) };
  };

  describe('askStream', () => {
    it('yields each fragment as it arrives, before the next one is sent', async () => {
      const { wire, client } = start('stream-gated');
      const it = client.askStream(question)[Symbol.asyncIterator]();
      const seen: string[] = [];
      for (const expected of fragments) {
        const next = await it.next();
        // The server holds the next event until released: this one arrived on its own.
        expect(next).toEqual({ done: false, value: { kind: 'fragment', content: expected } });
        seen.push(expected);
        await wire.release();
      }
      const final = await it.next();
      expect(final.value).toEqual({
        kind: 'final',
        QuestionID: 1001,
        AnswerID: 1002,
        Answer: answer,
        TotalToken: 57,
        Language: 'en',
      });
      expect(seen.join('')).toBe(answer);
      expect(await it.next()).toEqual({ done: true, value: undefined });
    });

    it('ends with the final object, equal to the fragments joined', async () => {
      const { client } = start('stream-ok');
      const items = await collect(client.askStream(question));
      const last = items.at(-1)!;
      expect(last.kind).toBe('final');
      const text = items
        .filter((i) => i.kind === 'fragment')
        .map((i) => (i.kind === 'fragment' ? i.content : ''))
        .join('');
      expect(last.kind === 'final' && last.Answer).toBe(text);
    });

    it('sends one POST with stream: true, the question and the credential', async () => {
      const { wire, client } = start('stream-ok');
      await collect(client.askStream(question));
      const [post, ...more] = await wire.posts();
      expect(more).toEqual([]);
      expect(post!.path).toBe('/chat/Chat/ClientAsk');
      expect(JSON.parse(post!.body)).toEqual({ ...question, stream: true });
      expect(post!.headers.authorization).toBe('vt.1');
      expect(post!.headers['content-type']).toBe('application/json');
    });

    it('reads past ping comments, extra blank lines, CR line ends and a last event without a blank line', async () => {
      const { client } = start('stream-quirks');
      const items = await collect(client.askStream(question));
      expect(items.filter((i) => i.kind === 'fragment').map((i) => (i.kind === 'fragment' ? i.content : ''))).toEqual(
        fragments,
      );
      expect(items.at(-1)).toMatchObject({ kind: 'final', Answer: answer });
    });

    it('turns `event: error` into an ApiError after the fragments before it', async () => {
      const { client } = start('stream-error');
      const seen: AskStreamItem[] = [];
      const error = await (async () => {
        for await (const item of client.askStream(question)) seen.push(item);
      })().catch((e: unknown) => e);
      expect(seen).toEqual([{ kind: 'fragment', content: fragments[0] }]);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ code: 503, message: 'The model server stopped answering' });
    });

    it("carries an error event's RetryAfter [ext] (a service restarting) as the ApiError's data", async () => {
      const { client } = start('stream-restart-once');
      const error = await collect(client.askStream(question)).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 200, code: 503, data: { RetryAfter: 1 } });
      // Asked again, it is answered.
      expect((await collect(client.askStream(question))).at(-1)).toMatchObject({ kind: 'final', Answer: answer });
    });

    it('turns a 429 envelope before the stream into an ApiError carrying its Message', async () => {
      const { client } = start('fail-429');
      const error = await collect(client.askStream(question)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 429, code: 429, message: FAILURE_MESSAGES[429] });
    });

    it('answers a 500 with an ApiError and never asks again', async () => {
      const { wire, client } = start('fail-500');
      const error = await collect(client.askStream(question)).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'ApiError', status: 500, code: 500 });
      // An EventSource-style reader would retry after 1 s; wait past it.
      expect(await postsAfter(wire, 1300)).toBe(1);
    });

    it('reports a dropped connection as an interrupted NetworkError and never asks again', async () => {
      const { wire, client } = start('stream-drop');
      const seen: AskStreamItem[] = [];
      const error = await (async () => {
        for await (const item of client.askStream(question)) seen.push(item);
      })().catch((e: unknown) => e);
      expect(seen.length).toBeLessThanOrEqual(2);
      expect(error).toBeInstanceOf(NetworkError);
      expect(error).toMatchObject({ code: 'interrupted' });
      // The stream set `retry: 20`, so a reconnect would come almost at once.
      expect(await postsAfter(wire, 400)).toBe(1);
    });

    it('reports a stream that ends without its final object as interrupted', async () => {
      const { client } = start('stream-incomplete');
      const error = await collect(client.askStream(question)).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'NetworkError', code: 'interrupted' });
    });

    it('refuses a JSON answer where a stream was asked for', async () => {
      const { client } = start('stream-json');
      const error = await collect(client.askStream(question)).catch((e: unknown) => e);
      expect(error).toMatchObject({ name: 'ApiError', code: 502 });
    });

    it('rejects with an AbortError when aborted mid-stream, and closes the connection', async () => {
      const { wire, client } = start('stream-hang');
      const controller = new AbortController();
      const it = client.askStream(question, { signal: controller.signal })[Symbol.asyncIterator]();
      expect((await it.next()).value).toEqual({ kind: 'fragment', content: fragments[0] });
      const pending = it.next();
      controller.abort();
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
      // Within seconds, not vi.waitFor's default one: a busy machine is slower to see the connection end.
      await vi.waitFor(async () => expect((await wire.posts())[0]?.disconnected).toBe(true), {
        timeout: 10_000,
        interval: 50,
      });
      expect(await postsAfter(wire, 200)).toBe(1);
    });

    it('sends nothing when the signal was aborted before the call', async () => {
      const { wire, client } = start('stream-ok');
      const controller = new AbortController();
      controller.abort();
      await expect(collect(client.askStream(question, { signal: controller.signal }))).rejects.toMatchObject({
        name: 'AbortError',
      });
      expect(await wire.requests()).toEqual([]);
    });

    it('pulls: while the reader waits, no more of the body is read than the next event needs', async () => {
      // A body that would stream for ever, counting how often it is asked for more.
      let pulled = 0;
      const event = new TextEncoder().encode(`data: ${JSON.stringify({ content: 'A long answer. '.repeat(60) })}\n\n`);
      const body = new ReadableStream<Uint8Array>(
        { pull: (controller) => void (pulled++, controller.enqueue(event)) },
        { highWaterMark: 0 },
      );
      const fetch = async () => new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
      const client = createClient({ baseUrl: 'http://127.0.0.1:9', visitorToken: 'vt.1', fetch });
      const it = client.askStream(question)[Symbol.asyncIterator]();
      const settle = () => new Promise((r) => setTimeout(r, 100));
      expect((await it.next()).value).toMatchObject({ kind: 'fragment' });
      await settle();
      const afterOne = pulled;
      // A reader that pushed into a queue would have read thousands of events by now.
      expect(afterOne).toBeLessThan(10);
      for (let i = 0; i < 3; i++) await it.next();
      await settle();
      expect(pulled - afterOne).toBeLessThan(10);
      await it.return?.();
    });

    it('closes the connection when the reader stops early', async () => {
      const { wire, client } = start('stream-hang');
      for await (const item of client.askStream(question)) {
        expect(item.kind).toBe('fragment');
        break;
      }
      // Within seconds, not vi.waitFor's default one: a busy machine is slower to see the connection end.
      await vi.waitFor(async () => expect((await wire.posts())[0]?.disconnected).toBe(true), {
        timeout: 10_000,
        interval: 50,
      });
    });
  });
}
