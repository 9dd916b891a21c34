/**
 * A WORKERS process killed (SIGKILL) while it streams answers (docs/RELIABILITY.md
 * "Faults of the parts"): the compiled service with WORKERS=2 on a PostgreSQL of the test's own.
 * Under load, the visitors on the killed worker see their stream cut and Retry (same
 * clientMessageId) on the other, which takes the answer over as soon as the dead writer's lease
 * lapses; the primary starts a new worker. An answer whose visitor never retries is marked failed
 * by the sweep (store/answer-lease.ts) — it does not stay streaming — and a later Retry completes it.
 * And the embedded database's one process killed under load and started again on its DATA_DIR:
 * PGlite opens what the killed process left, and every visitor's Retry is answered.
 */
import http from 'node:http';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MS, SWEEP_MS } from '../../src/server/store/answer-lease.ts';
import { startBin, type RunningBin } from '../support/bin.ts';
import { freePort, postJson } from '../support/http.ts';
import { postgresBin, startPostgres, type OwnPostgres } from '../support/postgres.ts';
import { alive, childrenOf, until } from '../support/process.ts';
import { postgresQuery, reconcile, runVisitors, storedQuestions } from '../support/visitors.ts';

const VISITORS = Number(process.env.FAULT_VISITORS) || 20;

let postgres: OwnPostgres;
let bin: RunningBin;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const query = async <T>(sql: string, values: unknown[] = []): Promise<T[]> =>
  (await postgresQuery(postgres.url)(sql, values)).rows as T[];

describe.runIf(postgresBin())('a WORKERS process killed while it streams', () => {
  beforeAll(async () => {
    postgres = await startPostgres();
    // A port of its own: when every worker is gone, the next ones listen anew.
    bin = await startBin({
      DATABASE_URL: postgres.url,
      WORKERS: '2',
      OFFLINE_WORD_DELAY_MS: '2',
      PORT: String(await freePort()),
    });
  }, 120_000);
  afterAll(async () => {
    await bin?.close();
    postgres?.close();
  });

  it(
    'cuts only its own visitors, whose Retry is answered by the other; the primary replaces it',
    { timeout: 120_000 },
    async () => {
      const [victim, other] = childrenOf(bin.pid);
      let killedAt = 0;
      let done = false;
      const visiting = runVisitors({ url: bin.url, serial: bin.serial, visitors: VISITORS, more: () => !done });
      await sleep(1500);
      process.kill(victim!, 'SIGKILL');
      killedAt = Date.now();
      const replaced = await until(
        'a new worker',
        () => childrenOf(bin.pid).find((pid) => pid !== other && pid !== victim),
        30_000,
      );
      const replacedMs = Date.now() - killedAt;
      await sleep(2000);
      done = true;
      const run = await visiting;
      const seen = reconcile(run, await storedQuestions(postgresQuery(postgres.url), bin.serial));
      const cuts = run.questions
        .flatMap((q) => q.tries.map((t, i) => ({ t, retry: q.tries[i + 1] })))
        .filter(({ t }) => t.kind === 'cut');
      const retryMs = Math.max(0, ...cuts.map(({ t, retry }) => (retry ? retry.end - t.end : Infinity)));
      console.log(`worker killed: ${JSON.stringify({ ...seen, replacedMs, slowestRetryMs: retryMs })}`);
      expect(seen.tries.cut, 'the kill cut streams').toBeGreaterThan(0);
      expect(seen.failures).toEqual([]);
      expect({ lost: seen.lost, doubled: seen.doubled, streaming: seen.streaming }).toEqual({
        lost: [],
        doubled: 0,
        streaming: 0,
      });
      // A retry waits at most for the dead writer's lease, then is answered (plus the visitor's second before it).
      expect(retryMs).toBeLessThan(LEASE_MS + 6_000);
      expect(alive(replaced!) && alive(other!) && alive(bin.pid)).toBe(true);
    },
  );

  it(
    'leaves no answer streaming when nobody retries: the sweep marks it failed, and a later Retry completes it',
    { timeout: 120_000 },
    async () => {
      const session = await postJson(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: bin.serial });
      const { SessionID, VisitorToken } = (
        JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
      ).Data;
      const body = {
        sessionID: SessionID,
        content: 'Homes in Austin under $500k?',
        stream: true,
        clientMessageId: 'never-retried',
      };
      // The first fragment has come: the answer is streaming on one of the workers — kill both.
      const cut = new Promise<void>((resolve) => {
        const req = http.request(
          `${bin.url}/chat/Chat/ClientAsk`,
          {
            method: 'POST',
            agent: false,
            headers: { 'content-type': 'application/json', authorization: VisitorToken },
          },
          (res) => {
            res.once('data', () => {
              for (const pid of childrenOf(bin.pid)) process.kill(pid, 'SIGKILL');
              resolve();
            });
            res.on('error', () => undefined);
          },
        );
        req.on('error', () => undefined);
        req.end(JSON.stringify(body));
      });
      await cut;
      const killedAt = Date.now();
      const [row] = await query<{ id: number; status: string }>(
        "SELECT a.id, a.status FROM messages a JOIN messages q ON a.question_id = q.id WHERE q.client_message_id = 'never-retried'",
      );
      expect(row!.status).toBe('streaming');
      // New workers start; within a lease and a sweep the answer is no longer streaming.
      const swept = await until(
        'the sweep',
        async () =>
          (await query<{ status: string }>('SELECT status FROM messages WHERE id = $1', [row!.id]))[0]!.status !==
          'streaming',
        LEASE_MS + SWEEP_MS + 15_000,
      );
      const sweptMs = Date.now() - killedAt;
      console.log(`answer left streaming by a killed worker marked failed after ${sweptMs} ms`);
      expect(swept).toBe(true);
      expect((await query<{ status: string }>('SELECT status FROM messages WHERE id = $1', [row!.id]))[0]!.status).toBe(
        'failed',
      );

      let last = '';
      const retry = await until(
        'the workers again',
        async () => {
          const reply = await postJson(`${bin.url}/chat/Chat/ClientAsk`, body, { authorization: VisitorToken }).catch(
            (e: Error) => ((last = e.message), null),
          );
          if (reply) last = `${reply.status} ${reply.text.slice(0, 300)}`;
          return reply?.status === 200 ? reply : null;
        },
        30_000,
      ).catch((e: Error) => {
        throw new Error(`${e.message}: ${last}`);
      });
      const final = JSON.parse(
        retry.text
          .trim()
          .split('\n')
          .filter((l) => l.startsWith('data: '))
          .at(-1)!
          .slice(6),
      ) as { Answer: string; AnswerID: number };
      expect(final.AnswerID).toBe(row!.id);
      const [stored] = await query<{ status: string; content: string }>(
        'SELECT status, content FROM messages WHERE id = $1',
        [row!.id],
      );
      expect(stored).toEqual({ status: 'complete', content: final.Answer });
    },
  );
});

describe('the one process of the embedded database killed (SIGKILL) while it streams, and started again', () => {
  it(
    'opens its database again and answers every Retry, taking over what the dead process was writing once its lease lapsed',
    { timeout: 180_000 },
    async () => {
      const port = String(await freePort());
      let single = await startBin({ OFFLINE_WORD_DELAY_MS: '2', PORT: port });
      const { dataDir } = single;
      try {
        let done = false;
        let asked: () => void = () => undefined;
        const asking = new Promise<void>((resolve) => (asked = resolve));
        const visiting = runVisitors({
          url: single.url,
          serial: single.serial,
          visitors: VISITORS,
          more: () => !done,
          onAsk: () => asked(),
        });
        // Killed while answers stream: once the first question is asked (a loaded machine may take
        // longer than a fixed wait to open the sessions), and the visitors ask on and on.
        await asking;
        await sleep(1500);
        process.kill(single.pid, 'SIGKILL');
        const killedAt = Date.now();
        single = await startBin({ OFFLINE_WORD_DELAY_MS: '2', PORT: port }, { again: dataDir });
        const backMs = Date.now() - killedAt;
        await sleep(2000);
        done = true;
        const run = await visiting;
        await single.stop();
        const db = new PGlite({ dataDir: join(dataDir, 'db'), extensions: { pg_trgm } });
        try {
          const seen = reconcile(run, await storedQuestions((text, values) => db.query(text, values), single.serial));
          console.log(`embedded database's process killed: back in ${backMs} ms; ${JSON.stringify(seen)}`);
          expect(seen.tries.cut, 'the kill cut streams').toBeGreaterThan(0);
          expect(seen.failures).toEqual([]);
          expect({ lost: seen.lost, doubled: seen.doubled, streaming: seen.streaming }).toEqual({
            lost: [],
            doubled: 0,
            streaming: 0,
          });
        } finally {
          await db.close();
        }
      } finally {
        await single.close();
      }
    },
  );
});
