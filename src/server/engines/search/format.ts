/** Listings as Markdown: escaped text, safe link targets, prices with the listing's currency. */
import { addressText, type Listing, type ListingCard } from '../../../protocol/index.ts';
import { priceOf } from './match.ts';

/**
 * Owner-written text made inert as Markdown: what can open inline syntax or HTML is escaped, and
 * so is a block marker at its start ("# ", "- ", "1. "). Plain readers see it almost unchanged.
 */
export function md(text: string): string {
  const inline = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`);
  if (/^\d+[.)]/.test(inline)) return inline.replace(/^(\d+)([.)])/, '$1\\$2');
  return /^[#>+=-]/.test(inline) ? `\\${inline}` : inline;
}

/** A URL as a Markdown link destination (the schemas already allow only http(s)). */
export const mdUrl = (url: string) =>
  `<${encodeURI(decodeURIComponentSafe(url)).replace(/[<>]/g, encodeURIComponent)}>`;

function decodeURIComponentSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

// One formatter each, made once: toLocaleString with options makes a new one on every call.
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat('en-US');
/** A count or measure as written in an answer: "1,850", "2.5". */
export const number = (n: number) => NUMBER.format(n);
/** "1 bedroom", "2.5 bathrooms", "1,200 homes". */
export const plural = (n: number, word: string) => `${number(n)} ${word}${n === 1 ? '' : 's'}`;
export const money = (amount: number, symbol: string) => `${symbol}${WHOLE.format(Math.round(amount))}`;

export function priceText(l: ListingCard): string {
  const price = priceOf(l);
  if (price === null) return 'price on request';
  return l.SaleType === 'for_rent' ? `${money(price, l.CurrencySymbol)}/month` : money(price, l.CurrencySymbol);
}

export const areaText = (l: Pick<Listing, 'BuildingArea' | 'AreaUnit'>) =>
  `${number(l.BuildingArea)} ${l.AreaUnit === 'Square Meters' ? 'm²' : 'sq ft'}`;

const bedsBaths = (l: Pick<Listing, 'Bedrooms' | 'Bathrooms'>) =>
  `${l.Bedrooms === 0 ? 'studio' : `${l.Bedrooms} bd`} · ${number(l.Bathrooms)} ba`;

/** A listing's address linked to its page: "[12 Oak St, Austin, TX](<https://…>)". */
export const listingLink = (l: ListingCard) => `[${md(addressText(l))}](${mdUrl(l.Url)})`;

/** One line of a list of matches (its photo is on its card, after the list). */
export function listingLine(l: ListingCard, i: number): string {
  const tour = l.Tours === '3D' ? ' · 3D tour' : l.Tours === 'OpenHouse' ? ' · open house' : '';
  return `${i + 1}. **${listingLink(l)}** — ${priceText(l)} · ${bedsBaths(l)} · ${areaText(l)} · ${md(l.PropertyType)}${tour}`;
}
