/**
 * What the writings of languages with gendered nouns share (es.ts, fr.ts): a kind of home as the
 * language names it, the kinds a search asks for as one phrase and the gender what agrees with it
 * takes, lists joined with the language's "and"/"or", a range of rooms in its words, and a feature
 * in the visitor's own words (own-words.ts).
 */
import type { Criteria, Range } from '../reading/criteria.ts';
import { ownWords, type phrasesByEnglish } from './own-words.ts';

/** A noun's grammatical gender (the neuter is German's: das Haus). */
export type Gender = 'f' | 'm' | 'n';

export interface Noun {
  one: string;
  many: string;
  g: Gender;
  /** Where the kind is told apart from another ("una casa adosada, no una casa unifamiliar"). */
  exact?: string;
}

/** An adjective's ending in Spanish and Portuguese: "barat" → "barata", "baratos". */
export const agree = (stem: string, g: Gender, many: boolean): string =>
  `${stem}${g === 'f' ? 'a' : 'o'}${many ? 's' : ''}`;

/** An ordinal from the language's stems ("primer", "segund"…), agreeing: "primera", "segundo"; "11.ª" past them. */
export const ordinalOf =
  (stems: readonly string[]) =>
  (n: number, g: Gender): string => {
    const stem = stems[n - 1];
    return stem ? agree(stem, g, false) : `${n}.${g === 'f' ? 'ª' : 'º'}`;
  };

/** "a, b or c", with the language's word for the last join. */
export const joined =
  (word: string) =>
  (items: string[]): string =>
    items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${word} ${items.at(-1)}`;

/**
 * A kind of home's noun, by the English the listings give ("Single Family", "Condo"): the first of
 * `kinds` whose pattern fits, `home` for none given, else the owner's own word set in `other`.
 */
export function kindNouns(
  kinds: readonly (readonly [RegExp, Noun])[],
  home: Noun,
  other: (kind: string) => Noun,
): (kind: string) => Noun {
  return (kind) => {
    const k = kind.trim().toLowerCase();
    if (!k) return home;
    return kinds.find(([pattern]) => pattern.test(k))?.[1] ?? other(kind);
  };
}

/** The kinds a search asks for as one noun phrase ("condos o casas adosadas"), and the gender — the masculine when any is, else the first's. */
export function kindsAsked(
  kindNoun: (kind: string) => Noun,
  home: Noun,
  or: (items: string[]) => string,
): (c: Criteria, many: boolean) => { text: string; g: Gender } {
  return (c, many) => {
    const asked = c.propertyTypes.length ? c.propertyTypes.map(kindNoun) : [home];
    return {
      text: or(asked.map((k) => (many ? k.many : k.one))),
      g: asked.some((k) => k.g === 'm') ? 'm' : asked[0]!.g,
    };
  };
}

/** A range of rooms in the language's words: "3 habitaciones", "2 à 3 chambres", "al menos 3…", "au plus 2…". */
export function roomRange(
  counted: (n: number) => string,
  number: (n: number) => string,
  words: { to: string; atLeast: string; atMost: string },
): (r: Range) => string {
  return (r) => {
    if (r.min !== undefined && r.max !== undefined)
      return r.min === r.max ? counted(r.min) : `${number(r.min)} ${words.to} ${counted(r.max)}`;
    return r.min !== undefined ? `${words.atLeast} ${counted(r.min)}` : `${words.atMost} ${counted(r.max ?? 0)}`;
  };
}

/**
 * A feature the reading names in English ("pet friendly", from "aceptan mascotas") as the visitor
 * wrote it, else as the vocabulary first names it, else as it is without its English article.
 */
export function featureWords(
  phrases: ReturnType<typeof phrasesByEnglish>,
  said: readonly string[],
): (phrase: string) => string {
  const own = ownWords(phrases, said);
  return (phrase) => {
    const bare = phrase.replace(/^(?:a|an|the)\s+/i, '');
    return own(phrase) ?? phrases.get(bare.toLowerCase())?.[0] ?? bare;
  };
}
