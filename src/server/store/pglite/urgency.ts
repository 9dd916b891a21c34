/**
 * Which database work a visitor is waiting on to see an answer start. On the embedded database the
 * statements of every request queue in PGlite's thread (thread.ts), which is the busiest part
 * of the service under load; a question's statements before its first words go ahead of the rest
 * there. On PostgreSQL each statement has a connection of its own: nothing to order, and this does
 * nothing.
 */
import type { Db } from '../db-types.ts';
import { PGliteThread } from './thread.ts';

export interface Urgency {
  /** Runs `work` with its statements urgent (and those of what it starts meanwhile). */
  run<T>(work: () => Promise<T>): Promise<T>;
}

export function urgencyOf(db: Db): Urgency {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGliteThread)) return { run: (work) => work() };
  const { urgency } = client;
  return { run: (work) => urgency.run(true, work) };
}

/**
 * Whether `db` runs one transaction at a time — the embedded database, where a long transaction
 * holds every other request's statements until it ends (store/listing-import.ts writes in parts there).
 */
export function oneTransactionAtATime(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGliteThread;
}
