/**
 * How long the database takes (the metrics' `chatbot_database_seconds`): each statement, or each
 * transaction as a whole, from the moment it holds a connection to the moment it gives it back. On
 * PostgreSQL those are the pool's own `acquire` and `release` events, so nothing is wrapped and the
 * time waited for a free connection is not counted (the pool's queue is, as `waiting`). PGlite has
 * no such events: its three ways in — `query`, `exec`, `transaction` (whose statements go through
 * the transaction, not through these) — are timed instead.
 *
 * A store is opened before any app and may serve several (tests, and instances sharing one store),
 * so each app listens, and stops listening when it closes.
 */
import type { PGliteThread } from './pglite/thread.ts';
import type pg from 'pg';

export interface DbTime {
  /** Calls `listener` with the seconds of each statement or transaction from now on; returns how to stop. */
  listen(listener: (seconds: number) => void): () => void;
  /** Statements waiting for a free connection (PostgreSQL's pool is full); always 0 on PGlite. */
  waiting(): number;
}

function listeners() {
  const all = new Set<(seconds: number) => void>();
  return {
    listen(listener: (seconds: number) => void) {
      all.add(listener);
      return () => void all.delete(listener);
    },
    tell(since: number) {
      if (!all.size) return;
      const seconds = (performance.now() - since) / 1000;
      for (const listener of all) listener(seconds);
    },
  };
}

export function timePool(pool: pg.Pool): DbTime {
  const { listen, tell } = listeners();
  const held = new WeakMap<object, number>();
  pool.on('acquire', (client) => void held.set(client, performance.now()));
  pool.on('release', (_error, client) => {
    const since = held.get(client);
    if (since !== undefined) tell(since);
  });
  return { listen, waiting: () => pool.waitingCount };
}

export function timePglite(client: PGliteThread): DbTime {
  const { listen, tell } = listeners();
  const timed =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const since = performance.now();
      try {
        return await run(...args);
      } finally {
        tell(since);
      }
    };
  client.query = timed(client.query.bind(client)) as PGliteThread['query'];
  client.exec = timed(client.exec.bind(client));
  client.transaction = timed(client.transaction.bind(client)) as PGliteThread['transaction'];
  return { listen, waiting: () => 0 };
}
