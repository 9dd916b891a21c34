/**
 * A misspelling that could be either of two of the listings' words is asked back, not guessed
 * (issue 64): the visitor gets the question each way as a chip, and the owner sees it as an
 * unsure reading.
 */
import { describe, expect, it } from 'vitest';
import { parseSuggestions } from '../../../../src/protocol/index.ts';
import { compose } from '../../../../src/server/engines/answer/offline.ts';
import { memoryCatalog } from '../../../../src/server/engines/search/catalog.ts';
import { lexicon } from '../../../support/lexicon.ts';
import { defaultSettings } from '../../../../src/server/store/chatbots.ts';
import { fixtureListings } from '../../../support/listings.ts';
import type { AnswerInput } from '../../../../src/server/engines/index.ts';

// Two towns one letter apart from "Austn": Austin, and an Austen.
const listings = [
  ...fixtureListings,
  { ...fixtureListings[0]!, Id: 'id-austen', City: 'Austen', Url: 'https://homes.example/austen' },
];
const input = (content: string): AnswerInput => ({
  settings: { ...defaultSettings('UTC', 'offline'), Name: 'Casa Bot', TalkToHumanEmail: 'team@homes.example' },
  question: { content, askType: 'Text', files: [] },
  history: [],
  catalog: memoryCatalog(listings),
  lexicon,
  now: new Date('2026-12-08T12:00:00Z'),
});

describe('a word that could be either of two', () => {
  it('is asked back with the question each way, marked as an unsure reading', async () => {
    const answer = await compose(input('condos in Austn'));
    expect(answer.text).toMatch(/^I'm not sure what you mean by “Austn”: did you mean “Aust[ie]n” or “Aust[ie]n”\?/);
    expect(answer.text).toContain('“Austin”');
    expect(answer.text).toContain('“Austen”');
    expect(parseSuggestions(answer.text).sort()).toEqual(['condos in Austen', 'condos in Austin']);
    expect(answer).toMatchObject({ noAnswer: true, noAnswerReason: 'unsure-reading' });
  });

  it('is read as the one it is near when there is only one', async () => {
    const answer = await compose({ ...input('condos in Denvr'), catalog: memoryCatalog(listings) });
    expect(answer.text).toContain('(I read “Denvr” as “Denver”.)');
    expect(answer.noAnswer).toBe(false);
  });
});
