/** Which listings a model's text names: by a link to the listing's Url, its MLS number, or its street address. */
import type { Listing } from '../../../protocol/index.ts';
import { mdUrl } from './format.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A link to `url`, with or without a trailing slash, as written or percent-encoded as mdUrl does;
 * not a longer path that starts with it ("/12-oak" is not "/12-oak-st" nor "/12-oak.html").
 */
function linkPattern(url: string): RegExp | null {
  const forms = [...new Set([url, mdUrl(url).slice(1, -1)].map((u) => u.trim().replace(/(?<!\/)\/+$/, '')))].filter(
    Boolean,
  );
  if (!forms.length) return null;
  return new RegExp(`(?:${forms.map(escape).join('|')})/?(?![\\w~%/-]|\\.\\w)`);
}

/**
 * The MLS number as a whole token. A short all-digit one ("12", "2015") reads as a count, a year
 * or a price unless "MLS" comes right before it.
 */
function mlsPattern(mls: string): RegExp | null {
  const number = mls.trim();
  if (!number) return null;
  const token = `(?<![\\p{L}\\p{N}])${escape(number)}(?![\\p{L}\\p{N}])`;
  return new RegExp(/^\d{1,4}$/.test(number) ? `\\bMLS\\s*(?:#|no\\.?|number)?\\s*:?\\s*${token}` : token, 'iu');
}

/**
 * The street address as written ("1500 Larimer St Unit 4"), or — when no other of `listings` shares
 * it — its number and street without the unit ("1500 Larimer St"); an address that does not start
 * with a house number is too loose to find in prose.
 */
function addressPattern(address: string, listings: readonly Listing[]): RegExp | null {
  const full = address.trim().replace(/\s+/g, ' ');
  if (!/^\d+\s+\S/.test(full)) return null;
  const street = full.replace(/(?<![\s,])[\s,]+(?:unit|apt\.?|apartment|suite|#)\s*\S+$/i, '');
  const shared =
    listings.filter((l) => l.Address.trim().replace(/\s+/g, ' ').toLowerCase().startsWith(street.toLowerCase()))
      .length > 1;
  const forms = [...new Set([full, ...(shared ? [] : [street])])].map((f) => f.split(' ').map(escape).join('\\s+'));
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${forms.join('|')})(?![\\p{L}\\p{N}])`, 'iu');
}

/** The listings `text` names, each once, in the order of their first mention. */
export function listingsNamedIn(text: string, listings: readonly Listing[]): Listing[] {
  const seen = new Set<string>();
  const firsts: { at: number; listing: Listing }[] = [];
  for (const listing of listings) {
    if (seen.has(listing.Id)) continue;
    seen.add(listing.Id);
    const at = [linkPattern(listing.Url), mlsPattern(listing.MLSNumber), addressPattern(listing.Address, listings)]
      .map((pattern) => (pattern ? text.search(pattern) : -1))
      .filter((i) => i >= 0);
    if (at.length) firsts.push({ at: Math.min(...at), listing });
  }
  return firsts.sort((a, b) => a.at - b.at).map((f) => f.listing);
}
