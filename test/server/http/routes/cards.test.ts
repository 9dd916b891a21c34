/** Listing cards in answers (protocol/cards.ts), read by plain clients of the real service: the Node client, curl, JSON. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  answerProse,
  answerText,
  listingCard,
  type Listing,
  type ListingCard,
} from '../../../../src/protocol/index.ts';
import { fixtureListings } from '../../../support/listings.ts';
import { collect } from '../../../support/stream-contract.ts';
import { startService, type TestService } from '../../../support/service.ts';

const QUESTION = 'homes for sale in Austin';

let service: TestService;
let serial: string;
/** The chatbot's listings as stored. */
let stored: Listing[];

beforeAll(async () => {
  service = await startService();
  serial = await service.newChatbot({ Name: 'Sunbelt Homes' });
  for (const { Id: _id, CreatedAt: _created, UpdatedAt: _updated, ...fields } of fixtureListings)
    await service.owner.realEstateCreate({ SerialNumber: serial, ...fields });
  stored = (await service.owner.realEstateList({ SerialNumber: serial, PageSize: 100 })).Items;
}, 60_000);
afterAll(() => service?.close());

/** The cards of the answer's one listings block. */
function cardsOf(answer: string): ListingCard[] {
  const blocks = [...answer.matchAll(/^```listings\n([\s\S]*?)\n```$/gm)];
  expect(blocks).toHaveLength(1);
  return blocks[0]![1]!.split('\n').map((line) => JSON.parse(line) as ListingCard);
}

/** The Answer of the final object of a stream read as curl prints it: `data:` lines, events split by blank lines. */
function answerFromEventStream(text: string): { fragments: string[]; answer: string } {
  const data = text
    .split('\n\n')
    .filter((event) => event.startsWith('data: '))
    .map((event) => JSON.parse(event.slice('data: '.length)) as { content?: string; Answer?: string });
  const final = data.at(-1)!;
  expect(final.Answer).toEqual(expect.any(String));
  return { fragments: data.slice(0, -1).map((d) => d.content!), answer: final.Answer! };
}

describe('an answer with listing cards, read by plain clients', () => {
  /** What the Node client's askStream read, asked once for the tests below. */
  let fragments: string[];
  let answer: string;
  beforeAll(async () => {
    const { client, sessionId } = await service.visitor(serial);
    const items = await collect(client.askStream({ sessionID: sessionId, content: QUESTION }));
    const final = items.at(-1)!;
    if (final.kind !== 'final') throw new Error('no final object');
    fragments = items.flatMap((i) => (i.kind === 'fragment' ? [i.content] : []));
    answer = final.Answer;
  });

  it('streams to the Node client in fragments that join to the final Answer', () => {
    expect(fragments.length).toBeGreaterThan(1);
    expect(fragments.join('')).toBe(answer);
  });

  it('carries one card per listing it names, each a listing of the chatbot as stored', () => {
    const cards = cardsOf(answer);
    const ids = new Set(stored.map((l) => l.Id));
    expect(cards.length).toBeGreaterThan(1);
    for (const card of cards) {
      expect(ids.has(card.Id)).toBe(true);
      expect(card).toEqual(listingCard(stored.find((l) => l.Id === card.Id)!));
      expect([card.City, card.SaleType, card.Status]).toEqual(['Austin', 'for_sale', 'Active']);
    }
  });

  it('reads as a summary without its blocks, and as text that names every carded listing by address and link', () => {
    const prose = answerProse(answer);
    expect(prose).toMatch(new RegExp(`^I found ${cardsOf(answer).length} homes for sale in Austin, from \\$`));
    expect(prose).not.toContain('```');
    expect(prose).not.toContain('{"');
    const text = answerText(answer);
    expect(text.startsWith(`${prose}\n\n1. `)).toBe(true);
    for (const [i, card] of cardsOf(answer).entries())
      expect(text).toContain(`\n${i + 1}. ${card.Address}, Austin, TX ${card.ZIP} — `);
    for (const card of cardsOf(answer)) expect(text).toContain(` — ${card.Url}`);
    expect(text).not.toContain('```');
  });

  it('reaches a raw HTTP client as text/event-stream `data:` lines carrying the same Answer, the cards cut in many pieces', async () => {
    const { token, sessionId } = await service.visitor(serial);
    const res = await fetch(`${service.origin}/chat/Chat/ClientAsk`, {
      method: 'POST',
      headers: { authorization: token, 'content-type': 'application/json' },
      body: JSON.stringify({ sessionID: sessionId, content: QUESTION, stream: true }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const streamed = answerFromEventStream(await res.text());
    expect(streamed.answer).toBe(answer);
    expect(streamed.fragments.join('')).toBe(answer);
    const start = answer.indexOf('```listings\n');
    let at = 0;
    const inBlock = streamed.fragments.filter((f) => {
      const from = at;
      at += f.length;
      return from >= start;
    });
    expect(inBlock.length).toBeGreaterThan(3 * cardsOf(answer).length);
    expect(inBlock.some((f) => !/^(\{|```)/.test(f))).toBe(true);
  });

  it('is the same content when asked with stream: false', async () => {
    const { client, sessionId } = await service.visitor(serial);
    expect((await client.ask({ sessionID: sessionId, content: QUESTION })).content).toBe(answer);
  });
});
