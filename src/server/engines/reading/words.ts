/**
 * Reading a visitor's words before their meaning: numbers written as words ("two bedroom",
 * "three-bed", "half a million") become digits, and misspelled words of the listings' world
 * ("Austn", "condoes", "bedrom", "chepest") become the word meant — by edit distance to a
 * vocabulary of the chatbot's own places and kinds plus the words questions about homes use.
 */
import leven from 'leven';

const wordAt = (text: string, i: number) => i >= 0 && i < text.length && /\w/.test(text[i]!);
/** Whether a word boundary, as `\b` finds one (ASCII), falls before character `at` of `text`. */
export const boundaryAt = (text: string, at: number): boolean => wordAt(text, at - 1) !== wordAt(text, at);

const UNITS: Record<string, number> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Record<string, number> = { hundred: 100, thousand: 1_000, million: 1_000_000 };
const NUMBER_WORDS = [...Object.keys(UNITS), ...Object.keys(TENS), ...Object.keys(SCALES)].join('|');
/** A run of number words: "two", "twenty-five", "two hundred and fifty thousand", "two and three". */
const RUN = new RegExp(`\\b(?:${NUMBER_WORDS})(?:[ -]+(?:and[ -]+)?(?:${NUMBER_WORDS}))*\\b`, 'gi');
/** Ordinal words and their places: "the second one", "the 3rd cheapest". */
export const ORDINALS: Record<string, number> = {
  first: 1,
  '1st': 1,
  second: 2,
  '2nd': 2,
  third: 3,
  '3rd': 3,
  fourth: 4,
  '4th': 4,
  fifth: 5,
  '5th': 5,
  sixth: 6,
  '6th': 6,
  seventh: 7,
  '7th': 7,
  eighth: 8,
  '8th': 8,
  ninth: 9,
  '9th': 9,
  tenth: 10,
  '10th': 10,
};

/** What may follow "one" when it is a count, not a pronoun ("that one", "the second one"). */
const COUNTED = /^[ -]*(?:bed|bd|br\b|bath|ba\b|car\b|stor|level|floor|parking|garage|half)/i;

/** The value of number words without "and" ("two hundred fifty thousand" → 250000). */
function valueOf(words: string[]): number {
  let total = 0,
    current = 0;
  for (const w of words) {
    if (w in UNITS) current += UNITS[w]!;
    else if (w in TENS) current += TENS[w]!;
    else if (w === 'hundred') current = (current || 1) * 100;
    else {
      total += (current || 1) * SCALES[w]!;
      current = 0;
    }
  }
  return total + current;
}

/**
 * Number words as digits: "two bedroom" → "2 bedroom", "three-bed" → "3-bed", "two and a half
 * baths" → "2.5 baths", "two hundred and fifty thousand" → "250000", "half a million" → "500000",
 * "two and three bedrooms" → "2 and 3 bedrooms". "one" stays a word unless it counts something.
 */
export function wordsToNumbers(text: string): string {
  const t = text
    .replace(/\bhalf (?:a|one) million\b/gi, '500000')
    .replace(/\ba (?:million|mil)\b/gi, '1000000')
    // "500 grand", "two hundred grand": thousands.
    .replace(/\bgrand\b/gi, 'thousand')
    .replace(/\b([a-z]+)(?: and a |-and-a-)half\b/gi, (m, w: string) =>
      w.toLowerCase() in UNITS ? `${UNITS[w.toLowerCase()]! + 0.5}` : m,
    );
  // Digits before a scale word keep it as a suffix the money reader knows: "500 thousand" → "500k".
  return t
    .replace(
      /(?<![\d.])(\d+(?:\.\d+)?)\s*(thousand|million)\b/gi,
      (_, n: string, scale: string) => `${n}${/^t/i.test(scale) ? 'k' : 'm'}`,
    )
    .replace(RUN, (run: string, at: number) => {
      const words = run.toLowerCase().split(/[ -]+/);
      // "and" joins parts of one number only after a scale word ("two hundred and fifty"); else it joins two numbers.
      const numbers: string[][] = [[]];
      words.forEach((w, i) => {
        if (w !== 'and') numbers.at(-1)!.push(w);
        else if (!/^(hundred|thousand|million)$/.test(words[i - 1] ?? '')) numbers.push([]);
      });
      if (numbers.length === 1 && words.join() === 'one' && !COUNTED.test(t.slice(at + run.length))) return run;
      return numbers.map((n) => String(valueOf(n))).join(' and ');
    });
}

/** The words of questions about homes (beside the chatbot's own cities, states and kinds). */
const DOMAIN =
  `apartment apartments condo condos condominium townhouse townhouses townhome townhomes house houses home homes duplex studio studios
  bedroom bedrooms bathroom bathrooms rental rentals rent sale purchase listing listings property properties available availability
  cheapest cheaper expensive priciest affordable biggest largest smallest smaller newest oldest between under below above budget month monthly
  million thousand square feet meters garage parking family single multi except excluding without coming soon active sold built year
  detached furnished neighborhood downtown three four five seven eight eleven twelve twenty thirty forty fifty hundred`.split(
    /\s+/,
  );

export interface Corrected {
  text: string;
  /** What was read as what, the word as written, the reading as the chatbot writes it: ["austn", "Austin"]. */
  corrections: [string, string][];
  /** Words as near two unlike vocabulary words as each other, left as written, with those words as the chatbot writes them. */
  unsure: [string, string[]][];
}

/** Edit distance with a swap of two neighbours counting as one edit ("Tmapa" → "Tampa"). */
function distance(a: string, b: string): number {
  const d = leven(a, b, { maxDistance: 3 });
  if (d === 2 && a.length === b.length) {
    const diff = [...a].flatMap((c, i) => (c === b[i] ? [] : [i]));
    if (diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!])
      return 1;
  }
  return d;
}

/** How many edits a word of this length may hold and still be read as a vocabulary word (a four-letter one: a left-out letter or a swap). */
const allowed = (n: number) => (n >= 8 ? 2 : n >= 5 ? 1 : n === 4 ? 1 : 0);

/** Words that mean the same thing: a tie between them is no ambiguity ("townhose": townhouse or townhome). */
const sameMeaning = (a: string, b: string) => {
  const base = (w: string) =>
    w
      .replace(/s$/, '')
      .replace(/^townhome$/, 'townhouse')
      .replace(/^condominium$/, 'condo');
  return base(a) === base(b);
};

/**
 * The text with each misspelled word replaced by the vocabulary word within its allowance (none
 * when two unlike words are equally close: a guess is no reading), keeping a capital first letter.
 * Numbers, words already in the vocabulary, the chatbot's `names` (words of its streets and
 * addresses: "sable", "salem" — a name is not a typo) and the language's own words (`isWord`: its
 * dictionary's — "comes" is no misspelt "homes", "fewest" no misspelt "newest") stay as they are.
 */
export function correctSpelling(
  text: string,
  vocabulary: ReadonlyMap<string, string>,
  names: ReadonlySet<string> = new Set(),
  isWord: (word: string) => boolean = () => false,
): Corrected {
  const corrections: [string, string][] = [];
  const unsure: [string, string[]][] = [];
  const words = [...vocabulary.keys()];
  const out = text.replace(/\p{L}[\p{L}'’]*/gu, (word) => {
    const w = word.toLowerCase();
    const budget = allowed(w.length);
    if (!budget || vocabulary.has(w) || names.has(w) || isWord(w)) return word;
    let best: string | null = null,
      bestD = budget + 1,
      tie = false;
    const tied: string[] = [];
    for (const v of words) {
      if (Math.abs(v.length - w.length) > budget || (w.length === 4 && v.length !== 5 && v.length !== 4)) continue;
      // A four-letter word: a left-out letter ("rnt" is too short to read), or two letters swapped ("rnet" → "rent").
      if (w.length === 4 && v.length === 4 && leven(w, v) !== 2) continue;
      const d = distance(w, v);
      if (d < bestD) {
        best = v;
        bestD = d;
        tie = false;
        tied.length = 0;
      } else if (d === bestD && best && !sameMeaning(v, best)) {
        tie = true;
        tied.push(v);
      }
    }
    if (tie && best) unsure.push([word, [best, ...tied].slice(0, 3).map((v) => vocabulary.get(v) ?? v)]);
    if (!best || tie) return word;
    // Said back as the visitor wrote it, read as the chatbot writes it: "Denvr" as "Denver".
    corrections.push([word, vocabulary.get(best) ?? best]);
    return /^\p{Lu}/u.test(word) ? best[0]!.toUpperCase() + best.slice(1) : best;
  });
  return { text: out, corrections, unsure };
}

/**
 * The vocabulary of a chatbot: its cities' and kinds' words, its states' names, and the words of
 * DOMAIN — each lower-cased, to how it is written: a place's word as the place is ("denver" →
 * "Denver"), any other in lower case.
 */
export function vocabularyOf(places: { cities: string[]; stateNames: string[]; types: string[] }): Map<string, string> {
  const words = new Map(DOMAIN.map((w) => [w, w]));
  for (const phrase of places.types)
    for (const w of phrase.toLowerCase().split(/[^\p{L}]+/u)) if (w.length >= 4 && !words.has(w)) words.set(w, w);
  for (const phrase of [...places.cities, ...places.stateNames])
    for (const w of phrase.split(/[^\p{L}]+/u))
      if (w.length >= 4 && !words.has(w.toLowerCase())) words.set(w.toLowerCase(), w);
  return words;
}
