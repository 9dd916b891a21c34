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
import { CARDS_INFO, answerProse, blockLine } from './answer.ts';
import type { Listing } from './listing.ts';
import { AREA_UNITS, LISTING_STATUSES, SALE_TYPES, TOURS } from './rules.ts';

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
  return `\`\`\`${CARDS_INFO}\n${listings.map((l) => blockLine(listingCard(l))).join('\n')}\n\`\`\``;
}

/** "12 Oak St, Austin, TX 78701" — a listing's address as prose and cards show it; its MLS number when it has none. */
export function addressText(l: Pick<Listing, 'Address' | 'City' | 'State' | 'ZIP' | 'MLSNumber'>): string {
  const region = [l.State, l.ZIP].filter(Boolean).join(' ');
  return [l.Address, l.City, region].filter(Boolean).join(', ') || `MLS ${l.MLSNumber}`;
}

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
  const s = (k: string) => str(own(o, k)),
    n = (k: string) => num(own(o, k));
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

const BLOCKS = new RegExp(`(?:^|\\n)\`\`\`${CARDS_INFO}\\n([\\s\\S]*?)(?:\\n\`\`\`[ \\t]*(?=\\n|$)|$)`, 'g');

/** The cards of every listings block of an answer, in order (a line that is not a card is skipped). */
export const cardsOf = (text: string): ListingCard[] =>
  [...text.matchAll(BLOCKS)].flatMap((m) =>
    m[1]!
      .split('\n')
      .map(parseCard)
      .filter((c): c is ListingCard => c !== null),
  );

const money = (c: ListingCard) => {
  const amount = c.SaleType === 'for_rent' ? c.RentPrice : c.SalePrice;
  if (amount === null) return 'price on request';
  return `${c.CurrencySymbol}${Math.round(amount).toLocaleString('en-US')}${c.SaleType === 'for_rent' ? '/month' : ''}`;
};

/** A card as one line of text: "12 Oak St, Austin, TX 78701 — $489,000 · 3 bd · 2.5 ba · 1,850 sq ft — https://…". */
export const cardLine = (c: ListingCard): string =>
  `${addressText(c)} — ${money(c)} · ${c.Bedrooms ? `${c.Bedrooms} bd` : 'studio'} · ${c.Bathrooms} ba · ${c.BuildingArea.toLocaleString('en-US')} ${c.AreaUnit === 'Square Meters' ? 'm²' : 'sq ft'} — ${c.Url}`;

/**
 * An answer for a reader of words only (an email, a text-only client, a clipboard): its prose, then
 * the listings its cards show, a numbered line each — the prose sums them up, the cards carry them.
 */
export function answerText(text: string): string {
  const prose = answerProse(text);
  const cards = cardsOf(text);
  return cards.length ? `${prose}\n\n${cards.map((c, i) => `${i + 1}. ${cardLine(c)}`).join('\n')}` : prose;
}
