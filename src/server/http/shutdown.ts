/**
 * A deploy that does not cut answers: on SIGTERM (main.ts) the app drains — its listener
 * closes at once, so a new connection (a load balancer's probe too) is refused and the instance is
 * out of rotation; idle keep-alive ones are closed and every response sent meanwhile closes its
 * connection (/readyz, reached on one still open, says 503 "draining"); the requests in flight,
 * answer streams included, are given up to SHUTDOWN_DRAIN_MS to finish. An answer still streaming
 * then is ended with the stream's `event: error` Code 503 — its generation stopped and stored
 * partial, so the widget's Retry (the same clientMessageId) generates it again on another instance
 * (docs/PROTOCOL.md, "Asking").
 */
import type { FastifyInstance } from 'fastify';

/** How long open answers may take to finish after SIGTERM: below Kubernetes' 30 s grace period, which then kills. */
export const SHUTDOWN_DRAIN_MS = 25_000;
/**
 * After the answers left are ended, how long their last event and stored outcome may take before the
 * app closes anyway. A stop must be given more than SHUTDOWN_DRAIN_MS and this (docs/OPERATING.md, "Shutdown").
 */
export const AFTER_CUT_MS = 5_000;

export const SHUTDOWN_MESSAGE = 'The service is restarting; please ask again';
/** The seconds a stream ended by the drain asks its reader to wait before asking again (the event's RetryAfter [ext]): the widget does so by itself, and another instance answers. */
export const SHUTDOWN_RETRY_AFTER_S = 1;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Stops taking new connections and waits up to `ms` for the requests in flight; then ends the
     * answer streams left with the 503 event. How many it had to end. The app is still to be closed.
     */
    drain(ms: number): Promise<{ cut: number }>;
  }
}

export interface Shutdown {
  /** True once the app drains: /readyz answers 503. */
  readonly draining: boolean;
  /**
   * An answer is being streamed; `cut` ends it at once with the 503 event (and stops its
   * generation). Call what is returned once its request is done — its outcome stored: the drain
   * waits for that (up to AFTER_CUT_MS after a cut), not only for the stream to close.
   */
  answering(cut: () => void): () => void;
  /**
   * An event stream is open (http/routes/live.ts): it never ends by itself, so a drain ends it at
   * once — its client reconnects, to another instance, with Last-Event-ID. Call what is returned when it closes.
   */
  streaming(end: () => void): () => void;
}

export function installShutdown(app: FastifyInstance): Shutdown {
  let draining = false;
  let requests = 0;
  const answers = new Set<() => void>();
  const streams = new Set<() => void>();
  let settled: (() => void) | undefined;
  const check = () => {
    if (requests === 0 && answers.size === 0) settled?.();
  };
  app.addHook('onRequest', async (request, reply) => {
    requests++;
    reply.raw.once('close', () => {
      requests--;
      check();
    });
    // Once draining, a connection is not kept for another request: its client reconnects elsewhere.
    if (draining) reply.header('connection', 'close');
  });
  const idle = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        settled = undefined;
        resolve();
      }
      settled = done;
      check();
    });
  app.decorate('drain', async (ms: number) => {
    draining = true;
    // Node's close also closes the idle keep-alive connections; those in use stay until app.close().
    app.server.close();
    for (const end of [...streams]) end();
    await idle(ms);
    const cut = answers.size;
    for (const end of [...answers]) end();
    if (cut) await idle(AFTER_CUT_MS);
    return { cut };
  });
  return {
    get draining() {
      return draining;
    },
    answering(cut) {
      let ended = false;
      // Cut, it stays counted until its request says it is done: the stream closes at once, but the
      // generation stores what was sent only once it notices — the app and its database must wait for that.
      const entry = () => {
        if (ended) return;
        ended = true;
        cut();
      };
      answers.add(entry);
      return () => {
        answers.delete(entry);
        check();
      };
    },
    streaming(end) {
      streams.add(end);
      return () => void streams.delete(end);
    },
  };
}
