/**
 * The answer stream of ClientAsk (API.md §3.5) as an async iterable: fragments, then the final
 * object. A question is never sent twice: one POST per call, no retry, whatever happens.
 */
import { fetchEventSource } from '@microsoft/fetch-event-source';
import type { StreamFinal } from '../protocol/chat.ts';
import type { SseMessage } from '../protocol/sse.ts';
import { ApiError, NetworkError, abortError, isAbortError } from './errors.ts';
import { contentType, describe, errorFromResponse, type FetchLike } from './http.ts';
import { parseJson } from './json.ts';

/** One item of `askStream`: every fragment, then — last — the final object. */
export type AskStreamItem = { kind: 'fragment'; content: string } | ({ kind: 'final' } & StreamFinal);

export interface StreamRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  fetch: FetchLike;
  signal?: AbortSignal | undefined;
}

export type Push = (item: AskStreamItem | Error) => void;
export type Source = (request: StreamRequest, push: Push, signal: AbortSignal) => Promise<void>;

export async function* openStream(request: StreamRequest): AsyncGenerator<AskStreamItem, void, undefined> {
  const { signal } = request;
  if (signal?.aborted) throw abortError();
  const queue: (AskStreamItem | Error | 'end')[] = [];
  let wake: (() => void) | null = null;
  const put = (x: AskStreamItem | Error | 'end') => {
    queue.push(x);
    wake?.();
  };
  const stop = new AbortController();
  const onAbort = () => {
    stop.abort();
    put(abortError());
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  // Browsers get fetch-event-source (as the product requires); Node and workers the protocol's
  // parser, loaded only there so that no browser downloads it.
  const source: Source = typeof document === 'undefined' ? (await import('./stream-fetch.ts')).fromFetch : fromEventSource;
  source(request, put, stop.signal).then(
    () => put('end'),
    (error: unknown) => put(error instanceof Error ? error : new Error(String(error))),
  );
  try {
    for (;;) {
      if (queue.length === 0) await new Promise<void>((r) => (wake = r));
      wake = null;
      const next = queue.shift()!;
      if (signal?.aborted) throw abortError();
      if (next === 'end') throw new NetworkError('interrupted', 'The stream ended before the final answer');
      if (next instanceof Error) throw next;
      yield next;
      if (next.kind === 'final') return;
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    stop.abort();
  }
}

/** Turns one SSE message into a stream item; empty and unknown events are skipped. */
export function interpret(message: SseMessage, status: number): AskStreamItem | Error | null {
  if (message.data.trim() === '') return null;
  let payload: unknown;
  try {
    payload = parseJson(message.data);
  } catch {
    return new ApiError(status, 502, 'The service sent a stream event that is not JSON');
  }
  const p = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  if (message.event === 'error') {
    const code = typeof p.Code === 'number' ? p.Code : 500;
    return new ApiError(status, code, typeof p.Message === 'string' && p.Message ? p.Message : `The answer failed (${code})`);
  }
  if (message.event !== '' && message.event !== 'message') return null;
  if (typeof p.Answer === 'string' && typeof p.QuestionID === 'number' && typeof p.AnswerID === 'number')
    return { kind: 'final', QuestionID: p.QuestionID, AnswerID: p.AnswerID, Answer: p.Answer, TotalToken: Number(p.TotalToken ?? 0) };
  if (typeof p.content === 'string') return { kind: 'fragment', content: p.content };
  return null;
}

export const isEventStream = (res: Response) => res.ok && contentType(res).startsWith('text/event-stream');

/**
 * Browsers: @microsoft/fetch-event-source, configured so it can never re-send the question
 * (its traps: TOOLCHAIN.md §6) — no reconnect on hidden tabs, no retry, ok-and-type checked.
 */
const fromEventSource: Source = async (request, push, signal) => {
  let opened = false;
  try {
    await fetchEventSource(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal,
      openWhenHidden: true,
      fetch: terminated(request.fetch),
      async onopen(res) {
        if (!isEventStream(res)) throw await errorFromResponse(res, signal);
        opened = true;
      },
      onmessage(m) {
        const item = interpret(m, 200);
        if (item instanceof Error) throw item;
        if (item) push(item);
      },
      onerror(error: unknown) {
        throw error;
      },
    });
  } catch (error) {
    if (error instanceof ApiError || isAbortError(error) || error instanceof NetworkError) throw error;
    if (signal.aborted) return;
    const code = opened ? 'interrupted' : 'unreachable';
    throw new NetworkError(code, `${opened ? 'The stream was cut off' : 'Could not reach the service'} (${describe(error)})`, { cause: error });
  }
};

/**
 * fetch-event-source drops a last event that is not followed by a blank line (unlike our
 * parser); ending every body with one more line end makes both read the same events.
 */
function terminated(fetchImpl: FetchLike): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await fetchImpl(String(input), init);
    if (!res.body || !isEventStream(res)) return res;
    const ending = new TextEncoder().encode('\n\n');
    const body = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({ flush: (controller) => controller.enqueue(ending) }),
    );
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  }) as typeof fetch;
}
