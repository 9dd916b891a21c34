/**
 * The rows of an export [ext], read a batch at a time (keyset paging), so a year of conversations
 * never sits in memory: messages session by session with their votes, or votes with the question
 * and answer they are about.
 */
import { sql } from 'drizzle-orm';
import type { DayRange } from './calendar.ts';
import { rowsOf, type Db } from './db.ts';

const ROWS_PER_BATCH = 500;

export interface ExportMessage {
  session_id: number;
  session_started_at: Date | string;
  page_url: string;
  id: number;
  role: 'question' | 'answer' | 'agent';
  /** An agent's turn: their name. */
  agent_name: string | null;
  created_at: Date | string;
  content: string;
  status: string;
  no_answer: boolean;
  ask_type: string;
  file_ids: number[];
  rating: 'up' | 'down' | null;
  reasons: string[] | null;
  comment: string | null;
}

export interface ExportVote {
  answer_id: number;
  session_id: number;
  rating: 'up' | 'down';
  reasons: string[];
  comment: string;
  updated_at: Date | string;
  question: string | null;
  answer: string;
}

/**
 * The chatbot's messages in the range, session by session (in session order, then message order),
 * each with its session's start and page and its vote. Batches follow the (session, message) index,
 * so together they read it once, however many batches there are.
 */
export async function* messagesIn(db: Db, chatbot: string, range: DayRange): AsyncGenerator<ExportMessage> {
  let after = { session: 0, id: 0 };
  for (;;) {
    const rows = rowsOf<ExportMessage>(
      await db.execute(sql`SELECT m.session_id, s.created_at AS session_started_at, coalesce(nullif(s.page_url, ''), s.origin) AS page_url,
          m.id, m.role, m.created_at, m.content, m.status, m.no_answer, m.ask_type, m.file_ids, f.rating, f.reasons, f.comment, m.agent_name
        FROM messages m JOIN sessions s ON s.id = m.session_id LEFT JOIN feedback f ON f.answer_id = m.id
        WHERE m.chatbot = ${chatbot} AND (m.session_id, m.id) > (${after.session}, ${after.id})
          AND m.created_at >= ${range.start.toISOString()}::timestamptz AND m.created_at < ${range.end.toISOString()}::timestamptz
        ORDER BY m.session_id, m.id LIMIT ${ROWS_PER_BATCH}`),
    );
    if (rows.length === 0) return;
    yield* rows;
    const last = rows[rows.length - 1]!;
    after = { session: last.session_id, id: last.id };
  }
}

/** The chatbot's votes given or changed in the range, in answer order, with their question and answer. */
export async function* votesIn(db: Db, chatbot: string, range: DayRange): AsyncGenerator<ExportVote> {
  let after = 0;
  for (;;) {
    const rows = rowsOf<ExportVote>(
      await db.execute(sql`SELECT f.answer_id, f.session_id, f.rating, f.reasons, f.comment, f.updated_at, q.content AS question, a.content AS answer
        FROM feedback f JOIN messages a ON a.id = f.answer_id LEFT JOIN messages q ON q.id = a.question_id
        WHERE f.chatbot = ${chatbot} AND f.answer_id > ${after}
          AND f.updated_at >= ${range.start.toISOString()}::timestamptz AND f.updated_at < ${range.end.toISOString()}::timestamptz
        ORDER BY f.answer_id LIMIT ${ROWS_PER_BATCH}`),
    );
    if (rows.length === 0) return;
    yield* rows;
    after = rows[rows.length - 1]!.answer_id;
  }
}
