/**
 * A question in another language read as the English the offline engine's reading knows: its
 * language told from its own words (on a tie, the conversation's language so far, then the
 * visitor's locale), then its figures written as English writes them ("1.500" → 1500, "1,5" →
 * 1.5, "250 000 $" → $250000), its counts of rooms that mean fewer bedrooms (each language's rules),
 * and its phrases and number words replaced by their English (es.ts, fr.ts, de.ts, pt.ts, ar.ts, zh.ts). Place names and
 * words it does not know stay as written. Linear in the question's length.
 */
import { ar } from './ar.ts';
import { de } from './de.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';
import { zh } from './zh.ts';
import type { LanguageCode, Vocabulary } from './types.ts';
import { wordsToNumbers } from '../reading/words.ts';

export type { LanguageCode } from './types.ts';

/** The languages the offline engine reads besides English. */
const VOCABULARIES: readonly Vocabulary[] = [es, fr, de, pt, ar, zh];

/** Words an English question about homes holds, and the others' do not. */
const ENGLISH: ReadonlySet<string> = new Set(
  `the an in for sale rent rental rentals home homes house houses apartment apartments bedroom bedrooms bed beds bath
   baths bathrooms with under over show me what which how much do you have any cheapest biggest and or near built after
   before about tell is are there it that this one ones only not price available looking want need give list find
   between least most than up to per month of on my i can what's how's where any anything`.split(/\s+/),
);

/**
 * Lower case, without accents, `¿¡`, apostrophes and hyphens between words apart ("d'une", "avez-vous",
 * "quatre-vingt"), spaces single: as the vocabularies are written.
 */
export const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    // Arabic-Indic, Persian and full-width digits as ASCII ones.
    .replace(/[\u0660-\u0669\u06f0-\u06f9\uff10-\uff19]/g, (d) => String((d.codePointAt(0)! & 0xf) % 10))
    .replace(/[¿¡]/g, ' ')
    .replace(/['’`]/g, ' ')
    .replace(/(?<=\p{L})-(?=\p{L})/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words grouped by their length. */
function byLength(words: Iterable<string>): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const w of words) {
    if (w.length < 4) continue;
    const same = out.get(w.length);
    if (same) same.push(w);
    else out.set(w.length, [w]);
  }
  return out;
}

/** A vocabulary made ready once: one alternation of its phrases and number words, the longest first. */
function compiled(v: Vocabulary) {
  const table = new Map<string, string>(Object.entries(v.numbers));
  // A phrase wins over a number word of the same spelling ("un" is "a" unless it counts: "un millón").
  for (const [phrase, english] of v.phrases) table.set(phrase, english);
  const keys = [...table.keys()].sort((a, b) => b.length - a.length).map(escape);
  // Every word of its phrases is one it knows: "ville" of "maison de ville" is no misspelt "mille".
  const known = new Set([...table.keys(), ...v.markers].flatMap((k) => k.split(' ')));
  return {
    vocabulary: v,
    table,
    pattern:
      v.spaced === false
        ? new RegExp(`(?:${keys.join('|')})`, 'gu')
        : new RegExp(`(?<![\\p{L}\\d])(?:${keys.join('|')})(?![\\p{L}\\d])`, 'gu'),
    markers: new Set(v.markers),
    known,
    // The words a misspelling may be of, by length: only those within two letters of it are tried.
    byLength: byLength(known),
  };
}
const READERS: ReadonlyMap<Vocabulary['language'], ReturnType<typeof compiled>> = new Map(
  VOCABULARIES.map((v) => [v.language, compiled(v)]),
);

/** The language a locale names ("es-MX" → es), when the engine reads it. */
export function localeLanguage(locale: string | undefined): LanguageCode | undefined {
  const code = locale?.toLowerCase().split(/[-_]/)[0];
  return code === 'en' || (code && READERS.has(code as Vocabulary['language'])) ? (code as LanguageCode) : undefined;
}

/**
 * The language `question` is written in: the one whose words it holds most; on a tie (or none),
 * `previous` (the conversation's) among the tied, then the visitor's locale, then English.
 */
export function questionLanguage(question: string, locale?: string, previous?: LanguageCode): LanguageCode {
  const words = plain(question)
    .split(/[^\p{L}\d]+/u)
    .filter(Boolean);
  const counts = new Map<LanguageCode, number>([['en', words.filter((w) => ENGLISH.has(w)).length]]);
  for (const [code, reader] of READERS)
    counts.set(
      code,
      reader.vocabulary.spaced === false
        ? // Written without spaces: each marker found anywhere counts.
          [...reader.markers].filter((m) => question.includes(m)).length
        : words.filter((w) => reader.markers.has(w)).length,
    );
  const best = Math.max(...counts.values());
  const tied = [...counts].filter(([, n]) => n === best).map(([code]) => code);
  if (tied.length === 1 && best > 0) return tied[0]!;
  // A question of no language's words ("Austin?") goes on in the conversation's, else the visitor's.
  if (previous && tied.includes(previous)) return previous;
  const local = localeLanguage(locale);
  if (local && tied.includes(local)) return local;
  return tied.includes('en') ? 'en' : tied[0]!;
}

/** Figures as English writes them: thousands without separators, a decimal point, the dollar sign first. */
function figures(t: string): string {
  let out = t.replace(/\bus ?\$/g, '$').replace(/\busd\b/g, 'dollars');
  // "1.500.000", "250 000": groups of three after a separator are one number.
  for (let i = 0; i < 3; i++) out = out.replace(/(\d)[ .](\d{3})(?!\d)/g, '$1$2');
  return (
    out
      .replace(/(\d),(\d{3})(?!\d)/g, '$1$2')
      .replace(/(\d),(\d{1,2})(?!\d)/g, '$1.$2')
      // "500 k$", "2 000 $": the sign before the figure.
      .replace(/(?<![\d.])(\d+(?:\.\d+)?) ?k ?\$/g, '$$$1k')
      .replace(/(?<![\d.])(\d+(?:\.\d+)?k?) ?\$/g, '$$$1')
      .replace(/\$ (\d)/g, '$$$1')
  );
}

/**
 * How many edits apart `a` and `b` are (a letter added, dropped, changed, or two swapped:
 * Damerau–Levenshtein, restricted) — or `max + 1` once past `max` — in time linear in their
 * lengths times `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = row;
  }
  return Math.min(previous[b.length]!, max + 1);
}

/**
 * A word the language does not know, spelt close to one it does ("habitasiones", "alquiller"), as
 * that one: the nearest, of its own length on a tie; none when two are as near. A word of the
 * chatbot's own (`names`: its places, within two edits of one — "Madisson" is Madison, not "maison") is left alone.
 */
function spelled(word: string, reader: ReturnType<typeof compiled>, names: Names): string {
  if (word.length < 5 || reader.known.has(word) || /\d/.test(word) || names.has(word)) return word;
  const nearPlace = word.length >= 9 ? 2 : 1;
  if (names.places.some((p) => editDistance(word, p, nearPlace) <= nearPlace)) return word;
  const max = word.length >= 8 ? 2 : 1;
  let best: string[] = [];
  let bestRank = Infinity;
  for (let n = word.length - max; n <= word.length + max; n++)
    for (const k of reader.byLength.get(n) ?? []) {
      const d = editDistance(word, k, max);
      if (d > max) continue;
      const rank = d * 10 + Math.abs(k.length - word.length);
      if (rank < bestRank) [best, bestRank] = [[k], rank];
      else if (rank === bestRank) best.push(k);
    }
  return best.length === 1 ? best[0]! : word;
}

/** The chatbot's own words a question may hold: exact (`has`), and its places, which a misspelling stays near. */
export interface Names {
  has(word: string): boolean;
  places: readonly string[];
}
const NO_NAMES: Names = { has: () => false, places: [] };

/** A Latin place name's consonants as another script's letters give them: "Denver" dnfr, "Portland" brtlnd, "Raleigh" rl. */
export const latinConsonants = (name: string) =>
  plain(name)
    .replace(/gh\b/g, '')
    .replace(/ph/g, 'f')
    .replace(/ck|c(?=[aou]|$)|q/g, 'k')
    .replace(/c/g, 's')
    .replace(/x/g, 'ks')
    .replace(/p/g, 'b')
    .replace(/v/g, 'f')
    .replace(/sh/g, 's')
    .replace(/[^bdfghjklmnrstz]/g, '');

/**
 * The words of another script the language does not know, read as a place of the chatbot's whose
 * consonants they hold ("دنفر" → denver); left as written when none is, or two are.
 */
function placesIn(text: string, reader: ReturnType<typeof compiled>, names: Names): string {
  const letters = reader.vocabulary.consonants;
  if (!letters || !names.places.length) return text;
  const byConsonants = new Map<string, string[]>();
  for (const place of names.places) {
    const key = latinConsonants(place);
    if (key.length < 2) continue;
    const same = byConsonants.get(key);
    if (same) same.push(place);
    else byConsonants.set(key, [place]);
  }
  return text.replace(/[^\s\p{P}\p{S}\d\p{Script=Latin}]+/gu, (word) => {
    const key = [...word].map((ch) => letters[ch] ?? '').join('');
    const found = byConsonants.get(key);
    return found?.length === 1 ? found[0]! : word;
  });
}

/** Romance order, English's: "the 3 rentals cheapest" → "the 3 cheapest rentals" (a count before the order it counts). */
const COUNTED_ORDER =
  /\b(\d+|two|three|four|five|six|seven|eight|nine|ten) ((?!bedrooms?\b|bathrooms?\b)(?:[a-z-]+ ){0,2}?)(?:the )?(cheapest|most expensive|biggest|smallest|newest|oldest)\b/g;

const NUMBER_WORDS =
  /^(?:\$?\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand)$/;

/** "thousand five hundred", "hundred seventy thousand": a scale word that starts a number counts one of it. */
function leadingScales(english: string): string {
  const words = english.split(' ');
  return words
    .map((w, i) => ((w === 'thousand' || w === 'hundred') && !NUMBER_WORDS.test(words[i - 1] ?? '') ? `one ${w}` : w))
    .join(' ');
}

/** "the two first" → "the first two": English puts a count after "first" and "last". */
const COUNTED_END = /\b(\d+|two|three|four|five|six|seven|eight|nine|ten) (first|last)\b/g;

/**
 * Two numbers in words side by side ("ciento cincuenta mil y doscientos cincuenta mil"): as
 * figures, each on its own — English's "and" would join them into one ("a hundred and fifty").
 */
const TWO_NUMBERS =
  /\b(thousand|million) and (?=one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a million|half|\d)/g;
const apartNumbers = (english: string) =>
  english
    .split(TWO_NUMBERS)
    .reduce<string[]>(
      (parts, piece, i) => (i % 2 ? [...parts.slice(0, -1), `${parts.at(-1)!}${piece}`] : [...parts, piece]),
      [],
    )
    .map((part) => wordsToNumbers(part))
    .join(' and ');

/** `question` in `language` as the English the engine reads; an English question as it is. */
export function glossed(question: string, language: LanguageCode, names: Names = NO_NAMES): string {
  const reader = language === 'en' ? undefined : READERS.get(language);
  if (!reader) return question;
  let t = figures(plain(question));
  // Misspellings are read in words: a language without spaces has none to read so.
  if (reader.vocabulary.spaced !== false) t = t.replace(/\p{L}+/gu, (w) => spelled(w, reader, names));
  for (const [pattern, rewrite] of reader.vocabulary.rules ?? []) t = t.replace(pattern, rewrite as never);
  t = placesIn(
    t.replace(reader.pattern, (m) => reader.table.get(m) ?? m),
    reader,
    names,
  );
  return apartNumbers(leadingScales(t.replace(/\s+/g, ' ').trim()))
    .replace(COUNTED_ORDER, (_, count: string, between: string, order: string) =>
      [count, order, between.trim()].filter(Boolean).join(' '),
    )
    .replace(COUNTED_END, '$2 $1')
    .trim();
}
