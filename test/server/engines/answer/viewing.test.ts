/**
 * Asking to see a home, answered with the free times nearest what was asked (engines/answer/viewing.ts),
 * by the offline engine and by the model engine's find_viewing_slots — the times laid out by the
 * service's own slot arithmetic (store/viewing-slots.ts) from showing hours, as the service gives them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseSlots, SLOTS_INFO, type Listing, type Settings } from '../../../../src/protocol/index.ts';
import type { AnswerInput, AnswerMeta } from '../../../../src/server/engines/index.ts';
import { compose } from '../../../../src/server/engines/answer/offline.ts';
import { asksToVisit, chooseSlots } from '../../../../src/server/engines/answer/viewing.ts';
import { createOpenAiEngine } from '../../../../src/server/engines/model/openai.ts';
import { memoryCatalog } from '../../../../src/server/engines/search/catalog.ts';
import { defaultSettings } from '../../../../src/server/store/chatbots.ts';
import { freeSlots } from '../../../../src/server/store/viewing-slots.ts';
import { fixtureListings } from '../../../support/listings.ts';
import { startFakeModelServer, toolMessages, type FakeModelServer } from '../../../support/fake-model-server.ts';

// Wednesday 2027-03-10, 9:00 in Chicago (CST, UTC−6).
const NOW = new Date('2027-03-10T15:00:00Z');
const HOURS: Partial<Settings> = {
  TimeZone: 'America/Chicago',
  ViewingHours: [
    ...[1, 2, 3, 4, 5].map((Day) => ({ Day, From: '09:00', To: '17:00' })),
    { Day: 6, From: '10:00', To: '14:00' },
  ],
  ViewingMinutes: 30,
  ViewingNoticeHours: 12,
  ViewingDays: 14,
};
const home = fixtureListings.find((l) => l.Status === 'Active')!;
const settings = (extra: Partial<Settings> = {}): Settings => ({
  ...defaultSettings('UTC', 'offline'),
  ...HOURS,
  ...extra,
});

function input(question: string, s = settings(), booked: { start: Date; end: Date }[] = []): AnswerInput {
  return {
    settings: s,
    question: { content: question, askType: 'Text', files: [] },
    history: [],
    catalog: memoryCatalog(fixtureListings),
    pageListing: home,
    viewingSlots: async () => freeSlots(s, NOW, booked),
    now: NOW,
  };
}

/** The slots of an answer's block, as local "YYYY-MM-DD HH:MM" in Chicago. */
const localSlots = (text: string) => {
  const body = new RegExp(`\`\`\`${SLOTS_INFO}\\n([\\s\\S]*?)\\n\`\`\``).exec(text)?.[1] ?? '';
  const f = new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Chicago', dateStyle: 'short', timeStyle: 'short' });
  return parseSlots(body).map((s) => ({ listing: s.listing, at: f.format(new Date(s.start)) }));
};

describe('reading a wish to see a home', () => {
  it.each([
    ['can I see it Saturday at 11?', 'en'],
    ['when can I visit 88 Birch Lane?', 'en'],
    ['¿puedo verla el sábado a las 11?', 'es'],
    ['on peut visiter samedi vers 11 h ?', 'fr'],
    ['kann ich es am Samstag um 11 Uhr besichtigen?', 'de'],
    ['周六上午11点可以看吗', 'zh'],
  ] as const)('hears "%s"', (q, lang) => {
    expect(asksToVisit(q, lang, '2027-03-10')).toBe(true);
  });

  it.each(['can I see 3 bedroom homes in Austin?', 'show me rentals', 'what does it cost?'])(
    'does not take "%s" for a visit',
    (q) => {
      expect(asksToVisit(q, 'en', '2027-03-10')).toBe(false);
    },
  );
});

describe('choosing the times to offer', () => {
  const s = settings();
  const slots = freeSlots(s, NOW, []);
  const at = (o: { offered: { start: Date }[] }) =>
    o.offered.map((x) =>
      new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/Chicago', dateStyle: 'short', timeStyle: 'short' }).format(
        x.start,
      ),
    );

  it('puts the time asked first when it is free, then the rest of that day', () => {
    const chosen = chooseSlots(slots, { day: '2027-03-13', time: 660 }, 'America/Chicago', '2027-03-10');
    expect(chosen.outcome).toBe('exact');
    expect(at(chosen)[0]).toBe('2027-03-13 11:00');
    expect(at(chosen).every((t) => t.startsWith('2027-03-13'))).toBe(true);
  });

  it('offers the day’s free times, the nearest first, when the time asked is taken', () => {
    const taken = freeSlots(s, NOW, [
      { start: new Date('2027-03-13T17:00:00Z'), end: new Date('2027-03-13T17:30:00Z') },
    ]);
    const chosen = chooseSlots(taken, { day: '2027-03-13', time: 660 }, 'America/Chicago', '2027-03-10');
    expect(chosen).toMatchObject({ outcome: 'day', taken: 660 });
    expect(at(chosen).slice(0, 2).sort()).toEqual(['2027-03-13 10:30', '2027-03-13 11:30']);
  });

  it('offers the next days when the day asked has no hours', () => {
    const chosen = chooseSlots(slots, { day: '2027-03-14' }, 'America/Chicago', '2027-03-10');
    expect(chosen.outcome).toBe('later');
    expect(at(chosen)[0]).toBe('2027-03-15 09:00');
  });

  it('puts the part of the day asked first', () => {
    const chosen = chooseSlots(slots, { day: '2027-03-12', part: 'afternoon' }, 'America/Chicago', '2027-03-10');
    expect(at(chosen)[0]).toBe('2027-03-12 12:00');
  });

  it('offers the next free times when nothing was asked, past the notice', () => {
    const chosen = chooseSlots(slots, {}, 'America/Chicago', '2027-03-10');
    expect(chosen.outcome).toBe('next');
    // 12 hours' notice from 9:00 on Wednesday: Thursday's first.
    expect(at(chosen)[0]).toBe('2027-03-11 09:00');
  });
});

describe('the offline engine', () => {
  it('answers "can I see it Saturday at 11?" with that slot first, in a slots block for the home on the page', async () => {
    const { text, noAnswer, language } = await compose(input('can I see it Saturday at 11?'));
    expect(noAnswer).toBe(false);
    expect(language).toBe('en');
    expect(localSlots(text)[0]).toEqual({ listing: home.Id, at: '2027-03-13 11:00' });
    expect(text).toMatch(/Saturday, March 13.*11:00/);
  });

  it('answers in Spanish with the times in Spanish', async () => {
    const { text, language } = await compose(input('¿puedo verla el sábado a las 11?'));
    expect(language).toBe('es');
    expect(text).toMatch(/sábado, 13 de marzo/);
    expect(localSlots(text)[0]?.at).toBe('2027-03-13 11:00');
  });

  it('reads "the house" on its page as that home, not a search of houses', async () => {
    expect(home.PropertyType).toBe('Single Family');
    const { text } = await compose(input('can I see the house Saturday at 11?'));
    expect(localSlots(text)[0]).toEqual({ listing: home.Id, at: '2027-03-13 11:00' });
  });

  it('reads a day in another language when the question’s own is not told right', async () => {
    const { text } = await compose(input('on peut visiter samedi vers 11 h ?'));
    expect(localSlots(text)[0]?.at).toBe('2027-03-13 11:00');
  });

  it('offers the first free times when the day asked is past the days ahead bookings are taken', async () => {
    const { text } = await compose(input('can I see it on May 20?'));
    expect(localSlots(text).length).toBeGreaterThan(0);
    expect(text).toMatch(/no free times on \*\*Thursday, May 20/);
  });

  it('answers "today" with the next free times, not the same weekday a week on', async () => {
    const { text } = await compose(input('can I see it today?'));
    expect(localSlots(text)[0]?.at).toBe('2027-03-11 09:00');
  });

  it.each([
    ['can I see it this weekend?', '2027-03-13'],
    ['¿puedo verla este fin de semana?', '2027-03-13'],
    ['can I visit it next week?', '2027-03-15'],
    ['kann ich es nächste Woche besichtigen?', '2027-03-15'],
  ])('reads "%s" as the days it begins on', async (question, day) => {
    const { text } = await compose(input(question));
    expect(localSlots(text)[0]?.at.slice(0, 10)).toBe(day);
  });

  it('points a visitor who wants to move or cancel a viewing at its own link, booking nothing', async () => {
    const { text, noAnswer } = await compose(input('I need to cancel my viewing'));
    expect(noAnswer).toBe(false);
    expect(text).toMatch(/\*\*Change or cancel\*\*/);
    expect(text).not.toContain('```slots');
  });

  it('offers a person as before when the chatbot has no showing hours', async () => {
    const s = settings({ ViewingHours: [], TalkToHumanEmail: 'agents@example.com' });
    const { text } = await compose({ ...input('can I see it Saturday at 11?', s), viewingSlots: undefined });
    expect(text).not.toContain('```slots');
    expect(text).toContain('```handoff');
  });

  it('opens the way to a person when no time is free', async () => {
    const s = settings({ ViewingDays: 1, ViewingNoticeHours: 48, TalkToHumanEmail: 'agents@example.com' });
    const { text, noAnswer } = await compose(input('when can I visit it?', s));
    expect(noAnswer).toBe(false);
    expect(text).toMatch(/no free times/);
    expect(text).toContain('```handoff\n{"open":true');
  });

  it('offers no times for a home that is sold', async () => {
    const sold: Listing = { ...home, Status: 'Sold' };
    const { text } = await compose({ ...input('can I see it Saturday at 11?'), pageListing: sold });
    expect(text).not.toContain('```slots');
  });
});

describe("the model engine's find_viewing_slots", () => {
  let fake: FakeModelServer;
  beforeAll(async () => {
    fake = await startFakeModelServer();
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  async function answer(run: AsyncGenerator<string, AnswerMeta, undefined>): Promise<string> {
    let text = '';
    for (let step = await run.next(); !step.done; step = await run.next()) text += step.value;
    return text;
  }

  it('is given with showing hours, and the times it returned follow the answer as its slots block', async () => {
    fake.script(
      {
        text: '',
        toolCalls: [
          {
            name: 'find_viewing_slots',
            arguments: JSON.stringify({ listing_id: home.Id, day: '2027-03-13', time: '11:00' }),
          },
        ],
      },
      { text: 'Saturday at 11:00 AM is free — pick it below to book.' },
    );
    const engine = createOpenAiEngine({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'fake-model' });
    const text = await answer(
      engine.answer(
        input('can I see it Saturday at 11?', settings({ Model: 'fake-model' })),
        new AbortController().signal,
      ),
    );
    const [first, second] = fake.requests;
    expect(first!.body.tools?.map((t) => t.function.name)).toContain('find_viewing_slots');
    const result = JSON.parse(toolMessages(second!.body)[0]!.content) as { slots: { local: string }[] };
    expect(result.slots[0]!.local).toMatch(/Saturday, March 13.*11:00/);
    expect(localSlots(text)[0]).toEqual({ listing: home.Id, at: '2027-03-13 11:00' });
  });

  it('is not given without showing hours', async () => {
    fake.script({ text: 'Our team arranges viewings.' });
    const engine = createOpenAiEngine({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'fake-model' });
    const s = settings({ ViewingHours: [], Model: 'fake-model' });
    await answer(engine.answer({ ...input('hello', s), viewingSlots: undefined }, new AbortController().signal));
    expect(fake.requests[0]!.body.tools?.map((t) => t.function.name)).not.toContain('find_viewing_slots');
  });
});
