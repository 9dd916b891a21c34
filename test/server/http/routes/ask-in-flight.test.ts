/**
 * A question asked again (the same clientMessageId) while its first answer is still being written:
 * the repeat waits, is told when the answer ends — in the process writing it, and through
 * PostgreSQL's NOTIFY in every other instance and WORKERS process — and gets the whole stored
 * answer, with no second model call. The fake model server holds the answer in flight after its
 * first words (`holdAfter` + `until`), so the repeat is waiting when it ends, whatever the machine.
 */
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngines } from '../../../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../../../src/server/engines/answer/offline.ts';
import { createOpenAiEngine } from '../../../../src/server/engines/model/openai.ts';
import { answersSettled, APPLICATION_NAME } from '../../../../src/server/store/answers-settled.ts';
import { openStore } from '../../../../src/server/store/db.ts';
import { beginQuestion, findMessage } from '../../../../src/server/store/messages.ts';
import { messages } from '../../../../src/server/store/schema.ts';
import { startBin, type RunningBin } from '../../../support/bin.ts';
import { startFakeModelServer, type FakeModelServer } from '../../../support/fake-model-server.ts';
import { postJson } from '../../../support/http.ts';
import { freshDatabase, usesPostgres } from '../../../support/database.ts';
import { startService, type TestService } from '../../../support/service.ts';
import { collect } from '../../../support/stream-contract.ts';

const MODEL = 'fake-model';
const QUESTION = 'Which of your homes has the biggest yard?';

let fake: FakeModelServer;
let service: TestService;
const engines = () =>
  createEngines(createOfflineEngine(), {
    model: MODEL,
    engine: createOpenAiEngine({ baseUrl: fake.baseUrl, model: MODEL, tools: 'off' }),
  });

beforeAll(async () => {
  fake = await startFakeModelServer();
  service = await startService({ engines: engines() });
});
afterAll(async () => {
  await service?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

/** The next answer stops after its first words until the returned function is called. */
function holdNextAnswer(): () => void {
  let release: () => void = () => undefined;
  const until = new Promise<void>((resolve) => (release = resolve));
  fake.script({
    text: 'The one on Cedar Lane has the biggest yard: a third of an acre, fenced, with two old oaks.',
    holdAfter: 1,
    until,
  });
  return release;
}

/** A visitor's question whose answer is held in flight: the first request, streaming, and its body. */
async function askHeld(on: TestService, clientMessageId: string) {
  const serial = await on.newChatbot();
  const visitor = await on.visitor(serial);
  const body = { sessionID: visitor.sessionId, content: QUESTION, clientMessageId };
  const release = holdNextAnswer();
  const first = collect(visitor.client.askStream(body)).then((items) => {
    const final = items.at(-1);
    if (final?.kind !== 'final')
      throw new Error(`the first request did not end with its answer: ${JSON.stringify(final)}`);
    return final;
  });
  // The model has been asked, so the answer row exists, streaming.
  await vi.waitFor(() => expect(fake.requests).toHaveLength(1));
  return { ...visitor, body, release, first };
}

/** Waits until `of`'s waiters have read `reads` rows in all (the repeat is then waiting to be told). */
const untilRead = (of: TestService, reads: number) =>
  vi.waitFor(() => expect(of.store.answers.stats).toEqual({ waiting: 1, reads }), { timeout: 10_000 });

// The tests of a repeat take less than SETTLE_MS (30 s) to time out: a repeat that got its answer only
// when its wait ran out, not because it was told, fails them.
describe('a question asked again while its answer is being written', () => {
  it(
    'waits, is told when the answer ends, and gets the whole answer — reading the row once, then once more when told',
    { timeout: 20_000 },
    async () => {
      const { answers } = service.store;
      const reads = answers.stats.reads;
      const held = await askHeld(service, 'held-1');
      const again = held.client.ask(held.body);
      await untilRead(service, reads + 1);
      // A waiter that read on a timer would read again while the answer is held; this one waits to be told.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(answers.stats.reads).toBe(reads + 1);
      held.release();
      const final = await held.first;
      expect(await again).toMatchObject({ messageid: final.AnswerID, content: final.Answer });
      expect(final.Answer).toContain('Cedar Lane has the biggest yard');
      expect(answers.stats).toEqual({ waiting: 0, reads: reads + 2 });
      expect(fake.requests).toHaveLength(1);
    },
  );

  it('gives up after its time with the row as it is then, and stops listening', async () => {
    const { answers } = service.store;
    const reads = answers.stats.reads;
    const held = await askHeld(service, 'held-2');
    const [answer] = await service.db
      .select()
      .from(messages)
      .where(and(eq(messages.sessionId, held.sessionId), eq(messages.role, 'answer')));
    const answerId = answer!.id;
    const row = await answers.untilSettled(answerId, () => findMessage(service.db, answerId), 200);
    expect(row).toMatchObject({ id: answerId, status: 'streaming' });
    // One read when it began, one when its time was up.
    expect(answers.stats).toEqual({ waiting: 0, reads: reads + 2 });
    held.release();
    expect((await held.first).Answer).toContain('Cedar Lane');
  });
});

/**
 * A question whose first writer died while writing its answer (its process killed: nobody renews
 * the lease, which lapses in a second and a half), asked again by two requests at once — on `a`
 * and `b`, one instance or two. Both wait for the lease to lapse and wake together.
 */
async function diedWhileWriting(a: TestService, b: TestService, clientMessageId: string) {
  const serial = await a.newChatbot();
  const visitor = await a.visitor(serial);
  const body = { sessionID: visitor.sessionId, content: QUESTION, clientMessageId };
  const begun = await beginQuestion(
    a.db,
    { sessionId: visitor.sessionId, chatbot: serial, content: QUESTION, askType: 'Text', fileIds: [], clientMessageId },
    new Date(),
  );
  if (begun.kind !== 'new') throw new Error('expected a new question');
  await a.db
    .update(messages)
    .set({ leaseUntil: sql`now() + interval '1500 milliseconds'` })
    .where(eq(messages.id, begun.answerId));
  fake.script({ text: 'The one on Cedar Lane has the biggest yard: a third of an acre, fenced, with two old oaks.' });
  const replies = await Promise.all([visitor.client.ask(body), b.client({ visitorToken: visitor.token }).ask(body)]);
  for (const reply of replies)
    expect(reply).toMatchObject({
      messageid: begun.answerId,
      content: expect.stringContaining('Cedar Lane has the biggest yard'),
    });
  // Generated once: one model call, by the one request that took the answer over (the next attempt).
  expect(fake.requests).toHaveLength(1);
  expect(await findMessage(a.db, begun.answerId)).toMatchObject({ status: 'complete', attempt: begun.attempt + 1 });
}

describe('an answer whose writer died, asked again by two requests at once', () => {
  it('is taken over by one of them and generated once; the other waits for it', { timeout: 20_000 }, () =>
    diedWhileWriting(service, service, 'died-1'),
  );
});

describe('without its LISTEN connection', () => {
  it('says so, and still waits no longer than its time', async () => {
    const complaints = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Nothing listens on port 1: the connection is refused at once.
    const unreachable = answersSettled('postgres://chat-bot@127.0.0.1:1/none');
    try {
      const row = await unreachable.untilSettled(7, async () => ({ id: 7, status: 'streaming' }), 200);
      expect(row).toEqual({ id: 7, status: 'streaming' });
      expect(unreachable.stats).toEqual({ waiting: 0, reads: 2 });
      expect(complaints).toHaveBeenCalledWith(expect.stringMatching(/cannot LISTEN for answers in flight/));
    } finally {
      complaints.mockRestore();
      await unreachable.close();
    }
  });
});

/** How many LISTEN connections for answers in flight the database has. */
async function listeners(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [APPLICATION_NAME],
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}

describe.runIf(usesPostgres())('on one PostgreSQL, another instance', () => {
  let other: TestService;
  beforeAll(async () => {
    // A store of its own: its own pool and LISTEN connection, as another machine would have.
    const store = await openStore({ databaseUrl: service.databaseUrl });
    other = await startService({ store, databaseUrl: service.databaseUrl, secret: service.secret, engines: engines() });
  });
  afterAll(async () => {
    await other?.close();
    await other?.store.close();
  });

  it('is told by NOTIFY when the instance writing the answer ends it', { timeout: 20_000 }, async () => {
    const reads = other.store.answers.stats.reads;
    const held = await askHeld(service, 'held-3');
    const again = other.client({ visitorToken: held.token }).ask(held.body);
    await untilRead(other, reads + 1);
    held.release();
    const final = await held.first;
    expect(await again).toMatchObject({ messageid: final.AnswerID, content: final.Answer });
    // Told once: this instance wrote nothing, so only the database could tell it.
    expect(other.store.answers.stats).toEqual({ waiting: 0, reads: reads + 2 });
    expect(fake.requests).toHaveLength(1);
  });

  it('takes an answer whose writer died over in one instance only, and generates it once', { timeout: 20_000 }, () =>
    diedWhileWriting(service, other, 'died-2'),
  );

  it(
    'listens again when its LISTEN connection drops, and reads what it may have missed meanwhile',
    { timeout: 20_000 },
    async () => {
      const complaints = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      try {
        const reads = other.store.answers.stats.reads;
        const held = await askHeld(service, 'held-4');
        const again = other.client({ visitorToken: held.token }).ask(held.body);
        await untilRead(other, reads + 1);
        const admin = new pg.Client({ connectionString: service.databaseUrl });
        await admin.connect();
        await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
          [APPLICATION_NAME],
        );
        await admin.end();
        // Woken by the drop, it listens anew and reads again: what ended while it was deaf is not lost.
        await untilRead(other, reads + 2);
        expect(complaints).toHaveBeenCalledWith(
          expect.stringMatching(/LISTEN connection for answers in flight dropped/),
        );
        expect(await listeners(service.databaseUrl!)).toBeGreaterThanOrEqual(1);
        held.release();
        const final = await held.first;
        expect(await again).toMatchObject({ messageid: final.AnswerID, content: final.Answer });
        expect(other.store.answers.stats).toEqual({ waiting: 0, reads: reads + 3 });
      } finally {
        complaints.mockRestore();
      }
    },
  );
});

describe.runIf(usesPostgres())('WORKERS=2 on one PostgreSQL', () => {
  let bin: RunningBin;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase();
    bin = await startBin({
      WORKERS: '2',
      DATABASE_URL: database.url!,
      LLM_BASE_URL: fake.baseUrl,
      LLM_MODEL: MODEL,
      LLM_TOOLS: 'off',
      DEMO: 'model',
    });
  }, 90_000);
  afterAll(async () => {
    await bin?.close();
    await database?.drop();
  });

  it('answers repeats in either process when the one writing the answer ends it', { timeout: 20_000 }, async () => {
    const session = await postJson(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: bin.serial });
    const { SessionID, VisitorToken } = (
      JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
    ).Data;
    const body = { sessionID: SessionID, content: QUESTION, clientMessageId: 'held-workers' };
    const headers = { authorization: VisitorToken };
    const release = holdNextAnswer();
    // Every request on a connection of its own (agent: false): whichever process accepts it first takes it.
    const first = postJson(`${bin.url}/chat/Chat/ClientAsk`, { ...body, stream: true }, headers);
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1), { timeout: 10_000 });
    let released = false;
    const repeats: Promise<{ status: number; text: string; released: boolean }>[] = [];
    // A process opens its LISTEN connection for its first waiter: repeats are sent until both processes have one waiting.
    await vi.waitFor(
      async () => {
        repeats.push(
          postJson(`${bin.url}/chat/Chat/ClientAsk`, body, headers).then((reply) => ({ ...reply, released })),
        );
        expect(await listeners(database.url!)).toBe(2);
      },
      { timeout: 10_000, interval: 200 },
    );
    released = true;
    release();
    const streamed = (await first).text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .at(-1)!;
    const final = JSON.parse(streamed.slice(6)) as { AnswerID: number; Answer: string };
    expect(final.Answer).toContain('Cedar Lane has the biggest yard');
    for (const reply of await Promise.all(repeats)) {
      expect(reply).toMatchObject({ status: 200, released: true });
      expect((JSON.parse(reply.text) as { Data: unknown }).Data).toMatchObject({
        messageid: final.AnswerID,
        content: final.Answer,
      });
    }
    expect(fake.requests).toHaveLength(1);
  });
});
