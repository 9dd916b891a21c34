/**
 * Scoring the evaluation: each conversation asked through the real service, a turn at a time, and
 * each answer checked against its turn's expectation by what it shows — its listing cards and
 * its prose. A conversation is right when every expectation in it is met.
 *
 * `strict` is the offline engine's promise (the exact first cards in the exact order, counts in
 * the prose); `lenient` is what can be asked of a model (right listings, none wrong, the right one
 * first for a superlative), since a model chooses how many to show.
 */
import { answerProse, cardsOf, parseSources, type Listing } from '../../src/protocol/index.ts';
import { ORDER_KEY, compareKeys, money, monthlyPayment, price } from './predicates.ts';
import type { Category, EvalCase, Expectation, Where } from './types.ts';

export interface Answer {
  content: string;
  noAnswer: boolean;
}

export interface TurnResult {
  ask: string;
  ok: boolean;
  /** Why it is wrong, in words. */
  why?: string;
  answer: string;
}

export interface CaseResult {
  id: string;
  category: Category;
  ok: boolean;
  turns: TurnResult[];
  /** Facts-guard corrections the answers carried. */
  corrections: number;
}

const names = (ls: Listing[]) => ls.map((l) => `${l.Address} (${l.City}, ${price(l)})`).join('; ') || 'none';
const countIn = (prose: string, n: number) =>
  new RegExp(`(?<![\\d,.])${n.toLocaleString('en-US').replace(/,/g, ',?')}(?![\\d,])`).test(prose);

/** Whether `answer` meets `expect`, and why not. */
export function scoreTurn(
  expect: Expectation,
  answer: Answer,
  listings: Listing[],
  mode: 'strict' | 'lenient',
): { ok: boolean; why?: string } {
  const byId = new Map(listings.map((l) => [l.Id, l]));
  const cards = cardsOf(answer.content).flatMap((c) => byId.get(c.Id) ?? []);
  const prose = answerProse(answer.content);
  const fail = (why: string) => ({ ok: false, why: `${why}; cards: ${names(cards)}` });
  switch (expect.kind) {
    case 'list': {
      const key = ORDER_KEY[expect.order ?? 'default'];
      const all = listings.filter(expect.match).sort((a, b) => compareKeys(key(a), key(b)));
      if (!all.length) return fail('the case is wrong: nothing matches');
      if (!cards.length) return fail(`no cards; expected ${Math.min(all.length, expect.limit ?? 5)} of ${all.length}`);
      const wrong = cards.filter((c) => !expect.match(c));
      if (wrong.length) return fail(`cards that do not match: ${names(wrong)}`);
      if (mode === 'lenient') return { ok: true };
      const want = Math.min(all.length, expect.limit ?? 5);
      if (cards.length !== want) return fail(`${cards.length} cards, expected ${want}`);
      const off = cards.findIndex((c, i) => compareKeys(key(c), key(all[i]!)) !== 0);
      if (off >= 0) return fail(`card ${off + 1} is not the next in order (expected ${names([all[off]!])})`);
      if (all.length > cards.length && !countIn(prose, all.length))
        return fail(`the prose does not say ${all.length} match`);
      return { ok: true };
    }
    case 'these': {
      const want = expect.pick(listings);
      const same =
        mode === 'strict'
          ? cards.length === want.length && cards.every((c, i) => c === want[i])
          : want.every((w) => cards.includes(w)) && cards[0] === want[0];
      return same ? { ok: true } : fail(`expected ${names(want)}`);
    }
    case 'fact': {
      const want = expect.pick(listings);
      if (mode === 'strict' ? cards.length !== 1 || cards[0] !== want : !cards.includes(want))
        return fail(`expected the card of ${names([want])}`);
      const missing = expect
        .says(want)
        .filter((s) =>
          typeof s === 'string'
            ? !prose.toLowerCase().includes(s.toLowerCase())
            : !new RegExp(s.source, s.flags.includes('i') ? s.flags : `${s.flags}i`).test(prose),
        );
      return missing.length ? fail(`the prose does not say ${missing.join(', ')}`) : { ok: true };
    }
    case 'near': {
      if (
        !/no exact match|couldn't find|could not find|no (?:homes?|listings?) match|none match|nothing matches/i.test(
          prose,
        )
      )
        return fail('it does not say nothing matches exactly');
      if (!cards.length || cards.length > 3) return fail(`${cards.length} near misses, expected 1 to 3`);
      const bad = cards.filter((c) => expect.exact(c) || !expect.near(c));
      return bad.length ? fail(`not near misses: ${names(bad)}`) : { ok: true };
    }
    case 'cant-tell': {
      if (
        !/can['’]?t tell|cannot tell|can not tell|no way to tell|(?:doesn['’]?t|don['’]?t|do not|does not) (?:say|mention|include|list)/i.test(
          prose,
        ) ||
        !prose.toLowerCase().includes(expect.term.toLowerCase())
      )
        return fail(`it does not say it can't tell about ${expect.term}`);
      const wrong = cards.filter((c) => !expect.match(c));
      return wrong.length ? fail(`cards that do not match the rest: ${names(wrong)}`) : { ok: true };
    }
    case 'no-search': {
      if (cards.length) return fail('listings shown for a question that is not a search');
      if (answer.noAnswer !== expect.noAnswer)
        return fail(expect.noAnswer ? 'not marked noAnswer, so the owner never sees it' : 'marked noAnswer');
      const cited = parseSources(answer.content);
      if (expect.noAnswer && cited.length)
        return fail(`sources named by an answer it could not give: ${cited.map((s) => s.title).join(', ')}`);
      return expect.says && !expect.says.test(prose) ? fail(`the prose does not say ${expect.says}`) : { ok: true };
    }
    case 'knowledge': {
      if (cards.length) return fail('listings shown for a question about the business');
      if (answer.noAnswer) return fail('marked noAnswer: the knowledge holds the answer');
      const cited = parseSources(answer.content).map((s) => s.title);
      if (!cited.includes(expect.source))
        return fail(`the sources (${cited.join(', ') || 'none'}) do not name "${expect.source}"`);
      return expect.says.test(prose) ? { ok: true } : fail(`the prose does not say ${expect.says}`);
    }
    case 'payment': {
      const want = expect.pick?.(listings);
      if (want ? cards.length !== 1 || cards[0] !== want : cards.length)
        return fail(want ? `expected the card of ${names([want])}` : 'listings shown for a calculation');
      const principal = typeof expect.principal === 'number' ? expect.principal : expect.principal(listings);
      const monthly = monthlyPayment(principal, expect.ratePct, expect.years);
      const amounts = [...prose.matchAll(/\$\s?(\d{1,3}(?:,\d{3})*|\d+)(?:\.(\d{1,2}))?/g)].map(
        (m) => Number(m[1]!.replace(/,/g, '')) + Number(`0.${m[2] ?? 0}`),
      );
      return amounts.some((a) => Math.abs(a - monthly) <= 1)
        ? { ok: true }
        : fail(`the prose does not say ${money(Math.round(monthly))} a month`);
    }
    case 'mentions': {
      if (!cards.length) return fail('no cards');
      const words = (l: Listing) => `${l.Description} ${l.ExtensionColumn.map((x) => `${x.value} ${x.Key}`).join(' ')}`;
      const wrong = cards.filter((c) => !expect.term.test(words(c)) || !expect.match(c));
      return wrong.length
        ? fail(`cards that do not mention ${expect.term} or do not match: ${names(wrong)}`)
        : { ok: true };
    }
  }
}

/** Asks each case's turns in a conversation of its own and scores the answers. */
export async function runCases(
  cases: readonly EvalCase[],
  listings: Listing[],
  conversation: () => Promise<(question: string, where?: Where) => Promise<Answer>>,
  mode: 'strict' | 'lenient',
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    const ask = await conversation();
    const turns: TurnResult[] = [];
    let corrections = 0;
    const where = c.where?.(listings);
    for (const turn of c.turns) {
      const answer = await ask(turn.ask, where);
      corrections += (answer.content.match(/\*\*Correction:\*\*/g) ?? []).length;
      const scored = turn.expect ? scoreTurn(turn.expect, answer, listings, mode) : { ok: true };
      turns.push({ ask: turn.ask, ...scored, answer: answer.content });
    }
    results.push({ id: c.id, category: c.category, ok: turns.every((t) => t.ok), turns, corrections });
  }
  return results;
}

export interface CategoryScore {
  category: Category;
  right: number;
  cases: number;
  accuracy: number;
  corrections: number;
}

export function byCategory(results: CaseResult[]): CategoryScore[] {
  const out = new Map<Category, CategoryScore>();
  for (const r of results) {
    const s = out.get(r.category) ?? { category: r.category, right: 0, cases: 0, accuracy: 0, corrections: 0 };
    s.cases++;
    if (r.ok) s.right++;
    s.corrections += r.corrections;
    s.accuracy = s.right / s.cases;
    out.set(r.category, s);
  }
  return [...out.values()];
}

/** The scores as a Markdown table, and each wrong conversation with the turn that went wrong. */
export function report(results: CaseResult[], verbose = true): string {
  const scores = byCategory(results);
  const total = results.filter((r) => r.ok).length;
  const lines = ['| category | right | accuracy | facts corrected |', '|---|---:|---:|---:|'];
  for (const s of scores)
    lines.push(`| ${s.category} | ${s.right} / ${s.cases} | ${Math.round(s.accuracy * 100)} % | ${s.corrections} |`);
  lines.push(
    `| **all** | **${total} / ${results.length}** | **${Math.round((total / Math.max(1, results.length)) * 100)} %** | ${results.reduce((n, r) => n + r.corrections, 0)} |`,
  );
  if (verbose)
    for (const r of results.filter((x) => !x.ok)) {
      const bad = r.turns.find((t) => !t.ok)!;
      lines.push('', `✗ ${r.id} — "${bad.ask}": ${bad.why}`);
    }
  return lines.join('\n');
}
