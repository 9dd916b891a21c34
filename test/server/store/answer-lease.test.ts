/**
 * The leases of streaming answers (store/answer-lease.ts), on the embedded database and on
 * PostgreSQL: a process renews every answer it writes in one statement, only the attempt that owns
 * each, only while it streams — and an answer let go is renewed no more.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LeaseHolder,
  leaseLeft,
  LEASE_MS,
  RENEW_MS,
  renewLeases,
  sweepLapsed,
} from '../../../src/server/store/answer-lease.ts';
import { openStore, rowsOf, type Store } from '../../../src/server/store/db.ts';
import { beginQuestion, createSession, findMessage, takeOverAnswer } from '../../../src/server/store/messages.ts';
import { createChatbot, defaultSettings } from '../../../src/server/store/chatbots.ts';
import { messages, owners } from '../../../src/server/store/schema.ts';
import { freshDatabase } from '../../support/database.ts';

let store: Store;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let sessionId: number;
let serial: string;
let asked = 0;

beforeAll(async () => {
  database = await freshDatabase();
  store = await openStore(database.options);
  const [owner] = await store.db.insert(owners).values({ name: 'Lease' }).returning();
  serial = await createChatbot(store.db, owner!.id, defaultSettings('UTC', 'offline'));
  sessionId = await createSession(
    store.db,
    serial,
    { openedBy: 'visitor', clientIp: '127.0.0.1', origin: '', pageUrl: '' },
    new Date(),
  );
});

afterAll(async () => {
  await store?.close();
  await database?.drop();
});

/** A question just asked: its answer streaming, attempt 0, its lease made to have lapsed. */
async function lapsedAnswer(): Promise<{ answerId: number; attempt: number }> {
  const begun = await beginQuestion(
    store.db,
    { sessionId, chatbot: serial, content: `question ${++asked}`, askType: 'Text', fileIds: [], clientMessageId: null },
    new Date(),
  );
  if (begun.kind !== 'new') throw new Error('expected a new question');
  await store.db
    .update(messages)
    .set({ leaseUntil: sql`now() - interval '1 second'` })
    .where(eq(messages.id, begun.answerId));
  return { answerId: begun.answerId, attempt: begun.attempt };
}

/** The database's clock now, in whole ms since the epoch (the clock leases are set and read by, as a Date holds it). */
async function databaseNow(): Promise<number> {
  const result = await store.db.execute(sql`SELECT (EXTRACT(EPOCH FROM now()) * 1000)::float8 AS at`);
  return Math.floor(Number(rowsOf<{ at: number }>(result)[0]!.at));
}

/** When an answer's lease ends, in ms since the epoch. */
async function leaseUntil(answerId: number): Promise<number> {
  const [row] = await store.db.select({ until: messages.leaseUntil }).from(messages).where(eq(messages.id, answerId));
  return row!.until!.getTime();
}

describe('leases of streaming answers', () => {
  it('are renewed together in one statement, each only for the attempt that owns it and only while it streams', async () => {
    const [a, b, taken, done] = [
      await lapsedAnswer(),
      await lapsedAnswer(),
      await lapsedAnswer(),
      await lapsedAnswer(),
    ];
    // `taken` was taken over by a retry (a later attempt); `done` is complete.
    expect(await takeOverAnswer(store.db, taken.answerId, taken.attempt, new Date())).toBe(taken.attempt + 1);
    await store.db
      .update(messages)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(messages.id, taken.answerId));
    await store.db.update(messages).set({ status: 'complete', leaseUntil: null }).where(eq(messages.id, done.answerId));
    for (const x of [a, b, taken, done]) expect(await leaseLeft(store.db, x.answerId)).toBe(0);

    // The renewal happens between two readings of the database's clock: each lease it renews ends
    // LEASE_MS after a moment between them.
    const before = await databaseNow();
    await renewLeases(store.db, [a, b, taken, done]);
    const after = await databaseNow();
    for (const x of [a, b]) {
      const until = await leaseUntil(x.answerId);
      expect(until).toBeGreaterThanOrEqual(before + LEASE_MS);
      expect(until).toBeLessThanOrEqual(after + LEASE_MS);
    }
    expect(await leaseLeft(store.db, taken.answerId)).toBe(0);
    expect(await leaseLeft(store.db, done.answerId)).toBe(0);
    await renewLeases(store.db, []);
  });

  it('are renewed every RENEW_MS while held, and no more once let go', { timeout: 15_000 }, async () => {
    const [a, b] = [await lapsedAnswer(), await lapsedAnswer()];
    const leases = new LeaseHolder(store.db);
    const { release: releaseA } = leases.hold(a.answerId, a.attempt);
    const { release: releaseB } = leases.hold(b.answerId, b.attempt);
    await expect
      .poll(() => leaseLeft(store.db, a.answerId), { timeout: RENEW_MS * 2, interval: 100 })
      .toBeGreaterThan(0);
    expect(await leaseLeft(store.db, b.answerId)).toBeGreaterThan(0);
    releaseA();
    // b still held: renewed again; a let go: its lease is left to run out.
    await store.db
      .update(messages)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(messages.id, a.answerId));
    await store.db
      .update(messages)
      .set({ leaseUntil: sql`now() - interval '1 second'` })
      .where(eq(messages.id, b.answerId));
    await expect
      .poll(() => leaseLeft(store.db, b.answerId), { timeout: RENEW_MS * 2, interval: 100 })
      .toBeGreaterThan(0);
    expect(await leaseLeft(store.db, a.answerId)).toBe(0);
    releaseB();
  });

  it(
    "are each app's own: a holder closed with its app renews no more, and another on the same database goes on",
    { timeout: 15_000 },
    async () => {
      const [a, b] = [await lapsedAnswer(), await lapsedAnswer()];
      const [closing, going] = [new LeaseHolder(store.db), new LeaseHolder(store.db)];
      closing.hold(a.answerId, a.attempt);
      const kept = going.hold(b.answerId, b.attempt);
      closing.close();
      await expect
        .poll(() => leaseLeft(store.db, b.answerId), { timeout: RENEW_MS * 2, interval: 100 })
        .toBeGreaterThan(0);
      expect(await leaseLeft(store.db, a.answerId)).toBe(0);
      kept.release();
    },
  );

  it('are taken over by one request only, only once lapsed or cut short, and never once complete', async () => {
    // Ten requests that saw the same attempt of an answer whose writer is gone, at once: one takes it over.
    const gone = await lapsedAnswer();
    const taken = await Promise.all(
      Array.from({ length: 10 }, () => takeOverAnswer(store.db, gone.answerId, gone.attempt, new Date())),
    );
    const next = gone.attempt + 1;
    expect(taken.filter((a) => a !== null)).toEqual([next]);
    // Its new writer holds a fresh lease: not taken over, whichever attempt a request saw.
    expect(await takeOverAnswer(store.db, gone.answerId, next, new Date())).toBeNull();
    expect(await takeOverAnswer(store.db, gone.answerId, gone.attempt, new Date())).toBeNull();
    // Cut short (partial), it is taken over at once, lease or none.
    await store.db.update(messages).set({ status: 'partial' }).where(eq(messages.id, gone.answerId));
    expect(await takeOverAnswer(store.db, gone.answerId, next, new Date())).toBe(next + 1);
    // Complete — though a request may have read it still streaming just before it ended — it is never taken over.
    await store.db.update(messages).set({ status: 'complete', leaseUntil: null }).where(eq(messages.id, gone.answerId));
    expect(await takeOverAnswer(store.db, gone.answerId, next + 1, new Date())).toBeNull();
  });

  it(
    'store the text an answer has grown to with the renewal, never over how it ended',
    { timeout: 15_000 },
    async () => {
      const [growing, ended] = [await lapsedAnswer(), await lapsedAnswer()];
      const lease = new LeaseHolder(store.db).hold(growing.answerId, growing.attempt);
      lease.grew('The one on Cedar Lane');
      await expect
        .poll(async () => (await findMessage(store.db, growing.answerId))?.content, {
          timeout: RENEW_MS * 2,
          interval: 100,
        })
        .toBe('The one on Cedar Lane');
      lease.grew('The one on Cedar Lane has the biggest yard');
      await expect
        .poll(async () => (await findMessage(store.db, growing.answerId))?.content, {
          timeout: RENEW_MS * 2,
          interval: 100,
        })
        .toBe('The one on Cedar Lane has the biggest yard');
      lease.release();
      // A renewal that comes after the outcome was stored leaves it as it is.
      await store.db
        .update(messages)
        .set({ status: 'complete', content: 'The whole answer.', leaseUntil: null })
        .where(eq(messages.id, ended.answerId));
      await renewLeases(store.db, [{ ...ended, content: 'The whole' }]);
      expect(await findMessage(store.db, ended.answerId)).toMatchObject({
        status: 'complete',
        content: 'The whole answer.',
      });
    },
  );

  it('lapsed, are swept as cut: partial with the text stored, failed when none was', async () => {
    const [spoke, silent] = [await lapsedAnswer(), await lapsedAnswer()];
    await store.db.update(messages).set({ content: 'Three homes have a yard' }).where(eq(messages.id, spoke.answerId));
    const swept = await sweepLapsed(store.db);
    expect(swept).toEqual(expect.arrayContaining([spoke.answerId, silent.answerId]));
    expect(await findMessage(store.db, spoke.answerId)).toMatchObject({
      status: 'partial',
      content: 'Three homes have a yard',
      leaseUntil: null,
    });
    expect(await findMessage(store.db, silent.answerId)).toMatchObject({
      status: 'failed',
      content: '',
      leaseUntil: null,
    });
  });
});
