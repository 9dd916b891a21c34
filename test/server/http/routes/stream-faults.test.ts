/**
 * Answer streams cut at random bytes by a loopback proxy (test/support/cut-proxy.ts), FAULT_RUNS
 * times (50 here; `npm run soak` runs 1,000). After every cut:
 * - exactly one question and one answer row for the clientMessageId;
 * - what the client received is a prefix of what is stored; an answer is `partial` only when the
 *   service saw the client go (`closed`), and complete when it could not (`lost`);
 * - Retry with the same clientMessageId gives the whole answer: from storage, with no second model
 *   call, when the service finished it; generated once more into the same answer row when the
 *   client's leaving stopped it (API.md §3.5: "When the client disconnects, generation stops").
 * FAULT_SEED replays a run's sequence of cuts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AskStreamItem } from '../../../../src/client/index.ts';
import { createClient } from '../../../../src/client/index.ts';
import { createEngines, type AnswerEngine } from '../../../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../../../src/server/engines/answer/offline.ts';
import { messages } from '../../../../src/server/store/schema.ts';
import { startCutProxy, type Cut, type CutProxy } from '../../../support/cut-proxy.ts';
import { seededRandom } from '../../../support/sample.ts';
import { startService, type TestService } from '../../../support/service.ts';

export const FAULT_RUNS = Math.max(1, Number(process.env.FAULT_RUNS) || 50);
const SEED = Number(process.env.FAULT_SEED) || 20261122;

/** The offline engine, a word every millisecond (an answer takes a while to stream), counted. */
const counter = { calls: 0 };
const offline = createOfflineEngine({ wordDelayMs: 1 });
const engine: AnswerEngine = { answer: (input, signal) => (counter.calls++, offline.answer(input, signal)) };

let service: TestService;
let proxy: CutProxy;
let serial: string;
let fullBytes = 0;

const QUESTION = 'Do you have homes in Austin with 3 bedrooms?';

beforeAll(async () => {
  service = await startService({ engines: createEngines(engine) });
  proxy = await startCutProxy(service.origin);
  serial = await service.newChatbot();
  // Listings for the engine to name: an answer of a few hundred words.
  for (let i = 0; i < 12; i++)
    await service.owner.realEstateCreate({
      SerialNumber: serial,
      SaleType: 'for_sale',
      Status: 'Active',
      CurrencySymbol: '$',
      PropertyType: 'Single Family',
      Bedrooms: 3,
      Bathrooms: 2,
      Url: `https://faults.example/${i}`,
      MLSNumber: `F-${i}`,
      YearBuilt: 2000 + i,
      DaysOnMarket: i,
      LotArea: 5000,
      BuildingArea: 1600 + i * 10,
      AreaUnit: 'Square Feet',
      ParkingSpots: 2,
      Address: `${10 + i} Cedar Ln`,
      City: 'Austin',
      State: 'TX',
      ZIP: '78704',
      SalePrice: 400_000 + i * 5000,
    });
  // The size of a whole response through the proxy, to cut anywhere in it.
  const { sessionId, token } = await service.visitor(serial);
  const res = await fetch(`${proxy.origin}/chat/Chat/ClientAsk`, {
    method: 'POST',
    headers: { authorization: token },
    body: JSON.stringify({ sessionID: sessionId, content: QUESTION, stream: true }),
  });
  await res.arrayBuffer();
  fullBytes = proxy.lastAskBytes;
  expect(fullBytes).toBeGreaterThan(2000);
  proxy.reset();
}, 60_000);
afterAll(async () => {
  await proxy?.close();
  await service?.close();
});

const rowsOf = (sessionId: number) =>
  service.db
    .select()
    .from(messages)
    .where(and(eq(messages.sessionId, sessionId)));

describe('answer streams cut at random bytes', () => {
  it(
    `keep one question per clientMessageId, a consistent answer, and a Retry without waste (${FAULT_RUNS} cuts)`,
    { timeout: 60_000 + FAULT_RUNS * 2_000 },
    async () => {
      const next = seededRandom(SEED);
      const seen = { partial: 0, completeAfterCut: 0, uncut: 0 };
      for (let run = 0; run < FAULT_RUNS; run++) {
        // Anywhere in the response, and now and then past its end (no cut at all).
        const cut: Cut = { at: Math.floor(next() * fullBytes * 1.15), kind: next() < 0.5 ? 'lost' : 'closed' };
        const where = `run ${run} (FAULT_SEED=${SEED}), cut ${JSON.stringify(cut)}`;
        const { sessionId, token } = await service.visitor(serial);
        const id = `fault-${run}`;
        const body = { sessionID: sessionId, content: QUESTION, clientMessageId: id };
        const callsBefore = counter.calls;

        proxy.plan(cut);
        const received: string[] = [];
        let final: Extract<AskStreamItem, { kind: 'final' }> | null = null;
        const through = createClient({ baseUrl: proxy.origin, visitorToken: token });
        const failure = await (async () => {
          for await (const item of through.askStream(body)) {
            if (item.kind === 'fragment') received.push(item.content);
            else final = item;
          }
        })().then(
          () => null,
          (error: unknown) => error,
        );
        expect(counter.calls - callsBefore, where).toBe(1);

        // The service settles the answer: complete, or partial when it saw the client go. Only then
        // are the proxy's connections ended (before, a `lost` cut would turn into a `closed` one).
        await vi.waitFor(
          async () =>
            expect((await rowsOf(sessionId)).find((r) => r.role === 'answer')?.status, where).not.toBe('streaming'),
          { timeout: 10_000 },
        );
        proxy.reset();
        const rows = await rowsOf(sessionId);
        expect(
          rows.filter((r) => r.role === 'question' && r.clientMessageId === id),
          where,
        ).toHaveLength(1);
        const answers = rows.filter((r) => r.role === 'answer');
        expect(answers, where).toHaveLength(1);
        const stored = answers[0]!;
        expect(stored.content.startsWith(received.join('')), where).toBe(true);
        if (final) {
          expect(failure, where).toBeNull();
          expect(stored, where).toMatchObject({ status: 'complete', content: (final as { Answer: string }).Answer });
          seen.uncut++;
        } else {
          expect(failure, where).not.toBeNull();
          expect(proxy.lastCutHappened, where).toBe(true);
          if (cut.kind === 'lost') expect(stored.status, where).toBe('complete');
          else expect(['partial', 'complete'], where).toContain(stored.status);
          if (stored.status === 'partial') seen.partial++;
          else seen.completeAfterCut++;
        }

        // Retry, as the widget does: the same clientMessageId, the whole answer.
        const wasComplete = stored.status === 'complete';
        const callsBeforeRetry = counter.calls;
        const again: AskStreamItem[] = [];
        for await (const item of createClient({ baseUrl: service.origin, visitorToken: token }).askStream(body))
          again.push(item);
        const last = again.at(-1)!;
        expect(last.kind, where).toBe('final');
        const after = await rowsOf(sessionId);
        expect(
          after.filter((r) => r.role === 'question'),
          where,
        ).toHaveLength(1);
        expect(
          after.filter((r) => r.role === 'answer'),
          where,
        ).toHaveLength(1);
        const answer = after.find((r) => r.role === 'answer')!;
        expect(answer, where).toMatchObject({
          id: stored.id,
          status: 'complete',
          content: last.kind === 'final' ? last.Answer : '',
        });
        expect(
          again
            .filter((i) => i.kind === 'fragment')
            .map((i) => (i.kind === 'fragment' ? i.content : ''))
            .join(''),
          where,
        ).toBe(answer.content);
        expect(counter.calls - callsBeforeRetry, where).toBe(wasComplete ? 0 : 1);
        if (wasComplete) expect(answer.content, where).toBe(stored.content);
      }
      // The cuts covered each outcome (so the assertions above were all reached).
      if (FAULT_RUNS >= 50) {
        expect(seen.uncut, JSON.stringify(seen)).toBeGreaterThan(0);
        expect(seen.partial, JSON.stringify(seen)).toBeGreaterThan(0);
        expect(seen.completeAfterCut, JSON.stringify(seen)).toBeGreaterThan(0);
      }
    },
  );
});
