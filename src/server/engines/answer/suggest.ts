/**
 * Follow-up suggestions: up to three things the visitor might say next, written as the visitor
 * would say them — each is sent as their message when chosen, so each is one the engine reads in
 * the conversation ("Only 3+ bedrooms", "Show rentals instead", "Book a viewing").
 */
import { suggestionLines, type Listing, type Settings } from '../../../protocol/index.ts';
import { budgetMarket, type Criteria } from '../reading/criteria.ts';
import { money } from '../search/format.ts';
import { meets, priceOf } from '../search/match.ts';

/** A round figure near the middle of some prices: "$450,000", "$2,000". */
function middlePrice(listings: Listing[]): number | null {
  const prices = listings
    .map(priceOf)
    .filter((p): p is number => p !== null)
    .sort((a, b) => a - b);
  if (prices.length < 4) return null;
  const mid = prices[Math.floor(prices.length / 2)]!;
  const step = mid >= 100_000 ? 50_000 : mid >= 10_000 ? 5_000 : 250;
  return Math.max(step, Math.round(mid / step) * step);
}

const viewing = (s: Settings) => (s.TalkToHumanEmail ? ['Book a viewing'] : []);

/**
 * A place the visitor asked about before, other than the one searched now, where the same search
 * finds homes: the visitor's own places, most recent first — never one the chatbot picks.
 */
function ownPlace(c: Criteria, all: Listing[], visited: readonly string[]): string | undefined {
  if (c.cities.length !== 1) return undefined;
  return [...visited]
    .reverse()
    .find((x) => x.toLowerCase() !== c.cities[0]!.toLowerCase() && all.some((l) => meets(l, { ...c, cities: [x] })));
}

/** After a list of matches: narrow it, open the first, switch sale type, or go back to a place the visitor asked about. */
export function searchSuggestions(
  c: Criteria,
  found: Listing[],
  shown: Listing[],
  all: Listing[],
  s: Settings,
  visited: readonly string[] = [],
): string[] {
  const out: string[] = [];
  if (found.length > shown.length) {
    if (!c.bedrooms && found.some((l) => l.Bedrooms >= 3) && found.some((l) => l.Bedrooms < 3))
      out.push('Only 3+ bedrooms');
    else if (!c.price) {
      const saleType = new Set(found.map((l) => l.SaleType)).size === 1 ? found[0]!.SaleType : 'for_sale';
      const mid = middlePrice(found.filter((l) => l.SaleType === saleType));
      if (mid) out.push(`Only under ${money(mid, '$')}${saleType === 'for_rent' ? ' a month' : ''}`);
    }
    if (out.length === 0) out.push('Show me more');
  }
  if (shown.length > 1) out.push('Tell me about the first one');
  else if (shown.length === 1) out.push(...viewing(s));
  const other = c.saleType === 'for_rent' ? 'for_sale' : c.saleType === 'for_sale' ? 'for_rent' : null;
  if (other && all.some((l) => meets(l, { ...c, saleType: other, price: undefined })))
    out.push(other === 'for_rent' ? 'Show rentals instead' : 'Show homes for sale instead');
  const city = ownPlace(c, all, visited);
  if (city) out.push(`What about ${city}?`);
  return out.slice(0, 3);
}

/** After an answer about one listing. */
export function listingSuggestions(l: Listing, s: Settings): string[] {
  return [...viewing(s), 'Show similar homes', priceOf(l) !== null ? 'Anything cheaper?' : 'Anything bigger?'].slice(
    0,
    3,
  );
}

/**
 * After near misses: each way of widening the search that would find homes, as people widen one —
 * a budget ~10 % higher (rounded as prices of that market are), a bedroom fewer — and a place the
 * visitor asked about before; then a person.
 */
export function nearSuggestions(c: Criteria, all: Listing[], s: Settings, visited: readonly string[] = []): string[] {
  const out: string[] = [];
  const finds = (x: Criteria) => all.some((l) => meets(l, x));
  if (c.price?.max !== undefined) {
    const rent = (c.saleType ?? budgetMarket(c.price)) === 'for_rent';
    const step = rent ? 100 : c.price.max >= 1_000_000 ? 50_000 : 5_000;
    const max = Math.ceil(Math.round(c.price.max * 1.1) / step) * step;
    if (finds({ ...c, price: { ...c.price, max } }))
      out.push(`What about under ${money(max, '$')}${rent ? ' a month' : ''}?`);
  }
  if (c.bedrooms?.min !== undefined && c.bedrooms.min > 1) {
    const n = c.bedrooms.min - 1;
    if (
      finds({
        ...c,
        bedrooms: { min: n, ...(c.bedrooms.max === undefined ? {} : { max: Math.max(n, c.bedrooms.max - 1) }) },
      })
    )
      out.push(`What about ${n} bedroom${n === 1 ? '' : 's'}?`);
  }
  const city = ownPlace(c, all, visited);
  if (city) out.push(`What about ${city}?`);
  if (s.TalkToHumanEmail) out.push('Talk to a person');
  return out.slice(0, 3);
}

/** When nothing could be answered: the owner's suggested questions, or a person. */
export function generalSuggestions(s: Settings): string[] {
  const lines = suggestionLines(s.SuggestedMessage).filter((l) => l.length <= 80);
  return (
    lines.length ? lines : ['Homes for sale', 'Homes for rent', ...(s.TalkToHumanEmail ? ['Talk to a person'] : [])]
  ).slice(0, 3);
}
