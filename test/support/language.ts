/**
 * An answer's language as franc tells it from the answer's own sentences (bench/eval/score.ts): the
 * one expected — or, when there are too few letters for franc to tell, an answer that short.
 */
import { expect } from 'vitest';
import { languageOf, letters, ownSentences, TELLABLE_LETTERS } from '../../bench/eval/score.ts';
import type { Lang } from '../../bench/eval/types.ts';

export function expectWrittenIn(prose: string, language: Lang): void {
  const detected = languageOf(prose);
  if (detected === undefined) expect(letters(ownSentences(prose)), prose).toBeLessThan(TELLABLE_LETTERS);
  else expect(detected, prose).toBe(language);
}
