/**
 * Opens the database: embedded PGlite (a directory, or memory) by default, PostgreSQL when a URL
 * is given — the same drizzle schema and migrations for both.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Db } from './db-types.ts';
import pg from 'pg';
import { answersSettled, type AnswersSettled } from './answers-settled.ts';
import { liveBus, type LiveBus } from './live-bus.ts';
import { timePglite, timePool, type DbTime } from './db-time.ts';
import { PGliteThread } from './pglite/thread.ts';
import { rederiveListings } from './listings.ts';
import * as schema from './schema.ts';

export type { Db, Tx } from './db-types.ts';

/** Rows of a raw query (`db.execute`), from either driver: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface Store {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Where requests wait for answers still being written: this process's, and on PostgreSQL every instance's. */
  answers: AnswersSettled;
  /** Where live events (a person in the chat) reach the streams of this instance, raised on any (store/live-bus.ts). */
  live: LiveBus;
  /** How long its statements and transactions take, for the metrics (db-time.ts). */
  time: DbTime;
  /** What this open did to the schema: migrations applied now, and in all; undefined when it was told not to migrate. */
  migrations: Migrated | undefined;
  close(): Promise<void>;
}

export interface Migrated {
  /** Applied by this open (0: the schema was up to date). */
  applied: number;
  /** Applied to this database in all, now. */
  total: number;
}

export interface StoreOptions {
  /** PostgreSQL connection string; without it, PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite's directory; without it, PGlite keeps everything in memory (tests). */
  pgliteDir?: string | undefined;
  /** PGlite: start from this dump of a database (PGlite's `dumpDataDir`) instead of an empty one — tests' migrated snapshot. */
  pgliteLoad?: Blob | undefined;
  /** Bring the schema up to date first (default); false where another process of this start already has. */
  migrate?: boolean;
  /** PostgreSQL: how long a new connection may take (default CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** PostgreSQL: how long a statement may go unanswered before it fails and its connection is dropped (default QUERY_TIMEOUT_MS). */
  queryTimeoutMs?: number;
  /** PostgreSQL: the most connections this process's pool opens (DATABASE_POOL_SIZE; default POOL_SIZE). */
  poolSize?: number;
}

/**
 * A database that cannot be reached fails a request within these, as a 503 (store/unavailable.ts),
 * rather than holding it: refused connections fail at once; a server that stopped answering (a
 * network partition) within a connection's or a statement's timeout.
 */
export const CONNECT_TIMEOUT_MS = 5_000;
export const QUERY_TIMEOUT_MS = 10_000;
/** Connections per process: WORKERS × this, for every instance, must stay under the server's max_connections (docs/OPERATING.md, "Sizing"). */
export const POOL_SIZE = 10;

/**
 * Beside this file, wherever it runs: src/server/store/ under tsx, dist/node/server/store/ compiled
 * (the build copies them there: scripts/server-dist.mjs), so a deployed dist/ needs no src/.
 */
const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed number: instances starting together take turns migrating.
const MIGRATION_LOCK = 727_001;

/** How many migrations drizzle has recorded in this database (none before its first). */
async function appliedCount(client: { query(sql: string): Promise<{ rows: unknown[] }> }): Promise<number> {
  // Two statements: a query naming a table that does not exist fails when planned, whatever its CASE says.
  const { rows } = await client.query("SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS made");
  if (!(rows[0] as { made: boolean }).made) return 0;
  const counted = await client.query('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations');
  return (counted.rows[0] as { n: number }).n;
}

export async function openStore(options: StoreOptions = {}): Promise<Store> {
  let migrations: Migrated | undefined;
  if (options.databaseUrl && options.migrate !== false) {
    const lockClient = new pg.Client({ connectionString: options.databaseUrl });
    await lockClient.connect();
    try {
      await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const before = await appliedCount(lockClient);
      const locked = drizzlePg({ client: lockClient, schema });
      await migratePg(locked, { migrationsFolder });
      await rederiveListings(locked as unknown as Db);
      const total = await appliedCount(lockClient);
      migrations = { applied: total - before, total };
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
      await lockClient.end();
    }
  }
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? POOL_SIZE,
      connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
      query_timeout: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    // An idle connection the server drops (a restart, a failover) is an 'error' event on the pool;
    // unhandled it would end the process. pg has already discarded the client; the next query
    // connects anew, so there is nothing more to do than not crash. A statement that fails on a
    // lost connection discards its client the same way: the pool reconnects by itself.
    pool.on('error', () => undefined);
    const answers = answersSettled(options.databaseUrl);
    const db = drizzlePg({ client: pool, schema }) as unknown as Db;
    const live = liveBus(db, options.databaseUrl);
    const close = async () => {
      await answers.close();
      await live.close();
      await pool.end();
    };
    return {
      db,
      kind: 'postgres',
      answers,
      live,
      time: timePool(pool),
      migrations,
      close,
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  // In a thread of its own (pglite/thread.ts): its statements do not hold the service's event loop.
  const client = await PGliteThread.open({ dataDir: options.pgliteDir, load: options.pgliteLoad });
  // drizzle's PGlite driver asks of its client what PGliteThread answers (query, transaction).
  const db = drizzlePglite({ client: client as unknown as PGlite, schema });
  if (options.migrate !== false) {
    const before = await appliedCount(client);
    await migratePglite(db, { migrationsFolder });
    await rederiveListings(db as unknown as Db);
    const total = await appliedCount(client);
    migrations = { applied: total - before, total };
  }
  const answers = answersSettled();
  const live = liveBus(db as unknown as Db);
  const close = async () => {
    await answers.close();
    await live.close();
    await client.close();
  };
  return { db: db as unknown as Db, kind: 'pglite', answers, live, time: timePglite(client), migrations, close };
}
