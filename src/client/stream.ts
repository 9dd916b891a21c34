/**
 * The answer stream of ClientAsk (API.md §3.5) as an async iterable: fragments, then the final
 * object. A question is never sent twice: one POST per call, no retry, whatever happens.
 *
 * One reader everywhere — browsers, Node, workers: fetch, and the protocol's tolerant SSE parser
 * (src/protocol/sse.ts). A tab going hidden, a dropped connection or an error status never sends
 * the question again (EventSource-style readers reconnect by re-sending the request — a question asked twice).
 */
import type { StreamFinal } from '../protocol/chat.ts';
import { sseMessages, type SseMessage } from '../protocol/sse.ts';
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
    return new ApiError(
      status,
      code,
      typeof p.Message === 'string' && p.Message ? p.Message : `The answer failed (${code})`,
      data,
    );
  }
  if (message.event !== '' && message.event !== 'message') return null;
  if (typeof p.Answer === 'string' && typeof p.QuestionID === 'number' && typeof p.AnswerID === 'number')
    // As sent, [ext] fields too (Language); TotalToken a number whatever the service sent.
    return { ...(p as StreamFinal), kind: 'final', TotalToken: Number(p.TotalToken ?? 0) };
  if (typeof p.content === 'string') return { kind: 'fragment', content: p.content };
  return null;
}

const isEventStream = (res: Response) => res.ok && contentType(res).startsWith('text/event-stream');

/**
 * One POST, its body read as a pipeline the consumer drives (bytes → `TextDecoderStream` → SSE
 * messages): a reader that takes its time slows the network read — the service's own back-pressure
 * (server/http/sse-reply.ts) reaches the model server — rather than the stream piling up in memory.
 */
export async function* openStream(request: StreamRequest): AsyncGenerator<AskStreamItem, void, undefined> {
  const { signal } = request;
  if (signal?.aborted) throw abortError();
  const stop = new AbortController();
  // Removed when the stream ends: `stop` is aborted then.
  signal?.addEventListener('abort', () => stop.abort(), { once: true, signal: stop.signal });
  const aborted = new Promise<never>((_, reject) =>
    stop.signal.addEventListener('abort', () => reject(abortError()), { once: true }),
  );
  aborted.catch(() => undefined);
  try {
    const res = await send(request.fetch, request.url, {
      method: 'POST',
      headers: { ...request.headers, Accept: 'text/event-stream' },
      body: request.body,
      signal: stop.signal,
    });
    if (!isEventStream(res)) throw await errorFromResponse(res, stop.signal);
    const messages = res.body!.pipeThrough(new TextDecoderStream()).pipeThrough(sseMessages()).getReader();
    for (;;) {
      let next: ReadableStreamReadResult<SseMessage>;
      try {
        // An abort ends the wait at once, whether or not the body's stream notices it.
        next = await Promise.race([messages.read(), aborted]);
      } catch (error) {
        if (signal?.aborted) throw abortError();
        throw networkError('interrupted', 'The stream was cut off', error);
      }
      if (next.done) throw new NetworkError('interrupted', 'The stream ended before the final answer');
      const item = interpret(next.value, res.status);
      if (item instanceof Error) throw item;
      if (!item) continue;
      yield item;
      if (item.kind === 'final') return;
    }
  } finally {
    stop.abort();
  }
}
