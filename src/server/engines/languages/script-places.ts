/**
 * A place written in another script ("دنفر") read as the chatbot's own place whose consonants it
 * holds ("Denver"): the script's letters as Latin consonants, compared with the places' own.
 */
import { plain } from './plain.ts';
import type { Names } from './spelling.ts';

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
/** Places by their consonants ("dnfr": denver): made once for a conversation's questions (languages/readable.ts). */
export function consonantIndex(places: readonly string[]): ReadonlyMap<string, readonly string[]> {
  const byConsonants = new Map<string, string[]>();
  for (const place of places) {
    const key = latinConsonants(place);
    if (key.length < 2) continue;
    const same = byConsonants.get(key);
    if (same) same.push(place);
    else byConsonants.set(key, [place]);
  }
  return byConsonants;
}

export function placesIn(text: string, letters: Readonly<Record<string, string>> | undefined, names: Names): string {
  if (!letters || !names.places.length) return text;
  const byConsonants = names.byConsonants ?? consonantIndex(names.places);
  return text.replace(/[^\s\p{P}\p{S}\d\p{Script=Latin}]+/gu, (word) => {
    const key = [...word].map((ch) => letters[ch] ?? '').join('');
    const found = byConsonants.get(key);
    return found?.length === 1 ? found[0]! : word;
  });
}
