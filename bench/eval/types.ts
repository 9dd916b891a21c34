/**
 * The answer evaluation's question set, as data: conversations of one or more turns, each turn a
 * question and (usually) what a right answer shows. Expectations are written as predicates over the
 * chatbot's listings — by hand, from what the question means — never by calling the engine, so the
 * set is a measure of the engine and not a copy of it.
 */
import type { Listing } from '../../src/protocol/index.ts';

export type Category =
  | 'single'
  | 'follow-up'
  | 'refinement'
  | 'reference'
  | 'negation'
  | 'superlative'
  | 'numbers-in-words'
  | 'misspelling'
  | 'unknown-feature'
  | 'near-miss'
  // Off the happy path (issue 36; bench/eval/cases-off-path.ts):
  | 'drop-replace'
  | 'not-a-search'
  | 'names'
  | 'ordinal'
  | 'owner-facts'
  | 'calculation'
  | 'page-listing'
  // The business's own knowledge (issue 42; bench/eval/cases-business.ts):
  | 'business'
  // Asking for a person, in every language (bench/eval/cases-person.ts):
  | 'person'
  // Booking a viewing in the chat, in every language (issue 63; bench/eval/cases-viewing.ts):
  | 'viewing'
  // Understanding what the visitor means, in every language (issue 64; bench/eval/cases-meaning.ts):
  // the owner's knowledge asked in other words, business questions that name a kind of home, and
  // real words never "corrected" into others.
  | 'paraphrase'
  | 'business-or-search'
  | 'real-words';

/** How a list is ordered: the engines' default is `default` — homes for sale before rentals, each cheapest first. */
export type Order =
  'default' | 'price-desc' | 'area-desc' | 'area-asc' | 'year-desc' | 'year-asc' | 'bedrooms-desc' | 'newest-listed';

export type Expectation =
  /**
   * A search: R = the listings meeting `match`, in `order`. A right answer's cards are the first
   * min(limit, |R|) of R (limit 5 unless given), and when R holds more than it shows, its prose
   * states |R|. R must not be empty (use `near` for that).
   */
  | { kind: 'list'; match: (l: Listing) => boolean; order?: Order; limit?: number }
  /** Exactly these listings, in this order, as the answer's cards (a superlative, "the first two", "it"). */
  | { kind: 'these'; pick: (all: Listing[]) => Listing[] }
  /**
   * An answer about one listing: its cards are that listing alone, and its prose says each of
   * `says` (case-insensitive; a string is looked for as written, "$489,000", "3 bedrooms").
   */
  | { kind: 'fact'; pick: (all: Listing[]) => Listing; says: (l: Listing) => (string | RegExp)[] }
  /**
   * Nothing meets `exact`: a right answer says there is no exact match, and offers 1–3 near misses
   * — each meeting `near`, none meeting `exact` — as cards.
   */
  | { kind: 'near'; exact: (l: Listing) => boolean; near: (l: Listing) => boolean }
  /**
   * A requirement the listing details cannot answer ("a pool"): a right answer says it cannot tell
   * (its prose holds "can't tell" and `term`), and any cards it shows meet `match` (the rest of the question).
   */
  | { kind: 'cant-tell'; term: string; match: (l: Listing) => boolean }
  /**
   * A question the owner's knowledge answers (FAQ, pages): no listing cards, not `noAnswer`, the
   * answer names `source` (a title) among its sources, and its prose matches `says`.
   */
  | { kind: 'knowledge'; source: string; says: RegExp }
  /** Words in the listings' descriptions: every card's Description (or an ExtensionColumn value) holds `term`, and each meets `match`. */
  | { kind: 'mentions'; term: RegExp; match: (l: Listing) => boolean }
  /**
   * A question that is not a search (small talk, the assistant itself, something outside what it
   * can know): no listing cards; `noAnswer` as given — true where it could not answer, so the owner
   * sees the question in Unanswered — and the prose matching `says` when given (an honest reply, the
   * offer of a person). An answer marked `noAnswer` names no sources: it quoted nothing.
   */
  | { kind: 'no-search'; noAnswer: boolean; says?: RegExp }
  /**
   * The visitor asks for a person (or to book a viewing, which a person arranges): no listing
   * cards, not `noAnswer`, and the answer carries the handoff block the widget opens in place
   * (`open` true) — never a pointer to a button that is not there, never "I can't".
   */
  | { kind: 'person' }
  /**
   * The visitor asks to see a home (issue 63), on a chatbot with showing hours (`ShowingHours`): the
   * answer offers free slots of that home — the `slots` block (src/protocol/slots.ts) with at least
   * one, each of the picked listing, on the hours' grid, ViewingMinutes long, past the notice and
   * within ViewingDays — the one asked for first when it is free (score.ts has the exact rules); no
   * other home's cards, not `noAnswer`. `day`: the ISO weekday asked (Monday 1 … Sunday 7), or
   * "tomorrow" as the chatbot's clock has it when asked; `time`: the time asked, "HH:MM", or a part of
   * the day as [from, to) ("afternoon": ['12:00', '17:00']).
   */
  | {
      kind: 'viewing';
      pick: (all: Listing[]) => Listing;
      day?: number | 'tomorrow';
      time?: string | readonly [from: string, to: string];
    }
  /**
   * A question holding a real word a spelling corrector could take for a word of the listings
   * (issue 64: "comes" and "homes", "dock" and "deck"): a right answer meets `expect`, and its prose
   * does not match `misread` — it does not say it read the word as another (cases-meaning.ts asWritten).
   */
  | { kind: 'as-written'; expect: Expectation; misread: RegExp }
  /**
   * A monthly payment (principal and interest): the prose states it to the dollar (±$1) for
   * `principal` borrowed at `ratePct` a year over `years`, by the standard amortisation formula;
   * about a listing (`pick`): its card alone, otherwise no cards.
   */
  | {
      kind: 'payment';
      principal: number | ((all: Listing[]) => number);
      ratePct: number;
      years: number;
      pick?: (all: Listing[]) => Listing;
    };

export interface Turn {
  ask: string;
  /** What a right answer to this turn shows; a turn without one only sets up the conversation. */
  expect?: Expectation;
}

/** The languages the widget speaks, as the visitor's locale names them (issue 43). */
export type Lang = 'en' | 'es' | 'fr' | 'de' | 'pt' | 'ar' | 'zh';

export interface EvalCase {
  /** Short and unique: "follow-up/rentals-austin-then-denver" ("es/follow-up/…" in another language). */
  id: string;
  category: Category;
  /**
   * The language the visitor writes in and a right answer is written in (English unless given);
   * the visitor's widget says it as its locale (`locale`, e.g. "es-MX"; the language itself unless given).
   */
  lang?: Lang;
  locale?: string;
  turns: Turn[];
  /**
   * Where the visitor asks from: the page's address, as the widget sends it with each question
   * (`page`), or a listing an SPA names itself (`listing`: its Id, MLS number or Url).
   */
  where?: (all: Listing[]) => Where;
}

/**
 * The showing hours of the chatbot a set runs on (the settings ViewingHours, ViewingMinutes,
 * ViewingNoticeHours, ViewingBufferMinutes, ViewingDays and its TimeZone): what a `viewing`
 * expectation's slots are checked against.
 */
export interface ShowingHours {
  timeZone: string;
  /** Ranges by ISO day (Monday 1), From and To as "HH:MM" in timeZone. */
  hours: readonly { Day: number; From: string; To: string }[];
  minutes: number;
  noticeHours: number;
  bufferMinutes: number;
  days: number;
}

/** The [ext] fields of ClientAsk that say where the visitor is (docs/PROTOCOL.md). */
export interface Where {
  page?: string;
  listing?: string;
}
