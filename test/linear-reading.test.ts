/**
 * Reading text costs time linear in its length: no regular expression in src/ can
 * backtrack super-linearly — each literal is checked by scslre, the analysis behind
 * eslint-plugin-regexp's no-super-linear-backtracking and no-super-linear-move — and the offline
 * engine reads an 8,000-character question of any character class in a small multiple of the CPU
 * time of a plain one of the same length, measured in the same run.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { analyse } from 'scslre';
import { describe, expect, it } from 'vitest';
import { compose } from '../src/server/engines/answer/offline.ts';
import { defaultSettings } from '../src/server/store/chatbots.ts';
import { memoryCatalog } from '../src/server/engines/search/catalog.ts';
import { fixtureListings } from './support/listings.ts';

const root = join(import.meta.dirname, '..', 'src');
const sources = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
  (f) => f.endsWith('.ts') && !f.endsWith('.d.ts'),
);

/** Every regular expression literal of src/, and every `RegExp('…')` / `new RegExp('…')` of a plain string, with where it is. */
function patterns(): { at: string; source: string; flags: string }[] {
  const out: { at: string; source: string; flags: string }[] = [];
  for (const file of sources) {
    const text = readFileSync(join(root, file), 'utf8');
    const line = (at: number) => text.slice(0, at).split('\n').length;
    const visit = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      if (Array.isArray(node)) return node.forEach(visit);
      const n = node as {
        type?: string;
        regex?: { pattern: string; flags: string };
        start: number;
        callee?: { type: string; name?: string };
        arguments?: { type: string; value?: unknown }[];
      };
      if (n.type === 'Literal' && n.regex)
        out.push({ at: `src/${file}:${line(n.start)}`, source: n.regex.pattern, flags: n.regex.flags });
      if (
        (n.type === 'NewExpression' || n.type === 'CallExpression') &&
        n.callee?.type === 'Identifier' &&
        n.callee.name === 'RegExp'
      ) {
        const [source, flags] = n.arguments ?? [];
        if (source?.type === 'Literal' && typeof source.value === 'string')
          out.push({
            at: `src/${file}:${line(n.start)}`,
            source: source.value,
            flags: flags?.type === 'Literal' && typeof flags.value === 'string' ? flags.value : '',
          });
      }
      for (const value of Object.values(n)) if (value && typeof value === 'object') visit(value);
    };
    visit(parseAst(text, { lang: 'ts' }));
  }
  return out;
}

describe('the regular expressions of src/', () => {
  it('are all found, and none can backtrack super-linearly, in a match or in moving from one start to the next', () => {
    const all = patterns();
    expect(all.length).toBeGreaterThan(300);
    const reported = all.flatMap((p) =>
      analyse({ source: p.source, flags: p.flags }).reports.map(
        (r) =>
          `${p.at} /${p.source}/${p.flags}: ${r.type}${r.exponential ? ' (exponential)' : ''} at ${r.type === 'Trade' ? `${r.startQuant.raw} and ${r.endQuant.raw}` : r.quant.raw}`,
      ),
    );
    expect(reported).toEqual([]);
  });
});

describe('a question of 8,000 characters', () => {
  const settings = defaultSettings('UTC', 'offline');
  const N = 8_000;
  const fill = (unit: string) => unit.repeat(Math.ceil(N / unit.length)).slice(0, N);
  /** CPU milliseconds the offline engine takes to read and answer `question` (the least of three runs). */
  const cpu = async (question: string) => {
    const runs: number[] = [];
    for (let run = 0; run < 3; run++) {
      const start = process.cpuUsage();
      await compose({
        settings,
        question: { content: question, askType: 'Text', files: [] },
        history: [],
        catalog: memoryCatalog(fixtureListings),
        now: new Date('2026-11-28T12:00:00Z'),
      });
      const used = process.cpuUsage(start);
      runs.push((used.user + used.system) / 1000);
    }
    return Math.min(...runs);
  };
  const hostile: Record<string, string> = {
    digits: fill('0'),
    'digits and a unit': `${fill('9').slice(0, N - 6)} sq ft`,
    // Found by eslint-plugin-regexp's no-super-linear-move (npm run lint): the money pattern, made
    // from a template, tried the run again from each of its digits — 9 s for this question.
    'digits and a letter': `${fill('1').slice(0, N - 1)}x`,
    spaces: `homes${' '.repeat(N - 11)}austin`,
    punctuation: fill('.,;:!?-/#%$'),
    slashes: fill('/'),
    'one letter': fill('a'),
    'one word': fill('homes '),
    'a word and a number': fill('mls 1 '),
    mixed: fill('a1 .b2,/ $3k '),
    // Cues each read what follows them: once read to the question's end (a quadratic question), now
    // within a few words, and only so many of them.
    'a cue that rules out': fill('no '),
    'what is ruled out': fill('not condos in denver '),
    'a cue for a feature': fill('near '),
    'features, each new': Array.from({ length: N }, (_, i) => `with view${i} `)
      .join('')
      .slice(0, N),
    'words that name features': fill('pool fireplace garden '),
  };

  it('of any character class costs at most a few times a plain one', async () => {
    const plain = await cpu(fill('3 bedroom homes in austin under 500k with a pool near a park '));
    const costs: Record<string, number> = {};
    for (const [name, q] of Object.entries(hostile)) costs[name] = await cpu(q);
    const over = Object.entries(costs).filter(([, ms]) => ms > 5 * Math.max(plain, 5));
    expect(over, `plain: ${plain.toFixed(1)} ms; ${JSON.stringify(costs)}`).toEqual([]);
  });
});
