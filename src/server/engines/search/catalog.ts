/**
 * What the answer engines ask of a chatbot's listings, as one interface: how many meet a search and
 * how they spread (counts and price ranges per sale type), a window of them in the order asked
 * for, whether any meets another search, and the candidates of a near miss. The service answers it
 * in the database (store/listing-search.ts), with indexes, for chatbots of a feed's size; the
 * in-memory answer below, over an array, is the engines' own matching (match.ts) — what the
 * database's answer is checked against (test/server/store/listing-search.test.ts) and what the engine
 * tests and the eval give their listings through.
 */
import type { Listing } from '../../../protocol/index.ts';
import type { Criteria } from '../reading/criteria.ts';
import { mentioning, type Feature } from '../reading/features.ts';
import { pageKey, type Where } from '../reading/page.ts';
import { listingsIndex, mlsKey, type Vocabulary } from '../reading/places.ts';
import { listingKeys, type ListingKeys } from './listing-keys.ts';
import { meets, priceOf, search, type Found } from './match.ts';

export type SaleType = Listing['SaleType'];

/** The matches of one sale type: how many, how many have a price, the lowest and highest, the currency of the first in order. */
export interface Spread {
  count: number;
  priced: number;
  min: number | null;
  max: number | null;
  currency: string;
}

/** What a search's matches are from a point on (those after the ones shown before): what suggestions are made from. */
export interface Rest {
  count: number;
  /** Some have 3 bedrooms or more; some fewer. */
  threeBedrooms: boolean;
  fewerBedrooms: boolean;
  /** The sale types among them, in code-unit order. */
  saleTypes: SaleType[];
}

export interface Outcome {
  total: number;
  /** Features some listing mentions (the search kept to those), and features none mentions (set aside, to be said). */
  mentioned: Feature[];
  unknown: Feature[];
  spread: Partial<Record<SaleType, Spread>>;
  /** Up to `count` matches from the `from`-th, in order. */
  window: Listing[];
}

/** Listings a reading may need by name: by Id or Url (an answer's cards), by MLS number or house number (what a question names). */
export interface Lookup {
  ids: string[];
  urls: string[];
  /** As mlsKey gives them. */
  mlsKeys: string[];
  /** The first word of an address as addressKey gives it ("12"). */
  houseNumbers: string[];
  /** Pages (reading/page.ts pageKey): the listing a visitor's page shows. */
  pageKeys?: string[];
  /** Urls without trailing slashes, and the start of an address in letters and digits (listing-keys.ts): a model's get_listing. */
  urlKeys?: string[];
  addressStarts?: string[];
}

export interface Catalog {
  /** The places, kinds and streets the chatbot's listings name: the same object while they are unchanged. */
  vocabulary: Vocabulary;
  /** The listings any of whose keys is among the lookup's, in the listings' order (created, then Id), at most LOOKUP_MAX. */
  lookup(names: Lookup): Promise<Listing[]>;
  /** A search's outcome, with up to `count` of its matches from the `from`-th (names are not looked at: a question naming listings is answered by them; a place no listing is in finds none). */
  search(c: Criteria, window: { from: number; count: number }): Promise<Outcome>;
  /** Up to `count` of a search's matches from the `from`-th, in its order: a window alone. */
  window(c: Criteria, from: number, count: number): Promise<Listing[]>;
  /** What the matches are from the `from`-th on. */
  rest(c: Criteria, from: number): Promise<Rest>;
  /** The middle price (the upper of two) of the matches of a sale type from the `from`-th on that have one, when at least 4 have. */
  middle(c: Criteria, from: number, saleType: SaleType): Promise<number | undefined>;
  /** Whether any listing mentions the feature (features.ts `mentioning` finds some). */
  mentioned(f: Feature): Promise<boolean>;
  /** Whether any listing meets the criteria the listing fields answer (features are not looked at). */
  any(c: Criteria): Promise<boolean>;
  /** The matches of a search (features included), in its order, up to `cap`: a near miss's candidates. */
  candidates(c: Criteria, cap: number): Promise<Listing[]>;
}

/** How a list of matches spreads, per sale type. */
function spreadOf(found: readonly Listing[]): Partial<Record<SaleType, Spread>> {
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

/** What some matches are, for suggestions. */
function restOf(rest: readonly Listing[]): Rest {
  return {
    count: rest.length,
    threeBedrooms: rest.some((l) => l.Bedrooms >= 3),
    fewerBedrooms: rest.some((l) => l.Bedrooms < 3),
    saleTypes: [...new Set(rest.map((l) => l.SaleType))].sort(),
  };
}

/** The middle price of some matches of a sale type (the upper of two), when at least 4 have a price. */
function middleOf(rest: readonly Listing[], saleType: SaleType): number | undefined {
  const prices = rest
    .filter((l) => l.SaleType === saleType)
    .map(priceOf)
    .filter((p): p is number => p !== null)
    .sort((a, b) => a - b);
  return prices.length >= 4 ? prices[Math.floor(prices.length / 2)] : undefined;
}

/** The outcome of a search whose every match is known, in order. */
function outcomeOf(
  found: { listings: Listing[]; mentioned: Feature[]; unknown: Feature[] },
  window: { from: number; count: number },
): Outcome {
  return {
    total: found.listings.length,
    mentioned: found.mentioned,
    unknown: found.unknown,
    spread: spreadOf(found.listings),
    window: found.listings.slice(window.from, window.from + window.count),
  };
}

/** At most this many listings are found by name at once: a conversation names a few. */
export const LOOKUP_MAX = 500;

/** Whether the listing, whose keys are `keys`, has one of the lookup's. */
function looksUp(l: Listing, keys: ListingKeys, names: Lookup): boolean {
  return (
    names.ids.includes(l.Id) ||
    names.urls.includes(l.Url) ||
    (keys.mlsKey !== '' && names.mlsKeys.includes(keys.mlsKey)) ||
    (keys.houseNumber !== '' && names.houseNumbers.includes(keys.houseNumber)) ||
    (keys.pageKey !== null && (names.pageKeys ?? []).includes(keys.pageKey)) ||
    (names.urlKeys ?? []).includes(keys.urlKey) ||
    (names.addressStarts ?? []).some((start) => keys.addressKey.startsWith(start))
  );
}

/**
 * The catalog of listings held in memory, in their order: the engines' own matching over the array.
 * What the database keeps or works out once is worked out once here too: each listing's keys (at the
 * first lookup), and each search's matches (a question asks the same criteria for its count, window
 * and suggestions; held as long as the criteria are).
 */
export function memoryCatalog(listings: Listing[]): Catalog {
  let keys: ListingKeys[] | undefined;
  const searched = new WeakMap<Criteria, Found>();
  const matches = (c: Criteria) => {
    let found = searched.get(c);
    if (!found) {
      found = search(listings, { ...c, named: [] });
      searched.set(c, found);
    }
    return found;
  };
  return {
    vocabulary: listingsIndex(listings),
    lookup: async (names) => {
      const each = (keys ??= listings.map(listingKeys));
      return listings.filter((l, i) => looksUp(l, each[i]!, names)).slice(0, LOOKUP_MAX);
    },
    search: async (c, window) => outcomeOf(matches(c), window),
    window: async (c, from, count) => matches(c).listings.slice(from, from + count),
    rest: async (c, from) => restOf(matches(c).listings.slice(from)),
    middle: async (c, from, saleType) => middleOf(matches(c).listings.slice(from), saleType),
    mentioned: async (f) => mentioning(listings, f).length > 0,
    any: async (c) => listings.some((l) => meets(l, c)),
    candidates: async (c, cap) => matches(c).listings.slice(0, cap),
  };
}

/**
 * The listing the visitor's page shows (ClientAsk's [ext] `page` and `listing`, docs/PROTOCOL.md;
 * reading/page.ts): the one the page names — by Id, MLS number or Url, in that order — or the first
 * whose Url is the page's address.
 */
export async function pageListing(catalog: Catalog, where: Where): Promise<Listing | undefined> {
  const named = where.listing?.trim() ?? '';
  const namedPage = named ? pageKey(named) : null;
  const page = where.page ? pageKey(where.page) : null;
  const mls = named ? mlsKey(named) : '';
  const pool = await catalog.lookup({
    ids: named ? [named] : [],
    urls: [],
    mlsKeys: mls ? [mls] : [],
    houseNumbers: [],
    pageKeys: [namedPage, page].filter((k): k is string => k !== null),
  });
  const onPage = (key: string | null) => (key ? pool.find((l) => pageKey(l.Url) === key) : undefined);
  const found = named
    ? (pool.find((l) => l.Id === named) ?? pool.find((l) => mls && mlsKey(l.MLSNumber) === mls) ?? onPage(namedPage))
    : undefined;
  return found ?? onPage(page);
}
