/**
 * The owner's knowledge found by meaning, with no model server (knowledge/find.ts with the lexicon's
 * WordNet): a visitor's words reach an entry in the owner's words though they share none, and a
 * question about something the knowledge never mentions still finds nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  THRESHOLD,
  findInKnowledge,
  type Candidate,
  type KnowledgeBase,
} from '../../../../src/server/engines/knowledge/find.ts';
import { lexicon } from '../../../support/lexicon.ts';

const faq = (heading: string, body: string): Candidate => ({
  sourceId: 1,
  kind: 'faq',
  title: heading,
  url: '',
  heading,
  aliases: '',
  body,
});
const ENTRIES = [
  faq('Where is your office?', 'We are at 2210 South Lamar Blvd, Suite 4, Austin.'),
  faq('How long is a lease?', 'Our standard term is 12 months; six months on some units.'),
  faq('Do you allow pets?', 'Cats and dogs up to 50 lb, with a $300 deposit.'),
];
/** A knowledge base whose database finds nothing by words: only the meaning of its FAQ entries can. */
const kb: KnowledgeBase = { candidates: async () => [], any: async () => true, faqs: async () => ENTRIES };

describe('the knowledge found by meaning', () => {
  it.each([
    ['where are you guys located?', 'Where is your office?'],
    ['how long is the contract?', 'How long is a lease?'],
  ])('"%s" reaches "%s"', async (question, heading) => {
    const [best] = await findInKnowledge(kb, question, 1, lexicon);
    expect(best?.heading).toBe(heading);
    expect(best!.score).toBeGreaterThanOrEqual(THRESHOLD);
    // Without the related words, the entry is not found at all.
    expect(await findInKnowledge(kb, question, 1)).toEqual([]);
  });

  it('finds nothing for what the knowledge never mentions', async () => {
    for (const question of ['do you do property management?', 'are you hiring agents right now?']) {
      const hits = await findInKnowledge(kb, question, 1, lexicon);
      expect(hits.filter((h) => h.score >= THRESHOLD)).toEqual([]);
    }
  });

  it('knows a word’s senses: a vague one has many', () => {
    expect(lexicon.senses('get')).toBeGreaterThan(20);
    expect(lexicon.senses('lease')).toBeLessThan(10);
    expect(lexicon.related('lease')).toContain('contract');
  });
});
