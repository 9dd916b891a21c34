/**
 * A question in another language read as the English the offline engine's reading knows: its
 * language told from its own words (on a tie, the conversation's language so far, then the
 * visitor's locale), then its figures written as English writes them (figures.ts), its
 * misspellings read against its words (spelling.ts), the places it names in words of its own read
 * as their English names (zh-places.ts), its counts of rooms that mean fewer bedrooms
 * (each language's rules), its phrases and number words replaced by their English (es.ts, fr.ts,
 * de.ts, pt.ts, ar.ts, zh.ts), and a place written in another script found by its consonants
 * (script-places.ts). Place names and words it does not know stay as written. Linear in the
 * question's length.
 */
import { ar } from './ar.ts';
import { de } from './de.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { pt } from './pt.ts';
import { zh } from './zh.ts';
import type { LanguageCode, Vocabulary } from './types.ts';
import { apartNumbers, figures, leadingScales } from './figures.ts';
import { plain } from './plain.ts';
import { placesIn } from './script-places.ts';
import { NO_NAMES, spelled, type Names } from './spelling.ts';
import type { Lexicon } from './lexicon.ts';

export type { LanguageCode } from './types.ts';
export { plain } from './plain.ts';
export { latinConsonants } from './script-places.ts';
export { editDistance, type Names } from './spelling.ts';

/** The languages the offline engine reads besides English. */
const VOCABULARIES: readonly Vocabulary[] = [es, fr, de, pt, ar, zh];

/** Words an English question about homes holds, and the others' do not. */
const ENGLISH: ReadonlySet<string> = new Set(
  `the an in for sale rent rental rentals home homes house houses apartment apartments bedroom bedrooms bed beds bath
   baths bathrooms with under over show me what which how much do you have any cheapest biggest and or near built after
   before about tell is are there it that this one ones only not price available looking want need give list find
   between least most than up to per month of on my i can what's how's where any anything
   book viewing viewings schedule talk speak person human someone call please`.split(/\s+/),
);

/**
 * What a word its dictionary has counts for a language, beside one of its markers (1): enough to
 * tell a short question's language where its markers are shared or few, not to outweigh them
 * (tried on every question of the eval's sets: 1 of 1,106 read in another language, a follow-up
 * of two words that the conversation's language decides).
 */
const WORD_WEIGHT = 0.5;

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
  // Its own names of places, the longest first, each with the English name it reads as.
  const placeNames: ReadonlyMap<string, string> = new Map(
    Object.entries(v.places ?? {}).flatMap(([name, own]) => own.map((o) => [o, name] as const)),
  );
  return {
    vocabulary: v,
    table,
    placeNames,
    places: placeNames.size
      ? new RegExp(
          `${v.spaced === false ? '' : '(?<![\\p{L}\\d])'}(?:${[...placeNames.keys()]
            .sort((a, b) => b.length - a.length)
            .map(escape)
            .join('|')})${v.spaced === false ? '' : '(?![\\p{L}\\d])'}`,
          'gu',
        )
      : undefined,
    pattern:
      v.spaced === false
        ? new RegExp(`(?:${keys.join('|')})`, 'gu')
        : new RegExp(`(?<![\\p{L}\\d])(?:${keys.join('|')})(?![\\p{L}\\d])`, 'gu'),
    markers: new Set(v.markers),
    known,
    // Each two words one after the other in its phrases ("de ville" of "maison de ville").
    pairs: new Set(
      [...table.keys()].flatMap((k) => k.split(' ').flatMap((w, i, all) => (i ? [`${all[i - 1]} ${w}`] : []))),
    ) as ReadonlySet<string>,
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
export function questionLanguage(
  question: string,
  locale?: string,
  previous?: LanguageCode,
  lexicon?: Lexicon,
  names: Names = NO_NAMES,
): LanguageCode {
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
  // Every word a language's dictionary has counts for it too: a short question's few markers may be
  // shared ("esta" is Portuguese and Spanish), its other words are not ("su", "dónde").
  // The chatbot's own names ("Austin") are no language's words.
  const written = question.split(/[^\p{L}]+/u).filter((w) => w.length > 1 && !names.has(w.toLowerCase()));
  const [first = 0, second = 0] = [...counts.values()].sort((a, b) => b - a);
  // Asked only where the markers leave it open (a dictionary is read when first asked: 0.1 to 1.4 s),
  // and only of the languages of the question's script.
  if (lexicon && first - second <= 1 && written.length >= 2) {
    const arabic = /\p{Script=Arabic}/u.test(question);
    for (const code of counts.keys())
      if (code !== 'zh' && (code === 'ar') === arabic)
        counts.set(code, counts.get(code)! + WORD_WEIGHT * written.filter((w) => lexicon.knows(w, code)).length);
  }
  const best = Math.max(...counts.values());
  // A short follow-up goes on in the conversation's language unless another has clearly more of its
  // words: "en bas de 2000 $ par mois" after French has one French word to two that Spanish shares,
  // "dasselbe in Madison" after German one English word to none.
  if (previous && best - (counts.get(previous) ?? 0) <= 1) return previous;
  const tied = [...counts].filter(([, n]) => n === best).map(([code]) => code);
  if (tied.length === 1 && best > 0) return tied[0]!;
  // A question of no language's words ("Austin?") goes on in the conversation's, else the visitor's.
  if (previous && tied.includes(previous)) return previous;
  const local = localeLanguage(locale);
  if (local && tied.includes(local)) return local;
  return tied.includes('en') ? 'en' : tied[0]!;
}

/** Romance order, English's: "the 3 rentals cheapest" → "the 3 cheapest rentals" (a count before the order it counts). */
const COUNTED_ORDER =
  /\b(\d+|two|three|four|five|six|seven|eight|nine|ten) ((?!bedrooms?\b|bathrooms?\b)(?:[a-z-]+ ){0,2}?)(?:the )?(cheapest|most expensive|biggest|smallest|newest|oldest)\b/g;

/** "the two first" → "the first two": English puts a count after "first" and "last". */
const COUNTED_END = /\b(\d+|two|three|four|five|six|seven|eight|nine|ten) (first|last)\b/g;

/** `question` in `language` as the English the engine reads; an English question as it is. */
export function glossed(question: string, language: LanguageCode, names: Names = NO_NAMES, lexicon?: Lexicon): string {
  const reader = language === 'en' ? undefined : READERS.get(language);
  if (!reader) return question;
  let t = figures(plain(question));
  // Misspellings are read in words: a language without spaces has none to read so.
  if (reader.vocabulary.spaced !== false) {
    const isWord = (w: string) => lexicon?.knows(w, language) ?? false;
    // A word read as another of the reader's completes one of its phrases with the words around it ("maison de vile": ville).
    const words = [...t.matchAll(/\p{L}+/gu)].map((m) => m[0]);
    let i = 0;
    t = t.replace(/\p{L}+/gu, (w) => {
      const [before, after] = [words[i - 1], words[i + 1]];
      i++;
      const fits = (k: string) => reader.pairs.has(`${before} ${k}`) || reader.pairs.has(`${k} ${after}`);
      return spelled(w, reader, names, isWord, fits);
    });
  }
  // A place as the listings name it, where the homes are ("奥斯汀的公寓": in Austin), capitalised as a
  // place is: one no listing is in is still a place the search asks for (reading/places.ts unknownPlaces).
  if (reader.places) t = t.replace(reader.places, (m) => ` in ${reader.placeNames.get(m)} `);
  for (const [pattern, rewrite] of reader.vocabulary.rules ?? []) t = t.replace(pattern, rewrite as never);
  // Between words of a language without spaces, the English is set apart: "有pool的" → "有 pool 的".
  const apart = reader.vocabulary.spaced === false;
  t = placesIn(
    t.replace(reader.pattern, (m) => (apart ? ` ${reader.table.get(m) ?? m} ` : (reader.table.get(m) ?? m))),
    reader.vocabulary.consonants,
    names,
  );
  return apartNumbers(leadingScales(t.replace(/\s+/g, ' ').trim()))
    .replace(COUNTED_ORDER, (_, count: string, between: string, order: string) =>
      [count, order, between.trim()].filter(Boolean).join(' '),
    )
    .replace(COUNTED_END, '$2 $1')
    .trim();
}
