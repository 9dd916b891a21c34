/**
 * Listing cards [ext]: how an answer carries the listings it names, as data, inside its Markdown.
 *
 * After the prose, an answer may hold one fenced code block whose info string is `listings`:
 *
 *     ```listings
 *     {"Id":"0192…","Url":"https://…","SaleType":"for_sale",…}
 *     {"Id":"0193…",…}
 *     ```
 *
 * Each line between the fences is one JSON object (JSON.stringify: never a raw line break inside),
 * a listing card: the fields below, with the names and meanings of the Listing object of
 * RealEstateGet (API.md §3.6), as stored when the answer was written. `Images` holds at most the
 * first image. A reader ignores fields it does not know and takes a missing one as empty.
 *
 * The prose before the block names every listing with its price and a link to its Url, so a client
 * that shows the block as code, or hides it, loses nothing. A line starts with `{`, so no value can
 * close the fence early.
 */
import type { Listing } from './listing.ts';

/** The fenced block's info string. */
export const CARDS_INFO = 'listings';

/** The fields a card carries. */
export const CARD_FIELDS = [
  'Id',
  'Url',
  'MLSNumber',
  'SaleType',
  'Status',
  'PropertyType',
  'CurrencySymbol',
  'SalePrice',
  'RentPrice',
  'Bedrooms',
  'Bathrooms',
  'BuildingArea',
  'AreaUnit',
  'Address',
  'City',
  'State',
  'ZIP',
  'Tours',
  'Images',
] as const satisfies readonly (keyof Listing)[];

export type ListingCard = Pick<Listing, (typeof CARD_FIELDS)[number]>;

/** A listing as a card: its card fields, and only its first image. */
export function listingCard(l: Listing): ListingCard {
  const card = {} as Record<string, unknown>;
  for (const field of CARD_FIELDS) card[field] = field === 'Images' ? l.Images.slice(0, 1) : l[field];
  return card as ListingCard;
}

/** The fenced block for these listings ('' for none), without blank lines around it. */
export function cardsBlock(listings: readonly Listing[]): string {
  if (!listings.length) return '';
  // U+2028/U+2029 escaped: JSON either way, and a reader that takes them for line breaks still sees one line per card.
  const line = (l: Listing) => JSON.stringify(listingCard(l)).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
  return `\`\`\`${CARDS_INFO}\n${listings.map(line).join('\n')}\n\`\`\``;
}

/** A listings block, from its opening fence to its closing one (or the end, when it was cut off). */
const BLOCK = new RegExp(`(?:^|\\n+)\`\`\`${CARDS_INFO}\\n[\\s\\S]*?(?:\\n\`\`\`[ \\t]*(?=\\n|$)|$)`, 'g');

/** The text without its listings blocks (for a reader of the prose: a model's history, an email). */
export const withoutCards = (text: string): string => text.replace(BLOCK, '').trim();

/** "12 Oak St, Austin, TX 78701" — a listing's address as prose and cards show it; its MLS number when it has none. */
export function addressText(l: Pick<Listing, 'Address' | 'City' | 'State' | 'ZIP' | 'MLSNumber'>): string {
  const region = [l.State, l.ZIP].filter(Boolean).join(' ');
  return [l.Address, l.City, region].filter(Boolean).join(', ') || `MLS ${l.MLSNumber}`;
}
