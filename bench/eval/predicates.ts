/**
 * The vocabulary the question sets are written in: predicates over listing fields ("on the market,
 * for rent, in Austin, at most $2,000"), the orders a list can be asked in (score.ts sorts by the
 * same keys), the expectations built from them, and what an answer about one listing must say.
 * Nothing here comes from the engines: it reads the Listing fields as a person would.
 */
import type { Listing } from '../../src/protocol/index.ts';
import type { Expectation, Order } from './types.ts';

export type P = (l: Listing) => boolean;

// —— predicates over the listing fields ——

export const and =
  (...ps: P[]): P =>
  (l) =>
    ps.every((p) => p(l));
export const or =
  (...ps: P[]): P =>
  (l) =>
    ps.some((p) => p(l));
export const not =
  (p: P): P =>
  (l) =>
    !p(l);

export const forSale: P = (l) => l.SaleType === 'for_sale';
export const forRent: P = (l) => l.SaleType === 'for_rent';
export const active: P = (l) => l.Status === 'Active';
export const comingSoon: P = (l) => l.Status === 'PreOnMarket';
export const sold: P = (l) => l.Status === 'Sold';

export const inCity =
  (...cities: string[]): P =>
  (l) =>
    cities.includes(l.City);
export const ofType =
  (...types: string[]): P =>
  (l) =>
    types.includes(l.PropertyType);
export const house = ofType('Single Family');
export const condo = ofType('Condo');
export const townhouse = ofType('Townhouse');
export const apartment = ofType('Apartment');
export const multiFamily = ofType('Multi-Family');

export const beds =
  (n: number): P =>
  (l) =>
    l.Bedrooms === n;
export const bedsAtLeast =
  (n: number): P =>
  (l) =>
    l.Bedrooms >= n;
export const bedsBetween =
  (lo: number, hi: number): P =>
  (l) =>
    l.Bedrooms >= lo && l.Bedrooms <= hi;
export const bathsAtLeast =
  (n: number): P =>
  (l) =>
    l.Bathrooms >= n;

/** The price a visitor pays: the sale price, or the monthly rent of a rental. */
export const price = (l: Listing) => (l.SaleType === 'for_rent' ? l.RentPrice : l.SalePrice);
export const priceAtMost =
  (n: number): P =>
  (l) =>
    (price(l) ?? Infinity) <= n;
export const priceAtLeast =
  (n: number): P =>
  (l) =>
    (price(l) ?? -Infinity) >= n;
export const priceBetween = (lo: number, hi: number): P => and(priceAtLeast(lo), priceAtMost(hi));

export const SQFT_PER_SQM = 10.7639;
export const sqft = (l: Listing) => (l.AreaUnit === 'Square Meters' ? l.BuildingArea * SQFT_PER_SQM : l.BuildingArea);
export const sqftAtLeast =
  (n: number): P =>
  (l) =>
    sqft(l) >= n;
export const sqftAtMost =
  (n: number): P =>
  (l) =>
    sqft(l) <= n;
export const builtAfter =
  (y: number): P =>
  (l) =>
    l.YearBuilt > y;
export const builtBefore =
  (y: number): P =>
  (l) =>
    l.YearBuilt < y;
export const parkingAtLeast =
  (n: number): P =>
  (l) =>
    l.ParkingSpots >= n;
export const tour3d: P = (l) => l.Tours === '3D';

/** A search with no status said: what is on the market now. */
export const onMarket = (...ps: P[]): P => and(active, ...ps);
/** What a near miss may be: a relaxation, so a coming-soon home too (labelled as such), never a sold one. */
export const offerable = (...ps: P[]): P => and(not(sold), ...ps);

// —— orders (what score.ts sorts by: ties compare equal, and a stable sort keeps the listings' order) ——

export const ORDER_KEY: Record<Order, (l: Listing) => number[]> = {
  default: (l) => [forRent(l) ? 1 : 0, price(l) ?? Infinity],
  'price-desc': (l) => [forRent(l) ? 1 : 0, -(price(l) ?? -Infinity)],
  'area-desc': (l) => [-sqft(l)],
  'area-asc': (l) => [sqft(l)],
  'year-desc': (l) => [-l.YearBuilt],
  'year-asc': (l) => [l.YearBuilt],
  'bedrooms-desc': (l) => [-l.Bedrooms],
  'newest-listed': (l) => [l.DaysOnMarket],
};
export const compareKeys = (a: number[], b: number[]) => a.reduce((d, x, i) => d || x - b[i]!, 0);
export const ranked = (all: Listing[], match: P, order: Order = 'default') =>
  all.filter(match).sort((a, b) => compareKeys(ORDER_KEY[order](a), ORDER_KEY[order](b)));

// —— expectations ——

export const list = (match: P, order?: Order, limit?: number): Expectation => ({
  kind: 'list',
  match,
  ...(order ? { order } : {}),
  ...(limit !== undefined ? { limit } : {}),
});
/** The listings at these positions (0-based) of the search `match` in `order`. */
export const at = (match: P, order: Order, ...positions: number[]): Expectation => ({
  kind: 'these',
  pick: (all) => {
    const r = ranked(all, match, order);
    return positions.map((i) => r[i]!);
  },
});
/** The first n of the search: a superlative. */
export const top = (match: P, order: Order, n = 1): Expectation =>
  at(match, order, ...Array.from({ length: n }, (_, i) => i));
/** The last card shown for a search (the 5th, or the last of fewer). */
export const lastShown = (all: Listing[], match: P, order: Order = 'default') => {
  const r = ranked(all, match, order);
  return r[Math.min(r.length, 5) - 1]!;
};
/** The last card shown for a search, as a position. */
export const lastShownIndex = (all: Listing[], match: P, order: Order = 'default') =>
  Math.min(ranked(all, match, order).length, 5) - 1;
export const factAt = (
  match: P,
  order: Order,
  i: number | ((all: Listing[]) => number),
  says: (l: Listing) => (string | RegExp)[],
): Expectation => ({
  kind: 'fact',
  pick: (all) => ranked(all, match, order)[typeof i === 'number' ? i : i(all)]!,
  says,
});
export const factOf = (pick: (all: Listing[]) => Listing, says: (l: Listing) => (string | RegExp)[]): Expectation => ({
  kind: 'fact',
  pick,
  says,
});
export const byMls = (mls: string) => (all: Listing[]) => all.find((l) => l.MLSNumber === mls)!;
export const byAddress = (address: string) => (all: Listing[]) => all.find((l) => l.Address === address)!;
export const near = (exact: P, nearBy: P): Expectation => ({ kind: 'near', exact, near: nearBy });
export const cantTell = (term: string, match: P): Expectation => ({ kind: 'cant-tell', term, match });
export const mentions = (term: RegExp, match: P): Expectation => ({ kind: 'mentions', term, match });
export const noSearch = (noAnswer: boolean, says?: RegExp): Expectation => ({
  kind: 'no-search',
  noAnswer,
  ...(says ? { says } : {}),
});
export const person: Expectation = { kind: 'person' };
/**
 * A viewing of the picked home offered as free slots: `day` the ISO weekday asked (Monday 1) or
 * "tomorrow", `time` the time asked ("11:00") or a part of the day (AFTERNOON).
 */
export const viewing = (
  pick: (all: Listing[]) => Listing,
  day?: number | 'tomorrow',
  time?: string | readonly [string, string],
): Expectation => ({
  kind: 'viewing',
  pick,
  ...(day !== undefined ? { day } : {}),
  ...(time !== undefined ? { time } : {}),
});
/** The ISO weekdays a question names. */
export const MONDAY = 1;
export const TUESDAY = 2;
export const WEDNESDAY = 3;
export const THURSDAY = 4;
export const FRIDAY = 5;
export const SATURDAY = 6;
export const SUNDAY = 7;
/** Parts of the day as a visitor means them: the times a slot may start at, [from, to). */
export const MORNING = ['00:00', '12:00'] as const;
export const AFTERNOON = ['12:00', '17:00'] as const;
export const payment = (
  principal: number | ((all: Listing[]) => number),
  ratePct: number,
  years: number,
  pick?: (all: Listing[]) => Listing,
): Expectation => ({
  kind: 'payment',
  principal,
  ratePct,
  years,
  ...(pick ? { pick } : {}),
});

/**
 * Principal and interest a month, by the standard amortisation formula M = P·r / (1 − (1 + r)^−n),
 * r the monthly rate and n the months (no interest: P / n). Checked in test/server/engines/answer/eval.test.ts
 * against published figures.
 */
export function monthlyPayment(principal: number, ratePct: number, years: number): number {
  const r = ratePct / 100 / 12;
  const n = years * 12;
  return r === 0 ? principal / n : (principal * r) / (1 - (1 + r) ** -n);
}

// —— what an answer about one listing says ——

export const money = (n: number | null) => `$${(n ?? 0).toLocaleString('en-US')}`;
export const saysPrice = (l: Listing) => money(price(l));
export const saysHoa = (l: Listing) => money(l.HOAMonth);
export const saysArea = (l: Listing) =>
  new RegExp(`\\b${Math.round(sqft(l)).toLocaleString('en-US').replace(',', ',?')}\\b`);
export const saysYear = (l: Listing) => String(l.YearBuilt);
export const saysBaths = (l: Listing) =>
  new RegExp(`\\b${String(l.Bathrooms).replace('.', '\\.')}\\s*(?:full\\s+)?(?:bath|ba\\b)`);
export const saysBeds = (l: Listing) => new RegExp(`\\b${l.Bedrooms}\\s*(?:-\\s*)?(?:bed|br\\b|bd\\b)`);
export const saysParking = (l: Listing) =>
  l.ParkingSpots === 0
    ? /\b(?:no|0|zero)\b[^.]*park|park[^.]*\b(?:none|0)\b/
    : new RegExp(`\\b${l.ParkingSpots}\\b[^.]*park|park[^.]*\\b${l.ParkingSpots}\\b`);

// —— what an answer in any language says (issue 43): figures as each language writes them ——

/** `n` as any language groups its thousands: 489,000 · 489.000 · 489 000 (a space, or a narrow no-break one). */
export const figure = (n: number) =>
  new RegExp(
    `(?<![\\d.,])${Math.round(n).toLocaleString('en-US').split(',').join('[,.\\s\\u00a0\\u202f]?')}(?![\\d]|[.,]\\d)`,
  );
/** The listing's price (sale price, or monthly rent) as a figure in any language's grouping. */
export const saysPriceAnyLanguage = (l: Listing) => figure(price(l) ?? 0);
/** The listing's bedrooms as a number followed, within a word or two, by any language's word for them. */
export const saysBedsAnyLanguage = (l: Listing) =>
  new RegExp(
    `\\b${l.Bedrooms}\\s*(?:-\\s*)?(?:bed|br\\b|bd\\b|rec[áa]mara|habitaci[óo]n|dormitorio|cuarto|chambre|pi[èe]ce|zimmer|schlafzimmer|quarto|غرف|卧室)`,
    'i',
  );
