/**
 * The model's citations of the owner's knowledge (src/server/engines/model/citations.ts): a
 * citation of a passage the model was given is kept and noted, one it was not given is removed
 * with a blank beside it, and links and footnotes are left alone — whatever fragments the text
 * arrives in.
 */
import { describe, expect, it } from 'vitest';
import { citationFilter, citations } from '../../../../src/server/engines/model/citations.ts';
import type { Hit } from '../../../../src/server/engines/knowledge/find.ts';

const given = (n: number) => n >= 1 && n <= 2;

/** The text as the filter passes it on, sent in these fragments. */
function filtered(fragments: string[], holdBlanks = true): { text: string; cited: number[] } {
  const filter = citationFilter(given, holdBlanks);
  const text = fragments.map((f) => filter.push(f)).join('') + filter.end();
  return { text, cited: filter.cited };
}

/** Every way of cutting `text` in two, and in three at a sample of places. */
function cuts(text: string): string[][] {
  const out: string[][] = [[text]];
  for (let i = 1; i < text.length; i++) out.push([text.slice(0, i), text.slice(i)]);
  for (let i = 1; i < text.length; i += 3)
    for (let j = i + 1; j < text.length; j += 5) out.push([text.slice(0, i), text.slice(i, j), text.slice(j)]);
  return out;
}

describe('citations in a model’s text', () => {
  it.each([
    ['Fees are 2.5 % [1].', 'Fees are 2.5 % [1].', [1]],
    ['Fees are 2.5 % [3].', 'Fees are 2.5 %.', []],
    ['Open Monday [2][9] and Saturday [1].', 'Open Monday [2] and Saturday [1].', [2, 1]],
    [
      'See [the page](https://x.example/1) and [1](https://x.example/2).',
      'See [the page](https://x.example/1) and [1](https://x.example/2).',
      [],
    ],
    ['A footnote[^3], an array [1, 2] and [12345].', 'A footnote[^3], an array [1, 2] and [12345].', []],
    ['Ends with a bracket [', 'Ends with a bracket [', []],
    ['Ends with a citation [7]', 'Ends with a citation', []],
  ])('%j comes out as %j however it is cut', (text, want, cited) => {
    for (const fragments of cuts(text)) {
      const got = filtered(fragments);
      expect(got.text, JSON.stringify(fragments)).toBe(want);
      expect(got.cited).toEqual(cited);
    }
  });

  it('sends each fragment on at once where no citation is given to drop, but a dropped one’s blank after it', () => {
    expect(filtered(['Our fees ', '[4] are low.'], false).text).toBe('Our fees are low.');
    const filter = citationFilter(given, false);
    expect(filter.push('Two homes ')).toBe('Two homes ');
  });
});

describe('a citation kept', () => {
  it('goes out as `written` makes it, however the text is cut', () => {
    const link = (n: number) => `[[${n}]](<https://x.example/${n}>)`;
    const text = 'Leases run 12 months [2], pets pay a deposit [1] [9].';
    for (const fragments of cuts(text)) {
      const filter = citationFilter(given, true, link);
      const out = fragments.map((f) => filter.push(f)).join('') + filter.end();
      expect(out, JSON.stringify(fragments)).toBe(
        'Leases run 12 months [[2]](<https://x.example/2>), pets pay a deposit [[1]](<https://x.example/1>).',
      );
    }
  });
});

describe('the passages given, by number', () => {
  const hit = (sourceId: number, title: string, body: string, url = ''): Hit => ({
    sourceId,
    kind: 'text',
    title,
    url,
    heading: title,
    aliases: '',
    body,
    score: 1,
    words: 1,
  });

  it('numbers each passage once, and names each cited source once, in the order of the numbers', () => {
    const cite = citations();
    const rent = hit(2, 'Renting with us', 'Leases run 12 months.', 'https://x.example/renting');
    expect(cite.number(hit(1, 'What are your fees?', 'None.'))).toBe(1);
    expect(cite.number(rent)).toBe(2);
    expect(cite.number(hit(2, 'Renting with us', 'Deposits come back in 30 days.', 'https://x.example/renting'))).toBe(
      3,
    );
    expect(cite.number(rent)).toBe(2);
    expect(cite.has(3)).toBe(true);
    expect(cite.written(1)).toBe('[1]');
    expect(cite.written(2)).toBe('[\\[2\\]](<https://x.example/renting>)');
    expect(cite.has(4)).toBe(false);
    expect(cite.sourcesOf([3, 1, 2, 3])).toEqual([
      { title: 'What are your fees?' },
      { title: 'Renting with us', url: 'https://x.example/renting' },
    ]);
  });
});
