/**
 * A person in the chat [ext]: the events of conversations happening now (kept to be replayed, and
 * announced on PostgreSQL with NOTIFY — store/live-bus.ts), the event streams open on every
 * instance (an owner's makes an agent present), and the conversations agents hold.
 */
import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from './db-types.ts';
import { conversationHolds, leads, liveEvents, liveStreams, messages } from './schema.ts';

export type LiveRow = typeof liveEvents.$inferSelect;
export type NewLiveEvent = Omit<typeof liveEvents.$inferInsert, 'id'>;
export type HoldRow = typeof conversationHolds.$inferSelect;
/** A question as it is stored (messages.ts Question: the same fields, from the schema). */
type HeldQuestion = Pick<
  typeof messages.$inferInsert,
  'sessionId' | 'chatbot' | 'content' | 'askType' | 'fileIds' | 'clientMessageId'
>;

/** The NOTIFY channel of live events; the payload is the event's id. */
export const LIVE_CHANNEL = 'chat_bot_live';

/** A stream whose instance has not renewed it for this long is gone (the instance died): it no longer counts. */
export const STREAM_STALE_MS = 90_000;

/** Stores an event; `notify`: and tells every instance listening on the same PostgreSQL. */
export async function storeEvent(db: Db, event: NewLiveEvent, notify: boolean): Promise<LiveRow> {
  const [row] = await db.insert(liveEvents).values(event).returning();
  // After the insert has committed: an instance told of the id finds its row. The payload names whose
  // it is too, so an instance with no stream of that chatbot or session reads nothing.
  if (notify)
    await db.execute(sql`SELECT pg_notify(${LIVE_CHANNEL}, ${`${row!.id} ${audienceKey(audienceOf(row!))}`})`);
  return row!;
}

export async function eventById(db: Db, id: number): Promise<LiveRow | null> {
  const [row] = await db.select().from(liveEvents).where(eq(liveEvents.id, id)).limit(1);
  return row ?? null;
}

/** Whose events a stream receives: an owner's, of a chatbot; a visitor's, of a session. */
export type Audience = { kind: 'owner'; chatbot: string } | { kind: 'visitor'; sessionId: number };

/** An audience as one word: `o:<chatbot>` or `v:<session>` (the NOTIFY payload's second part). */
export const audienceKey = (a: Audience) => (a.kind === 'owner' ? `o:${a.chatbot}` : `v:${a.sessionId}`);

export const audienceOf = (row: LiveRow): Audience =>
  row.audience === 'owner' ? { kind: 'owner', chatbot: row.chatbot } : { kind: 'visitor', sessionId: row.sessionId };

/** The events for `audience` after `afterId`, kept since `since`, oldest first, at most `limit`. */
export async function eventsSince(
  db: Db,
  audience: Audience,
  afterId: number,
  since: Date,
  limit: number,
): Promise<LiveRow[]> {
  const whose =
    audience.kind === 'owner'
      ? and(eq(liveEvents.audience, 'owner'), eq(liveEvents.chatbot, audience.chatbot))
      : and(eq(liveEvents.audience, 'visitor'), eq(liveEvents.sessionId, audience.sessionId));
  return db
    .select()
    .from(liveEvents)
    .where(and(whose, gt(liveEvents.id, afterId), gt(liveEvents.createdAt, since)))
    .orderBy(asc(liveEvents.id))
    .limit(limit);
}

/** The highest event id now: where a new stream without Last-Event-ID starts. */
export async function lastEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<number | null>`max(${liveEvents.id})` }).from(liveEvents);
  return Number(row?.id ?? 0);
}

export async function pruneEvents(db: Db, before: Date): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, before));
}

/* The streams open now. */

export interface OpenStream {
  id: string;
  kind: 'owner' | 'visitor';
  chatbot: string;
  sessionId: number | null;
  address: string;
}

/**
 * Registers a stream unless its session or its address already has as many as allowed open (on
 * any instance): then null. Counted and inserted apart — two opened at once may both pass; the
 * bound is what it is for (a visitor cannot open streams without end), not an exact count.
 */
export async function registerStream(
  db: Db,
  stream: OpenStream,
  limits: { perSession: number; perAddress: number },
  now: Date,
): Promise<'session' | 'address' | null> {
  const fresh = gt(liveStreams.seenAt, new Date(now.getTime() - STREAM_STALE_MS));
  if (stream.kind === 'visitor') {
    const [bySession, byAddress] = await Promise.all([
      db.$count(liveStreams, and(eq(liveStreams.sessionId, stream.sessionId ?? 0), fresh)),
      db.$count(liveStreams, and(eq(liveStreams.kind, 'visitor'), eq(liveStreams.address, stream.address), fresh)),
    ]);
    if (bySession >= limits.perSession) return 'session';
    if (byAddress >= limits.perAddress) return 'address';
  }
  await db.insert(liveStreams).values({ ...stream, seenAt: now });
  return null;
}

export async function renewStreams(db: Db, ids: string[], now: Date): Promise<void> {
  if (ids.length) await db.update(liveStreams).set({ seenAt: now }).where(inArray(liveStreams.id, ids));
}

export async function unregisterStream(db: Db, id: string): Promise<void> {
  await db.delete(liveStreams).where(eq(liveStreams.id, id));
}

/** Whether an agent is present for the chatbot: an owner's stream of it is open on some instance. */
export async function agentPresent(db: Db, chatbot: string, now: Date): Promise<boolean> {
  const n = await db.$count(
    liveStreams,
    and(
      eq(liveStreams.chatbot, chatbot),
      eq(liveStreams.kind, 'owner'),
      gt(liveStreams.seenAt, new Date(now.getTime() - STREAM_STALE_MS)),
    ),
  );
  return n > 0;
}

/** Forgets the streams of instances that died (not renewed since `before`). */
export async function sweepStreams(db: Db, before: Date): Promise<void> {
  await db.delete(liveStreams).where(lt(liveStreams.seenAt, before));
}

/* The conversations agents hold. */

export async function holdOf(db: Db, sessionId: number): Promise<HoldRow | null> {
  const [row] = await db.select().from(conversationHolds).where(eq(conversationHolds.sessionId, sessionId)).limit(1);
  return row ?? null;
}

/**
 * The conversation held by `name`: taken, or still theirs. Another agent's hold is kept unless
 * `force`: then `{ heldBy }`. `previous`: whose it was, when it changed hands.
 */
export async function takeConversation(
  db: Db,
  hold: { chatbot: string; sessionId: number; name: string; force: boolean },
  now: Date,
): Promise<{ taken: HoldRow; previous: string | null } | { heldBy: string }> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(conversationHolds)
      .where(eq(conversationHolds.sessionId, hold.sessionId))
      .for('update');
    if (current && current.agentName !== hold.name && !hold.force) return { heldBy: current.agentName };
    if (current?.agentName === hold.name) {
      const [kept] = await tx
        .update(conversationHolds)
        .set({ activeAt: now })
        .where(eq(conversationHolds.sessionId, hold.sessionId))
        .returning();
      return { taken: kept!, previous: null };
    }
    const values = {
      chatbot: hold.chatbot,
      sessionId: hold.sessionId,
      agentName: hold.name,
      takenAt: now,
      activeAt: now,
    };
    const [taken] = await tx
      .insert(conversationHolds)
      .values(values)
      .onConflictDoUpdate({ target: conversationHolds.sessionId, set: { ...values, firstReplyAt: null } })
      .returning();
    return { taken: taken!, previous: current?.agentName ?? null };
  });
}

/** Releases the conversation; the hold it had, if any. */
export async function releaseConversation(db: Db, sessionId: number): Promise<HoldRow | null> {
  const [row] = await db.delete(conversationHolds).where(eq(conversationHolds.sessionId, sessionId)).returning();
  return row ?? null;
}

/** Releases the holds no agent has taken or replied in since `before` (one instance gets each). */
export async function releaseIdle(db: Db, before: Date): Promise<HoldRow[]> {
  return db.delete(conversationHolds).where(lt(conversationHolds.activeAt, before)).returning();
}

/**
 * Stores an agent's reply in a conversation they hold, as a turn of the transcript; null when no
 * agent holds it now. The first reply after a live handoff is what Insights time.
 */
export async function storeAgentReply(
  db: Db,
  reply: { chatbot: string; sessionId: number; content: string },
  now: Date,
): Promise<{ id: number; name: string } | null> {
  return db.transaction(async (tx) => {
    const [hold] = await tx
      .update(conversationHolds)
      .set({
        activeAt: now,
        firstReplyAt: sql`coalesce(${conversationHolds.firstReplyAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(conversationHolds.sessionId, reply.sessionId))
      .returning();
    if (!hold) return null;
    const [row] = await tx
      .insert(messages)
      .values({
        sessionId: reply.sessionId,
        chatbot: reply.chatbot,
        role: 'agent',
        agentName: hold.agentName,
        content: reply.content,
        status: 'complete',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: messages.id });
    await tx
      .update(leads)
      .set({ firstReplyAt: now })
      .where(and(eq(leads.sessionId, reply.sessionId), eq(leads.live, true), sql`${leads.firstReplyAt} IS NULL`));
    return { id: row!.id, name: hold.agentName };
  });
}

/**
 * A question asked while an agent holds the conversation: stored (once per clientMessageId), no
 * answer written. Its id, and whether it had been stored before (a retry).
 */
export async function storeHeldQuestion(
  db: Db,
  q: HeldQuestion,
  now: Date,
): Promise<{ id: number; repeated: boolean }> {
  const [row] = await db
    .insert(messages)
    .values({ ...q, role: 'question', status: 'complete', createdAt: now, updatedAt: now })
    .onConflictDoNothing({
      target: [messages.sessionId, messages.clientMessageId],
      where: sql`${messages.role} = 'question'`,
    })
    .returning({ id: messages.id });
  if (row) return { id: row.id, repeated: false };
  const [before] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.sessionId, q.sessionId),
        eq(messages.role, 'question'),
        eq(messages.clientMessageId, q.clientMessageId ?? ''),
      ),
    )
    .limit(1);
  return { id: before!.id, repeated: true };
}
