/**
 * What a visitor saw of an answer whose writer was killed (docs/RELIABILITY.md):
 * the compiled service on its embedded database streams an answer the fake model server holds after
 * some fragments; its text is stored as it grows (with the lease's renewals), the process is
 * SIGKILLed, and started again on its DATA_DIR the sweep marks the answer cut — `partial`, with the
 * fragments the visitor was sent — in the owner's transcript, not an empty `failed`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { LEASE_MS, SWEEP_MS } from '../../src/server/store/answer-lease.ts';
import { startBin, type RunningBin } from '../support/bin.ts';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.ts';
import { until } from '../support/process.ts';

const MODEL = 'fake-model';
const FRAGMENTS = [
  'Three ',
  'homes ',
  'have ',
  'a ',
  'fenced ',
  'yard: ',
  'Cedar ',
  'Lane, ',
  'Oak ',
  'Street ',
  'and ',
  'Elm ',
  'Court.',
];
const SENT = 8;

let fake: FakeModelServer;
let bin: RunningBin | undefined;

beforeAll(async () => {
  fake = await startFakeModelServer();
});
afterAll(async () => {
  await bin?.close();
  await fake?.close();
});

describe('a writer killed mid-answer', () => {
  it('leaves the fragments it sent stored, marked cut', { timeout: 120_000 }, async () => {
    const env = { LLM_BASE_URL: fake.baseUrl, LLM_MODEL: MODEL, LLM_TOOLS: 'off' };
    bin = await startBin(env);
    const { apiKey } = bin;
    // A chatbot of its own on the model server (the demo's may answer offline).
    const { SerialNumber: serial } = await createClient({ baseUrl: bin.url, apiKey }).add({
      timeZone: 'UTC',
      type: 0,
      Model: MODEL,
    });
    // Held after SENT fragments until the process is gone.
    fake.script({ text: FRAGMENTS.join(''), chunks: FRAGMENTS, holdAfter: SENT });
    const visitor = createClient({ baseUrl: bin.url });
    const session = await visitor.getSession({ serialNumber: serial });
    const asking = createClient({ baseUrl: bin.url, visitorToken: session.VisitorToken });
    const seen: string[] = [];
    const stream = (async () => {
      try {
        for await (const item of asking.askStream({
          sessionID: session.SessionID,
          content: 'Which homes have a yard?',
          clientMessageId: 'killed',
        })) {
          if (item.kind === 'fragment') seen.push(item.content);
        }
      } catch {
        // Cut by the kill.
      }
    })();
    await until('the first fragments', () => seen.length >= 2 || null, 30_000);

    // What the owner reads while it streams grows with it (stored with the lease's renewals) up to
    // what the visitor was sent: the model holds the rest.
    const owner = createClient({ baseUrl: bin.url, apiKey });
    const answer = async (o = owner) =>
      (await o.conversationGet({ SerialNumber: serial, SessionID: session.SessionID })).Messages.find(
        (m) => m.Role === 'answer',
      );
    const sent = await until(
      'the text stored',
      async () => {
        const stored = (await answer())?.Content ?? '';
        return stored !== '' && stored === seen.join('') && stored.includes('yard') ? stored : null;
      },
      30_000,
    );
    expect(FRAGMENTS.join('').startsWith(sent)).toBe(true);
    expect((await answer())?.Status).toBe('streaming');

    process.kill(bin.pid, 'SIGKILL');
    const killedAt = Date.now();
    await stream;
    expect(seen.join('')).toBe(sent);
    // Started again once the lease has lapsed, the sweep at start finds the answer (not the next, SWEEP_MS later).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, killedAt + LEASE_MS + 500 - Date.now())));
    bin = await startBin(env, { again: bin.dataDir });
    const again = createClient({ baseUrl: bin.url, apiKey });
    await until(
      'the sweep',
      async () => ((await answer(again))?.Status !== 'streaming' ? true : null),
      LEASE_MS + SWEEP_MS + 15_000,
    );
    expect(await answer(again)).toMatchObject({ Status: 'partial', Content: sent });
  });
});
