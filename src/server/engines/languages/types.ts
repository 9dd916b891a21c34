/**
 * What the offline engine knows of a language besides English, as data a translator can read and
 * extend (one file a language: es.ts, fr.ts): the words that tell it apart, its number words, and
 * its phrases with the English words the engine's reading takes them as (gloss.ts). Written
 * without accents and in lower case: a question is read so ("recamaras" and "recámaras" alike).
 */
export type LanguageCode = 'en' | 'es' | 'fr' | 'de' | 'pt' | 'ar' | 'zh';

export interface Vocabulary {
  language: Exclude<LanguageCode, 'en'>;
  /** Words a question about homes in this language is likely to hold, and English is not: they tell the language. */
  markers: readonly string[];
  /** Number words, as the English ones the engine adds up ("quinientos" → "five hundred"). */
  numbers: Readonly<Record<string, string>>;
  /**
   * Phrases as visitors write them, and the English the engine reads them as. The longest phrase
   * found wins; a phrase is matched as whole words.
   */
  phrases: readonly (readonly [string, string])[];
  /**
   * For a language of another script: each letter's Latin consonant ("" for a vowel letter), so a
   * place name written in it ("دنفر") is found among the chatbot's places by its consonants ("Denver").
   */
  consonants?: Readonly<Record<string, string>>;
  /** False for a language written without spaces between words (Chinese): phrases are found anywhere. */
  spaced?: boolean;
  /**
   * Places the language names in words of its own, by the English name the listings give
   * ("Austin": 奥斯汀, 奧斯汀): read as "in" that name before anything else, so a number in a name
   * (三藩市) stays the name's.
   */
  places?: Readonly<Record<string, readonly string[]>>;
  /** Readings a phrase list cannot say (a count of rooms that means one bedroom fewer): pattern and rewrite. */
  rules?: readonly (readonly [RegExp, (match: string, ...groups: string[]) => string])[];
}
