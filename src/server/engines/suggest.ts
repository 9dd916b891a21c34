/**
 * Follow-up suggestions: up to three things the visitor might say next, written as the visitor
 * would say them — each is sent as their message when chosen, so each is one the engine reads in
 * the conversation ("Only 3+ bedrooms", "Show rentals instead", "Book a viewing").
 */
import { suggestionLines, type Listing, type Settings } from '../../protocol/index.ts';
import type { Criteria } from './criteria.ts';
import { money } from './format.ts';
import { meets, priceOf } from './match.ts';

/** A round figure near the middle of some prices: "$450,000", "$2,000". */
function middlePrice(listings: Listing[]): number | null {
  const prices = listings.map(priceOf).filter((p): p is number => p !== null).sort((a, b) => a - b);
  if (prices.length < 4) return null;
  const mid = prices[Math.floor(prices.length / 2)]!;
  const step = mid >= 100_000 ? 50_000 : mid >= 10_000 ? 5_000 : 250;
  return Math.max(step, Math.round(mid / step) * step);
}

const viewing = (s: Settings) => (s.TalkToHumanEmail ? ['Book a viewing'] : []);

/** After a list of matches: narrow it, open the first, switch sale type or place. */
export function searchSuggestions(c: Criteria, found: Listing[], shown: Listing[], all: Listing[], s: Settings): string[] {
  const out: string[] = [];
  if (found.length > shown.length) {
    if (!c.bedrooms && found.some((l) => l.Bedrooms >= 3) && found.some((l) => l.Bedrooms < 3)) out.push('Only 3+ bedrooms');
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
  if (other && all.some((l) => meets(l, { ...c, saleType: other, price: undefined }))) out.push(other === 'for_rent' ? 'Show rentals instead' : 'Show homes for sale instead');
  if (c.cities.length === 1) {
    const city = [...new Set(all.map((l) => l.City))].find((x) => x !== c.cities[0] && all.some((l) => meets(l, { ...c, cities: [x] })));
    if (city) out.push(`What about ${city}?`);
  }
  return out.slice(0, 3);
}

/** After an answer about one listing. */
export function listingSuggestions(l: Listing, s: Settings): string[] {
  return [...viewing(s), 'Show similar homes', priceOf(l) !== null ? 'Anything cheaper?' : 'Anything bigger?'].slice(0, 3);
}

/** After near misses: widen the search the way the near misses do. */
export function nearSuggestions(c: Criteria, all: Listing[], s: Settings): string[] {
  const out: string[] = [];
  if (c.price?.max !== undefined) out.push(`What about under ${money(Math.ceil(Math.round(c.price.max * 1.1) / 5_000) * 5_000, '$')}?`);
  if (c.bedrooms?.min !== undefined && c.bedrooms.min > 1) out.push(`What about ${c.bedrooms.min - 1} bedrooms?`);
  if (c.cities.length === 1) {
    const city = [...new Set(all.map((l) => l.City))].find((x) => x !== c.cities[0] && all.some((l) => meets(l, { ...c, cities: [x] })));
    if (city) out.push(`What about ${city}?`);
  }
  if (s.TalkToHumanEmail) out.push('Talk to a person');
  return out.slice(0, 3);
}

/** When nothing could be answered: the owner's suggested questions, or a person. */
export function generalSuggestions(s: Settings): string[] {
  const lines = suggestionLines(s.SuggestedMessage).filter((l) => l.length <= 80);
  return (lines.length ? lines : ['Homes for sale', 'Homes for rent', ...(s.TalkToHumanEmail ? ['Talk to a person'] : [])]).slice(0, 3);
}
