/**
 * What the answer engines ask of a chatbot's listings, as one interface: how many meet a search and
 * how they spread (counts and price ranges per sale type), a window of them in the order asked
 * for, whether any meets another search, and the candidates of a near miss. The service answers it
 * in the database (store/listing-search.ts), with indexes, for chatbots of a feed's size; the
 * in-memory answer below, over an array, is the engines' own matching (match.ts) — what the
 * database's answer is checked against (test/server/listing-search.test.ts) and what the engine
 * tests and the eval give their listings through.
 */
import type { Listing } from '../../../protocol/index.ts';
import type { Criteria } from '../reading/criteria.ts';
import type { Feature } from '../reading/features.ts';
import { meets, priceOf, search } from './match.ts';

export type SaleType = Listing['SaleType'];

/** The matches of one sale type: how many, how many have a price, the lowest and highest, the currency of the first in order. */
export interface Spread {
  count: number;
  priced: number;
  min: number | null;
  max: number | null;
  currency: string;
}

/** What a search's matches are from the `restFrom`-th on (the ones after those shown before): what suggestions are made from. */
export interface Rest {
  count: number;
  /** Some have 3 bedrooms or more; some fewer. */
  threeBedrooms: boolean;
  fewerBedrooms: boolean;
  saleTypes: SaleType[];
  /** Per sale type, the middle price (the upper of two) of those with a price, when at least 4 have one. */
  middle: Partial<Record<SaleType, number>>;
}

export interface Outcome {
  total: number;
  /** Features some listing mentions (the search kept to those), and features none mentions (set aside, to be said). */
  mentioned: Feature[];
  unknown: Feature[];
  spread: Partial<Record<SaleType, Spread>>;
  /** Up to `count` matches from the `from`-th, in order. */
  window: Listing[];
  rest: Rest;
}

export interface Window {
  from: number;
  count: number;
  /** Where `rest` starts (0: all the matches). */
  restFrom: number;
}

export interface Catalog {
  /** A search's outcome (names are not looked at: a question naming listings is answered by them; a place no listing is in finds none). */
  search(c: Criteria, window: Window): Promise<Outcome>;
  /** Whether any listing meets the criteria the listing fields answer (features are not looked at). */
  any(c: Criteria): Promise<boolean>;
  /** The matches of a search (features included), in its order, up to `cap`: a near miss's candidates. */
  candidates(c: Criteria, cap: number): Promise<Listing[]>;
}

/** How a list of matches spreads, per sale type. */
export function spreadOf(found: readonly Listing[]): Partial<Record<SaleType, Spread>> {
  const out: Partial<Record<SaleType, Spread>> = {};
  for (const l of found) {
    const s = (out[l.SaleType] ??= { count: 0, priced: 0, min: null, max: null, currency: l.CurrencySymbol });
    s.count++;
    const p = priceOf(l);
    if (p === null) continue;
    s.priced++;
    s.min = s.min === null ? p : Math.min(s.min, p);
    s.max = s.max === null ? p : Math.max(s.max, p);
  }
  return out;
}

/** What the matches from a point on are, for suggestions. */
export function restOf(rest: readonly Listing[]): Rest {
  const middle: Partial<Record<SaleType, number>> = {};
  const saleTypes = [...new Set(rest.map((l) => l.SaleType))].sort();
  for (const type of saleTypes) {
    const prices = rest
      .filter((l) => l.SaleType === type)
      .map(priceOf)
      .filter((p): p is number => p !== null)
      .sort((a, b) => a - b);
    if (prices.length >= 4) middle[type] = prices[Math.floor(prices.length / 2)]!;
  }
  return {
    count: rest.length,
    threeBedrooms: rest.some((l) => l.Bedrooms >= 3),
    fewerBedrooms: rest.some((l) => l.Bedrooms < 3),
    saleTypes,
    middle,
  };
}

/** The outcome of a search whose every match is known, in order. */
export function outcomeOf(
  found: { listings: Listing[]; mentioned: Feature[]; unknown: Feature[] },
  window: Window,
): Outcome {
  return {
    total: found.listings.length,
    mentioned: found.mentioned,
    unknown: found.unknown,
    spread: spreadOf(found.listings),
    window: found.listings.slice(window.from, window.from + window.count),
    rest: restOf(found.listings.slice(window.restFrom)),
  };
}

/** The catalog of listings held in memory: the engines' own matching over the array. */
export function memoryCatalog(listings: Listing[]): Catalog {
  return {
    search: async (c, window) => outcomeOf(search(listings, { ...c, named: [] }), window),
    any: async (c) => listings.some((l) => meets(l, c)),
    candidates: async (c, cap) => search(listings, { ...c, named: [] }).listings.slice(0, cap),
  };
}
