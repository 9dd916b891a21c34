/**
 * How long a connection may take over each part of a request. A chat service's streams
 * are long-lived, but they are never silent (a `: ping` every 15 s, and a reader that takes nothing
 * is cut after STREAM_STALL_MS); an upload's body may take minutes, but it keeps coming. So what is
 * limited is silence and the parts that are short: a connection silent mid-request longer than
 * `idleMs` is closed — after a stalled stream is cut (60 s), so that cut still happens first — the
 * headers must arrive within `headersMs`, a whole request (an upload's body included) within
 * `requestMs`, and an idle keep-alive connection is closed after `keepAliveMs`.
 */
export interface Timeouts {
  headersMs: number;
  requestMs: number;
  idleMs: number;
  keepAliveMs: number;
}

export const TIMEOUTS: Timeouts = { headersMs: 15_000, requestMs: 600_000, idleMs: 75_000, keepAliveMs: 72_000 };

/** Fastify's options for them; Node checks the headers' and the request's deadlines every `connectionsCheckingInterval`. */
export function serverTimeouts(t: Timeouts) {
  return {
    connectionTimeout: t.idleMs,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: {
      headersTimeout: t.headersMs,
      requestTimeout: t.requestMs,
      keepAliveTimeout: t.keepAliveMs,
      connectionsCheckingInterval: Math.min(5_000, t.headersMs),
    },
  };
}
