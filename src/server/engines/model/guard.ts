/**
 * The facts guard: every price, bed and bath count, MLS number and address a model writes about a
 * listing is checked against that listing. A line of the answer is about a listing when it names
 * it — a link to its Url, its MLS number or its street address — or, naming none, when the line
 * before in its paragraph did ("It is listed at $500,000."). A figure the listing does not have is
 * a correction, said after the answer and before its cards.
 */
import { addressText, type Listing } from '../../../protocol/index.ts';
import { md, priceText } from '../search/format.ts';
import { listingsNamedIn } from '../search/mentions.ts';
import { english, type Writing } from '../writing/index.ts';

export interface Correction {
  listing: Listing;
  field: 'price' | 'bedrooms' | 'bathrooms' | 'MLS number' | 'address';
  wrote: string;
  actual: string;
}

const MONEY = /\$\s?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s*(k|m|mm|million|thousand)?\b/gi;
const BEDS = /(?<![\d.])(\d+(?:\.\d+)?)[\s-]*(?:bed(?:room)?s?|bd|br)\b/gi;
const BATHS = /(?<![\d.])(\d+(?:\.\d+)?)[\s-]*(?:bath(?:room)?s?|ba)\b/gi;
const MLS = /\bMLS(?:\s*(?:#|no\.?|number))?(?:\s*:)?\s*((?<![A-Za-z0-9-])[A-Za-z0-9-]*\d[A-Za-z0-9-]*)/gi;
const LINK = /(?<!\\)\[([^\][]+)\]\(<?([^)>\s]+)>?\)/g;

/** Words before a figure that make it a bound or a range, not a fact of the listing ("under $500,000", "at least 3 bedrooms"). */
const BOUND =
  /\b(under|over|below|above|less than|more than|fewer than|up to|at most|at least|budget|between|from|to|within|around|about|max(?:imum)?|min(?:imum)?|range|starting|plus)\W*$|\bbetween\b[^.]{0,30}\band\W*$/i;
const bound = (text: string, at: number, length: number) =>
  BOUND.test(text.slice(Math.max(0, at - 40), at)) ||
  /^\s*(\+|or more|or less|[-–—]\s*\$?\d)/.test(text.slice(at + length));

const amount = (digits: string, suffix = '') => {
  const n = Number(digits.replace(/,/g, ''));
  return /^(k|thousand)$/i.test(suffix) ? n * 1e3 : /^(m|mm|million)$/i.test(suffix) ? n * 1e6 : n;
};

/** Whether a written amount can be one of the listing's sums (price, rent, HOA, deposit, estimate, per-area price), as rounded as it is written. */
function moneyFits(l: Listing, value: number, written: string): boolean {
  const sums = [l.SalePrice, l.RentPrice, l.HOAMonth, l.DepositFee, l.EstimatePrice, l.UnitAreaPrice].filter(
    (n): n is number => n !== null && n > 0,
  );
  // "$1.2M" may stand for $1,150,000–$1,249,999; "$489k" for $488,500–$489,499; "$489,000" for itself.
  const tolerance = /m/i.test(written) ? 0.05 * value : /k/i.test(written) ? 500 : 0.5;
  return sums.some((s) => Math.abs(s - value) <= Math.max(tolerance, 0.5));
}

const streetKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The mistakes in one stretch of text about `l`. */
function check(text: string, l: Listing, others: readonly Listing[]): Correction[] {
  const out: Correction[] = [];
  const add = (field: Correction['field'], wrote: string, actual: string) => {
    if (!out.some((c) => c.field === field)) out.push({ listing: l, field, wrote, actual });
  };
  const facts = (pattern: RegExp) => [...text.matchAll(pattern)].filter((m) => !bound(text, m.index, m[0].length));
  for (const m of facts(MONEY)) if (!moneyFits(l, amount(m[1]!, m[2]), m[0])) add('price', m[0].trim(), priceText(l));
  for (const m of facts(BEDS)) if (Number(m[1]) !== l.Bedrooms) add('bedrooms', m[1]!, String(l.Bedrooms));
  for (const m of facts(BATHS)) if (Number(m[1]) !== l.Bathrooms) add('bathrooms', m[1]!, String(l.Bathrooms));
  for (const m of text.matchAll(MLS)) {
    const other = others.find((o) => o.MLSNumber.toLowerCase() === m[1]!.toLowerCase());
    if (m[1]!.toLowerCase() !== l.MLSNumber.toLowerCase() && !other) add('MLS number', m[1]!, l.MLSNumber);
  }
  for (const m of text.matchAll(LINK)) {
    const [, label, url] = m as unknown as [string, string, string];
    if (url.replace(/(?<!\/)\/+$/, '') !== l.Url.replace(/(?<!\/)\/+$/, '') || !/^\d/.test(label.trim())) continue;
    const street = streetKey(l.Address);
    if (!streetKey(label).startsWith(street.split(' ').slice(0, 2).join(' '))) add('address', label, addressText(l));
  }
  return out;
}

/** What the text gets wrong about the listings it names (only those among `listings`). */
export function checkFacts(text: string, listings: readonly Listing[]): Correction[] {
  const corrections: Correction[] = [];
  for (const paragraph of text.split(/\n\s*\n/)) {
    let current: Listing | null = null;
    for (const line of paragraph.split(/\n|(?<=[.!?])\s+(?=[A-Z*[\d])/)) {
      const named = listingsNamedIn(line, listings);
      if (named.length > 1) {
        current = null;
        continue;
      }
      current = named[0] ?? current;
      if (!current) continue;
      for (const c of check(line, current, listings))
        if (!corrections.some((x) => x.listing.Id === c.listing.Id && x.field === c.field)) corrections.push(c);
    }
  }
  return corrections;
}

/** The corrections as a note for the visitor, one line per listing ('' for none). */
export function correctionNote(corrections: Correction[], w: Writing = english): string {
  if (!corrections.length) return '';
  const byListing = new Map<string, Correction[]>();
  for (const c of corrections) byListing.set(c.listing.Id, [...(byListing.get(c.listing.Id) ?? []), c]);
  const lines = [...byListing.values()].map((cs) => {
    const l = cs[0]!.listing;
    const facts = cs.map((c) => w.correction.fact(c.field, `**${md(c.actual)}**`, md(c.wrote)));
    return `> **${w.correction.label}** ${md(addressText(l))} — ${facts.join('; ')}.`;
  });
  return lines.join('\n>\n');
}
