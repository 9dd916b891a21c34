/**
 * Streaming visitors for the fault tests (test/e2e/faults-*.test.ts): each opens a session and asks
 * streamed questions one after another, and does what the widget's Retry does when one fails —
 * asks again with the same clientMessageId — after the Retry-After a 503 gives (else a second),
 * until it is answered. Every try is kept with how it ended, so a test can say what visitors saw;
 * `storedQuestions` reads the database back to say what was kept: none lost, none doubled.
 */
import type http from 'node:http';
import pg from 'pg';
import { postJson, type PostReply } from './http.ts';

const QUESTION_TEXTS = [
  'Homes in Austin under $500k?',
  'Do you have a 4 bedroom house for sale?',
  'Anything for rent in Austin?',
  'Show me condos with a 3D tour',
  'What can you help me with?',
];

/** How a try ended, as a visitor sees it. */
export type TryKind =
  /** The whole answer, its fragments joining to the final event's Answer. */
  | 'answered'
  /** 503 with Retry-After, before the stream started. */
  | 'unavailable'
  /** The stream started, then `event: error` with Code 503. */
  | 'unavailable-event'
  /** The connection ended without a final event or an error event (a killed process). */
  | 'cut'
  /** Anything else: a 500, an error event that is not a 503, a reply that is not the contract's. */
  | 'failed'
  /** No reply within the visitor's patience. */
  | 'hung';

export interface Try {
  kind: TryKind;
  /** Milliseconds since the run began, when it started and ended. */
  start: number;
  end: number;
  status?: number;
  retryAfter?: string | undefined;
  detail?: string;
}

export interface AskedQuestion {
  id: string;
  content: string;
  tries: Try[];
  answer: string | null;
  questionId: number | null;
  answerId: number | null;
}

export interface VisitorRun {
  questions: AskedQuestion[];
  /** When the run began (Date.now()). */
  t0: number;
}

export interface VisitorOptions {
  url: string;
  serial: string;
  visitors: number;
  /** Whether to start another question (asked before each). */
  more: () => boolean;
  /** Gives up retrying a question after this many ms of the run (it stays unanswered). */
  retryForMs?: number;
  /** A try with no reply after this is `hung` (default 30 s). */
  patienceMs?: number;
  /** Keep-alive agent, or false for a connection per request (the cluster then hands each to the next process). */
  agent?: http.Agent | false;
  /** The n-th question of visitor v (default: five short ones in turn). */
  question?: (v: number, n: number) => string;
  /** Called with each try as it ends. */
  onTry?: (question: AskedQuestion, attempt: Try) => void;
  /** Called as each try begins. */
  onAsk?: () => void;
}

export interface StreamEvent {
  name: string;
  data: { content?: string; Answer?: string; QuestionID?: number; AnswerID?: number; Code?: number; Message?: string };
}

/** The events of a text/event-stream body: each one's name (`message` unless named) and data. */
export const eventsOf = (text: string): StreamEvent[] =>
  text
    .split('\n\n')
    .map((block) => {
      const lines = block.split('\n');
      const data = lines.find((l) => l.startsWith('data: '));
      return data
        ? {
            name: lines.find((l) => l.startsWith('event: '))?.slice(7) ?? 'message',
            data: JSON.parse(data.slice(6)) as StreamEvent['data'],
          }
        : null;
    })
    .filter((e): e is StreamEvent => e !== null);

/** What one reply to a streamed ClientAsk was, for a visitor. */
function classify(
  reply: PostReply,
): Pick<Try, 'kind' | 'status' | 'retryAfter' | 'detail'> & { final?: StreamEvent['data'] } {
  const { status, text, headers } = reply;
  if (status === 503)
    return { kind: 'unavailable', status, retryAfter: headers['retry-after'], detail: text.slice(0, 200) };
  if (status !== 200) return { kind: 'failed', status, detail: text.slice(0, 200) };
  const events = eventsOf(text);
  const last = events.at(-1);
  if (last?.name === 'error')
    return { kind: last.data.Code === 503 ? 'unavailable-event' : 'failed', status, detail: JSON.stringify(last.data) };
  if (typeof last?.data.Answer !== 'string') return { kind: 'cut', status, detail: `${events.length} events` };
  const streamed = events
    .slice(0, -1)
    .map((e) => e.data.content ?? '')
    .join('');
  if (streamed !== last.data.Answer)
    return { kind: 'failed', status, detail: 'the fragments do not join to the Answer' };
  return { kind: 'answered', status, final: last.data };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs the visitors until `more()` says no and every question is answered (or its retries ran out). */
export async function runVisitors(options: VisitorOptions): Promise<VisitorRun> {
  const { url, serial, agent = false, patienceMs = 30_000, retryForMs = 120_000 } = options;
  const t0 = Date.now();
  const at = () => Date.now() - t0;
  const questions: AskedQuestion[] = [];
  // clientMessageIds of this run's own: a chatbot's table holds many runs'.
  const run = t0.toString(36);
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    postJson(`${url}${path}`, body, headers, agent, patienceMs);

  async function session(): Promise<{ id: number; token: string }> {
    for (;;) {
      const reply = await post('/chat/Chatbot/GetSession', { serialNumber: serial }).catch(() => null);
      if (reply?.status === 200) {
        const { SessionID, VisitorToken } = (
          JSON.parse(reply.text) as { Data: { SessionID: number; VisitorToken: string } }
        ).Data;
        return { id: SessionID, token: VisitorToken };
      }
      if (at() > retryForMs)
        throw new Error(`no session: ${reply ? `HTTP ${reply.status} ${reply.text.slice(0, 200)}` : 'no reply'}`);
      await sleep(1000);
    }
  }

  await Promise.all(
    Array.from({ length: options.visitors }, async (_, v) => {
      const { id: sessionID, token } = await session();
      for (let n = 0; options.more(); n++) {
        const q: AskedQuestion = {
          id: `${run}-v${v}-q${n}`,
          content: options.question?.(v, n) ?? QUESTION_TEXTS[n % QUESTION_TEXTS.length]!,
          tries: [],
          answer: null,
          questionId: null,
          answerId: null,
        };
        questions.push(q);
        while (q.answer === null && at() < retryForMs) {
          const start = at();
          options.onAsk?.();
          let attempt: Try;
          try {
            const reply = await post(
              '/chat/Chat/ClientAsk',
              { sessionID, content: q.content, stream: true, clientMessageId: q.id },
              { authorization: token },
            );
            const { final, ...seen } = classify(reply);
            attempt = { ...seen, start, end: at() };
            if (final)
              Object.assign(q, { answer: final.Answer, questionId: final.QuestionID, answerId: final.AnswerID });
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            attempt = { kind: /timed out/.test(message) ? 'hung' : 'cut', start, end: at(), detail: message };
          }
          q.tries.push(attempt);
          options.onTry?.(q, attempt);
          if (q.answer === null) await sleep(attempt.retryAfter ? Number(attempt.retryAfter) * 1000 : 1000);
        }
      }
    }),
  );
  return { questions, t0 };
}

/** What the database kept of the run's questions, read on a connection of its own. */
export interface Stored {
  /** Question rows per clientMessageId (questions asked without one are not counted). */
  questionRows: Map<string, number>;
  /** The answer of each clientMessageId's (first) question. */
  answers: Map<string, { questionId: number; answerId: number; status: string; content: string }>;
  /** Answers of the chatbot still streaming. */
  streaming: number;
}

/** A query on the database the service used: PostgreSQL's or PGlite's `query(text, values)`. */
export type Query = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/** The database at `databaseUrl`, on a connection of its own per query. */
export const postgresQuery =
  (databaseUrl: string): Query =>
  async (text, values) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return await client.query(text, values);
    } finally {
      await client.end();
    }
  };

export async function storedQuestions(query: Query, serial: string): Promise<Stored> {
  const { rows } = (await query(
    'SELECT id, role, client_message_id, question_id, status, content FROM messages WHERE chatbot = $1 ORDER BY id',
    [serial],
  )) as {
    rows: {
      id: number;
      role: string;
      client_message_id: string | null;
      question_id: number | null;
      status: string;
      content: string;
    }[];
  };
  const questionRows = new Map<string, number>();
  const answers: Stored['answers'] = new Map();
  const answerOf = new Map(rows.filter((r) => r.role === 'answer').map((r) => [r.question_id, r]));
  for (const r of rows.filter((r) => r.role === 'question' && r.client_message_id !== null)) {
    const key = r.client_message_id!;
    questionRows.set(key, (questionRows.get(key) ?? 0) + 1);
    const a = answerOf.get(r.id);
    if (a && !answers.has(key))
      answers.set(key, { questionId: r.id, answerId: a.id, status: a.status, content: a.content });
  }
  return {
    questionRows,
    answers,
    streaming: rows.filter((r) => r.role === 'answer' && r.status === 'streaming').length,
  };
}

/**
 * The run against what was stored: questions lost (acknowledged or not, never answered, or answered
 * with something other than what was stored) and doubled (more than one row for a clientMessageId).
 */
export function reconcile(run: VisitorRun, stored: Stored) {
  const lost = run.questions.filter((q) => {
    const a = stored.answers.get(q.id);
    return (
      q.answer === null ||
      !a ||
      a.status !== 'complete' ||
      a.content !== q.answer ||
      a.answerId !== q.answerId ||
      a.questionId !== q.questionId
    );
  });
  const doubled = [...stored.questionRows.values()].filter((n) => n > 1).length;
  const tries = run.questions.flatMap((q) => q.tries);
  const count = (kind: TryKind) => tries.filter((t) => t.kind === kind).length;
  return {
    questions: run.questions.length,
    lost: lost.map((q) => q.id),
    doubled,
    streaming: stored.streaming,
    tries: {
      answered: count('answered'),
      unavailable: count('unavailable'),
      unavailableEvent: count('unavailable-event'),
      cut: count('cut'),
      failed: count('failed'),
      hung: count('hung'),
    },
    /** 503s without Retry-After. */
    withoutRetryAfter: tries.filter((t) => t.kind === 'unavailable' && !t.retryAfter).length,
    failures: tries
      .filter((t) => t.kind === 'failed' || t.kind === 'hung')
      .slice(0, 5)
      .map((t) => `${t.kind} ${t.status ?? ''} ${t.detail ?? ''}`),
    /** The slowest try, in ms: how long a visitor waited at worst for a reply or an error. */
    longestTryMs: Math.max(0, ...tries.map((t) => t.end - t.start)),
  };
}

/** Ms from `from` (run time) until the first try that started after it was answered: the time to recover. */
export function recoveredAfter(run: VisitorRun, from: number): number | null {
  const ends = run.questions
    .flatMap((q) => q.tries)
    .filter((t) => t.kind === 'answered' && t.start >= from)
    .map((t) => t.end);
  return ends.length ? Math.min(...ends) - from : null;
}
