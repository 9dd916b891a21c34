/**
 * A first start's owner and API key, made once however many instances start together on an empty
 * database. Without a lock each would find no owner and no key, and make its own — two owners, two
 * keys, each printed by its instance. In one transaction holding an advisory lock, the second
 * instance finds what the first made; the key is printed by the instance that made it
 * (start/banner.ts).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../store/db.ts';

// Any fixed number, not store/db.ts's migration lock (held by another connection of the same start).
const FIRST_START_LOCK = 727_003;

/** Runs `make` alone among this database's starting instances, in one transaction. */
export const oneStartAtATime = <T>(db: Db, make: (db: Db) => Promise<T>): Promise<T> =>
  db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${FIRST_START_LOCK})`);
    return make(tx);
  });
