/**
 * The answer evaluation (`npm run eval`) as a test: every conversation of the question set, asked
 * through the real service by a visitor of a chatbot holding the demo's listings, answered by the
 * offline engine and scored strictly. Each category must be right at least 90 % of the time — the
 * bar docs/ANSWERS.md reports against — so a change that breaks a kind of conversation fails here;
 * in English, and in Spanish and French, where the answer must be in the visitor's language too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cases } from '../../../../bench/eval/cases.ts';
import { freshCases } from '../../../../bench/eval/cases-fresh.ts';
import { offPathCases } from '../../../../bench/eval/cases-off-path.ts';
import { businessCases } from '../../../../bench/eval/cases-business.ts';
import { spanishCases } from '../../../../bench/eval/cases-es.ts';
import { frenchCases } from '../../../../bench/eval/cases-fr.ts';
import { ownerListings } from '../../../../bench/eval/owner-listings.ts';
import { monthlyPayment } from '../../../../bench/eval/predicates.ts';
import { byCategory, report, runCases, type Answer, type CaseResult } from '../../../../bench/eval/score.ts';
import { addKnowledge, addListings, seedChatbot } from '../../../../bench/eval/seed.ts';
import type { Category, Where } from '../../../../bench/eval/types.ts';
import type { Listing } from '../../../../src/protocol/index.ts';
import { demoListings } from '../../../../src/server/demo/seed.ts';
import { startService, type TestService } from '../../../support/service.ts';

let service: TestService;
let serial: string;
let listings: Listing[];
beforeAll(async () => {
  service = await startService();
  ({ serial, listings } = await seedChatbot(service.owner, demoListings('https://homes.example')));
}, 120_000);
afterAll(() => service?.close());

/** A new visitor of the chatbot, asking through the typed client: one conversation. */
async function visitorConversation(
  of = serial,
): Promise<(question: string, where?: Where, locale?: string) => Promise<Answer>> {
  const visitor = await service.visitor(of);
  return async (content, where, locale) => {
    const answer = await visitor.client.ask({
      sessionID: visitor.sessionId,
      content,
      clientMessageId: crypto.randomUUID(),
      ...where,
      ...(locale ? { locale } : {}),
    });
    return { content: answer.content, noAnswer: answer.noAnswer };
  };
}

it('answers every category of the question set right at least 90 % of the time', async () => {
  const all = [...cases, ...freshCases];
  const results: CaseResult[] = await runCases(all, listings, () => visitorConversation(), 'strict');
  const scores = byCategory(results);
  expect(scores.map((s) => s.category).sort()).toEqual([
    'follow-up',
    'misspelling',
    'near-miss',
    'negation',
    'numbers-in-words',
    'reference',
    'refinement',
    'single',
    'superlative',
    'unknown-feature',
  ]);
  for (const s of scores) expect(s.cases, s.category).toBeGreaterThanOrEqual(12);
  const below = scores.filter((s) => s.accuracy < 0.9);
  expect(below, report(results)).toEqual([]);
}, 180_000);

/**
 * The question set's categories asked in Spanish and in French, each case with its
 * visitor's locale: right only when the answer shows what it should and is written in that language.
 */
it('answers every category in Spanish and in French right at least 90 % of the time, in that language', async () => {
  for (const [language, set] of [
    ['es', spanishCases],
    ['fr', frenchCases],
  ] as const) {
    const results = await runCases(set, listings, () => visitorConversation(), 'strict');
    const scores = byCategory(results);
    expect(scores.every((s) => s.lang === language)).toBe(true);
    expect(scores).toHaveLength(10);
    for (const s of scores) expect(s.cases, `${language} ${s.category}`).toBeGreaterThanOrEqual(14);
    expect(
      scores.filter((s) => s.accuracy < 0.9),
      report(results),
    ).toEqual([]);
  }
}, 180_000);

/**
 * The conversations off the happy path, every category at the same 90 % bar: dropping
 * and replacing filters, questions that are not searches (their noAnswer checked), names, ordinals,
 * the owner's own facts, payments, and the page's own listing (each asked with the page's address).
 */
const OFF_PATH: Category[] = [
  'drop-replace',
  'not-a-search',
  'names',
  'ordinal',
  'owner-facts',
  'calculation',
  'page-listing',
];

it('answers every category off the happy path right at least 90 % of the time', async () => {
  // The same chatbot, the owner's four listings added beside the demo's (as npm run eval holds them).
  const held = await addListings(service.owner, serial, ownerListings('https://homes.example'));
  const results = await runCases(offPathCases, held, () => visitorConversation(), 'strict');
  const scores = byCategory(results);
  expect(scores.map((s) => s.category).sort()).toEqual([...OFF_PATH].sort());
  for (const s of scores) expect(s.cases, s.category).toBeGreaterThanOrEqual(10);
  expect(
    scores.filter((s) => s.accuracy < 0.9),
    report(results),
  ).toEqual([]);
}, 180_000);

/**
 * Questions about the business on a chatbot of their own, holding the demo's listings
 * and the demo agency's FAQ and pages: answered from the knowledge with the source named, or —
 * where the knowledge does not hold the answer — honestly, with noAnswer and no sources.
 */
it('answers the questions about the business right at least 90 % of the time', async () => {
  const business = await seedChatbot(service.owner, demoListings('https://homes.example'));
  await addKnowledge(service.owner, business.serial, 'https://homes.example');
  const results = await runCases(
    businessCases,
    business.listings,
    () => visitorConversation(business.serial),
    'strict',
  );
  const scores = byCategory(results);
  expect(scores.map((s) => s.category)).toEqual(['business']);
  expect(scores[0]!.cases).toBeGreaterThanOrEqual(30);
  expect(scores[0]!.accuracy, report(results)).toBeGreaterThanOrEqual(0.9);
}, 180_000);

it('computes a monthly payment as published amortisation tables do', () => {
  // Principal and interest a month, to the cent, as lenders' amortisation tables give them.
  expect(monthlyPayment(200_000, 6, 30).toFixed(2)).toBe('1199.10');
  expect(monthlyPayment(100_000, 5, 15).toFixed(2)).toBe('790.79');
  expect(monthlyPayment(300_000, 4, 30).toFixed(2)).toBe('1432.25');
  expect(monthlyPayment(120_000, 0, 10).toFixed(2)).toBe('1000.00');
});
