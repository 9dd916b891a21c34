/**
 * Conversations with the offline engine through the real service: follow-ups, refinements,
 * references, harder phrasing, features it cannot check, near misses and follow-up suggestions.
 * Turns alternate between two instances of the service on one database, so the conversation's
 * state can only come from the stored messages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuresIn, mentions } from '../../../../src/server/engines/reading/features.ts';
import { answerProse, cardsOf, parseSuggestions } from '../../../../src/protocol/index.ts';
import type { Client } from '../../../../src/client/index.ts';
import { fixtureListings } from '../../../support/listings.ts';
import { collect } from '../../../support/stream-contract.ts';
import { startService, type TestService } from '../../../support/service.ts';

let first: TestService;
let second: TestService;
let serial: string;

/** Words the listings' own descriptions hold, for the features a question asks about. */
const DESCRIPTIONS: Record<string, string> = {
  A100: 'Renovated home with a fenced backyard and a home office.',
  A101: 'Charming bungalow with a fenced backyard, close to good schools.',
  D303: 'Family home close to good schools and parks.',
};

beforeAll(async () => {
  first = await startService();
  second = await startService({ store: first.store, databaseUrl: first.databaseUrl, secret: first.secret });
  serial = await first.newChatbot({ Name: 'Sunbelt Homes', TalkToHumanEmail: 'agents@homes.example' });
  for (const { Id: _id, CreatedAt: _c, UpdatedAt: _u, ...fields } of fixtureListings)
    await first.owner.realEstateCreate({
      SerialNumber: serial,
      ...fields,
      Description: DESCRIPTIONS[fields.MLSNumber] ?? '',
    });
}, 60_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
});

/** A visitor's conversation: each turn asked on the other instance than the one before. */
async function conversation(): Promise<
  (
    question: string,
  ) => Promise<{ text: string; prose: string; mls: string[]; suggestions: string[]; noAnswer: boolean }>
> {
  const { sessionId, token } = await first.visitor(serial);
  const clients: Client[] = [first.client({ visitorToken: token }), second.client({ visitorToken: token })];
  let turn = 0;
  return async (question) => {
    const answer = await clients[turn++ % 2]!.ask({
      sessionID: sessionId,
      content: question,
      clientMessageId: `turn-${turn}`,
    });
    return {
      text: answer.content,
      prose: answerProse(answer.content),
      mls: cardsOf(answer.content).map((c) => c.MLSNumber),
      suggestions: parseSuggestions(answer.content),
      noAnswer: answer.noAnswer,
    };
  };
}

describe('a follow-up keeps the rest of the question', () => {
  it('"ok what about 4?" after 3-bedroom homes is 4-bedroom homes, and the next city keeps that', async () => {
    const ask = await conversation();
    expect((await ask('3 bedroom homes for sale in Austin')).mls).toEqual(['A101', 'A100']);
    expect((await ask('ok what about 4?')).mls).toEqual(['A102']);
    const denver = await ask('and in Denver?');
    expect(denver.prose).toMatch(/^I couldn't find any homes for sale in Denver with 4 bedrooms — no exact match/);
    expect(denver.mls).toEqual(['D301']);
  });

  it('"what about Denver?" after rentals in Austin is rentals in Denver', async () => {
    const ask = await conversation();
    expect((await ask('any rentals in Austin?')).mls).toEqual(['A200', 'A202', 'A201']);
    const next = await ask('what about Denver?');
    expect(next.mls).toEqual(['D302', 'D303']);
    expect(next.prose).toMatch(/^I found 2 homes for rent in Denver/);
  });

  it('"and in Portland?" after 2-bedroom condos is 2-bedroom condos in Portland', async () => {
    const ask = await conversation();
    expect((await ask('2 bedroom condos in Denver')).mls).toEqual(['D300']);
    expect((await ask('and in Portland?')).mls).toEqual(['P401']);
  });

  it('a refinement narrows the search before it: "only the ones under…", "which of those…"', async () => {
    const ask = await conversation();
    expect((await ask('homes for sale in Austin')).mls).toEqual(['A103', 'A101', 'A100', 'A102']);
    expect((await ask('only the ones under $470k')).mls).toEqual(['A103', 'A101']);
    expect((await ask('which of those have 3 bedrooms?')).mls).toEqual(['A101']);
  });

  it('what a question only rules out narrows the search before it: "not condos" keeps Austin and for sale', async () => {
    const ask = await conversation();
    const all = (await ask('homes for sale in Austin')).mls;
    const rest = await ask('not condos');
    expect(rest.mls.length).toBeGreaterThan(0);
    expect(rest.mls.length).toBeLessThan(all.length);
    expect(rest.mls.every((m) => all.includes(m))).toBe(true);
    expect(rest.prose).toMatch(/^I found \d+ homes for sale in Austin other than condos/);
  });

  it('a new question with its own subject starts a new search', async () => {
    const ask = await conversation();
    await ask('rentals in Austin');
    expect((await ask('condos in Portland')).mls).toEqual(['P401']);
  });
});

describe('a reference to a listing already shown', () => {
  it('"the second one", then "it", then a feature of it', async () => {
    const ask = await conversation();
    expect((await ask('homes for sale in Denver')).mls).toEqual(['D300', 'D301']);
    const second = await ask('tell me more about the second one');
    expect(second.mls).toEqual(['D301']);
    expect(second.prose).toContain('42 Aspen Ct');
    expect(second.prose).toContain('$980,000');
    const price = await ask('how much is it?');
    expect(price.mls).toEqual(['D301']);
    expect(price.prose).toContain('$980,000');
    expect((await ask('does it have parking?')).prose).toContain('3 parking spots');
  });

  it('"the first two" compares them', async () => {
    const ask = await conversation();
    await ask('homes in Denver');
    const both = await ask('compare the first two');
    expect(both.mls).toEqual(['D300', 'D301']);
    expect(both.prose).toContain('| Price | $615,000 | $980,000 |');
  });

  it('an address named earlier, by its street', async () => {
    const ask = await conversation();
    await ask('homes for sale in Austin');
    expect((await ask('is the one on Lamar Blvd still available?')).mls).toEqual(['A102']);
  });

  it('"how much is the rent?" of the rental in view asks its price, not a new search of rentals', async () => {
    const ask = await conversation();
    expect((await ask('tell me about 23 Cedar St')).mls).toEqual(['A201']);
    const rent = await ask('how much is the rent a month?');
    expect(rent.mls).toEqual(['A201']);
    expect(rent.prose).toContain('It rents for **$2,600/month**.');
  });

  it('"the one at $2,200" is the listing in view at that price', async () => {
    const ask = await conversation();
    expect((await ask('rentals in Austin')).mls).toEqual(['A200', 'A202', 'A201']);
    const priced = await ask('when was the one at 2200 built?');
    expect(priced.mls).toEqual(['A202']);
    expect(priced.prose).toMatch(/It was built in \*\*\d{4}\*\*\./);
  });

  it('asks which one when "it" could be any of several', async () => {
    const ask = await conversation();
    await ask('homes in Denver');
    const which = await ask('how much is it?');
    expect(which.mls).toEqual([]);
    expect(which.prose).toMatch(/^Which home do you mean\?/);
    expect(which.suggestions).toEqual(['The first one', 'The second one', 'The third one']);
    expect((await ask('The second one')).mls).toEqual(['D301']);
  });
});

describe('harder phrasing', () => {
  it.each([
    ['homes for sale in Austin, not condos', ['A101', 'A100', 'A102']],
    ['anything but apartments for rent in Austin', ['A202', 'A201']],
    ['homes for sale except in Austin', ['P401', 'P400', 'D300', 'D301']],
    ['the cheapest rental in Austin', ['A200']],
    ['the most expensive home for sale', ['D301']],
    ['the 2 biggest homes for sale', ['D301', 'A102']],
    ['the oldest home', ['P400']],
    ['two bedroom condos', ['P401', 'D300']],
    ['three-bed rentals', ['A201', 'D303']],
    ['condoes in Portlnd', ['P401']],
    ['a 3 bedrom hous in Austn under 500k', ['A101', 'A100']],
    // Negation as a sentence, and of a status or a year.
    ["I'm not interested in condos. Homes for sale in Austin under 500k?", ['A101', 'A100']],
    ["rentals in Austin that aren't apartments", ['A202', 'A201']],
    ["I don't want a townhouse, rentals in Austin please", ['A200', 'A201']],
    ['homes for sale in Austin, nothing built before 2000', ['A103', 'A102']],
    // Amounts in words and slang; a count before the order; a four-letter word with two letters swapped.
    ['homes for sale under 400 grand', ['A103', 'P401']],
    ['the 2 homes with the most bedrooms for sale', ['D301', 'A102']],
    ['townhouses in austin for rnet', ['A202']],
    // A visitor's own things are not the home's; parking said in numbers.
    ['I have 2 cars lol, need a rental in Austin with at least 2 parking spots', ['A201']],
  ])('"%s"', async (question, mls) => {
    const ask = await conversation();
    expect((await ask(question)).mls).toEqual(mls);
  });

  it('says what it read a misspelling as: the word as written, the place as the listings write it', async () => {
    const ask = await conversation();
    expect((await ask('condos in Portlnd')).prose).toContain('“Portlnd” as “Portland”');
    expect((await ask('and in denvr?')).prose).toContain('“denvr” as “Denver”');
  });

  it('puts every kind asked for in the plural, not only the last', async () => {
    const ask = await conversation();
    // One is "a condo or townhouse"; more are "condos or townhouses" — never "condo or townhouses".
    expect((await ask('condos or townhouses in Denver')).prose).toMatch(/^I found 1 condo or townhouse in Denver\b/);
    const another = await conversation();
    expect((await another('condos or townhouses')).prose).toMatch(/^I found \d+ condos or townhouses\b/);
  });
});

describe('what the listings cannot tell', () => {
  it('says it cannot tell which homes have a pool, and shows the homes that meet the rest', async () => {
    const ask = await conversation();
    const pool = await ask('anything with a pool in Denver?');
    expect(pool.prose).toMatch(/I can't tell which homes have a pool from the listing details/);
    expect(pool.mls).toEqual(['D300', 'D301', 'D302', 'D303']);
  });

  it('looks for a feature in the listings’ own words first', async () => {
    const ask = await conversation();
    const yard = await ask('houses with a fenced backyard');
    expect(yard.mls).toEqual(['A101', 'A100']);
    expect(yard.prose).toContain('mention a fenced backyard');
    expect((await ask('homes near a school')).mls).toEqual(['A101', 'D303']);
  });

  it('says every requirement it cannot check, and reads a feature "of" something whole', async () => {
    const ask = await conversation();
    const both = await ask('a quiet, safe home with a view of the mountains in Austin');
    expect(both.prose).toMatch(
      /^I can't tell which homes have a view of the mountains, are quiet or are safe from the listing details — none of them mentions these/,
    );
    expect(both.mls).toEqual(['A103', 'A101', 'A100', 'A102', 'A200']);
    expect((await ask('we have a dog, any pet friendly rentals in Denver?')).prose).toMatch(
      /^I can't tell which homes are pet friendly from/,
    );
    // A home on one floor: no field says it, and the demo's descriptions do not.
    expect((await ask('a single-story house in Austin')).prose).toMatch(
      /^I can't tell which homes are single-story from/,
    );
  });

  it('orders by HOA dues, a field, rather than calling low dues a feature', async () => {
    const ask = await conversation();
    const hoa = await ask('which condo for sale in Austin has the lowest HOA');
    expect(hoa.mls).toEqual(['A103']);
    expect(hoa.prose).toContain('HOA dues $410 a month');
    expect(hoa.prose).not.toMatch(/can't tell/);
  });

  it('answers whether a listing in view mentions a feature, quoting the sentence that does; what it does not say reaches the owner', async () => {
    const ask = await conversation();
    await ask('tell me about 12 Oak St');
    const office = await ask('does it have a home office?');
    expect(office.prose).toContain(
      'Yes — the listing says: “Renovated home with a fenced backyard and a home office.”',
    );
    expect(office.noAnswer).toBe(false);
    const pool = await ask('does it have a pool?');
    expect(pool.prose).toContain("The listing doesn't mention a pool");
    expect(pool.noAnswer).toBe(true);
  });

  it('matches a feature as a whole word and its forms: a yard is a backyard, never a courtyard', async () => {
    const ask = await conversation();
    await ask('tell me about 12 Oak St');
    expect((await ask('is there a yard?')).prose).toContain('Yes — the listing says');
    const courtyard = {
      ...fixtureListings[0]!,
      Description: 'Condo around a shared courtyard, steps from a vineyard.',
    };
    expect(mentions(courtyard, featuresIn('with a yard')[0]!)).toBe(false);
    expect(mentions({ ...courtyard, Description: 'A big front yard.' }, featuresIn('with a yard')[0]!)).toBe(true);
  });

  it('reads no feature in a word that stems to nothing ("\'s"), which every listing\'s words would hold', () => {
    expect(featuresIn("homes with 's")).toEqual([]);
    expect(featuresIn('with ’s pool').map((f) => f.terms)).toEqual([['pool']]);
  });
});

describe('no exact match', () => {
  it('offers the closest few, each with what it misses by, as cards', async () => {
    const ask = await conversation();
    const near = await ask('3 bedroom houses in Austin under $450k');
    expect(near.noAnswer).toBe(false);
    expect(near.prose).toMatch(/no exact match/);
    expect(near.mls[0]).toBe('A101');
    expect(near.prose).toContain('$455,000 — 1% over the budget');
    expect(near.suggestions).toContain('What about under $495,000?');
    expect((await ask('What about under $495,000?')).mls).toEqual(['A101', 'A100']);
  });

  it('suggests only widenings that would find homes, rounded as that market prices them', async () => {
    const ask = await conversation();
    const rent = await ask('3 bedroom apartments for rent in Austin under $1,000');
    expect(
      rent.suggestions.filter((x) => /under/.test(x)).every((x) => /^What about under \$1,100 a month\?$/.test(x)),
    ).toBe(true);
    expect(rent.suggestions).not.toContainEqual(expect.stringMatching(/What about 1 bedrooms/));
    expect(rent.suggestions).not.toContainEqual(expect.stringMatching(/What about (?:Denver|Madison)\?/));
  });

  it('says so, with nothing to offer, when nothing comes close', async () => {
    const ask = await conversation();
    const none = await ask('homes in Austin over $5m');
    expect(none.noAnswer).toBe(true);
    expect(none.mls).toEqual([]);
  });
});

describe('follow-up suggestions', () => {
  it('end an answer, and each one sent is understood in the conversation', async () => {
    const ask = await conversation();
    await ask('homes in Denver');
    const start = await ask('homes in Austin');
    // Denver: a place the visitor asked about, offered again — never one the chatbot picks.
    expect(start.suggestions).toEqual(['Only 3+ bedrooms', 'Tell me about the first one', 'What about Denver?']);
    expect((await ask('Only 3+ bedrooms')).mls).toEqual(['A101', 'A100', 'A102', 'A201']);
    expect((await ask('Tell me about the first one')).mls).toEqual(['A101']);
    const denver = await ask('What about Denver?');
    expect(denver.mls).toEqual(['D301', 'D303']);
    expect(denver.prose).toMatch(/^I found 2 homes in Denver with at least 3 bedrooms/);
  });

  it('switch a search between buying and renting', async () => {
    const ask = await conversation();
    expect((await ask('homes for sale in Austin')).suggestions).toEqual([
      'Tell me about the first one',
      'Show rentals instead',
    ]);
    const rentals = await ask('Show rentals instead');
    expect(rentals.mls).toEqual(['A200', 'A202', 'A201']);
    expect(rentals.suggestions).toContain('Show homes for sale instead');
  });

  it('stream with the answer, after its cards', async () => {
    const { client, sessionId } = await first.visitor(serial);
    const items = await collect(client.askStream({ sessionID: sessionId, content: 'homes in Austin' }));
    const final = items.at(-1)!;
    if (final.kind !== 'final') throw new Error('no final object');
    expect(final.Answer).toMatch(/```listings\n[\s\S]+\n```\n\n```suggestions\n"Only 3\+ bedrooms"\n[\s\S]+\n```$/);
    expect(items.flatMap((i) => (i.kind === 'fragment' ? [i.content] : [])).join('')).toBe(final.Answer);
  });
});
