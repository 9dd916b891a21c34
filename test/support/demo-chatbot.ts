/**
 * A chatbot of the demo's listings on a service of its own (test/support/service.ts), for the files
 * that ask it as visitors do: each answer's prose, its cards as the listings they show, its chips,
 * noAnswer and the language the service says it is written in. `useDemoChatbot()` starts it before
 * the file's tests and closes it after; a file that uses it runs on both databases (vitest.config.ts).
 */
import { afterAll, beforeAll } from 'vitest';
import {
  answerProse,
  cardsOf,
  handoffOf,
  parseSuggestions,
  type AskResult,
  type Handoff,
  type Listing,
} from '../../src/protocol/index.ts';
import { demoListings } from '../../src/server/demo/seed.ts';
import { seedChatbot } from '../../bench/eval/seed.ts';
import { startService, type TestService } from './service.ts';

export interface Turn {
  prose: string;
  cards: Listing[];
  chips: string[];
  noAnswer: boolean;
  /** The language the service says the answer is written in (ClientAsk's [ext] `language`). */
  language?: string;
  /** The way to a person the answer carries (its handoff block), if any. */
  handoff: Handoff | null;
  answer: AskResult;
}

export interface DemoChatbot {
  /** The service, once the file's tests have begun. */
  readonly service: TestService;
  /** A new visitor's conversation, their widget in `locale` when given. */
  conversation(locale?: string): Promise<(content: string) => Promise<Turn>>;
}

export function useDemoChatbot(): DemoChatbot {
  let service: TestService | undefined;
  let serial = '';
  let byId = new Map<string, Listing>();
  beforeAll(async () => {
    service = await startService();
    const seeded = await seedChatbot(service.owner, demoListings('https://homes.example'));
    serial = seeded.serial;
    byId = new Map(seeded.listings.map((l) => [l.Id, l]));
  }, 60_000);
  afterAll(() => service?.close());
  return {
    get service() {
      return service!;
    },
    async conversation(locale) {
      const { client, sessionId } = await service!.visitor(serial);
      return async (content) => {
        const answer = await client.ask({
          sessionID: sessionId,
          content,
          clientMessageId: crypto.randomUUID(),
          ...(locale ? { locale } : {}),
        });
        return {
          prose: answerProse(answer.content),
          cards: cardsOf(answer.content).map((c) => byId.get(c.Id)!),
          chips: parseSuggestions(answer.content),
          noAnswer: Boolean(answer.noAnswer),
          language: answer.language,
          handoff: handoffOf(answer.content),
          answer,
        };
      };
    },
  };
}

/** A listing's price: the sale price, or the monthly rent. */
export const price = (l: Listing) => (l.SaleType === 'for_rent' ? l.RentPrice : l.SalePrice) ?? 0;
