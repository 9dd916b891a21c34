/**
 * A search of the listings, as read from a question — and, through a conversation, from the
 * questions before it: a follow-up changes only what it says ("what about Denver?").
 */
import type { Listing } from '../../../protocol/index.ts';
import type { Feature } from './features.ts';
import { excludesAnything, noExclusions, type Exclusions } from './negation.ts';

export type Range = { min?: number; max?: number };

/** The market a budget means when none was said: rents are monthly, so $500,000 is a purchase and $2,000 a month's rent. */
export const budgetMarket = (price: Range): 'for_sale' | 'for_rent' =>
  (price.max ?? price.min ?? 0) >= 20_000 ? 'for_sale' : 'for_rent';

/** An order asked for: "the cheapest", "the biggest", "the newest", "the most recently listed". */
export type SortKey =
  | 'price-asc'
  | 'price-desc'
  | 'area-desc'
  | 'area-asc'
  | 'year-desc'
  | 'year-asc'
  | 'bedrooms-desc'
  | 'bedrooms-asc'
  | 'bathrooms-desc'
  | 'newest-listed'
  | 'hoa-asc';

export interface Criteria {
  saleType?: 'for_sale' | 'for_rent';
  /** The sale type was said ("rentals"), not read from a budget. */
  saleTypeSaid: boolean;
  /** Active unless the question asks for other statuses. */
  statuses: Listing['Status'][];
  statusesSaid: boolean;
  cities: string[];
  states: string[];
  zips: string[];
  /** Streets asked for ("on Dale Mabry"), by key (places.ts streetOf), and as the listings write them. */
  streets: string[];
  streetNames: string[];
  price?: Range;
  bedrooms?: Range;
  bathrooms?: Range;
  propertyTypes: string[];
  /** Building area, in square feet. */
  area?: Range;
  yearBuilt?: Range;
  tours: ('OpenHouse' | '3D')[];
  anyTour: boolean;
  minParking?: number;
  /** What is ruled out: "not condos", "except Denver". */
  exclude: Exclusions;
  /** What the listing fields do not hold: "a pool", "near a school" — looked for in the listings' words. */
  features: Feature[];
  sort?: SortKey;
  /** How many the question asks for: "the cheapest" is 1, "the 3 biggest" 3. */
  limit?: number;
  /** How many of that order come before the first asked for: "the second cheapest" 1, "the two biggest after the biggest one" 1. */
  rank?: number;
  /** Listings the question names by MLS number or address: answered whatever the other criteria. */
  named: Listing[];
  /** Places the question names that no listing is in ("homes in Boston"): nothing can match. */
  unknownPlaces: string[];
  /** Words read as others: ["austn", "austin"]. */
  corrections: [string, string][];
  /**
   * Words no dictionary knows that are as near two unlike words of the listings as each other
   * ("Dalas": Dallas or Dalles?), each with those words: a guess would change the search, so it is asked.
   */
  unsure: [string, string[]][];
  /** Something was asked of the listings (a criterion, or a word such as "homes"). */
  aboutListings: boolean;
}

export const emptyCriteria = (): Criteria => ({
  saleTypeSaid: false,
  statuses: ['Active'],
  statusesSaid: false,
  cities: [],
  states: [],
  zips: [],
  streets: [],
  streetNames: [],
  propertyTypes: [],
  tours: [],
  anyTour: false,
  exclude: noExclusions(),
  features: [],
  named: [],
  unknownPlaces: [],
  corrections: [],
  unsure: [],
  aboutListings: false,
});

/** The criteria that narrow a search (not the names, order or corrections). */
export function narrows(c: Criteria): boolean {
  return Boolean(
    c.saleType ||
    c.statusesSaid ||
    c.cities.length ||
    c.states.length ||
    c.zips.length ||
    c.streets.length ||
    c.unknownPlaces.length ||
    c.price ||
    c.bedrooms ||
    c.bathrooms ||
    c.propertyTypes.length ||
    c.area ||
    c.yearBuilt ||
    c.tours.length ||
    c.anyTour ||
    c.minParking !== undefined ||
    excludesAnything(c.exclude) ||
    c.features.length,
  );
}

/**
 * The earlier search changed by what a follow-up says: each thing the follow-up says replaces the
 * same thing of the search (a place replaces the places, a budget the budget), exclusions and
 * features add up, and what it does not say carries over. Another sale type drops a budget of the
 * one before.
 */
export function merge(earlier: Criteria, next: Criteria): Criteria {
  const c: Criteria = {
    ...earlier,
    named: next.named,
    corrections: next.corrections,
    unsure: next.unsure,
    aboutListings: true,
  };
  // A place replaces the places, a street included: "what about Denver?" is not on the street before.
  const place =
    next.cities.length || next.states.length || next.zips.length || next.unknownPlaces.length || next.streets.length;
  if (place)
    Object.assign(c, {
      cities: next.cities,
      states: next.states,
      zips: next.zips,
      unknownPlaces: next.unknownPlaces,
      streets: next.streets,
      streetNames: next.streetNames,
    });
  if (next.saleType) Object.assign(c, { saleType: next.saleType, saleTypeSaid: next.saleTypeSaid });
  // A budget for buying says nothing of a rent, and the other way round.
  if (next.saleType && earlier.saleType && next.saleType !== earlier.saleType && !next.price) delete c.price;
  if (next.statusesSaid) Object.assign(c, { statuses: next.statuses, statusesSaid: true });
  if (next.propertyTypes.length) c.propertyTypes = next.propertyTypes;
  for (const key of ['price', 'bedrooms', 'bathrooms', 'area', 'yearBuilt', 'minParking', 'sort', 'limit'] as const)
    if (next[key] !== undefined) (c as unknown as Record<string, unknown>)[key] = next[key];
  // An order said again says its own rank ("the cheapest", after "the second cheapest", is the first).
  if (next.sort !== undefined) c.rank = next.rank;
  if (next.tours.length || next.anyTour) Object.assign(c, { tours: next.tours, anyTour: next.anyTour });
  const x = earlier.exclude,
    y = next.exclude;
  const union = <T>(a: T[], b: T[]) => [...new Set([...a, ...b])];
  c.exclude = {
    // A place asked for again is no longer ruled out ("except Denver", then "what about Denver?").
    cities: union(x.cities, y.cities).filter((v) => !next.cities.includes(v)),
    states: union(x.states, y.states).filter((v) => !next.states.includes(v)),
    zips: union(x.zips, y.zips).filter((v) => !next.zips.includes(v)),
    propertyTypes: union(x.propertyTypes, y.propertyTypes).filter((v) => !next.propertyTypes.includes(v)),
    saleTypes: union(x.saleTypes, y.saleTypes).filter((v) => v !== next.saleType),
    statuses: union(x.statuses, y.statuses).filter((v) => !(next.statusesSaid && next.statuses.includes(v))),
    studios: x.studios || y.studios,
    hoa: x.hoa || y.hoa,
  };
  // Ruling out a place or kind that the search asked for takes it away ("rentals in Austin or Denver", then "not Denver").
  c.cities = c.cities.filter((v) => !c.exclude.cities.includes(v));
  c.propertyTypes = c.propertyTypes.filter((v) => !c.exclude.propertyTypes.includes(v));
  if (c.saleType && c.exclude.saleTypes.includes(c.saleType)) delete c.saleType;
  c.features = [
    ...earlier.features,
    ...next.features.filter((f) => !earlier.features.some((e) => e.terms.join() === f.terms.join())),
  ];
  return c;
}
