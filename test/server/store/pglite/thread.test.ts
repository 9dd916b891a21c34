/**
 * The embedded database in its own thread (store/pglite/thread.ts): what the store asks of PGlite
 * answers as PGlite does — rows, parsers, errors with their fields, transactions that commit and
 * roll back, a COPY's blob — and a long statement leaves the event loop free.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteThread } from '../../../../src/server/store/pglite/thread.ts';
import { copyPgliteTo, pgliteSnapshot } from '../../../support/database.ts';

describe('PGliteThread', () => {
  let db: PGliteThread;
  beforeAll(async () => {
    // From the tests' migrated snapshot (a dump, as `pgliteLoad` gives it): no initdb here.
    db = await PGliteThread.open({ load: new Blob([readFileSync((await pgliteSnapshot()).dump)]) });
    await db.exec('CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL, at timestamptz, bytes bytea)');
  });
  afterAll(() => db.close());

  it('answers rows as objects or arrays, with the types PGlite parses', async () => {
    await db.query('INSERT INTO t (id, name, at, bytes) VALUES ($1, $2, $3, $4)', [
      1,
      'one',
      '2026-11-29T00:00:00Z',
      new Uint8Array([1, 2, 3]),
    ]);
    const objects = await db.query<{ id: number; name: string; at: Date; bytes: Uint8Array }>('SELECT * FROM t');
    expect(objects.rows).toEqual([
      { id: 1, name: 'one', at: new Date('2026-11-29T00:00:00Z'), bytes: new Uint8Array([1, 2, 3]) },
    ]);
    const arrays = await db.query('SELECT id, name FROM t', [], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'one']]);
  });

  it('runs the parsers given on the text of their types (drizzle keeps timestamps as text)', async () => {
    const seen: string[] = [];
    const result = await db.query<{ at: string }>('SELECT at FROM t WHERE id = 1', [], {
      parsers: { 1184: (text: string) => (seen.push(text), `parsed ${text}`) },
    });
    expect(seen).toEqual(['2026-11-29 00:00:00+00']);
    expect(result.rows).toEqual([{ at: 'parsed 2026-11-29 00:00:00+00' }]);
  });

  it("fails a statement with PostgreSQL's error and its fields", async () => {
    const error = await db.query('INSERT INTO t (id, name) VALUES (1, $1)', ['again']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 't_pkey',
      message: expect.stringMatching(/duplicate key/),
    });
    // The database goes on.
    expect((await db.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction, and rolls one back when its callback throws', async () => {
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, name) VALUES (2, $1)', ['two']);
      expect((await tx.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 2 }]);
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, name) VALUES (3, $1)', ['three']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO t (id, name) VALUES (4, $1)', ['four']);
        await tx.query('INSERT INTO t (id, name) VALUES (4, $1)', ['four again']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await db.query('SELECT id FROM t ORDER BY id', [], { rowMode: 'array' })).rows).toEqual([[1], [2]]);
  });

  it('runs a statement outside a transaction after it, not inside it', async () => {
    let inside!: () => void;
    const holding = new Promise<void>((r) => (inside = r));
    const order: string[] = [];
    const tx = db.transaction(async (t) => {
      await t.query('INSERT INTO t (id, name) VALUES (5, $1)', ['five']);
      inside();
      await new Promise((r) => setTimeout(r, 50));
      order.push('transaction');
      await t.rollback();
    });
    await holding;
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t').then((r) => {
      order.push('outside');
      return r.rows[0]!.n;
    });
    await tx;
    // It waited for the transaction, and saw none of what was rolled back.
    expect(await outside).toBe(2);
    expect(order).toEqual(['transaction', 'outside']);
  });

  it('runs the urgent statements waiting before the others, each kind in order', async () => {
    const order: string[] = [];
    const blocker = db.query('SELECT count(*) FROM generate_series(1, 300000) g, LATERAL (SELECT md5(g::text)) m');
    const done = (name: string) => () => void order.push(name);
    const waiting = [
      db.query('SELECT 1').then(done('other 1')),
      db.query('SELECT 2').then(done('other 2')),
      db.urgency.run(true, () => db.query('SELECT 3')).then(done('urgent 1')),
      db.urgency.run(true, () => db.query('SELECT 4')).then(done('urgent 2')),
    ];
    await blocker;
    await Promise.all(waiting);
    expect(order).toEqual(['urgent 1', 'urgent 2', 'other 1', 'other 2']);
  });

  it("gives a COPY's output as a blob", async () => {
    const { blob } = await db.query("COPY (SELECT name FROM t ORDER BY id) TO '/dev/blob'");
    expect(await blob!.text()).toBe('one\ntwo\n');
  });

  it('leaves the event loop free while a long statement runs', async () => {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const t0 = performance.now();
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 10);
    await db.query('SELECT count(*) FROM generate_series(1, 1000000) g, LATERAL (SELECT md5(g::text)) m');
    const took = performance.now() - t0;
    clearInterval(ticking);
    delay.disable();
    // The statement took a while (well over 100 ms on any machine), and the loop turned throughout.
    expect(took).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(took / 10 / 4);
    expect(delay.max / 1e6).toBeLessThan(took / 2);
  });

  it('keeps what it wrote in its directory across a close, and fails statements once closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pglite-thread-'));
    try {
      await copyPgliteTo(dir);
      const first = await PGliteThread.open({ dataDir: dir });
      await first.exec("CREATE TABLE kept (v text); INSERT INTO kept VALUES ('still here')");
      await first.close();
      expect(first.closed).toBe(true);
      await expect(first.query('SELECT 1')).rejects.toThrow(/closed/);
      const again = await PGliteThread.open({ dataDir: dir });
      expect((await again.query('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
