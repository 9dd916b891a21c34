/** Which listings meet a question's criteria, best first. */
import type { Listing } from '../../protocol/index.ts';
import { SQFT_PER_SQM, type Criteria } from './query.ts';

const within = (value: number | null, range?: { min?: number; max?: number }) =>
  !range || (value !== null && (range.min === undefined || value >= range.min) && (range.max === undefined || value <= range.max));

/** What a listing costs: monthly rent for rentals, the sale price otherwise. */
export const priceOf = (l: Listing): number | null => (l.SaleType === 'for_rent' ? l.RentPrice : l.SalePrice);

export const squareFeet = (l: Listing): number => (l.AreaUnit === 'Square Meters' ? l.BuildingArea * SQFT_PER_SQM : l.BuildingArea);

export function meets(l: Listing, c: Criteria): boolean {
  return (
    (!c.saleType || l.SaleType === c.saleType) &&
    c.statuses.includes(l.Status) &&
    (!c.cities.length || c.cities.some((x) => x.toLowerCase() === l.City.toLowerCase())) &&
    (!c.states.length || c.states.includes(l.State.toUpperCase())) &&
    (!c.zips.length || c.zips.includes(l.ZIP)) &&
    (!c.propertyTypes.length || c.propertyTypes.includes(l.PropertyType)) &&
    within(priceOf(l), c.price) &&
    within(l.Bedrooms, c.bedrooms) &&
    within(l.Bathrooms, c.bathrooms) &&
    within(squareFeet(l), c.area) &&
    within(l.YearBuilt, c.yearBuilt) &&
    (!c.tours.length || (l.Tours !== '' && c.tours.includes(l.Tours))) &&
    (!c.anyTour || l.Tours !== '') &&
    (c.minParking === undefined || l.ParkingSpots >= c.minParking)
  );
}

/** The listings a question is about: those it names, or those that meet its criteria. */
export function matching(listings: Listing[], c: Criteria): Listing[] {
  if (c.named.length) return c.named;
  if (c.unknownPlaces.length) return [];
  // Homes for sale before rentals (a monthly rent is not comparable with a price), each cheapest first.
  return listings
    .filter((l) => meets(l, c))
    .sort((a, b) => Number(a.SaleType === 'for_rent') - Number(b.SaleType === 'for_rent') || (priceOf(a) ?? Infinity) - (priceOf(b) ?? Infinity) || a.MLSNumber.localeCompare(b.MLSNumber));
}
