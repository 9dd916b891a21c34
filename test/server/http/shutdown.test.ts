/**
 * A deploy that does not cut answers (src/server/http/shutdown.ts): on SIGTERM the compiled
 * service stops taking connections, lets the answer it is streaming finish within
 * SHUTDOWN_DRAIN_MS, ends one still streaming after it with `event: error` Code 503 — stored
 * partial, so asking again completes it — and exits 0. The fake model server holds the answer in
 * flight after its first words (`holdAfter` + `until`), whatever the machine's speed. With WORKERS
 * (on PostgreSQL), SIGTERM to the primary reaches the worker streaming the answer, which finishes it.
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHUTDOWN_MESSAGE } from '../../../src/server/http/shutdown.ts';
import { openStore } from '../../../src/server/store/db.ts';
import { messages } from '../../../src/server/store/schema.ts';
import { startBin, type RunningBin } from '../../support/bin.ts';
import { freshDatabase, usesPostgres } from '../../support/database.ts';
import { startFakeModelServer, type FakeModelServer } from '../../support/fake-model-server.ts';
import { postJson } from '../../support/http.ts';
import { alive, childrenOf, until } from '../../support/process.ts';
import { startService } from '../../support/service.ts';

const MODEL = 'fake-model';
const ANSWER = 'The one on Cedar Lane has the biggest yard: a third of an acre, fenced, with two old oaks.';

let fake: FakeModelServer;
beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(() => fake?.close());
beforeEach(() => fake.reset());

/** The service answering its demo chatbot with the fake model, drain time `drainMs`. */
const startWithModel = (drainMs: number, again?: string, env: Record<string, string> = {}) =>
  startBin(
    {
      DEMO: 'model',
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: MODEL,
      LLM_TOOLS: 'off',
      SHUTDOWN_DRAIN_MS: String(drainMs),
      ...env,
    },
    again ? { again } : {},
  );

/** A visitor's streamed question whose answer the fake model holds after its first words until `release`. */
async function askHeld(bin: RunningBin, clientMessageId: string) {
  let release: () => void = () => undefined;
  fake.script({ text: ANSWER, holdAfter: 1, until: new Promise<void>((resolve) => (release = resolve)) });
  const session = await postJson(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: bin.serial });
  const { SessionID, VisitorToken } = (
    JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
  ).Data;
  const body = {
    sessionID: SessionID,
    content: 'Which of your homes has the biggest yard?',
    clientMessageId,
    stream: true,
  };
  const headers = { authorization: VisitorToken };
  const stream = postJson(`${bin.url}/chat/Chat/ClientAsk`, body, headers);
  await until('the model to be asked', () => fake.requests.length === 1);
  return { stream, release, askOn: (on: RunningBin) => postJson(`${on.url}/chat/Chat/ClientAsk`, body, headers) };
}

/** The events of a stream's text: each `event:` name (message unless named) and its data. */
const eventsOf = (text: string) =>
  text
    .split('\n\n')
    .filter((block) => block.includes('data: '))
    .map((block) => ({
      event: /^event: (.+)$/m.exec(block)?.[1] ?? 'message',
      data: JSON.parse(/^data: (.+)$/m.exec(block)![1]!) as Record<string, unknown>,
    }));

/** The answers stored in a stopped bin's embedded database: each one's status and text. */
async function storedAnswers(dataDir: string) {
  const store = await openStore({ pgliteDir: join(dataDir, 'db'), migrate: false });
  try {
    return await store.db
      .select({ status: messages.status, content: messages.content })
      .from(messages)
      .where(eq(messages.role, 'answer'));
  } finally {
    await store.close();
  }
}

/** Whether a new connection to `url` is refused (the service no longer accepts). */
const refused = (url: string) =>
  fetch(`${url}/healthz`).then(
    () => false,
    () => true,
  );

// The compiled bin on its embedded database: the drain is the same on PostgreSQL, so the PostgreSQL lane does not run it again.
describe.skipIf(usesPostgres())('SIGTERM while an answer streams', () => {
  it(
    'stops taking connections, lets the answer finish whole within the drain time, then exits 0',
    { timeout: 60_000 },
    async () => {
      const bin = await startWithModel(20_000);
      try {
        const held = await askHeld(bin, 'drain-finishes');
        process.kill(bin.pid, 'SIGTERM');
        await until('new connections to be refused', () => refused(bin.url));
        // Still serving the answer it has open.
        expect(alive(bin.pid)).toBe(true);
        held.release();
        const reply = await held.stream;
        const events = eventsOf(reply.text);
        expect(events.at(-1)).toMatchObject({ event: 'message', data: { Answer: ANSWER } });
        expect(events.filter((e) => e.event === 'error')).toEqual([]);
        expect(await bin.exited).toEqual({ code: 0, signal: null });
      } finally {
        await bin.close();
      }
    },
  );

  it(
    'ends an answer still streaming after the drain time with a 503 event, exits 0, and the answer is completed when asked again',
    { timeout: 90_000 },
    async () => {
      const bin = await startWithModel(300);
      try {
        const held = await askHeld(bin, 'drain-cuts');
        process.kill(bin.pid, 'SIGTERM');
        const reply = await held.stream;
        const events = eventsOf(reply.text);
        expect(events.at(-1)).toEqual({
          event: 'error',
          data: { Code: 503, Message: SHUTDOWN_MESSAGE, RetryAfter: 1 },
        });
        expect(await bin.exited).toEqual({ code: 0, signal: null });
        held.release();
        // Its outcome was stored before the database closed: what the visitor was sent, marked partial.
        const sent = events.flatMap((e) => (typeof e.data.content === 'string' ? [e.data.content] : [])).join('');
        expect(sent).not.toBe('');
        expect(await storedAnswers(bin.dataDir)).toEqual([{ status: 'partial', content: sent }]);
        // Stored partial: the widget's Retry (the same clientMessageId) on the next instance generates it again.
        const next = await startWithModel(300, bin.dataDir);
        try {
          fake.script({ text: ANSWER });
          const again = await held.askOn(next);
          expect(eventsOf(again.text).at(-1)).toMatchObject({ event: 'message', data: { Answer: ANSWER } });
          expect(fake.requests).toHaveLength(2);
        } finally {
          await next.stop();
        }
      } finally {
        await bin.close();
      }
    },
  );

  it(
    'stores what the visitor was sent of an answer the drain ended, before its database closes',
    { timeout: 60_000 },
    async () => {
      // The offline engine notices the cut only at its next word, after the drain has ended the
      // stream: the answer's outcome is still stored, not left streaming behind a closed database.
      const bin = await startBin({ OFFLINE_WORD_DELAY_MS: '1500', SHUTDOWN_DRAIN_MS: '300' });
      try {
        const session = await postJson(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: bin.serial });
        const { SessionID, VisitorToken } = (
          JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
        ).Data;
        const reply = await fetch(`${bin.url}/chat/Chat/ClientAsk`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: VisitorToken },
          body: JSON.stringify({ sessionID: SessionID, content: 'Which homes have a big yard?', stream: true }),
        });
        const reader = reply.body!.pipeThrough(new TextDecoderStream()).getReader();
        let text = '';
        const read = async (enough: () => boolean) => {
          while (!enough()) {
            const next = await reader.read();
            if (next.done) return;
            text += next.value;
          }
        };
        await read(() => text.includes('"content"'));
        process.kill(bin.pid, 'SIGTERM');
        await read(() => false);
        const events = eventsOf(text);
        expect(events.at(-1)).toMatchObject({ event: 'error', data: { Code: 503 } });
        expect(await bin.exited).toEqual({ code: 0, signal: null });
        const sent = events.flatMap((e) => (typeof e.data.content === 'string' ? [e.data.content] : [])).join('');
        expect(sent).not.toBe('');
        expect(await storedAnswers(bin.dataDir)).toEqual([{ status: 'partial', content: sent }]);
      } finally {
        await bin.close();
      }
    },
  );
});

// WORKERS need PostgreSQL: this runs in its lane only.
describe.runIf(usesPostgres())('SIGTERM to the primary of WORKERS=2 while an answer streams', () => {
  it(
    'reaches the worker streaming it, which finishes the answer whole; every process then ends, the primary with 0',
    { timeout: 90_000 },
    async () => {
      const database = await freshDatabase();
      // A pool of 2 (DATABASE_POOL_SIZE): docs/OPERATING.md's Sizing counts what the processes then hold.
      const bin = await startWithModel(20_000, undefined, {
        WORKERS: '2',
        DATABASE_URL: database.url!,
        DATABASE_POOL_SIZE: '2',
      });
      try {
        const workers = childrenOf(bin.pid);
        expect(workers).toHaveLength(2);
        const held = await askHeld(bin, 'drain-workers');
        // Busy meanwhile — sessions, each on a connection of its own, spread over both processes — they
        // hold at most WORKERS × (DATABASE_POOL_SIZE + 1) connections, the one more for answer notifications.
        await Promise.all(
          Array.from({ length: 12 }, () =>
            postJson(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: bin.serial }, {}, false),
          ),
        );
        const admin = new pg.Client({ connectionString: database.url });
        await admin.connect();
        const connections = await admin
          .query<{ n: number }>(
            'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
          )
          .finally(() => admin.end());
        expect(connections.rows[0]!.n).toBeGreaterThan(0);
        expect(connections.rows[0]!.n).toBeLessThanOrEqual(2 * (2 + 1));
        process.kill(bin.pid, 'SIGTERM');
        await until('new connections to be refused', () => refused(bin.url));
        held.release();
        const events = eventsOf((await held.stream).text);
        expect(events.at(-1)).toMatchObject({ event: 'message', data: { Answer: ANSWER } });
        expect(events.filter((e) => e.event === 'error')).toEqual([]);
        expect(await bin.exited).toEqual({ code: 0, signal: null });
        expect(workers.filter((pid) => alive(pid))).toEqual([]);
      } finally {
        await bin.close();
        await database.drop();
      }
    },
  );
});

describe('/readyz while draining', () => {
  it('answers 503 "draining" from the moment the drain begins', async () => {
    // A service of its own: drained, it serves no other file.
    const service = await startService({ own: true });
    try {
      expect((await service.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await service.app.drain(0);
      const ready = await service.app.inject({ method: 'GET', url: '/readyz' });
      expect({ status: ready.statusCode, body: ready.json() }).toEqual({
        status: 503,
        body: { status: 'draining', checks: {} },
      });
    } finally {
      await service.close();
    }
  });
});
