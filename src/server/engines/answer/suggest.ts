/**
 * Follow-up suggestions: up to three things the visitor might say next, written as the visitor
 * would say them — each is sent as their message when chosen, so each is one the engine reads in
 * the conversation ("Only 3+ bedrooms", "Show rentals instead", "Book a viewing").
 */
import { suggestionLines, type Listing, type Settings } from '../../../protocol/index.ts';
import { budgetMarket, type Criteria } from '../reading/criteria.ts';
import { priceOf } from '../search/match.ts';
import type { Catalog } from '../search/catalog.ts';
import { english, type Writing } from '../writing/index.ts';

/** A round figure near a middle price: "$450,000", "$2,000". */
function rounded(mid: number): number {
  const step = mid >= 100_000 ? 50_000 : mid >= 10_000 ? 5_000 : 250;
  return Math.max(step, Math.round(mid / step) * step);
}

const viewing = (s: Settings, w: Writing) => (s.TalkToHumanEmail ? [w.chips.viewing] : []);

/**
 * A place the visitor asked about before, other than the one searched now, where the same search
 * finds homes: the visitor's own places, most recent first — never one the chatbot picks.
 */
async function ownPlace(c: Criteria, catalog: Catalog, visited: readonly string[]): Promise<string | undefined> {
  if (c.cities.length !== 1) return undefined;
  for (const x of [...visited].reverse())
    if (x.toLowerCase() !== c.cities[0]!.toLowerCase() && (await catalog.any({ ...c, cities: [x] }))) return x;
  return undefined;
}

/**
 * After a list of matches — those from the `from`-th on, of `total` — narrow it, open the first,
 * switch sale type, or go back to a place the visitor asked about.
 */
export async function searchSuggestions(
  c: Criteria,
  matches: { total: number; from: number },
  shown: Listing[],
  catalog: Catalog,
  s: Settings,
  visited: readonly string[] = [],
  w: Writing = english,
): Promise<string[]> {
  const out: string[] = [];
  if (matches.total - matches.from > shown.length) {
    const rest = !c.bedrooms || !c.price ? await catalog.rest(c, matches.from) : null;
    if (!c.bedrooms && rest?.threeBedrooms && rest.fewerBedrooms) out.push(w.chips.threeBedrooms);
    else if (!c.price && rest) {
      const saleType = rest.saleTypes.length === 1 ? rest.saleTypes[0]! : 'for_sale';
      const mid = await catalog.middle(c, matches.from, saleType);
      if (mid !== undefined) out.push(w.chips.under(w.money(rounded(mid), '$'), saleType === 'for_rent'));
    }
    if (out.length === 0) out.push(w.chips.more);
  }
  if (shown.length > 1) out.push(w.chips.aboutFirst);
  else if (shown.length === 1) out.push(...viewing(s, w));
  const other = c.saleType === 'for_rent' ? 'for_sale' : c.saleType === 'for_sale' ? 'for_rent' : null;
  if (other && (await catalog.any({ ...c, saleType: other, price: undefined })))
    out.push(other === 'for_rent' ? w.chips.rentalsInstead : w.chips.saleInstead);
  const city = await ownPlace(c, catalog, visited);
  if (city) out.push(w.chips.place(city));
  return out.slice(0, 3);
}

/** After an answer about one listing. */
export function listingSuggestions(l: Listing, s: Settings, w: Writing = english): string[] {
  return [...viewing(s, w), w.chips.similar, priceOf(l) !== null ? w.chips.cheaper : w.chips.bigger].slice(0, 3);
}

/**
 * After near misses: each way of widening the search that would find homes, as people widen one —
 * a budget ~10 % higher (rounded as prices of that market are), a bedroom fewer — and a place the
 * visitor asked about before; then a person.
 */
export async function nearSuggestions(
  c: Criteria,
  catalog: Catalog,
  s: Settings,
  visited: readonly string[] = [],
  w: Writing = english,
): Promise<string[]> {
  const out: string[] = [];
  if (c.price?.max !== undefined) {
    const rent = (c.saleType ?? budgetMarket(c.price)) === 'for_rent';
    const step = rent ? 100 : c.price.max >= 1_000_000 ? 50_000 : 5_000;
    const max = Math.ceil(Math.round(c.price.max * 1.1) / step) * step;
    if (await catalog.any({ ...c, price: { ...c.price, max } })) out.push(w.chips.underAsk(w.money(max, '$'), rent));
  }
  if (c.bedrooms?.min !== undefined && c.bedrooms.min > 1) {
    const n = c.bedrooms.min - 1;
    if (
      await catalog.any({
        ...c,
        bedrooms: { min: n, ...(c.bedrooms.max === undefined ? {} : { max: Math.max(n, c.bedrooms.max - 1) }) },
      })
    )
      out.push(w.chips.bedrooms(n));
  }
  const city = await ownPlace(c, catalog, visited);
  if (city) out.push(w.chips.place(city));
  if (s.TalkToHumanEmail) out.push(w.chips.person);
  return out.slice(0, 3);
}

/** When nothing could be answered: the owner's suggested questions, or a person. */
export function generalSuggestions(s: Settings, w: Writing = english): string[] {
  const lines = suggestionLines(s.SuggestedMessage).filter((l) => l.length <= 80);
  return (
    lines.length ? lines : [w.chips.forSale, w.chips.forRent, ...(s.TalkToHumanEmail ? [w.chips.person] : [])]
  ).slice(0, 3);
}
