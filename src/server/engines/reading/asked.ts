/**
 * What a question searched for, kept with its answer for the console's insights: the cities and
 * kinds of home asked for, and the price as a band. Read from the engine's criteria, so both
 * engines count the same way.
 */
import { budgetMarket, type Criteria } from './criteria.ts';

/** What a question searched for: lower-case cities, property types, a price band. */
export interface Asked {
  cities: string[];
  propertyTypes: string[];
  priceBand?: string;
}

/** Band edges: monthly rents, and purchase prices. */
const RENT_BANDS = [1_000, 2_000, 3_000, 5_000];
const SALE_BANDS = [250_000, 500_000, 1_000_000, 2_000_000];

const short = (n: number) => (n >= 1_000_000 ? `${n / 1_000_000}m` : `${n / 1_000}k`);

/** "sale:250k-500k", "rent:under-1k", "sale:over-2m": the band a budget falls in (its maximum, else its minimum). */
export function priceBand(price: Criteria['price'], saleType: Criteria['saleType']): string | undefined {
  const value = price?.max ?? price?.min;
  if (value === undefined || !Number.isFinite(value) || value <= 0) return undefined;
  const market = (saleType ?? budgetMarket(price!)) === 'for_rent' ? 'rent' : 'sale';
  const edges = market === 'rent' ? RENT_BANDS : SALE_BANDS;
  const upper = edges.findIndex((edge) => value <= edge);
  if (upper === 0) return `${market}:under-${short(edges[0]!)}`;
  if (upper === -1) return `${market}:over-${short(edges[edges.length - 1]!)}`;
  return `${market}:${short(edges[upper - 1]!)}-${short(edges[upper]!)}`;
}

export function askedOf(c: Criteria | undefined): Asked | undefined {
  if (!c) return undefined;
  const band = priceBand(c.price, c.saleType);
  const asked: Asked = {
    cities: [...new Set(c.cities.map((city) => city.toLowerCase()))],
    propertyTypes: [...new Set(c.propertyTypes.map((type) => type.toLowerCase()))],
    ...(band ? { priceBand: band } : {}),
  };
  return asked.cities.length || asked.propertyTypes.length || asked.priceBand ? asked : undefined;
}
