/**
 * What a question names that only the listings can tell: listings by MLS number or street
 * address, cities, states and ZIP codes, kinds of property — and places none of them is in.
 */
import type { Listing } from '../../../protocol/index.ts';
import { derived } from '../derived.ts';
import { boundaryAt, vocabularyOf } from './words.ts';

export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/\s+/g, ' ');
}

const ABBREVIATIONS: [RegExp, string][] = [
  [/\bstreet\b/g, 'st'],
  [/\bavenue\b/g, 'ave'],
  [/\broad\b/g, 'rd'],
  [/\bdrive\b/g, 'dr'],
  [/\bboulevard\b/g, 'blvd'],
  [/\blane\b/g, 'ln'],
  [/\bcourt\b/g, 'ct'],
  [/\bplace\b/g, 'pl'],
  [/\bterrace\b/g, 'ter'],
  [/\bcircle\b/g, 'cir'],
  [/\bparkway\b/g, 'pkwy'],
  [/\bhighway\b/g, 'hwy'],
  [/\bnorth\b/g, 'n'],
  [/\bsouth\b/g, 's'],
  [/\beast\b/g, 'e'],
  [/\bwest\b/g, 'w'],
];
/** An address as compared: normalized, street words abbreviated ("12 North Oak Street" → " 12 n oak st "). */
export function addressKey(text: string): string {
  let s = normalize(text).replace(/[^\p{L}\p{N} ]+/gu, ' ');
  for (const [re, short] of ABBREVIATIONS) s = s.replace(re, short);
  return ` ${s.replace(/\s+/g, ' ').trim()} `;
}

export const mlsKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .replace(/^mls/, '');

export const STATE_NAMES: Record<string, string> = {
  alabama: 'AL',
  alaska: 'AK',
  arizona: 'AZ',
  arkansas: 'AR',
  california: 'CA',
  colorado: 'CO',
  connecticut: 'CT',
  delaware: 'DE',
  florida: 'FL',
  georgia: 'GA',
  hawaii: 'HI',
  idaho: 'ID',
  illinois: 'IL',
  indiana: 'IN',
  iowa: 'IA',
  kansas: 'KS',
  kentucky: 'KY',
  louisiana: 'LA',
  maine: 'ME',
  maryland: 'MD',
  massachusetts: 'MA',
  michigan: 'MI',
  minnesota: 'MN',
  mississippi: 'MS',
  missouri: 'MO',
  montana: 'MT',
  nebraska: 'NE',
  nevada: 'NV',
  'new hampshire': 'NH',
  'new jersey': 'NJ',
  'new mexico': 'NM',
  'new york': 'NY',
  'north carolina': 'NC',
  'north dakota': 'ND',
  ohio: 'OH',
  oklahoma: 'OK',
  oregon: 'OR',
  pennsylvania: 'PA',
  'rhode island': 'RI',
  'south carolina': 'SC',
  'south dakota': 'SD',
  tennessee: 'TN',
  texas: 'TX',
  utah: 'UT',
  vermont: 'VT',
  virginia: 'VA',
  washington: 'WA',
  'west virginia': 'WV',
  wisconsin: 'WI',
  wyoming: 'WY',
};

const STATES = Object.entries(STATE_NAMES);

/** Words that ask for a kind of property, and how a listing's PropertyType says it. */
const TYPE_SYNONYMS: [RegExp, RegExp][] = [
  [/\b(house|houses|single[- ]family)\b/, /single[- ]family|^houses?$|detached/i],
  [/\b(condo|condos|condominiums?)\b/, /condo/i],
  [/\b(town ?houses?|town ?homes?)\b/, /town ?(house|home)/i],
  [/\b(apartments?|apts?|flats?)\b/, /apartment|flat/i],
  [/\b(duplex|duplexes|multi[- ]family)\b/, /duplex|multi/i],
  [/\b(land|lots|acreage)\b/, /land|lot/i],
];

const LETTER_OR_DIGIT_BEFORE = /[\p{L}\p{N}]$/u;
const LETTER_OR_DIGIT_AFTER = /^[\p{L}\p{N}]/u;
/**
 * Whether `phrase` is in `text` as a whole — between characters that are no letter or digit, or
 * the ends: "austin" in "homes in austin, tx", not in "austinville". No pattern is built: the places
 * and kinds are the listings', a new one with every chatbot.
 */
function has(text: string, phrase: string): boolean {
  if (!phrase) return false;
  for (let at = text.indexOf(phrase); at !== -1; at = text.indexOf(phrase, at + 1)) {
    const end = at + phrase.length;
    if (
      !LETTER_OR_DIGIT_BEFORE.test(text.slice(Math.max(0, at - 2), at)) &&
      !LETTER_OR_DIGIT_AFTER.test(text.slice(end, end + 2))
    )
      return true;
  }
  return false;
}
/** Whether `word` is in `text` between word boundaries as `\b` finds them (ASCII): "TX" in "Austin, TX". */
function hasWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1))
    if (boundaryAt(text, at) && boundaryAt(text, at + word.length)) return true;
  return false;
}

/** What matching a question needs of a chatbot's listings. */
interface ListingsIndex {
  /** The street addresses, by their house number ("12" of "12 oak st"), with each listing's place in the list. */
  addresses: Map<string, { at: number; listing: Listing; full: string; short: string }[]>;
  mls: Map<string, Listing[]>;
  /** Longest first: "West Austin" before "Austin". */
  cities: string[];
  states: Set<string>;
  zips: Set<string>;
  types: string[];
  /** The streets, by their name without its kind ("dale mabry" of "Dale Mabry Hwy"): each street's key ("dale mabry hwy") and how the listings write it. */
  streets: Map<string, { key: string; name: string }[]>;
  /** Words of the listings' streets and addresses: names, never spelling mistakes to correct. */
  names: Set<string>;
  byId: Map<string, Listing>;
  /** The words a question's spelling is corrected towards: the listings' places and kinds, and the domain's words. */
  vocabulary: Map<string, string>;
}

const INDEX = Symbol('listings index');
/**
 * Worked out once per list of listings (derived.ts): the answer engines are given the same array
 * for as long as a chatbot's listings are unchanged (the app's ListingsCache), and every question —
 * and every earlier question of the conversation, read again — matches against it.
 */
export const listingsIndex = (listings: Listing[]): ListingsIndex => derived(listings, INDEX, () => indexOf(listings));

function indexOf(listings: Listing[]): ListingsIndex {
  const index: ListingsIndex = {
    addresses: new Map(),
    mls: new Map(),
    cities: [],
    states: new Set(),
    zips: new Set(),
    types: [],
    streets: new Map(),
    names: new Set(),
    byId: new Map(listings.map((l) => [l.Id, l])),
    vocabulary: new Map(),
  };
  listings.forEach((listing, at) => {
    const road = streetOf(listing.Address);
    if (road.key) {
      const known = index.streets.get(road.name) ?? [];
      if (!known.some((s) => s.key === road.key))
        index.streets.set(road.name, [...known, { key: road.key, name: road.written }]);
    }
    const full = addressKey(listing.Address).trim();
    for (const word of full.split(' ')) if (word.length > 2 && !/\d/.test(word)) index.names.add(word);
    const [number, street] = full.split(' ');
    if (/^\d/.test(full))
      index.addresses.set(number!, [
        ...(index.addresses.get(number!) ?? []),
        { at, listing, full, short: street ? `${number} ${street}` : '' },
      ]);
    const mls = mlsKey(listing.MLSNumber);
    if (mls) index.mls.set(mls, [...(index.mls.get(mls) ?? []), listing]);
  });
  index.cities = [...new Set(listings.map((l) => l.City).filter(Boolean))].sort((a, b) => b.length - a.length);
  index.states = new Set(listings.map((l) => l.State.toUpperCase()).filter(Boolean));
  index.zips = new Set(listings.map((l) => l.ZIP).filter(Boolean));
  index.types = [...new Set(listings.map((l) => l.PropertyType))];
  const stateNames = STATES.filter(([, code]) => index.states.has(code)).map(([name]) => name);
  index.vocabulary = vocabularyOf({ cities: index.cities, stateNames, types: index.types });
  return index;
}

/** The kinds of street, as addressKey writes them. */
const STREET_KIND =
  /^(?:st|ave|rd|dr|blvd|ln|ct|pl|ter|cir|pkwy|hwy|way|trl|trail|row|sq|loop|pike|path|walk|hill|run|xing|aly|plz)$/;

/**
 * The street of an address: its key ("dale mabry hwy" — no house number or unit, addressKey's
 * abbreviations), its name without the kind ("dale mabry"), and as the listing writes it.
 */
export function streetOf(address: string): { key: string; name: string; written: string } {
  const written = address
    .replace(/(?<!\s)\s+(?:unit|apt|apartment|suite|#)\s*\S+$/i, '')
    .replace(/^\s*\d+[a-z]?\s+/i, '')
    .trim();
  const key = addressKey(written).trim();
  const words = key.split(' ');
  const name = words.length > 1 && STREET_KIND.test(words.at(-1)!) ? words.slice(0, -1).join(' ') : key;
  return { key, name, written };
}

const STREET_KEY = Symbol('street key');
/** A listing's street key, worked out once per listing (derived.ts; searches compare it for every listing). */
export const streetKeyOf = (l: Listing): string => derived(l, STREET_KEY, () => streetOf(l.Address).key);

/**
 * The streets a question names: a street's name after "on" ("whats on dale mabry"), or followed by
 * a kind of street ("Pecan lane", "Mississippi Ave"). Returns the streets' keys, and the question
 * with the street's words taken out (they are a name, not criteria). Each word is looked at once,
 * with the two after it: linear in the question.
 */
export function streetsIn(normalized: string, listings: Listing[]): { keys: string[]; names: string[]; rest: string } {
  const { streets } = listingsIndex(listings);
  const words = normalized.split(' ');
  const out = { keys: [] as string[], names: [] as string[], rest: normalized };
  if (!streets.size) return out;
  const bare = words.map((w) => addressKey(w).trim());
  for (let i = 0; i < words.length; i++) {
    for (let n = 3; n >= 1; n--) {
      const found = streets.get(bare.slice(i, i + n).join(' '));
      if (!found || i + n > words.length) continue;
      const kind = bare[i + n] && STREET_KIND.test(bare[i + n]!) ? bare[i + n]! : '';
      if (!kind && bare[i - 1] !== 'on') continue;
      const sameKind = found.filter((s) => s.key.endsWith(` ${kind}`));
      const chosen = kind && sameKind.length ? sameKind : found;
      for (const s of chosen) {
        if (out.keys.includes(s.key)) continue;
        out.keys.push(s.key);
        out.names.push(s.name);
      }
      for (let j = i; j < i + n + (kind ? 1 : 0); j++) words[j] = '';
      i += n - 1;
      break;
    }
  }
  out.rest = words.join(' ');
  return out;
}

/** The listings a question names by MLS number ("MLS# 2400099") or street address ("12 Oak Street"). */
export function namedListings(question: string, normalized: string, listings: Listing[]): Listing[] {
  const { mls, addresses } = listingsIndex(listings);
  const named: Listing[] = [];
  for (const m of normalized.matchAll(/\bmls(?:\s*(?:#|no\.?|number))?(?:\s*[:#-])?\s*([a-z0-9][a-z0-9-]*)/g))
    named.push(...(mls.get(mlsKey(m[1]!)) ?? []));
  // Only the addresses whose house number the question has can be in it; they are taken in the listings' order.
  const q = addressKey(question);
  const candidates = [...new Set(q.split(' '))]
    .flatMap((word) => addresses.get(word) ?? [])
    .sort((a, b) => a.at - b.at);
  for (const { listing, full, short } of candidates)
    if (q.includes(` ${full} `) || (short && q.includes(` ${short} `))) named.push(listing);
  return [...new Set(named)];
}

export interface PlacesAndKinds {
  cities: string[];
  states: string[];
  zips: string[];
  unknownPlaces: string[];
  propertyTypes: string[];
}

/** The places and kinds of property a question asks for, as the listings spell them. */
export function placesAndKinds(question: string, normalized: string, listings: Listing[]): PlacesAndKinds {
  const t = normalized;
  const { cities, states, zips, types } = listingsIndex(listings);
  const out: PlacesAndKinds = { cities: [], states: [], zips: [], unknownPlaces: [], propertyTypes: [] };
  for (const city of cities) if (has(t, city.toLowerCase())) out.cities.push(city);
  for (const [name, code] of STATES)
    if (states.has(code) && has(t, name) && !out.cities.some((x) => has(x.toLowerCase(), name))) out.states.push(code);
  // A state code only where a place is named ("in TX", "Austin, TX"): "Austin OR Denver" is not Oregon.
  for (const m of question.matchAll(/(?:\b(?:in|near)\s+|,\s*)([A-Z]{2})\b/g))
    if (states.has(m[1]!) && !out.states.includes(m[1]!)) out.states.push(m[1]!);
  for (const m of t.matchAll(/\b(\d{5})\b/g)) if (zips.has(m[1]!)) out.zips.push(m[1]!);
  out.unknownPlaces = unknownPlaces(question, cities, states, zips);
  for (const type of types) if (has(t, type.toLowerCase())) out.propertyTypes.push(type);
  for (const [asked, typePattern] of TYPE_SYNONYMS)
    if (asked.test(t))
      out.propertyTypes.push(...types.filter((x) => typePattern.test(x) && !out.propertyTypes.includes(x)));
  return out;
}

/** Capitalised names and ZIP codes after "in"/"near" that are none of the listings' places. */
function unknownPlaces(question: string, cities: string[], states: Set<string>, zips: Set<string>): string[] {
  const known = (phrase: string) => {
    const p = phrase.toLowerCase();
    return (
      cities.some((city) => has(p, city.toLowerCase())) ||
      STATES.some(([name, code]) => states.has(code) && has(p, name)) ||
      [...states].some((code) => hasWord(phrase, code))
    );
  };
  const out: string[] = [];
  for (const m of question.matchAll(/\b(?:in|near|around)\s+((?:[A-Z][\p{L}'.-]+)(?:\s+[A-Z][\p{L}'.-]+)*)/gu))
    if (!known(m[1]!) && !/^(MLS|I)$/.test(m[1]!)) out.push(m[1]!);
  for (const m of question.matchAll(/\b(?:in|near|around|zip(?: code)?)\s*(\d{5})\b/gi))
    if (!zips.has(m[1]!)) out.push(m[1]!);
  return out;
}
