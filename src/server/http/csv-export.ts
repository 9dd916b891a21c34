/**
 * Export [ext]: conversations or votes of a range as CSV (UTF-8 with a BOM, so spreadsheet
 * programs read the text right) or JSON, written as the rows are read — a Readable pulled by the
 * response, so a slow download holds back the reading, and memory stays flat however long the range.
 */
import { Readable } from 'node:stream';
import { answerText, cardsOf, parseSuggestions } from '../../protocol/index.ts';
import type { Db } from '../store/db.ts';
import { messagesIn, votesIn, type ExportMessage, type ExportVote } from '../store/export.ts';
import type { DayRange } from '../store/calendar.ts';

const iso = (v: Date | string) => new Date(v).toISOString();

/**
 * One CSV field: quoted when it must be, and — visitors wrote these words — a leading = + - @ or
 * control character neutralised with a quote mark, so a spreadsheet never runs it as a formula.
 */
export function csvField(value: string | number | boolean | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const csvLine = (fields: (string | number | boolean | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

const CONVERSATION_COLUMNS = [
  'session_id',
  'session_started_at',
  'page_url',
  'message_id',
  'role',
  'created_at',
  'content',
  'status',
  'no_answer',
  'ask_type',
  'file_ids',
  'rating',
  'reasons',
  'comment',
  // Last: a column added later leaves the earlier ones where readers expect them.
  'agent_name',
];
const FEEDBACK_COLUMNS = [
  'answer_id',
  'session_id',
  'rating',
  'reasons',
  'comment',
  'updated_at',
  'question',
  'answer',
];

/**
 * What a reader of the export sees of a message: an answer's prose with a numbered line per listing
 * its cards show (answerText, as the emails have it) — never the raw data blocks; a question as asked.
 */
const readable = (m: { role: string; content: string }) => (m.role === 'answer' ? answerText(m.content) : m.content);

const messageJson = (m: ExportMessage) => ({
  Id: m.id,
  Role: m.role,
  ...(m.agent_name ? { AgentName: m.agent_name } : {}),
  CreatedAt: iso(m.created_at),
  Content: readable(m),
  // An answer's data blocks, as data: the listings its cards show and the suggestions it offered.
  ...(m.role === 'answer' ? { Listings: cardsOf(m.content), Suggestions: parseSuggestions(m.content) } : {}),
  Status: m.status,
  NoAnswer: m.no_answer,
  AskType: m.ask_type,
  FileIds: m.file_ids,
  Feedback: m.rating ? { Rating: m.rating, Reasons: m.reasons ?? [], Comment: m.comment ?? '' } : null,
});
const voteJson = (v: ExportVote) => ({
  AnswerID: v.answer_id,
  SessionID: v.session_id,
  Rating: v.rating,
  Reasons: v.reasons,
  Comment: v.comment,
  UpdatedAt: iso(v.updated_at),
  Question: v.question ?? '',
  Answer: answerText(v.answer),
  Listings: cardsOf(v.answer),
});

async function* csvConversations(db: Db, chatbot: string, range: DayRange): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(CONVERSATION_COLUMNS)}`;
  for await (const m of messagesIn(db, chatbot, range))
    yield csvLine([
      m.session_id,
      iso(m.session_started_at),
      m.page_url,
      m.id,
      m.role,
      iso(m.created_at),
      readable(m),
      m.status,
      m.no_answer,
      m.ask_type,
      m.file_ids.join(' '),
      m.rating,
      (m.reasons ?? []).join(' '),
      m.comment,
      m.agent_name,
    ]);
}

/** `{"From":…,"To":…,"Items":[{"SessionID":…,"Messages":[…]}, …]}`: each conversation opened at its first message and closed at the next one's. */
async function* jsonConversations(db: Db, chatbot: string, range: DayRange): AsyncGenerator<string> {
  yield `{"From":${JSON.stringify(range.from)},"To":${JSON.stringify(range.to)},"Items":[`;
  let session: number | null = null;
  for await (const m of messagesIn(db, chatbot, range)) {
    if (m.session_id !== session) {
      const head = JSON.stringify({
        SessionID: m.session_id,
        StartedAt: iso(m.session_started_at),
        PageUrl: m.page_url,
      });
      yield `${session === null ? '\n' : ']},\n'}${head.slice(0, -1)},"Messages":[\n${JSON.stringify(messageJson(m))}`;
      session = m.session_id;
    } else yield `,\n${JSON.stringify(messageJson(m))}`;
  }
  yield `${session === null ? '' : ']}'}\n]}\n`;
}

async function* csvVotes(db: Db, chatbot: string, range: DayRange): AsyncGenerator<string> {
  yield `\uFEFF${csvLine(FEEDBACK_COLUMNS)}`;
  for await (const v of votesIn(db, chatbot, range))
    yield csvLine([
      v.answer_id,
      v.session_id,
      v.rating,
      v.reasons.join(' '),
      v.comment,
      iso(v.updated_at),
      v.question ?? '',
      answerText(v.answer),
    ]);
}

/** `{"From":…,"To":…,"Items":[ … ]}` with the items written one by one. */
async function* jsonOf<T>(
  range: DayRange,
  items: AsyncIterable<T>,
  toJson: (item: T) => unknown,
): AsyncGenerator<string> {
  yield `{"From":${JSON.stringify(range.from)},"To":${JSON.stringify(range.to)},"Items":[`;
  let first = true;
  for await (const item of items) {
    yield `${first ? '\n' : ',\n'}${JSON.stringify(toJson(item))}`;
    first = false;
  }
  yield '\n]}\n';
}

export interface ExportRequest {
  chatbot: string;
  range: DayRange;
  format: 'csv' | 'json';
  of: 'conversations' | 'feedback';
}

/** The export as a stream, with its Content-Type and a file name. */
export function exportStream(db: Db, r: ExportRequest): { stream: Readable; contentType: string; fileName: string } {
  const chunks =
    r.format === 'csv'
      ? r.of === 'conversations'
        ? csvConversations(db, r.chatbot, r.range)
        : csvVotes(db, r.chatbot, r.range)
      : r.of === 'conversations'
        ? jsonConversations(db, r.chatbot, r.range)
        : jsonOf(r.range, votesIn(db, r.chatbot, r.range), voteJson);
  return {
    stream: Readable.from(chunks, { objectMode: false }),
    contentType: r.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    fileName: `${r.of}-${r.range.from}-${r.range.to}.${r.format}`,
  };
}
