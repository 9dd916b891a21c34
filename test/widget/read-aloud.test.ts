/**
 * How "Read aloud" picks a voice and cuts an answer into sentences, in Chromium (its
 * Intl.DisplayNames and Intl.Segmenter): the voices here are plain objects shaped like the
 * browser's, as many engines list them; reading itself is tested with real voices in
 * test/e2e/read-aloud.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { sentences, voiceFor } from '../../src/widget/media/read-aloud.ts';

const voice = (lang: string, name = lang, isDefault = false) =>
  ({ lang, name, default: isDefault, localService: true, voiceURI: name }) as SpeechSynthesisVoice;
const VOICES = [
  voice('en-US', 'English (America)', true),
  voice('en-GB'),
  voice('es-ES'),
  voice('es-MX'),
  voice('pt-PT'),
  voice('pt-BR'),
  voice('zh-CN'),
  voice('ar'),
  voice('de_DE'),
  voice('fr-FR'),
  voice('fr-CA'),
];

describe('voiceFor', () => {
  it('takes AIResponseLanguage as the owner writes it: a language’s English name, with its region', () => {
    expect(voiceFor('Spanish', VOICES)?.lang).toMatch(/^es-/);
    expect(voiceFor('Portuguese (Brazil)', VOICES)?.lang).toBe('pt-BR');
    expect(voiceFor('portuguese (portugal)', VOICES)?.lang).toBe('pt-PT');
    expect(voiceFor(' Arabic ', VOICES)?.lang).toBe('ar');
    expect(voiceFor('German', VOICES)?.lang).toBe('de_DE');
    expect(voiceFor('Chinese', VOICES)?.lang).toBe('zh-CN');
  });

  it('takes a locale tag, exactly before by language, and the browser’s default among equals', () => {
    expect(voiceFor('pt-BR', VOICES)?.lang).toBe('pt-BR');
    expect(voiceFor('fr-CA', VOICES)?.lang).toBe('fr-CA');
    expect(voiceFor('en', VOICES)?.name).toBe('English (America)');
    expect(voiceFor('de', VOICES)?.lang).toBe('de_DE');
  });

  it('finds none for a language no voice speaks, or a name that is no language', () => {
    expect(voiceFor('Japanese', VOICES)).toBeUndefined();
    expect(voiceFor('ja', VOICES)).toBeUndefined();
    expect(voiceFor('Klingon-ish!', VOICES)).toBeUndefined();
    expect(voiceFor('Spanish', [])).toBeUndefined();
  });
});

describe('sentences', () => {
  it('cuts where a sentence ends, not at every full stop', () => {
    expect(sentences('The condo has 3.5 baths. It is near the park! Open on Sat.\nCall us?', 'en')).toEqual([
      'The condo has 3.5 baths.',
      'It is near the park!',
      'Open on Sat.',
      'Call us?',
    ]);
    expect(sentences('两套房子。都在公园附近！', 'zh')).toEqual(['两套房子。', '都在公园附近！']);
  });

  it('keeps nothing empty, and joins a sentence’s lines', () => {
    expect(sentences('  \n\n ')).toEqual([]);
    expect(sentences('A list item\n\nwith   space.')).toEqual(['A list item', 'with space.']);
  });
});
