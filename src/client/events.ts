/**
 * The live event streams [ext] (`GET /chat/Chatbot/Events`, `GET /chat/Chat/Events`) as an async
 * iterable that lasts until aborted: each event with its id and its JSON, in order, once. A stream
 * that breaks — the network, an instance that stops or restarts — is opened again after a pause,
 * with `Last-Event-ID`, and the service replays what was missed; a refusal (401, 403, 404) ends it
 * with its ApiError, a 429 or 503 waits its Retry-After. GETs never ask anything twice, so unlike
 * ClientAsk's stream this one may reconnect (the answers' reader never does).
 */
import type { AgentEvent, OwnerEventName, OwnerEvents } from '../protocol/live.ts';
import type { BodyOf } from '../protocol/operations.ts';
import { EVENT_STREAMS } from '../protocol/event-streams.ts';
import { sseMessages, type SseMessage } from '../protocol/sse.ts';
import { baseOf, fetchOf, headersFor, type CallOptions, type ClientOptions } from './call.ts';
import { ApiError, abortError } from './errors.ts';
import { contentType, errorFromResponse, send, type FetchLike } from './http.ts';
import { parseJson } from './json.ts';

/** One live event: its SSE name (`handoff`, `agent`…), its id, its data. */
export interface LiveMessage<T = Record<string, unknown>> {
  event: string;
  id: string;
  data: T;
}

export interface EventsRequest {
  url: string;
  headers: Record<string, string>;
  fetch: FetchLike;
  signal?: AbortSignal | undefined;
  /** Where to resume: the id of the last event seen (stored by the caller across page loads). */
  lastEventId?: string | undefined;
  /** Told when the stream is open (again): `true`, or broken and waiting to reconnect: `false`. */
  onConnection?: ((open: boolean) => void) | undefined;
}

/** Pauses between attempts, growing, at most the last. */
const BACKOFF_MS = [500, 1_000, 2_000, 5_000, 10_000];

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(abortError());
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(abortError());
      },
      { once: true },
    );
  });

export async function* openEvents<T = Record<string, unknown>>(
  request: EventsRequest,
): AsyncGenerator<LiveMessage<T>, void, undefined> {
  const { signal } = request;
  let lastId = request.lastEventId ?? '';
  let failures = 0;
  for (;;) {
    if (signal?.aborted) throw abortError();
    let waitMs = BACKOFF_MS[Math.min(failures, BACKOFF_MS.length - 1)]!;
    try {
      const res = await send(request.fetch, request.url, {
        method: 'GET',
        headers: { ...request.headers, Accept: 'text/event-stream', ...(lastId ? { 'Last-Event-ID': lastId } : {}) },
        signal: signal ?? null,
      });
      if (!res.ok || !contentType(res).startsWith('text/event-stream')) {
        const error = await errorFromResponse(res, signal);
        const retryAfter =
          error instanceof ApiError ? (error.data as { RetryAfter?: unknown } | null)?.RetryAfter : undefined;
        if (!(error instanceof ApiError) || (error.code !== 429 && error.code < 500)) throw error;
        if (typeof retryAfter === 'number') waitMs = Math.max(waitMs, retryAfter * 1000);
      } else {
        failures = 0;
        request.onConnection?.(true);
        const reader = res.body!.pipeThrough(new TextDecoderStream()).pipeThrough(sseMessages()).getReader();
        try {
          for (;;) {
            const next: ReadableStreamReadResult<SseMessage> = await reader.read();
            if (next.done) break;
            const m = next.value;
            if (m.event === 'error') continue;
            if (m.id) lastId = m.id;
            let data: unknown;
            try {
              data = parseJson(m.data);
            } catch {
              continue;
            }
            yield { event: m.event || 'message', id: m.id, data: data as T };
          }
        } finally {
          reader.cancel().catch(() => undefined);
        }
      }
    } catch (error) {
      if (signal?.aborted) throw abortError();
      if (error instanceof ApiError && error.code !== 429 && error.code < 500) throw error;
      // A network failure: wait, then reconnect.
    }
    request.onConnection?.(false);
    failures++;
    await sleep(waitMs, signal);
  }
}

/** Options of an event stream [ext]: where to resume, and what to tell of its connection. */
export interface EventsOptions extends CallOptions {
  /** The id of the last event seen: the service replays those after it. */
  lastEventId?: string | undefined;
  /** `true` when the stream is open (again), `false` when it broke and will reconnect. */
  onConnection?: ((open: boolean) => void) | undefined;
}

/** One event of the owner's stream. */
export type OwnerEvent = { [E in OwnerEventName]: LiveMessage<OwnerEvents[E]> & { event: E } }[OwnerEventName];

/** The visitor's stream of a session [ext]: an agent joining, their messages and typing, leaving (also `client.chatEvents`). */
export function chatEvents(
  options: ClientOptions,
  body: BodyOf<'ChatEvents'>,
  opts?: EventsOptions,
): AsyncIterable<LiveMessage<AgentEvent>> {
  return openEvents<AgentEvent>({
    url: `${baseOf(options)}${EVENT_STREAMS.ChatEvents}?sessionID=${encodeURIComponent(body.sessionID)}`,
    headers: headersFor(options, false),
    fetch: fetchOf(options),
    signal: opts?.signal,
    lastEventId: opts?.lastEventId,
    onConnection: opts?.onConnection,
  });
}
