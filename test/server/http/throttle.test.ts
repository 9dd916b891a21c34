/**
 * Every visitor operation is bounded, on PGlite and PostgreSQL: GetSession,
 * TalkToHuman, Feedback, GetPreUploadUrl and an upload's PUT throttled per session and per address (429 with
 * Retry-After, in the header and the envelope; nothing counted or stored past the bound; owners
 * never throttled; a new window lets the visitor in again); ClientAsk's rate limit says when to
 * come back too; a handoff email and a digest show a long conversation in part, with the console's
 * link; an OutboxList page is bounded in bytes.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/index.ts';
import { runDigests } from '../../../src/server/mail/digests.ts';
import { EMAIL_BODY_CHARS, HANDOFF_MESSAGES, OUTBOX_PAGE_BYTES } from '../../../src/server/mail/outbox.ts';
import { beginQuestion, createSession, finishAnswer } from '../../../src/server/store/messages.ts';
import { leads, outbox } from '../../../src/server/store/schema.ts';
import { DEFAULT_THROTTLES, NO_THROTTLES, parseThrottles, type Throttles } from '../../../src/server/http/throttle.ts';
import { postJson } from '../../support/http.ts';
import { startService, TestClock, type TestService } from '../../support/service.ts';

const THROTTLES: Throttles = {
  GetSession: { address: { count: 3, seconds: 60 } },
  ClientAsk: { session: { count: 4, seconds: 60 } },
  TalkToHuman: { session: { count: 2, seconds: 600 }, address: { count: 3, seconds: 3_600 } },
  Feedback: { session: { count: 3, seconds: 60 }, address: { count: 5, seconds: 60 } },
  GetPreUploadUrl: { session: { count: 2, seconds: 600 }, address: { count: 3, seconds: 600 } },
  Upload: { session: { count: 3, seconds: 600 }, address: { count: 5, seconds: 600 } },
  Typing: { session: { count: 3, seconds: 60 }, address: { count: 5, seconds: 60 } },
  ViewingSlots: { session: { count: 3, seconds: 600 }, address: { count: 5, seconds: 600 } },
  ViewingBook: { session: { count: 2, seconds: 600 }, address: { count: 3, seconds: 3_600 } },
  ViewingManage: { address: { count: 5, seconds: 600 } },
};

const clock = new TestClock();
let service: TestService;

beforeAll(async () => {
  clock.set('2026-11-20T10:00:30Z');
  service = await startService({ clock, throttles: THROTTLES });
});
afterAll(() => service?.close());

/** The failure a call ends with. */
async function failureOf(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('THROTTLE', () => {
  it('is the defaults unless set, off, or items that change them — and a clear error naming what is wrong', () => {
    expect(parseThrottles(undefined)).toEqual(DEFAULT_THROTTLES);
    expect(parseThrottles(' OFF ')).toEqual(NO_THROTTLES);
    const changed = parseThrottles('TalkToHuman.session=5/900, GetSession.address=0/60');
    expect(changed.TalkToHuman).toEqual({
      session: { count: 5, seconds: 900 },
      address: DEFAULT_THROTTLES.TalkToHuman.address,
    });
    expect(changed.GetSession.address).toEqual({ count: 0, seconds: 60 });
    expect(changed.Feedback).toEqual(DEFAULT_THROTTLES.Feedback);
    expect(parseThrottles('Upload.session=0/60').Upload).toEqual({
      session: { count: 0, seconds: 60 },
      address: DEFAULT_THROTTLES.Upload.address,
    });
    expect(() => parseThrottles('Add.session=5/60')).toThrow(/THROTTLE must be .*got "Add.session=5\/60"/);
    expect(() => parseThrottles('Feedback.session=5')).toThrow(/count\/seconds/);
    expect(() => parseThrottles('Feedback.session=5/0')).toThrow(
      /seconds of "Feedback.session=5\/0" must be from 1 to 86400/,
    );
    expect(() => parseThrottles('GetSession.session=5/60')).toThrow(/per address only/);
  });
});

describe('the visitor operations', () => {
  it('GetSession: per address; 429 with Retry-After in the header and the envelope; the owner is not throttled; a new window lets the visitor in', async () => {
    const serial = await service.newChatbot();
    clock.set('2026-11-20T10:00:30Z');
    const open = () => postJson(`${service.origin}/chat/Chatbot/GetSession`, { serialNumber: serial });
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await open());
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 429, 429]);
    const refused = replies[3]!;
    expect(refused.headers['retry-after']).toBe('30');
    expect(JSON.parse(refused.text)).toMatchObject({
      Success: false,
      Code: 429,
      Data: { RetryAfter: 30 },
      Message: 'Too many new conversations from this address; please try again in 30 s',
    });
    // The owner's sessions are not a visitor's.
    await expect(service.owner.getSession({ serialNumber: serial })).resolves.toHaveProperty('SessionID');
    // Another chatbot has a count of its own.
    expect(
      (await postJson(`${service.origin}/chat/Chatbot/GetSession`, { serialNumber: await service.newChatbot() }))
        .status,
    ).toBe(200);
    clock.advance(30_000);
    expect((await open()).status).toBe(200);
  });

  it('TalkToHuman: 50 at once from one session are 2 leads and 2 emails; then the address bound holds across sessions', async () => {
    clock.set('2026-11-20T11:00:00Z');
    const serial = await service.newChatbot({ TalkToHumanEmail: 'agents@harbor.example' });
    const a = await service.visitor(serial);
    const settled = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        a.client.talkToHuman({ sessionID: a.sessionId, name: 'Ana', email: 'ana@example.com', message: 'Call me' }),
      ),
    );
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(2);
    const refusals = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as ApiError] : []));
    expect(refusals).toHaveLength(48);
    for (const e of refusals)
      expect(e).toMatchObject({
        status: 429,
        message: 'Too many requests to talk to a person in this conversation; please try again in 600 s',
        data: { RetryAfter: 600 },
      });
    const stored = async (table: typeof leads | typeof outbox) =>
      Number((await service.db.select({ n: count() }).from(table).where(eq(table.chatbot, serial)))[0]!.n);
    expect(await stored(leads)).toBe(2);
    expect(await stored(outbox)).toBe(2);
    // A second session from the same address: one more, then the address's 3 in an hour are used.
    const b = await service.visitor(serial);
    await b.client.talkToHuman({ sessionID: b.sessionId });
    expect(await failureOf(b.client.talkToHuman({ sessionID: b.sessionId }))).toMatchObject({
      status: 429,
      message: expect.stringContaining('from this address'),
    });
    // The owner is never throttled.
    await service.owner.talkToHuman({ sessionID: b.sessionId });
    expect(await stored(leads)).toBe(4);
  });

  it('Feedback and GetPreUploadUrl: per session', async () => {
    clock.set('2026-11-20T12:00:00Z');
    const serial = await service.newChatbot();
    const v = await service.visitor(serial);
    const answer = await v.client.ask({ sessionID: v.sessionId, content: 'Hello' });
    const vote = (rating: 'up' | 'down') =>
      v.client.feedback({ sessionID: v.sessionId, answerID: answer.messageid, rating });
    await vote('up');
    await vote('down');
    await vote('up');
    expect(await failureOf(vote('down'))).toMatchObject({
      status: 429,
      message: 'Too many ratings in this conversation; please try again in 60 s',
    });
    const reserve = () => v.client.getPreUploadUrl({ sessionID: v.sessionId, fileName: 'photo.png' });
    await reserve();
    await reserve();
    expect(await failureOf(reserve())).toMatchObject({
      status: 429,
      message: 'Too many uploads in this conversation; please try again in 600 s',
    });
  });

  it('Feedback and GetPreUploadUrl: per address, across sessions, saying when in Retry-After and Data', async () => {
    clock.set('2026-11-20T12:10:00Z');
    const serial = await service.newChatbot();
    const [a, b] = [await service.visitor(serial), await service.visitor(serial)];
    const answers = [
      (await a.client.ask({ sessionID: a.sessionId, content: 'Hello' })).messageid,
      (await b.client.ask({ sessionID: b.sessionId, content: 'Hello' })).messageid,
    ];
    const call = (path: string, v: typeof a, body: object) =>
      postJson(`${service.origin}${path}`, { sessionID: v.sessionId, ...body }, { authorization: v.token });
    const vote = (v: typeof a, answerID: number) => call('/chat/Chat/Feedback', v, { answerID, rating: 'up' });
    const reserve = (v: typeof a) => call('/chat/User/GetPreUploadUrl', v, { fileName: 'photo.png' });
    // Three votes fill a's session; b's two more fill the address's five.
    const votes = [];
    for (let i = 0; i < 3; i++) votes.push(await vote(a, answers[0]!));
    for (let i = 0; i < 3; i++) votes.push(await vote(b, answers[1]!));
    expect(votes.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(votes[5]!.headers['retry-after']).toBe('60');
    expect(JSON.parse(votes[5]!.text)).toEqual({
      Success: false,
      Code: 429,
      Message: 'Too many ratings from this address; please try again in 60 s',
      Data: { RetryAfter: 60 },
      Version: '1.0.0',
    });
    // Two reservations fill a's session; b's one more fills the address's three.
    const reserved = [await reserve(a), await reserve(a), await reserve(b), await reserve(b)];
    expect(reserved.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(reserved[3]!.headers['retry-after']).toBe('600');
    expect(JSON.parse(reserved[3]!.text)).toMatchObject({
      Code: 429,
      Message: 'Too many uploads from this address; please try again in 600 s',
      Data: { RetryAfter: 600 },
    });
  });

  it("Upload: a URL's PUTs per session and per address, each 429 counted in the metric; owners' not at all", async () => {
    clock.set('2026-11-20T12:20:00Z');
    const serial = await service.newChatbot();
    const [a, b] = [await service.visitor(serial), await service.visitor(serial)];
    const urlOf = async (v?: typeof a) =>
      (await (v ? v.client : service.owner).getPreUploadUrl({ sessionID: v?.sessionId, fileName: 'notes.png' }))
        .PreUploadUrl;
    // Not an image: each PUT is refused (415) and leaves the URL usable, so a script could send it for ever.
    const put = async (url: string) => {
      const r = await fetch(url, { method: 'PUT', body: new TextEncoder().encode('\0no image, nor a document\n') });
      return { status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as unknown };
    };
    const statuses = async (url: string, n: number) => {
      const replies = [];
      for (let i = 0; i < n; i++) replies.push(await put(url));
      return replies;
    };
    const ofA = await statuses(await urlOf(a), 4);
    expect(ofA.map((r) => r.status)).toEqual([415, 415, 415, 429]);
    expect(ofA[3]).toEqual({
      status: 429,
      retryAfter: '600',
      body: {
        Success: false,
        Code: 429,
        Message: 'Too many attempts to upload a file in this conversation; please try again in 600 s',
        Data: { RetryAfter: 600 },
        Version: '1.0.0',
      },
    });
    // b's session has room, the address two more (five in all).
    const ofB = await statuses(await urlOf(b), 3);
    expect(ofB.map((r) => r.status)).toEqual([415, 415, 429]);
    expect(ofB[2]!.body).toMatchObject({ Message: expect.stringContaining('from this address') });
    expect(await service.app.metrics.metrics()).toContain(
      'chatbot_rate_limited_total{operation="Upload",reason="throttle"} 2',
    );
    // The owner's uploads (a profile picture) are not throttled.
    expect((await statuses(await urlOf(), 6)).map((r) => r.status)).toEqual(Array(6).fill(415));
  });

  it("ClientAsk: a backstop per session above the owner's limits, whatever they are", async () => {
    clock.set('2026-11-20T12:30:00Z');
    const v = await service.visitor(await service.newChatbot());
    for (let i = 0; i < 4; i++) await v.client.ask({ sessionID: v.sessionId, content: `Question ${i}` });
    expect(await failureOf(v.client.ask({ sessionID: v.sessionId, content: 'One more' }))).toMatchObject({
      status: 429,
      message: 'Too many questions in this conversation; please try again in 60 s',
      data: { RetryAfter: 60 },
    });
  });

  it('ClientAsk refused by the rate window says when to come back (Retry-After)', async () => {
    clock.set('2026-11-20T13:00:00Z');
    const serial = await service.newChatbot({ RateLimitCount: 1, RateLimitTime: 120 });
    const v = await service.visitor(serial);
    await v.client.ask({ sessionID: v.sessionId, content: 'Hello' });
    clock.advance(20_000);
    const reply = await postJson(
      `${service.origin}/chat/Chat/ClientAsk`,
      { sessionID: v.sessionId, content: 'Hello again' },
      { authorization: v.token },
    );
    expect(reply.status).toBe(429);
    expect(reply.headers['retry-after']).toBe('100');
    expect(JSON.parse(reply.text)).toMatchObject({ Code: 429, Data: { RetryAfter: 100 } });
  });
});

/** A conversation of `turns` questions and answers, each answer `chars` long, stored as the service stores them. */
async function longConversation(serial: string, turns: number, chars: number, at: Date): Promise<number> {
  const sessionId = await createSession(
    service.db,
    serial,
    { openedBy: 'visitor', clientIp: '127.0.0.1', origin: '', pageUrl: '' },
    at,
  );
  for (let i = 1; i <= turns; i++) {
    const begun = await beginQuestion(
      service.db,
      {
        sessionId,
        chatbot: serial,
        content: `Question ${i}: ${'which homes have a yard? '.repeat(40)}`,
        askType: 'Text',
        fileIds: [],
        clientMessageId: null,
      },
      at,
    );
    if (begun.kind !== 'new') throw new Error('expected a new question');
    await finishAnswer(
      service.db,
      begun.answerId,
      begun.attempt,
      { content: `Answer ${i}: ${'x'.repeat(chars)}`, status: 'complete', totalToken: 0, noAnswer: false },
      at,
    );
  }
  return sessionId;
}

/** A new chatbot's outbox holding `count` emails, their bodies `body(i)`; its first page of 100 as OutboxList answers it. */
async function outboxPage(count: number, body: (i: number) => string) {
  const serial = await service.newChatbot();
  await service.db.insert(outbox).values(
    Array.from({ length: count }, (_, i) => ({
      chatbot: serial,
      kind: 'handoff' as const,
      toAddress: 'a@b.example',
      subject: `email ${i}`,
      body: body(i),
      createdAt: clock.now(),
      nextAttemptAt: clock.now(),
    })),
  );
  return postJson(
    `${service.origin}/chat/Chatbot/OutboxList`,
    { SerialNumber: serial, PageSize: 100 },
    { authorization: service.apiKey },
  );
}

describe('emails and the outbox', () => {
  it('a handoff email shows the last messages of a long conversation, each cut, with a whole link to the console', async () => {
    clock.set('2026-11-20T14:00:00Z');
    const serial = await service.newChatbot({ TalkToHumanEmail: 'agents@harbor.example' });
    const sessionId = await longConversation(serial, 15, 8_000, clock.now());
    await service.owner.talkToHuman({ sessionID: sessionId, message: 'Please call' });
    const [email] = await service.db.select().from(outbox).where(eq(outbox.chatbot, serial));
    expect(email!.body.length).toBeLessThanOrEqual(EMAIL_BODY_CHARS);
    expect(email!.body).toContain(
      `(${30 - HANDOFF_MESSAGES} earlier messages not shown: the whole conversation is at ${service.origin}/console/#/conversations/${sessionId})`,
    );
    // A whole address a mail client can open, without PUBLIC_URL: the one the request reached.
    expect(email!.body).toContain(`(in the console: ${service.origin}/console/#/conversations/${sessionId})`);
    expect(email!.body).toContain('Question 15:');
    expect(email!.body).toContain('Answer 15: xxx');
    expect(email!.body).not.toContain('Question 10:');
    expect(email!.body).toMatch(/Answer 15: x+… \[\d+ more characters\]/);
  });

  it('a chat-log digest shows what fits of a busy day and counts the rest', async () => {
    clock.set('2026-11-21T09:00:00Z');
    const serial = await service.newChatbot({ EmailForDailyChatLogs: 'owner@harbor.example', timeZone: 'UTC' });
    for (let i = 0; i < 16; i++) await longConversation(serial, 3, 3_000, new Date(`2026-11-20T1${i % 10}:00:00Z`));
    await runDigests({ db: service.db, clock, publicUrl: 'https://bots.harbor.example' }, '2026-11-20');
    const [email] = await service.db.select().from(outbox).where(eq(outbox.chatbot, serial));
    expect(email!.subject).toContain('16 conversations on 2026-11-20');
    expect(email!.body.length).toBeLessThanOrEqual(EMAIL_BODY_CHARS);
    expect(email!.body).toMatch(
      /\d+ more conversations of the day are in the console: https:\/\/bots\.harbor\.example\/console\/#\/conversations/,
    );
    // What is shown and what is counted are the day's 16, each once.
    const shown = email!.body.match(/^— Conversation \d+, 2026-11-20 \(UTC\) —$/gm) ?? [];
    const left = Number(/(\d+) more conversations of the day/.exec(email!.body)![1]);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length + left).toBe(16);
  });

  it('an OutboxList page is bounded in bytes, whatever the emails stored', async () => {
    // Emails stored before the bound (or by another version): 200,000 characters each.
    const reply = await outboxPage(20, (i) => `${i}:${'y'.repeat(200_000)}`);
    expect(reply.status).toBe(200);
    expect(reply.text.length).toBeLessThan(20 * (EMAIL_BODY_CHARS + 500));
    const page = JSON.parse(reply.text) as { Data: { Items: { Body: string }[]; Total: number } };
    expect(page.Data.Total).toBe(20);
    expect(page.Data.Items).toHaveLength(20);
    for (const item of page.Data.Items) expect(item.Body).toMatch(/^\d+:y+… \[\d+ more characters\]$/);
  });

  it('an OutboxList page is bounded in bytes of JSON, not characters: a control character is six', async () => {
    // As a visitor's text could make them: each body the most an email holds, of characters JSON escapes.
    const reply = await outboxPage(100, (i) => `${i}:${'\u0001'.repeat(EMAIL_BODY_CHARS - 10)}`);
    expect(reply.status).toBe(200);
    expect(Buffer.byteLength(reply.text)).toBeLessThanOrEqual(OUTBOX_PAGE_BYTES);
    const page = JSON.parse(reply.text) as { Data: { Items: { Body: string }[] } };
    expect(page.Data.Items).toHaveLength(100);
    for (const item of page.Data.Items) expect(item.Body).toMatch(/^\d+:\u0001+… \[\d+ more characters\]$/);
  });
});
