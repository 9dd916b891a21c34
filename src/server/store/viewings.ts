/**
 * Bookings of viewings [ext] (API.md §3.11): booked into a free slot — the slot checked in the
 * transaction that inserts, and the unique index (schema.ts `viewings_one_per_slot`) the judge of a
 * race between instances — moved, cancelled, listed, and claimed for their reminder by one instance.
 */
import { and, asc, count, eq, gt, gte, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db, Tx } from './db.ts';
import { conflicting } from './errors.ts';
import { viewings } from './schema.ts';
import { freeSlots, slotProblem, type Slot } from './viewing-slots.ts';

export type ViewingRow = typeof viewings.$inferSelect;
type Hours = Parameters<typeof slotProblem>[0];

/** A day of margin around what is asked: no booking lasts longer (ViewingMinutes ≤ 240). */
const MARGIN = 86_400_000;

/** The chatbot's booked slots that touch [from − a day, to + a day) (every listing: one agent shows them). */
export async function bookedSlots(
  db: Db | Tx,
  chatbot: string,
  from: Date,
  to: Date,
  except?: string,
): Promise<Slot[]> {
  return db
    .select({ start: viewings.startAt, end: viewings.endAt })
    .from(viewings)
    .where(
      and(
        eq(viewings.chatbot, chatbot),
        eq(viewings.state, 'booked'),
        lt(viewings.startAt, new Date(to.getTime() + MARGIN)),
        gt(viewings.endAt, new Date(from.getTime() - MARGIN)),
        except ? ne(viewings.id, except) : undefined,
      ),
    );
}

/** The chatbot's free slots from `from` for `days` days (its bookings of every listing taken out). */
export async function chatbotSlots(
  db: Db,
  chatbot: string,
  s: Hours,
  now: Date,
  from?: Date,
  days?: number,
): Promise<Slot[]> {
  const start = from && from > now ? from : now;
  const taken = await bookedSlots(db, chatbot, start, new Date(now.getTime() + s.ViewingDays * 86_400_000));
  return freeSlots(s, now, taken, from, days);
}

export interface NewViewing {
  chatbot: string;
  listing: { id: string; address: string; url: string; mlsNumber: string };
  sessionId: number;
  start: Date;
  name: string;
  email: string;
  phone: string;
  note: string;
  language: string;
  origin: string;
}

/** Whether an error is the one-booking-per-slot index refusing a second booking of a slot. */
function slotTaken(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: string; message?: string };
    if (code === '23505' || /duplicate key/.test(message ?? '')) return true;
  }
  return false;
}

/**
 * Bookings of one chatbot, one transaction at a time: two starts that differ but clash through the
 * buffer (or a grid changed since) are seen by the second, which the unique index alone would let
 * through. Released with the transaction; the index stays the judge of one slot.
 */
const lockChatbot = (tx: Tx, chatbot: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`viewings:${chatbot}`}, 0))`);

const taken = () => conflicting('That time is already taken; please pick another ("start" is not a free slot)');

/** Books a free slot; a slot not free, or taken meanwhile by another request, is a conflict saying why. */
export async function bookViewing(db: Db, s: Hours, v: NewViewing, now: Date): Promise<ViewingRow> {
  try {
    return await db.transaction(async (tx) => {
      await lockChatbot(tx, v.chatbot);
      const problem = slotProblem(s, now, await bookedSlots(tx, v.chatbot, v.start, v.start), v.start);
      if (problem) throw conflicting(`"start" is not a free slot: ${problem}`);
      const [row] = await tx
        .insert(viewings)
        .values({
          id: uuidv7({ msecs: now.getTime() }),
          chatbot: v.chatbot,
          listingId: v.listing.id,
          address: v.listing.address,
          listingUrl: v.listing.url,
          mlsNumber: v.listing.mlsNumber,
          sessionId: v.sessionId,
          startAt: v.start,
          endAt: new Date(v.start.getTime() + s.ViewingMinutes * 60_000),
          name: v.name,
          email: v.email,
          phone: v.phone,
          note: v.note,
          language: v.language,
          origin: v.origin,
          createdAt: now,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    if (slotTaken(error)) throw taken();
    throw error;
  }
}

export async function findViewing(db: Db, id: string): Promise<ViewingRow | null> {
  const [row] = await db.select().from(viewings).where(eq(viewings.id, id)).limit(1);
  return row ?? null;
}

/** Cancels a booking still booked (its SEQUENCE raised); null when it was cancelled already. */
export async function cancelViewing(
  db: Db,
  id: string,
  by: 'visitor' | 'owner',
  now: Date,
): Promise<ViewingRow | null> {
  const [row] = await db
    .update(viewings)
    .set({ state: 'cancelled', cancelledAt: now, cancelledBy: by, sequence: sql`${viewings.sequence} + 1` })
    .where(and(eq(viewings.id, id), eq(viewings.state, 'booked')))
    .returning();
  return row ?? null;
}

/** Moves a booking to another free slot (its SEQUENCE raised, its reminder due again). */
export async function rescheduleViewing(db: Db, s: Hours, id: string, start: Date, now: Date): Promise<ViewingRow> {
  try {
    return await db.transaction(async (tx) => {
      const [found] = await tx.select({ chatbot: viewings.chatbot }).from(viewings).where(eq(viewings.id, id)).limit(1);
      if (found) await lockChatbot(tx, found.chatbot);
      const [current] = await tx.select().from(viewings).where(eq(viewings.id, id)).limit(1).for('update');
      if (!current || current.state !== 'booked') throw conflicting('This booking was cancelled; book a new one');
      const problem = slotProblem(s, now, await bookedSlots(tx, current.chatbot, start, start, id), start);
      if (problem) throw conflicting(`"start" is not a free slot: ${problem}`);
      const [row] = await tx
        .update(viewings)
        .set({
          startAt: start,
          endAt: new Date(start.getTime() + s.ViewingMinutes * 60_000),
          sequence: sql`${viewings.sequence} + 1`,
          remindedAt: null,
        })
        .where(eq(viewings.id, id))
        .returning();
      return row!;
    });
  } catch (error) {
    if (slotTaken(error)) throw taken();
    throw error;
  }
}

/** A page of a chatbot's bookings whose start is in [start, end), soonest first. */
export async function listViewings(
  db: Db,
  chatbot: string,
  range: { start: Date; end: Date },
  state: 'booked' | 'cancelled' | undefined,
  page: number,
  pageSize: number,
): Promise<{ rows: ViewingRow[]; total: number }> {
  const where = and(
    eq(viewings.chatbot, chatbot),
    gte(viewings.startAt, range.start),
    lt(viewings.startAt, range.end),
    state ? eq(viewings.state, state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(viewings)
      .where(where)
      .orderBy(asc(viewings.startAt), asc(viewings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(viewings).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Claims the bookings whose reminder is due (starting within a day, none sent): each by one instance. */
export async function claimReminders(db: Db, now: Date, limit = 50): Promise<ViewingRow[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: viewings.id })
      .from(viewings)
      .where(
        and(
          eq(viewings.state, 'booked'),
          isNull(viewings.remindedAt),
          gt(viewings.startAt, now),
          lte(viewings.startAt, new Date(now.getTime() + MARGIN)),
          // Booked within a day of it: the confirmation just sent is reminder enough.
          sql`${viewings.startAt} - ${viewings.createdAt} > interval '1 day'`,
        ),
      )
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!due.length) return [];
    return tx
      .update(viewings)
      .set({ remindedAt: now })
      .where(
        sql`${viewings.id} IN (${sql.join(
          due.map((d) => sql`${d.id}`),
          sql`, `,
        )})`,
      )
      .returning();
  });
}
