/**
 * A person in the same chat (API.md §3.9, PROTOCOL.md *A person in the chat*): the owner's and the
 * visitor's event streams, Take / Reply / Release, a question while held, and the idle release —
 * on the real service, and across two instances on one PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, type Client, type LiveMessage } from '../../../../src/client/index.ts';
import { openStore } from '../../../../src/server/store/db.ts';
import { sweepLive } from '../../../../src/server/http/routes/live.ts';
import { usesPostgres } from '../../../support/database.ts';
import { startService, type TestService } from '../../../support/service.ts';

/** An event's data, as a test reads it. */
type Data = Record<string, unknown>;

/** Reads a stream in the background: what came so far, and a wait for an event that matches. */
function reading(stream: AsyncIterable<LiveMessage<unknown>>, abort: AbortController) {
  type T = Data;
  const seen: LiveMessage<T>[] = [];
  const wakers = new Set<() => void>();
  void (async () => {
    try {
      for await (const m of stream) {
        seen.push(m as LiveMessage<T>);
        for (const wake of wakers) wake();
      }
    } catch {
      // Aborted at the test's end.
    }
  })();
  return {
    seen,
    stop: () => abort.abort(),
    async next(match: (m: LiveMessage<T>) => boolean, ms = 10_000): Promise<LiveMessage<T>> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = seen.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no such event; saw ${JSON.stringify(seen)}`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            wakers.delete(wake);
            resolve();
          };
          wakers.add(wake);
          setTimeout(wake, 100);
        });
      }
    },
  };
}

const ownerStream = (client: Client, serialNumber: string, lastEventId?: string) => {
  const abort = new AbortController();
  return reading(client.events({ SerialNumber: serialNumber }, { signal: abort.signal, lastEventId }), abort);
};
const visitorStream = (client: Client, sessionId: number, lastEventId?: string) => {
  const abort = new AbortController();
  return reading(client.chatEvents({ sessionID: sessionId }, { signal: abort.signal, lastEventId }), abort);
};
/** Waits until the owner's stream counts as present (registered in the database). */
const present = async (service: TestService, serialNumber: string) => {
  const visitor = await service.visitor(serialNumber);
  for (let i = 0; i < 100; i++) {
    const { rows } = (await service.db.execute(
      `SELECT count(*)::int AS n FROM live_streams WHERE chatbot = '${serialNumber}' AND kind = 'owner'`,
    )) as unknown as { rows: { n: number }[] };
    if (rows[0]!.n > 0) return visitor;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the owner stream never opened');
};
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as ApiError,
  );

let service: TestService;
let serial: string;
const streams: { stop(): void }[] = [];
const keep = <S extends { stop(): void }>(s: S) => (streams.push(s), s);

beforeAll(async () => {
  service = await startService({ own: true });
  serial = await service.newChatbot({
    TalkToHumanEmail: 'team@oak.example',
    TalkToHumanResponseMessage: 'Someone is coming.',
  });
});
afterAll(async () => {
  for (const s of streams) s.stop();
  await service.close();
});

describe('a handoff', () => {
  it('is recorded and emailed when no agent is present (Live false)', async () => {
    const visitor = await service.visitor(serial);
    const data = await visitor.client.talkToHuman({ sessionID: visitor.sessionId, email: 'ann@example.com' });
    expect(data).toEqual({ Message: 'Someone is coming.', Live: false });
  });

  it("goes to the owner's stream at once while one is open (Live true), and no email is queued", async () => {
    const owner = keep(ownerStream(service.owner, serial));
    const visitor = await present(service, serial);
    const before = (await service.owner.outboxList({ SerialNumber: serial })).Total;
    const data = await visitor.client.talkToHuman({
      sessionID: visitor.sessionId,
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Call me',
    });
    expect(data.Live).toBe(true);
    const handoff = await owner.next((m) => m.event === 'handoff' && m.data.SessionID === visitor.sessionId);
    expect(handoff.data).toMatchObject({ Name: 'Ann', Email: 'ann@example.com', Message: 'Call me' });
    expect(handoff.id).toMatch(/^\d+$/);
    expect((await service.owner.outboxList({ SerialNumber: serial })).Total).toBe(before);
    owner.stop();
  });
});

describe('an agent in the conversation', () => {
  it('takes it, replies, gets the visitor’s questions instead of the assistant, and leaves', async () => {
    const visitor = await service.visitor(serial);
    const owner = keep(ownerStream(service.owner, serial));
    const theirs = keep(visitorStream(visitor.client, visitor.sessionId));
    await present(service, serial);

    const hold = await service.owner.conversationTake({
      SerialNumber: serial,
      SessionID: visitor.sessionId,
      Name: 'Sam',
    });
    expect(hold).toMatchObject({ SessionID: visitor.sessionId, Name: 'Sam' });
    await theirs.next((m) => m.data.Type === 'joined' && m.data.Name === 'Sam');
    await owner.next((m) => m.event === 'taken' && m.data.SessionID === visitor.sessionId);

    const reply = await service.owner.conversationReply({
      SerialNumber: serial,
      SessionID: visitor.sessionId,
      Content: 'Hi, I am **Sam**.',
    });
    const message = await theirs.next((m) => m.data.Type === 'message');
    expect(message.data).toMatchObject({ Name: 'Sam', Content: 'Hi, I am **Sam**.', MessageId: reply.MessageId });

    // A question while held: stored, sent to the owner, and answered by no engine.
    const asked = await visitor.client.ask({
      sessionID: visitor.sessionId,
      content: 'Can I see it on Saturday?',
      clientMessageId: 'q1',
    });
    expect(asked).toMatchObject({ content: '', HeldBy: 'Sam', noAnswer: false });
    await owner.next((m) => m.event === 'message' && m.data.Content === 'Can I see it on Saturday?');
    const streamed = [];
    for await (const item of visitor.client.askStream({ sessionID: visitor.sessionId, content: 'Hello?' }))
      streamed.push(item);
    expect(streamed).toEqual([expect.objectContaining({ kind: 'final', Answer: '', AnswerID: 0, HeldBy: 'Sam' })]);

    const transcript = await service.owner.conversationGet({ SerialNumber: serial, SessionID: visitor.sessionId });
    expect(transcript.Messages.map((m) => [m.Role, m.AgentName ?? null])).toEqual([
      ['agent', 'Sam'],
      ['question', null],
      ['question', null],
    ]);

    const csv = await (await service.owner.export({ SerialNumber: serial, Format: 'csv', Of: 'conversations' })).text();
    expect(csv.split('\r\n').find((line) => line.includes(',agent,'))).toMatch(/Hi, I am \*\*Sam\*\*\..*,Sam$/);

    await service.owner.conversationRelease({ SerialNumber: serial, SessionID: visitor.sessionId });
    await theirs.next((m) => m.data.Type === 'left' && m.data.Name === 'Sam');
    const answered = await visitor.client.ask({ sessionID: visitor.sessionId, content: 'hello' });
    expect(answered.HeldBy).toBeUndefined();
    expect(answered.content).not.toBe('');
    // The chatbot's today, whatever its zone: from yesterday to tomorrow in UTC (around midnight UTC they differ).
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const insights = await service.owner.insights({ SerialNumber: serial, From: day(-1), To: day(1) });
    expect(insights.Live.Handoffs).toBeGreaterThanOrEqual(1);
  });

  it('is refused another agent’s conversation unless forced, and the visitor is told of the change', async () => {
    const visitor = await service.visitor(serial);
    const theirs = keep(visitorStream(visitor.client, visitor.sessionId));
    await service.owner.conversationTake({ SerialNumber: serial, SessionID: visitor.sessionId, Name: 'Sam' });
    const refused = await failure(
      service.owner.conversationTake({ SerialNumber: serial, SessionID: visitor.sessionId, Name: 'Kim' }),
    );
    expect(refused).toMatchObject({ status: 409 });
    expect(refused!.message).toContain('Sam holds this conversation');
    await service.owner.conversationTake({
      SerialNumber: serial,
      SessionID: visitor.sessionId,
      Name: 'Kim',
      Force: true,
    });
    await theirs.next((m) => m.data.Type === 'left' && m.data.Name === 'Sam');
    await theirs.next((m) => m.data.Type === 'joined' && m.data.Name === 'Kim');
  });

  it('is released by itself after AGENT_IDLE_MINUTES without a reply, and the visitor told', async () => {
    const visitor = await service.visitor(serial);
    const theirs = keep(visitorStream(visitor.client, visitor.sessionId));
    await service.owner.conversationTake({ SerialNumber: serial, SessionID: visitor.sessionId, Name: 'Lee' });
    service.clock.advance(16 * 60_000);
    try {
      // What the app's own sweep does every LIVE_SWEEP_MS, now, with the clock 16 minutes on.
      await sweepLive({
        db: service.db,
        clock: service.clock,
        live: service.store.live,
        liveStreams: new Set(),
        agentIdleMs: 15 * 60_000,
      });
    } finally {
      service.clock.reset();
    }
    await theirs.next((m) => m.data.Type === 'left' && m.data.Name === 'Lee');
    expect((await visitor.client.ask({ sessionID: visitor.sessionId, content: 'hi' })).HeldBy).toBeUndefined();
  });

  it('replays what a visitor missed from Last-Event-ID', async () => {
    const visitor = await service.visitor(serial);
    const first = visitorStream(visitor.client, visitor.sessionId);
    await service.owner.conversationTake({ SerialNumber: serial, SessionID: visitor.sessionId, Name: 'Sam' });
    const joined = await first.next((m) => m.data.Type === 'joined');
    first.stop();
    await service.owner.conversationReply({
      SerialNumber: serial,
      SessionID: visitor.sessionId,
      Content: 'While you were away',
    });
    const again = keep(visitorStream(visitor.client, visitor.sessionId, joined.id));
    const missed = await again.next((m) => m.data.Type === 'message');
    expect(missed.data.Content).toBe('While you were away');
    expect(again.seen.filter((m) => m.data.Type === 'joined')).toEqual([]);
  });
});

describe('an instance that stops', () => {
  it('ends its streams at once; the visitor, back on another instance with Last-Event-ID, misses nothing', async () => {
    const other = await startService({
      store: service.store,
      databaseUrl: service.databaseUrl,
      secret: service.secret,
    });
    let to = other.origin;
    // What a load balancer does: the next request goes to an instance that is up.
    const balanced = (url: string, init?: RequestInit) => fetch(url.replace(/^http:\/\/[^/]+/, to), init);
    const visitor = await service.visitor(serial);
    const abort = new AbortController();
    const opened: boolean[] = [];
    const client = createClient({ baseUrl: other.origin, visitorToken: visitor.token, fetch: balanced });
    const theirs = keep(
      reading(
        client.chatEvents(
          { sessionID: visitor.sessionId },
          { signal: abort.signal, onConnection: (open) => opened.push(open) },
        ),
        abort,
      ),
    );
    await service.owner.conversationTake({ SerialNumber: serial, SessionID: visitor.sessionId, Name: 'Sam' });
    await theirs.next((m) => m.data.Type === 'joined');
    await other.app.drain(1_000);
    await other.close();
    to = service.origin;
    await service.owner.conversationReply({
      SerialNumber: serial,
      SessionID: visitor.sessionId,
      Content: 'Still here',
    });
    expect((await theirs.next((m) => m.data.Type === 'message')).data.Content).toBe('Still here');
    expect(opened).toContain(false);
  });
});

describe('bad input and limits', () => {
  it('answers a reply to a session of another chatbot with 404', async () => {
    const other = await service.newChatbot();
    const visitor = await service.visitor(other);
    const error = await failure(
      service.owner.conversationReply({ SerialNumber: serial, SessionID: visitor.sessionId, Content: 'hi' }),
    );
    expect(error).toMatchObject({ status: 404 });
  });

  it('refuses Take, Reply and Release with a visitor token (403)', async () => {
    const visitor = await service.visitor(serial);
    const body = { SerialNumber: serial, SessionID: visitor.sessionId };
    for (const call of [
      visitor.client.conversationTake({ ...body, Name: 'Me' }),
      visitor.client.conversationReply({ ...body, Content: 'x' }),
      visitor.client.conversationRelease(body),
    ])
      expect(await failure(call)).toMatchObject({ status: 403 });
  });

  it('names the field of an empty or too long reply, or a too long name (400)', async () => {
    const visitor = await service.visitor(serial);
    const body = { SerialNumber: serial, SessionID: visitor.sessionId };
    expect((await failure(service.owner.conversationReply({ ...body, Content: '' })))!.message).toMatch(/Content/);
    expect((await failure(service.owner.conversationReply({ ...body, Content: 'x'.repeat(20_001) })))!.message).toMatch(
      /Content/,
    );
    expect((await failure(service.owner.conversationTake({ ...body, Name: 'x'.repeat(61) })))!.message).toMatch(/Name/);
  });

  it("refuses a visitor's stream of another session (403)", async () => {
    const mine = await service.visitor(serial);
    const theirs = await service.visitor(serial);
    const abort = new AbortController();
    const stream = mine.client.chatEvents({ sessionID: theirs.sessionId }, { signal: abort.signal });
    const error = await (async () => {
      try {
        for await (const _ of stream) return null;
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(error).toMatchObject({ status: 403 });
  });

  it('allows 3 open streams per session; the fourth is a 429 with RetryAfter', async () => {
    const visitor = await service.visitor(serial);
    const open = [1, 2, 3].map(() => keep(visitorStream(visitor.client, visitor.sessionId)));
    await service.owner.conversationTake({ SerialNumber: serial, SessionID: visitor.sessionId, Name: 'Sam' });
    await Promise.all(open.map((s) => s.next((m) => m.data.Type === 'joined')));
    const res = await fetch(`${service.origin}/chat/Chat/Events?sessionID=${visitor.sessionId}`, {
      headers: { Authorization: visitor.token },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(await res.json()).toMatchObject({ Code: 429, Data: { RetryAfter: 30 } });
  });
});

describe.runIf(usesPostgres())('two instances on one PostgreSQL', () => {
  let other: TestService;
  beforeAll(async () => {
    const store = await openStore({ databaseUrl: service.databaseUrl });
    other = await startService({ store, databaseUrl: service.databaseUrl, secret: service.secret });
  });
  afterAll(async () => {
    await other?.close();
    await other?.store.close();
  });

  it('delivers a reply made on one to the visitor streaming from the other, and the visitor’s question back', async () => {
    const visitor = await service.visitor(serial);
    const onOther = other.client({ visitorToken: visitor.token });
    const theirs = keep(visitorStream(onOther, visitor.sessionId));
    const owner = keep(ownerStream(service.owner, serial));
    await present(service, serial);
    await service.owner.conversationTake({ SerialNumber: serial, SessionID: visitor.sessionId, Name: 'Sam' });
    await service.owner.conversationReply({
      SerialNumber: serial,
      SessionID: visitor.sessionId,
      Content: 'From the first instance',
    });
    expect((await theirs.next((m) => m.data.Type === 'message')).data.Content).toBe('From the first instance');
    expect((await onOther.ask({ sessionID: visitor.sessionId, content: 'Thanks!' })).HeldBy).toBe('Sam');
    await owner.next((m) => m.event === 'message' && m.data.Content === 'Thanks!');
  });
});
