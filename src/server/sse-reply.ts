/**
 * A text/event-stream reply (API.md §3.5): the stream headers, one event per write, a `: ping`
 * comment after 15 s of silence, and an abort signal for when the client goes away.
 */
import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { encodeSseComment, encodeSseEvent } from '../protocol/index.ts';

export const PING_MS = 15_000;

export interface SseReply {
  event(data: unknown, name?: string): void;
  end(data: unknown, name?: string): void;
  /** Aborts when the client disconnects before the stream ended. */
  signal: AbortSignal;
}

export function openSse(reply: FastifyReply, pingMs = PING_MS): SseReply {
  const out = new PassThrough();
  const gone = new AbortController();
  let timer = setTimeout(ping, pingMs);
  function ping() {
    out.write(encodeSseComment('ping'));
    timer = setTimeout(ping, pingMs);
  }
  const quiet = () => {
    clearTimeout(timer);
    timer = setTimeout(ping, pingMs);
  };
  reply.raw.on('close', () => {
    clearTimeout(timer);
    if (!reply.raw.writableFinished) gone.abort();
  });
  reply
    .code(200)
    .headers({ 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' })
    .send(out);
  return {
    signal: gone.signal,
    event(data, name) {
      quiet();
      out.write(encodeSseEvent(data, name));
    },
    end(data, name) {
      clearTimeout(timer);
      out.end(encodeSseEvent(data, name));
    },
  };
}
