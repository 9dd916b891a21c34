/** Questions to the agency about itself, told from searches that name a kind of home (answer/business.ts). */
import { describe, expect, it } from 'vitest';
import { asksTheBusiness } from '../../../../src/server/engines/answer/business.ts';

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
