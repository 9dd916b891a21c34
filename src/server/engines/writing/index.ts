/**
 * Which language an answer is written in, and its sentences. The answer language is the owner's
 * AIResponseLanguage when it names one the engine writes, else the question's (languages/gloss.ts
 * reads it from its words, the visitor's locale breaking a tie). A language is written only once
 * every sentence of the engine has its words in it (WRITINGS): never half an answer in English.
 */
import type { LanguageCode } from '../languages/types.ts';
import { arabic } from './ar.ts';
import { english } from './en.ts';
import { spanish } from './es.ts';
import { french } from './fr.ts';
import { german } from './de.ts';
import { portuguese } from './pt.ts';
import { chinese } from './zh.ts';
import type { Writing } from './types.ts';

export type { Attribute, Miss, OutsideTopic, PaymentFigures, Writing } from './types.ts';
export { english } from './en.ts';

/** The languages the offline engine writes in, each for the visitor's locale (its region's words and numbers). */
const WRITINGS: Readonly<Partial<Record<LanguageCode, (locale: string, said: readonly string[]) => Writing>>> = {
  en: () => english,
  es: spanish,
  fr: french,
  pt: portuguese,
  de: german,
  ar: arabic,
  zh: chinese,
};

/** A language's names as an owner may write them in AIResponseLanguage, in English and in the language itself. */
const NAMES: readonly [RegExp, LanguageCode][] = [
  [/^(?:en|english|inglés|ingles|anglais|englisch|inglês)\b/i, 'en'],
  [/^(?:es|spanish|español|espanol|castellano|espagnol|spanisch|espanhol)\b/i, 'es'],
  [/^(?:fr|french|français|francais|francés|frances|französisch|francês)\b/i, 'fr'],
  [/^(?:de|german|deutsch|alemán|aleman|allemand|alemão)\b/i, 'de'],
  [/^(?:pt|portuguese|português|portugues|portugués|portugais|portugiesisch)\b/i, 'pt'],
  [/^(?:ar|arabic|العربية|عربي|árabe|arabe|arabisch)/i, 'ar'],
  [/^(?:zh|chinese|mandarin|中文|汉语|漢語|chino|chinois|chinesisch)/i, 'zh'],
];

/** The language an owner's AIResponseLanguage names, if one the reading knows. */
export function namedLanguage(name: string): LanguageCode | undefined {
  const t = name.trim();
  return t ? NAMES.find(([pattern]) => pattern.test(t))?.[1] : undefined;
}

/**
 * The sentences of an answer to a question in `question`'s language: the owner's language when set
 * and written, else the question's when written, else English.
 */
export function writingFor(
  owner: string,
  question: LanguageCode,
  locale = '',
  /** The visitor's questions as written, the latest last: features are named in their words. */
  said: readonly string[] = [],
): Writing {
  const named = namedLanguage(owner);
  const language = named && WRITINGS[named] ? named : WRITINGS[question] ? question : 'en';
  // The visitor's locale when it is of that language ("es-ES"), else the language alone.
  return WRITINGS[language]!(locale.toLowerCase().split('-')[0] === language ? locale : language, said);
}

/** Whether the engine writes in `language` (the console and the eval say so). */
export const writes = (language: LanguageCode): boolean => WRITINGS[language] !== undefined;
