/**
 * Understanding one question about listings: "3 bedroom homes for sale in Austin under $500k",
 * "two-bed rentals in Denvr, not apartments", "the cheapest condo", "anything with a pool?",
 * "what's the price of MLS 12345". Words are read first (spelling, numbers in words), then what the
 * question rules out, its order, its numbers, its places and kinds — recognised against the
 * chatbot's own listings, so "Austin" is a city because a listing is in Austin — and last what it
 * asks that no field holds (features).
 */
import type { Listing } from '../../../protocol/index.ts';
import { budgetMarket, emptyCriteria, narrows, type Criteria, type SortKey } from './criteria.ts';
import { featuresIn } from './features.ts';
import { negations } from './negation.ts';
import {
  namedListings,
  namesIn,
  normalize,
  placesAndKinds,
  STATE_NAMES,
  streetsIn,
  type ListingsIndex,
  type Vocabulary,
} from './places.ts';
import { readNumbers } from './ranges.ts';
import { correctSpelling, ORDINALS, wordsToNumbers } from './words.ts';

export { SQFT_PER_SQM } from './ranges.ts';
export type { Criteria } from './criteria.ts';

const SUPERLATIVES: [RegExp, SortKey][] = [
  [/\b(cheapest|least expensive|lowest[- ]priced|lowest price|most affordable|lowest rent|best deal)\b/, 'price-asc'],
  [/\b(most expensive|priciest|highest[- ]priced|highest price|most luxurious|fanciest)\b/, 'price-desc'],
  [
    /\b(?:(?:newest|latest|most recent|most recently|recently|just) (?:listings?|listed|on the market|added|additions?)|new listings|most recently listed)\b/,
    'newest-listed',
  ],
  [/\b(biggest|largest|most spacious|most space|most square (?:feet|footage)|roomiest)\b/, 'area-desc'],
  [/\b(smallest|tiniest|most compact)\b/, 'area-asc'],
  [
    /\b(newest|most recently built|built most recently|built (?:the )?(?:latest|last)|most modern|youngest)\b/,
    'year-desc',
  ],
  [/\b(oldest|most historic)\b/, 'year-asc'],
  [/\bmost (?:bed ?rooms|beds)\b/, 'bedrooms-desc'],
  [/\b(?:fewest|least) (?:bed ?rooms|beds)\b/, 'bedrooms-asc'],
  [/\bmost (?:bath ?rooms|baths)\b/, 'bathrooms-desc'],
  [
    /\b(?:low(?:est)?|cheap(?:est)?|small(?:est)?|least) (?:hoa|hoas|hoa fees?|hoa dues|association fees?|dues)\b/,
    'hoa-asc',
  ],
];
const PLURAL =
  /^(?:\s+\S+){0,4}?\s+(homes|houses|condos|apartments|rentals|listings|options|places|properties|ones|townhouses|townhomes|studios|units|lofts|duplexes|deals)\b/;
const COUNT_AFTER = /^\s+(\d+)\b(?!\s*(?:[-+]\s*)?(?:bed|bd|br|bath|ba\b|k\b|m\b|sq|car|%|\/|dollars))/;

const ORDINAL_BEFORE = new RegExp(
  `\\b(${Object.keys(ORDINALS)
    .filter((w) => w !== 'first' && w !== '1st')
    .join('|')})\\s+$`,
);
/** "after the biggest one", "after the first", "after the top 2" (numbers in words are digits by now). */
const AFTER_FIRST =
  /\bafter (?:the )?(?:first|top|\w+est|most \w+)(?: (\d{1,2})(?! ?(?:bed|bath|br|bd|ba\b|k\b|sq|car)))?(?: ones?)?\b/;

/** "sort by price, highest first", "price high to low", "lowest price first": an order for a list, not one home. */
const LIST_ORDERS: [RegExp, SortKey][] = [
  [
    /\b(?:sort|order|rank)(?:ed)? (?:them |these |those |it |the list )?by (?:the )?(?:price|cost|rent)\b[^.?!]{0,20}?\b(?:highest|most expensive|priciest|high to low|descending)(?: first)?\b|\bprice,? high(?:est)? to low(?:est)?\b|\b(?:highest|most expensive|priciest)(?: price)? first\b/,
    'price-desc',
  ],
  [
    /\b(?:sort|order|rank)(?:ed)? (?:them |these |those |it |the list )?by (?:the )?(?:price|cost|rent)\b(?:[^.?!]{0,20}?\b(?:lowest|cheapest|low to high|ascending)(?: first)?\b)?|\bprice,? low(?:est)? to high(?:est)?\b|\b(?:lowest|cheapest|least expensive)(?: price)? first\b/,
    'price-asc',
  ],
  [
    /\b(?:sort|order|rank)(?:ed)? (?:them |these |those |it |the list )?by (?:size|area|square (?:feet|footage))\b|\b(?:biggest|largest) first\b/,
    'area-desc',
  ],
  [
    /\b(?:sort|order|rank)(?:ed)? (?:them |these |those |it |the list )?by (?:date|newest|date listed|most recent|days on market)\b/,
    'newest-listed',
  ],
];

/** "the cheapest" → 1, "the 3 biggest", "top 3 cheapest", "cheapest 3" → 3, "the cheapest homes" → a list in that order. */
function readOrder(t: string, c: Criteria): string {
  for (const [pattern, key] of LIST_ORDERS) {
    const m = pattern.exec(t);
    if (!m) continue;
    c.sort = key;
    return t.slice(0, m.index) + ' ' + t.slice(m.index + m[0].length);
  }
  for (const [pattern, key] of SUPERLATIVES) {
    const m = pattern.exec(t);
    if (!m) continue;
    c.sort = key;
    const before =
      /(?<![\d\s])\s*(\d+)\s*$|\b(?:top|the) (\d+) (?:homes|houses|condos|apartments|rentals|listings|ones|places|properties|townhouses|townhomes) (?:with|that have|having) (?:the )?$/.exec(
        t.slice(0, m.index),
      );
    const after = t.slice(m.index + m[0].length);
    const count = before?.[1] ?? before?.[2] ?? COUNT_AFTER.exec(after)?.[1];
    // "the second cheapest", "3rd most expensive": an ordinal just before the order.
    const nth = ORDINAL_BEFORE.exec(t.slice(0, m.index));
    // "the two biggest … after the biggest one", "… after the first 2": that many come before.
    const past = AFTER_FIRST.exec(after);
    const rank = (nth ? ORDINALS[nth[1]!]! - 1 : 0) + (past ? Number(past[1] ?? 1) : 0);
    if (rank > 0) c.rank = rank;
    if (count && Number(count) <= 20) c.limit = Number(count);
    // "the newest listing" is one; "the newest listings", "new listings", "just listed" are a list.
    // "low HOA" orders a list; "the lowest HOA" is one.
    else if (key === 'hoa-asc' && !/^(?:lowest|cheapest|smallest|least)/.test(m[0])) c.limit = undefined;
    else if (
      key === 'newest-listed'
        ? /\blisting$/.test(m[0]) || /^\s+(?:home|house|one|property|place|condo|apartment|rental)\b/.test(after)
        : !PLURAL.test(after)
    )
      c.limit = 1;
    const head = t.slice(0, nth ? m.index - nth[0].length : before ? m.index - before[0].length : m.index);
    return head + ' ' + after.replace(COUNT_AFTER, ' ').replace(AFTER_FIRST, ' ');
  }
  return t;
}

/** The question as read: its spelling corrected towards the listings' words, numbers in words as figures. */
function prepared(
  question: string,
  known: Vocabulary,
  isWord?: (word: string) => boolean,
): { q: string; corrections: [string, string][]; unsure: [string, string[]][] } {
  const corrected = correctSpelling(question, known.vocabulary, known.names, isWord);
  return { q: wordsToNumbers(corrected.text), corrections: corrected.corrections, unsure: corrected.unsure };
}

/** What a question may name listings by (places.ts namesIn), read as parseQuestion reads it: the listings to look up before. */
export function namesAsked(
  question: string,
  known: Vocabulary,
  isWord?: (word: string) => boolean,
): { mlsKeys: string[]; houseNumbers: string[] } {
  const { q } = prepared(question, known, isWord);
  return namesIn(q, normalize(q));
}

/** A question's criteria; `known`, the chatbot's vocabulary and the listings it may name (places.ts ListingsIndex). */
export function parseQuestion(question: string, known: ListingsIndex, now = new Date()): Criteria {
  const c = emptyCriteria();
  const read = prepared(question, known, known.isWord);
  c.corrections = read.corrections;
  c.unsure = read.unsure;
  let q = read.q;
  c.named = namedListings(q, normalize(q), known);
  const negated = negations(q, known);
  c.exclude = negated.exclude;
  q = negated.text;
  // A street named ("on Dale Mabry", "Pecan lane") is a place; its words are no other criterion.
  const streets = streetsIn(normalize(q), known);
  Object.assign(c, { streets: streets.keys, streetNames: streets.names });
  let t = readOrder(streets.rest, c);
  t = readNumbers(t, c, now);

  // Sale type and status.
  if (/\b(rent|rental|rentals|renting|lease|leasing|per month|a month|monthly)\b|\/ ?mo(nth)?\b/.test(t))
    c.saleType = 'for_rent';
  else if (/\b(for sale|buy|buying|purchase|to own|on sale)\b/.test(t)) c.saleType = 'for_sale';
  c.saleTypeSaid = c.saleType !== undefined;
  const statuses: Listing['Status'][] = [];
  if (/\bsold\b/.test(t) && !/\bnot sold\b/.test(t)) statuses.push('Sold');
  if (/\b(pre-?on-?market|pre-?market|coming soon|upcoming)\b/.test(t)) statuses.push('PreOnMarket');
  if (/\b(any status|all statuses|all listings|including sold)\b/.test(t))
    statuses.push('Active', 'PreOnMarket', 'Sold');
  if (statuses.length)
    Object.assign(c, {
      statuses: [...new Set(statuses.concat(/\b(active|available)\b/.test(t) ? ['Active'] : []))],
      statusesSaid: true,
    });
  if (c.price && !c.saleType) c.saleType = budgetMarket(c.price);

  // Tours.
  if (/\b(3d|3-d|virtual tour|matterport)\b/.test(t)) c.tours.push('3D');
  if (/\bopen houses?\b/.test(t)) c.tours.push('OpenHouse');
  t = t.replace(/\bopen houses?\b/g, ' ');
  if (!c.tours.length && /\btours?\b/.test(t)) c.anyTour = true;

  // Places and kinds, against what the listings hold; then what no field holds.
  Object.assign(c, placesAndKinds(q, t, known));
  const places = [...c.cities, ...c.states, ...Object.keys(STATE_NAMES)].map((p) => p.toLowerCase());
  c.features = featuresIn(t).filter((f) => !f.terms.some((term) => places.some((p) => p.split(' ').includes(term))));

  c.aboutListings = Boolean(
    narrows(c) ||
    c.named.length ||
    c.sort ||
    /\b(homes?|houses?|propert(y|ies)|listings?|apartments?|condos?|places?|available|for sale|mls|anything|bedrooms?|bathrooms?)\b/.test(
      t,
    ),
  );
  return c;
}
