/** Which listings meet a search, in the order asked for — and, when none does, which come closest. */
import type { Listing } from '../../../protocol/index.ts';
import type { Criteria, Range, SortKey } from '../reading/criteria.ts';
import { mentioning, type Feature } from '../reading/features.ts';
import { streetKeyOf } from '../reading/places.ts';
import { SQFT_PER_SQM } from '../reading/ranges.ts';

const within = (value: number | null, range?: Range) =>
  !range ||
  (value !== null &&
    (range.min === undefined || value >= range.min) &&
    (range.max === undefined || value <= range.max));

/** What a listing costs: monthly rent for rentals, the sale price otherwise. */
export const priceOf = (l: Pick<Listing, 'SaleType' | 'RentPrice' | 'SalePrice'>): number | null =>
  l.SaleType === 'for_rent' ? l.RentPrice : l.SalePrice;

export const squareFeet = (l: Pick<Listing, 'AreaUnit' | 'BuildingArea'>): number =>
  l.AreaUnit === 'Square Meters' ? l.BuildingArea * SQFT_PER_SQM : l.BuildingArea;

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Whether the listing meets the criteria the listing fields answer (features are matched apart: see matching). */
export function meets(l: Listing, c: Criteria): boolean {
  const x = c.exclude;
  return (
    (!c.saleType || l.SaleType === c.saleType) &&
    c.statuses.includes(l.Status) &&
    (!c.cities.length || c.cities.some((city) => same(city, l.City))) &&
    (!c.states.length || c.states.includes(l.State.toUpperCase())) &&
    (!c.zips.length || c.zips.includes(l.ZIP)) &&
    (!c.streets.length || c.streets.includes(streetKeyOf(l))) &&
    (!c.propertyTypes.length || c.propertyTypes.includes(l.PropertyType)) &&
    within(priceOf(l), c.price) &&
    within(l.Bedrooms, c.bedrooms) &&
    within(l.Bathrooms, c.bathrooms) &&
    within(squareFeet(l), c.area) &&
    within(l.YearBuilt, c.yearBuilt) &&
    (!c.tours.length || (l.Tours !== '' && c.tours.includes(l.Tours))) &&
    (!c.anyTour || l.Tours !== '') &&
    (c.minParking === undefined || l.ParkingSpots >= c.minParking) &&
    !x.cities.some((city) => same(city, l.City)) &&
    !x.states.includes(l.State.toUpperCase()) &&
    !x.zips.includes(l.ZIP) &&
    !x.propertyTypes.includes(l.PropertyType) &&
    !x.saleTypes.includes(l.SaleType) &&
    !x.statuses.includes(l.Status) &&
    !(x.studios && l.Bedrooms === 0) &&
    !(x.hoa && (l.HOAMonth ?? 0) > 0)
  );
}

/** Homes for sale before rentals (a monthly rent is not comparable with a price), each cheapest first. */
const byDefault = (a: Listing, b: Listing) =>
  Number(a.SaleType === 'for_rent') - Number(b.SaleType === 'for_rent') ||
  (priceOf(a) ?? Infinity) - (priceOf(b) ?? Infinity) ||
  // By code unit, as the database's search orders them (collate "C"): the same order whatever the locale.
  (a.MLSNumber < b.MLSNumber ? -1 : a.MLSNumber > b.MLSNumber ? 1 : 0);

const KEYS: Record<SortKey, (l: Listing) => number> = {
  'price-asc': (l) => priceOf(l) ?? Infinity,
  'price-desc': (l) => -(priceOf(l) ?? -Infinity),
  'area-desc': (l) => -squareFeet(l),
  'area-asc': (l) => squareFeet(l),
  'year-desc': (l) => -l.YearBuilt,
  'year-asc': (l) => l.YearBuilt,
  'bedrooms-desc': (l) => -l.Bedrooms,
  'bedrooms-asc': (l) => l.Bedrooms,
  'bathrooms-desc': (l) => -l.Bathrooms,
  'newest-listed': (l) => l.DaysOnMarket,
  'hoa-asc': (l) => l.HOAMonth ?? 0,
};

/** Listings in the order asked for; by price, homes for sale and rentals each in their own run. */
export function ordered(listings: Listing[], sort?: SortKey): Listing[] {
  if (!sort) return [...listings].sort(byDefault);
  const key = KEYS[sort];
  const byPrice = sort === 'price-asc' || sort === 'price-desc';
  return [...listings].sort(
    (a, b) =>
      (byPrice ? Number(a.SaleType === 'for_rent') - Number(b.SaleType === 'for_rent') : 0) ||
      key(a) - key(b) ||
      byDefault(a, b),
  );
}

/** A search's outcome: every listing that meets it, in order, and how its features fared. */
export interface Found {
  listings: Listing[];
  /** Features some listing mentions (the search kept to those), and features none mentions (set aside, to be said). */
  mentioned: Feature[];
  unknown: Feature[];
}

/** The listings a search is about: those it names, or those that meet it, in the order it asks for. */
export function search(listings: Listing[], c: Criteria): Found {
  if (c.named.length) return { listings: c.named, mentioned: [], unknown: [] };
  if (c.unknownPlaces.length) return { listings: [], mentioned: [], unknown: [] };
  let found = listings.filter((l) => meets(l, c));
  const mentioned: Feature[] = [],
    unknown: Feature[] = [];
  for (const f of c.features) {
    // A feature the chatbot's listings never mention cannot be checked; one they do mention narrows the search.
    if (!mentioning(listings, f).length) unknown.push(f);
    else {
      mentioned.push(f);
      found = mentioning(found, f);
    }
  }
  return { listings: ordered(found, c.sort), mentioned, unknown };
}

/** The listings that meet a search, in order (the names a question gives come first). */
export const matching = (listings: Listing[], c: Criteria): Listing[] => search(listings, c).listings;
