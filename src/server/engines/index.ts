/** The answer engines behind one interface: the built-in offline engine, or an OpenAI-compatible server. */
import type { Listing, Model, NoAnswerReason, Settings } from '../../protocol/index.ts';
import type { Catalog } from './search/catalog.ts';
import type { KnowledgeBase } from './knowledge/find.ts';
import type { Asked } from './reading/asked.ts';
import type { AttachedFile } from './reading/file-facts.ts';
import type { Lexicon } from './languages/lexicon.ts';

export type { AttachedFile };

export interface AnswerInput {
  settings: Settings;
  question: { content: string; askType: string; files: AttachedFile[] };
  /** The conversation so far, oldest first. */
  history: { role: 'user' | 'assistant'; content: string }[];
  /** The chatbot's listings, as the engines search them (search/catalog.ts): in the database, or an array in memory. */
  catalog: Catalog;
  /** What the owner has told the chatbot besides its listings: FAQ entries, texts (engines/knowledge/find.ts). */
  knowledge?: KnowledgeBase;
  /** The listing the visitor's page shows (engines/reading/page.ts), when it is one of them. */
  pageListing?: Listing;
  /** The language the visitor reads, as their widget says it ("es-MX"): a question's own language wins over it. */
  locale?: string;
  /**
   * The chatbot's free viewing slots for a listing (its showing hours, bookings taken out: API.md
   * §3.11), soonest first; given when the chatbot has showing hours.
   */
  viewingSlots?: (listingId: string) => Promise<ViewingSlot[]>;
  /** Whether an agent is in the owner's console now (a request for a person is then handed over at once); asked only for one. */
  agentPresent?: () => Promise<boolean>;
  /**
   * The languages' dictionaries (languages/lexicon.ts), the app's: a question's language told by its
   * words, and a word of the language never read as a misspelling of another.
   */
  lexicon?: Lexicon;
  now: Date;
}

/** A free time to see a listing. */
export interface ViewingSlot {
  start: Date;
  end: Date;
}

/** How a generation went, once its last fragment is out. */
export interface AnswerMeta {
  noAnswer: boolean;
  /** Why it is marked noAnswer (`unknown` where the engine does not say). */
  noAnswerReason?: NoAnswerReason;
  totalTokens: number;
  /** How many wrong figures about listings the facts guard corrected (engines with a model). */
  factsCorrected?: number;
  /** What the question searched for (engines/reading/asked.ts), when it was a search. */
  asked?: Asked;
  /** The language the answer is written in ("es"), when the engine knows it: the widget marks the answer with it. */
  language?: string;
}

export interface AnswerEngine {
  /** Yields the answer's fragments as they are generated; returns its meta. Stops when `signal` aborts. */
  answer(input: AnswerInput, signal: AbortSignal): AsyncGenerator<string, AnswerMeta, undefined>;
  /** Throws when the engine cannot answer now (its model server unreachable): /readyz. None for an engine that needs nothing. */
  check?(signal: AbortSignal): Promise<void>;
  /** Answers waiting for a turn of the event loop (engines/answer/pace.ts), for the metrics; none for an engine without such a queue. */
  waiting?(): number;
}

export interface Engines {
  models(): Model[];
  /** The Model a new chatbot gets. */
  defaultModel: string;
  engineFor(model: string): AnswerEngine;
  /** The engines that need something to answer (a model server), by name, for /readyz. */
  checked: { name: string; engine: AnswerEngine }[];
}

export const OFFLINE_MODEL = 'offline';

/**
 * The model server could not give an answer — it refused the connection, answered 429 or 5xx, sent
 * what is not its wire format, or went silent past a timeout — after the engine's own retries.
 * The visitor is told the assistant is unavailable and may try again (a 503: http/routes/chat.ts).
 */
export class ModelUnavailable extends Error {
  override readonly name = 'ModelUnavailable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** A rough token count (≈ 4 characters per token) where the engine reports none. */
export const estimateTokens = (...texts: string[]) => texts.reduce((n, t) => n + Math.ceil(t.length / 4), 0);

export function createEngines(offline: AnswerEngine, llm?: { model: string; engine: AnswerEngine }): Engines {
  const models: Model[] = [
    { Key: OFFLINE_MODEL, Value: 'Built-in offline engine (answers from your listings)', Status: true },
  ];
  if (llm) models.unshift({ Key: llm.model, Value: llm.model, Status: true });
  return {
    models: () => models,
    defaultModel: llm?.model ?? OFFLINE_MODEL,
    // A Model the registry no longer lists falls back to the default engine.
    engineFor: (model) => (model === OFFLINE_MODEL || !llm ? offline : llm.engine),
    checked: llm?.engine.check ? [{ name: 'model server', engine: llm.engine }] : [],
  };
}
