/**
 * PostgreSQL failing under load (docs/RELIABILITY.md "Faults of the parts"): the compiled
 * service (as `npm start` runs it with DATABASE_URL) on a PostgreSQL of the test's own, reached
 * through a proxy that can cut the network, while FAULT_VISITORS streaming visitors ask. Each fault
 * in turn: a restart (fast, then immediate shutdown), the server stopped for FAULT_DOWN_SECONDS
 * (connections refused), and the network to it partitioned as long (nothing answers). Visitors
 * see only answers and 503s — before the stream with Retry-After, or as the stream's error event —
 * never a 500 or a request left hanging; they retry with the same clientMessageId until answered.
 * Afterwards the database is read: every question stored once with the answer its visitor
 * received, none left streaming; and the same process served throughout. A second instance started
 * while the server is stopped waits for it (DATABASE_CONNECT_PATIENCE_MS), saying so, and serves once it is back.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBin, type RunningBin } from '../support/bin.ts';
import { startPartitionProxy, type PartitionProxy } from '../support/partition-proxy.ts';
import { postJson } from '../support/http.ts';
import { postgresBin, startPostgres, type OwnPostgres } from '../support/postgres.ts';
import { alive } from '../support/process.ts';
import {
  postgresQuery,
  reconcile,
  recoveredAfter,
  runVisitors,
  storedQuestions,
  type VisitorRun,
} from '../support/visitors.ts';

const VISITORS = Number(process.env.FAULT_VISITORS) || 20;
const DOWN_SECONDS = Number(process.env.FAULT_DOWN_SECONDS) || 15;
const REPORT: Record<string, unknown> = {};

let postgres: OwnPostgres;
let proxy: PartitionProxy;
let bin: RunningBin;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** When the server last started (pg_postmaster_start_time), asked directly. */
const startedAt = async () =>
  String(
    (
      (await postgresQuery(postgres.url)('SELECT pg_postmaster_start_time() AS t', [])).rows[0] as { t: Date }
    ).t.toISOString(),
  );

/**
 * Ms until the service answers a new visitor's question again (a session and a streamed answer),
 * tried every 100 ms from when the database is back.
 */
async function timeToRecover(): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    const session = await postJson(
      `${bin.url}/chat/Chatbot/GetSession`,
      { serialNumber: bin.serial },
      {},
      false,
      30_000,
    ).catch(() => null);
    if (session?.status === 200) {
      const { SessionID, VisitorToken } = (
        JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
      ).Data;
      const ask = await postJson(
        `${bin.url}/chat/Chat/ClientAsk`,
        { sessionID: SessionID, content: 'What can you help me with?', stream: false },
        { authorization: VisitorToken },
        false,
        30_000,
      ).catch(() => null);
      if (ask?.status === 200) return Date.now() - t0;
    }
    if (Date.now() - t0 > 60_000) throw new Error('the service did not recover within 60 s');
    await sleep(100);
  }
}

/** Visitors ask for `before` ms, then the fault; they go on for `after` ms once it is over. Returns the run and the recovery time. */
async function underLoad(fault: () => Promise<void>, { before = 1500, after = 2000 } = {}) {
  let faultDone = false;
  let doneAt = 0;
  const visiting = runVisitors({
    url: bin.url,
    serial: bin.serial,
    visitors: VISITORS,
    more: () => !faultDone || Date.now() < doneAt + after,
  });
  await sleep(before);
  const faultAt = Date.now();
  await fault();
  const backAt = Date.now();
  const recoverMs = await timeToRecover();
  doneAt = Date.now();
  faultDone = true;
  const run = await visiting;
  return { run, recoverMs, faultMs: backAt - faultAt, backAt: backAt - run.t0 };
}

/** What visitors saw and what was kept, checked against the promises; returns the figures. */
async function expectNothingLost(
  name: string,
  result: { run: VisitorRun; recoverMs: number; faultMs: number; backAt: number },
) {
  const stored = await storedQuestions(postgresQuery(postgres.url), bin.serial);
  const seen = reconcile(result.run, stored);
  const figures = {
    ...seen,
    faultMs: result.faultMs,
    recoverMs: result.recoverMs,
    visitorsBackMs: recoveredAfter(result.run, result.backAt),
  };
  REPORT[name] = figures;
  console.log(`${name}: ${JSON.stringify(figures)}`);
  expect(seen.failures, 'no 500, no hang').toEqual([]);
  expect(seen.tries.failed + seen.tries.hung).toBe(0);
  expect(seen.withoutRetryAfter, 'every 503 says when to try again').toBe(0);
  expect({ lost: seen.lost, doubled: seen.doubled, streaming: seen.streaming }).toEqual({
    lost: [],
    doubled: 0,
    streaming: 0,
  });
  expect(alive(bin.pid), 'the same service process served throughout').toBe(true);
  return figures;
}

describe.runIf(postgresBin())('PostgreSQL failing while visitors stream answers', () => {
  beforeAll(async () => {
    postgres = await startPostgres();
    proxy = await startPartitionProxy(postgres.port);
    bin = await startBin({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/postgres`,
      OFFLINE_WORD_DELAY_MS: '2',
    });
  }, 120_000);
  afterAll(async () => {
    await bin?.close();
    await proxy?.close();
    postgres?.close();
    if (process.env.FAULT_REPORT)
      (await import('node:fs')).writeFileSync(process.env.FAULT_REPORT, JSON.stringify(REPORT, null, 2));
  });

  // A restart takes well under a second: visitors may see no failure at all (a statement cut by it
  // is retried when it stores an answer) — the server's start time says the restart happened.
  it.each(['fast', 'immediate'] as const)('restarted with %s shutdown', { timeout: 180_000 }, async (mode) => {
    const before = await startedAt();
    await expectNothingLost(`restart ${mode}`, await underLoad(async () => postgres.restart(mode)));
    expect(await startedAt()).not.toBe(before);
  });

  it(`stopped for ${DOWN_SECONDS} s: connections refused`, { timeout: 180_000 + DOWN_SECONDS * 3_000 }, async () => {
    const ready = () =>
      fetch(`${bin.url}/readyz`).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as { checks: Record<string, string> },
      }));
    let whileDown: Awaited<ReturnType<typeof ready>> | undefined;
    /** An instance started while the database is down (a deploy, a restart by systemd); `again`: the database has its owner and key already. */
    let second: Promise<RunningBin> | undefined;
    let backAt = 0;
    const result = await underLoad(async () => {
      postgres.stop('fast');
      await sleep(1_000);
      // A load balancer's readiness probe: not ready while the database is gone, and why.
      whileDown = await ready();
      second = startBin(
        { DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/postgres` },
        { again: await mkdtemp(join(tmpdir(), 'chat-bot-bin-')) },
      );
      second.catch(() => undefined);
      await sleep(DOWN_SECONDS * 1000 - 1_000);
      postgres.start();
      backAt = Date.now();
    });
    const waited = await second!;
    try {
      // It kept trying while the server was stopped, saying so, and serves now that it is back.
      expect(waited.output).toMatch(
        /The database at 127\.0\.0\.1:\d+\/postgres cannot be reached yet \(.*\); trying again in \d+(\.\d+)? s/,
      );
      expect(waited.output).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+/);
      expect((await fetch(`${waited.url}/readyz`)).status).toBe(200);
      expect(backAt).toBeGreaterThan(0);
    } finally {
      await waited.close();
    }
    expect(whileDown?.status).toBe(503);
    // Uploaded files live in the same database here (FILES_URL's default with DATABASE_URL): not ok either.
    expect(whileDown?.body.checks).toMatchObject({
      database: expect.not.stringMatching(/^ok$/),
      files: expect.not.stringMatching(/^ok$/),
    });
    await expect.poll(async () => (await ready()).status, { timeout: 15_000 }).toBe(200);
    const figures = await expectNothingLost('down', result);
    expect(figures.tries.unavailable, 'new asks are told 503 while it is down').toBeGreaterThan(0);
    expect(figures.recoverMs).toBeLessThan(10_000);
  });

  it(
    `cut off by the network for ${DOWN_SECONDS} s: nothing answers`,
    { timeout: 180_000 + DOWN_SECONDS * 3_000 },
    async () => {
      const result = await underLoad(async () => {
        proxy.partition();
        await sleep(DOWN_SECONDS * 1000);
        proxy.heal();
      });
      const figures = await expectNothingLost('partition', result);
      expect(figures.tries.unavailable, 'new asks are told 503 while it is cut off').toBeGreaterThan(0);
      expect(figures.recoverMs).toBeLessThan(10_000);
    },
  );
});
