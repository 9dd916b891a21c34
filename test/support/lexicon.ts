/**
 * One lexicon (the languages' dictionaries and WordNet: src/server/engines/languages/lexicon.ts) for
 * every test of a worker — the lanes share one module graph — so each dictionary is read once per
 * worker, as a service process reads it once.
 */
import { createLexicon } from '../../src/server/engines/languages/lexicon.ts';

export const lexicon = createLexicon();
