/**
 * How far a near miss may be off (search/near.ts), over the demo's listings through the real
 * service: a home two bedrooms short only while 60 % of the bedrooms asked for remain, and past
 * what the second tier allows in one way at most.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { answerProse, cardsOf, type Listing } from '../../src/protocol/index.ts';
import { demoListings } from '../../src/server/seed.ts';
import { seedChatbot } from '../../bench/eval/seed.ts';
import { startService, type TestService } from '../support/service.ts';

let service: TestService;
let serial: string;
let byId: Map<string, Listing>;
beforeAll(async () => {
  service = await startService();
  const seeded = await seedChatbot(service.owner, demoListings('https://homes.example'));
  serial = seeded.serial;
  byId = new Map(seeded.listings.map((l) => [l.Id, l]));
}, 60_000);
afterAll(() => service?.close());

async function ask(content: string): Promise<{ prose: string; cards: Listing[] }> {
  const { client, sessionId } = await service.visitor(serial);
  const answer = await client.ask({ sessionID: sessionId, content, clientMessageId: crypto.randomUUID() });
  return { prose: answerProse(answer.content), cards: cardsOf(answer.content).map((c) => byId.get(c.Id)!) };
}

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
