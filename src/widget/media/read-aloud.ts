/**
 * Reads an answer aloud with the browser's speech synthesis, in the chatbot's language — its
 * AIResponseLanguage ("Spanish") when the owner set one, else the widget's locale — and stops. One
 * answer at a time: reading another stops the first. A chunk of its own, loaded with the first
 * "Read aloud" pressed.
 */

/** What an answer shows while it is read: its button says Stop. */
export interface Reader {
  speaking: boolean;
}

let reading: { who: Reader; last: SpeechSynthesisUtterance } | undefined;

/**
 * The voice for a language given by name, as AIResponseLanguage holds it ("Spanish", "Portuguese
 * (Brazil)"), or by tag, as a locale ("es", "pt-BR"): one that speaks exactly that before one that
 * speaks the language, the browser's default among them first.
 */
export function voiceFor(language: string, voices = speechSynthesis.getVoices()): SpeechSynthesisVoice | undefined {
  const names = new Intl.DisplayNames(['en'], { type: 'language', languageDisplay: 'standard' });
  // Voices share a few dozen tags among thousands: each is named once.
  const named = new Map<string, string>();
  const name = (tag: string) => {
    let n = named.get(tag);
    if (n === undefined) {
      try {
        n = names.of(tag)!.toLowerCase();
      } catch {
        n = ''; // not a tag this browser knows
      }
      named.set(tag, n);
    }
    return n;
  };
  /** "pt-br" → "pt", "portuguese (brazil)" → "portuguese". */
  const base = (s: string) => s.split(/[-_(]/)[0]!.trim();
  const want = language.trim().toLowerCase();
  let best: SpeechSynthesisVoice | undefined;
  let bestScore = 1;
  for (const v of voices) {
    const tag = v.lang.replace('_', '-').toLowerCase();
    const score =
      (tag === want || name(tag) === want ? 4 : base(tag) === base(want) || name(base(tag)) === base(want) ? 2 : 0) +
      (v.default ? 1 : 0);
    if (score > bestScore) [best, bestScore] = [v, score];
  }
  return best;
}

/**
 * The text's sentences, by the language's rules where the browser has them (Intl.Segmenter: "3.5
 * baths" stays one sentence), else by line.
 */
export function sentences(text: string, lang?: string): string[] {
  const parts =
    typeof Intl.Segmenter === 'function'
      ? [...new Intl.Segmenter(lang, { granularity: 'sentence' }).segment(text)].map((s) => s.segment)
      : text.split('\n');
  return parts.map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/** Reads `text` for `who` — or, if it is being read, stops. */
export function toggle(who: Reader, text: string, language: string): void {
  const was = reading?.who;
  stop();
  if (was === who) return;
  const voice = voiceFor(language);
  // No voice of its own: the language as a hint, when it is a tag the engine can read.
  const lang = voice?.lang ?? (/^[a-z]{2,3}(-|$)/i.test(language) ? language : '');
  let last: SpeechSynthesisUtterance | undefined;
  // Sentence by sentence: some engines cut one long utterance off after some seconds, and Stop
  // takes effect between sentences at the latest.
  for (const sentence of sentences(text, lang || undefined)) {
    last = new SpeechSynthesisUtterance(sentence);
    if (voice) last.voice = voice;
    last.lang = lang;
    speechSynthesis.speak(last);
  }
  if (!last) return;
  const done = () => {
    if (reading?.last !== last) return;
    reading = undefined;
    who.speaking = false;
  };
  last.addEventListener('end', done);
  last.addEventListener('error', done);
  reading = { who, last };
  who.speaking = true;
}

/** Stops reading — whatever is read, or only `who`'s answer. */
export function stop(who?: Reader): void {
  const was = reading?.who;
  if (!was || (who && who !== was)) return;
  reading = undefined;
  speechSynthesis.cancel();
  was.speaking = false;
}
