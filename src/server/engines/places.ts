/**
 * What a question names that only the listings can tell: listings by MLS number or street
 * address, cities, states and ZIP codes, kinds of property — and places none of them is in.
 */
import type { Listing } from '../../protocol/index.ts';

export function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2010-\u2015]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/\s+/g, ' ');
}

const ABBREVIATIONS: [RegExp, string][] = [
  [/\bstreet\b/g, 'st'], [/\bavenue\b/g, 'ave'], [/\broad\b/g, 'rd'], [/\bdrive\b/g, 'dr'], [/\bboulevard\b/g, 'blvd'],
  [/\blane\b/g, 'ln'], [/\bcourt\b/g, 'ct'], [/\bplace\b/g, 'pl'], [/\bterrace\b/g, 'ter'], [/\bcircle\b/g, 'cir'],
  [/\bparkway\b/g, 'pkwy'], [/\bhighway\b/g, 'hwy'], [/\bnorth\b/g, 'n'], [/\bsouth\b/g, 's'], [/\beast\b/g, 'e'], [/\bwest\b/g, 'w'],
];
function addressKey(text: string): string {
  let s = normalize(text).replace(/[^\p{L}\p{N} ]+/gu, ' ');
  for (const [re, short] of ABBREVIATIONS) s = s.replace(re, short);
  return ` ${s.replace(/\s+/g, ' ').trim()} `;
}

const mlsKey = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '').replace(/^mls/, '');

export const STATE_NAMES: Record<string, string> = {
  alabama: 'AL', alaska: 'AK', arizona: 'AZ', arkansas: 'AR', california: 'CA', colorado: 'CO', connecticut: 'CT', delaware: 'DE',
  florida: 'FL', georgia: 'GA', hawaii: 'HI', idaho: 'ID', illinois: 'IL', indiana: 'IN', iowa: 'IA', kansas: 'KS', kentucky: 'KY',
  louisiana: 'LA', maine: 'ME', maryland: 'MD', massachusetts: 'MA', michigan: 'MI', minnesota: 'MN', mississippi: 'MS', missouri: 'MO',
  montana: 'MT', nebraska: 'NE', nevada: 'NV', 'new hampshire': 'NH', 'new jersey': 'NJ', 'new mexico': 'NM', 'new york': 'NY',
  'north carolina': 'NC', 'north dakota': 'ND', ohio: 'OH', oklahoma: 'OK', oregon: 'OR', pennsylvania: 'PA', 'rhode island': 'RI',
  'south carolina': 'SC', 'south dakota': 'SD', tennessee: 'TN', texas: 'TX', utah: 'UT', vermont: 'VT', virginia: 'VA',
  washington: 'WA', 'west virginia': 'WV', wisconsin: 'WI', wyoming: 'WY',
};

/** Words that ask for a kind of property, and how a listing's PropertyType says it. */
const TYPE_SYNONYMS: [RegExp, RegExp][] = [
  [/\b(house|houses|single[- ]family)\b/, /single[- ]family|^houses?$|detached/i],
  [/\b(condo|condos|condominiums?)\b/, /condo/i],
  [/\b(town ?houses?|town ?homes?)\b/, /town ?(house|home)/i],
  [/\b(apartments?|apts?|flats?)\b/, /apartment|flat/i],
  [/\b(duplex|duplexes|multi[- ]family)\b/, /duplex|multi/i],
  [/\b(land|lots|acreage)\b/, /land|lot/i],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const has = (text: string, phrase: string) => new RegExp(`(^|[^\\p{L}\\p{N}])${escape(phrase)}($|[^\\p{L}\\p{N}])`, 'u').test(text);

/** The listings a question names by MLS number ("MLS# 2400099") or street address ("12 Oak Street"). */
export function namedListings(question: string, normalized: string, listings: Listing[]): Listing[] {
  const named: Listing[] = [];
  for (const m of normalized.matchAll(/\bmls\s*(?:#|no\.?|number)?\s*[:#-]?\s*([a-z0-9][a-z0-9-]*)/g)) {
    const key = mlsKey(m[1]!);
    named.push(...listings.filter((l) => key && mlsKey(l.MLSNumber) === key));
  }
  const q = addressKey(question);
  for (const l of listings) {
    const a = addressKey(l.Address).trim();
    if (!/^\d/.test(a)) continue;
    const short = a.split(' ').slice(0, 2).join(' ');
    if (q.includes(` ${a} `) || (short.includes(' ') && q.includes(` ${short} `))) named.push(l);
  }
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
  const out: PlacesAndKinds = { cities: [], states: [], zips: [], unknownPlaces: [], propertyTypes: [] };
  const cities = [...new Set(listings.map((l) => l.City).filter(Boolean))].sort((a, b) => b.length - a.length);
  for (const city of cities) if (has(t, city.toLowerCase())) out.cities.push(city);
  const states = new Set(listings.map((l) => l.State.toUpperCase()).filter(Boolean));
  for (const [name, code] of Object.entries(STATE_NAMES)) if (states.has(code) && has(t, name) && !out.cities.some((x) => has(x.toLowerCase(), name))) out.states.push(code);
  // A state code only where a place is named ("in TX", "Austin, TX"): "Austin OR Denver" is not Oregon.
  for (const m of question.matchAll(/(?:\b(?:in|near)\s+|,\s*)([A-Z]{2})\b/g)) if (states.has(m[1]!) && !out.states.includes(m[1]!)) out.states.push(m[1]!);
  const zips = new Set(listings.map((l) => l.ZIP).filter(Boolean));
  for (const m of t.matchAll(/\b(\d{5})\b/g)) if (zips.has(m[1]!)) out.zips.push(m[1]!);
  out.unknownPlaces = unknownPlaces(question, cities, states, zips);
  const types = [...new Set(listings.map((l) => l.PropertyType))];
  for (const type of types) if (has(t, type.toLowerCase())) out.propertyTypes.push(type);
  for (const [asked, typePattern] of TYPE_SYNONYMS)
    if (asked.test(t)) out.propertyTypes.push(...types.filter((x) => typePattern.test(x) && !out.propertyTypes.includes(x)));
  return out;
}

/** Capitalised names and ZIP codes after "in"/"near" that are none of the listings' places. */
function unknownPlaces(question: string, cities: string[], states: Set<string>, zips: Set<string>): string[] {
  const known = (phrase: string) => {
    const p = phrase.toLowerCase();
    return (
      cities.some((city) => has(p, city.toLowerCase())) ||
      Object.entries(STATE_NAMES).some(([name, code]) => states.has(code) && has(p, name)) ||
      [...states].some((code) => new RegExp(`\\b${code}\\b`).test(phrase))
    );
  };
  const out: string[] = [];
  for (const m of question.matchAll(/\b(?:in|near|around)\s+((?:[A-Z][\p{L}'.-]+)(?:\s+[A-Z][\p{L}'.-]+)*)/gu))
    if (!known(m[1]!) && !/^(MLS|I)$/.test(m[1]!)) out.push(m[1]!);
  for (const m of question.matchAll(/\b(?:in|near|around|zip(?: code)?)\s*(\d{5})\b/gi)) if (!zips.has(m[1]!)) out.push(m[1]!);
  return out;
}
