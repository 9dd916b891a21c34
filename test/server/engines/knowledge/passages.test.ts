/**
 * How a source becomes the passages the engines search (src/server/engines/knowledge/passages.ts), and how
 * a question is weighed against one (src/server/engines/knowledge/find.ts): the owner's headings
 * kept above each passage, nothing longer than a passage, a FAQ whole; a word of the heading above
 * one of the body, the word itself above a word visitors use for it.
 */
import { describe, expect, it } from 'vitest';
import {
  PASSAGE_CHARS,
  faqPassages,
  sentencesOf,
  textPassages,
} from '../../../../src/server/engines/knowledge/passages.ts';
import { questionTerms, scoreOf } from '../../../../src/server/engines/knowledge/find.ts';
import { quoted } from '../../../../src/server/engines/answer/knowledge.ts';

describe('passages', () => {
  it('keep a FAQ entry whole, its other phrasings beside its question', () => {
    expect(faqPassages(' What are your fees? ', ['How much?', ' Your commission? '], 'None.\n\nReally.')).toEqual([
      { heading: 'What are your fees?', aliases: 'How much?\nYour commission?', body: 'None.\n\nReally.', url: '' },
    ]);
  });

  it('cut a text by its headings, each passage under the path of headings above it', () => {
    const passages = textPassages(
      'Renting with us',
      `Intro before any heading.

# Renting with us

## Leases ##

Twelve months.

### Breaking a lease

Two months' rent.

## Moving out

\`\`\`
# not a heading
\`\`\`

Sixty days' notice.`,
      'https://oak.example/renting',
    );
    expect(passages.map((p) => [p.heading, p.body])).toEqual([
      ['Renting with us', 'Intro before any heading.'],
      ['Renting with us › Leases', 'Twelve months.'],
      ['Renting with us › Leases › Breaking a lease', "Two months' rent."],
      ['Renting with us › Moving out', "```\n# not a heading\n```\n\nSixty days' notice."],
    ]);
    expect(passages.every((p) => p.url === 'https://oak.example/renting')).toBe(true);
  });

  it('hold at most PASSAGE_CHARS each, cut between paragraphs or sentences, a short paragraph carried over', () => {
    const sentence = 'Our agents answer within one business day. ';
    const long = sentence.repeat(60).trim();
    const short = 'A short paragraph that leads into the next one.';
    const passages = textPassages('Service', `${long}\n\n${short}\n\n${'Another paragraph. '.repeat(60).trim()}`);
    expect(passages.length).toBeGreaterThan(2);
    for (const p of passages) expect(p.body.length).toBeLessThanOrEqual(PASSAGE_CHARS);
    // Cut between sentences: the long paragraph in as many passages as it takes, each of its sentences whole.
    const ofLong = passages.filter((p) => p.body.includes('Our agents'));
    expect(ofLong.length).toBeGreaterThanOrEqual(Math.ceil(long.length / PASSAGE_CHARS));
    for (const p of ofLong)
      expect(p.body.replace(short, '').trim()).toMatch(/^(?:Our agents answer within one business day\.\s*)+$/);
    const holding = passages.filter((p) => p.body.includes(short));
    expect(holding).toHaveLength(2);
    expect(holding[1]!.body.startsWith(short)).toBe(true);
  });

  it('cut sentences at a full stop before a space only', () => {
    expect(sentencesOf('Call (512) 555-0142 or write to agents@oakridge.example. Fees are 2.5 %! Ok?')).toEqual([
      'Call (512) 555-0142 or write to agents@oakridge.example.',
      'Fees are 2.5 %!',
      'Ok?',
    ]);
  });
});

describe('weighing a question against a passage', () => {
  const fees = { heading: 'What are your fees?', aliases: 'How much do you charge?', body: 'Selling costs 2.5 %.' };

  it('counts a word of the heading above one of the body, and the word above another of its group', () => {
    const inHeading = scoreOf(questionTerms('what are your fees?'), fees);
    const inBody = scoreOf(questionTerms('what are your fees?'), { heading: 'Money', aliases: '', body: 'Our fees.' });
    const synonym = scoreOf(questionTerms('what is your commission?'), fees);
    expect(inHeading).toBe(1);
    expect(inBody).toBeLessThan(inHeading);
    expect(synonym).toBeLessThan(inHeading);
    expect(synonym).toBeGreaterThan(0.5);
  });

  it('finds nothing in a passage that holds only the weak words of a question', () => {
    expect(scoreOf(questionTerms('I need a home'), { heading: 'Homes', aliases: '', body: 'We need homes.' })).toBe(0);
    expect(questionTerms('what is the')).toEqual([]);
  });

  it('lets a weak word found raise the score and a weak word missing leave it', () => {
    const closing = { heading: 'Buying with us', aliases: '', body: 'The closing comes 30 to 45 days later.' };
    const plain = scoreOf(questionTerms('when is the closing?'), closing);
    expect(scoreOf(questionTerms('how long does it take to close?'), closing)).toBe(plain);
  });

  it('quotes the sentences or list items of a passage that hold the question’s words, in their order', () => {
    const body = 'Leases run 12 months. Rent is due on the first.\n\n- Pets welcome\n- Deposit of $300 for pets';
    expect(quoted(body, 'what about pets?')).toEqual(['- Pets welcome', '- Deposit of $300 for pets']);
    expect(quoted(body, 'are pets allowed?')).toEqual(['- Pets welcome']);
    expect(quoted(body, 'how long is a lease?')).toEqual(['Leases run 12 months.']);
    expect(quoted(body, 'tell me more')).toEqual(['Leases run 12 months.', 'Rent is due on the first.']);
  });
});
