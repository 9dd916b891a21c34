/**
 * The embedded database's upkeep (store/pglite/upkeep.ts): PGlite has no autovacuum, so the service
 * analyzes a table once a tenth of it changed and vacuums it once a fifth of it is dead rows — and
 * the service runs a pass when it is ready. On PostgreSQL nothing runs (autovacuum does it).
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createChatbot, defaultSettings } from '../../../../src/server/store/chatbots.ts';
import { rowsOf } from '../../../../src/server/store/db.ts';
import { createListings, deleteListings } from '../../../../src/server/store/listings.ts';
import { owners } from '../../../../src/server/store/schema.ts';
import { embeddedUpkeep, upkeep, UPKEEP_OVERDUE_MS } from '../../../../src/server/store/pglite/upkeep.ts';
import { demoListings } from '../../../../src/server/demo/seed.ts';
import { usesPostgres } from '../../../support/database.ts';
import { startService } from '../../../support/service.ts';
import { storeForFile } from '../../../support/store.ts';

const file = storeForFile();

const listingsStats = async () =>
  rowsOf<{ analyzed: number; vacuumed: number; stats: number }>(
    await file.store.db.execute(sql`
      select coalesce(analyze_count, 0)::int as analyzed, coalesce(vacuum_count, 0)::int as vacuumed,
             (select count(*)::int from pg_stats where tablename = 'listings') as stats
      from pg_stat_user_tables where relname = 'listings'`),
  )[0]!;

describe.skipIf(usesPostgres())('the embedded database kept as autovacuum keeps PostgreSQL', () => {
  it('is analyzed once a tenth of a table changed, vacuumed once a fifth is dead, and left alone between', async () => {
    expect(embeddedUpkeep(file.store.db)).toBeTypeOf('function');
    const [owner] = await file.store.db.insert(owners).values({ name: 'Upkeep' }).returning();
    const serial = await createChatbot(file.store.db, owner!.id, defaultSettings('UTC', 'offline'));
    const listings = demoListings('https://homes.example', 200, 3);
    await file.store.db.transaction((tx) => createListings(tx, serial, listings, () => new Date()));
    expect((await listingsStats()).stats).toBe(0);

    // 200 new rows, none analyzed: the planner learns what the table holds.
    const first = await upkeep(file.store.db);
    expect(first.steps.find((s) => s.table === 'listings')).toMatchObject({ did: 'analyze', changed: 200 });
    expect(await listingsStats()).toMatchObject({ analyzed: 1, vacuumed: 0 });
    expect((await listingsStats()).stats).toBeGreaterThan(10);
    // From a small sample (store/pglite/upkeep.ts STATISTICS_TARGET): at most 10 common values and 11 bounds a
    // column — an ANALYZE of a feed's 100,000 listings holds the thread ~0.1 s, not 2 — and the session's
    // own target put back.
    const widest = rowsOf<{ values: number; bounds: number; target: string }>(
      await file.store.db.execute(sql`
        select coalesce(max(cardinality(most_common_vals::text::text[])), 0)::int as values,
               coalesce(max(cardinality(histogram_bounds::text::text[])), 0)::int as bounds,
               current_setting('default_statistics_target') as target
        from pg_stats where tablename = 'listings'`),
    )[0]!;
    expect(widest.values).toBeGreaterThan(1);
    expect(widest.values).toBeLessThanOrEqual(10);
    expect(widest.bounds).toBeLessThanOrEqual(11);
    expect(widest.target).toBe('100');

    // Nothing changed since: nothing done.
    expect((await upkeep(file.store.db)).steps.find((s) => s.table === 'listings')).toBeUndefined();

    // 100 of 200 deleted: dead rows past 50 + 20 % — reclaimed, and analyzed again with them.
    await deleteListings(
      file.store.db,
      serial,
      'MLSNumber',
      listings.slice(0, 100).map((l) => l.MLSNumber),
    );
    const third = await upkeep(file.store.db);
    expect(third.steps.find((s) => s.table === 'listings')).toMatchObject({ did: 'vacuum', dead: 100 });
    expect(await listingsStats()).toMatchObject({ analyzed: 2, vacuumed: 1 });
    expect((await upkeep(file.store.db)).steps.find((s) => s.table === 'listings')).toBeUndefined();
  });

  it("steps aside while statements wait on PGlite's thread, unless it has for ten minutes", async () => {
    const [owner] = await file.store.db.insert(owners).values({ name: 'Upkeep 3' }).returning();
    const serial = await createChatbot(file.store.db, owner!.id, defaultSettings('UTC', 'offline'));
    await file.store.db.transaction((tx) =>
      createListings(tx, serial, demoListings('https://homes.example/3', 100, 5), () => new Date()),
    );
    const before = await listingsStats();
    let now = 0;
    const pass = embeddedUpkeep(file.store.db, { busy: () => true, now: () => now })!;
    expect(await pass()).toEqual({ steps: [], deferred: true });
    now += UPKEEP_OVERDUE_MS - 1;
    expect(await pass()).toEqual({ steps: [], deferred: true });
    expect((await listingsStats()).analyzed).toBe(before.analyzed);
    now += 1;
    expect((await pass()).steps.find((s) => s.table === 'listings')).toMatchObject({ did: 'analyze' });
    expect((await listingsStats()).analyzed).toBe(before.analyzed + 1);
    // The thread idle: a pass runs at once.
    expect(await upkeep(file.store.db, () => false)).toMatchObject({ deferred: false });
    expect(await upkeep(file.store.db, () => true)).toMatchObject({ steps: [] });
  });

  it('runs when the service is ready', async () => {
    const before = await listingsStats();
    const [owner] = await file.store.db.insert(owners).values({ name: 'Upkeep 2' }).returning();
    const serial = await createChatbot(file.store.db, owner!.id, defaultSettings('UTC', 'offline'));
    await file.store.db.transaction((tx) =>
      createListings(tx, serial, demoListings('https://homes.example/2', 100, 4), () => new Date()),
    );
    // The service's app on this store: ready, it runs a pass.
    const service = await startService({ store: file.store });
    try {
      await expect.poll(async () => (await listingsStats()).analyzed, { timeout: 30_000 }).toBe(before.analyzed + 1);
    } finally {
      await service.close();
    }
  }, 60_000);
});

describe.runIf(usesPostgres())('on PostgreSQL', () => {
  it('is autovacuum’s: the service runs no upkeep of its own', () => {
    expect(embeddedUpkeep(file.store.db)).toBeUndefined();
  });
});
