/**
 * Scoring the evaluation: each conversation asked through the real service, a turn at a time, and
 * each answer checked against its turn's expectation by what it shows — its listing cards and
 * its prose. A conversation is right when every expectation in it is met.
 *
 * `strict` is the offline engine's promise (the exact first cards in the exact order, counts in
 * the prose); `lenient` is what can be asked of a model (right listings, none wrong, the right one
 * first for a superlative), since a model chooses how many to show.
 */
import {
  answerProse,
  cardsOf,
  handoffOf,
  parseSlots,
  parseSources,
  SLOTS_INFO,
  type Listing,
  type OfferedSlot,
} from '../../src/protocol/index.ts';

/** "I can't …", in each language the engines write: a request for a person is never answered with it. */
const CANNOT =
  /\b(?:can'?t|cannot|unable)\b|\bno (?:puedo|es posible)\b|\bje ne peux pas\b|\bkann (?:ich )?nicht\b|\bnão (?:posso|consigo)\b|لا أستطيع|لا يمكنني|无法|不能/i;
import { ORDER_KEY, compareKeys, money, monthlyPayment, price } from './predicates.ts';
import { franc } from 'franc-min';
import { addDays, describe, localTime, minutesOf, slotProblem, surelyFree, weekdayOf } from './showing-hours.ts';
import type { Category, EvalCase, Expectation, Lang, ShowingHours, Where } from './types.ts';

export interface Answer {
  content: string;
  noAnswer: boolean;
}

export interface TurnResult {
  ask: string;
  ok: boolean;
  /** What it shows is right, whatever language it is written in. */
  shown: boolean;
  /** Why it is wrong, in words. */
  why?: string;
  answer: string;
}

export interface CaseResult {
  id: string;
  category: Category;
  lang: Lang;
  ok: boolean;
  /** Every turn shows what is right, whatever language its answer is written in. */
  shown: boolean;
  turns: TurnResult[];
  /** Facts-guard corrections the answers carried. */
  corrections: number;
}

/** franc's names of the widget's languages (ISO 639-3). */
const FRANC: Record<Lang, string> = { en: 'eng', es: 'spa', fr: 'fra', de: 'deu', pt: 'por', ar: 'arb', zh: 'cmn' };
const LANGUAGE_NAMES: Record<Lang, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  pt: 'Portuguese',
  ar: 'Arabic',
  zh: 'Chinese',
};

/** franc tells a language from this many letters of the answer's own sentences on. */
export const TELLABLE_LETTERS = 20;

/** The answer's own sentences: without links' texts, quoted lines, words between quotation marks and Markdown's marks. */
export const ownSentences = (prose: string): string =>
  prose
    .replace(/\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/^>.*$/gm, ' ')
    .replace(/“[^”\n]*”|«[^»\n]*»/g, ' ')
    .replace(/[*_`#>|]/g, ' ');

export const letters = (text: string): number => (text.match(/\p{L}/gu) ?? []).length;

/**
 * The language prose is written in, as franc (a trigram language identifier, not the engine's
 * reading) tells it among the widget's seven; undefined when it is too short to tell. What the
 * answer's own sentences say is what counts: a link's text (an address, a page's title), a line set
 * apart as a quote and words between quotation marks are the owner's, in the owner's language.
 */
export function languageOf(prose: string): Lang | undefined {
  const text = ownSentences(prose);
  if (letters(text) < TELLABLE_LETTERS) return undefined;
  const found = franc(text, { only: Object.values(FRANC), minLength: 10 });
  return (Object.keys(FRANC) as Lang[]).find((l) => FRANC[l] === found);
}

/** How each language says that nothing matches exactly (a near miss) — as the engines may word it. */
const NO_EXACT: Record<Lang, RegExp> = {
  en: /no exact match|couldn't find|could not find|no (?:homes?|listings?) match|none match|nothing matches/i,
  es: /(?:no|ning[uú]n[oa]?|nada)[^.]{0,50}(?:exact|coincid|cumpl)/i,
  fr: /(?:aucun|pas de|rien|ne [^.]{0,20} pas)[^.]{0,50}(?:exact|correspond)/i,
  de: /(?:kein|nichts)[^.]{0,50}(?:genau|passt|entspricht)/i,
  pt: /(?:nenhum|nada|não)[^.]{0,50}(?:exat|correspond)/i,
  ar: /لا[^.]{0,50}(?:تطابق|مطابق)/,
  zh: /[没沒]有[^。]{0,20}(?:完全|符合|匹配)/,
};
/** How each language says the listing details cannot tell. */
const CANT_TELL: Record<Lang, RegExp> = {
  en: /can['’]?t tell|cannot tell|can not tell|no way to tell|(?:doesn['’]?t|don['’]?t|do not|does not) (?:say|mention|include|list)/i,
  es: /no (?:puedo|podemos|se puede|sabr[ií]a)[^.]{0,30}(?:saber|decir|confirmar|ver|asegurar)|no (?:lo )?(?:dice|indica|menciona|especifica)n?|no (?:aparece|figura)/i,
  fr: /(?:je ne (?:peux|saurais) pas|impossible de|on ne peut pas)[^.]{0,30}(?:dire|savoir|confirmer|voir)|ne (?:le |l['’])?(?:dit|disent|précise|précisent|mentionne|mentionnent|indique|indiquent) pas/i,
  de: /(?:kann|können) (?:ich |wir )?(?:nicht|nichts) (?:sagen|erkennen|feststellen)|(?:steht|erwähnt|nennt) (?:nicht|nichts)/i,
  pt: /não (?:posso|consigo|dá para)[^.]{0,30}(?:dizer|saber|confirmar|ver)|não (?:diz|menciona|indica)m?/i,
  ar: /لا (?:أستطيع|يمكنني|يمكن)/,
  zh: /(?:[无無]法|不能)(?:判[断斷]|确定|確定|看出)|[没沒]有(?:提到|[说說]明)/,
};

/** Arabic-Indic digits, thousands separator and decimal point (Egypt's locale writes "٤٠٧٬٠٠٠") as Western ones: a figure is checked whatever digits write it. */
const westernDigits = (prose: string) =>
  prose
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/\u066c/g, ',')
    .replace(/\u066b/g, '.');

/** The slots an answer offers: its `slots` block's (the first block; none without one). */
export function slotsOf(content: string): OfferedSlot[] {
  const body = new RegExp(`(?:^|\\n)\`\`\`${SLOTS_INFO}\\n([\\s\\S]*?)(?:\\n\`\`\`|$)`).exec(content)?.[1];
  return body === undefined ? [] : parseSlots(body);
}

/** When a `viewing` turn was asked: the chatbot's showing hours, and the instants before the question was sent and after its answer came. */
export interface AskedAt {
  hours?: ShowingHours;
  asked: Date;
  answered: Date;
}

/**
 * What is wrong with the first slot offered for a `viewing` expectation, or null. The slots free when
 * asked are those of the showing hours past the notice and within the days ahead (nothing is booked in
 * the eval); a question's day means the dates of that weekday from today on (or tomorrow's).
 *
 * - A day and a time (or part of the day) asked: on the first of those dates with any free slot
 *   (D), the first slot is the one asked (or in the part asked) when that is free on D; when it is
 *   free only on a later such date, the first slot is on D or is the one asked on that later date;
 *   when it is free on none, the first slot is on D.
 * - A day alone: the first slot is on D.
 * - A day none of whose dates has a free slot (a day without hours): the first slot is on the first
 *   later date with one ("else the next days").
 * - A time alone: the first slot is in it when any free slot is.
 */
export function firstSlotProblem(
  expect: Extract<Expectation, { kind: 'viewing' }>,
  first: Date,
  at: AskedAt & { hours: ShowingHours },
): string | null {
  const { hours, asked, answered } = at;
  const free = surelyFree(hours, asked, answered);
  const l = localTime(first, hours.timeZone);
  const [from, to] =
    expect.time === undefined
      ? [0, 24 * 60]
      : typeof expect.time === 'string'
        ? [minutesOf(expect.time), minutesOf(expect.time) + 1]
        : [minutesOf(expect.time[0]), minutesOf(expect.time[1])];
  const inTime = (minute: number) => minute >= from && minute < to;
  const asTime =
    expect.time === undefined
      ? ''
      : typeof expect.time === 'string'
        ? ` at ${expect.time}`
        : ` ${expect.time.join('–')}`;
  const shown = describe(first, hours.timeZone);
  if (expect.day === undefined) {
    if (expect.time === undefined || !free.some((s) => inTime(s.minute)) || inTime(l.minute)) return null;
    return `the first slot is ${shown}, not${asTime} (asked, and free)`;
  }
  const today = localTime(asked, hours.timeZone).date;
  const dates =
    expect.day === 'tomorrow'
      ? [addDays(today, 1)]
      : Array.from({ length: hours.days + 1 }, (_, i) => addDays(today, i)).filter((d) => weekdayOf(d) === expect.day);
  if (!dates.length) return null;
  const day = dates.find((d) => free.some((s) => s.date === d));
  if (!day) {
    const next = free.find((s) => s.date > dates[0]!)?.date;
    return !next || l.date === next
      ? null
      : `the first slot is ${shown}, not on ${next} (the next day with a free slot)`;
  }
  const timed =
    expect.time === undefined ? undefined : dates.find((d) => free.some((s) => s.date === d && inTime(s.minute)));
  if (timed === day)
    return l.date === day && inTime(l.minute)
      ? null
      : `the first slot is ${shown}, not on ${day}${asTime} (asked, and free)`;
  if (l.date === day) return null;
  if (timed && l.date === timed && inTime(l.minute)) return null;
  return `the first slot is ${shown}, not on ${day} (the day asked)${timed ? ` nor on ${timed}${asTime}` : ''}`;
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
  lang: Lang = 'en',
  at?: AskedAt,
): { ok: boolean; why?: string } {
  const byId = new Map(listings.map((l) => [l.Id, l]));
  const cards = cardsOf(answer.content).flatMap((c) => byId.get(c.Id) ?? []);
  const prose = westernDigits(answerProse(answer.content));
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
      if (!NO_EXACT[lang].test(prose)) return fail('it does not say nothing matches exactly');
      if (!cards.length || cards.length > 3) return fail(`${cards.length} near misses, expected 1 to 3`);
      const bad = cards.filter((c) => expect.exact(c) || !expect.near(c));
      return bad.length ? fail(`not near misses: ${names(bad)}`) : { ok: true };
    }
    case 'cant-tell': {
      if (!CANT_TELL[lang].test(prose) || !prose.toLowerCase().includes(expect.term.toLowerCase()))
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
    case 'person': {
      if (cards.length) return fail('listings shown for a request for a person');
      if (answer.noAnswer) return fail('marked noAnswer: a person was asked for, and offered');
      const handoff = handoffOf(answer.content);
      if (!handoff?.open)
        return fail(handoff ? 'the handoff is offered, not opened' : 'no handoff: the widget has nothing to open');
      return CANNOT.test(prose) ? fail('it says it cannot') : { ok: true };
    }
    case 'viewing': {
      const want = expect.pick(listings);
      const others = cards.filter((c) => c !== want);
      if (others.length) return fail(`cards of other homes than ${names([want])}`);
      if (answer.noAnswer) return fail('marked noAnswer: a viewing was asked for');
      if (!at?.hours) return fail('the case is wrong: its chatbot has no showing hours');
      const hours = at.hours;
      const slots = slotsOf(answer.content);
      if (!slots.length) return fail('no slots offered');
      for (const s of slots) {
        if (s.listing !== want.Id) return fail(`a slot of listing ${s.listing}, not of ${names([want])} (${want.Id})`);
        const problem = slotProblem(hours, new Date(s.start), new Date(s.end), at.asked, at.answered);
        if (problem) return fail(problem);
      }
      const first = firstSlotProblem(expect, new Date(slots[0]!.start), { ...at, hours });
      return first ? fail(first) : { ok: true };
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
    case 'as-written': {
      const misread = expect.misread.exec(prose);
      if (misread) return fail(`it read a word as another ("${misread[0].trim()}")`);
      return scoreTurn(expect.expect, answer, listings, mode, lang, at);
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
  conversation: () => Promise<(question: string, where?: Where, locale?: string) => Promise<Answer>>,
  mode: 'strict' | 'lenient',
  /** The showing hours of the chatbot the cases are asked of (for `viewing` expectations). */
  hours?: ShowingHours,
): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const c of cases) {
    const ask = await conversation();
    const turns: TurnResult[] = [];
    let corrections = 0;
    const where = c.where?.(listings);
    const lang = c.lang ?? 'en';
    for (const turn of c.turns) {
      const asked = new Date();
      const answer = await ask(turn.ask, where, c.locale ?? (c.lang ? c.lang : undefined));
      const answered = new Date();
      corrections += (answer.content.match(/\*\*Correction:\*\*/g) ?? []).length;
      let scored: { ok: boolean; why?: string } = turn.expect
        ? scoreTurn(turn.expect, answer, listings, mode, lang, { ...(hours ? { hours } : {}), asked, answered })
        : { ok: true };
      // An answer in another language than the visitor's is wrong, whatever it shows (English is not checked: the sets written in it before).
      const shown = scored.ok;
      const written = lang === 'en' ? undefined : languageOf(answerProse(answer.content));
      if (scored.ok && written && written !== lang)
        scored = { ok: false, why: `the answer is in ${LANGUAGE_NAMES[written]}, not ${LANGUAGE_NAMES[lang]}` };
      turns.push({ ask: turn.ask, ...scored, shown, answer: answer.content });
    }
    results.push({
      id: c.id,
      category: c.category,
      lang,
      ok: turns.every((t) => t.ok),
      shown: turns.every((t) => t.shown),
      turns,
      corrections,
    });
  }
  return results;
}

export interface CategoryScore {
  category: Category;
  /** The language its conversations are in: a category is scored per language. */
  lang: Lang;
  right: number;
  /** Conversations whose answers show what is right, whatever their language. */
  shown: number;
  cases: number;
  accuracy: number;
  corrections: number;
}

export function byCategory(results: CaseResult[]): CategoryScore[] {
  const out = new Map<string, CategoryScore>();
  for (const r of results) {
    const lang = r.lang ?? 'en';
    const key = `${lang} ${r.category}`;
    const s = out.get(key) ?? {
      category: r.category,
      lang,
      right: 0,
      shown: 0,
      cases: 0,
      accuracy: 0,
      corrections: 0,
    };
    s.cases++;
    if (r.ok) s.right++;
    if (r.shown) s.shown++;
    s.corrections += r.corrections;
    s.accuracy = s.right / s.cases;
    out.set(key, s);
  }
  return [...out.values()];
}

/** The scores as a Markdown table, and each wrong conversation with the turn that went wrong. */
export function report(results: CaseResult[], verbose = true): string {
  const scores = byCategory(results);
  const total = results.filter((r) => r.ok).length;
  // Another language than English: also what the answers show, whatever language they are in.
  const other = scores.some((s) => s.lang !== 'en');
  const pct = (n: number, of: number) => `${Math.round((n / Math.max(1, of)) * 100)} %`;
  const lines = other
    ? ['| category | right | accuracy | right but for its language | facts corrected |', '|---|---:|---:|---:|---:|']
    : ['| category | right | accuracy | facts corrected |', '|---|---:|---:|---:|'];
  for (const s of scores)
    lines.push(
      `| ${s.lang === 'en' ? '' : `${s.lang} `}${s.category} | ${s.right} / ${s.cases} | ${pct(s.right, s.cases)} |${other ? ` ${s.shown} / ${s.cases} |` : ''} ${s.corrections} |`,
    );
  const shown = results.filter((r) => r.shown).length;
  lines.push(
    `| **all** | **${total} / ${results.length}** | **${pct(total, results.length)}** |${other ? ` ${shown} / ${results.length} |` : ''} ${results.reduce((n, r) => n + r.corrections, 0)} |`,
  );
  if (verbose)
    for (const r of results.filter((x) => !x.ok)) {
      const bad = r.turns.find((t) => !t.ok)!;
      lines.push('', `✗ ${r.id} — "${bad.ask}": ${bad.why}`);
    }
  return lines.join('\n');
}
