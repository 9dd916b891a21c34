/**
 * Understanding a question about listings: "3 bedroom homes for sale in Austin under $500k",
 * "rentals with 2 baths and parking", "what's the price of MLS 12345", "tell me about 12 Oak St",
 * "anything with a 3D tour?". Places, types and addresses are recognised against the chatbot's
 * own listings, so "Austin" is a city because a listing is in Austin.
 */
import type { Listing } from '../../protocol/index.ts';
import { namedListings, normalize, placesAndKinds } from './places.ts';

type Range = { min?: number; max?: number };

export interface Criteria {
  saleType?: 'for_sale' | 'for_rent';
  /** Active unless the question asks for other statuses. */
  statuses: Listing['Status'][];
  cities: string[];
  states: string[];
  zips: string[];
  price?: Range;
  bedrooms?: Range;
  bathrooms?: Range;
  propertyTypes: string[];
  /** Building area, in square feet. */
  area?: Range;
  yearBuilt?: Range;
  tours: ('OpenHouse' | '3D')[];
  anyTour: boolean;
  minParking?: number;
  /** Listings the question names by MLS number or address: answered whatever the other criteria. */
  named: Listing[];
  /** Places the question names that no listing is in ("homes in Boston"): nothing can match. */
  unknownPlaces: string[];
  /** Something was asked of the listings (a criterion, or a word such as "homes"). */
  aboutListings: boolean;
}

const WORDS: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const NUM = `(\\d+(?:\\.\\d+)?|${Object.keys(WORDS).join('|')})`;
const num = (s: string) => WORDS[s] ?? Number(s);
/** "3+" or "3 or more" between a count and its noun. */
const OR_MORE = '(\\+|or more|or fewer|or less)?';
const AT_LEAST = /(at least|no less than|not less than|min(?:imum)?|from|starting at|>=)$/;
const AT_MOST = /(at most|no more than|not more than|max(?:imum)?|up to|within|<=)$/;
const MORE_THAN = /(more than|over|above|bigger than|larger than|greater than|>)$/;
const LESS_THAN = /(less than|fewer than|under|below|cheaper than|smaller than|<)$/;
const COMPARATOR = /(at least|min(?:imum)?|from|starting at|more than|over|above|greater than|under|below|less than|cheaper than|max(?:imum)?|at most|up to|no more than|within|between|budget(?: of| is)?|[<>]=?)\s*$/;
export const SQFT_PER_SQM = 10.7639;

/**
 * The range a number stands for, from the words around it: "at least 3", "3+", "3 or more" → min;
 * "at most 3", "no more than 3" → max; "more than 3" → min 4 and "under 3" → max 2, a small count
 * moving by `step` (half a bathroom for baths); otherwise `plain`. Inclusive words are tested first:
 * "no more than" ends with "more than".
 */
function ranged(before: string, value: number, after: string, plain: 'exact' | 'min' | 'max', step = Number.isInteger(value) && value < 100 ? 1 : 0): Range {
  const b = before.trim();
  const a = after.trim();
  if (/^(\+|or more|or bigger|or larger|or newer|plus)/.test(a) || AT_LEAST.test(b)) return { min: value };
  if (/^(or less|or fewer|or under)/.test(a) || AT_MOST.test(b)) return { max: value };
  if (MORE_THAN.test(b)) return { min: value + step };
  if (LESS_THAN.test(b)) return { max: value - step };
  return plain === 'exact' ? { min: value, max: value } : plain === 'min' ? { min: value } : { max: value };
}

function amount(digits: string, suffix = ''): number {
  const n = Number(digits);
  return /^(k|thousand)$/i.test(suffix) ? n * 1e3 : /^(m|mm|million)$/i.test(suffix) ? n * 1e6 : n;
}


export function parseQuestion(question: string, listings: Listing[], now = new Date()): Criteria {
  let t = normalize(question);
  const c: Criteria = { statuses: ['Active'], cities: [], states: [], zips: [], propertyTypes: [], tours: [], anyTour: false, named: [], unknownPlaces: [], aboutListings: false };

  // Named listings: MLS numbers and street addresses.
  c.named = namedListings(question, t, listings);

  // Area, then years, then money: each is taken out of the text so its numbers are not read twice.
  t = t.replace(/(.{0,25}?)(\d+(?:\.\d+)?)\s*(k)?\s*(sq\.? ?ft|sqft|square (?:feet|foot)|ft2|ft²|sf|sq\.? ?m\b|sqm|square met(?:er|re)s?|m2|m²)(.{0,12})/g, (_, before: string, n: string, k: string, unit: string, after: string) => {
    const value = amount(n, k) * (/m/.test(unit.replace(/square (feet|foot)/, '')) && !/ft/.test(unit) ? SQFT_PER_SQM : 1);
    c.area = { ...c.area, ...ranged(before, value, after, 'min') };
    return `${before} ${after}`;
  });
  t = t.replace(/\b(built|constructed|year built|built in)\s*(after|since|before|prior to|in)?\s*(\d{4})\b/g, (_, __, when: string | undefined, y: string) => {
    const year = Number(y);
    c.yearBuilt = when === 'after' ? { min: year + 1 } : when === 'since' ? { min: year } : when === 'before' || when === 'prior to' ? { max: year - 1 } : { min: year, max: year };
    return ' ';
  });
  t = t.replace(/\b(newer|older) than (\d{4})\b/g, (_, which: string, y: string) => {
    c.yearBuilt = which === 'newer' ? { min: Number(y) + 1 } : { max: Number(y) - 1 };
    return ' ';
  });
  if (/\bnew (construction|build)\b/.test(t)) c.yearBuilt = { min: now.getUTCFullYear() - 2 };

  // Rooms and parking. "2-3 bedrooms", "between 1 and 2 baths" first: the money below would read them as a budget.
  t = t.replace(new RegExp(`\\b(?:between\\s*)?${NUM}\\s*(?:-|to|and|or)\\s*${NUM}\\s*-?\\s*(bed(?:room)?s?|br|bd|bdrms?|bath(?:room)?s?|ba)\\b`, 'g'), (match: string, a: string, b: string, noun: string) => {
    const [min, max] = [num(a), num(b)].sort((x, y) => x - y) as [number, number];
    if (max >= 20) return match;
    if (/^ba/.test(noun)) c.bathrooms = { min, max };
    else c.bedrooms = { min, max };
    return ' ';
  });
  t = t.replace(new RegExp(`(.{0,20}?)\\b${NUM}\\s*${OR_MORE}\\s*-?\\s*(?:bed(?:room)?s?|br|bd|bdrms?)\\b(.{0,10})`, 'g'), (_, before: string, n: string, more: string | undefined, after: string) => {
    c.bedrooms = ranged(before, num(n), `${more ?? ''}${after}`, 'exact');
    return `${before} ${after}`;
  });
  if (/\bstudios?\b/.test(t)) c.bedrooms = { min: 0, max: 0 };
  t = t.replace(new RegExp(`(.{0,20}?)\\b${NUM}\\s*${OR_MORE}\\s*-?\\s*(?:bath(?:room)?s?|ba)\\b(.{0,10})`, 'g'), (_, before: string, n: string, more: string | undefined, after: string) => {
    c.bathrooms = ranged(before, num(n), `${more ?? ''}${after}`, 'min', 0.5);
    return `${before} ${after}`;
  });
  const spots = new RegExp(`\\b${NUM}\\s*(?:-?car|parking)\\s*(?:garage|spots?|spaces?)?`).exec(t);
  if (spots) c.minParking = num(spots[1]!);
  else if (/\b(parking|garage|carport)\b/.test(t)) c.minParking = 1;

  // Sale type and status.
  if (/\b(rent|rental|rentals|renting|lease|leasing|per month|a month|monthly)\b|\/ ?mo(nth)?\b/.test(t)) c.saleType = 'for_rent';
  else if (/\b(for sale|buy|buying|purchase|to own|on sale)\b/.test(t)) c.saleType = 'for_sale';
  const statuses: Listing['Status'][] = [];
  if (/\bsold\b/.test(t) && !/\bnot sold\b/.test(t)) statuses.push('Sold');
  if (/\b(pre-?on-?market|pre-?market|coming soon|upcoming)\b/.test(t)) statuses.push('PreOnMarket');
  if (/\b(any status|all statuses|all listings|including sold)\b/.test(t)) statuses.push('Active', 'PreOnMarket', 'Sold');
  if (statuses.length) c.statuses = [...new Set(statuses.concat(/\b(active|available)\b/.test(t) ? ['Active'] : []))];

  // Money: a number with $, k/m, a comparator before it or "/month" after it (not a ZIP or a house number).
  const MONEY = `\\$?\\s?(\\d+(?:\\.\\d+)?)\\s?(k|m|mm|thousand|million)?\\b`;
  const between = new RegExp(`(?:between|from)\\s*${MONEY}\\s*(?:and|to|-)\\s*${MONEY}|\\$\\s?(\\d+(?:\\.\\d+)?)\\s?(k|m)?\\s*(?:-|to)\\s*\\$?\\s?(\\d+(?:\\.\\d+)?)\\s?(k|m)?\\b`).exec(t);
  if (between) {
    const [a, as, b, bs] = between[1] ? between.slice(1, 5) : between.slice(5, 9);
    c.price = { min: amount(a!, as ?? bs), max: amount(b!, bs) };
    t = t.replace(between[0], ' ');
  }
  for (const m of t.matchAll(new RegExp(`(.{0,24}?)(\\$)?\\s?(\\d+(?:\\.\\d+)?)\\s?(k|m|mm|thousand|million)?\\b(.{0,12})`, 'g'))) {
    const [, before, dollar, n, suffix, after] = m as unknown as [string, string, string | undefined, string, string | undefined, string];
    const monthly = /^\s*(\/ ?mo|per month|a month|monthly)/.test(after);
    if (!dollar && !suffix && !monthly && !COMPARATOR.test(before.trim())) continue;
    const value = amount(n, suffix);
    c.price = /\b(around|about|approximately|roughly)\s*$/.test(before) ? { min: value * 0.9, max: value * 1.1 } : { ...c.price, ...ranged(before, value, after, 'max') };
  }

  // A budget without a sale type says which one: rents are monthly, purchases are not.
  if (c.price && !c.saleType) c.saleType = (c.price.max ?? c.price.min ?? 0) >= 20_000 ? 'for_sale' : 'for_rent';

  // Tours.
  if (/\b(3d|3-d|virtual tour|matterport)\b/.test(t)) c.tours.push('3D');
  if (/\bopen houses?\b/.test(t)) c.tours.push('OpenHouse');
  t = t.replace(/\bopen houses?\b/g, ' ');
  if (!c.tours.length && /\btours?\b/.test(t)) c.anyTour = true;

  // Places and kinds, against what the listings hold.
  Object.assign(c, placesAndKinds(question, t, listings));

  const criteria = c.saleType || c.price || c.bedrooms || c.bathrooms || c.area || c.yearBuilt || c.minParking !== undefined;
  const places = c.cities.length || c.states.length || c.zips.length || c.unknownPlaces.length || c.propertyTypes.length || c.tours.length || c.anyTour;
  c.aboutListings = Boolean(
    criteria || places || c.named.length || statuses.length ||
      /\b(homes?|houses?|propert(y|ies)|listings?|apartments?|condos?|places?|available|for sale|mls|anything|bedrooms?|bathrooms?)\b/.test(t),
  );
  return c;
}
