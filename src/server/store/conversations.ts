/**
 * The owner's reads of conversations [ext]: sessions a page at a time with their flags — all
 * worked out by the database, filters and the full-text search included — and one transcript.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  type ConversationFlag,
  type ConversationPage,
  type ConversationSummary,
  type Transcript,
} from '../../protocol/index.ts';
import { rowsOf, type Db } from './db.ts';
import { feedbackData, votesOn } from './feedback.ts';
import { files, leads, messages, sessions } from './schema.ts';

/** What each flag means, as a condition on the session `s`. */
const FLAG_SQL: Record<ConversationFlag, SQL> = {
  unanswered: sql`EXISTS (SELECT 1 FROM messages a WHERE a.session_id = s.id AND a.role = 'answer' AND a.no_answer)`,
  handoff: sql`EXISTS (SELECT 1 FROM leads l WHERE l.session_id = s.id)`,
  ratedDown: sql`EXISTS (SELECT 1 FROM feedback f WHERE f.session_id = s.id AND f.rating = 'down')`,
  rateLimited: sql`s.rate_limited_at IS NOT NULL`,
  files: sql`EXISTS (SELECT 1 FROM messages q WHERE q.session_id = s.id AND q.role = 'question' AND q.file_ids <> '[]'::jsonb)`,
};
const FLAGS = Object.keys(FLAG_SQL) as ConversationFlag[];
/** Every flag of the session `s` as a boolean column named after it. */
const FLAG_COLUMNS = sql.join(
  FLAGS.map((flag) => sql`${FLAG_SQL[flag]} AS ${sql.identifier(flag)}`),
  sql`, `,
);

export interface ConversationFilter {
  chatbot: string;
  start?: Date;
  end?: Date;
  flag?: ConversationFlag;
  query?: string;
  /** The page, as inbox.ts's pageOf gives it. */
  limit: number;
  offset: number;
}

interface SummaryRow {
  id: number;
  created_at: string | Date;
  last_at: string | Date | null;
  page_url: string;
  origin: string;
  questions: number | string;
  first_question: string | null;
  [flag: string]: unknown;
}

const iso = (v: string | Date) => (v instanceof Date ? v : new Date(v)).toISOString();

/** The flags a session's row carries, in the order of CONVERSATION_FLAGS. */
const flagsOf = (row: Record<string, unknown>) => FLAGS.filter((f) => row[f] === true);

export async function listConversations(db: Db, f: ConversationFilter): Promise<ConversationPage> {
  // A session without a message or a lead is one where the chat was opened and nothing was said.
  const where = [
    sql`s.chatbot = ${f.chatbot}`,
    sql`(EXISTS (SELECT 1 FROM messages m WHERE m.session_id = s.id) OR ${FLAG_SQL.handoff})`,
  ];
  if (f.start) where.push(sql`s.created_at >= ${f.start.toISOString()}::timestamptz`);
  if (f.end) where.push(sql`s.created_at < ${f.end.toISOString()}::timestamptz`);
  if (f.flag) where.push(FLAG_SQL[f.flag]);
  const words = f.query?.trim();
  if (words)
    where.push(
      sql`EXISTS (SELECT 1 FROM messages m WHERE m.session_id = s.id AND to_tsvector('simple', m.content) @@ websearch_to_tsquery('simple', ${words}))`,
    );
  const condition = sql.join(where, sql` AND `);
  const [page, total] = await Promise.all([
    db.execute(sql`
      SELECT s.id, s.created_at, s.page_url, s.origin, ${FLAG_COLUMNS},
        (SELECT count(*) FROM messages q WHERE q.session_id = s.id AND q.role = 'question') AS questions,
        (SELECT max(m.created_at) FROM messages m WHERE m.session_id = s.id) AS last_at,
        (SELECT left(q.content, 200) FROM messages q WHERE q.session_id = s.id AND q.role = 'question' ORDER BY q.id LIMIT 1) AS first_question
      FROM sessions s WHERE ${condition}
      ORDER BY s.created_at DESC, s.id DESC
      LIMIT ${f.limit} OFFSET ${f.offset}`),
    db.execute(sql`SELECT count(*) AS n FROM sessions s WHERE ${condition}`),
  ]);
  const items = rowsOf<SummaryRow>(page).map((r): ConversationSummary => ({
    SessionID: r.id,
    StartedAt: iso(r.created_at),
    LastAt: iso(r.last_at ?? r.created_at),
    PageUrl: r.page_url || r.origin,
    Questions: Number(r.questions),
    FirstQuestion: r.first_question ?? '',
    Flags: flagsOf(r),
  }));
  return { Items: items, Total: Number(rowsOf<{ n: number | string }>(total)[0]?.n ?? 0) };
}

/** One session of the chatbot as the visitor saw it, or null when the chatbot has no such session. */
export async function transcriptOf(db: Db, chatbot: string, sessionId: number): Promise<Transcript | null> {
  const [session] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.chatbot, chatbot)))
    .limit(1);
  if (!session) return null;
  const [rows, leadRows, flagRow] = await Promise.all([
    db.select().from(messages).where(eq(messages.sessionId, sessionId)).orderBy(asc(messages.id)),
    db.select().from(leads).where(eq(leads.sessionId, sessionId)).orderBy(asc(leads.id)),
    db.execute(sql`SELECT ${FLAG_COLUMNS} FROM sessions s WHERE s.id = ${sessionId}`),
  ]);
  const fileIds = [...new Set(rows.flatMap((m) => m.fileIds))];
  const [fileRows, votes] = await Promise.all([
    fileIds.length ? db.select().from(files).where(inArray(files.id, fileIds)) : Promise.resolve([]),
    votesOn(
      db,
      rows.filter((m) => m.role === 'answer').map((m) => m.id),
    ),
  ]);
  const fileById = new Map(fileRows.map((file) => [file.id, file]));
  return {
    SessionID: session.id,
    StartedAt: session.createdAt.toISOString(),
    PageUrl: session.pageUrl || session.origin,
    OpenedBy: session.openedBy,
    Flags: flagsOf(rowsOf<Record<string, unknown>>(flagRow)[0] ?? {}),
    Messages: rows.map((m) => {
      const vote = votes.get(m.id);
      return {
        Id: m.id,
        Role: m.role,
        ...(m.agentName ? { AgentName: m.agentName } : {}),
        Content: m.content,
        AskType: m.askType,
        Files: m.fileIds.flatMap((id) => {
          const file = fileById.get(id);
          return file
            ? [{ Id: file.id, Kind: file.kind, MimeType: file.mimeType, Name: file.fileName, Size: file.size }]
            : [];
        }),
        Status: m.status,
        NoAnswer: m.noAnswer,
        ...(m.noAnswer && m.noAnswerReason ? { NoAnswerReason: m.noAnswerReason } : {}),
        CreatedAt: m.createdAt.toISOString(),
        Feedback: vote ? feedbackData(vote) : null,
      };
    }),
    Leads: leadRows.map((l) => ({
      Id: l.id,
      SessionID: l.sessionId,
      Name: l.name,
      Email: l.email,
      Message: l.message,
      CreatedAt: l.createdAt.toISOString(),
    })),
  };
}
