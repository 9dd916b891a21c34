/**
 * Reading listing cards (src/protocol/cards.ts) from an answer's `listings` block, for clients that
 * show them: the widget's cards, or your own.
 */
import type { ListingCard } from '../protocol/cards.ts';
import { AREA_UNITS, LISTING_STATUSES, SALE_TYPES, TOURS } from '../protocol/rules.ts';

export { addressText } from '../protocol/cards.ts';

const own = (o: object, k: string): unknown => (Object.hasOwn(o, k) ? (o as Record<string, unknown>)[k] : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const among = <T extends string>(v: unknown, values: readonly T[]): T | '' => (values.includes(v as T) ? (v as T) : '');

/**
 * One line of a listings block as a card, or null when it is not one (not JSON, not an object, no
 * Id or Url). Reads own properties only, keeps only the card's fields, and makes every other one
 * the right type ('' or null when it is not): the page's prototypes and the line's extras never show.
 */
export function parseCard(line: string): ListingCard | null {
  let o: unknown;
  try {
    o = JSON.parse(line);
  } catch {
    return null;
  }
  if (!o || typeof o !== 'object' || Array.isArray(o)) return null;
  const s = (k: string) => str(own(o, k)), n = (k: string) => num(own(o, k));
  const images = own(o, 'Images');
  const card: ListingCard = {
    Id: s('Id'),
    Url: s('Url'),
    MLSNumber: s('MLSNumber'),
    SaleType: among(own(o, 'SaleType'), SALE_TYPES) || 'for_sale',
    Status: among(own(o, 'Status'), LISTING_STATUSES) || 'Active',
    PropertyType: s('PropertyType'),
    CurrencySymbol: s('CurrencySymbol'),
    SalePrice: n('SalePrice'),
    RentPrice: n('RentPrice'),
    Bedrooms: n('Bedrooms') ?? 0,
    Bathrooms: n('Bathrooms') ?? 0,
    BuildingArea: n('BuildingArea') ?? 0,
    AreaUnit: among(own(o, 'AreaUnit'), AREA_UNITS) || 'Square Feet',
    Address: s('Address'),
    City: s('City'),
    State: s('State'),
    ZIP: s('ZIP'),
    Tours: among(own(o, 'Tours'), TOURS),
    Images: Array.isArray(images) && typeof images[0] === 'string' ? [images[0]] : [],
  };
  return card.Id && card.Url ? card : null;
}
