/**
 * Sessions, questions and answers. A question is stored once per clientMessageId in its session
 * (a unique index decides, whichever instance asks); its answer row goes streaming → complete,
 * or partial when the asker left, or failed.
 */
import { and, asc, desc, eq, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { conflicting } from './errors.ts';
import { leaseFromNow } from './answer-lease.ts';
import { ANSWER_SETTLED } from './answers-settled.ts';
import type { ChatbotRow } from './chatbots.ts';
import { rowsOf, type Db } from './db.ts';
import type { Asked } from '../engines/reading/asked.ts';
import type { NoAnswerReason } from '../../protocol/index.ts';
import { chatbots, conversationHolds, messages, sessions } from './schema.ts';

export type MessageRow = typeof messages.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export interface SessionStart {
  openedBy: 'visitor' | 'owner';
  clientIp: string;
  origin: string;
  /** The page it was opened from: origin and path, no query (pageUrlOf). */
  pageUrl: string;
}

export async function createSession(db: Db, chatbot: string, start: SessionStart, now: Date): Promise<number> {
  const [row] = await db
    .insert(sessions)
    .values({ chatbot, ...start, createdAt: now })
    .returning({ id: sessions.id });
  return row!.id;
}

/**
 * The page a request came from, for the console: Referer's origin and path (its query and
 * fragment can hold a visitor's data, so they are dropped), else the Origin header, else ''.
 */
export function pageUrlOf(referer: string | undefined, origin: string | undefined): string {
  for (const candidate of [referer, origin]) {
    if (!candidate) continue;
    try {
      const url = new URL(candidate);
      if (url.protocol === 'http:' || url.protocol === 'https:') return `${url.origin}${url.pathname}`.slice(0, 2_000);
    } catch {
      // Not a URL: try the next header.
    }
  }
  return '';
}

/** Marks a session as having had a question refused by a rate limit (the console's flag). */
export async function markRateLimited(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ rateLimitedAt: now }).where(eq(sessions.id, sessionId));
}

/**
 * Every question's reads, built once per app (its context): drizzle otherwise builds a statement's
 * SQL anew on every call, which costs as much as PGlite running it; node-postgres prepares each once
 * per connection (named statements).
 */
export function prepareReads(db: Db) {
  return {
    // With who holds the conversation, if an agent does (store/live.ts): a question then is theirs.
    sessionWithChatbot: db
      .select({ session: sessions, chatbot: chatbots, heldBy: conversationHolds.agentName })
      .from(sessions)
      .leftJoin(chatbots, eq(chatbots.serialNumber, sessions.chatbot))
      .leftJoin(conversationHolds, eq(conversationHolds.sessionId, sessions.id))
      .where(eq(sessions.id, sql.placeholder('id')))
      .limit(1)
      .prepare('session_with_chatbot'),
    // Only what makes a turn: every question reads up to 4 × turns rows, and each column read costs.
    history: db
      .select({
        id: messages.id,
        role: messages.role,
        questionId: messages.questionId,
        status: messages.status,
        content: messages.content,
      })
      .from(messages)
      .where(and(eq(messages.sessionId, sql.placeholder('sessionId')), lt(messages.id, sql.placeholder('before'))))
      .orderBy(desc(messages.id))
      .limit(sql.placeholder('limit'))
      .prepare('history_before'),
  };
}
export type Reads = ReturnType<typeof prepareReads>;

/**
 * A session, its chatbot (null when the chatbot is gone) and the agent holding it (null when none),
 * in one query: every question reads them.
 */
export async function findSessionWithChatbot(
  reads: Reads,
  id: number,
): Promise<{ session: SessionRow; chatbot: ChatbotRow | null; heldBy: string | null } | null> {
  const [row] = await reads.sessionWithChatbot.execute({ id });
  return row ?? null;
}

export interface Question {
  sessionId: number;
  chatbot: string;
  content: string;
  askType: string;
  fileIds: number[];
  clientMessageId: string | null;
}

/** What storing a question found. */
export type Begun =
  /** A new question: generate into answer `answerId`, attempt `attempt`. */
  | { kind: 'new'; questionId: number; answerId: number; attempt: number }
  /** Asked before and answered: give the stored answer, ask nothing. */
  | { kind: 'answered'; questionId: number; answer: MessageRow }
  /** Asked before, but its answer is partial, failed or still streaming elsewhere; `chargedAt`: the question's (http/limits.ts). */
  | { kind: 'unfinished'; questionId: number; answer: MessageRow; chargedAt: Date | null };

/**
 * Stores a question and its empty answer row in one statement (atomic without a transaction's
 * round trips: a question is never seen without its answer). When the session already has this
 * clientMessageId, stores nothing and says what the earlier question came to.
 */
export async function beginQuestion(db: Db, q: Question, now: Date, chargedAt: Date | null = null): Promise<Begun> {
  // drizzle builds no INSERT … SELECT from a data-modifying WITH, so this one is written out.
  const at = now.toISOString();
  const result = await db.execute<{ question_id: number; id: number; attempt: number }>(sql`
    WITH question AS (
      INSERT INTO messages (session_id, chatbot, role, content, ask_type, file_ids, client_message_id, status, charged_at, created_at, updated_at)
      VALUES (${q.sessionId}, ${q.chatbot}, 'question', ${q.content}, ${q.askType}, ${JSON.stringify(q.fileIds)}::jsonb, ${q.clientMessageId}, 'complete', ${chargedAt?.toISOString() ?? null}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)
      ON CONFLICT (session_id, client_message_id) WHERE role = 'question' DO NOTHING
      RETURNING id)
    INSERT INTO messages (session_id, chatbot, role, content, question_id, status, lease_until, created_at, updated_at)
    SELECT ${q.sessionId}, ${q.chatbot}, 'answer', '', id, 'streaming', ${leaseFromNow()}, ${at}::timestamptz, ${at}::timestamptz FROM question
    RETURNING question_id, id, attempt`);
  const [row] = rowsOf<{ question_id: number; id: number; attempt: number }>(result);
  if (row) return { kind: 'new', questionId: row.question_id, answerId: row.id, attempt: row.attempt };
  const found = await existingQuestion(db, q, now);
  if (!found) throw new Error('a conflicting question vanished');
  return found;
}

/** The stored question this one repeats (same session and clientMessageId), with its answer. */
export async function existingQuestion(
  db: Db,
  q: Question,
  now: Date,
): Promise<Exclude<Begun, { kind: 'new' }> | null> {
  if (q.clientMessageId === null) return null;
  const [question] = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.sessionId, q.sessionId),
        eq(messages.clientMessageId, q.clientMessageId),
        eq(messages.role, 'question'),
      ),
    )
    .limit(1);
  if (!question) return null;
  if (
    question.content !== q.content ||
    question.askType !== q.askType ||
    JSON.stringify(question.fileIds) !== JSON.stringify(q.fileIds)
  )
    throw conflicting(
      `clientMessageId "${q.clientMessageId}" was already used for a different question in this session`,
    );
  const [answer] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.questionId, question.id), eq(messages.role, 'answer')))
    .limit(1);
  const found = answer ?? (await insertAnswer(db, q, question.id, now, 'failed'));
  return found.status === 'complete'
    ? { kind: 'answered', questionId: question.id, answer: found }
    : { kind: 'unfinished', questionId: question.id, answer: found, chargedAt: question.chargedAt };
}

async function insertAnswer(
  db: Db,
  q: Question,
  questionId: number,
  now: Date,
  status: MessageRow['status'] = 'streaming',
) {
  const [row] = await db
    .insert(messages)
    .values({
      sessionId: q.sessionId,
      chatbot: q.chatbot,
      role: 'answer',
      content: '',
      questionId,
      status,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return row!;
}

/** Records that the limits counted a question asked again (its charge had been given back). */
export async function markCharged(db: Db, questionId: number, at: Date): Promise<void> {
  await db.update(messages).set({ chargedAt: at }).where(eq(messages.id, questionId));
}

/**
 * Takes an unfinished answer over for a new generation, if it is still as the caller saw it: the
 * same attempt, and not being written — cut short (partial, failed) or its writer gone (its lease
 * lapsed). One statement, so of requests that saw the same attempt at once, one takes it over and
 * the others find it taken (null): an answer is generated by one request at a time, never twice
 * side by side. The earlier writer, should it still run, can no longer finish it (finishAnswer).
 */
export async function takeOverAnswer(db: Db, answerId: number, seenAttempt: number, now: Date): Promise<number | null> {
  const [row] = await db
    .update(messages)
    .set({
      status: 'streaming',
      content: '',
      attempt: sql`${messages.attempt} + 1`,
      leaseUntil: leaseFromNow(),
      updatedAt: now,
    })
    .where(
      and(
        eq(messages.id, answerId),
        eq(messages.attempt, seenAttempt),
        // Cut short, or its writer gone — never complete: a caller may have read it before it ended.
        sql`(${messages.status} IN ('partial', 'failed') OR (${messages.status} = 'streaming' AND (${messages.leaseUntil} IS NULL OR ${messages.leaseUntil} < now())))`,
      ),
    )
    .returning({ attempt: messages.attempt });
  return row?.attempt ?? null;
}

export interface AnswerOutcome {
  content: string;
  status: 'complete' | 'partial' | 'failed';
  totalToken: number;
  noAnswer: boolean;
  /** Why it is marked noAnswer. */
  noAnswerReason?: NoAnswerReason;
  /** What the question searched for, when the engine read a search. */
  asked?: Asked;
  /** The language the engine wrote the answer in, when it knows it. */
  language?: string;
}

/**
 * Stores how the generation ended; false when a later attempt owns the answer now. The same
 * statement sends NOTIFY with the answer's id, delivered as it commits: requests of other
 * instances waiting for this answer read it then (store/answers-settled.ts).
 */
export async function finishAnswer(
  db: Db,
  answerId: number,
  attempt: number,
  outcome: AnswerOutcome,
  now: Date,
): Promise<boolean> {
  const done = db
    .update(messages)
    .set({ ...outcome, leaseUntil: null, updatedAt: now })
    .where(and(eq(messages.id, answerId), eq(messages.attempt, attempt)))
    .returning({ id: messages.id });
  const result = await db.execute(
    sql`WITH done AS (${done.getSQL()}) SELECT pg_notify(${ANSWER_SETTLED}, id::text) FROM done`,
  );
  return rowsOf(result).length === 1;
}

export async function findMessage(db: Db, id: number): Promise<MessageRow | null> {
  const [row] = await db.select().from(messages).where(eq(messages.id, id)).limit(1);
  return row ?? null;
}

/** A message of the conversation as the answer engines read it. */
export type Turn = Pick<MessageRow, 'id' | 'role' | 'questionId' | 'status' | 'content'>;

/**
 * The conversation before a question, oldest first, as whole turns: a question with its answer,
 * when that answer is complete or at least partly written. Turns without one are left out, so the
 * model always sees user and assistant turns alternate (strict chat templates require it).
 */
export async function historyBefore(reads: Reads, sessionId: number, questionId: number, turns = 10): Promise<Turn[]> {
  const rows = await reads.history.execute({ sessionId, before: questionId, limit: turns * 4 });
  const answers = new Map(
    rows.filter((m) => m.role === 'answer' && m.questionId !== null).map((a) => [a.questionId!, a]),
  );
  const out: Turn[] = [];
  for (const question of rows.filter((m) => m.role === 'question').reverse()) {
    const answer = answers.get(question.id);
    if (answer && (answer.status === 'complete' || (answer.status === 'partial' && answer.content.trim() !== '')))
      out.push(question, answer);
  }
  return out.slice(-turns * 2);
}

/**
 * The last `perSession` messages of each of the given sessions (those in [from, to) when given), in
 * order, and how many earlier ones each has that are left out: what an email shows of a
 * conversation, however long it grew (the console has the whole).
 */
export async function lastMessages(
  db: Db,
  sessionIds: number[],
  perSession: number,
  range?: { from: Date; to: Date },
): Promise<{ messages: MessageRow[]; earlier: Map<number, number> }> {
  if (sessionIds.length === 0) return { messages: [], earlier: new Map() };
  const where = and(
    inArray(messages.sessionId, sessionIds),
    ...(range ? [gte(messages.createdAt, range.from), lt(messages.createdAt, range.to)] : []),
  );
  const ranked = db
    .select({
      id: messages.id,
      nth: sql<number>`row_number() OVER (PARTITION BY ${messages.sessionId} ORDER BY ${messages.id} DESC)`.as('nth'),
      total: sql<number>`count(*) OVER (PARTITION BY ${messages.sessionId})`.as('total'),
    })
    .from(messages)
    .where(where)
    .as('ranked');
  const rows = await db
    .select({ message: messages, total: ranked.total })
    .from(messages)
    .innerJoin(ranked, eq(ranked.id, messages.id))
    .where(sql`${ranked.nth} <= ${perSession}`)
    .orderBy(asc(messages.sessionId), asc(messages.id));
  const earlier = new Map<number, number>();
  for (const r of rows) earlier.set(r.message.sessionId, Math.max(0, Number(r.total) - perSession));
  return { messages: rows.map((r) => r.message), earlier };
}

/** Sessions of a chatbot with a message in [from, to). */
export async function sessionsActiveBetween(db: Db, chatbot: string, from: Date, to: Date): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: messages.sessionId })
    .from(messages)
    .where(and(eq(messages.chatbot, chatbot), gte(messages.createdAt, from), lt(messages.createdAt, to)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** The language the session's latest answer was written in (a code such as "es"), or null. */
export async function sessionLanguage(db: Db, sessionId: number): Promise<string | null> {
  const [row] = await db
    .select({ language: messages.language })
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), eq(messages.role, 'answer'), isNotNull(messages.language)))
    .orderBy(desc(messages.id))
    .limit(1);
  return row?.language ?? null;
}
