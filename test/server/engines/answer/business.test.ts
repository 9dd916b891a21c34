/** Questions to the agency about itself, told from searches that name a kind of home (answer/business.ts). */
import { describe, expect, it } from 'vitest';
import { asksTheBusiness, asksToBeToldLater } from '../../../../src/server/engines/answer/business.ts';
import { compose } from '../../../../src/server/engines/answer/offline.ts';
import { memoryCatalog } from '../../../../src/server/engines/search/catalog.ts';
import { defaultSettings } from '../../../../src/server/store/chatbots.ts';
import { cardsOf } from '../../../../src/protocol/index.ts';
import { fixtureListings } from '../../../support/listings.ts';
import { lexicon } from '../../../support/lexicon.ts';

describe('a question to the business, though it names a kind of home', () => {
  it.each([
    'what do I need to rent an apartment through you?',
    "it's my first time buying, can you guys help?",
    "I'm buying my first condo, where do I start?",
    'do you do property management?',
    'do you rent out vacation homes?',
    'how long does it take to close on a condo?',
    'how much notice do I give before leaving my apartment?',
    'can I have a dog in an apartment I rent from you?',
  ])('"%s" asks the business', (question) => {
    expect(asksTheBusiness(question)).toBe(true);
  });

  it.each([
    '3 bedroom apartments for rent in Austin',
    'can you help me find a 2 bedroom condo in Tampa?',
    'do you have any townhouses for sale in Madison?',
    'what do you have for rent in Portland?',
    'I need an apartment for rent in Raleigh under $1,500',
  ])('"%s" does not', (question) => {
    expect(asksTheBusiness(question)).toBe(false);
  });
});

describe('a request to be told later', () => {
  it.each([
    'email me when a 3 bedroom house in Austin comes on the market',
    'let me know when something under 400k comes up in Denver',
    'can you notify me if a condo in Tampa gets listed?',
  ])('"%s" is one', (question) => {
    expect(asksToBeToldLater(question)).toBe(true);
  });

  it.each(['3 bedroom houses in Austin', 'let me know what you have in Denver', 'when are you open?'])(
    '"%s" is not',
    (question) => {
      expect(asksToBeToldLater(question)).toBe(false);
    },
  );
});

describe('the answer to a request to be told later', () => {
  it('shows what there is now, and is marked for the owner: the chat cannot write later', async () => {
    const answer = await compose({
      settings: { ...defaultSettings('UTC', 'offline'), Name: 'Casa Bot' },
      question: {
        content: 'email me when a 3 bedroom house in Austin comes on the market',
        askType: 'Text',
        files: [],
      },
      history: [],
      catalog: memoryCatalog(fixtureListings),
      lexicon,
      now: new Date('2026-12-08T12:00:00Z'),
    });
    expect(cardsOf(answer.text).length).toBeGreaterThan(0);
    expect(answer.text).not.toContain('I read');
    expect(answer).toMatchObject({ noAnswer: true, noAnswerReason: 'unknown' });
  });
});
