/**
 * RateLimitCount / RateLimitTime (a sliding window per client IP per chatbot, visitors only) and
 * MessageLimit (per calendar month in the chatbot's TimeZone, every asker) — API.md §4. Both are
 * decided inside one transaction under an advisory lock, so instances sharing a database enforce
 * one limit exactly; a refused question leaves no trace in either count. A question whose answer
 * the model server could not give is given back (giveBack): the limits count answers a visitor got.
 */
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Settings } from '../../protocol/index.ts';
import type { Db, Tx } from '../store/db.ts';
import { messages, monthlyCounts, rateEvents } from '../store/schema.ts';
import { localMonth } from '../store/calendar.ts';

export type Refusal = 'rate' | 'month' | null;

class Refused extends Error {
  constructor(readonly reason: 'rate' | 'month') {
    super(reason);
  }
}

export interface Asking {
  chatbot: string;
  settings: Settings;
  clientIp: string;
  visitor: boolean;
  now: Date;
}

const windowed = ({ visitor, settings }: Asking) =>
  visitor && settings.RateLimitCount > 0 && settings.RateLimitTime > 0;

/** Whether any limit counts this question (no rate window for this asker and no MessageLimit: none). */
export const limitsCount = (input: Asking): boolean => windowed(input) || input.settings.MessageLimit >= 0;

/** Counts a question against the limits, or says which one refuses it (then nothing is counted). */
export async function takeQuestion(db: Db, input: Asking): Promise<Refusal> {
  const { chatbot, settings, clientIp, now } = input;
  if (!limitsCount(input)) return null;
  try {
    await db.transaction(async (tx) => {
      if (windowed(input))
        await takeFromWindow(tx, chatbot, clientIp, settings.RateLimitCount, settings.RateLimitTime, now);
      if (settings.MessageLimit >= 0)
        await takeFromMonth(tx, chatbot, localMonth(now, settings.TimeZone), settings.MessageLimit);
    });
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.reason;
    throw error;
  }
}

async function takeFromWindow(tx: Tx, chatbot: string, clientIp: string, limit: number, seconds: number, now: Date) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${chatbot}|${clientIp}`}))`);
  const since = new Date(now.getTime() - seconds * 1000);
  const key = and(eq(rateEvents.chatbot, chatbot), eq(rateEvents.clientIp, clientIp));
  await tx.delete(rateEvents).where(and(key, lte(rateEvents.at, since)));
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(rateEvents)
    .where(and(key, gt(rateEvents.at, since)));
  if ((row?.n ?? 0) >= limit) throw new Refused('rate');
  await tx.insert(rateEvents).values({ chatbot, clientIp, at: now });
}

async function takeFromMonth(tx: Tx, chatbot: string, month: string, limit: number) {
  if (limit === 0) throw new Refused('month');
  const taken = await tx
    .insert(monthlyCounts)
    .values({ chatbot, month, count: 1 })
    .onConflictDoUpdate({
      target: [monthlyCounts.chatbot, monthlyCounts.month],
      set: { count: sql`${monthlyCounts.count} + 1` },
      setWhere: sql`${monthlyCounts.count} < ${limit}`,
    })
    .returning({ count: monthlyCounts.count });
  if (taken.length === 0) throw new Refused('month');
}

/** Seconds until the oldest question of the asker's rate window leaves it (Retry-After of a 429 'rate'); at least 1. */
export async function rateRetryAfter(db: Db, { chatbot, clientIp, settings, now }: Asking): Promise<number> {
  const since = new Date(now.getTime() - settings.RateLimitTime * 1000);
  const [row] = await db
    .select({ oldest: sql<string | null>`min(${rateEvents.at})` })
    .from(rateEvents)
    .where(and(eq(rateEvents.chatbot, chatbot), eq(rateEvents.clientIp, clientIp), gt(rateEvents.at, since)));
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : now.getTime();
  return Math.max(1, Math.ceil((oldest + settings.RateLimitTime * 1000 - now.getTime()) / 1000));
}

/**
 * Gives back what takeQuestion took for question `questionId`, charged at `chargedAt` (its answer
 * failed: the model server could not give one): one event of its rate window, one question of its
 * month, and the question is marked as not charged — so a Retry of it is counted again. Nothing when
 * another request gave it back first.
 */
export async function giveBack(db: Db, input: Asking, questionId: number, chargedAt: Date): Promise<void> {
  const { chatbot, settings, clientIp } = input;
  await db.transaction(async (tx) => {
    const [mine] = await tx
      .update(messages)
      .set({ chargedAt: null })
      .where(and(eq(messages.id, questionId), eq(messages.chargedAt, chargedAt)))
      .returning({ id: messages.id });
    if (!mine) return;
    if (windowed(input)) {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`${chatbot}|${clientIp}`}))`);
      const [event] = await tx
        .select({ id: rateEvents.id })
        .from(rateEvents)
        .where(and(eq(rateEvents.chatbot, chatbot), eq(rateEvents.clientIp, clientIp), eq(rateEvents.at, chargedAt)))
        .limit(1);
      if (event) await tx.delete(rateEvents).where(eq(rateEvents.id, event.id));
    }
    if (settings.MessageLimit >= 0)
      await tx
        .update(monthlyCounts)
        .set({ count: sql`${monthlyCounts.count} - 1` })
        .where(
          and(
            eq(monthlyCounts.chatbot, chatbot),
            eq(monthlyCounts.month, localMonth(chargedAt, settings.TimeZone)),
            gt(monthlyCounts.count, 0),
          ),
        );
  });
}
