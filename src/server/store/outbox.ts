/**
 * The outbox's rows (mail/outbox.ts composes and sends them): an email queued with the change that
 * causes it; claimed by one instance at a time (SKIP LOCKED) by pushing its next attempt into the
 * future, each attempt waiting twice as long as the one before, until MAX_ATTEMPTS.
 */
import { and, asc, count, eq, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from './db.ts';
import { outbox } from './schema.ts';

/** Attempts at an email before it is given up on (it stays in the outbox, failed). */
export const MAX_ATTEMPTS = 8;

export type Email = Pick<
  typeof outbox.$inferInsert,
  'chatbot' | 'kind' | 'toAddress' | 'subject' | 'body' | 'calendar'
>;
export type QueuedEmail = typeof outbox.$inferSelect;

export async function queueEmail(db: Db, email: Email, now: Date): Promise<void> {
  await db.insert(outbox).values({ ...email, createdAt: now, nextAttemptAt: now });
}

/** Up to `limit` emails due at `now`, each this instance's while its next attempt (a minute, then twice as long each time) has not come. */
export function claimDue(db: Db, now: Date, limit = 20): Promise<QueuedEmail[]> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.sentAt), lte(outbox.nextAttemptAt, now), lt(outbox.attempts, MAX_ATTEMPTS)))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    for (const row of rows)
      await tx
        .update(outbox)
        .set({
          attempts: sql`${outbox.attempts} + 1`,
          nextAttemptAt: new Date(now.getTime() + 60_000 * 2 ** row.attempts),
        })
        .where(eq(outbox.id, row.id));
    return rows;
  });
}

export async function markSent(db: Db, id: number, at: Date): Promise<void> {
  await db.update(outbox).set({ sentAt: at, lastError: '' }).where(eq(outbox.id, id));
}

export async function markFailed(db: Db, id: number, error: string): Promise<void> {
  await db.update(outbox).set({ lastError: error }).where(eq(outbox.id, id));
}

/** Emails not sent: `pending` ones to be tried again, `failed` ones given up on after MAX_ATTEMPTS. */
export async function unsentCount(db: Db, tried: 'pending' | 'failed'): Promise<number> {
  const attempts = tried === 'pending' ? lt(outbox.attempts, MAX_ATTEMPTS) : gte(outbox.attempts, MAX_ATTEMPTS);
  const [row] = await db
    .select({ n: count() })
    .from(outbox)
    .where(and(isNull(outbox.sentAt), attempts));
  return row?.n ?? 0;
}
