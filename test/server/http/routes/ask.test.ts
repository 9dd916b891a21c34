/** ClientAsk (API.md §3.5): JSON and stream, clientMessageId, disconnects, errors, pings, AnswerSuffix. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { collect } from '../../../support/stream-contract.ts';
import { parseSse } from '../../../../src/protocol/index.ts';
import { createEngines, type AnswerEngine } from '../../../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../../../src/server/engines/answer/offline.ts';
import { messages } from '../../../../src/server/store/schema.ts';
import { openStore } from '../../../../src/server/store/db.ts';
import { validBodies } from '../../../support/samples.ts';
import { startService, type TestService } from '../../../support/service.ts';

/** The real offline engine, counted: how many answers it was asked for. */
function counted(engine: AnswerEngine) {
  const counter = { calls: 0 };
  return {
    counter,
    engine: { answer: (input, signal) => (counter.calls++, engine.answer(input, signal)) } satisfies AnswerEngine,
  };
}

/** The real engine, but the model server "fails" after `n` fragments. */
function failingAfter(engine: AnswerEngine, n: number): AnswerEngine {
  return {
    async *answer(input, signal) {
      let i = 0;
      for await (const fragment of engine.answer(input, signal)) {
        if (i++ === n) throw new Error('model server went away');
        yield fragment;
      }
      return { noAnswer: false, totalTokens: 0 };
    },
  };
}

let fast: TestService;
let slow: TestService;
const fastEngine = counted(createOfflineEngine());
const slowEngine = counted(createOfflineEngine({ wordDelayMs: 40 }));

beforeAll(async () => {
  [fast, slow] = await Promise.all([
    startService({ engines: createEngines(fastEngine.engine) }),
    startService({ engines: createEngines(slowEngine.engine), pingMs: 25 }),
  ]);
});
afterAll(() => Promise.all([fast.close(), slow.close()]));

const question = 'Hello there';

async function answersOf(service: TestService, sessionId: number) {
  return service.db
    .select()
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId), eq(messages.role, 'answer')));
}

describe('asking for JSON', () => {
  it('answers with messageid, content, totalToken and noAnswer', async () => {
    const serial = await fast.newChatbot({ Name: 'Harbor Homes' });
    const { client, sessionId } = await fast.visitor(serial);
    const data = await client.ask({ sessionID: sessionId, content: question });
    expect(data).toEqual({
      messageid: expect.any(Number),
      content: expect.stringContaining("I'm Harbor Homes"),
      totalToken: expect.any(Number),
      noAnswer: false,
      language: 'en',
    });
    expect(data.totalToken).toBeGreaterThan(0);
  });

  it('says noAnswer, with its fallback, when it has nothing to answer from', async () => {
    const serial = await fast.newChatbot({ TalkToHumanEmail: 'agents@harbor.example' });
    const { client, sessionId } = await fast.visitor(serial);
    const data = await client.ask({ sessionID: sessionId, content: 'What is the meaning of life?' });
    expect(data.noAnswer).toBe(true);
    expect(data.content).toContain('Talk to a person');
  });

  it('lets the owner ask in a session of their chatbot with the API key', async () => {
    const serial = await fast.newChatbot();
    const { SessionID } = await fast.owner.getSession({ serialNumber: serial });
    expect((await fast.owner.ask({ sessionID: SessionID, content: question })).content).toContain('Hello');
  });
});

describe('the listings an answer comes from', () => {
  it('are the listings as they are when the question is asked, whichever instance changed them', async () => {
    // On PostgreSQL the other instance has a connection and a memory of its own; PGlite has one connection.
    const otherStore = fast.databaseUrl ? await openStore({ databaseUrl: fast.databaseUrl }) : fast.store;
    const other = await startService({
      store: otherStore,
      secret: fast.secret,
      databaseUrl: fast.databaseUrl,
      engines: createEngines(createOfflineEngine()),
    });
    try {
      const serial = await fast.newChatbot();
      const { client, sessionId } = await fast.visitor(serial);
      const ask = async (content: string) => (await client.ask({ sessionID: sessionId, content })).content;
      const home = {
        ...validBodies.RealEstateCreate,
        SerialNumber: serial,
        MLSNumber: 'CACHE-1',
        Url: 'https://homes.example/cache-1',
        Address: '9 Lantern Row',
        City: 'Austin',
      };
      expect(await ask('Tell me about 9 Lantern Row')).not.toContain('489,000');
      await other.owner.realEstateCreate(home);
      expect(await ask('Tell me about 9 Lantern Row')).toContain('$489,000');
      await other.owner.realEstateUpdate({ ...home, Key: 'CACHE-1', KeyType: 'MLSNumber', SalePrice: 455000 });
      expect(await ask('Tell me about 9 Lantern Row')).toContain('$455,000');
      await fast.owner.realEstateDelete({ SerialNumber: serial, Keys: ['CACHE-1'], KeyType: 'MLSNumber' });
      expect(await ask('Tell me about 9 Lantern Row')).not.toContain('$455,000');
    } finally {
      await other.close();
      if (otherStore !== fast.store) await otherStore.close();
    }
  });
});

describe('asking for a stream', () => {
  it('sends text/event-stream with no caching and no proxy buffering', async () => {
    const serial = await fast.newChatbot();
    const { token, sessionId } = await fast.visitor(serial);
    const res = await fetch(`${fast.origin}/chat/Chat/ClientAsk`, {
      method: 'POST',
      headers: { authorization: token },
      body: JSON.stringify({ sessionID: sessionId, content: question, stream: true }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    expect(res.headers.get('x-accel-buffering')).toBe('no');
    const events = parseSse(await res.text());
    const fragments = events.slice(0, -1).map((e) => (JSON.parse(e.data) as { content: string }).content);
    const final = JSON.parse(events.at(-1)!.data) as Record<string, unknown>;
    expect(fragments.length).toBeGreaterThan(3);
    expect(Object.keys(final).sort()).toEqual(['Answer', 'AnswerID', 'Language', 'QuestionID', 'TotalToken']);
    // [ext] The language the answer is written in, for the widget to mark it.
    expect(final.Language).toBe('en');
    expect(final.Answer).toBe(fragments.join(''));
  });

  it('ends every answer with AnswerSuffix, as its last fragment', async () => {
    const serial = await fast.newChatbot({ AnswerSuffix: '— The Harbor team' });
    const { client, sessionId } = await fast.visitor(serial);
    const items = await collect(client.askStream({ sessionID: sessionId, content: question }));
    const fragments = items.filter((i) => i.kind === 'fragment');
    expect(fragments.at(-1)).toEqual({ kind: 'fragment', content: '\n\n— The Harbor team' });
    expect(items.at(-1)).toMatchObject({ kind: 'final', Answer: expect.stringMatching(/\n\n— The Harbor team$/) });
  });

  it('stores the question and the complete answer with the ids the final object gives', async () => {
    const serial = await fast.newChatbot();
    const { client, sessionId } = await fast.visitor(serial);
    const final = (await collect(client.askStream({ sessionID: sessionId, content: question }))).at(-1)!;
    if (final.kind !== 'final') throw new Error('no final object');
    const rows = await fast.db.select().from(messages).where(eq(messages.sessionId, sessionId));
    expect(rows.map((r) => [r.id, r.role, r.status])).toEqual([
      [final.QuestionID, 'question', 'complete'],
      [final.AnswerID, 'answer', 'complete'],
    ]);
    expect(rows[1]!.content).toBe(final.Answer);
    expect(rows[1]!.totalToken).toBe(final.TotalToken);
  });

  it('sends `: ping` comments while the answer is slow to come', async () => {
    const serial = await slow.newChatbot();
    const { token, sessionId } = await slow.visitor(serial);
    const res = await fetch(`${slow.origin}/chat/Chat/ClientAsk`, {
      method: 'POST',
      headers: { authorization: token },
      body: JSON.stringify({ sessionID: sessionId, content: question, stream: true }),
    });
    expect(await res.text()).toContain(': ping\n\n');
  });

  it('turns a failure after the first fragments into one `event: error`, and stores the answer as failed', async () => {
    const failing = await startService({ engines: createEngines(failingAfter(createOfflineEngine(), 3)) });
    try {
      const serial = await failing.newChatbot();
      const { token, sessionId } = await failing.visitor(serial);
      const res = await fetch(`${failing.origin}/chat/Chat/ClientAsk`, {
        method: 'POST',
        headers: { authorization: token },
        body: JSON.stringify({ sessionID: sessionId, content: question, stream: true }),
      });
      const events = parseSse(await res.text());
      expect(events.slice(0, 3).every((e) => e.event === '')).toBe(true);
      expect(events).toHaveLength(4);
      expect(events[3]).toMatchObject({ event: 'error' });
      expect(JSON.parse(events[3]!.data)).toEqual({
        Code: 500,
        Message: expect.not.stringMatching(/model server went away|at /),
      });
      expect((await answersOf(failing, sessionId)).map((a) => a.status)).toEqual(['failed']);
    } finally {
      await failing.close();
    }
  });
});

describe('a client that disconnects', () => {
  it('stops the generation and leaves the answer stored as partial', async () => {
    const serial = await slow.newChatbot();
    const { client, sessionId } = await slow.visitor(serial);
    const controller = new AbortController();
    const received: string[] = [];
    await expect(
      (async () => {
        for await (const item of client.askStream(
          { sessionID: sessionId, content: question, clientMessageId: 'cut-1' },
          { signal: controller.signal },
        )) {
          if (item.kind === 'fragment') received.push(item.content);
          if (received.length === 3) controller.abort();
        }
      })(),
    ).rejects.toMatchObject({ name: 'AbortError' });
    await vi.waitFor(async () => expect((await answersOf(slow, sessionId))[0]?.status).toBe('partial'), {
      timeout: 5000,
    });
    const [answer] = await answersOf(slow, sessionId);
    expect(answer!.content.startsWith(received.join(''))).toBe(true);
    // Nothing more is written after it stopped.
    const full = (
      await slow.owner.ask({
        sessionID: (await slow.owner.getSession({ serialNumber: serial })).SessionID,
        content: question,
      })
    ).content;
    expect(answer!.content.length).toBeLessThan(full.length);
  });
});

describe('clientMessageId', () => {
  it('returns the stored answer to a retry, without asking the engine again', async () => {
    const serial = await fast.newChatbot();
    const { client, sessionId } = await fast.visitor(serial);
    const first = await client.ask({ sessionID: sessionId, content: question, clientMessageId: 'same-1' });
    const calls = fastEngine.counter.calls;
    const again = await client.ask({ sessionID: sessionId, content: question, clientMessageId: 'same-1' });
    const streamed = await collect(
      client.askStream({ sessionID: sessionId, content: question, clientMessageId: 'same-1' }),
    );
    expect(again).toEqual(first);
    expect(first.language).toBe('en');
    expect(streamed.at(-1)).toMatchObject({
      kind: 'final',
      AnswerID: first.messageid,
      Answer: first.content,
      Language: 'en',
    });
    expect(
      streamed
        .filter((i) => i.kind === 'fragment')
        .map((i) => (i.kind === 'fragment' ? i.content : ''))
        .join(''),
    ).toBe(first.content);
    expect(fastEngine.counter.calls).toBe(calls);
    const rows = await fast.db.select().from(messages).where(eq(messages.sessionId, sessionId));
    expect(rows.filter((r) => r.role === 'question')).toHaveLength(1);
  });

  it('stores one question when the same id is asked many times at once', async () => {
    const serial = await fast.newChatbot();
    const { client, sessionId } = await fast.visitor(serial);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        client.ask({ sessionID: sessionId, content: question, clientMessageId: 'burst-1' }),
      ),
    );
    expect(new Set(answers.map((a) => a.messageid)).size).toBe(1);
    const rows = await fast.db.select().from(messages).where(eq(messages.sessionId, sessionId));
    expect(rows.map((r) => r.role).sort()).toEqual(['answer', 'question']);
  });

  it('generates again into the same answer when the first try was cut short', async () => {
    const serial = await slow.newChatbot();
    const { client, sessionId } = await slow.visitor(serial);
    const controller = new AbortController();
    const first = collect(
      client.askStream(
        { sessionID: sessionId, content: question, clientMessageId: 'retry-1' },
        { signal: controller.signal },
      ),
    );
    await vi.waitFor(async () => expect((await answersOf(slow, sessionId))[0]?.status).toBe('streaming'));
    controller.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    const retried = await collect(
      client.askStream({ sessionID: sessionId, content: question, clientMessageId: 'retry-1' }),
    );
    const final = retried.at(-1)!;
    expect(final.kind).toBe('final');
    const answers = await answersOf(slow, sessionId);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ status: 'complete', content: final.kind === 'final' ? final.Answer : '' });
    expect(final.kind === 'final' && final.AnswerID).toBe(answers[0]!.id);
  });

  it('refuses the same id for a different question in the session (409)', async () => {
    const serial = await fast.newChatbot();
    const { client, sessionId } = await fast.visitor(serial);
    await client.ask({ sessionID: sessionId, content: question, clientMessageId: 'dup-1' });
    await expect(
      client.ask({ sessionID: sessionId, content: 'Another question', clientMessageId: 'dup-1' }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('is scoped to the session: another session may use the same id', async () => {
    const serial = await fast.newChatbot();
    const a = await fast.visitor(serial);
    const b = await fast.visitor(serial);
    const first = await a.client.ask({ sessionID: a.sessionId, content: question, clientMessageId: 'shared' });
    const second = await b.client.ask({ sessionID: b.sessionId, content: question, clientMessageId: 'shared' });
    expect(second.messageid).not.toBe(first.messageid);
  });
});
