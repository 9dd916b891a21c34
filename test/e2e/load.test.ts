/**
 * Load and soak on loopback, against the compiled service as `npm start` runs it (the embedded
 * database): LOAD_CONNECTIONS visitors each asking streamed questions one after another for
 * LOAD_SECONDS, then — when LOAD_QUESTIONS is set — until that many questions were asked in all.
 * Afterwards the service is stopped and its database read: every question asked is stored once,
 * with one complete answer equal to the one the visitor received (0 lost, 0 duplicated). The
 * service's RSS is sampled every second. CI runs a small size; `npm run soak` the large one
 * (200 connections for 60 s, 30,000 questions) and writes the report SOAK_REPORT names.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/server/store/db.ts';
import { messages } from '../../src/server/store/schema.ts';
import { startBin, type RunningBin } from '../support/bin.ts';
import { postJson } from '../support/http.ts';

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS) || 20;
const SECONDS = Number(process.env.LOAD_SECONDS) || 5;
const QUESTIONS = Number(process.env.LOAD_QUESTIONS) || 0;
const REPORT = process.env.SOAK_REPORT;
const QUESTION_TEXTS = [
  'Homes in Austin under $500k?',
  'Do you have a 4 bedroom house for sale?',
  'Anything for rent in Austin?',
  'Show me condos with a 3D tour',
  'What can you help me with?',
];

let bin: RunningBin | undefined;
afterAll(() => bin?.close());

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS + 4 });

const post = (url: string, body: unknown, headers: Record<string, string> = {}) => postJson(url, body, headers, agent);

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

interface Asked {
  id: string;
  content: string;
  answer: string | null;
  questionId: number | null;
  answerId: number | null;
  error: string | null;
}

describe('the service under load', () => {
  it(
    `answers ${CONNECTIONS} streaming visitors for ${SECONDS} s${QUESTIONS ? ` and ${QUESTIONS} questions in all` : ''}: none lost, none duplicated`,
    { timeout: 120_000 + SECONDS * 2_000 + QUESTIONS * 50 },
    async () => {
      bin = await startBin({ OFFLINE_WORD_DELAY_MS: '2' });
      const service = bin;
      const t0 = Date.now();
      const rss: { s: number; mb: number }[] = [];
      const sampler = setInterval(
        () => rss.push({ s: Math.round((Date.now() - t0) / 1000), mb: Math.round(rssMb(service.pid)) }),
        1000,
      );
      const asked: Asked[] = [];
      const until = t0 + SECONDS * 1000;
      const more = () => Date.now() < until || asked.length < QUESTIONS;

      await Promise.all(
        Array.from({ length: CONNECTIONS }, async (_, v) => {
          const session = await post(`${service.url}/chat/Chatbot/GetSession`, { serialNumber: service.serial });
          const { SessionID, VisitorToken } = (
            JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
          ).Data;
          // Each visitor asks twice at least, however slow the machine: a second question in one session, while the others stream, is part of the load.
          for (let n = 0; n < 2 || more(); n++) {
            const one: Asked = {
              id: `v${v}-q${n}`,
              content: QUESTION_TEXTS[n % QUESTION_TEXTS.length]!,
              answer: null,
              questionId: null,
              answerId: null,
              error: null,
            };
            asked.push(one);
            try {
              const res = await post(
                `${service.url}/chat/Chat/ClientAsk`,
                { sessionID: SessionID, content: one.content, stream: true, clientMessageId: one.id },
                { authorization: VisitorToken },
              );
              const events = res.text
                .split('\n\n')
                .filter((e) => e.startsWith('data: '))
                .map(
                  (e) =>
                    JSON.parse(e.slice(6)) as {
                      content?: string;
                      Answer?: string;
                      QuestionID?: number;
                      AnswerID?: number;
                    },
                );
              const final = events.at(-1);
              if (res.status !== 200 || typeof final?.Answer !== 'string')
                throw new Error(`HTTP ${res.status}: ${res.text.slice(0, 200)}`);
              const streamed = events
                .slice(0, -1)
                .map((e) => e.content ?? '')
                .join('');
              if (streamed !== final.Answer) throw new Error(`the fragments of ${one.id} do not join to its Answer`);
              Object.assign(one, { answer: final.Answer, questionId: final.QuestionID, answerId: final.AnswerID });
            } catch (error) {
              one.error = error instanceof Error ? error.message : String(error);
            }
          }
        }),
      );
      clearInterval(sampler);
      const seconds = (Date.now() - t0) / 1000;
      await service.stop();

      // The service's own record, read from its database once it has stopped.
      const store = await openStore({ pgliteDir: join(service.dataDir, 'db') });
      const rows = await store.db.select().from(messages).where(eq(messages.chatbot, service.serial));
      await store.close();
      const questions = rows.filter((r) => r.role === 'question');
      const answers = new Map(rows.filter((r) => r.role === 'answer').map((r) => [r.questionId, r]));
      const byId = new Map<string, number>();
      for (const q of questions) byId.set(q.clientMessageId ?? '', (byId.get(q.clientMessageId ?? '') ?? 0) + 1);
      const questionOf = new Map(questions.map((q) => [q.clientMessageId, q]));
      const errors = asked.filter((a) => a.error);
      const lost = asked.filter((a) => {
        const q = questionOf.get(a.id);
        const answer = q && answers.get(q.id);
        return (
          !q ||
          !answer ||
          answer.status !== 'complete' ||
          (a.answer !== null && (answer.content !== a.answer || answer.id !== a.answerId || q.id !== a.questionId))
        );
      });
      const duplicated = [...byId.values()].filter((n) => n > 1).length + Math.max(0, questions.length - asked.length);

      const report = {
        connections: CONNECTIONS,
        seconds: Math.round(seconds),
        asked: asked.length,
        answersPerSecond: Math.round(asked.length / seconds),
        errors: errors.length,
        lost: lost.length,
        duplicated,
        firstErrors: errors.slice(0, 3).map((e) => e.error),
        rss,
      };
      if (REPORT) writeFileSync(REPORT, JSON.stringify(report, null, 2));
      expect({ errors: report.errors, lost: report.lost, duplicated }, JSON.stringify(report.firstErrors)).toEqual({
        errors: 0,
        lost: 0,
        duplicated: 0,
      });
      expect(questions).toHaveLength(asked.length);
      // Memory flat: after warming up, the last samples are within 1.5× of those a quarter in.
      if (rss.length >= 40) {
        const mean = (xs: { mb: number }[]) => xs.reduce((n, x) => n + x.mb, 0) / xs.length;
        const quarter = Math.floor(rss.length / 4);
        expect(mean(rss.slice(-10))).toBeLessThan(1.5 * mean(rss.slice(quarter, quarter + 10)));
      }
    },
  );
});
