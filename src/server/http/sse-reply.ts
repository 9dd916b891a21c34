/**
 * A text/event-stream reply (API.md §3.5): the stream headers, events written as they come — those
 * close behind a write together with the next (COALESCE_MS) — a `: ping` comment after 15 s of
 * silence, and an abort signal for when the client goes away.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { encodeSseComment, encodeSseEvent } from '../../protocol/index.ts';

export const PING_MS = 15_000;
/**
 * Events that follow a write within this long wait and go with the next: one write to the socket
 * (a system call) for several fragments that come close together. The first event, and any after a
 * pause, go at once; none waits longer than this.
 */
export const COALESCE_MS = 10;
/** Or once this much waits. */
const COALESCE_BYTES = 16_384;
/** How long a reader may take to make room for more (back-pressure) before it counts as gone. */
export const STALL_MS = 60_000;

export interface SseReply {
  /** Writes an event; false when the reader is behind (more than a buffer's worth waits for it): then await `drained`. */
  event(data: unknown, name?: string, id?: number): boolean;
  /**
   * Resolves once the reader has taken what waits, or has gone. A slow reader holds the answer
   * back — the engine is not asked for more, nor the model server read — so memory stays bounded
   * however slowly visitors read; one that takes nothing for STALL_MS is cut off (it has gone).
   */
  drained(): Promise<void>;
  /** Writes the last event and ends the stream; after it, `event` and `end` do nothing. */
  end(data: unknown, name?: string): void;
  /**
   * Ends the stream now with this event and aborts `signal`, as if the reader had gone: what
   * writes the answer stops (a shutdown's drain time is over, http/shutdown.ts).
   */
  cut(data: unknown, name?: string): void;
  /** Writes a comment line at once (an event stream's first bytes: its reader knows it is open). */
  comment(text: string): void;
  /** Aborts when the client disconnects before the stream ended, or when it is cut. */
  signal: AbortSignal;
}

/** `opened`: called as the stream opens; what it returns, once it has closed, whichever way (the metrics' open streams). */
export function openSse(
  reply: FastifyReply,
  pingMs = PING_MS,
  stallMs = STALL_MS,
  opened: () => () => void = () => () => undefined,
): SseReply {
  const out = new PassThrough();
  const closed = opened();
  const gone = new AbortController();
  // One timer for the stream, put off by each event (refresh: no new timer per fragment).
  const timer = setTimeout(function ping() {
    out.write(encodeSseComment('ping'));
    timer.refresh();
  }, pingMs);
  const quiet = () => void timer.refresh();
  let waiting = '';
  let ended = false;
  let lastWrite = -Infinity;
  let later: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(later);
    later = undefined;
    lastWrite = performance.now();
    const chunk = waiting;
    waiting = '';
    return chunk ? out.write(chunk) : !out.writableNeedDrain;
  };
  reply.raw.on('close', () => {
    closed();
    clearTimeout(timer);
    clearTimeout(later);
    if (!reply.raw.writableFinished) gone.abort();
  });
  reply
    .code(200)
    .headers({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    })
    .send(out);
  const end = (data: unknown, name?: string) => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    clearTimeout(later);
    out.end(waiting + encodeSseEvent(data, name));
    waiting = '';
  };
  return {
    signal: gone.signal,
    event(data, name, id) {
      if (ended) return true;
      quiet();
      waiting += encodeSseEvent(data, name, id);
      if (performance.now() - lastWrite >= COALESCE_MS || waiting.length >= COALESCE_BYTES) return flush();
      later ??= setTimeout(flush, COALESCE_MS);
      return !out.writableNeedDrain;
    },
    drained() {
      if (!out.writableNeedDrain || gone.signal.aborted) return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(stalled);
          out.off('drain', done);
          gone.signal.removeEventListener('abort', done);
          resolve();
        };
        const stalled = setTimeout(() => reply.raw.destroy(), stallMs);
        out.once('drain', done);
        gone.signal.addEventListener('abort', done, { once: true });
      });
    },
    end,
    comment(text) {
      if (ended) return;
      flush();
      out.write(encodeSseComment(text));
    },
    cut(data, name) {
      end(data, name);
      gone.abort();
    },
  };
}
