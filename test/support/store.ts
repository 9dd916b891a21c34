/**
 * A test file's own database and the store open on it: made fresh before the file's tests, closed
 * and dropped after them (test/support/database.ts freshDatabase, on PGlite or PostgreSQL as the
 * lane runs).
 */
import { afterAll, beforeAll } from 'vitest';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { freshDatabase } from './database.ts';

/** The store, once the file's tests run: read `.store` inside them, not when the file loads. */
export function storeForFile(): { readonly store: Store } {
  let database: Awaited<ReturnType<typeof freshDatabase>> | undefined;
  const held = {} as { store: Store };
  beforeAll(async () => {
    database = await freshDatabase();
    held.store = await openStore(database.options);
  });
  afterAll(async () => {
    await held.store?.close();
    await database?.drop();
  });
  return held;
}
