#!/usr/bin/env node
// A person in the chat [ext] (API.md §3.10) at a thousand visitors, on loopback: the compiled service
// (`npm run build` at the root), started as the other benchmarks start it (lib/service.mjs), with a
// chatbot of the owner and --streams visitor sessions of it, each with its visitor event stream
// (`GET /chat/Chat/Events`, the visitor token) open, and one owner's stream (`GET /chat/Chatbot/Events`,
// the API key) as the agent's console has it.
//
//   memory    the service's process holding the streams: RSS (/proc/<pid>/status VmRSS) and what V8
//             holds after a full collection (lib/heap-probe.mjs: the heap, and `external` beside it)
//             with the sessions made and no stream open, with every stream open, and after they have
//             all closed again — the difference over --streams: memory per open stream. The service's
//             own count of open live streams (/metrics, chatbot_live_streams_open) says the streams were open.
//   latency   ConversationTake in every conversation, then ConversationReply in rows (ROWS below):
//             --sample of them one at a time, --sample paced at --rate a second, and one in every
//             conversation --concurrency at a time. From the reply's request sent to the visitor's
//             `agent` event with that Content received — and the reply's own response beside it; each
//             event heard once, none lost; who used the CPU meanwhile (lib/cpu.mjs).
//
// The configurations: PGlite (embedded, events handed over in process); PostgreSQL, one instance (a
// row and a NOTIFY, heard back on the instance's LISTEN connection); and two instances on one
// PostgreSQL: the visitors' streams on instance A, the owner's stream, takes and replies on
// instance B (the event crosses by NOTIFY). PostgreSQL needs --database-url (or BENCH_DATABASE_URL,
// or DATABASE_URL): a server where databases can be created; each configuration gets a fresh
// database, dropped after it (lib/database.mjs).
//
// Limits: a visitor may have 20 event streams open per client address (LIVE_LIMITS), and every
// stream of this benchmark comes from 127.0.0.1. The service is started with TRUST_PROXY=127.0.0.1
// — it then believes X-Forwarded-For from this process — and each visitor sends its own address
// from 198.18.0.0/15 (RFC 2544's range for benchmarks); THROTTLE=off as in every benchmark.
//
//   node live-streams.mjs [--streams 1000] [--sample 200] [--rate 20] [--concurrency 20] [--rows one,paced,burst]
//        [--configs pglite,postgres,two-instances] [--database-url postgres://…] [--cycles 0] [--profile]
//        [--quick] [--deadline-s 300]
//
// --cycles N: after the streams have closed, all of them opened and closed again N times, with the
// memory after each (what grows from one to the next is kept by the service).
//
// --profile profiles the instance the replies go to over the last row of replies (lib/profiler.mjs,
// lib/profile.mjs): where its CPU went, by part of the system and by function. Its figures are not
// the benchmark's (the profiler slows the service), and with one instance the heap is not read.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { cpuShares, cpuSnapshot } from './lib/cpu.mjs';
import { withDatabase } from './lib/database.mjs';
import { ROOT_DIR } from './lib/env.mjs';
import { HEAP_PROBE, heapProbe } from './lib/heap-read.mjs';
import { printProfileTables, summarizeProfiles } from './lib/profile.mjs';
import { machine, writeResults } from './lib/results.mjs';
import { distIsStale, startService } from './lib/service.mjs';
import { fmt, parseArgs, quantile, table } from './lib/stats.mjs';

const args = parseArgs(process.argv.slice(2), {
  streams: 1000,
  rows: ['one', 'paced', 'burst'],
  sample: 200,
  rate: 20,
  concurrency: 20,
  openConcurrency: 50,
  configs: ['pglite', 'postgres', 'two-instances'],
  settleMs: 1500,
  cycles: 0,
  profile: false,
  quick: false,
  eventLimitMs: 10_000,
  databaseUrl: process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? '',
  deadlineS: 300,
});
// --quick (run.mjs): a smoke test, 100 streams and 50 replies a row.
if (args.quick) {
  args.streams = Math.min(args.streams, 100);
  args.sample = Math.min(args.sample, 50);
}
setTimeout(() => {
  console.error(`live-streams: over the limit of ${args.deadlineS} s`);
  process.exit(3);
}, args.deadlineS * 1000).unref();

/** A fresh key for each run (CHATBOT_API_KEY takes no weak key). */
const API_KEY = `cbk_${randomBytes(24).toString('base64url')}`;
const METRICS_TOKEN = randomBytes(16).toString('hex');
const SESSION_SECRET = randomBytes(32).toString('base64url');
const AGENT = 'Dana';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * The rows of replies: one at a time over --sample conversations (nothing else going on); --sample at
 * --rate a second, sent on time whether the ones before were answered or not (a steady load below
 * what the service can take); then one in every conversation, --concurrency at a time (a burst: as
 * many as the service can take, and the queue it makes).
 */
const ROWS = {
  one: { replies: () => args.sample, concurrency: 1, how: () => 'one at a time' },
  paced: { replies: () => args.sample, rate: args.rate, how: () => `paced at ${args.rate}/s` },
  burst: { replies: () => args.streams, concurrency: args.concurrency, how: () => `${args.concurrency} at a time` },
};

/** The visitor `i`'s own address, as a proxy in front would write it. */
const addressOf = (i) => `198.18.${(i >> 8) & 255}.${i & 255}`;

// ---- HTTP ----

function post(origin, pathname, body, headers, agent) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${pathname}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          let envelope;
          try {
            envelope = JSON.parse(text);
          } catch {
            return reject(new Error(`${pathname}: ${res.statusCode} ${text.slice(0, 200)}`));
          }
          if (!envelope.Success) reject(new Error(`${pathname}: ${res.statusCode} ${envelope.Message}`));
          else resolve(envelope.Data);
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

function getText(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve(text));
      })
      .on('error', reject);
  });
}

/** `jobs` run by `concurrency` workers at a time, in order. */
async function pool(items, concurrency, job) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await job(items[i], i);
      }
    }),
  );
}

/**
 * An event stream read as the widget reads it: each event parsed as it arrives. `sent`: resolves
 * once the request has gone out; `headers`: once the response's headers are in (`openMs`), or its
 * refusal's status and body. `expect(content)`: a promise of the time (performance.now()) an
 * `agent` message with that Content arrives.
 */
function openStream(url, headers) {
  const t0 = performance.now();
  const stream = {
    status: 0,
    openMs: NaN,
    firstEventMs: NaN,
    firstPingAt: NaN,
    body: '',
    events: 0,
    pings: 0,
    byType: {},
    waiting: new Map(),
    seen: new Map(),
    closed: false,
    close() {
      stream.closed = true;
      req.destroy();
    },
    expect(content) {
      return new Promise((r) => stream.waiting.set(content, r));
    },
  };
  let gotHeaders;
  stream.headers = new Promise((r) => (gotHeaders = r));
  const req = http.get(url, { agent: false, headers: { accept: 'text/event-stream', ...headers } }, (res) => {
    stream.status = res.statusCode;
    stream.openMs = performance.now() - t0;
    res.setEncoding('utf8');
    res.on('error', () => {});
    if (res.statusCode !== 200) {
      res.on('data', (c) => (stream.body += c));
      res.on('end', () => gotHeaders(stream));
      return;
    }
    gotHeaders(stream);
    let buffer = '';
    res.on('data', (chunk) => {
      const at = performance.now();
      buffer += chunk;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        let data = '';
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) {
            if (!stream.pings++) stream.firstPingAt = at;
          } else if (line.startsWith('event:')) name = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trimStart();
        }
        if (!data) continue;
        const event = JSON.parse(data);
        if (!stream.events++) stream.firstEventMs = at - t0;
        const type = name === 'agent' ? `agent:${event.Type}` : name;
        stream.byType[type] = (stream.byType[type] ?? 0) + 1;
        if (type === 'agent:message') {
          stream.seen.set(event.Content, (stream.seen.get(event.Content) ?? 0) + 1);
          const wake = stream.waiting.get(event.Content);
          if (wake) {
            stream.waiting.delete(event.Content);
            wake(at);
          }
        }
      }
    });
  });
  stream.sent = new Promise((resolve, reject) => {
    req.on('finish', resolve);
    req.on('error', (e) => (stream.closed ? resolve() : reject(e)));
  });
  return stream;
}

// ---- the service's process ----

const statusMiB = (pid, key) =>
  Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) /
  1024;

/** A line of the service's /metrics: the value of `name` (the first sample). */
async function metric(origin, name) {
  const text = await getText(`${origin}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` });
  // `name` may carry its labels (`…{kind="visitor"}`): matched as written.
  const m = new RegExp(`^${name.replace(/[{}.*+?^$()|[\]\\]/g, '\\$&')}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(text);
  return m ? Number(m[1]) : NaN;
}

/**
 * Waits until the service at `service` counts `target` streams open (/metrics chatbot_live_streams_open, visitors'),
 * or `refused()` and the count make it, or 60 s have passed; the count then.
 */
async function counted(service, target, refused = () => 0, kind = 'visitor') {
  for (const limit = Date.now() + 60_000; ; await sleep(50)) {
    const n = await metric(service.origin, `chatbot_live_streams_open{kind="${kind}"}`);
    if (n + refused() >= target || Date.now() > limit) return n;
  }
}

/** After --settle-ms: what the process holds after a full collection, then its RSS; the streams it counts open. */
async function memoryOf(service, heap) {
  await sleep(args.settleMs);
  const live = heap ? await heap.live() : { heap: NaN, outside: NaN };
  await sleep(200);
  return {
    rssMiB: statusMiB(service.pid, 'VmRSS'),
    heapMiB: live.heap,
    outsideMiB: live.outside,
    streamsOpen: await metric(service.origin, 'chatbot_live_streams_open{kind="visitor"}'),
  };
}

const latencyOf = (xs) => ({
  p50: quantile(xs, 0.5),
  p95: quantile(xs, 0.95),
  p99: quantile(xs, 0.99),
  max: xs.filter(Number.isFinite).length ? Math.max(...xs.filter(Number.isFinite)) : NaN,
  n: xs.filter(Number.isFinite).length,
});
const round2 = (x) => (Number.isFinite(x) ? Math.round(x * 100) / 100 : null);

// ---- one configuration ----

/**
 * `a`: the instance the visitors' streams are on (measured); `b`: where the owner's stream, takes and
 * replies go (the same one, or another instance on the same PostgreSQL).
 */
async function measure(label, a, b, heap, pids, databaseUrl, profiling) {
  const out = { label, streams: args.streams };
  const owner = { authorization: API_KEY };
  const ownerAgent = new http.Agent({ keepAlive: true, maxSockets: Math.max(args.concurrency, 20) });
  const visitorAgent = new http.Agent({ keepAlive: true, maxSockets: 20 });
  const { SerialNumber: serial } = await post(
    b.origin,
    '/chat/Chatbot/Add',
    { timeZone: 'America/Chicago', type: 0, Name: 'Live streams' },
    owner,
    ownerAgent,
  );

  // The sessions, each from its visitor's address.
  let t = performance.now();
  const visitors = Array.from({ length: args.streams }, (_, i) => ({ i, address: addressOf(i + 1) }));
  await pool(visitors, 20, async (v) => {
    const s = await post(
      a.origin,
      '/chat/Chatbot/GetSession',
      { serialNumber: serial },
      { 'x-forwarded-for': v.address },
      visitorAgent,
    );
    v.sessionId = s.SessionID;
    v.token = s.VisitorToken;
  });
  out.sessionsS = (performance.now() - t) / 1000;
  visitorAgent.destroy();

  // The agent's console: the owner's stream of the chatbot, on B. Open once the service counts it (a
  // stream writes `: open` as it opens; the count also covers its registration).
  const ownerStream = openStream(`${b.origin}/chat/Chatbot/Events?SerialNumber=${serial}`, owner);
  await ownerStream.sent;
  await counted(b, 1, undefined, 'owner');

  out.memory = { before: await memoryOf(a, heap) };
  console.log(
    `  ${label}: ${args.streams} sessions in ${fmt(out.sessionsS, 1)} s; before the streams RSS ${fmt(out.memory.before.rssMiB)} MiB, heap ${fmt(out.memory.before.heapMiB, 1)} MiB`,
  );

  // The visitors' streams, on A: sent --open-concurrency at a time, open once the service counts them.
  t = performance.now();
  const tOpen = t;
  await pool(visitors, args.openConcurrency, async (v) => {
    v.stream = openStream(`${a.origin}/chat/Chat/Events?sessionID=${v.sessionId}`, {
      authorization: v.token,
      'x-forwarded-for': v.address,
    });
    await v.stream.sent;
  });
  const sentS = (performance.now() - t) / 1000;
  const refusedSoFar = () => visitors.filter((v) => v.stream.status && v.stream.status !== 200).length;
  // The visitors' streams alone: the owner's is counted under kind="owner".
  const opened = await counted(a, args.streams, refusedSoFar);
  out.opening = {
    seconds: (performance.now() - t) / 1000,
    sentSeconds: sentS,
    concurrency: args.openConcurrency,
    counted: opened,
  };
  out.memory.open = await memoryOf(a, heap);
  const per = (key) => ((out.memory.open[key] - out.memory.before[key]) * 1024) / opened;
  out.perStreamKiB = { rss: per('rssMiB'), heap: per('heapMiB'), outside: per('outsideMiB') };
  console.log(
    `  ${label}: ${opened} streams open in ${fmt(out.opening.seconds, 1)} s (requests sent in ${fmt(sentS, 1)} s); RSS ${fmt(out.memory.open.rssMiB)} MiB, heap ${fmt(out.memory.open.heapMiB, 1)} MiB: ${fmt(out.perStreamKiB.rss, 1)} KiB RSS, ${fmt(out.perStreamKiB.heap, 1)} KiB heap per stream`,
  );

  // The agent takes every conversation (on B); each visitor's stream hears `joined` — its first
  // event, and with it the response's headers.
  t = performance.now();
  await pool(visitors, 20, (v) =>
    post(
      b.origin,
      '/chat/Chatbot/ConversationTake',
      { SerialNumber: serial, SessionID: v.sessionId, Name: AGENT },
      owner,
      ownerAgent,
    ),
  );
  out.takesS = (performance.now() - t) / 1000;
  await Promise.all(visitors.map((v) => Promise.race([v.stream.headers, sleep(20_000)])));
  await sleep(500);
  const open = visitors.filter((v) => v.stream.status === 200);
  const refused = {};
  for (const v of visitors) if (v.stream.status !== 200) refused[v.stream.status] = (refused[v.stream.status] ?? 0) + 1;
  out.opening.opened = open.length;
  out.opening.refused = refused;
  out.joinedHeard = open.filter((v) => v.stream.byType['agent:joined'] === 1).length;
  // Headers that came only with the first event (within 1 ms of it): nothing was written at the open.
  out.opening.headersWithFirstEvent = open.filter((v) => v.stream.firstEventMs - v.stream.openMs < 1).length;
  console.log(
    `  ${label}: ${visitors.length} takes in ${fmt(out.takesS, 1)} s; ${open.length} streams answered 200 (refused ${JSON.stringify(refused)}), ${out.joinedHeard} heard \`joined\`; ${out.opening.headersWithFirstEvent} had their headers only with that first event`,
  );
  if (!open.length) throw new Error(`no stream opened: ${JSON.stringify(refused)}`);

  // The replies, row by row (ROWS): each over conversations spread across all of them.
  out.replies = [];
  for (const [k, name] of args.rows.entries()) {
    const spec = ROWS[name];
    const count = Math.min(spec.replies(), open.length);
    const chosen = Array.from({ length: count }, (_, j) => open[Math.floor((j * open.length) / count)]);
    const samples = [];
    const one = async (v) => {
      const content = `Reply ${k}.${v.i}: the viewing is at 4 pm, see you there.`;
      const heard = v.stream.expect(content);
      const sent = performance.now();
      let respondedAt = NaN;
      let error = null;
      try {
        await post(
          b.origin,
          '/chat/Chatbot/ConversationReply',
          { SerialNumber: serial, SessionID: v.sessionId, Content: content },
          owner,
          ownerAgent,
        );
        respondedAt = performance.now();
      } catch (e) {
        error = e.message;
      }
      const at = await Promise.race([heard, sleep(args.eventLimitMs).then(() => NaN)]);
      samples.push({ eventMs: at - sent, responseMs: respondedAt - sent, sentAt: sent - tOpen, error, content, v });
    };
    const profiled = profiling && k === args.rows.length - 1;
    if (profiled) profiling();
    const cpu0 = cpuSnapshot();
    const t0 = performance.now();
    if (spec.rate) {
      // Open loop: the j-th reply is sent at j / rate s, whether the ones before have been answered or not.
      const jobs = [];
      for (const [j, v] of chosen.entries()) {
        const wait = t0 + (j * 1000) / spec.rate - performance.now();
        if (wait > 0) await sleep(wait);
        jobs.push(one(v));
      }
      await Promise.all(jobs);
    } else await pool(chosen, spec.concurrency, one);
    const seconds = (performance.now() - t0) / 1000;
    if (profiled) profiling();
    const cpu = cpuShares(cpu0, cpuSnapshot(), new Set(pids));
    const cores = os.availableParallelism?.() ?? os.cpus().length;
    const eventMs = samples.map((s) => s.eventMs);
    const row = {
      row: name,
      how: spec.how(),
      concurrency: spec.concurrency ?? null,
      rate: spec.rate ?? null,
      replies: count,
      seconds,
      perSecond: count / seconds,
      event: latencyOf(eventMs),
      response: latencyOf(samples.map((s) => s.responseMs)),
      // Heard before the reply's own response came back, and how much later than it at the p50 otherwise.
      eventBeforeResponse: samples.filter((s) => s.eventMs <= s.responseMs).length,
      lost: samples.filter((s) => !Number.isFinite(s.eventMs)).length,
      errors: samples.filter((s) => s.error).length,
      duplicates: samples.filter((s) => (s.v.stream.seen.get(s.content) ?? 0) > 1).length,
      cpu,
      cpuMsPerReply: cpu
        ? Object.fromEntries(
            ['service', 'database', 'load'].map((k2) => [k2, (cpu[k2] * cores * seconds * 1000) / count]),
          )
        : null,
      eventMsValues: eventMs.map(round2),
      responseMsValues: samples.map((s) => round2(s.responseMs)),
      // When each was sent, ms after the visitors' streams began to open (to set the slow ones beside the pings and sweeps).
      sentAtMsValues: samples.map((s) => Math.round(s.sentAt)),
    };
    if (row.errors) row.firstError = samples.find((s) => s.error).error;
    out.replies.push(row);
    console.log(
      `  ${label}: ${count} replies ${row.how}, ${fmt(row.perSecond)}/s — reply to event p50 ${fmt(row.event.p50, 1)} / p95 ${fmt(row.event.p95, 1)} / p99 ${fmt(row.event.p99, 1)} / max ${fmt(row.event.max, 1)} ms; response p50 ${fmt(row.response.p50, 1)} / p99 ${fmt(row.response.p99, 1)} ms; lost ${row.lost}, errors ${row.errors}, duplicates ${row.duplicates}`,
    );
  }
  out.ownerHeard = ownerStream.byType;
  // Each stream's first `: ping`, s after the streams began to open: one timer per stream, started as it opens.
  const pinged = open.filter((v) => v.stream.pings).map((v) => (v.stream.firstPingAt - tOpen) / 1000);
  out.pings = {
    streams: pinged.length,
    total: open.reduce((n, v) => n + v.stream.pings, 0),
    firstAtS: { min: Math.min(...pinged), p50: quantile(pinged, 0.5), max: Math.max(...pinged) },
  };
  out.memory.replied = await memoryOf(a, heap);

  // Every stream closed by its visitor: what is left.
  for (const v of visitors) v.stream.close();
  ownerStream.close();
  out.memory.closed = await memoryOf(a, heap);
  if (databaseUrl) {
    const pg = createRequire(path.join(ROOT_DIR, 'package.json'))('pg');
    const c = new pg.Client({ connectionString: databaseUrl });
    await c.connect();
    try {
      const { rows } = await c.query(
        `SELECT (SELECT count(*) FROM live_streams)::int AS streams, (SELECT count(*) FROM live_events)::int AS events,
                (SELECT count(*) FROM pg_stat_activity WHERE datname = current_database())::int AS connections`,
      );
      out.afterClose = rows[0];
    } finally {
      await c.end();
    }
  }
  console.log(
    `  ${label}: after every stream closed RSS ${fmt(out.memory.closed.rssMiB)} MiB, heap ${fmt(out.memory.closed.heapMiB, 1)} MiB, the service counts ${out.memory.closed.streamsOpen} open${out.afterClose ? `; live_streams rows ${out.afterClose.streams}` : ''}`,
  );
  // --cycles: every stream opened again and closed again; what stays after each is kept by the service.
  out.memory.cycles = [];
  for (let c = 0; c < args.cycles; c++) {
    for (const v of visitors)
      v.stream = openStream(`${a.origin}/chat/Chat/Events?sessionID=${v.sessionId}`, {
        authorization: v.token,
        'x-forwarded-for': v.address,
      });
    const n = await counted(a, args.streams);
    await Promise.all(visitors.map((v) => Promise.race([v.stream.headers, sleep(5_000)])));
    for (const v of visitors) v.stream.close();
    out.memory.cycles.push({ opened: n, ...(await memoryOf(a, heap)) });
    console.log(
      `  ${label}: cycle ${c + 1}: ${n} streams opened and closed; RSS ${fmt(out.memory.cycles.at(-1).rssMiB)} MiB, heap ${fmt(out.memory.cycles.at(-1).heapMiB, 1)} MiB`,
    );
  }
  ownerAgent.destroy();
  return out;
}

/** The service(s) of one configuration, measured, then stopped. */
async function runConfig(config, databaseUrl) {
  const heapDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bot-heap-'));
  // --profile: node's CPU profiler in B, the instance the replies go to (lib/profiler.mjs), over the
  // last row of replies. It starts and stops on SIGUSR2, as the heap probe collects: with one instance
  // there is no heap probe then, and the heap columns are empty.
  const profileDir = args.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bot-profile-')) : '';
  const profiler = profileDir ? ['--import', path.join(ROOT_DIR, 'bench/lib/profiler.mjs')] : [];
  const two = config === 'two-instances';
  const probed = !profileDir || two;
  // Every instance signs visitor tokens with the same secret, as OPERATING.md asks of several.
  const env = {
    TRUST_PROXY: '127.0.0.1',
    METRICS_TOKEN,
    SESSION_SECRET,
    ...(profileDir ? { BENCH_PROFILE_DIR: profileDir } : {}),
  };
  const started = [];
  const label = { pglite: 'PGlite', postgres: 'PostgreSQL', 'two-instances': 'PostgreSQL, two instances' }[config];
  let out;
  try {
    const a = await startService({
      apiKey: API_KEY,
      databaseUrl,
      nodeArgs: probed ? ['--expose-gc', '--import', HEAP_PROBE] : profiler,
      env: { ...env, BENCH_HEAP_DIR: heapDir },
    });
    started.push(a);
    const b = two ? await startService({ apiKey: API_KEY, databaseUrl, nodeArgs: profiler, env }) : a;
    if (b !== a) started.push(b);
    out = await measure(
      label,
      a,
      b,
      probed ? heapProbe(a.pid, heapDir) : null,
      started.map((s) => s.pid),
      databaseUrl,
      profileDir ? () => process.kill(b.pid, 'SIGUSR2') : undefined,
    );
    if (profileDir) {
      const file = path.join(profileDir, `${b.pid}.cpuprofile`);
      for (const limit = Date.now() + 10_000; !fs.existsSync(file) && Date.now() < limit;) await sleep(100);
      await sleep(200);
    }
    return out;
  } finally {
    for (const s of started.reverse()) await s.close();
    fs.rmSync(heapDir, { recursive: true, force: true });
    if (profileDir && out) {
      out.profile = summarizeProfiles(profileDir);
      console.log(
        `\n#### Where B's time went: ${label}, the last row of replies (CPU profile, ${fmt(out.profile.busyMs)} ms busy)\n`,
      );
      printProfileTables(out.profile.parts, out.profile.functions);
      console.log('');
    }
    if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!fs.existsSync(path.join(ROOT_DIR, 'dist/node/server/main.js')))
    throw new Error('dist/node is missing: run `npm run build` at the root first.');
  const stale = distIsStale();
  if (stale) console.log('  warning: dist/node is older than src/server: the figures are not those of the source');
  const t0 = Date.now();
  const loadAverageAtStart = os.loadavg().map((x) => Math.round(x * 100) / 100);
  console.log(
    `live-streams: ${args.streams} visitor streams · replies: ${args.rows.map((r) => `${ROWS[r].replies()} ${ROWS[r].how()}`).join(', ')}`,
  );
  const runs = [];
  for (const config of args.configs) {
    if (config === 'pglite') runs.push(await runConfig(config, ''));
    else if (!args.databaseUrl) console.log(`  ${config}: skipped (give --database-url or BENCH_DATABASE_URL)`);
    else runs.push(await withDatabase(args.databaseUrl, 'chatbot_live', (url) => runConfig(config, url)));
  }

  console.log(
    `\n### Memory of the instance holding the streams (MiB; after a full collection, then RSS)\n\n${table(
      [
        'configuration',
        'streams open (service counts)',
        'opened in s',
        'headers only with the 1st event',
        'RSS before / open / closed',
        'heap before / open / closed',
        'per stream: RSS / heap / outside KiB',
      ],
      runs.map((r) => [
        r.label,
        `${r.opening.opened} (${r.opening.counted})`,
        fmt(r.opening.seconds, 1),
        fmt(r.opening.headersWithFirstEvent),
        [r.memory.before, r.memory.open, r.memory.closed].map((m) => fmt(m.rssMiB)).join(' / '),
        [r.memory.before, r.memory.open, r.memory.closed].map((m) => fmt(m.heapMiB, 1)).join(' / '),
        `${fmt(r.perStreamKiB.rss, 1)} / ${fmt(r.perStreamKiB.heap, 1)} / ${fmt(r.perStreamKiB.outside, 1)}`,
      ]),
    )}`,
  );
  console.log(
    `\n### ConversationReply to the visitor's \`agent\` event (ms)\n\n${table(
      [
        'configuration',
        'replies sent',
        'replies',
        '/s',
        'to the event p50 / p95 / p99 / max',
        'response p50 / p99',
        'event first',
        'lost / errors / twice',
        'CPU ms per reply: service / database / bench',
        'other programs, idle',
      ],
      runs.flatMap((r) =>
        r.replies.map((x) => [
          r.label,
          x.how,
          fmt(x.replies),
          fmt(x.perSecond),
          `${fmt(x.event.p50, 1)} / ${fmt(x.event.p95, 1)} / ${fmt(x.event.p99, 1)} / ${fmt(x.event.max, 1)}`,
          `${fmt(x.response.p50, 1)} / ${fmt(x.response.p99, 1)}`,
          `${fmt((100 * x.eventBeforeResponse) / x.replies)} %`,
          `${x.lost} / ${x.errors} / ${x.duplicates}`,
          x.cpuMsPerReply ? ['service', 'database', 'load'].map((k) => fmt(x.cpuMsPerReply[k], 2)).join(' / ') : '',
          x.cpu ? `${fmt(100 * x.cpu.other)} %, ${fmt(100 * x.cpu.idle)} %` : '',
        ]),
      ),
    )}`,
  );
  const file = writeResults('live-streams', {
    machine: machine(''),
    loadAverageAtStart,
    elapsedS: (Date.now() - t0) / 1000,
    distStale: stale,
    args: { ...args, databaseUrl: args.databaseUrl ? 'given' : '' },
    runs,
  });
  console.log(`\nJSON: ${file} (${fmt((Date.now() - t0) / 1000)} s in all)`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
