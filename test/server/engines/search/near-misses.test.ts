/**
 * How far a near miss may be off (search/near.ts), over the demo's listings through the real
 * service: a home two bedrooms short only while 60 % of the bedrooms asked for remain, and past
 * what the second tier allows in one way at most.
 */
import { expect, it } from 'vitest';
import { useDemoChatbot } from '../../../support/demo-chatbot.ts';

const demo = useDemoChatbot();
/** A question asked by a new visitor. */
const ask = async (content: string) => (await demo.conversation())(content);

it('offers a home two bedrooms short of five, not of four', async () => {
  const five = await ask('a 5 bedroom condo in austin');
  expect(five.prose).toMatch(/no exact match/);
  expect(five.cards.some((l) => l.PropertyType === 'Condo' && l.Bedrooms === 3)).toBe(true);
  // Tampa's only 4-bedroom house for rent is over the budget; its 2-bedroom ones are not near four.
  const four = await ask('a 4 bedroom house for rent in Tampa under $3,000');
  expect(four.prose).toMatch(/no exact match/);
  expect(four.cards.length).toBeGreaterThan(0);
  expect(four.cards.every((l) => l.Bedrooms >= 3)).toBe(true);
});

it('offers a home off in two ways only when one of them is no further than a bedroom fewer or 10 % over', async () => {
  // A 3-bedroom house a fifth over the budget: one bedroom fewer, and one way further.
  const sale = await ask('a house with 4 bedrooms for sale in Austin under $500,000');
  expect(sale.prose).toMatch(/no exact match/);
  expect(sale.cards.some((l) => l.Bedrooms === 3 && (l.SalePrice ?? 0) > 550_000)).toBe(true);
  // Two bedrooms fewer *and* a fifth over: nothing that is both.
  expect(sale.cards.every((l) => l.Bedrooms >= 3)).toBe(true);
});
