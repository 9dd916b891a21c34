/**
 * Near misses: when no listing meets a search, the few that come closest — a price a little past
 * the budget, a bedroom fewer, a home coming soon, a little less area or a few years older — each
 * with what it misses by, so an answer can offer them instead of a dead end. When nothing is that
 * close, a wider look: further off, and of a kind close to the one asked for (a townhouse for a condo).
 */
import type { Listing } from '../../../protocol/index.ts';
import type { Criteria } from '../reading/criteria.ts';
import type { Catalog } from './catalog.ts';
import { priceOf, squareFeet } from './match.ts';

/** What a near miss misses a search by (`share`: how far, 0.05 is 5 %). */
export type Miss =
  | { what: 'over budget' | 'under minimum'; price: number; symbol: string; rent: boolean; share: number }
  | { what: 'fewer bedrooms' | 'more bedrooms'; bedrooms: number; by: number }
  | { what: 'fewer bathrooms'; bathrooms: number }
  | { what: 'smaller'; squareFeet: number; share: number }
  | { what: 'older' | 'newer'; year: number }
  | { what: 'coming soon' }
  | { what: 'kind'; is: string; asked: string[] };

export interface NearMiss {
  listing: Listing;
  /** What it misses by, as an answer says it (writing/): "$612,000 — 2% over the budget", "2 bedrooms — one fewer than asked", "coming soon". */
  misses: Miss[];
}

/**
 * How far a near miss may be off, tier by tier as people relax a search: first the kind and rooms
 * asked for, a price up to ~10 % past the budget (or a little less area, a few years older, coming
 * soon); then a kind close to the one asked for with the rooms asked for (at most a little over the
 * budget besides), or a bedroom fewer; then — when nothing is that close — further: up to a
 * quarter over the budget, or two bedrooms fewer while 60 % of those asked for remain — one
 * thing that far, and one other at most as far as the second tier goes (another kind still only
 * as in the second tier).
 */
const TIERS = [
  { slack: 0.1, rooms: 0, years: 5, relatedKinds: false, misses: 2, far: 0 },
  { slack: 0.1, rooms: 1, years: 5, relatedKinds: true, misses: 2, far: 0 },
  { slack: 0.25, rooms: 2, years: 15, relatedKinds: true, misses: 2, far: 1 },
] as const;
type Tier = (typeof TIERS)[number];

/** Kinds a visitor looking for one may take instead: a condo or an apartment for a townhouse, a townhouse for a house. */
const RELATED: Record<string, string[]> = {
  condo: ['townhouse', 'townhome', 'apartment'],
  apartment: ['condo', 'townhouse'],
  townhouse: ['condo', 'single family', 'single-family'],
  townhome: ['condo', 'single family', 'single-family'],
  'single family': ['townhouse', 'townhome', 'multi-family', 'multi family'],
  'single-family': ['townhouse', 'townhome', 'multi-family', 'multi family'],
  'multi-family': ['single family', 'single-family', 'townhouse'],
  'multi family': ['single family', 'single-family', 'townhouse'],
};

/** The kinds of the listings (`types`) asked for or related to one asked for. */
function kindsNear(asked: string[], types: readonly string[]): string[] {
  const wanted = new Set(asked.flatMap((t) => [t.toLowerCase(), ...(RELATED[t.toLowerCase()] ?? [])]));
  return types.filter((t) => wanted.has(t.toLowerCase()));
}
/**
 * How many bedrooms fewer than `asked` a tier may offer: one always, more only while 60 % of those
 * asked for remain — a 3-bedroom home is near a search for five, a 2-bedroom one is not near four.
 */
const fewerBedrooms = (asked: number, rooms: number) => Math.min(rooms, Math.max(1, Math.floor(asked * 0.4)));

/** The search with each thing a near miss may miss widened; what was said of place and sale type stays. */
function widened(c: Criteria, tier: Tier, types: readonly string[]): Criteria {
  const { slack, rooms, years } = tier;
  const w: Criteria = { ...c, named: [], limit: undefined, sort: undefined };
  if (c.price)
    w.price = {
      min: c.price.min === undefined ? undefined : c.price.min * (1 - slack),
      max: c.price.max === undefined ? undefined : c.price.max * (1 + slack),
    };
  if (c.bedrooms)
    w.bedrooms = {
      min:
        c.bedrooms.min === undefined ? undefined : Math.max(0, c.bedrooms.min - fewerBedrooms(c.bedrooms.min, rooms)),
      max: c.bedrooms.max === undefined ? undefined : c.bedrooms.max + rooms,
    };
  if (c.bathrooms?.min !== undefined) w.bathrooms = { ...c.bathrooms, min: Math.max(1, c.bathrooms.min - 1) };
  if (c.area?.min !== undefined) w.area = { ...c.area, min: c.area.min * (1 - slack) };
  if (c.yearBuilt)
    w.yearBuilt = {
      min: c.yearBuilt.min === undefined ? undefined : c.yearBuilt.min - years,
      max: c.yearBuilt.max === undefined ? undefined : c.yearBuilt.max + years,
    };
  if (!c.statusesSaid) w.statuses = ['Active', 'PreOnMarket'];
  if (tier.relatedKinds && c.propertyTypes.length) w.propertyTypes = kindsNear(c.propertyTypes, types);
  return w;
}

type Measured = {
  what: 'price' | 'bedrooms' | 'bathrooms' | 'area' | 'year' | 'status' | 'kind';
  said: Miss;
  distance: number;
};

/** What `l` misses `c` by, each with a measure of how far (for ranking). */
function missesOf(l: Listing, c: Criteria): Measured[] {
  const out: Measured[] = [];
  const price = priceOf(l);
  const [symbol, rent] = [l.CurrencySymbol, l.SaleType === 'for_rent'];
  if (c.price && price !== null) {
    if (c.price.max !== undefined && price > c.price.max) {
      const share = price / c.price.max - 1;
      out.push({ what: 'price', said: { what: 'over budget', price, symbol, rent, share }, distance: share });
    } else if (c.price.min !== undefined && price < c.price.min) {
      const share = 1 - price / c.price.min;
      out.push({ what: 'price', said: { what: 'under minimum', price, symbol, rent, share }, distance: share });
    }
  }
  const bedrooms = l.Bedrooms;
  if (c.bedrooms?.min !== undefined && bedrooms < c.bedrooms.min) {
    const by = c.bedrooms.min - bedrooms;
    out.push({ what: 'bedrooms', said: { what: 'fewer bedrooms', bedrooms, by }, distance: 0.15 * by });
  }
  if (c.bedrooms?.max !== undefined && bedrooms > c.bedrooms.max) {
    const by = bedrooms - c.bedrooms.max;
    out.push({ what: 'bedrooms', said: { what: 'more bedrooms', bedrooms, by }, distance: 0.1 * by });
  }
  if (c.bathrooms?.min !== undefined && l.Bathrooms < c.bathrooms.min)
    out.push({ what: 'bathrooms', said: { what: 'fewer bathrooms', bathrooms: l.Bathrooms }, distance: 0.15 });
  if (c.area?.min !== undefined && squareFeet(l) < c.area.min) {
    const share = 1 - squareFeet(l) / c.area.min;
    out.push({ what: 'area', said: { what: 'smaller', squareFeet: squareFeet(l), share }, distance: share });
  }
  if (c.yearBuilt?.min !== undefined && l.YearBuilt < c.yearBuilt.min)
    out.push({
      what: 'year',
      said: { what: 'older', year: l.YearBuilt },
      distance: (c.yearBuilt.min - l.YearBuilt) / 50,
    });
  if (c.yearBuilt?.max !== undefined && l.YearBuilt > c.yearBuilt.max)
    out.push({
      what: 'year',
      said: { what: 'newer', year: l.YearBuilt },
      distance: (l.YearBuilt - c.yearBuilt.max) / 50,
    });
  if (!c.statuses.includes(l.Status)) out.push({ what: 'status', said: { what: 'coming soon' }, distance: 0.05 });
  if (c.propertyTypes.length && !c.propertyTypes.includes(l.PropertyType))
    // Another kind with the rooms asked for comes before a bedroom fewer of the kind asked for;
    // a price up to ~10 % over the budget, before either (how people relax a search).
    out.push({
      what: 'kind',
      said: { what: 'kind', is: l.PropertyType, asked: c.propertyTypes },
      distance: 0.12,
    });
  return out;
}

/** A miss past what the second tier allows: over the budget by more than 10 %, two bedrooms fewer, more than 5 years off. */
const far = (m: Measured) =>
  m.what === 'price' || m.what === 'area'
    ? m.distance > TIERS[1].slack
    : m.what === 'bedrooms'
      ? m.distance > 0.15 * TIERS[1].rooms
      : m.what === 'year' && m.distance > TIERS[1].years / 50;

/** At most this many listings a tier widens the search to are weighed: the first in the default order (sale first, cheapest first). */
const CANDIDATES = 5_000;

/**
 * Up to `max` listings closest to a search none meets, fewest misses first: among those missing by
 * the fewest things, the closest of each kind of miss (over the budget, a bedroom fewer, coming
 * soon…) before a second of any kind, so the visitor sees each way the search could give.
 */
export async function nearMisses(catalog: Catalog, c: Criteria, max = 3): Promise<NearMiss[]> {
  for (const tier of TIERS) {
    const all = (await catalog.candidates(widened(c, tier, catalog.vocabulary.types), CANDIDATES))
      .map((l) => ({ listing: l, misses: missesOf(l, c) }))
      .filter((n) => n.misses.length > 0 && n.misses.length <= tier.misses && n.misses.filter(far).length <= tier.far)
      // Another kind is taken as it is: with the rooms asked for, at most a little (10 %) over the budget.
      .filter(
        (n) =>
          !n.misses.some((m) => m.what === 'kind') ||
          n.misses.every((m) => m.what === 'kind' || (m.what === 'price' && m.distance <= TIERS[0].slack)),
      )
      .map((n) => ({ ...n, distance: n.misses.reduce((d, m) => d + m.distance, 0) + 0.1 * (n.misses.length - 1) }))
      .sort((a, b) => a.misses.length - b.misses.length || a.distance - b.distance);
    if (!all.length) continue;
    const kind = (n: { misses: Measured[] }) => n.misses.map((m) => m.what).join();
    const fewest = all.filter((n) => n.misses.length === all[0]!.misses.length);
    const firsts = fewest.filter((n, i) => fewest.findIndex((m) => kind(m) === kind(n)) === i);
    return [...new Set([...firsts, ...all])]
      .slice(0, max)
      .map(({ listing, misses }) => ({ listing, misses: misses.map((m) => m.said) }));
  }
  return [];
}
