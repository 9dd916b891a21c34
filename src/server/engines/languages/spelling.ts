/**
 * A misspelt word of a language read as the word of its vocabulary it is nearest, in a number of
 * edits bounded by its length; the chatbot's own names (its places) never corrected into one.
 */

/** The words a vocabulary knows, and by their length (gloss.ts compiles them once). */
export interface Known {
  known: ReadonlySet<string>;
  byLength: ReadonlyMap<number, readonly string[]>;
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
 * A word the reader does not know, spelt close to one it does ("habitasiones", "alquiller"), as
 * that one: the nearest, of its own length on a tie; none when two are as near. A word of the
 * chatbot's own (`names`: its places, within two edits of one — "Madisson" is Madison, not "maison") is left alone.
 * A word of the language (`isWord`: its dictionary's) is no misspelling: it is read as the reader's
 * word only where they differ by an ending ("zimmern": zimmer, "arrendamentos": arrendamento) or
 * that word completes one of the reader's phrases with its neighbours (`fits`: "maison de vile").
 */
export function spelled(
  word: string,
  reader: Known,
  names: Names,
  isWord: (word: string) => boolean = () => false,
  fits: (word: string) => boolean = () => false,
): string {
  const read = nearest(word, reader, names);
  if (read === word || !isWord(word)) return read;
  return (read.length < word.length && word.startsWith(read) && word.length - read.length <= 2) || fits(read)
    ? read
    : word;
}

function nearest(word: string, reader: Known, names: Names): string {
  if (word.length < 4 || reader.known.has(word) || /\d/.test(word) || names.has(word)) return word;
  // A word of four letters is too near too many: only a letter written once that a known word doubles ("vile" → "ville").
  if (word.length === 4) {
    const doubled = [...new Set([...word].map((_, i) => word.slice(0, i + 1) + word.slice(i)))].filter((k) =>
      reader.known.has(k),
    );
    return doubled.length === 1 && !names.places.some((p) => editDistance(word, p, 1) <= 1) ? doubled[0]! : word;
  }
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
  /** The places by their consonants (script-places.ts consonantIndex), when made once for many questions. */
  byConsonants?: ReadonlyMap<string, readonly string[]>;
}
export const NO_NAMES: Names = { has: () => false, places: [] };
