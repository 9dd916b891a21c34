/**
 * The answer stream of ClientAsk (API.md §3.5) as an async iterable: fragments, then the final
 * object. A question is never sent twice: one POST per call, no retry, whatever happens.
 *
 * One reader everywhere — browsers, Node, workers: fetch, and the protocol's tolerant SSE parser
 * (src/protocol/sse.ts). A tab going hidden, a dropped connection or an error status never sends
 * the question again (EventSource-style readers reconnect by re-sending the request — a question asked twice).
 */
import type { StreamFinal } from '../protocol/chat.ts';
import { createSseParser, type SseMessage } from '../protocol/sse.ts';
import { ApiError, NetworkError, abortError } from './errors.ts';
import { contentType, errorFromResponse, networkError, send, type FetchLike } from './http.ts';
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

/** Turns one SSE message into a stream item; empty and unknown events are skipped. */
export function interpret(message: SseMessage, status: number): AskStreamItem | Error | null {
  if (!message.data.trim()) return null;
  let payload: unknown;
  try {
    payload = parseJson(message.data);
  } catch {
    return new ApiError(status, 502, 'The service sent a stream event that is not JSON');
  }
  const p = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  if (message.event === 'error') {
    const code = typeof p.Code === 'number' ? p.Code : 500;
    // RetryAfter [ext]: the service ended the stream to restart; asking again then is answered.
    const data = typeof p.RetryAfter === 'number' ? { RetryAfter: p.RetryAfter } : null;
    return new ApiError(status, code, typeof p.Message === 'string' && p.Message ? p.Message : `The answer failed (${code})`, data);
  }
  if (message.event !== '' && message.event !== 'message') return null;
  if (typeof p.Answer === 'string' && typeof p.QuestionID === 'number' && typeof p.AnswerID === 'number')
    return { kind: 'final', QuestionID: p.QuestionID, AnswerID: p.AnswerID, Answer: p.Answer, TotalToken: Number(p.TotalToken ?? 0) };
  if (typeof p.content === 'string') return { kind: 'fragment', content: p.content };
  return null;
}

const isEventStream = (res: Response) => res.ok && contentType(res).startsWith('text/event-stream');

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
  // Removed when the stream ends: `stop` is aborted then.
  signal?.addEventListener('abort', onAbort, { once: true, signal: stop.signal });
  read(request, put, stop.signal).then(
    () => put('end'),
    (error: unknown) => put(error instanceof Error ? error : new Error(String(error))),
  );
  try {
    for (;;) {
      if (!queue.length) await new Promise<void>((r) => (wake = r));
      wake = null;
      const next = queue.shift()!;
      if (signal?.aborted) throw abortError();
      if (next === 'end') throw new NetworkError('interrupted', 'The stream ended before the final answer');
      if (next instanceof Error) throw next;
      yield next;
      if (next.kind === 'final') return;
    }
  } finally {
    stop.abort();
  }
}

/** One POST; each event read as it arrives is pushed, until the body ends, fails or `signal` aborts. */
async function read(request: StreamRequest, push: (item: AskStreamItem) => void, signal: AbortSignal): Promise<void> {
  const res = await send(request.fetch, request.url, {
    method: 'POST',
    headers: { ...request.headers, Accept: 'text/event-stream' },
    body: request.body,
    signal,
  });
  if (!isEventStream(res)) throw await errorFromResponse(res, signal);
  const parser = createSseParser((m) => {
    const item = interpret(m, res.status);
    if (item instanceof Error) throw item;
    if (item) push(item);
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (signal.aborted) return;
      throw networkError('interrupted', 'The stream was cut off', error);
    }
    if (chunk.done) return parser.end();
    parser.push(chunk.value);
  }
}
