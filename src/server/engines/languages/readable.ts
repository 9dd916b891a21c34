/**
 * An answer's input as the engines' reading takes it: the visitor's question and earlier ones, each
 * in the language it is written in, as the English the reading knows (gloss.ts) — the chatbot's
 * own places and street words left alone — and the question's language. The offline engine reads
 * the whole conversation so; a model engine, the listings it is given.
 */
import type { Vocabulary } from '../reading/places.ts';
import { glossed, questionLanguage, type LanguageCode, type Names } from './gloss.ts';
import { consonantIndex } from './script-places.ts';
import type { Lexicon } from './lexicon.ts';

/** What of an answer's input the reading takes: the question, the conversation, the chatbot's own words. */
export interface Readable {
  question: { content: string };
  history: { role: 'user' | 'assistant'; content: string }[];
  catalog: { vocabulary: Vocabulary };
  locale?: string | undefined;
  /** The languages' dictionaries (lexicon.ts): a question's language told by its words, and its real words never corrected. */
  lexicon?: Lexicon | undefined;
}

export function readable<T extends Readable>(input: T): { input: T; language: LanguageCode } {
  const known = input.catalog.vocabulary;
  const places = known.cities.map((c) => c.toLowerCase());
  // Made once for the question and every earlier one, and only when one is in another script.
  let index: ReadonlyMap<string, readonly string[]> | undefined;
  const names: Names = {
    has: (w) => known.names.has(w) || known.vocabulary.has(w),
    places,
    get byConsonants() {
      return (index ??= consonantIndex(places));
    },
  };
  let previous: LanguageCode | undefined;
  const history = input.history.map((m) => {
    if (m.role !== 'user') return m;
    previous = questionLanguage(m.content, input.locale, previous, input.lexicon, names);
    return previous === 'en' ? m : { ...m, content: glossed(m.content, previous, names, input.lexicon) };
  });
  const language = questionLanguage(input.question.content, input.locale, previous, input.lexicon, names);
  const content = glossed(input.question.content, language, names, input.lexicon);
  return { input: { ...input, history, question: { ...input.question, content } }, language };
}
