/**
 * What a question names that only the listings can tell: listings by MLS number or street
 * address, cities, states and ZIP codes, kinds of property — and places none of them is in.
 */
import type { Listing } from '../../../protocol/index.ts';
import { derived } from './derived.ts';
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

/**
 * What the reading knows of a chatbot's listings without reading them: the places, kinds and streets
 * they name and the words of their addresses — small whatever the number of listings, and kept by
 * the database per change (listing-keys.ts termsOf, store/listings.ts).
 */
export interface Vocabulary {
  /** Longest first: "West Austin" before "Austin"; then by code unit. */
  cities: string[];
  states: ReadonlySet<string>;
  zips: ReadonlySet<string>;
  /** By code unit. */
  types: string[];
  /** The streets, by their name without its kind ("dale mabry" of "Dale Mabry Hwy"): each street's key ("dale mabry hwy") and how the listings write it. */
  streets: ReadonlyMap<string, { key: string; name: string }[]>;
  /** Words of the listings' streets and addresses: names, never spelling mistakes to correct. */
  names: ReadonlySet<string>;
  /** The words a question's spelling is corrected towards: the listings' places and kinds, and the domain's words. */
  vocabulary: ReadonlyMap<string, string>;
}

/** What a reading is given: the vocabulary, and the listings a conversation names or shows (in memory: all of them), in the listings' order. */
export interface ListingsIndex extends Vocabulary {
  /** The street addresses, by their house number ("12" of "12 oak st"), with each listing's place in the list. */
  addresses: Map<string, { at: number; listing: Listing; full: string; short: string }[]>;
  mls: Map<string, Listing[]>;
  byId: Map<string, Listing>;
  /** The first listing of each Url. */
  byUrl: Map<string, Listing>;
  /** Whether a word is one of the language's (its dictionary's: languages/lexicon.ts): never corrected into another. */
  isWord?: (word: string) => boolean;
}

const INDEX = Symbol('listings index');
/**
 * Every listing of a list, as a reading is given them, worked out once per list (derived.ts): the
 * engine tests and the eval give their listings in memory (search/catalog.ts memoryCatalog).
 */
export const listingsIndex = (listings: Listing[]): ListingsIndex =>
  derived(listings, INDEX, () => knownOf(vocabularyOfListings(listings), listings));

/** The vocabulary of some listings: what their terms are (termsOf), gathered as vocabularyOfTerms does. */
function vocabularyOfListings(listings: Listing[]): Vocabulary {
  return vocabularyOfTerms(listings.flatMap((l) => termsOf(l)));
}

/**
 * The vocabulary of a chatbot's terms — each a kind and a value (termsOf), in any order, any number
 * of times: each is taken once, and the lists ordered by value, so the same listings give the same
 * vocabulary whether counted in the database or read in memory.
 */
export function vocabularyOfTerms(terms: readonly { kind: TermKind; value: string }[]): Vocabulary {
  const of = (kind: TermKind) =>
    [...new Set(terms.filter((t) => t.kind === kind).map((t) => t.value))].sort(byCodeUnit);
  const cities = of('city').sort((a, b) => b.length - a.length);
  const states = new Set(of('state'));
  const types = of('type');
  const streets = new Map<string, { key: string; name: string }[]>();
  for (const value of of('street')) {
    const [name, key, written] = JSON.parse(value) as [string, string, string];
    const known = streets.get(name);
    if (!known) streets.set(name, [{ key, name: written }]);
    else if (!known.some((s) => s.key === key)) known.push({ key, name: written });
  }
  const stateNames = STATES.filter(([, code]) => states.has(code)).map(([name]) => name);
  return {
    cities,
    states,
    zips: new Set(of('zip')),
    types,
    streets,
    names: new Set(of('name')),
    vocabulary: vocabularyOf({ cities, stateNames, types }),
  };
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The kinds of term a listing names, and what each is (the database counts them per chatbot). */
export type TermKind = 'city' | 'state' | 'zip' | 'type' | 'street' | 'name';

/**
 * The terms one listing names, each once: its city, state, ZIP and kind; its street (name, key and
 * spelling: a JSON array of the three); the words of its address that are names (no digit, longer
 * than two letters).
 */
export function termsOf(
  l: Pick<Listing, 'City' | 'State' | 'ZIP' | 'PropertyType' | 'Address'>,
): { kind: TermKind; value: string }[] {
  const out: { kind: TermKind; value: string }[] = [];
  if (l.City) out.push({ kind: 'city', value: l.City });
  if (l.State) out.push({ kind: 'state', value: l.State.toUpperCase() });
  if (l.ZIP) out.push({ kind: 'zip', value: l.ZIP });
  out.push({ kind: 'type', value: l.PropertyType });
  const road = streetOf(l.Address);
  if (road.key) out.push({ kind: 'street', value: JSON.stringify([road.name, road.key, road.written]) });
  const words = new Set(
    addressKey(l.Address)
      .trim()
      .split(' ')
      .filter((w) => w.length > 2 && !/\d/.test(w)),
  );
  for (const value of words) out.push({ kind: 'name', value });
  return out;
}

/** The index a reading is given: the vocabulary, and `pool` — the listings it may find named or shown, in the listings' order. */
export function knownOf(vocabulary: Vocabulary, pool: readonly Listing[]): ListingsIndex {
  const index: ListingsIndex = {
    ...vocabulary,
    addresses: new Map(),
    mls: new Map(),
    byId: new Map(),
    byUrl: new Map(),
  };
  pool.forEach((listing, at) => {
    index.byId.set(listing.Id, listing);
    if (!index.byUrl.has(listing.Url)) index.byUrl.set(listing.Url, listing);
    const full = addressKey(listing.Address).trim();
    const [number, street] = full.split(' ');
    if (/^\d/.test(full)) {
      const known = index.addresses.get(number!);
      const entry = { at, listing, full, short: street ? `${number} ${street}` : '' };
      if (known) known.push(entry);
      else index.addresses.set(number!, [entry]);
    }
    const mls = mlsKey(listing.MLSNumber);
    if (mls) {
      const known = index.mls.get(mls);
      if (known) known.push(listing);
      else index.mls.set(mls, [listing]);
    }
  });
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
export function streetsIn(normalized: string, known: Vocabulary): { keys: string[]; names: string[]; rest: string } {
  const { streets } = known;
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

/** At most this many MLS numbers and house numbers of one question are looked up (no one names more homes at once). */
const MAX_NAMES = 16;

/**
 * What a question may name listings by: the MLS numbers after "MLS" (as mlsKey compares them), and
 * the house numbers of its words — only a listing with one of them can be named by its address.
 */
export function namesIn(question: string, normalized: string): { mlsKeys: string[]; houseNumbers: string[] } {
  const mlsKeys = new Set<string>();
  for (const m of normalized.matchAll(/\bmls(?:\s*(?:#|no\.?|number))?(?:\s*[:#-])?\s*([a-z0-9][a-z0-9-]*)/g)) {
    if (mlsKeys.size >= MAX_NAMES) break;
    mlsKeys.add(mlsKey(m[1]!));
  }
  const houseNumbers = [...new Set(addressKey(question).split(' '))].filter((w) => /^\d/.test(w)).slice(0, MAX_NAMES);
  return { mlsKeys: [...mlsKeys], houseNumbers };
}

/** The listings a question names by MLS number ("MLS# 2400099") or street address ("12 Oak Street"). */
export function namedListings(question: string, normalized: string, known: ListingsIndex): Listing[] {
  const { mls, addresses } = known;
  const asked = namesIn(question, normalized);
  const named: Listing[] = asked.mlsKeys.flatMap((key) => mls.get(key) ?? []);
  // Only the addresses whose house number the question has can be in it; they are taken in the listings' order.
  const q = addressKey(question);
  const candidates = asked.houseNumbers.flatMap((word) => addresses.get(word) ?? []).sort((a, b) => a.at - b.at);
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
export function placesAndKinds(question: string, normalized: string, known: Vocabulary): PlacesAndKinds {
  const t = normalized;
  const { cities, states, zips, types } = known;
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
function unknownPlaces(
  question: string,
  cities: string[],
  states: ReadonlySet<string>,
  zips: ReadonlySet<string>,
): string[] {
  const known = (phrase: string) => {
    const p = phrase.toLowerCase();
    return (
      cities.some((city) => has(p, city.toLowerCase())) ||
      STATES.some(([name, code]) => states.has(code) && has(p, name)) ||
      [...states].some((code) => hasWord(phrase, code))
    );
  };
  const out: string[] = [];
  // "in Boston", and a part of one: "which part of Dallas", "a neighborhood of Houston".
  for (const m of question.matchAll(
    /\b(?:in|near|around|(?:part|parts|area|areas|side|neighbou?rhoods?) of)\s+((?:[A-Z][\p{L}'.-]+)(?:\s+[A-Z][\p{L}'.-]+)*)/gu,
  ))
    if (!known(m[1]!) && !/^(MLS|I)$/.test(m[1]!)) out.push(m[1]!);
  for (const m of question.matchAll(/\b(?:in|near|around|zip(?: code)?)\s*(\d{5})\b/gi))
    if (!zips.has(m[1]!)) out.push(m[1]!);
  return out;
}
