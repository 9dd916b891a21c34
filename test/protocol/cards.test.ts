import { describe, expect, it } from 'vitest';
import {
  CARD_FIELDS,
  CARDS_INFO,
  cardsBlock,
  listingCard,
  answerProse,
  type Listing,
} from '../../src/protocol/index.ts';
import { listingRead } from '../support/samples.ts';

const oak: Listing = {
  ...listingRead,
  Images: ['https://img.example.com/12-oak-st/1.jpg', 'https://img.example.com/12-oak-st/2.jpg'],
};
const elm: Listing = {
  ...listingRead,
  Id: '0192f0c1-7a4e-7cc2-9d1e-4b9f2a6c8e11',
  MLSNumber: 'MLS-7',
  Address: '7 Elm Ave',
  Url: 'https://homes.example.com/listing/7-elm-ave',
  Images: [],
};

/**
 * A CommonMark-style fence reader: the fenced blocks of `text`, each with its info string and the
 * lines it holds. A fence is three or more backticks after at most three spaces; it closes at a
 * line of at least as many backticks and nothing else but spaces — or at the end of the text.
 */
function fencedBlocks(text: string): { info: string; lines: string[] }[] {
  const blocks: { info: string; lines: string[] }[] = [];
  let open: { fence: number; info: string; lines: string[] } | null = null;
  for (const line of text.split('\n')) {
    if (open) {
      const close = /^ {0,3}(`{3,})[ \t]*$/.exec(line);
      if (close && close[1]!.length >= open.fence) {
        blocks.push({ info: open.info, lines: open.lines });
        open = null;
      } else open.lines.push(line);
      continue;
    }
    const start = /^ {0,3}(`{3,})([^`]*)$/.exec(line);
    if (start) open = { fence: start[1]!.length, info: start[2]!.trim(), lines: [] };
  }
  if (open) blocks.push({ info: open.info, lines: open.lines });
  return blocks;
}

describe('a listing card', () => {
  it('holds exactly the card fields, with their values', () => {
    const card = listingCard(oak);
    expect(Object.keys(card)).toEqual([...CARD_FIELDS]);
    for (const field of CARD_FIELDS) if (field !== 'Images') expect(card[field]).toEqual(oak[field]);
    expect(card).not.toHaveProperty('Description');
    expect(card).not.toHaveProperty('ExtensionColumn');
  });

  it('holds only the first image, or none when the listing has none', () => {
    expect(listingCard(oak).Images).toEqual(['https://img.example.com/12-oak-st/1.jpg']);
    expect(listingCard(elm).Images).toEqual([]);
  });
});

describe('the listings block', () => {
  it('is empty for no listings', () => {
    expect(cardsBlock([])).toBe('');
  });

  it('is one fenced block with one JSON line per listing, in order, each parsing back to its card', () => {
    const block = cardsBlock([oak, elm]);
    const lines = block.split('\n');
    expect(lines[0]).toBe('```listings');
    expect(lines.at(-1)).toBe('```');
    expect(lines.slice(1, -1).map((line) => JSON.parse(line) as unknown)).toEqual([listingCard(oak), listingCard(elm)]);
    expect(fencedBlocks(block)).toEqual([{ info: CARDS_INFO, lines: lines.slice(1, -1) }]);
  });

  it('keeps one line per listing, and its own closing fence, whatever the listing’s text holds', () => {
    const hostile = 'a\n```\n</script><script>alert(1)</script>\u2028\u2029 \\ \\n " \r\n   ```listings\n`';
    const listings: Listing[] = [
      {
        ...oak,
        Address: hostile,
        City: hostile,
        State: '"\\',
        ZIP: '\n```',
        PropertyType: hostile,
        MLSNumber: hostile,
        CurrencySymbol: '```',
      },
      {
        ...elm,
        Address: '```',
        Url: 'https://homes.example.com/a"b\\c',
        Images: ['https://img.example.com/```\n.jpg'],
      },
    ];
    const block = cardsBlock(listings);
    const inner = block.split('\n').slice(1, -1);
    expect(inner).toHaveLength(listings.length);
    for (const line of inner) {
      expect(line.startsWith('{')).toBe(true);
      expect(line).not.toMatch(/^ {0,3}```/);
      expect(line).not.toContain('\r');
    }
    expect(inner.map((line) => JSON.parse(line) as unknown)).toEqual(listings.map(listingCard));
    const answer = `Two homes match.\n\n${block}\n\nAnything else?`;
    expect(fencedBlocks(answer)).toEqual([{ info: CARDS_INFO, lines: inner }]);
    expect(answerProse(answer)).toBe('Two homes match.\n\nAnything else?');
  });
});

describe('an answer without its cards', () => {
  const block = cardsBlock([oak, elm]);

  it('loses the whole block and the blank lines before it', () => {
    expect(answerProse(`Two homes match:\n\n1. 12 Oak St\n2. 7 Elm Ave\n\n${block}\n\nTell me more.`)).toBe(
      'Two homes match:\n\n1. 12 Oak St\n2. 7 Elm Ave\n\nTell me more.',
    );
    expect(answerProse(`12 Oak St is for sale.\n\n${block}`)).toBe('12 Oak St is for sale.');
  });

  it('loses a block the stream cut before its closing fence', () => {
    // Cut inside the second card, in the middle of its JSON.
    const cut = `12 Oak St is for sale.\n\n${block.slice(0, block.lastIndexOf('"Address"') + 3)}`;
    expect(cut.split('\n').at(-1)).toMatch(/^\{.*"Ad$/);
    expect(answerProse(cut)).toBe('12 Oak St is for sale.');
    expect(answerProse('12 Oak St is for sale.\n\n```listings\n')).toBe('12 Oak St is for sale.');
  });

  it('loses every block when there are several', () => {
    expect(answerProse(`First.\n\n${cardsBlock([oak])}\n\nSecond.\n\n${cardsBlock([elm])}\n\nThird.`)).toBe(
      'First.\n\nSecond.\n\nThird.',
    );
  });

  it('is unchanged when it has no block, other code blocks included', () => {
    const text = 'Homes:\n\n```\nnot cards\n```\n\n```json\n{"Id":"x"}\n```\n\nThe `listings` word stays.';
    expect(answerProse(text)).toBe(text);
  });
});
