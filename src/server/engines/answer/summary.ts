/**
 * The prose of an answer that shows listings as cards: a short summary — how many match, their
 * price range, the best fit — not the list the cards show again; and what the search could not
 * check, or came close to, said plainly.
 */
import { addressText, type Listing } from '../../../protocol/index.ts';
import type { Criteria } from '../reading/criteria.ts';
import type { Feature } from '../reading/features.ts';
import { md, mdUrl, money, plural, priceText } from '../search/format.ts';
import { kindText, roomsText } from '../search/details.ts';
import { squareFeet } from '../search/match.ts';
import type { Outcome, SaleType, Spread } from '../search/catalog.ts';
import type { NearMiss } from '../search/near.ts';
import { ORDINALS } from '../reading/words.ts';

const $ = (n: number) => money(n, '$');
const link = (l: Listing) => `[${md(addressText(l))}](${mdUrl(l.Url)})`;

/** "homes for sale in Austin with 3 bedrooms under $500,000, other than condos" — the criteria in words. */
export function describe(c: Criteria, count = 2, mentioned: Feature[] = []): string {
  // "Single Family" names a kind of home, not a dwelling: "single family homes", never "single families".
  const kinds = c.propertyTypes.length
    ? c.propertyTypes.map((t) => t.toLowerCase().replace(/\bfamily$/, 'family home'))
    : ['home'];
  // Each kind in the plural, not only the last: "condos or townhouses".
  const many = (kind: string) =>
    /s$/.test(kind)
      ? kind
      : kind.replace(/(?<!\w)(\w+)$/, (w) => (/y$/.test(w) && !/[aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`));
  const parts = [(count === 1 ? kinds : kinds.map(many)).join(' or ')];
  if (c.statuses.length === 1 && c.statuses[0] !== 'Active')
    parts.unshift(c.statuses[0] === 'Sold' ? 'sold' : 'coming-soon');
  if (c.saleType) parts.push(c.saleType === 'for_rent' ? 'for rent' : 'for sale');
  if (c.streetNames.length) parts.push(`on ${c.streetNames.map(md).join(' or ')}`);
  const places = [...c.cities, ...c.states, ...c.zips, ...c.unknownPlaces];
  if (places.length) parts.push(`in ${places.join(' or ')}`);
  const features: string[] = [];
  const rooms = (r: { min?: number; max?: number }, word: string) => {
    const count = (n = 0) => `${n} ${word}${n === 1 ? '' : 's'}`;
    if (r.min !== undefined && r.max !== undefined)
      return r.min === r.max ? count(r.min) : `${r.min} to ${count(r.max)}`;
    return r.min !== undefined ? `at least ${count(r.min)}` : `at most ${count(r.max)}`;
  };
  if (c.bedrooms) features.push(c.bedrooms.max === 0 ? 'no separate bedroom' : rooms(c.bedrooms, 'bedroom'));
  if (c.bathrooms) features.push(rooms(c.bathrooms, 'bathroom'));
  if (c.minParking) features.push(c.minParking === 1 ? 'parking' : `at least ${c.minParking} parking spots`);
  if (c.tours.length || c.anyTour)
    features.push(c.tours.includes('3D') ? 'a 3D tour' : c.tours.includes('OpenHouse') ? 'an open house' : 'a tour');
  if (features.length) parts.push(`with ${features.join(' and ')}`);
  if (c.price)
    parts.push(
      c.price.min !== undefined && c.price.max !== undefined
        ? `between ${$(c.price.min)} and ${$(c.price.max)}`
        : c.price.max !== undefined
          ? `under ${$(c.price.max)}`
          : `over ${$(c.price.min!)}`,
    );
  if (c.area?.min) parts.push(`of at least ${Math.round(c.area.min).toLocaleString('en-US')} sq ft`);
  if (c.area?.max) parts.push(`of at most ${Math.round(c.area.max).toLocaleString('en-US')} sq ft`);
  if (c.yearBuilt?.min && c.yearBuilt.min === c.yearBuilt.max) parts.push(`built in ${c.yearBuilt.min}`);
  else if (c.yearBuilt?.min) parts.push(`built in ${c.yearBuilt.min} or later`);
  else if (c.yearBuilt?.max) parts.push(`built in ${c.yearBuilt.max} or earlier`);
  const x = c.exclude;
  const not = [
    ...x.propertyTypes.map((t) => kindText({ PropertyType: t }).replace(/(?<!s)$/, 's')),
    ...(x.saleTypes.includes('for_rent') ? ['rentals'] : []),
    ...(x.saleTypes.includes('for_sale') ? ['homes for sale'] : []),
    ...(x.statuses.includes('Sold') ? ['sold homes'] : []),
    ...(x.statuses.includes('PreOnMarket') ? ['coming-soon homes'] : []),
    ...(x.studios ? ['studios'] : []),
  ];
  if (not.length) parts.push(`other than ${not.join(' or ')}`);
  if ([...x.cities, ...x.states, ...x.zips].length)
    parts.push(`outside ${[...x.cities, ...x.states, ...x.zips].join(' and ')}`);
  if (x.hoa) parts.push('without HOA dues');
  if (mentioned.length) parts.push(`whose listings mention ${mentioned.map((f) => md(f.phrase)).join(' and ')}`);
  return parts.join(' ');
}

/** "from $750 to $2,325 a month" — the price range of the matches of one sale type. */
function range(type: SaleType, s: Spread): string {
  if (s.min === null || s.max === null) return '';
  const symbol = s.currency || '$';
  const month = type === 'for_rent' ? ' a month' : '';
  if (s.min !== s.max) return `from ${money(s.min, symbol)} to ${money(s.max, symbol)}${month}`;
  return `${s.priced > 1 ? 'each ' : ''}at ${money(s.min, symbol)}${month}`;
}

/** "I found 12 homes: 9 for sale from $310,000 to $880,000 and 3 rentals from $1,650 to $3,100 a month." */
function counted(found: Outcome, c: Criteria, mentioned: Feature[]): string {
  const { for_sale: sale, for_rent: rent } = found.spread;
  const what = `I found ${found.total.toLocaleString('en-US')} ${describe(c, found.total, mentioned)}`;
  if (sale && rent)
    return `${what}: ${sale.count} for sale ${range('for_sale', sale)} and ${rent.count} for rent ${range('for_rent', rent)}.`;
  const [type, only] = Object.entries(found.spread)[0] as [SaleType, Spread];
  return `${what}, ${range(type, only)}.`;
}

const ORDER_WORDS: Record<string, [string, string]> = {
  'price-asc': ['cheapest', 'lowest-priced'],
  'price-desc': ['most expensive', 'most expensive'],
  'area-desc': ['biggest', 'biggest'],
  'area-asc': ['smallest', 'smallest'],
  'year-desc': ['newest', 'most recently built'],
  'year-asc': ['oldest', 'oldest'],
  'bedrooms-desc': ['one with the most bedrooms', 'with the most bedrooms'],
  'bathrooms-desc': ['one with the most bathrooms', 'with the most bathrooms'],
  'newest-listed': ['most recently listed', 'most recently listed'],
  'hoa-asc': ['one with the lowest HOA dues', 'with the lowest HOA dues'],
};

/** One listing in a sentence: "[12 Oak St…](…) at $489,000 — a single-family home with 3 bedrooms and 2 bathrooms, 1,850 sq ft". */
export function inBrief(l: Listing): string {
  const kind = kindText(l);
  const what =
    l.Bedrooms === 0
      ? `a studio ${kind} with ${plural(l.Bathrooms, 'bathroom')}`
      : `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} with ${roomsText(l)}`;
  return `**${link(l)}** at **${priceText(l)}** — ${what}, ${Math.round(squareFeet(l)).toLocaleString('en-US')} sq ft`;
}

/** A listing in brief, with the figure its order is by when that is not in the brief: the HOA dues. */
const brief = (l: Listing, c: Criteria) =>
  `${inBrief(l)}${c.sort === 'hoa-asc' ? `, ${l.HOAMonth ? `HOA dues ${money(l.HOAMonth, l.CurrencySymbol)} a month` : 'no HOA dues'}` : ''}`;

/** "first" … "tenth", from the words the questions are read with. */
const ORDINAL_WORDS = Object.keys(ORDINALS).filter((w) => !/\d/.test(w));
/** "second", "11th". */
const ordinal = (n: number) =>
  ORDINAL_WORDS[n - 1] ??
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** Asked for the nth of an order past the last match: "There are only 4 homes for sale in Austin, so there is no fifth cheapest. Here they are, the cheapest first." — all of them follow, in order. */
export function onlyThese(n: number, found: Listing[], c: Criteria, rank: number, mentioned: Feature[] = []): string {
  const sort = ORDER_WORDS[c.sort!]!;
  return `There ${n === 1 ? 'is' : 'are'} only ${n} ${describe({ ...c, sort: undefined }, n, mentioned)}, so there is no ${ordinal(rank + 1)} ${sort[0].replace(/^one /, '')}. ${
    n === 1 ? `It is ${brief(found[0]!, c)}.` : `Here they are, the ${sort[0].replace(/^one /, '')} first.`
  }`;
}

/** The summary of a search's matches, of which `shown` (from `offset`) are the cards that follow. */
export function summary(
  found: Outcome,
  shown: Listing[],
  c: Criteria,
  offset: number,
  mentioned: Feature[] = [],
): string {
  const sort = c.sort ? ORDER_WORDS[c.sort]! : null;
  const rank = sort ? (c.rank ?? 0) : 0;
  if (c.limit === 1 && shown.length) {
    // "The cheapest condo in Denver", or — for an order said after the noun — "The condo in Denver with the most bedrooms".
    // "The second cheapest …": its rank said.
    const after = sort?.[0].startsWith('one with') ? ` ${sort[0].slice(4)}` : '';
    const nth = rank ? `${ordinal(rank + 1)} ` : '';
    const the = sort && !after ? `The ${nth}${sort[0]}` : after ? `The ${nth}`.trimEnd() : 'The best match';
    if (shown.length === 2)
      return `${the} home for sale${after} is ${brief(shown[0]!, c)}; ${the.toLowerCase()} rental${after} is ${brief(shown[1]!, c)}.`;
    return `${the} ${describe({ ...c, sort: undefined }, 1, mentioned)}${after} is ${brief(shown[0]!, c)}.`;
  }
  const all = describe(c, found.total, mentioned);
  if (offset > 0)
    return shown.length
      ? `Here are ${shown.length} more — ${offset + 1} to ${offset + shown.length} of the ${found.total} ${all}.`
      : `That's all of them: I've shown all ${found.total} ${all}.`;
  if (c.limit && sort) {
    // "… after the first 2": what was passed over, said.
    const past = rank ? ` after the first${rank > 1 ? ` ${rank}` : ''}` : '';
    return sort[1].startsWith('with ')
      ? `The ${shown.length} ${describe(c, shown.length, mentioned)} ${sort[1]}${past}, out of ${found.total}:`
      : `The ${shown.length} ${sort[1]} ${describe(c, shown.length, mentioned)}${past}, out of ${found.total}:`;
  }
  if (rank) return `${counted(found, c, mentioned)} From the ${ordinal(rank + 1)} ${sort![0].replace(/^one /, '')} on:`;
  const head = counted(found, c, mentioned);
  if (found.total === 1) return `${head.replace(/, (at|from) [^.]*\.$/, '.')} It is ${inBrief(shown[0]!)}.`;
  const first = sort ? `The ${sort[0]} is ${brief(shown[0]!, c)}.` : `The cheapest is ${inBrief(shown[0]!)}.`;
  const which =
    found.total > shown.length
      ? ` Here are the ${shown.length} ${sort ? sort[1] : Object.keys(found.spread).length > 1 ? 'first — homes for sale first, each lowest price first' : 'lowest-priced'}.`
      : '';
  return `${head} ${first}${which}`;
}

/** A feature that is a quality of the home ("quiet", "pet friendly"): homes *are* it. */
const ADJECTIVE =
  /(?:^|\s)(?:quiet|safe|secure|gated|sunny|bright|charming|spacious|renovated|remodeled|updated|modern|furnished|accessible|walkable|[\w-]+[- ]friendly)$/;

/** What could not be checked: said, never dropped. */
export function cantTell(unknown: Feature[]): string {
  if (!unknown.length) return '';
  const what = (f: Feature) =>
    `${f.relation === 'near' ? 'are near' : ADJECTIVE.test(f.phrase) ? 'are' : 'have'} ${md(f.phrase)}`;
  const joined =
    unknown.length === 1
      ? what(unknown[0]!)
      : `${unknown.slice(0, -1).map(what).join(', ')} or ${what(unknown.at(-1)!)}`;
  return `I can't tell which homes ${joined} from the listing details — none of them ${unknown.length === 1 ? 'mentions it' : 'mentions these'}, so I can't narrow the search by ${unknown.length === 1 ? 'it' : 'them'}.`;
}

/** Near misses offered when nothing matches: each named, with what it misses by. */
export function nearMissText(c: Criteria, near: NearMiss[], mentioned: Feature[] = []): string {
  const lines = near.map((n) => `- **${link(n.listing)}** — ${n.misses.join('; ')}`);
  return `I couldn't find any ${describe(c, 2, mentioned)} — no exact match. ${near.length === 1 ? 'This one comes close' : `These ${near.length} come close`}:\n\n${lines.join('\n')}`;
}
