import { describe, expect, it } from 'vitest';
import {
  listingCard,
  answerProse,
  suggestionsBlock,
  type ListingCard,
  type Settings,
} from '../../../../src/protocol/index.ts';
import { addressText, handoffOf } from '../../../../src/protocol/index.ts';
import { priceText } from '../../../../src/server/engines/search/format.ts';
import type { AnswerInput, AnswerMeta } from '../../../../src/server/engines/index.ts';
import { MAX_NAMED, compose, createOfflineEngine } from '../../../../src/server/engines/answer/offline.ts';
import { lexicon } from '../../../support/lexicon.ts';
import { english } from '../../../../src/server/engines/writing/index.ts';
import { readInConversation, turnsRead } from '../../../../src/server/engines/search/conversation.ts';
import { memoryCatalog, pageListing } from '../../../../src/server/engines/search/catalog.ts';
import { listingsIndex } from '../../../../src/server/engines/reading/places.ts';
import { readDrops } from '../../../../src/server/engines/reading/edits.ts';
import { outsideTopic } from '../../../../src/server/engines/reading/intent.ts';
import { ASKS_PAYMENT, monthlyPayment, paymentTerms } from '../../../../src/server/engines/search/payment.ts';
import { parseQuestion } from '../../../../src/server/engines/reading/query.ts';
import { defaultSettings } from '../../../../src/server/store/chatbots.ts';
import { fixtureListings } from '../../../support/listings.ts';

const now = new Date('2026-11-22T12:00:00Z');
const settings: Settings = {
  ...defaultSettings('UTC', 'offline'),
  Name: 'Casa Bot',
  TalkToHumanEmail: 'agents@homes.example',
};

function input(question: string, overrides: Partial<Settings> = {}): AnswerInput {
  return {
    settings: { ...settings, ...overrides },
    question: { content: question, askType: 'Text', files: [] },
    history: [],
    catalog: memoryCatalog(fixtureListings),
    lexicon,
    now,
  };
}

const mlsByUrl = new Map(fixtureListings.map((l) => [l.Url, l.MLSNumber]));
const byMls = (mls: string) => fixtureListings.find((l) => l.MLSNumber === mls)!;
const urlOf = (mls: string) => byMls(mls).Url;

/** The MLS numbers of the listings an answer shows as cards, in order. */
const named = (text: string): string[] => cardsOf(text).map((c) => c.MLSNumber);

/** The MLS numbers of the listings an answer's prose links to, in the order it first names them. */
function linked(text: string): string[] {
  const urls = [...answerProse(text).matchAll(/https:\/\/homes\.example\/[a-z0-9-]+/g)].map((m) => m[0]);
  return [...new Set(urls)].map((url) => mlsByUrl.get(url) ?? `unknown ${url}`);
}

/** The listings blocks of an answer: where each starts and the cards its lines hold. */
function blocksOf(text: string): { at: number; end: number; cards: ListingCard[] }[] {
  return [...text.matchAll(/^```listings\n([\s\S]*?)\n```$/gm)].map((m) => ({
    at: m.index,
    end: m.index + m[0].length,
    cards: m[1]!.split('\n').map((line) => JSON.parse(line) as ListingCard),
  }));
}

/** The cards of an answer's one listings block ([] when it has none). */
function cardsOf(text: string): ListingCard[] {
  const blocks = blocksOf(text);
  expect(blocks.length).toBeLessThanOrEqual(1);
  return blocks[0]?.cards ?? [];
}

interface Row {
  question: string;
  /** The MLS numbers the answer names, in any order. */
  names: string[];
  noAnswer?: boolean;
  /** A question about one listing gets all of it (`all`, with a link to its page) or what it asks of it (`fact`, this text). */
  detail?: 'all' | string;
}

// Active for sale: A100 $489k, A101 $455k, A102 $725k, A103 $389k (condo), D300 $615k (condo), D301 $980k,
// P400 $525k, P401 $399k (condo). Active for rent: A200 $1,850, A201 $2,600, A202 $2,200, D302 $1,650, D303 $3,100.
// Sold: A104, P402 (a rental). Coming soon: A105.
const rows: Row[] = [
  // Status
  { question: 'homes for sale', names: ['A100', 'A101', 'A103', 'P400', 'P401'] },
  { question: 'homes for rent', names: ['A200', 'A201', 'A202', 'D302', 'D303'] },
  { question: 'sold homes', names: ['A104', 'P402'] },
  { question: 'what sold in Portland?', names: ['P402'] },
  { question: 'anything coming soon?', names: ['A105'] },
  { question: 'pre-market townhouses', names: ['A105'] },
  { question: 'any status in Portland', names: ['P400', 'P401', 'P402'] },
  // Bedrooms
  { question: '3 bedroom homes', names: ['A100', 'A101', 'A201', 'D303', 'P400'] },
  { question: '3+ bedrooms for sale', names: ['A100', 'A101', 'A102', 'D301', 'P400'] },
  { question: 'at least 4 bedrooms', names: ['A102', 'D301'] },
  { question: '3 or more bedrooms to rent', names: ['A201', 'D303'] },
  { question: 'more than 3 bedrooms', names: ['A102', 'D301'] },
  { question: 'two bedroom condos', names: ['D300', 'P401'] },
  { question: 'a 1-bedroom apartment', names: ['A200'] },
  { question: 'studio apartments for rent', names: ['D302'] },
  { question: 'homes with no more than 1 bedroom', names: ['A103', 'A200', 'D302'] },
  { question: 'fewer than 2 bedrooms', names: ['A103', 'A200', 'D302'] },
  { question: '2-3 bedroom homes for sale', names: ['A100', 'A101', 'D300', 'P400', 'P401'] },
  { question: 'between 2 and 3 bedrooms for rent', names: ['A201', 'A202', 'D303'] },
  // Bathrooms
  { question: 'homes for sale with 2 baths', names: ['A100', 'A101', 'A102', 'D300', 'D301'] },
  { question: 'at least 2.5 bathrooms', names: ['A100', 'A102', 'D301', 'D303'] },
  { question: 'more than 2 bathrooms', names: ['A100', 'A102', 'D301', 'D303'] },
  { question: '1.5 baths in Portland', names: ['P400'] },
  { question: '2 bed 2 bath', names: ['A202', 'D300'] },
  { question: '1 to 2 baths for rent', names: ['A200', 'A201', 'A202', 'D302'] },
  // Prices
  { question: 'homes under $500k', names: ['A100', 'A101', 'A103', 'P401'] },
  { question: 'homes over $600,000', names: ['A102', 'D300', 'D301'] },
  { question: 'between $400k and $600k', names: ['A100', 'A101', 'P400'] },
  { question: 'from 400k to 600k', names: ['A100', 'A101', 'P400'] },
  // The scale said once is the first figure's too, unless the first is already the larger as written.
  { question: 'between 400 and 600k', names: ['A100', 'A101', 'P400'] },
  { question: 'between 400000 and 0.6m', names: ['A100', 'A101', 'P400'] },
  { question: '$380k-$400k', names: ['A103', 'P401'] },
  { question: 'homes around $500k', names: ['A100', 'A101', 'P400'] },
  { question: 'at least $700k', names: ['A102', 'D301'] },
  { question: 'no more than $400,000', names: ['A103', 'P401'] },
  { question: 'homes under $1.5m', names: ['A101', 'A100', 'A103', 'P400', 'P401'] },
  { question: 'rentals under $2000', names: ['A200', 'D302'] },
  { question: 'apartments for $2,000/month or less', names: ['A200', 'D302'] },
  { question: 'under 2500', names: ['A200', 'A202', 'D302'] },
  { question: 'up to $2,500 a month', names: ['A200', 'A202', 'D302'] },
  { question: '3 bedroom homes under 3000', names: ['A201'] },
  // Places
  { question: 'homes in Denver', names: ['D300', 'D301', 'D302', 'D303'] },
  { question: 'for sale in Texas', names: ['A100', 'A101', 'A102', 'A103'] },
  { question: 'rentals in TX', names: ['A200', 'A201', 'A202'] },
  { question: 'homes in CO', names: ['D300', 'D301', 'D302', 'D303'] },
  { question: 'anything in Oregon', names: ['P400', 'P401'] },
  { question: 'homes in 78704', names: ['A200'] },
  { question: 'homes in 80210', names: ['D301', 'D303'] },
  { question: 'homes in Austin or Denver under $500k', names: ['A100', 'A101', 'A103'] },
  { question: 'condos in Portland, OR', names: ['P401'] },
  // Kinds of property
  { question: 'houses for sale', names: ['A100', 'A101', 'A102', 'D301', 'P400'] },
  { question: 'condos', names: ['A103', 'D300', 'P401'] },
  { question: 'townhomes for rent', names: ['A202'] },
  { question: 'apartments', names: ['A200', 'D302'] },
  { question: 'Single Family for rent', names: ['A201', 'D303'] },
  // Area
  { question: 'homes over 2000 sq ft', names: ['A102', 'D301'] },
  { question: 'under 1,000 square feet', names: ['A103', 'A200', 'D302', 'P401'] },
  { question: 'homes for sale of at least 150 m²', names: ['A100', 'A102', 'D301', 'P400'] },
  { question: 'condos under 80 sqm', names: ['A103'] },
  // Year built
  { question: 'homes built after 2010', names: ['A102', 'D300'] },
  { question: 'homes built before 1970', names: ['P400', 'P401'] },
  { question: 'newer than 2000', names: ['A102', 'A103', 'D300', 'D301'] },
  { question: 'built in 2015', names: ['A102'] },
  // Tours
  { question: 'homes with a 3D tour', names: ['A100', 'A201', 'D301'] },
  { question: 'a virtual tour for rent', names: ['A201'] },
  { question: 'open house', names: ['A102', 'D303'] },
  { question: 'anything with a tour?', names: ['A100', 'A102', 'A201', 'D301', 'D303'] },
  // Parking
  { question: 'rentals with parking', names: ['A201', 'A202', 'D303'] },
  { question: '2 car garage', names: ['A100', 'A102', 'A201', 'D301', 'D303'] },
  { question: '3 car garage', names: ['D301'] },
  // Several criteria at once
  { question: '3 bedroom houses in Austin under $500k', names: ['A100', 'A101'] },
  { question: 'rentals in Denver with 2 baths and parking', names: ['D303'] },
  { question: 'condos for sale in Denver with parking', names: ['D300'] },
  { question: '4 bedroom homes in Austin with an open house', names: ['A102'] },
  { question: 'homes in Austin under $500k with a 3D tour', names: ['A100'] },
  // Listings named by MLS number or address
  { question: 'tell me about MLS A100', names: ['A100'], detail: 'all' },
  { question: 'MLS# P400', names: ['P400'], detail: 'all' },
  { question: "what's the price of MLS D301", names: ['D301'], detail: 'It is for sale at **$980,000**.' },
  { question: 'mls#a202', names: ['A202'], detail: 'all' },
  { question: 'tell me about 12 Oak St', names: ['A100'], detail: 'all' },
  { question: '7 elm avenue', names: ['A101'], detail: 'all' },
  {
    question: 'is 410 Riverside Drive still available?',
    names: ['A200'],
    detail: 'It is **active — on the market now**.',
  },
  { question: 'MLS A104', names: ['A104'], detail: 'all' },
  { question: 'MLS A100 in Denver under $100k', names: ['A100'], detail: 'It is for sale at **$489,000**.' },
  { question: 'compare MLS A100 and MLS D301', names: ['A100', 'D301'] },
  // Nothing to name
  { question: 'MLS Z999', names: [], noAnswer: true },
  // Nothing exactly, but near: a bedroom fewer.
  { question: '5 bedroom homes in Austin', names: ['A102'] },
  { question: 'homes in Austin under $400k with 5 bedrooms', names: [], noAnswer: true },
  { question: 'homes over $1.5m', names: [], noAnswer: true },
  { question: 'condos with an open house', names: [], noAnswer: true },
  { question: 'to rent in Portland', names: [], noAnswer: true },
  // Built in 2022 and coming soon: two small misses of "new construction" (2024 on).
  { question: 'new construction', names: ['A105'] },
  { question: 'hello', names: [] },
  { question: 'thanks', names: [] },
  { question: 'talk to a person', names: [] },
  { question: 'what is the weather like?', names: [], noAnswer: true },
];

describe('the listings an offline answer names', () => {
  it.each(rows.map((row) => [row.question, row] as const))(
    '%s',
    async (question, { names, noAnswer = false, detail }) => {
      const answer = await compose(input(question));
      expect(new Set(named(answer.text))).toEqual(new Set(names));
      // The prose links only listings it shows as cards.
      expect(linked(answer.text).every((mls) => named(answer.text).includes(mls))).toBe(true);
      expect(answer.noAnswer).toBe(noAnswer);
      if (detail === 'all') expect(answer.text).toContain(`[View the listing](<${urlOf(names[0]!)}>)`);
      else expect(answer.text).not.toContain('[View the listing]');
      if (detail && detail !== 'all') expect(answerProse(answer.text)).toContain(detail);
    },
  );
});

describe('a search with more matches than an answer names', () => {
  it(`shows the ${MAX_NAMED} cheapest, cheapest first, and sums them all up: how many, the price range, the cheapest`, async () => {
    const { text } = await compose(input('homes for sale'));
    expect(named(text)).toEqual(['A103', 'P401', 'A101', 'A100', 'P400']);
    expect(answerProse(text)).toBe(
      'I found 8 homes for sale, from $389,000 to $980,000. The cheapest is **[55 Congress Ave Unit 1204, Austin, TX 78701](<https://homes.example/55-congress-ave-unit-1204>)** ' +
        'at **$389,000** — a condo with 1 bedroom and 1 bathroom, 820 sq ft. Here are the 5 lowest-priced.',
    );
  });

  it('links the listing it names with its address', async () => {
    const { text } = await compose(input('condos in Portland'));
    expect(text).toContain('[2 Hawthorne Blvd, Portland, OR 97214](<https://homes.example/2-hawthorne-blvd>)');
  });
});

describe('a rank in an order', () => {
  it('reads "the second cheapest", "3rd most expensive" and "after the biggest one" as how many of that order come first', async () => {
    expect(
      parseQuestion('the second cheapest home for sale in austin', listingsIndex(fixtureListings), now),
    ).toMatchObject({
      sort: 'price-asc',
      limit: 1,
      rank: 1,
    });
    expect(parseQuestion('3rd most expensive condo', listingsIndex(fixtureListings), now)).toMatchObject({
      sort: 'price-desc',
      limit: 1,
      rank: 2,
    });
    expect(
      parseQuestion('the two biggest homes after the biggest one', listingsIndex(fixtureListings), now),
    ).toMatchObject({
      sort: 'area-desc',
      limit: 2,
      rank: 1,
    });
    expect(parseQuestion('the cheapest home', listingsIndex(fixtureListings), now).rank).toBeUndefined();
  });

  it('shows the listing at that rank and says which it is', async () => {
    const { text } = await compose(input('the second cheapest home for sale in Austin'));
    expect(named(text)).toEqual(['A101']);
    expect(answerProse(text)).toMatch(/^The second cheapest home for sale in Austin is \*\*\[7 Elm Ave/);
  });

  it('passes over the first ones for "the two cheapest after the cheapest one"', async () => {
    const { text } = await compose(input('the two cheapest homes for sale in austin after the cheapest one'));
    expect(named(text)).toEqual(['A101', 'A100']);
    expect(answerProse(text)).toContain('after the first, out of 4');
  });

  it('says so when the rank is past the last match, and shows them all in order', async () => {
    const { text } = await compose(input('the fifth cheapest home for sale in Austin'));
    expect(named(text)).toEqual(['A103', 'A101', 'A100', 'A102']);
    expect(answerProse(text)).toContain('There are only 4 homes for sale in Austin, so there is no fifth cheapest.');
  });
});

describe("the page's own listing", () => {
  const onPage = (question: string, mls: string, history: AnswerInput['history'] = []): AnswerInput => ({
    ...input(question),
    history,
    pageListing: byMls(mls),
  });

  it("is found by the page's address — any scheme, host case, trailing slash, query or fragment — or named by Id, MLS number or Url", async () => {
    const url = new URL(urlOf('A101'));
    expect(
      (
        await pageListing(memoryCatalog(fixtureListings), {
          page: `http://${url.host.toUpperCase()}${url.pathname}/?utm=1#photos`,
        })
      )?.MLSNumber,
    ).toBe('A101');
    expect((await pageListing(memoryCatalog(fixtureListings), { listing: 'id-A102' }))?.MLSNumber).toBe('A102');
    expect((await pageListing(memoryCatalog(fixtureListings), { listing: 'mls# a-103' }))?.MLSNumber).toBe('A103');
    expect(
      (await pageListing(memoryCatalog(fixtureListings), { listing: urlOf('A100'), page: urlOf('A101') }))?.MLSNumber,
    ).toBe('A100');
    expect(
      (await pageListing(memoryCatalog(fixtureListings), { listing: 'nothing-like-it', page: urlOf('A101') }))
        ?.MLSNumber,
    ).toBe('A101');
    expect(await pageListing(memoryCatalog(fixtureListings), { page: 'https://homes.example/about' })).toBeUndefined();
  });

  it('is "this house", "it" and what a bare question is about', async () => {
    for (const q of [
      'is this house still available?',
      'how big is the lot',
      'how much is it?',
      'when was it built',
      'tell me about this property',
    ]) {
      const { text, noAnswer } = await compose(onPage(q, 'A102'));
      expect(named(text), q).toEqual(['A102']);
      expect(noAnswer, q).toBe(false);
    }
  });

  it('is "this house" even after a search showed others', async () => {
    const first = (await compose(input('homes for sale in austin'))).text;
    const { text } = await compose(
      onPage('how many bedrooms does this house have?', 'A102', [
        { role: 'user', content: 'homes for sale in austin' },
        { role: 'assistant', content: first },
      ]),
    );
    expect(named(text)).toEqual(['A102']);
  });

  it('leaves a search a search', async () => {
    expect(named((await compose(onPage('homes for sale in austin', 'A102'))).text)).toEqual(
      named((await compose(input('homes for sale in austin'))).text),
    );
  });

  it("is unknown on a page that is no listing's: a question back, marked for the owner, never a search", async () => {
    const { text, noAnswer } = await compose(input('is this house still available?'));
    expect(named(text)).toEqual([]);
    expect(answerProse(text)).toMatch(/^Which home do you mean\?/);
    expect(noAnswer).toBe(true);
  });
});

describe('a filter dropped', () => {
  it('reads which filter, in the words visitors use, with or without an article', async () => {
    expect(readDrops('actually forget the budget')).toEqual({ dropped: ['price'], features: [] });
    expect(readDrops('forget parking')).toEqual({ dropped: ['parking'], features: [] });
    expect(readDrops("parking doesn't matter")).toEqual({ dropped: ['parking'], features: [] });
    expect(readDrops('any price is fine')).toEqual({ dropped: ['price'], features: [] });
    expect(readDrops('no preference on bedrooms')).toEqual({ dropped: ['bedrooms'], features: [] });
    expect(readDrops('i dont care about a yard anymore')).toEqual({ dropped: ['feature'], features: ['yard'] });
  });

  it('is not "never mind", "forget it", nor a kind ruled out', async () => {
    for (const t of ['never mind', 'forget it', 'forget that', 'drop the condos', 'skip houses', 'drop me a line'])
      expect(readDrops(t), t).toBeNull();
  });

  it('keeps the rest of the search in force', async () => {
    const history: AnswerInput['history'] = [];
    for (const q of ['3 bedroom homes for sale in austin under $500k', 'forget the budget']) {
      const { text } = await compose({ ...input(q), history: [...history] });
      history.push({ role: 'user', content: q }, { role: 'assistant', content: text });
    }
    expect(answerProse(history[3]!.content)).toMatch(/^I found \d+ homes for sale in Austin with 3 bedrooms[,.]/);
  });
});

describe('what a question is about, before any search', () => {
  it('tells what the chatbot cannot know from a home asked about', async () => {
    expect(outsideTopic('is it legal to sublet')).toBe('the law');
    expect(outsideTopic('does it have an in-law suite')).toBeNull();
    expect(outsideTopic('houses near the best schools')).toBeNull();
    expect(ASKS_PAYMENT.test('what is the hoa payment')).toBe(false);
    expect(ASKS_PAYMENT.test('what would my monthly payment be')).toBe(true);
    expect(ASKS_PAYMENT.test('i can put 60k down')).toBe(true);
  });
});

describe('a conversation read once', () => {
  it('reads each turn once however many questions follow it — linear in the conversation, not quadratic', async () => {
    const questions = [
      'homes in austin',
      'only 3+ bedrooms',
      'under $500k',
      'tell me about the first one',
      'does it have parking?',
      'what about denver?',
      'the cheapest one',
      'forget the budget',
      'more',
      'rentals instead',
    ];
    const history: AnswerInput['history'] = [];
    const before = turnsRead.count;
    for (const q of questions) {
      const { text } = await compose({ ...input(q), history: [...history] });
      history.push({ role: 'user', content: q }, { role: 'assistant', content: text });
    }
    // Each question read the one turn before it: 9 turns for 10 questions.
    expect(turnsRead.count - before).toBe(questions.length - 1);
    // The whole conversation: its last turn is the only one not read yet; read again, nothing is.
    const { state } = await readInConversation(history, 'thanks', memoryCatalog(fixtureListings), now);
    expect(turnsRead.count - before).toBe(questions.length);
    expect((await readInConversation(history, 'thanks', memoryCatalog(fixtureListings), now)).state).toBe(state);
    expect(turnsRead.count - before).toBe(questions.length);
  });
});

describe('a monthly payment estimate', () => {
  it('amortises as published tables do, to the cent', async () => {
    expect(monthlyPayment(200_000, 6, 30).toFixed(2)).toBe('1199.10');
    expect(monthlyPayment(100_000, 5, 15).toFixed(2)).toBe('790.79');
    expect(monthlyPayment(300_000, 4, 30).toFixed(2)).toBe('1432.25');
    expect(monthlyPayment(120_000, 0, 10).toFixed(2)).toBe('1000.00');
  });

  it('reads the price, loan, down payment, rate and term as visitors write them', async () => {
    expect(paymentTerms('payment on a $400000 home with 20% down at 6% for 30 years')).toEqual({
      price: 400_000,
      downPct: 20,
      ratePct: 6,
      years: 30,
    });
    expect(paymentTerms('monthly payment on 500k, 10% down, 7 percent, 30 yr')).toEqual({
      price: 500_000,
      downPct: 10,
      ratePct: 7,
      years: 30,
    });
    expect(paymentTerms('if i borrow $300000 at 6.5% for 15 years')).toEqual({
      loan: 300_000,
      ratePct: 6.5,
      years: 15,
    });
    expect(paymentTerms('i can put 60k down on a 360k place, 30-year at 7.1%')).toEqual({
      downAmount: 60_000,
      price: 360_000,
      years: 30,
      ratePct: 7.1,
    });
    expect(paymentTerms('mortgage on 77 sable hill with $1.2 million')).toEqual({ price: 1_200_000 });
  });

  it('works one out for a price, saying what it assumed and what it leaves out, with no listings', async () => {
    const { text, noAnswer } = await compose(input('what would the monthly payment be on a $400,000 home?'));
    expect(named(text)).toEqual([]);
    expect(noAnswer).toBe(false);
    const prose = answerProse(text);
    // 6.5 % (the default MortgageRate), 30 years, 20 % down: $320,000 borrowed.
    expect(prose).toContain(`$${Math.round(monthlyPayment(320_000, 6.5, 30)).toLocaleString('en-US')} a month`);
    expect(prose).toContain('I assumed 20% down, a rate of 6.5% a year and a 30-year fixed loan');
    expect(prose).toContain('It leaves out property taxes, home insurance');
  });

  it("takes the chatbot's MortgageRate when the visitor names none", async () => {
    const prose = answerProse(
      (await compose(input('mortgage on a 300k house with 50k down over 15 years', { MortgageRate: 5.25 }))).text,
    );
    expect(prose).toContain(`$${Math.round(monthlyPayment(250_000, 5.25, 15)).toLocaleString('en-US')} a month`);
  });

  it('works one out for the listing in view, with its HOA fee among what it leaves out', async () => {
    const listing = { ...byMls('A100'), HOAMonth: 120 };
    const { text } = await compose({
      ...input('and the monthly payment with 10% down at 7% for 30 years?'),
      catalog: memoryCatalog(fixtureListings.map((l) => (l.MLSNumber === 'A100' ? listing : l))),
      pageListing: listing,
    });
    expect(named(text)).toEqual(['A100']);
    expect(answerProse(text)).toContain(
      `$${Math.round(monthlyPayment(0.9 * 489_000, 7, 30)).toLocaleString('en-US')} a month`,
    );
    expect(answerProse(text)).toContain('the $120 monthly HOA fee');
  });

  it('asks which price when there is none, and searches nothing', async () => {
    const { text } = await compose(input("what's my monthly payment?"));
    expect(named(text)).toEqual([]);
    expect(answerProse(text)).toMatch(/for which price\?/);
  });
});

describe('names before corrections', () => {
  const named77 = [
    ...fixtureListings,
    { ...byMls('A100'), Id: 'id-S1', MLSNumber: 'S1', Address: '77 Sable Hill', Url: 'https://homes.example/s1' },
  ];
  it('never corrects a word of a street the chatbot holds, and finds the listing it names', async () => {
    const c = parseQuestion('Is 77 Sable Hill still available?', listingsIndex(named77), now);
    expect(c.corrections).toEqual([]);
    expect(c.named.map((l) => l.MLSNumber)).toEqual(['S1']);
  });

  it('reads a street named after "on", or before its kind, as a place to search', async () => {
    const c = parseQuestion('anything on oak street?', listingsIndex(fixtureListings), now);
    expect(c.streets).toEqual(['oak st']);
    const { text } = await compose(input('homes on Oak St'));
    expect(named(text).length).toBeGreaterThan(0);
    expect(named(text).every((mls) => byMls(mls).Address.includes('Oak St'))).toBe(true);
    expect(answerProse(text)).toContain('on Oak St');
  });

  it('leaves a street word that is not a street named as it was', async () => {
    expect(parseQuestion('homes with oak floors', listingsIndex(fixtureListings), now).streets).toEqual([]);
  });
});

describe("the owner's own words", () => {
  const pooled = {
    ...byMls('A100'),
    ExtensionColumn: [
      { Key: 'Pool', value: 'Saltwater, heated' },
      { Key: 'Pets', value: 'Cats only' },
    ],
  };
  const about = (q: string) =>
    compose({
      ...input(q),
      catalog: memoryCatalog(fixtureListings.map((l) => (l.MLSNumber === 'A100' ? pooled : l))),
      pageListing: pooled,
    });

  it('quote an extension column the question asks about, by its key or a usual word for it', async () => {
    expect(answerProse((await about('what kind of pool does it have?')).text)).toContain(
      'Pool, as the listing puts it: **“Saltwater, heated”**',
    );
    expect(answerProse((await about('what kind of pool does it have?')).text)).not.toMatch(/single-family/);
    expect(answerProse((await about('can I bring my dog?')).text)).toContain(
      'Pets, as the listing puts it: **“Cats only”**',
    );
  });

  it('give a figure once, never with "can\'t tell" beside it', async () => {
    const prose = answerProse((await about('how many parking spots does it have?')).text);
    expect(prose).toContain('It has **2 parking spots**.');
    expect(prose).not.toMatch(/can't tell/);
  });
});

describe('what is not a search', () => {
  it('gets no listings, an honest word, a person, and noAnswer where the chatbot cannot know', async () => {
    for (const q of [
      'whats the weather like in austin in summer',
      'What are property taxes like in Texas?',
      'can you recommend a good mortgage lender?',
      'which school district is rated best in Austin?',
      'is it legal to break a lease early',
      "what's the crime rate in austin",
    ]) {
      const { text, noAnswer } = await compose(input(q));
      expect(named(text), q).toEqual([]);
      expect(noAnswer, q).toBe(true);
      expect(answerProse(text), q).toMatch(/^I can't tell you about .+\*\*Talk to a person\*\*/);
    }
  });

  it('says truthfully that it is an assistant, and answers small talk, unmarked', async () => {
    const bot = await compose(input('are you a real person or a bot?'));
    expect(answerProse(bot.text)).toMatch(/an automated assistant — not a person/);
    expect(bot.noAnswer).toBe(false);
    const talk = await compose(input("how's your day going?"));
    expect(named(talk.text)).toEqual([]);
    expect(talk.noAnswer).toBe(false);
  });

  it('leaves a search with such a word a search', async () => {
    expect(named((await compose(input('homes for sale in austin near good schools'))).text).length).toBeGreaterThan(0);
  });
});

describe('the cards of an offline answer', () => {
  it('follow a search’s summary in one block, before the suggestions: the shown listings, in order, as stored', async () => {
    const { text } = await compose(input('homes for sale'));
    const [block, ...others] = blocksOf(text);
    expect(others).toEqual([]);
    expect(block!.cards).toEqual(['A103', 'P401', 'A101', 'A100', 'P400'].map((mls) => listingCard(byMls(mls))));
    expect(text.slice(0, block!.at)).toMatch(/Here are the 5 lowest-priced\.\n\n$/);
    expect(text.slice(block!.end)).toBe(
      `\n\n${suggestionsBlock(['Only 3+ bedrooms', 'Tell me about the first one', 'Show rentals instead'])}`,
    );
  });

  it('end the prose of a search that shows every match', async () => {
    const { text } = await compose(input('homes in Denver'));
    expect(cardsOf(text).map((c) => c.MLSNumber)).toEqual(['D300', 'D301', 'D302', 'D303']);
    expect(text).toMatch(/\.\n\n```listings\n(\{[^\n]+\}\n){4}```\n\n```suggestions\n/);
  });

  it('are one card after the paragraph about one listing', async () => {
    const { text } = await compose(input('tell me about MLS A100'));
    expect(cardsOf(text)).toEqual([listingCard(byMls('A100'))]);
    expect(text).toMatch(
      /\[View the listing\]\(<https:\/\/homes\.example\/12-oak-st>\)\n\n```listings\n\{[^\n]+\}\n```\n\n```suggestions\n[^`]+```$/,
    );
  });

  it.each(['hello', 'what is the weather like?', 'condos with an open house', 'MLS Z999'])(
    'are absent from an answer that names no listing: "%s"',
    async (question) => {
      expect((await compose(input(question))).text).not.toContain('```listings');
    },
  );

  it.each(['homes for sale', 'rentals in Denver with 2 baths and parking', 'tell me about MLS D301'])(
    'leave prose that names the first listing by address, price and link, without photos or data: "%s"',
    async (question) => {
      const { text } = await compose(input(question));
      const prose = answerProse(text);
      const [card] = cardsOf(text);
      const listing = byMls(card!.MLSNumber);
      expect(prose).toContain(addressText(listing));
      expect(prose).toContain(priceText(listing));
      expect(prose).toContain(`(<${listing.Url}>)`);
      expect(card!.Images).toEqual([listing.Images[0]]);
      expect(prose).not.toContain('![');
      expect(prose).not.toContain('img.example');
      expect(prose).not.toContain('{"Id"');
      expect(prose).not.toContain('```');
    },
  );
});

describe('the criteria in words', () => {
  it.each([
    ['3 bedroom houses in Austin under $500k', 'single family homes for sale in Austin with 3 bedrooms under $500,000'],
    ['rentals in Denver with 2 baths and parking', 'homes for rent in Denver with at least 2 bathrooms and parking'],
    ['2 car garage', 'homes with at least 2 parking spots'],
    ['no more than 1 bedroom', 'homes with at most 1 bedroom'],
    ['more than 2 baths', 'homes with at least 2.5 bathrooms'],
    ['between 2 and 3 bedrooms', 'homes with 2 to 3 bedrooms'],
    ['sold condos', 'sold condos'],
  ])('describes "%s" as "%s"', (question, words) => {
    expect(english.describe(parseQuestion(question, listingsIndex(fixtureListings), now), 2, [])).toBe(words);
  });
});

describe('places the listings are not in', () => {
  it.each(['homes in Boston', 'houses near Springfield', 'condos in 99999', 'anything for rent in New Orleans'])(
    'finds nothing for "%s" instead of listing other places',
    async (question) => {
      const { text, noAnswer } = await compose(input(question));
      expect(named(text)).toEqual([]);
      expect(noAnswer).toBe(true);
      expect(text).toMatch(/couldn't find any .* in (Boston|Springfield|99999|New Orleans)/);
    },
  );

  it('still reads a known city next to a state code', async () => {
    expect(named((await compose(input('3 bedroom homes in Austin TX under $500k'))).text).sort()).toEqual([
      'A100',
      'A101',
    ]);
  });

  it('does not take "OR" between two cities for Oregon', async () => {
    const criteria = parseQuestion('homes in Austin OR Denver', listingsIndex(fixtureListings), now);
    expect(criteria.states).toEqual([]);
    expect(criteria.cities.sort()).toEqual(['Austin', 'Denver']);
  });
});

describe('a search across sale types', () => {
  it('lists homes for sale before rentals, and says so', async () => {
    const { text } = await compose(input('homes in Austin'));
    // Austin has four active homes for sale and three rentals; the answer names five.
    const kinds = named(text).map((mls) => fixtureListings.find((l) => l.MLSNumber === mls)!.SaleType);
    expect(kinds).toEqual(['for_sale', 'for_sale', 'for_sale', 'for_sale', 'for_rent']);
    expect(text).toContain('homes for sale first');
  });
});

describe('questions that are not about listings', () => {
  it('greets with the chatbot name and its suggested questions', async () => {
    const answer = await compose(input('hello', { SuggestedMessage: 'Homes under $500k?\n\n3 bedroom rentals' }));
    expect(answer.noAnswer).toBe(false);
    expect(answer.text).toContain("I'm Casa Bot");
    expect(answer.text).toContain('- Homes under $500k?');
    expect(answer.text).toContain('- 3 bedroom rentals');
  });

  it('answers thanks', async () => {
    expect(await compose(input('thanks!'))).toMatchObject({
      noAnswer: false,
      text: expect.stringContaining("You're welcome"),
    });
  });

  it('opens the way to a person in place when the chatbot has an email for it — never a button elsewhere', async () => {
    for (const q of [
      'can I talk to a person?',
      'I want to talk to a real person',
      'Talk to an agent',
      'get me a human',
    ]) {
      const answer = await compose(input(q));
      expect(answer.noAnswer, q).toBe(false);
      expect(handoffOf(answer.text), q).toEqual({ open: true });
      expect(answerProse(answer.text), q).not.toMatch(/below|Talk to a person/);
    }
  });

  it('hands over at once, and says so, when an agent is present', async () => {
    const answer = await compose({ ...input('can I speak to an agent?'), agentPresent: async () => true });
    expect(handoffOf(answer.text)).toEqual({ open: true, live: true });
    expect(answerProse(answer.text)).toMatch(/someone will join this chat/);
  });

  it('takes "are you a real person?" for a question about itself, not a request for one', async () => {
    const answer = await compose(input('are you a real person?'));
    expect(answerProse(answer.text)).toMatch(/automated assistant/);
    expect(handoffOf(answer.text)).toEqual({ open: false });
  });

  it('says it cannot hand over when the chatbot has neither an email nor an agent for it, for the owner to see', async () => {
    const answer = await compose(input('can I talk to a person?', { TalkToHumanEmail: '' }));
    expect(answer.noAnswer).toBe(true);
    expect(handoffOf(answer.text)).toBeNull();
    expect(answer.text).not.toContain('Talk to a person');
  });

  it('opens the handoff about the home in view when a viewing is asked for', async () => {
    // As the widget asks it: with the visitor's locale (alone, two words are too few to tell a language by).
    const answer = await compose({ ...input('Book a viewing'), locale: 'en-US' });
    expect(handoffOf(answer.text)).toMatchObject({ open: true });
    expect(answerProse(answer.text)).toMatch(/^The team arranges viewings/);
  });

  it('links the privacy policy when there is one', async () => {
    const answer = await compose(
      input('what about my privacy?', {
        ChatbotPrivacyPolicyName: 'Our privacy notice',
        ChatbotPrivacyPolicyUrl: 'https://homes.example/privacy',
      }),
    );
    expect(answer.noAnswer).toBe(false);
    expect(answer.text).toContain('[Our privacy notice](<https://homes.example/privacy>)');
  });

  it('has no answer about privacy when there is no policy', async () => {
    expect((await compose(input('what about my privacy?'))).noAnswer).toBe(true);
  });

  it('offers a person when it has no answer and the chatbot has an email for it', async () => {
    const answer = await compose(input('what is the weather like?'));
    expect(answer.noAnswer).toBe(true);
    expect(answer.text).toContain('**Talk to a person**');
  });

  it('offers no person when it has no answer and the chatbot has no email', async () => {
    const answer = await compose(input('what is the weather like?', { TalkToHumanEmail: '' }));
    expect(answer.noAnswer).toBe(true);
    expect(answer.text).not.toContain('Talk to a person');
  });

  it('says an unknown MLS number matches nothing', async () => {
    expect(await compose(input('MLS Z999'))).toMatchObject({
      noAnswer: true,
      text: expect.stringContaining("couldn't find a listing with that MLS number"),
    });
  });
});

/** Reads a generation to its end: the fragments, and the meta it returns. */
async function drain(
  generation: AsyncGenerator<string, AnswerMeta, undefined>,
  onFragment: (count: number) => void = () => {},
) {
  const fragments: string[] = [];
  for (let step = await generation.next(); ; step = await generation.next()) {
    if (step.done) return { fragments, meta: step.value };
    fragments.push(step.value);
    onFragment(fragments.length);
  }
}

describe('streaming an offline answer', () => {
  it('yields fragments that join to exactly the composed answer', async () => {
    const question = input('3 bedroom houses in Austin under $500k');
    const { fragments } = await drain(createOfflineEngine().answer(question, new AbortController().signal));
    expect(fragments.length).toBeGreaterThan(1);
    expect(fragments.join('')).toBe((await compose(question)).text);
  });

  it('streams the cards in many fragments, cut inside their JSON lines', async () => {
    const question = input('3 bedroom houses in Austin under $500k');
    const { fragments } = await drain(createOfflineEngine().answer(question, new AbortController().signal));
    const text = fragments.join('');
    const block = blocksOf(text)[0]!;
    let at = 0;
    const inBlock = fragments.filter((f) => {
      const starts = at;
      at += f.length;
      return starts > block.at && starts < block.end;
    });
    expect(block.cards.map((c) => c.MLSNumber)).toEqual(['A101', 'A100']);
    expect(inBlock.length).toBeGreaterThan(block.cards.length + 2);
    expect(inBlock.some((f) => f.startsWith('St",'))).toBe(true); // "12 Oak St", cut after "Oak "
  });

  it('stops when the signal aborts', async () => {
    const question = input('homes for sale');
    const whole = (await compose(question)).text.split(/(?<=\s)(?=\S)/).length;
    const controller = new AbortController();
    const { fragments } = await drain(createOfflineEngine().answer(question, controller.signal), (count) => {
      if (count === 3) controller.abort();
    });
    expect(fragments).toHaveLength(3);
    expect(fragments.length).toBeLessThan(whole);
  });

  it('yields nothing when the signal has already aborted', async () => {
    const { fragments } = await drain(createOfflineEngine().answer(input('homes for sale'), AbortSignal.abort()));
    expect(fragments).toEqual([]);
  });

  it('returns noAnswer and a token count', async () => {
    const found = await drain(createOfflineEngine().answer(input('condos'), new AbortController().signal));
    expect(found.meta.noAnswer).toBe(false);
    expect(found.meta.totalTokens).toBeGreaterThan(0);
    const missing = await drain(
      createOfflineEngine().answer(input('what is the weather like?'), new AbortController().signal),
    );
    expect(missing.meta.noAnswer).toBe(true);
    expect(missing.meta.totalTokens).toBeGreaterThan(0);
  });
});
