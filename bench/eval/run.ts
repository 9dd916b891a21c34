/**
 * `npm run eval`: the answer evaluation. Starts the reference service in this process on
 * 127.0.0.1 with a fresh embedded database, gives a chatbot the demo's 240 listings, asks every
 * conversation of the question set (cases.ts, cases-fresh.ts) through the typed client as a
 * visitor, and prints the accuracy per category; then the same for the conversations off the happy
 * path (cases-off-path.ts) on a chatbot that also holds the owner's listings (owner-listings.ts), and
 * the questions about the business (cases-business.ts) on one that holds the demo agency's knowledge;
 * then the question set's categories in Spanish and French (cases-es.ts, cases-fr.ts), and five of
 * them in German and Portuguese (cases-de.ts, cases-pt.ts), single questions in Arabic and Chinese
 * (cases-ar.ts, cases-zh.ts), each answer
 * also checked to be in the visitor's language; asking for a person (cases-person.ts); and booking a
 * viewing (cases-viewing.ts) on a chatbot with showing hours; understanding what the visitor means
 * (cases-meaning.ts, issue 64): an owner's own knowledge (owner-knowledge.ts) asked in other words,
 * business questions naming a kind of home, real words near a listing word. With LLM_BASE_URL and LLM_MODEL set, the chatbot answers with that
 * model server (tools and all) and is scored leniently (score.ts); otherwise with the offline engine.
 * Results go to bench/results/eval-<engine>-<time>.json.
 *
 *   npm run eval                       the offline engine
 *   npm run eval -- --only reference   one category
 *   LLM_BASE_URL=http://127.0.0.1:11434/v1 LLM_MODEL=qwen2.5:7b npm run eval
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { createClient } from '../../src/client/index.ts';
import { buildApp } from '../../src/server/http/app.ts';
import { NO_THROTTLES } from '../../src/server/http/throttle.ts';
import { createApiKey, ensureOwner } from '../../src/server/start/bootstrap.ts';
import { createEngines } from '../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../src/server/engines/answer/offline.ts';
import { createOpenAiEngine } from '../../src/server/engines/model/openai.ts';
import { demoListings } from '../../src/server/demo/seed.ts';
import { openStore } from '../../src/server/store/db.ts';
import { cases as developed } from './cases.ts';
import { freshCases } from './cases-fresh.ts';
import { offPathCases } from './cases-off-path.ts';
import { businessCases } from './cases-business.ts';
import { spanishCases } from './cases-es.ts';
import { frenchCases } from './cases-fr.ts';
import { germanCases } from './cases-de.ts';
import { portugueseCases } from './cases-pt.ts';
import { arabicCases } from './cases-ar.ts';
import { chineseCases } from './cases-zh.ts';
import { personCases } from './cases-person.ts';
import { viewingCases } from './cases-viewing.ts';
import { meaningCases } from './cases-meaning.ts';
import { ownerListings } from './owner-listings.ts';
import { byCategory, report, runCases, type CaseResult } from './score.ts';
import { addKnowledge, addOwnerKnowledge, seedChatbot } from './seed.ts';
import type { EvalCase, ShowingHours } from './types.ts';

const ORIGIN = 'https://homes.example';
/**
 * The viewing set's showing hours (issue 63): weekdays 9 to 5 and Saturday 10 to 2 in Chicago,
 * 30-minute viewings, 12 hours' notice, no buffer, two weeks ahead.
 */
const SHOWING_HOURS: ShowingHours = {
  timeZone: 'America/Chicago',
  hours: [
    ...[1, 2, 3, 4, 5].map((Day) => ({ Day, From: '09:00', To: '17:00' })),
    { Day: 6, From: '10:00', To: '14:00' },
  ],
  minutes: 30,
  noticeHours: 12,
  bufferMinutes: 0,
  days: 14,
};
/**
 * The sets, each on a chatbot of its own: the cases the engines were improved on, then the ones
 * written after, as a check that the improvements generalize (the demo's listings); and the
 * conversations off the happy path (issue 36), over the demo's listings and the owner's own.
 */
const sets: {
  name: string;
  cases: EvalCase[];
  listings: () => Parameters<typeof seedChatbot>[1];
  /** The chatbot's knowledge: the demo agency's (true), an owner's own without Phrasings ('owner'), or none. */
  knowledge?: true | 'owner';
  /** The chatbot's showing hours (none unless given: no booking, a person offered). */
  hours?: ShowingHours;
}[] = [
  { name: 'the question set', cases: [...developed, ...freshCases], listings: () => demoListings(ORIGIN) },
  {
    name: 'off the happy path',
    cases: offPathCases,
    listings: () => [...demoListings(ORIGIN), ...ownerListings(ORIGIN)],
  },
  // Questions about the business (issue 42): the demo's listings and the demo agency's FAQ and pages.
  { name: 'the business', cases: businessCases, listings: () => demoListings(ORIGIN), knowledge: true },
  // The question set's categories asked in Spanish and in French (issue 43): the answer in that language too.
  { name: 'in Spanish', cases: spanishCases, listings: () => demoListings(ORIGIN) },
  { name: 'in French', cases: frenchCases, listings: () => demoListings(ORIGIN) },
  // Five of the categories in German and Portuguese.
  { name: 'in German', cases: germanCases, listings: () => demoListings(ORIGIN) },
  { name: 'in Portuguese', cases: portugueseCases, listings: () => demoListings(ORIGIN) },
  // Single questions in Arabic and Chinese.
  { name: 'in Arabic', cases: arabicCases, listings: () => demoListings(ORIGIN) },
  { name: 'in Chinese', cases: chineseCases, listings: () => demoListings(ORIGIN) },
  // Asking for a person, in every language, beside the demo's FAQ and pages.
  { name: 'asking for a person', cases: personCases, listings: () => demoListings(ORIGIN), knowledge: true },
  // Booking a viewing in every language (issue 63), on a chatbot with showing hours, beside the demo's FAQ and pages.
  {
    name: 'booking a viewing',
    cases: viewingCases,
    listings: () => demoListings(ORIGIN),
    knowledge: true,
    hours: SHOWING_HOURS,
  },
  // Understanding what the visitor means (issue 64), in every language: an owner's own knowledge asked
  // in other words, on a chatbot holding it (owner-knowledge.ts) beside the demo's listings …
  {
    name: "the owner's knowledge in other words",
    cases: meaningCases.filter((c) => c.category === 'paraphrase'),
    listings: () => demoListings(ORIGIN),
    knowledge: 'owner',
  },
  // … and business questions naming a kind of home, and real words near a listing word, beside the demo's FAQ and pages.
  {
    name: 'business or search, real words',
    cases: meaningCases.filter((c) => c.category !== 'paraphrase'),
    listings: () => demoListings(ORIGIN),
    knowledge: true,
  },
];

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const llm =
  process.env.LLM_BASE_URL && process.env.LLM_MODEL
    ? { baseUrl: process.env.LLM_BASE_URL, apiKey: process.env.LLM_API_KEY, model: process.env.LLM_MODEL }
    : null;

const store = await openStore({});
const dataDir = await mkdtemp(join(tmpdir(), 'chat-bot-eval-'));
const offline = createOfflineEngine();
const engines = llm
  ? createEngines(offline, { model: llm.model, engine: createOpenAiEngine(llm) })
  : createEngines(offline);
const now = new Date();
const ownerId = await ensureOwner(store.db, now);
const apiKey = await createApiKey(store.db, ownerId, 'eval');
// Throttles off: every conversation of the sets is asked from one address, far faster than a person types.
const app = await buildApp({
  db: store.db,
  secret: randomBytes(32),
  dataDir,
  engines,
  logger: false,
  throttles: NO_THROTTLES,
});
await app.listen({ host: '127.0.0.1', port: 0 });
const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
try {
  const owner = createClient({ baseUrl: origin, apiKey });
  const engine = llm ? `${llm.model} at ${llm.baseUrl}` : 'offline';
  const all: CaseResult[] = [];
  for (const set of sets) {
    const chosen = set.cases.filter((c) => !only || c.category === only || c.id.startsWith(only));
    if (!chosen.length) continue;
    const { serial, listings } = await seedChatbot(
      owner,
      set.listings(),
      llm?.model,
      set.hours
        ? {
            timeZone: set.hours.timeZone,
            ViewingHours: [...set.hours.hours],
            ViewingMinutes: set.hours.minutes,
            ViewingNoticeHours: set.hours.noticeHours,
            ViewingBufferMinutes: set.hours.bufferMinutes,
            ViewingDays: set.hours.days,
          }
        : {},
    );
    if (set.knowledge === 'owner') await addOwnerKnowledge(owner, serial);
    else if (set.knowledge) await addKnowledge(owner, serial, ORIGIN);
    const started = performance.now();
    const results = await runCases(
      chosen,
      listings,
      async () => {
        const session = await createClient({ baseUrl: origin }).getSession({ serialNumber: serial });
        const visitor = createClient({ baseUrl: origin, visitorToken: session.VisitorToken });
        return async (content, where, locale) => {
          const answer = await visitor.ask({
            sessionID: session.SessionID,
            content,
            clientMessageId: crypto.randomUUID(),
            ...where,
            ...(locale ? { locale } : {}),
          });
          return { content: answer.content, noAnswer: answer.noAnswer };
        };
      },
      llm ? 'lenient' : 'strict',
      set.hours,
    );
    console.log(
      `Answer evaluation, ${set.name} — ${engine}: ${chosen.length} conversations, ${chosen.reduce((n, c) => n + c.turns.length, 0)} questions, ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
    console.log(`${report(results)}\n`);
    all.push(...results);
  }
  await mkdir(new URL('../results/', import.meta.url), { recursive: true });
  const file = new URL(
    `../results/eval-${llm ? 'model' : 'offline'}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    import.meta.url,
  );
  await writeFile(
    file,
    JSON.stringify({ engine, at: new Date().toISOString(), scores: byCategory(all), results: all }, null, 2),
  );
  console.log(`Results: ${file.pathname.replace(/^.*\/bench\//, 'bench/')}`);
} finally {
  await app.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
}
