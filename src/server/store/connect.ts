/**
 * A start that finds its PostgreSQL not up yet (both started together by a compose file, a
 * database restarting, a DNS name not there yet) tries again — after 0.5, 1, 2, 4… s, up to
 * DATABASE_CONNECT_PATIENCE_MS — rather than failing at once; when it gives up, or at once for a
 * fault no wait mends (a wrong password, no such database), it says which server and why, never
 * the password.
 */
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { databaseUnavailable } from './unavailable.ts';

/** How long a start keeps trying to reach the database: longer than a PostgreSQL takes to start. */
export const CONNECT_PATIENCE_MS = 60_000;
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 8_000;

/** `host:port/database` of a connection string — what to name the server by, without its credentials. */
export function databaseName(url: string): string {
  try {
    const u = new URL(url);
    const host = u.hostname || new URLSearchParams(u.search).get('host') || 'localhost';
    return `${host}:${u.port || '5432'}${u.pathname.length > 1 ? u.pathname : ''}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** An error's own words: Node's AggregateError (every address of a name refused) has none but its errors'. */
export function causeOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (error.message) return error.message;
  const inner = error instanceof AggregateError ? error.errors.map(causeOf).filter(Boolean) : [];
  return inner.length ? [...new Set(inner)].join('; ') : ((error as { code?: string }).code ?? error.name);
}

/**
 * Resolves once a connection to `url` opens (then closes it); retries while the server cannot be
 * reached, telling `log` each time. Throws an Error naming the server and the cause.
 */
export async function untilReachable(
  url: string,
  patienceMs = CONNECT_PATIENCE_MS,
  log: (line: string) => void = console.warn,
): Promise<void> {
  const name = databaseName(url);
  const giveUpAt = Date.now() + patienceMs;
  for (let wait = FIRST_WAIT_MS; ; wait = Math.min(wait * 2, LONGEST_WAIT_MS)) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    // A connection that fails later (while it closes) must not end the process.
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end().catch(() => undefined);
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      const cause = causeOf(error);
      if (!databaseUnavailable(error))
        throw new Error(`The database at ${name} (DATABASE_URL) refused the connection: ${cause}`, { cause: error });
      if (Date.now() + wait > giveUpAt)
        throw new Error(
          `The database at ${name} (DATABASE_URL) cannot be reached: ${cause}${patienceMs ? ` (tried for ${Math.round(patienceMs / 1000)} s; DATABASE_CONNECT_PATIENCE_MS)` : ''}`,
          { cause: error },
        );
      log(`The database at ${name} cannot be reached yet (${cause}); trying again in ${wait / 1000} s`);
      await delay(wait);
    }
  }
}
