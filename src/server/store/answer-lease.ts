/**
 * Who is still writing an answer. A streaming answer row holds a lease, `lease_until`, by the
 * database's clock (one clock for every instance): set when the row starts streaming, renewed by
 * its writer every RENEW_MS while it streams. A lease that lapsed is a writer that is gone — its
 * process was killed, or it lost the database and could not store how the answer ended. Such an
 * answer is taken over at once by a retry of its question (http/routes/chat.ts), and otherwise marked
 * cut by the sweep that every instance runs at start and every SWEEP_MS (http/app.ts): no answer
 * stays `streaming` for longer than a lease and a sweep.
 *
 * The renewal also stores the text each answer has grown to since the last one:
 * what a visitor saw of an answer whose writer was killed is kept, all but its last RENEW_MS, at
 * no cost per fragment — the fragments only grow a string in memory, and the statement that runs
 * every RENEW_MS anyway carries the text.
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

/** A streaming answer to renew: the attempt that owns it, and the text it has grown to when that is to be stored. */
export interface Held {
  answerId: number;
  attempt: number;
  content?: string;
}

/**
 * Extends the leases of the attempts that own these streaming answers, and stores the text given,
 * in one statement; nothing for an answer another attempt took over, or that has ended (its
 * outcome, stored by finishAnswer, is never written over by a renewal that comes after it).
 */
export async function renewLeases(db: Db, held: readonly Held[]): Promise<void> {
  if (!held.length) return;
  // One JSON parameter: both drivers pass it alike, and text needs no array-literal escaping.
  const rows = JSON.stringify(held.map((h) => ({ id: h.answerId, attempt: h.attempt, content: h.content ?? null })));
  await db.execute(sql`
    UPDATE ${messages} SET lease_until = ${leaseFromNow()}, content = COALESCE(held.content, ${messages.content})
    FROM jsonb_to_recordset(${rows}::jsonb) AS held(id int, attempt int, content text)
    WHERE ${messages.id} = held.id AND ${messages.attempt} = held.attempt AND ${messages.status} = 'streaming'`);
}

/** A held answer: its text so far, and how much of it the last renewal that went through stored. */
type Writing = { answerId: number; attempt: number; content: string; stored: number };

/** What the holder renews; unchanged text is not sent again. */
async function renew(db: Db, held: Map<number, Writing>): Promise<void> {
  const sent = [...held.values()].map((w) => ({ w, length: w.content.length }));
  await renewLeases(
    db,
    sent.map(({ w, length }) => ({
      answerId: w.answerId,
      attempt: w.attempt,
      ...(length > w.stored ? { content: w.content } : {}),
    })),
  );
  for (const { w, length } of sent) w.stored = Math.max(w.stored, length);
}

export interface Lease {
  /** The answer's text so far (it only grows within an attempt): stored with the next renewal. */
  grew(content: string): void;
  /** Lets the lease go, for when the attempt ends (its outcome is stored by finishAnswer). */
  release(): void;
}

/**
 * The leases an app's writers hold, renewed together: one statement every RENEW_MS, however many
 * answers stream. One per app (its context), stopped by the app's onClose: two apps on one
 * database each renew their own.
 */
export class LeaseHolder {
  readonly #db: Db;
  readonly #held = new Map<number, Writing>();
  #timer: NodeJS.Timeout | undefined;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Holds the lease of an attempt while it writes its answer: renewed every RENEW_MS with every
   * other answer the app writes, with the text it has grown to; a renewal lost to a slow database is
   * no matter (three may fail before the lease lapses; the text goes with the next).
   */
  hold(answerId: number, attempt: number): Lease {
    this.#timer ??= setInterval(() => void renew(this.#db, this.#held).catch(() => undefined), RENEW_MS);
    const writing: Writing = { answerId, attempt, content: '', stored: 0 };
    this.#held.set(answerId, writing);
    return {
      grew: (content) => void (writing.content = content),
      release: () => {
        if (this.#held.get(answerId) !== writing) return;
        this.#held.delete(answerId);
        if (!this.#held.size) this.close();
      },
    };
  }

  /** Stops renewing (the app closes; an answer still held is the shutdown's to end). */
  close(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}

/** Milliseconds left on a streaming answer's lease; 0 when it lapsed (or the answer is not streaming). */
export async function leaseLeft(db: Db, answerId: number): Promise<number> {
  const result = await db.execute(
    sql`SELECT GREATEST(0, EXTRACT(EPOCH FROM (${messages.leaseUntil} - now())) * 1000)::float8 AS left FROM ${messages} WHERE ${messages.id} = ${answerId} AND ${messages.status} = 'streaming'`,
  );
  return Number(rowsOf<{ left: number | null }>(result)[0]?.left ?? 0);
}

/**
 * Marks every streaming answer whose lease lapsed as cut: `partial` with the text its renewals
 * stored — what the visitor saw of it, but for the last moments — or `failed` when none was stored;
 * and wakes whoever waits for it, in every instance (NOTIFY). Returns the ids it marked. A row
 * without a lease predates leases: its writer is gone too.
 */
export async function sweepLapsed(db: Db): Promise<number[]> {
  const result = await db.execute(sql`
    WITH swept AS (
      UPDATE ${messages} SET status = CASE WHEN ${messages.content} = '' THEN 'failed' ELSE 'partial' END, lease_until = NULL, updated_at = now()
      WHERE ${messages.status} = 'streaming' AND (${messages.leaseUntil} IS NULL OR ${messages.leaseUntil} < now())
      RETURNING id)
    SELECT id, pg_notify(${ANSWER_SETTLED}, id::text) FROM swept`);
  return rowsOf<{ id: number }>(result).map((r) => Number(r.id));
}
