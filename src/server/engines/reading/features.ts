/**
 * What a question asks for that no listing field holds — "a pool", "near a school", "a water view".
 * Such a feature is looked for in the listings' own words (Description, and the ExtensionColumn
 * values beside their keys: "Water View"); what no listing mentions is said, never dropped.
 */
import type { Listing } from '../../../protocol/index.ts';
import { boundaryAt } from './words.ts';

export interface Feature {
  /** As the visitor put it, cleaned: "a pool", "a water view", "good schools". */
  phrase: string;
  /** How it relates to a home: it has it, or it is near it. */
  relation: 'has' | 'near';
  /** The words looked for in the listings' text, stemmed ("schools" → "school"). */
  terms: string[];
}

/** Words that introduce a feature, and the relation they mean. */
const CUES =
  /(?<!\b(?:i|we|you|they|i've|we've)\s)\b(with|w\/|has|have|having|featuring|features|includes?|including|that has|near|nearby|close to|next to|walking distance (?:to|from|of)|walkable to|by the)\s+/g;
const NEAR_CUE = /^(near|nearby|close to|next to|walking|walkable|by the)/;
/** Words a feature phrase ends before. */
const STOP: ReadonlySet<string> = new Set(
  `and or but in at for to from on of under over below above between around about within than that which who where please thanks
   is are was be it its me us you my our your his her their them this these those any some anything something everything
   price budget month per sale rent bedroom bedrooms bathroom bathrooms bed beds bath baths br bd ba parking garage garages spot spots
   tour tours open house houses home homes condo condos apartment apartments townhouse townhouses townhome townhomes listing listings
   property properties place places one ones sq ft square feet meters area lot hoa how many much what which kind type sort`.split(
    /\s+/,
  ),
);
const ARTICLES =
  /^(?:(?:a|an|the|some|good|nice|great|big|large|huge|small|little|lovely|beautiful|decent|real|proper|lots of|plenty of|private|own)\s+)+/;
/** Words that name a feature even without a cue ("pool?", "pet friendly", "furnished apartments"); not the agency's own ("your office"). */
const LEXICON =
  /(?<!\b(?:your|our)\s)\b(swimming pool|pool|fireplace|garden|back ?yard|yard|basement|home office|office|deck|patio|balcony|porch|waterfront|water view|lake|river|beach|ocean|safe|safety|secure|gated|pet[- ]friendly|pets?|dogs?|cats?|furnished|laundry|washer|dryer|dishwasher|elevator|gym|fitness|air conditioning|a\/c|solar|hardwood|fenced|renovated|remodeled|updated|modern|quiet|sunny|bright|charming|spacious|schools?|parks?|transit|downtown|university|campus|hospital|shops|restaurants|caf[eé]s|trails?|wheelchair|accessible|storage|attic|kitchen|quartz|granite|vaulted ceilings?|rooftop|courtyard|heat pump|radiant heat(?:ing)?|forced air|central air|single[- ]stor(?:y|ey)|one[- ]stor(?:y|ey)|single[- ]level|ranch[- ]style)\b/g;
const PHRASE_WORDS = 3;
/** A cue's phrase is read within this many characters after it: each cue costs a bounded read, however long the question. */
const PHRASE_CHARS = 120;
/** At most this many features in one question (no person asks more); each is looked for in every listing's words. */
const MAX_FEATURES = 12;
const MEASURES =
  /^(low|lower|lowest|high|higher|cheap|cheaper|cheapest|affordable|expensive|more|less|most|least|fewest|fewer|few|many|extra|enough)$/;

/** "schools" → "school", "patios" → "patio", "porches" → "porch", "amenities" → "amenity". */
function stem(word: string): string {
  const w = word.toLowerCase().replace(/['’]s$/, '');
  if (/ies$/.test(w)) return w.replace(/ies$/, 'y');
  if (/(ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  return w.length > 3 && /[^s]s$/.test(w) ? w.slice(0, -1) : w;
}

const LEADING = /^(a|an|the|some)$/;
/** Words that are not features: "with my family", "near me", "with finding a home", "lol". A visitor's "I have 3 kids" is not the home's. */
const NOT_A_FEATURE =
  /^(my|our|your|his|her|their|me|you|us|it|them|that|this|finding|looking|getting|buying|renting|help|lol|haha|lmao|pls|plz|thx|ty)$/;
const NEAR_WORDS =
  /^(schools?|parks?|transit|downtown|university|campus|hospital|shops|restaurants|caf[eé]s|trails?|lake|river|beach|ocean)$/;

/** The feature phrases of `text` (what the rest of the reading left over), each once. */
export function featuresIn(question: string): Feature[] {
  const out: Feature[] = [];
  /** The features found, by their terms; and every term of them. */
  const found = new Set<string>();
  const terms = new Set<string>();
  // What the visitor has is not what the home has: "we have a dog", "I've got 3 kids".
  const text = question.replace(
    /\b(?:i|we)(?:'ve| have| own| got)\s+(?:got\s+)?(?:(?:a|an|the|some|two|three|\d+)\s+)?[\w-]+/g,
    ' ',
  );
  const add = (taken: string[], relation: Feature['relation']) => {
    if (!taken.length || NOT_A_FEATURE.test(taken[0]!)) return;
    const words = taken
      .join(' ')
      .replace(ARTICLES, '')
      .split(/[\s-]+/)
      .filter((w) => w && !STOP.has(w) && !LEADING.test(w) && !/^\d/.test(w));
    // A measure alone is no feature: "low HOA", "cheap" — the price and dues are fields, read elsewhere;
    // nor is a comparison's start ("with no more than 1 bedroom": the rooms are read elsewhere too).
    if (!words.length || words.every((w) => MEASURES.test(w) || w === 'no' || w === 'not')) return;
    // A word that stems to nothing ("'s") is looked for nowhere: an empty term would be found everywhere.
    const stems = words.map(stem).filter(Boolean);
    if (!stems.length) return;
    const feature = { phrase: taken.join(' '), relation, terms: [...new Set(stems)] };
    const key = feature.terms.join(' ');
    if (found.has(key)) return;
    found.add(key);
    for (const term of feature.terms) terms.add(term);
    out.push(feature);
  };
  for (const m of text.matchAll(CUES)) {
    if (out.length >= MAX_FEATURES) return out;
    const taken: string[] = [];
    let named = 0;
    const at = m.index + m[0].length;
    for (const w of text
      .slice(at, at + PHRASE_CHARS)
      .split(/[,.;!?]/)[0]!
      .split(/\s+/)) {
      // "a view of the mountains": "of" joins one word to what it is of.
      const joins = w === 'of' && named === 1;
      if (!w || (STOP.has(w) && !joins && !(LEADING.test(w) && !taken.length))) break;
      taken.push(w);
      if (!LEADING.test(w) && ++named >= PHRASE_WORDS) break;
    }
    add(taken, NEAR_CUE.test(m[1]!) ? 'near' : 'has');
  }
  for (const m of text.matchAll(LEXICON)) {
    if (out.length >= MAX_FEATURES) break;
    const word = m[1]!;
    if (!terms.has(stem(word.split(/[\s-]/).at(-1)!))) add([word], NEAR_WORDS.test(word) ? 'near' : 'has');
  }
  return out;
}

/** What a listing says of itself in words: its description and "value key" of each extension ("Water View"). */
export const wordsOf = (l: Pick<Listing, 'Description' | 'ExtensionColumn'>): string =>
  `${l.Description} ${l.ExtensionColumn.map((x) => `${x.value} ${x.Key}`).join(' ')}`.toLowerCase();

/** The words a term may be written after in one word: "yard" in "backyard". */
const JOINED = ['back', 'front', 'side'];
/**
 * A term in a listing's words, as a whole word and its usual forms: "school" in "schools", "yard" in
 * "backyard" and "front yard" — never inside another word ("yard" in "courtyard", "park" in "parking").
 * Word boundaries as `\b` finds them; no pattern is built (a term can be any a question names).
 */
function holds(words: string, term: string): boolean {
  const boundary = (at: number) => boundaryAt(words, at);
  for (let at = words.indexOf(term); at !== -1; at = words.indexOf(term, at + 1)) {
    const end = at + term.length;
    const starts = [
      at,
      ...JOINED.filter((j) => at >= j.length && words.startsWith(j, at - j.length)).map((j) => at - j.length),
    ];
    const ends = [
      end,
      ...(words.startsWith('s', end) ? [end + 1] : []),
      ...(words.startsWith('es', end) ? [end + 2] : []),
    ];
    if (starts.some(boundary) && ends.some(boundary)) return true;
  }
  return false;
}

/** A word character, as `\w` and `boundaryAt` read one (ASCII), and any other; written out, so that no locale reads them otherwise. */
const WORD = '[0-9A-Z_a-z]';
const OTHER = '[^0-9A-Z_a-z]';
const isWord = (ch: string) => /\w/.test(ch);
/** A character of a term as itself: ASCII punctuation escaped (a backslash before a letter would be an escape). */
const literal = (term: string) => term.replace(/[!-/:-@[-`{-~]/g, (ch) => `\\${ch}`);

/**
 * `holds` as a regular expression, read alike by JavaScript and by PostgreSQL (whose search asks it
 * of the listings' words in the database, store/listing-search.ts): the term after a word boundary
 * or after "back", "front" or "side" that follows one, and before a boundary or "s"/"es" and one.
 * A boundary is where a word character meets another kind or the text's end, as in `boundaryAt`.
 */
export function holdsPattern(term: string): string {
  const before = (ch: string) => (isWord(ch) ? `(?:^|${OTHER})` : WORD);
  const after = (ch: string) => (isWord(ch) ? `(?:${OTHER}|$)` : WORD);
  const starts = `(?:${before(term[0]!)}|(?:^|${OTHER})(?:${JOINED.join('|')}))`;
  const ends = `(?:${after(term.at(-1)!)}|e?s(?:${OTHER}|$))`;
  return `${starts}${literal(term)}${ends}`;
}

/** The words of a text as `holds` reads words: each longest run of word characters (`\w`, ASCII), once. */
export const wholeWords = (words: string): string[] => [...new Set(words.match(/\w+/g) ?? [])];

/**
 * For a term of word characters only, the whole words (`wholeWords`) in which `holds` finds it: the
 * term, after "back", "front" or "side" or not, before "s" or "es" or not. `holds(words, term)` is
 * then whether one of them is among `wholeWords(words)` — what the database looks up by an index
 * (store/listing-search.ts). Undefined for any other term ("a/c", "(pool"): its pattern is read instead.
 */
export function wordForms(term: string): string[] | undefined {
  if (!/^\w+$/.test(term)) return undefined;
  return ['', ...JOINED].flatMap((start) => ['', 's', 'es'].map((end) => `${start}${term}${end}`));
}

/** The sentences of a listing's description that mention the feature (all its terms), as the owner wrote them. */
export function sentencesAbout(l: Listing, f: Feature): string[] {
  return l.Description.split(/(?<=[.!?;])\s+/).filter((s) => f.terms.every((t) => holds(s.toLowerCase(), t)));
}

/** A listing's words in the pieces that speak of one thing: each sentence of its description, each extension ("water view"). */
const piecesOf = (l: Listing): string[] => [
  ...l.Description.toLowerCase().split(/(?<=[.!?;])\s+/),
  ...l.ExtensionColumn.map((x) => `${x.value} ${x.Key}`.toLowerCase()),
];

/**
 * Whether the listing's own words mention the feature: all its terms in one sentence or extension
 * (a "water view" is not "close to the waterfront" and "View: Park"), or — asked for — its last word.
 */
export function mentions(l: Listing, f: Feature, headOnly = false): boolean {
  return headOnly
    ? holds(wordsOf(l), f.terms.at(-1)!)
    : piecesOf(l).some((piece) => f.terms.every((t) => holds(piece, t)));
}

/**
 * How the listings' words answer a feature: the listings that mention it (all its terms, or failing
 * that its last word — "a big backyard" → "backyard"), or none.
 */
export function mentioning(listings: Listing[], f: Feature): Listing[] {
  const all = listings.filter((l) => mentions(l, f));
  return all.length || f.terms.length === 1 ? all : listings.filter((l) => mentions(l, f, true));
}
