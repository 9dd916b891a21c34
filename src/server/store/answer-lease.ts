/**
 * Who is still writing an answer. A streaming answer row holds a lease, `lease_until`, by the
 * database's clock (one clock for every instance): set when the row starts streaming, renewed by
 * its writer every RENEW_MS while it streams. A lease that lapsed is a writer that is gone — its
 * process was killed, or it lost the database and could not store how the answer ended. Such an
 * answer is taken over at once by a retry of its question (routes/chat.ts), and otherwise marked
 * failed by the sweep that every instance runs at start and every SWEEP_MS (app.ts): no answer
 * stays `streaming` for longer than a lease and a sweep.
 */
import { sql } from 'drizzle-orm';
import { ANSWER_SETTLED } from './answers-settled.ts';
import { rowsOf, type Db } from './db.ts';
import { messages } from './schema.ts';

/** How long a lease lasts unrenewed: a retry after a writer died waits at most this long. */
export const LEASE_MS = 6_000;
/** How often a writer renews its lease: three renewals may fail (a slow database) before it lapses. */
export const RENEW_MS = 2_000;
/** How often each instance sweeps lapsed leases. */
export const SWEEP_MS = 10_000;

/** `now() + LEASE_MS`, as SQL. */
export const leaseFromNow = () => sql`now() + ${LEASE_MS} * interval '1 millisecond'`;

/**
 * Extends the leases of the attempts that own these streaming answers, in one statement; nothing for
 * an answer another attempt took over.
 */
export async function renewLeases(db: Db, held: readonly { answerId: number; attempt: number }[]): Promise<void> {
  if (!held.length) return;
  // Integer arrays as literals: both drivers take a text parameter cast to int[] alike.
  const ids = `{${held.map((h) => h.answerId).join(',')}}`;
  const attempts = `{${held.map((h) => h.attempt).join(',')}}`;
  await db.execute(sql`
    UPDATE ${messages} SET lease_until = ${leaseFromNow()}
    FROM unnest(${ids}::int[], ${attempts}::int[]) AS held(id, attempt)
    WHERE ${messages.id} = held.id AND ${messages.attempt} = held.attempt AND ${messages.status} = 'streaming'`);
}

/** The answers each database's writers of this process hold, renewed together: one statement every RENEW_MS, however many stream. */
const holders = new WeakMap<Db, { held: Map<number, { answerId: number; attempt: number }>; timer: NodeJS.Timeout }>();

/**
 * Holds the lease of an attempt while it writes its answer: renewed every RENEW_MS with every other
 * answer this process writes to the same database; a renewal lost to a slow database is no matter
 * (three may fail before the lease lapses). Returns the release, for when the attempt ends.
 */
export function holdLease(db: Db, answerId: number, attempt: number): () => void {
  let holder = holders.get(db);
  if (!holder) {
    const held = new Map<number, { answerId: number; attempt: number }>();
    const timer = setInterval(() => void renewLeases(db, [...held.values()]).catch(() => undefined), RENEW_MS);
    holders.set(db, (holder = { held, timer }));
  }
  const h = holder;
  h.held.set(answerId, { answerId, attempt });
  return () => {
    if (h.held.get(answerId)?.attempt !== attempt) return;
    h.held.delete(answerId);
    if (h.held.size) return;
    clearInterval(h.timer);
    holders.delete(db);
  };
}

/** Milliseconds left on a streaming answer's lease; 0 when it lapsed (or the answer is not streaming). */
export async function leaseLeft(db: Db, answerId: number): Promise<number> {
  const result = await db.execute(
    sql`SELECT GREATEST(0, EXTRACT(EPOCH FROM (${messages.leaseUntil} - now())) * 1000)::float8 AS left FROM ${messages} WHERE ${messages.id} = ${answerId} AND ${messages.status} = 'streaming'`,
  );
  return Number(rowsOf<{ left: number | null }>(result)[0]?.left ?? 0);
}

/**
 * Marks every streaming answer whose lease lapsed as failed (its text was never stored: a writer
 * stores the text with the outcome), and wakes whoever waits for it, in every instance (NOTIFY).
 * Returns the ids it marked. A row without a lease predates leases: its writer is gone too.
 */
export async function sweepLapsed(db: Db): Promise<number[]> {
  const result = await db.execute(sql`
    WITH swept AS (
      UPDATE ${messages} SET status = 'failed', lease_until = NULL, updated_at = now()
      WHERE ${messages.status} = 'streaming' AND (${messages.leaseUntil} IS NULL OR ${messages.leaseUntil} < now())
      RETURNING id)
    SELECT id, pg_notify(${ANSWER_SETTLED}, id::text) FROM swept`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}
