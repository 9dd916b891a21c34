/**
 * The languages' dictionaries (engines/languages/lexicon.ts) and what the reading does with them:
 * a real word is never "corrected" into another, a short question's language is told by its
 * words, and a misspelling no dictionary knows is still read as the word it is near.
 */
import { describe, expect, it } from 'vitest';
import { lexicon } from '../../../support/lexicon.ts';
import { glossed, questionLanguage } from '../../../../src/server/engines/languages/gloss.ts';
import { correctSpelling, vocabularyOf } from '../../../../src/server/engines/reading/words.ts';

const vocabulary = vocabularyOf({ cities: ['Austin', 'Dallas'], stateNames: ['Texas'], types: ['Townhouse'] });
const english = (w: string) => lexicon.knows(w, 'en');

describe('the dictionaries', () => {
  it('know the words of each language in any case and without their accents, and not the misspellings', () => {
    expect(lexicon.knows('comes', 'en')).toBe(true);
    expect(lexicon.knows('Fewest', 'en')).toBe(true);
    expect(lexicon.knows('bedrom', 'en')).toBe(false);
    expect(lexicon.knows('dónde', 'es')).toBe(true);
    expect(lexicon.knows('donde', 'es')).toBe(true);
    expect(lexicon.knows('habitasiones', 'es')).toBe(false);
    expect(lexicon.knows('strasse', 'de')).toBe(true);
    expect(lexicon.knows('appartements', 'fr')).toBe(true);
    expect(lexicon.knows('quartos', 'pt')).toBe(true);
    expect(lexicon.knows('شقة', 'ar')).toBe(true);
    // Chinese is written without spaces and has no spelling to correct: no dictionary.
    expect(lexicon.knows('公寓', 'zh')).toBe(false);
  });
});

describe('a real word is never corrected into another', () => {
  it.each([
    ['email me when a 3 bed house comes on the market', 'comes'],
    ['which part of Dallas has the fewest listings?', 'fewest'],
    ['homes with a finished basement', 'finished'],
  ])('"%s" keeps "%s"', (question, word) => {
    const read = correctSpelling(question, vocabulary, new Set(), english);
    expect(read.corrections).toEqual([]);
    expect(read.text).toContain(word);
  });

  it('while a word no dictionary knows is read as the one it is near, and said back', () => {
    const read = correctSpelling('3 bedrom townhuose in Austn', vocabulary, new Set(), english);
    expect(read.text).toBe('3 bedroom townhouse in Austin');
    expect(read.corrections).toEqual([
      ['bedrom', 'bedroom'],
      ['townhuose', 'townhouse'],
      ['Austn', 'Austin'],
    ]);
  });

  it('in other languages too: a word of the language stays, unless it is the reader’s word with another ending or completes its phrase', () => {
    // "cosa" is a Spanish word, not a misspelt "casa".
    expect(glossed('una cosa en Austin', 'es', undefined, lexicon)).not.toMatch(/\bhouse\b/);
    // Misspellings no dictionary knows are read as the reader's words.
    expect(glossed('habitasiones en alquiller en Austin', 'es', undefined, lexicon)).toMatch(/bedrooms.*for rent/);
    // "Zimmern" is German for "rooms" (dative): read as the reader's "zimmer".
    // (3 rooms in German count the living room: 2 bedrooms.)
    expect(glossed('mit 3 Zimmern', 'de', undefined, lexicon)).toMatch(/2 bedrooms/);
    // "vile" is a French word; "maison de vile" is a misspelt "maison de ville" (a townhouse).
    expect(glossed('maison de vile a vendre', 'fr', undefined, lexicon)).toMatch(/townhouse/);
  });
});

describe("a short question's language", () => {
  it.each([
    ['¿dónde está su oficina?', undefined, 'es'],
    ['¿alguien me puede llamar?', 'es-MX', 'es'],
    ['puedo llevar a mi perro?', undefined, 'es'],
    ['posso levar meu cachorro?', undefined, 'pt'],
    ['où est votre bureau ?', undefined, 'fr'],
    ['wo ist Ihr Büro?', undefined, 'de'],
    ['can I bring my dog?', 'es-MX', 'en'],
    ['a condo with a rooftop deck', undefined, 'en'],
  ] as const)('"%s" (locale %s) is %s', (question, locale, language) => {
    expect(questionLanguage(question, locale, undefined, lexicon)).toBe(language);
  });

  it('is the locale’s where the words say nothing: a place of the chatbot is no English word', () => {
    const names = { has: (w: string) => w === 'austin', places: ['austin'] };
    expect(questionLanguage('Austin?', 'pt-BR', undefined, lexicon, names)).toBe('pt');
    expect(questionLanguage('Austin?', undefined, undefined, lexicon, names)).toBe('en');
  });
});
