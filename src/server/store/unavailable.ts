/**
 * Whether an error says the database cannot serve just now — refused, reset, timed out, shut down,
 * restarting, or out of disk — rather than that a statement was wrong. Such a failure is temporary: the
 * request is answered 503 with Retry-After (http/envelope.ts), and the pool connects anew for the next one.
 */

/** Node's socket errors on the way to the server. */
const SOCKET: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/**
 * PostgreSQL's: admin_shutdown, crash_shutdown, cannot_connect_now; class 08, every connection
 * exception; class 53, insufficient resources — its disk full (53100, PGlite's too), out of memory,
 * too many connections.
 */
const SERVER: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03']);
/** node-postgres's own words when a connection ends or a timeout passes. */
const DRIVER =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|is not queryable|Cannot use a pool after calling end/i;

export function databaseUnavailable(error: unknown): boolean {
  // drizzle wraps the driver's error (cause); a refused connection may be several (AggregateError).
  const seen = new Set<unknown>();
  const queue = [error];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const { code, message, cause, errors } = e as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === 'string' && (SOCKET.has(code) || SERVER.has(code) || /^(08|53)[0-9A-Z]{3}$/.test(code)))
      return true;
    if (typeof message === 'string' && DRIVER.test(message)) return true;
    queue.push(cause, ...(Array.isArray(errors) ? errors : []));
  }
  return false;
}
