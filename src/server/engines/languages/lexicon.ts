/**
 * The words of each language the engines read, from maintained dictionaries (cspell's, on npm:
 * Hunspell's and others' lists, expanded into tries): what tells a word from a misspelling — a word
 * the language has is never "corrected" into another ("comes" is not "homes", "fewest" not
 * "newest") — and a short question's language from its words ("¿dónde está su oficina?" is
 * Spanish). Chinese is written without spaces and has no spelling to correct: no dictionary.
 *
 * A dictionary is read the first time its language is asked about (decoding its trie takes 0.2 to
 * 1.5 s, once: docs/BENCHMARKS.md), and kept by the lexicon — which the app makes, so two apps
 * share nothing. A lookup is linear in the word's length.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { decodeTrie, type ITrie } from 'cspell-trie-lib';
import type { LanguageCode } from './types.ts';
import { createWordNet, type Pos, type WordNet } from './wordnet.ts';

/** The words of the languages the engines read. */
export interface Lexicon {
  /** Whether `language` has `word` (any case; without its accents too, as the reading writes it). */
  knows(word: string, language: LanguageCode): boolean;
  /** English words related to `word` by meaning (wordnet.ts). */
  related(word: string): ReadonlySet<string>;
  /** How many senses an English word has (wordnet.ts; in one part of speech, or in all): one of many says little. */
  senses(word: string, pos?: Pos): number;
  /**
   * Reads `languages`' dictionaries and WordNet now, not when a question first needs them: the
   * service does so before it listens, so no visitor's question waits while they are decoded.
   */
  warm(languages: readonly LanguageCode[]): void;
}

/** Each language's dictionary package (its cspell-ext.json names the trie). */
const PACKAGES: Readonly<Partial<Record<LanguageCode, string>>> = {
  en: '@cspell/dict-en_us',
  es: '@cspell/dict-es-es',
  fr: '@cspell/dict-fr-fr',
  de: '@cspell/dict-de-de',
  pt: '@cspell/dict-pt-pt',
  ar: '@cspell/dict-ar',
};

/** A language's trie, read from its package; null where it has none. */
function readTrie(language: LanguageCode): ITrie | null {
  const name = PACKAGES[language];
  if (!name) return null;
  const manifest = createRequire(import.meta.url).resolve(`${name}/cspell-ext.json`);
  // The manifest is JSON with comments: the trie's path is read from its one "path" entry.
  const path = /"path"\s*:\s*"([^"]+\.trie(?:\.gz)?)"/.exec(readFileSync(manifest, 'utf8'))?.[1];
  if (!path) throw new Error(`${name}/cspell-ext.json names no trie`);
  const bytes = readFileSync(join(dirname(manifest), path));
  return decodeTrie((path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'));
}

/** Without accents (and lower case), as cspell keeps its case- and accent-insensitive forms ("~donde"). */
const bare = (word: string) => word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** A lexicon reading each dictionary when first asked. */
export function createLexicon(): Lexicon {
  const tries = new Map<LanguageCode, ITrie | null>();
  const trieOf = (language: LanguageCode) => {
    if (!tries.has(language)) tries.set(language, readTrie(language));
    return tries.get(language)!;
  };
  let wordnet: WordNet | undefined;
  const english = () => (wordnet ??= createWordNet());
  return {
    warm(languages) {
      for (const language of languages) trieOf(language);
      // Its three parts of speech's indexes and data: every relation after is a lookup.
      english().related('home');
    },
    related: (word) => english().related(word),
    senses: (word, pos) => english().senses(word, pos),
    knows(word, language) {
      const trie = trieOf(language);
      if (!trie || !word) return false;
      const lower = word.toLowerCase();
      if (trie.has(word) || trie.has(lower) || trie.has(`~${lower}`) || trie.has(`~${bare(word)}`)) return true;
      // The reading writes German's ß as ss (plain.ts): "strasse" is "straße".
      return language === 'de' && lower.includes('ss') && trie.has(`~${bare(word).replace(/ss/g, 'ß')}`);
    },
  };
}
