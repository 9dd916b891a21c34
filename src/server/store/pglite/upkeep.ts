/**
 * What PostgreSQL's autovacuum does, for the embedded database's listings (KEPT), which nothing else
 * does on PGlite: without it the planner never learns what they hold (a feed's 100,000 listings
 * imported, every search planned as for an empty table: seconds where milliseconds would do) and
 * the rows that updates and deletes leave dead are never reclaimed. The service runs a pass at start
 * and every UPKEEP_MS (http/app.ts), with autovacuum's own thresholds. Each step holds PGlite's thread while it runs (an
 * ANALYZE of 100,000 listings ~115 ms from a sample of 3,000 rows, STATISTICS_TARGET; a VACUUM ~0.4 s
 * and more with more dead rows) — once per tenth of a table changed, as a feed's import does. On PostgreSQL this is autovacuum's job and nothing here runs.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db-types.ts';
import { rowsOf } from '../db.ts';
import { PGliteThread } from './thread.ts';

/**
 * The tables kept: those a feed writes in bulk and the answer engines' search is planned over. The
 * tables visitors write (sessions, messages, leases) are read by key, which the planner answers by
 * their indexes without statistics; analyzed while small, they were planned worse as they grew under
 * load (bench/service-load.mjs: first fragment p99 453 ms with them kept, 200 without).
 */
const KEPT = ['listings', 'listing_terms'];

/** How often the embedded database's tables are looked at (autovacuum's naptime). */
export const UPKEEP_MS = 60_000;

/** Autovacuum's defaults: analyzed once 50 rows + 10 % of the table changed since; vacuumed once 50 + 20 % are dead. */
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;

/**
 * The statistics an ANALYZE here makes: 10 values a column, from a sample of 3,000 rows — where
 * PostgreSQL's default (100, from 30,000) held PGlite's thread 1.8–2.1 s at 100,000 listings, every
 * visitor's statements waiting behind it; at 10 it is ~115 ms (measured on the benchmark's feed).
 * The searches are planned over a chatbot, a city, a sale type, a price and the words: a few common
 * values each, which 10 describe (bench/listings-scale.mjs: the same questions' p50/p99 at 100,000).
 */
const STATISTICS_TARGET = 10;

export interface UpkeepStep {
  table: string;
  /** VACUUM (ANALYZE): dead rows reclaimed and statistics made anew; ANALYZE: statistics only. */
  did: 'vacuum' | 'analyze';
  /** What the table held when it was looked at: rows live, dead, changed since the last ANALYZE. */
  live: number;
  dead: number;
  changed: number;
  ms: number;
}

/**
 * A pass waits for a moment when PGlite's thread has nothing else to do: a step holds it (a VACUUM
 * of 100,000 listings ~0.4 s), and every visitor's statements would wait behind it. Deferred past this
 * long, it runs anyway: statistics that never come back are worse than one wait.
 */
export const UPKEEP_OVERDUE_MS = 10 * 60_000;

/**
 * The embedded database's upkeep, when `db` is one (PGlite); undefined on PostgreSQL. Each call is a
 * pass that steps aside while statements are waiting on the thread (`deferred`: what is left waits
 * for the next), unless passes have stepped aside for UPKEEP_OVERDUE_MS. `busy` and `now` are the thread's and the clock's unless given (tests).
 */
export function embeddedUpkeep(
  db: Db,
  given: { busy?: () => boolean; now?: () => number } = {},
): (() => Promise<{ steps: UpkeepStep[]; deferred: boolean }>) | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof PGliteThread)) return undefined;
  const busy = given.busy ?? (() => client.busy);
  const now = given.now ?? Date.now;
  let deferredSince: number | undefined;
  return async () => {
    const overdue = deferredSince !== undefined && now() - deferredSince >= UPKEEP_OVERDUE_MS;
    const pass = await upkeep(db, overdue ? () => false : busy);
    deferredSince = pass.deferred ? (deferredSince ?? now()) : undefined;
    return pass;
  };
}

/**
 * One pass over the tables kept (KEPT): each vacuumed or analyzed that passed its threshold, one after
 * the other — until `busy` says statements are waiting, when the rest is left for the next pass.
 */
export async function upkeep(
  db: Db,
  busy: () => boolean = () => false,
): Promise<{ steps: UpkeepStep[]; deferred: boolean }> {
  // The counters of statements just run are flushed when the database is next idle: now.
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const tables = rowsOf<{ table: string; live: number; dead: number; changed: number }>(
    await db.execute(sql`
      select relname as table, n_live_tup::float8 as live, n_dead_tup::float8 as dead,
             n_mod_since_analyze::float8 as changed
      from pg_stat_user_tables where schemaname = 'public' and relname in (${sql.join(
        KEPT.map((t) => sql`${t}`),
        sql`, `,
      )}) order by relname`),
  );
  const done: UpkeepStep[] = [];
  for (const t of tables) {
    const live = Number(t.live),
      dead = Number(t.dead),
      changed = Number(t.changed);
    const did =
      dead > VACUUM_BASE + VACUUM_SCALE * live
        ? 'vacuum'
        : changed > ANALYZE_BASE + ANALYZE_SCALE * live
          ? 'analyze'
          : undefined;
    if (!did) continue;
    if (busy()) return { steps: done, deferred: true };
    const started = performance.now();
    const name = sql.identifier(t.table);
    await db.execute(sql.raw(`set default_statistics_target = ${STATISTICS_TARGET}`));
    try {
      await db.execute(did === 'vacuum' ? sql`vacuum (analyze) ${name}` : sql`analyze ${name}`);
    } finally {
      await db.execute(sql`reset default_statistics_target`);
    }
    done.push({ table: t.table, did, live, dead, changed, ms: Math.round(performance.now() - started) });
  }
  return { steps: done, deferred: false };
}
