/**
 * A feature in the visitor's own words. The reading takes "un appart meublé" as "a furnished
 * apartment"; an answer in French names the feature as the visitor wrote it — "meublé", accents,
 * hyphens and all — found in what they asked: the phrases of their language's vocabulary
 * (languages/es.ts, fr.ts…) that read as the feature, looked for in their questions, the latest first.
 */
import type { Vocabulary } from '../languages/types.ts';

/** A vocabulary's phrases by the English each reads as. */
export function phrasesByEnglish(vocabulary: Vocabulary): ReadonlyMap<string, readonly string[]> {
  const out = new Map<string, string[]>();
  for (const [phrase, english] of vocabulary.phrases)
    if (english) out.set(english, [...(out.get(english) ?? []), phrase]);
  return out;
}

/**
 * Each character as the vocabularies write it (languages/plain.ts: lower case, no accent, an
 * apostrophe or a hyphen a space), one for one, so that a phrase found in it is found at the same
 * place in the text as written.
 */
const folded = (text: string) =>
  [...text]
    .map((c) => {
      const base = c
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
      if (base.length !== 1) return '\u0000';
      return /['’`-]/.test(base) ? ' ' : base;
    })
    .join('');

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The words the visitor used, in `said` (their questions, the latest last), for a feature the
 * reading names `english` ("a furnished", "pet friendly") — or undefined when they used none the
 * vocabulary holds (then the feature is their own word already, or the vocabulary's).
 */
export function ownWords(
  phrases: ReadonlyMap<string, readonly string[]>,
  said: readonly string[],
  /** False for a language written without spaces (Chinese): a phrase is found inside the words around it. */
  spaced = true,
): (english: string) => string | undefined {
  // Folded only when an answer names a feature: most name none.
  let texts: { text: string[]; folded: string }[] | undefined;
  return (english) => {
    texts ??= [...said].reverse().map((text) => ({ text: [...text], folded: folded(text) }));
    const bare = english.replace(/^(?:a|an|the)\s+/i, '').toLowerCase();
    const exact = phrases.get(bare);
    // What the reading keeps of a phrase ("gated", of "gated community"): the phrases it is a word of.
    const candidates = (exact ?? [...phrases].filter(([e]) => e.split(' ').includes(bare)).flatMap(([, p]) => p))
      .slice()
      .sort((a, b) => b.length - a.length);
    for (const { text, folded: f } of texts)
      for (const phrase of candidates) {
        const found = new RegExp(
          spaced ? `(?<![\\p{L}\\d])${escaped(phrase)}(?![\\p{L}\\d])` : escaped(phrase),
          'u',
        ).exec(f);
        if (found) return text.slice(found.index, found.index + phrase.length).join('');
      }
    return undefined;
  };
}
