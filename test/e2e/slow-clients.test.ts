/**
 * Slow readers (docs/RELIABILITY.md "Faults of the parts"), against the compiled service
 * with a model server on loopback that streams as fast as it is read:
 *
 * - SLOW_READERS visitors (100; the soak 500) each ask for a long answer (16 KB) and read it at
 *   SLOW_RATE_KB a second (4; the soak 2), SLOW_ROUNDS times over (1; the soak 2). What the service holds — its heap and the
 *   memory outside it right after a full collection, read by bench/lib/heap-probe.mjs preloaded
 *   into it — is measured before, in the middle of each round and after both: it must stay near
 *   where it was, and every answer must arrive whole. (On loopback the kernel's socket buffers —
 *   about 4 MB a connection here — take such answers whole: what a slow reader costs the service is
 *   the answer it is writing and an open connection.) Its RSS, sampled every second, is printed:
 *   it moves with the collector's timing (+18 to +97 MB seen for the same load), so it is no measure.
 * - A reader that takes nothing of an answer far larger than those buffers (8 MB): the service
 *   holds the answer back — it reads no more from the model server than the reader has room for
 *   (http/sse-reply.ts `drained`) — and cuts the reader off after STREAM_STALL_MS, storing what was
 *   generated as partial.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEAP_PROBE, heapProbe } from '../../bench/lib/heap-read.mjs';
import { startBin, type RunningBin } from '../support/bin.ts';
import { startFakeModelServer, type FakeModelServer } from '../support/fake-model-server.ts';
import { postJson } from '../support/http.ts';
import { until } from '../support/process.ts';

/** CI: 100 visitors at 4 KB/s, one round; `npm run soak`: 500 at 2 KB/s, two rounds. */
const READERS = Number(process.env.SLOW_READERS) || 100;
const RATE_KB = Number(process.env.SLOW_RATE_KB) || 4;
const ROUNDS = Number(process.env.SLOW_ROUNDS) || 1;
const STALL_MS = 3_000;
const KB = 1_024;
/** A long answer: 16 KB, in 64 chunks. */
const LONG = 16 * KB;
/** The reader that never reads asks for this much: several times what the buffers of two loopback connections take (6–8 MB). */
const HUGE = 32 * 1_024 * KB;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const words = 'Plenty more to say about these homes, room by room. '.repeat(200);
/** An answer of `bytes`, streamed in chunks of `size` (256 bytes, as a model writes; the huge one in 8 KB: filling the buffers takes fewer chunks, not less of anything tested). */
const answerOf = (bytes: number, size = 256) => {
  const piece = words.slice(0, size);
  return { text: piece.repeat(bytes / size), chunks: Array.from({ length: bytes / size }, () => piece) };
};

let fake: FakeModelServer;
let bin: RunningBin;
/** Where the heap probe in the service writes. */
let probeDir: string;
/** The round's start: open once all its visitors have asked (or after a minute, when one never does — the round then fails on it). */
let gate = newGate();
function newGate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const timer = setTimeout(open, 60_000);
  return { asked: 0, opened, open: () => (clearTimeout(timer), open()) };
}

/** What the service holds right after a full collection, in MB: its heap in use and the memory V8 counts outside it (Buffers, PGlite's memory). */
const held = async (): Promise<number> => (await heapProbe(bin.pid, probeDir).live()).total;

/** A session's credentials for a new visitor. */
async function session(agent: http.Agent | false = false) {
  const reply = await postJson(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: bin.serial }, {}, agent);
  return (JSON.parse(reply.text) as { Data: { SessionID: number; VisitorToken: string } }).Data;
}

/** Asks a streamed question and reads its reply `bytes` at a time every `everyMs` (0 bytes: never); resolves with what was read when it ends. */
function slowAsk(
  s: { SessionID: number; VisitorToken: string },
  content: string,
  bytes: number,
  everyMs: number,
  round = 1,
): { done: Promise<string>; req: http.ClientRequest; how: () => string } {
  let read = '';
  let req!: http.ClientRequest;
  /** What became of the request, for a failure's message: the status, an error, how it ended. */
  const seen: string[] = [];
  const done = new Promise<string>((resolve) => {
    req = http.request(
      `${bin.url}/chat/Chat/ClientAsk`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', authorization: s.VisitorToken } },
      (res) => {
        seen.push(`status ${res.statusCode}`);
        res.on('end', () => seen.push('end'));
        res.on('close', () => seen.push('close'));
        res.on('error', (e: NodeJS.ErrnoException) => seen.push(`response error ${e.code ?? e.message}`));
        res.pause();
        const timer = bytes
          ? setInterval(() => {
              const got = res.read(Math.min(bytes, res.readableLength || bytes)) as Buffer | null;
              if (got) read += got.toString('utf8');
            }, everyMs)
          : undefined;
        res.on('end', () => resolve(read));
        res.on('close', () => {
          clearInterval(timer);
          resolve(read);
        });
        res.on('error', () => resolve(read));
      },
    );
    req.on('error', (e: NodeJS.ErrnoException) => {
      seen.push(`request error ${e.code ?? e.message}`);
      resolve(read);
    });
    req.end(
      JSON.stringify({
        sessionID: s.SessionID,
        content,
        stream: true,
        clientMessageId: `slow-${s.SessionID}-${round}`,
      }),
    );
  });
  return { done, req, how: () => seen.join(', ') };
}

/** The answers stored, read once the service has stopped: content length and status by question. */
async function storedAnswers(): Promise<Map<string, { length: number; status: string }>> {
  const db = new PGlite({ dataDir: join(bin.dataDir, 'db'), extensions: { pg_trgm } });
  try {
    const { rows } = await db.query<{ q: string; n: number; status: string }>(
      "SELECT q.content AS q, length(a.content) AS n, a.status FROM messages a JOIN messages q ON a.question_id = q.id WHERE a.role = 'answer'",
    );
    return new Map(rows.map((r) => [r.q, { length: r.n, status: r.status }]));
  } finally {
    await db.close();
  }
}

describe('slow readers', () => {
  beforeAll(async () => {
    fake = await startFakeModelServer();
    fake.respond((body) => {
      const asked = JSON.stringify(body.messages.at(-1)?.content ?? '');
      if (asked.includes('everything at once')) return answerOf(HUGE, 8 * KB);
      // A round's answers start once every visitor of it has asked: the model server runs in this
      // process, and streaming while the later visitors connect kept one from sending its request
      // within the service's headers timeout on a busy machine (a 408).
      if (++gate.asked === READERS) gate.open();
      return { ...answerOf(LONG), holdAfter: 0, until: gate.opened };
    });
    probeDir = await mkdtemp(join(tmpdir(), 'chat-bot-heap-'));
    bin = await startBin(
      {
        DEMO: 'model',
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: 'fake-model',
        LLM_TOOLS: 'off',
        STREAM_STALL_MS: String(STALL_MS),
        BENCH_HEAP_DIR: probeDir,
      },
      { nodeArgs: ['--expose-gc', '--import', HEAP_PROBE] },
    );
  }, 120_000);
  afterAll(async () => {
    await bin?.close();
    await fake?.close();
    if (probeDir) await rm(probeDir, { recursive: true, force: true });
  });

  it(
    `cost the service little memory: ${READERS} visitors reading 16 KB answers at ${RATE_KB} KB/s`,
    { timeout: 240_000 },
    async () => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
      const sessions: { SessionID: number; VisitorToken: string }[] = [];
      for (let i = 0; i < READERS; i += 50)
        sessions.push(...(await Promise.all(Array.from({ length: Math.min(50, READERS - i) }, () => session(agent)))));
      agent.destroy();
      await sleep(2_000);
      const before = { held: await held(), rss: rssMb(bin.pid) };
      /** One round: every visitor asks and reads slowly; what the service holds halfway through, and its RSS every second. */
      const round = async (n: number) => {
        const t0 = Date.now();
        gate = newGate();
        const asks = sessions.map((s, i) =>
          slowAsk(s, `Tell me everything about the homes (${i}, ${n})`, RATE_KB * KB, 1_000, n),
        );
        const rss: number[] = [];
        const sampler = setInterval(() => rss.push(Math.round(rssMb(bin.pid))), 1_000);
        let halfway: number;
        let read: string[];
        try {
          // Halfway: every visitor has asked, and none has read its whole answer yet (35 KB at 4 KB/s).
          await gate.opened;
          await sleep(4_000);
          halfway = await held();
          read = await Promise.all(asks.map((a) => a.done));
        } finally {
          clearInterval(sampler);
        }
        const finals = read.map(
          (text) =>
            text
              .trim()
              .split('\n')
              .filter((l) => l.startsWith('data: '))
              .at(-1) ?? '',
        );
        const cut = read.findIndex((_, i) => !finals[i]!.includes('"Answer"'));
        expect(
          finals.filter((f) => f.includes('"Answer"')).length,
          `every answer arrived whole (reader ${cut} of ${READERS} got ${read[cut]?.length ?? 0} characters (${asks[cut]?.how()}), ending: ${JSON.stringify(read[cut]?.slice(-400))})`,
        ).toBe(READERS);
        return { halfway, rss, seconds: Math.round((Date.now() - t0) / 1000) };
      };
      const rounds = [];
      for (let n = 1; n <= ROUNDS; n++) rounds.push(await round(n));
      const after = await held();
      const mb = (n: number) => `${Math.round(n)} MB`;
      for (const [n, r] of rounds.entries()) {
        console.log(
          `slow readers, round ${n + 1}: ${READERS} visitors, 16 KB each (~35 KB with the stream's framing) at ${RATE_KB} KB/s, all read in ${r.seconds} s; ` +
            `held before ${mb(before.held)}, halfway ${mb(r.halfway)}; RSS before ${mb(before.rss)}, every second ${r.rss.join(' ')}`,
        );
      }
      console.log(`slow readers: held after ${ROUNDS} round(s) ${mb(after)}`);
      // Bounded — about what an open request costs (~160 KB each here) — in every round, and given
      // back: after them, what it holds is near where it began, where keeping the requests would
      // leave a round's cost for each.
      for (const r of rounds) expect(r.halfway - before.held).toBeLessThan(READERS * 0.4);
      expect(after - before.held).toBeLessThan(READERS * 0.1);
      expect(fake.requests).toHaveLength(ROUNDS * READERS);
    },
  );

  // The cut takes 6–9 s here (the buffers of two loopback connections fill first; 23–31 s when the answer came in 256-byte chunks): a busy machine gets 2 minutes.
  it(
    'hold an answer back for a reader that takes nothing, and cut that reader off after STREAM_STALL_MS',
    { timeout: 120_000 },
    async () => {
      fake.reset();
      fake.respond((body) =>
        JSON.stringify(body.messages.at(-1)?.content ?? '').includes('everything at once')
          ? answerOf(HUGE, 8 * KB)
          : undefined,
      );
      const s = await session();
      const t0 = Date.now();
      const ask = slowAsk(s, 'Tell me everything at once', 0, 0);
      // The reader cut off, the service leaves the model server too (the reader, paused, does not see its own connection end).
      const model = await until('the model request', () => fake.requests[0], 10_000);
      await model.closed;
      const cutAfter = Date.now() - t0;
      ask.req.destroy();
      console.log(
        `a reader that takes nothing: cut after ${cutAfter} ms; the model server had sent ${Math.round(model.sent / KB)} KB of ${HUGE / KB}`,
      );
      expect(model.disconnected).toBe(true);
      expect(cutAfter).toBeGreaterThanOrEqual(STALL_MS);
      // Held back: the model server was read only as far as the connections' buffers took.
      expect(model.sent).toBeLessThan(HUGE / 2);
      await bin.stop();
      expect((await storedAnswers()).get('Tell me everything at once')).toEqual({
        length: expect.any(Number),
        status: 'partial',
      });
    },
  );
});
