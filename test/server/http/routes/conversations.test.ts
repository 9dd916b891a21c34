/**
 * The owner's loop [ext]: visitors' votes (Feedback), and the owner's reads of conversations —
 * ConversationList (paging, flags, days, full-text search), ConversationGet, UnansweredList
 * (grouped by likeness), Insights — through the real service, on PGlite and on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/index.ts';
import { createApiKey } from '../../../../src/server/start/bootstrap.ts';
import { owners } from '../../../../src/server/store/schema.ts';
import { fixtureListings } from '../../../support/listings.ts';
import { TestClock, startService, type TestService } from '../../../support/service.ts';

const clock = new TestClock();
let service: TestService;
let serial: string;

/** A visitor who asks `questions` in one session; the answers' ids, in order. */
async function conversation(questions: string[], referer = 'https://homes.example/listings/austin?utm=private#top') {
  const res = await fetch(`${service.origin}/chat/Chatbot/GetSession`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', referer, origin: 'https://homes.example' },
    body: JSON.stringify({ serialNumber: serial }),
  });
  const session = ((await res.json()) as { Data: { SessionID: number; VisitorToken: string } }).Data;
  const client = service.client({ visitorToken: session.VisitorToken });
  const answers: { id: number; noAnswer: boolean }[] = [];
  for (const content of questions) {
    const a = await client.ask({ sessionID: session.SessionID, content });
    answers.push({ id: a.messageid, noAnswer: a.noAnswer });
  }
  return { sessionId: session.SessionID, client, answers };
}

beforeAll(async () => {
  clock.set('2026-11-10T15:00:00Z');
  service = await startService({ clock });
  serial = await service.newChatbot();
  for (const { Id: _id, CreatedAt: _c, UpdatedAt: _u, ...fields } of fixtureListings)
    await service.owner.realEstateCreate({ SerialNumber: serial, ...fields });
});
afterAll(() => service?.close());

describe('Feedback: a visitor rates the answers of their own session', () => {
  it('stores a vote, changes it to a thumbs down with reasons and a comment, and withdraws it', async () => {
    const { sessionId, client, answers } = await conversation(['Homes in Austin under $500k?']);
    const answerID = answers[0]!.id;
    const up = await client.feedback({ sessionID: sessionId, answerID, rating: 'up' });
    expect(up).toMatchObject({ AnswerID: answerID, Rating: 'up', Reasons: [], Comment: '' });
    const down = await client.feedback({
      sessionID: sessionId,
      answerID,
      rating: 'down',
      reasons: ['wrong-listing', 'too-long'],
      comment: '  I asked for Denver  ',
    });
    expect(down).toMatchObject({
      Rating: 'down',
      Reasons: ['wrong-listing', 'too-long'],
      Comment: 'I asked for Denver',
    });
    const seen = await service.owner.conversationGet({ SerialNumber: serial, SessionID: sessionId });
    expect(seen.Messages.find((m) => m.Id === answerID)?.Feedback).toMatchObject({
      Rating: 'down',
      Reasons: ['wrong-listing', 'too-long'],
    });
    expect(seen.Flags).toContain('ratedDown');
    await client.feedback({ sessionID: sessionId, answerID, rating: null });
    const after = await service.owner.conversationGet({ SerialNumber: serial, SessionID: sessionId });
    expect(after.Messages.find((m) => m.Id === answerID)?.Feedback).toBeNull();
    expect(after.Flags).not.toContain('ratedDown');
  });

  it("refuses another session's answer, a question, and an unknown id — without saying which exists", async () => {
    const mine = await conversation(['Hello']);
    const theirs = await conversation(['Condos in Denver?']);
    const foreign = theirs.answers[0]!.id;
    await expect(
      mine.client.feedback({ sessionID: mine.sessionId, answerID: foreign, rating: 'up' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      mine.client.feedback({ sessionID: theirs.sessionId, answerID: foreign, rating: 'up' }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      mine.client.feedback({ sessionID: mine.sessionId, answerID: mine.answers[0]!.id - 1, rating: 'up' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      mine.client.feedback({ sessionID: mine.sessionId, answerID: 2_000_000_000, rating: 'up' }),
    ).rejects.toMatchObject({ status: 404 });
    const other = await service.owner.conversationGet({ SerialNumber: serial, SessionID: theirs.sessionId });
    expect(other.Messages.every((m) => m.Feedback === null)).toBe(true);
  });

  it('names the field and the rule of a bad vote, and keeps the stored one', async () => {
    const { sessionId, client, answers } = await conversation(['Any rentals in Denver?']);
    const answerID = answers[0]!.id;
    await client.feedback({ sessionID: sessionId, answerID, rating: 'up' });
    const refused = async (body: Record<string, unknown>) => {
      const error = await client
        .feedback({ sessionID: sessionId, answerID, ...body } as never)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      return (error as ApiError).message;
    };
    expect(await refused({ rating: 'up', reasons: ['not-helpful'] })).toMatch(
      /"reasons" are only allowed with the rating "down"/,
    );
    expect(await refused({ rating: 'meh' })).toMatch(/rating/);
    expect(await refused({ rating: 'down', reasons: ['rude'] })).toMatch(/reasons/);
    expect(await refused({ rating: 'down', comment: 'x'.repeat(501) })).toMatch(/comment.*500/);
    const seen = await service.owner.conversationGet({ SerialNumber: serial, SessionID: sessionId });
    expect(seen.Messages.find((m) => m.Id === answerID)?.Feedback?.Rating).toBe('up');
  });
});

describe("ConversationList and ConversationGet: the owner's view", () => {
  let first: Awaited<ReturnType<typeof conversation>>;
  let second: Awaited<ReturnType<typeof conversation>>;
  let ratedDown: Awaited<ReturnType<typeof conversation>>;
  let otherSerial: string;

  beforeAll(async () => {
    otherSerial = await service.newChatbot({ RateLimitCount: 1, RateLimitTime: 600 });
    clock.set('2026-11-12T16:00:00Z');
    first = await conversation(['Can I bring my horse?', 'Show me condos in Denver']);
    clock.set('2026-11-13T16:00:00Z');
    second = await conversation(['What is the capital of Mongolia?']);
    await second.client.talkToHuman({
      sessionID: second.sessionId,
      name: 'Ana',
      email: 'ana@example.com',
      message: 'Call me',
    });
    ratedDown = await conversation(['Houses in Austin']);
    await ratedDown.client.feedback({
      sessionID: ratedDown.sessionId,
      answerID: ratedDown.answers[0]!.id,
      rating: 'down',
      reasons: ['not-helpful'],
    });
  });

  it('lists sessions newest first with the page they began on (no query), the questions and the flags', async () => {
    const page = await service.owner.conversationList({ SerialNumber: serial, From: '2026-11-12', To: '2026-11-13' });
    expect(page.Items.map((c) => c.SessionID)).toEqual([ratedDown.sessionId, second.sessionId, first.sessionId]);
    expect(page.Total).toBe(3);
    const one = page.Items.find((c) => c.SessionID === first.sessionId)!;
    expect(one).toMatchObject({
      PageUrl: 'https://homes.example/listings/austin',
      Questions: 2,
      FirstQuestion: 'Can I bring my horse?',
    });
    expect(one.Flags).toEqual(['unanswered']);
    expect(page.Items.find((c) => c.SessionID === second.sessionId)!.Flags).toEqual(['unanswered', 'handoff']);
    expect(page.Items.find((c) => c.SessionID === ratedDown.sessionId)!.Flags).toEqual(['ratedDown']);
  });

  it('pages, filters by day and flag, and searches questions and answers in the database', async () => {
    const pageSize = await service.owner.conversationList({
      SerialNumber: serial,
      From: '2026-11-12',
      To: '2026-11-13',
      PageSize: 2,
      Page: 2,
    });
    expect(pageSize.Items.map((c) => c.SessionID)).toEqual([first.sessionId]);
    expect(pageSize.Total).toBe(3);
    // 2026-11-12 10:00 in Chicago: only the first conversation began that local day.
    const day = await service.owner.conversationList({ SerialNumber: serial, From: '2026-11-12', To: '2026-11-12' });
    expect(day.Items.map((c) => c.SessionID)).toEqual([first.sessionId]);
    const handoff = await service.owner.conversationList({ SerialNumber: serial, Flag: 'handoff' });
    expect(handoff.Items.map((c) => c.SessionID)).toEqual([second.sessionId]);
    const horse = await service.owner.conversationList({ SerialNumber: serial, Query: 'horse' });
    expect(horse.Items.map((c) => c.SessionID)).toEqual([first.sessionId]);
    // Words of an answer are found too: the Denver condo's address is in the first conversation's answer.
    const larimer = await service.owner.conversationList({ SerialNumber: serial, Query: 'Larimer' });
    expect(larimer.Items.map((c) => c.SessionID)).toContain(first.sessionId);
    // Web-search syntax: quoted phrases and -excluded words, each message read on its own.
    const phrase = await service.owner.conversationList({ SerialNumber: serial, Query: '"bring my horse"' });
    expect(phrase.Items.map((c) => c.SessionID)).toEqual([first.sessionId]);
    const none = await service.owner.conversationList({ SerialNumber: serial, Query: 'horse -bring' });
    expect(none.Items).toEqual([]);
  });

  it('flags a session whose question a rate limit refused', async () => {
    const saved = serial;
    serial = otherSerial;
    try {
      const { sessionId, client } = await conversation(['Hi']);
      await expect(client.ask({ sessionID: sessionId, content: 'Hi again' })).rejects.toMatchObject({ status: 429 });
      const page = await service.owner.conversationList({ SerialNumber: otherSerial, Flag: 'rateLimited' });
      expect(page.Items.map((c) => c.SessionID)).toEqual([sessionId]);
    } finally {
      serial = saved;
    }
  });

  it('shows a transcript with answers as stored (cards included), votes and the lead', async () => {
    const t = await service.owner.conversationGet({ SerialNumber: serial, SessionID: second.sessionId });
    expect(t.Messages.map((m) => m.Role)).toEqual(['question', 'answer']);
    expect(t.Messages[1]!.NoAnswer).toBe(true);
    expect(t.Leads).toMatchObject([{ Name: 'Ana', Email: 'ana@example.com', Message: 'Call me' }]);
    const withCards = await service.owner.conversationGet({ SerialNumber: serial, SessionID: first.sessionId });
    expect(withCards.Messages[3]!.Content).toContain('```listings');
  });

  it('answers only the owner, and only for their own chatbots', async () => {
    await expect(ratedDown.client.conversationList({ SerialNumber: serial })).rejects.toMatchObject({ status: 403 });
    await expect(
      ratedDown.client.conversationGet({ SerialNumber: serial, SessionID: ratedDown.sessionId }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(service.client().insights({ SerialNumber: serial })).rejects.toMatchObject({ status: 401 });
    const [other] = await service.db.insert(owners).values({ name: 'Someone else' }).returning();
    const stranger = service.client({ apiKey: await createApiKey(service.db, other!.id, 'stranger') });
    await expect(stranger.conversationList({ SerialNumber: serial })).rejects.toMatchObject({ status: 403 });
    await expect(stranger.unansweredList({ SerialNumber: serial })).rejects.toMatchObject({ status: 403 });
    await expect(stranger.export({ SerialNumber: serial, Format: 'csv', Of: 'conversations' })).rejects.toMatchObject({
      status: 403,
    });
    // A session of another chatbot is not found through this one.
    await expect(
      service.owner.conversationGet({ SerialNumber: otherSerial, SessionID: first.sessionId }),
    ).rejects.toMatchObject({ status: 404 });
    const key = await service.owner.sessionKey();
    const console = service.client({ sessionKey: key.SessionKey });
    expect((await console.conversationList({ SerialNumber: serial })).Total).toBeGreaterThan(0);
  });

  it('refuses a range backwards or longer than a year, and a bad day, naming the field', async () => {
    await expect(
      service.owner.conversationList({ SerialNumber: serial, From: '2026-11-13', To: '2026-11-12' }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('"To" must not be before "From"') });
    await expect(
      service.owner.insights({ SerialNumber: serial, From: '2025-01-01', To: '2026-11-12' }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('at most 366 days') });
    await expect(service.owner.insights({ SerialNumber: serial, From: '2026-02-30' })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('"From" must be a day as YYYY-MM-DD'),
    });
    await expect(service.owner.conversationList({ SerialNumber: serial, PageSize: 101 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('"PageSize"'),
    });
  });
});

describe('UnansweredList: what the owner should add listings or instructions for', () => {
  it('groups questions alike by their trigrams, with counts and links to each conversation', async () => {
    clock.set('2026-11-20T17:00:00Z');
    const a = await conversation(['Can I bring my horse?']);
    const b = await conversation(['can i bring my horse']);
    const c = await conversation(['Can I bring my horse with me?']);
    const d = await conversation(['Do you sell boats?']);
    const e = await conversation(['Condos in Denver']);
    await e.client.feedback({
      sessionID: e.sessionId,
      answerID: e.answers[0]!.id,
      rating: 'down',
      reasons: ['wrong-listing'],
      comment: 'wanted a loft',
    });
    const page = await service.owner.unansweredList({ SerialNumber: serial, From: '2026-11-20', To: '2026-11-20' });
    expect(page).toMatchObject({ From: '2026-11-20', To: '2026-11-20', Considered: 5, Total: 3 });
    const horse = page.Items[0]!;
    expect(horse).toMatchObject({ Count: 3, NoAnswer: 3, RatedDown: 0 });
    expect(horse.Questions.map((q) => q.SessionID).sort()).toEqual([a.sessionId, b.sessionId, c.sessionId].sort());
    const boats = page.Items.find((g) => g.Question === 'Do you sell boats?')!;
    expect(boats.Questions.map((q) => q.SessionID)).toEqual([d.sessionId]);
    const down = page.Items.find((g) => g.RatedDown === 1)!;
    expect(down.Questions[0]).toMatchObject({
      SessionID: e.sessionId,
      Content: 'Condos in Denver',
      Reasons: ['wrong-listing'],
      Comment: 'wanted a loft',
      NoAnswer: false,
    });
    const paged = await service.owner.unansweredList({
      SerialNumber: serial,
      From: '2026-11-20',
      To: '2026-11-20',
      PageSize: 1,
      Page: 2,
    });
    expect(paged.Items).toHaveLength(1);
    expect(paged.Total).toBe(3);
  });

  it('says why each answer could not be given, and groups the misses by that kind', async () => {
    clock.set('2026-11-23T17:00:00Z');
    const filter = await conversation(['Homes in Austin with a helipad', 'homes in austin with a helipad please']);
    const unknown = await conversation(['Do you sell yachts?']);
    expect(filter.answers.map((a) => a.noAnswer)).toEqual([true, true]);
    const asked = await filter.client.ask({ sessionID: filter.sessionId, content: 'Condos in Denver with a helipad' });
    expect(asked).toMatchObject({ noAnswer: true, noAnswerReason: 'cannot-filter' });
    const page = await service.owner.unansweredList({ SerialNumber: serial, From: '2026-11-23', To: '2026-11-23' });
    const helipad = page.Items.find((g) => /austin with a helipad/i.test(g.Question))!;
    expect(helipad).toMatchObject({ Count: 2, NoAnswer: 2, NoAnswerReason: 'cannot-filter' });
    expect(helipad.Questions.every((q) => q.NoAnswerReason === 'cannot-filter')).toBe(true);
    const yachts = page.Items.find((g) => g.Question === 'Do you sell yachts?')!;
    expect(yachts).toMatchObject({ Count: 1, NoAnswerReason: 'unknown' });
    expect(yachts.Questions[0]!.SessionID).toBe(unknown.sessionId);
    // The transcript keeps the reason with the answer.
    const transcript = await service.owner.conversationGet({ SerialNumber: serial, SessionID: unknown.sessionId });
    expect(transcript.Messages.find((m) => m.Role === 'answer')).toMatchObject({
      NoAnswer: true,
      NoAnswerReason: 'unknown',
    });
  });
});

describe('Insights: figures per day and hour in the TimeZone, and what was searched for', () => {
  it('counts questions, conversations, answers, votes, leads, hours, cities, kinds and price bands', async () => {
    const tz = await service.newChatbot({ timeZone: 'Asia/Tokyo' });
    const saved = serial;
    serial = tz;
    try {
      for (const { Id: _id, CreatedAt: _c, UpdatedAt: _u, ...fields } of fixtureListings)
        await service.owner.realEstateCreate({ SerialNumber: tz, ...fields });
      // 2026-11-20 23:30 UTC is 08:30 on the 21st in Tokyo.
      clock.set('2026-11-20T23:30:00Z');
      const one = await conversation(['Condos in Denver under $700k', 'Can I bring my horse?']);
      await one.client.feedback({ sessionID: one.sessionId, answerID: one.answers[0]!.id, rating: 'up' });
      await one.client.talkToHuman({ sessionID: one.sessionId, name: 'Kei', email: 'kei@example.com' });
      clock.set('2026-11-22T05:10:00Z');
      const two = await conversation(['Apartments for rent in Denver under $2,000']);
      await two.client.feedback({ sessionID: two.sessionId, answerID: two.answers[0]!.id, rating: 'down' });
      const figures = await service.owner.insights({ SerialNumber: tz, From: '2026-11-20', To: '2026-11-22' });
      expect(figures.TimeZone).toBe('Asia/Tokyo');
      expect(figures.Days).toEqual([
        { Day: '2026-11-20', Conversations: 0, Questions: 0, Answered: 0, Up: 0, Down: 0, Leads: 0 },
        { Day: '2026-11-21', Conversations: 1, Questions: 2, Answered: 1, Up: 1, Down: 0, Leads: 1 },
        { Day: '2026-11-22', Conversations: 1, Questions: 1, Answered: 1, Up: 0, Down: 1, Leads: 0 },
      ]);
      expect(figures.Hours[8]).toBe(2);
      expect(figures.Hours[14]).toBe(1);
      expect(figures.Hours.reduce((x, y) => x + y, 0)).toBe(3);
      expect(figures.Cities).toEqual([{ Name: 'denver', Count: 2 }]);
      expect(figures.PropertyTypes).toEqual(
        expect.arrayContaining([
          { Name: 'condo', Count: 1 },
          { Name: 'apartment', Count: 1 },
        ]),
      );
      expect(figures.PriceBands).toEqual(
        expect.arrayContaining([
          { Name: 'sale:500k-1m', Count: 1 },
          { Name: 'rent:1k-2k', Count: 1 },
        ]),
      );
      // Without a range: the 30 days to today in the chatbot's TimeZone.
      const recent = await service.owner.insights({ SerialNumber: tz });
      expect(recent.Days).toHaveLength(30);
      expect(recent.To).toBe('2026-11-22');
    } finally {
      serial = saved;
    }
  });
});
