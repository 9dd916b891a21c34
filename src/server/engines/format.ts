/** Listings as Markdown: escaped text, safe link targets, prices with the listing's currency. */
import { addressText, type Listing } from '../../protocol/index.ts';
import { priceOf } from './match.ts';

/**
 * Owner-written text made inert as Markdown: what can open inline syntax or HTML is escaped, and
 * so is a block marker at its start ("# ", "- ", "1. "). Plain readers see it almost unchanged.
 */
export function md(text: string): string {
  const inline = text.replace(/\s+/g, ' ').trim().replace(/[\\`*_[\]<>|~&]/g, (c) => `\\${c}`);
  if (/^\d+[.)]/.test(inline)) return inline.replace(/^(\d+)([.)])/, '$1\\$2');
  return /^[#>+=-]/.test(inline) ? `\\${inline}` : inline;
}

/** A URL as a Markdown link destination (the schemas already allow only http(s)). */
export const mdUrl = (url: string) => `<${encodeURI(decodeURIComponentSafe(url)).replace(/[<>]/g, encodeURIComponent)}>`;

function decodeURIComponentSafe(url: string): string {
  try {
    return decodeURI(url);
  } catch {
    return url;
  }
}

const number = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
export const money = (amount: number, symbol: string) => `${symbol}${Math.round(amount).toLocaleString('en-US')}`;

export function priceText(l: Listing): string {
  const price = priceOf(l);
  if (price === null) return 'price on request';
  return l.SaleType === 'for_rent' ? `${money(price, l.CurrencySymbol)}/month` : money(price, l.CurrencySymbol);
}

export const areaText = (l: Listing) => `${number(l.BuildingArea)} ${l.AreaUnit === 'Square Meters' ? 'm²' : 'sq ft'}`;

const bedsBaths = (l: Listing) => `${l.Bedrooms === 0 ? 'studio' : `${l.Bedrooms} bd`} · ${number(l.Bathrooms)} ba`;

/** One line of a list of matches (its photo is on its card, after the list). */
export function listingLine(l: Listing, i: number): string {
  const tour = l.Tours === '3D' ? ' · 3D tour' : l.Tours === 'OpenHouse' ? ' · open house' : '';
  return `${i + 1}. **[${md(addressText(l))}](${mdUrl(l.Url)})** — ${priceText(l)} · ${bedsBaths(l)} · ${areaText(l)} · ${md(l.PropertyType)}${tour}`;
}

const STATUS_TEXT = { Active: 'active', PreOnMarket: 'coming soon (pre-market)', Sold: 'sold' } as const;

/** Everything about one listing but its photo (on its card), for a question that names it. */
export function listingDetails(l: Listing): string {
  const lines = [
    `**${md(addressText(l))}** — ${l.SaleType === 'for_rent' ? 'for rent' : 'for sale'} at **${priceText(l)}** (MLS ${md(l.MLSNumber)}, ${STATUS_TEXT[l.Status]}).`,
    '',
    `- ${bedsBaths(l)} · ${areaText(l)} · ${md(l.PropertyType)}, built ${l.YearBuilt}`,
    `- Lot: ${number(l.LotArea)} ${l.AreaUnit === 'Square Meters' ? 'm²' : 'sq ft'} · parking: ${l.ParkingSpots}`,
  ];
  if (l.HOAMonth) lines.push(`- HOA: ${money(l.HOAMonth, l.CurrencySymbol)}/month`);
  if (l.DepositFee) lines.push(`- Deposit: ${money(l.DepositFee, l.CurrencySymbol)}`);
  if (l.Tours) lines.push(`- ${l.Tours === '3D' ? 'A 3D tour is available' : 'Open house scheduled'}`);
  for (const x of l.ExtensionColumn.slice(0, 10)) lines.push(`- ${md(x.Key)}: ${md(x.value)}`);
  if (l.Description) lines.push('', md(l.Description.length > 600 ? `${l.Description.slice(0, 600)}…` : l.Description));
  lines.push('', `[View the listing](${mdUrl(l.Url)})`);
  return lines.join('\n');
}
