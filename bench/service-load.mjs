#!/usr/bin/env node
// The reference service under load, on loopback: the compiled service (`npm run build` at the root)
// started as `npm start` starts it, with the offline engine and no artificial delay, on the embedded
// PGlite and — with --database-url (a PostgreSQL where databases can be created) — on PostgreSQL.
//
//   floor     bare node:http in its own process streaming the service's own answer to the question in
//             the same fragments (lib/floor-server.mjs), measured as the service is: each figure of the
//             service reads as a share of it (issue 22).
//   engine    the offline engine alone, in this process: CPU ms per answer to the question over the
//             chatbot's listings (read back from the service), with no earlier turns and with the ten a
//             load visitor has after asking it again and again — and so the answers/s one core could
//             give if answering cost nothing else.
//   memory    (--memory) the service with PGlite's files in memory (DATA_DIR on tmpfs, /dev/shm) beside PGlite on
//             disk: what the disk costs. There is no store without a database; this is the nearest real one.
//   asks      concurrent streamed ClientAsk at 100, 500 and 1,000 connections (autocannon, each
//             connection a visitor with a session of its own): answers/s, errors, whole-answer latency;
//             and first-fragment latency, sampled by probes beside the load, against the same probe
//             with no load (the engine's own latency).
//   listings  RealEstateCreate (a new listing per request) and RealEstateList (a page of 20) with the API key:
//             a search every listing matches, and one that matches one listing.
//
// Each configuration runs --runs times on a fresh service and database; the tables give the median
// of each figure over the runs. --workers: with PostgreSQL, also with WORKERS=N processes.
//
//   node service-load.mjs [--connections 100,500,1000] [--duration-s 10] [--probes 10] [--runs 3]
//        [--database-url postgres://…] [--workers 1,2] [--listings=false] [--memory] [--profile]
//        [--deadline-s 2400]
//
// --profile profiles the service's processes (lib/profiler.mjs) under the load at the first number of
// connections (slower: its figures are not the benchmark's) and prints where the time went in each
// run — by part of the system, and the functions with the most self time (lib/profile.mjs).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { withDatabase } from './lib/database.mjs';
import { ROOT_DIR } from './lib/env.mjs';
import { machine, writeResults } from './lib/results.mjs';
import { cpuShares, cpuSnapshot } from './lib/cpu.mjs';
import { printProfileTables, summarizeProfiles } from './lib/profile.mjs';
import { startFloor, startService } from './lib/service.mjs';
import { fmt, median, parseArgs, quantile, table } from './lib/stats.mjs';

const args = parseArgs(process.argv.slice(2), {
  connections: [100, 500, 1000],
  durationS: 10,
  probes: 10,
  runs: 3,
  workers: [1, 2],
  listings: true,
  memory: false,
  profile: false,
  databaseUrl: process.env.BENCH_DATABASE_URL ?? '',
  deadlineS: 2400,
});
setTimeout(() => {
  console.error(`service-load: over the limit of ${args.deadlineS} s`);
  process.exit(3);
}, args.deadlineS * 1000).unref();

/** A fresh key for each run (CHATBOT_API_KEY takes no weak key). */
const API_KEY = `cbk_${randomBytes(24).toString('base64url')}`;
/** A tmpfs: PGlite's files there are in memory. */
const MEMORY_DIR = '/dev/shm';
const QUESTION = 'Homes in Austin with 3 bedrooms under $500k?';
/** How much longer than --duration-s the load may run while it waits for an answer per connection (then it ends, and so do the probes). */
const WARM_UP_LIMIT_S = 60;
/** As many listings as the demo chatbot has. */
const LISTINGS = 240;

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

function post(origin, pathname, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${pathname}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** A chatbot of the owner with LISTINGS listings to answer from and no rate limit; `count` visitor sessions. */
async function setUp(origin, count) {
  const { Data } = await post(
    origin,
    '/chat/Chatbot/Add',
    { timeZone: 'America/Chicago', type: 0, Name: 'Load test' },
    { authorization: API_KEY },
  );
  const serial = Data.SerialNumber;
  const listing = (i) => ({
    SerialNumber: serial,
    SaleType: 'for_sale',
    Status: 'Active',
    CurrencySymbol: '$',
    PropertyType: 'Single Family',
    Bedrooms: 3,
    Bathrooms: 2,
    Url: `https://load.example/homes/${i}`,
    MLSNumber: `LOAD-${i}`,
    YearBuilt: 2001,
    DaysOnMarket: 3,
    LotArea: 6000,
    BuildingArea: 1800,
    AreaUnit: 'Square Feet',
    ParkingSpots: 2,
    Address: `${100 + i} Oak St`,
    City: 'Austin',
    State: 'TX',
    SalePrice: 350_000 + i * 1000,
  });
  for (let i = 0; i < LISTINGS; i++)
    await post(origin, '/chat/Chatbot/RealEstateCreate', listing(i), { authorization: API_KEY });
  const sessions = [];
  for (let i = 0; i < count; i++) {
    const { Data: s } = await post(origin, '/chat/Chatbot/GetSession', { serialNumber: serial });
    sessions.push({ id: s.SessionID, token: s.VisitorToken });
  }
  return { serial, sessions, listing };
}

/** One streamed ask by a probe: ms to the first fragment and to the end. */
function probe(origin, session) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let first = 0;
    const req = http.request(
      `${origin}/chat/Chat/ClientAsk`,
      { method: 'POST', headers: { 'content-type': 'application/json', authorization: session.token } },
      (res) => {
        res.on('data', () => {
          if (!first) first = performance.now() - t0;
        });
        res.on('end', () =>
          res.statusCode === 200 && first
            ? resolve({ firstMs: first, endMs: performance.now() - t0 })
            : reject(new Error(`status ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ sessionID: session.id, content: QUESTION, stream: true }));
  });
}

/** Probes asking one after another each, until `until()` says stop. */
async function probing(origin, sessions, until) {
  const samples = [];
  let errors = 0;
  await Promise.all(
    sessions.map(async (s) => {
      while (!until()) {
        try {
          samples.push(await probe(origin, s));
        } catch {
          errors++;
        }
      }
    }),
  );
  return { samples, errors };
}

const pct = (xs, q) => quantile(xs, q);
const latency = (samples, key) => ({
  p50: pct(
    samples.map((s) => s[key]),
    0.5,
  ),
  p99: pct(
    samples.map((s) => s[key]),
    0.99,
  ),
  n: samples.length,
});

/** autocannon for --duration-s (or until `stop()`, at most `durationS` s); `onResponse` is called for each response. */
function cannon(options, { onResponse = () => {}, durationS = args.durationS } = {}) {
  let instance;
  const result = new Promise((resolve, reject) => {
    instance = autocannon({ ...options, duration: durationS }, (err, r) => (err ? reject(err) : resolve(r)));
    instance.on('response', onResponse);
    autocannon.track(instance, { renderProgressBar: false, renderResultsTable: false, renderLatencyTable: false });
  });
  return Object.assign(result, { stop: () => instance.stop() });
}

const summarize = (r) => ({
  requests: r.requests.total,
  perSecond: r.requests.average,
  latencyP50: r.latency.p50,
  latencyP99: r.latency.p99,
  errors: r.errors,
  timeouts: r.timeouts,
  non2xx: r.non2xx,
  resets: r.resets,
});

/** The service's answer to QUESTION as a visitor's stream brings it: its fragments, in order (the floor streams them). */
function fragmentsOf(origin, session) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}/chat/Chat/ClientAsk`,
      { method: 'POST', headers: { 'content-type': 'application/json', authorization: session.token } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () =>
          resolve(
            text
              .split('\n\n')
              .filter((e) => e.startsWith('data: '))
              .map((e) => JSON.parse(e.slice(6)))
              .filter((d) => typeof d.content === 'string')
              .map((d) => d.content),
          ),
        );
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ sessionID: session.id, content: QUESTION, stream: true }));
  });
}

/** The service's answer, recorded on the first run: what the floor streams. */
let recorded = null;
/** The offline engine alone, measured on the first run (measureEngine). */
let engineAlone = null;

/** Every listing of the chatbot as the engine is given them, read back through RealEstateList. */
async function listingsOf(origin, serial) {
  const out = [];
  for (let page = 1; ; page++) {
    const { Data } = await post(
      origin,
      '/chat/Chatbot/RealEstateList',
      { SerialNumber: serial, Page: page, PageSize: 100 },
      { authorization: API_KEY },
    );
    out.push(...Data.Items);
    if (out.length >= Data.Total || !Data.Items.length) return out;
  }
}

/**
 * The compiled offline engine answering QUESTION over `listings`, in this process, `n` times each with
 * no earlier turns and with ten (the question and its answer, as a load visitor's session has them):
 * CPU ms per answer, the fragments taken as the service takes them.
 */
async function measureEngine(listings, n = 300) {
  const dist = (file) => import(path.join(ROOT_DIR, 'dist/node/server', file));
  const [{ createOfflineEngine }, { memoryCatalog }, { defaultSettings }] = await Promise.all([
    dist('engines/answer/offline.js'),
    dist('engines/search/catalog.js'),
    dist('store/chatbots.js'),
  ]);
  // The engine's own work over the listings in memory: the database's part is measured with the service.
  const catalog = memoryCatalog(listings);
  const engine = createOfflineEngine();
  const settings = defaultSettings('America/Chicago', 'offline');
  const answer = recorded.join('');
  const ask = async (history) => {
    const run = engine.answer(
      { settings, question: { content: QUESTION, askType: 'Text', files: [] }, history, catalog, now: new Date() },
      new AbortController().signal,
    );
    while (!(await run.next()).done);
  };
  const turns = Array.from({ length: 10 }, () => [
    { role: 'user', content: QUESTION },
    { role: 'assistant', content: answer },
  ]).flat();
  const out = {};
  for (const [key, history] of [
    ['first', []],
    ['tenTurns', turns],
  ]) {
    for (let i = 0; i < 20; i++) await ask(history);
    const t = process.cpuUsage();
    for (let i = 0; i < n; i++) await ask(history);
    const { user, system } = process.cpuUsage(t);
    out[key] = (user + system) / 1000 / n;
  }
  console.log(
    `  the offline engine alone: ${fmt(out.first, 2)} ms CPU per answer, ${fmt(out.tenTurns, 2)} ms after ten turns (${listings.length} listings)`,
  );
  return out;
}

/** A process and its children (the workers with WORKERS), by /proc. */
function processesOf(pid) {
  let children = [];
  try {
    children = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    // No /proc: the process alone.
  }
  return [pid, ...children];
}

/**
 * The streamed asks at each number of connections, with probes beside them, into `out` — with who
 * used the CPU meanwhile (lib/cpu.mjs; `pids()`: the service's processes); `profiling()` at the
 * start and end of the first.
 */
async function measureAsks(label, origin, sessions, probeSessions, out, pids, profiling = undefined) {
  const max = Math.max(...args.connections);
  // The engine's own latency: the probes alone, for the same time.
  let stop = false;
  setTimeout(() => (stop = true), Math.min(5, args.durationS) * 1000);
  const idle = await probing(origin, probeSessions.slice(0, 1), () => stop);
  out.idle = latency(idle.samples, 'firstMs');
  console.log(
    `  ${label}: first fragment with no load p50 ${fmt(out.idle.p50, 1)} ms, p99 ${fmt(out.idle.p99, 1)} ms (${idle.samples.length} asks)`,
  );

  for (const connections of args.connections) {
    let i = 0;
    let done = false;
    const profiled = profiling && connections === args.connections[0];
    if (profiled) profiling();
    const cpuBefore = cpuSnapshot();
    // The probes measure the load as it goes on: they start once the load has had as many answers
    // as it has connections — not in the first instant, when every connection asks at once (a
    // queue of `connections` questions that the probes would measure instead) — and the load goes
    // on for --duration-s after that.
    let answered = 0;
    let steady = () => {};
    const started = new Promise((resolve) => (steady = resolve));
    const run = cannon(
      {
        url: `${origin}/chat/Chat/ClientAsk`,
        method: 'POST',
        connections,
        pipelining: 1,
        timeout: 30,
        headers: { 'content-type': 'application/json' },
        setupClient(client) {
          const s = sessions[i++ % max];
          client.setHeaders({ 'content-type': 'application/json', authorization: s.token });
          client.setBody(JSON.stringify({ sessionID: s.id, content: QUESTION, stream: true }));
        },
      },
      { onResponse: () => ++answered === connections && steady(), durationS: args.durationS + WARM_UP_LIMIT_S },
    );
    const load = run.finally(() => {
      done = true;
      steady();
    });
    await started;
    const stopping = setTimeout(() => run.stop(), args.durationS * 1000);
    const probes = await probing(origin, probeSessions, () => done);
    const r = summarize(await load);
    clearTimeout(stopping);
    const cpu = cpuShares(cpuBefore, cpuSnapshot(), new Set(pids()));
    if (profiled) profiling();
    const first = latency(probes.samples, 'firstMs');
    out.asks.push({ connections, ...r, firstFragment: first, probeErrors: probes.errors, cpu });
    console.log(
      `  ${label}: ${connections} connections — ${fmt(r.perSecond)} answers/s, errors ${r.errors + r.non2xx + r.timeouts}, first fragment p50 ${fmt(first.p50, 1)} / p99 ${fmt(first.p99, 1)} ms`,
    );
  }
}

/**
 * What bounds the answers/s, measured at the fewest connections: each part's CPU per answer (its
 * share of the cores over the answers it gave), and — where the database runs in processes of its
 * own — the most these cores could give if the service cost nothing beyond the floor's own server
 * and the engine alone: the floor's server, the load generator (as the floor's run measured it),
 * the engine after ten turns and the database's measured work, per answer, filling every core.
 */
function bounds(runs, engine) {
  const cores = os.cpus().length;
  const msEach = (a, part) => (a.cpu ? (a.cpu[part] * cores * 1000) / a.perSecond : NaN);
  const [floor] = runs[0].asks;
  const floorMs = { service: msEach(floor, 'service'), load: msEach(floor, 'load') };
  const rows = runs.map(({ database, asks: [a] }) => {
    // A database of its own processes (PostgreSQL) shows as a share of the cores; PGlite's work is the service's.
    const db = a.cpu?.database >= 0.01 ? msEach(a, 'database') : NaN;
    const best =
      a === floor || !(db > 0) ? NaN : (cores * 1000) / (floorMs.service + floorMs.load + engine.tenTurns + db);
    return [
      database,
      fmt(a.connections),
      fmt(a.perSecond),
      fmt(msEach(a, 'service'), 2),
      db > 0 ? fmt(db, 2) : '–',
      fmt(msEach(a, 'load'), 2),
      Number.isNaN(best) ? '' : `${fmt(best)} (${fmt((100 * best) / floor.perSecond)} %)`,
    ];
  });
  return `\n### What bounds it: CPU per answer, ${cores} cores\n\nms of CPU per answer by part at the fewest connections; "at best" = answers/s if the service cost only the floor's server (${fmt(floorMs.service, 2)} ms) and the engine alone (${fmt(engine.tenTurns, 2)} ms), with the load generator's ${fmt(floorMs.load, 2)} ms and the database's measured work, every core busy — and its share of the floor.\n\n${table(['database', 'connections', 'answers/s', 'service ms', 'database ms', 'load ms', 'at best'], rows)}`;
}

/** Shares of all the cores: the service's processes, PostgreSQL's, this process (autocannon and the probes), idle. */
const cpuText = (c) => (c ? [c.service, c.database, c.load, c.idle].map((x) => `${fmt(100 * x)} %`).join(' / ') : '');

/** The floor (lib/floor-server.mjs): bare node:http streaming the service's recorded answer, measured as the service is. */
async function runFloor(label) {
  const floor = await startFloor(recorded);
  const out = { database: label, asks: [], listings: {} };
  try {
    const max = Math.max(...args.connections);
    const sessions = [];
    for (let i = 0; i < max + args.probes; i++) {
      const { Data: s } = await post(floor.origin, '/chat/Chatbot/GetSession', { serialNumber: 'floor' });
      sessions.push({ id: s.SessionID, token: s.VisitorToken });
    }
    await measureAsks(label, floor.origin, sessions.slice(0, max), sessions.slice(max), out, () => [floor.pid]);
  } finally {
    await floor.close();
  }
  return out;
}

async function runOn(label, databaseUrl, workers = 1, dataRoot = undefined) {
  // --profile: the service's processes under node's CPU profiler (SERVICE_NODE_ARGS: any other flags for its node).
  const profileDir = args.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bot-profile-')) : '';
  const nodeArgs = [
    ...(process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ...(profileDir ? ['--import', path.join(ROOT_DIR, 'bench/lib/profiler.mjs')] : []),
  ];
  const service = await startService({
    apiKey: API_KEY,
    databaseUrl,
    workers,
    dataRoot,
    nodeArgs,
    env: profileDir ? { BENCH_PROFILE_DIR: profileDir } : {},
  });
  const out = { database: label, asks: [], listings: {} };
  try {
    const max = Math.max(...args.connections);
    const { serial, sessions, listing } = await setUp(service.origin, max + args.probes);
    const probeSessions = sessions.slice(max, max + args.probes);
    if (!recorded) {
      recorded = await fragmentsOf(service.origin, probeSessions[0]);
      console.log(
        `  the answer the floor streams: ${recorded.length} fragments, ${Buffer.byteLength(recorded.join(''))} bytes`,
      );
      engineAlone = await measureEngine(await listingsOf(service.origin, serial));
    }
    // Profiled: the load at the first number of connections, every process of the service (lib/profiler.mjs).
    const profiling = profileDir
      ? () => processesOf(service.pid).forEach((pid) => process.kill(pid, 'SIGUSR2'))
      : undefined;
    await measureAsks(label, service.origin, sessions, probeSessions, out, () => processesOf(service.pid), profiling);

    if (!args.listings) return out;
    let n = 1000;
    const create = await cannon({
      url: `${service.origin}/chat/Chatbot/RealEstateCreate`,
      method: 'POST',
      connections: 50,
      timeout: 30,
      headers: { 'content-type': 'application/json', authorization: API_KEY },
      requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(listing(n++)) }) }],
    });
    out.listings.create = summarize(create);
    const search = (Query) =>
      cannon({
        url: `${service.origin}/chat/Chatbot/RealEstateList`,
        method: 'POST',
        connections: 50,
        timeout: 30,
        headers: { 'content-type': 'application/json', authorization: API_KEY },
        body: JSON.stringify({ SerialNumber: serial, Page: 1, PageSize: 20, Query }),
      });
    // Every listing is in Austin; one has house number 1234.
    out.listings.list = summarize(await search('Austin'));
    out.listings.narrow = summarize(await search('1234 Oak'));
    console.log(
      `  ${label}: RealEstateCreate ${fmt(out.listings.create.perSecond)}/s (errors ${out.listings.create.errors + out.listings.create.non2xx}), RealEstateList ${fmt(out.listings.list.perSecond)}/s and ${fmt(out.listings.narrow.perSecond)}/s (errors ${out.listings.list.errors + out.listings.list.non2xx + out.listings.narrow.errors + out.listings.narrow.non2xx})`,
    );
  } finally {
    await service.close();
    if (profileDir) {
      out.profile = summarizeProfiles(profileDir);
      fs.rmSync(profileDir, { recursive: true, force: true });
      printProfile(label, out.profile);
    }
  }
  return out;
}

/** Where the service's time went (lib/profile.mjs): by part of the system, and the functions with the most self time. */
function printProfile(label, { busyMs, parts, functions }) {
  console.log(
    `\n#### Where the time goes: ${label} (CPU profile of the service's processes, ${fmt(busyMs / 1000, 1)} s busy)\n`,
  );
  printProfileTables(parts, functions);
  console.log('');
}

/** The runs of one configuration as one: the median of every figure, errors added up. */
function medianOf(runs) {
  const mid = (pick) => median(runs.map(pick).filter((x) => Number.isFinite(x)));
  const sum = (pick) => runs.reduce((n, r) => n + pick(r), 0);
  const op = (pick) => ({
    perSecond: mid((r) => pick(r).perSecond),
    latencyP50: mid((r) => pick(r).latencyP50),
    latencyP99: mid((r) => pick(r).latencyP99),
    errors: sum((r) => pick(r).errors + pick(r).non2xx + pick(r).timeouts),
  });
  return {
    database: runs[0].database,
    runs: runs.length,
    idle: { p50: mid((r) => r.idle.p50), p99: mid((r) => r.idle.p99) },
    asks: runs[0].asks.map((a, i) => ({
      connections: a.connections,
      ...op((r) => r.asks[i]),
      errors: sum((r) => r.asks[i].errors + r.asks[i].non2xx + r.asks[i].timeouts + r.asks[i].probeErrors),
      firstFragment: { p50: mid((r) => r.asks[i].firstFragment.p50), p99: mid((r) => r.asks[i].firstFragment.p99) },
      cpu: a.cpu ? Object.fromEntries(Object.keys(a.cpu).map((k) => [k, mid((r) => r.asks[i].cpu?.[k])])) : null,
    })),
    listings:
      args.listings && runs[0].listings.create
        ? {
            create: op((r) => r.listings.create),
            list: op((r) => r.listings.list),
            narrow: op((r) => r.listings.narrow),
          }
        : {},
    each: runs,
  };
}

/** `floor`: the floor instead of the service; `dataRoot`: where PGlite's DATA_DIR is made. */
async function repeated(label, databaseUrl, workers, { floor = false, dataRoot = undefined } = {}) {
  const runs = [];
  for (let i = 0; i < args.runs; i++) {
    console.log(`${label}: run ${i + 1} of ${args.runs}`);
    runs.push(
      floor
        ? await runFloor(label)
        : databaseUrl
          ? await withDatabase(databaseUrl, 'chatbot_load', (url) => runOn(label, url, workers))
          : await runOn(label, '', 1, dataRoot),
    );
  }
  return medianOf(runs);
}

async function main() {
  if (!fs.existsSync(path.join(ROOT_DIR, 'dist/node/server/main.js')))
    throw new Error('dist/node is missing: run `npm run build` at the root first.');
  const t0 = Date.now();
  console.log(
    `service-load: connections ${args.connections.join(', ')} · ${args.durationS} s each · ${args.probes} probes · ${args.runs} runs`,
  );
  const runs = [await repeated('PGlite (embedded)', '', 1)];
  // The floor streams the answer the service gave (recorded on the first run).
  runs.unshift(await repeated('floor: bare node:http', '', 1, { floor: true }));
  if (args.memory && fs.existsSync(MEMORY_DIR))
    runs.splice(1, 0, await repeated('PGlite, files in memory', '', 1, { dataRoot: MEMORY_DIR }));
  else
    console.log(`  PGlite with its files in memory: skipped (${args.memory ? `no ${MEMORY_DIR}` : 'give --memory'})`);
  if (args.databaseUrl)
    for (const workers of args.workers)
      runs.push(
        await repeated(workers === 1 ? 'PostgreSQL' : `PostgreSQL, WORKERS=${workers}`, args.databaseUrl, workers),
      );
  else console.log('  PostgreSQL: skipped (give --database-url or BENCH_DATABASE_URL)');

  console.log(
    `\n### Streamed asks, offline engine, no artificial delay\n\nautocannon (each connection a visitor with its own session; each row until the load has had an answer per connection, then ${args.durationS} s); first fragment = ${args.probes} probes asking one after another beside the load in those ${args.durationS} s, p50 / p99 ms; "no load" = one probe alone. Medians of ${args.runs} runs; errors added up.\n`,
  );
  const rows = [];
  const floorAt = new Map(runs[0].asks.map((a) => [a.connections, a.perSecond]));
  for (const r of runs) {
    rows.push([r.database, 'no load', '', '', '', `${fmt(r.idle.p50, 1)} / ${fmt(r.idle.p99, 1)}`, '', '', '']);
    for (const a of r.asks)
      rows.push([
        r.database,
        fmt(a.connections),
        fmt(a.perSecond),
        `${fmt((100 * a.perSecond) / floorAt.get(a.connections))} %`,
        `${fmt(a.latencyP50)} / ${fmt(a.latencyP99)}`,
        `${fmt(a.firstFragment.p50, 1)} / ${fmt(a.firstFragment.p99, 1)}`,
        `+${fmt(a.firstFragment.p99 - r.idle.p99, 1)}`,
        fmt(a.errors),
        cpuText(a.cpu),
      ]);
  }
  // The engine alone: what one core could answer if nothing else cost anything, beside the floor at the fewest connections.
  const { connections: fewest, perSecond: floorBest } = runs[0].asks[0];
  for (const [label, ms] of [
    ['no earlier turns', engineAlone.first],
    ['after ten turns', engineAlone.tenTurns],
  ])
    rows.push([
      `offline engine alone, ${label}`,
      `(${fmt(fewest)})`,
      `${fmt(1000 / ms)} on one core`,
      `${fmt(100_000 / ms / floorBest)} %`,
      `${fmt(ms, 2)} ms CPU each`,
      '',
      '',
      '',
      '',
    ]);
  console.log(
    table(
      [
        'database',
        'connections',
        'answers/s',
        'of the floor',
        'whole answer p50 / p99 ms',
        'first fragment p50 / p99 ms',
        'p99 over no load',
        'errors',
        'CPU: service / database / load / idle',
      ],
      rows,
    ),
  );
  console.log(bounds(runs, engineAlone));
  if (args.listings) {
    console.log(`\n### Listings (API key, 50 connections, ${args.durationS} s each)\n`);
    console.log(
      table(
        [
          'database',
          'RealEstateCreate /s',
          'p99 ms',
          'RealEstateList, all match /s',
          'p99 ms',
          'RealEstateList, one matches /s',
          'p99 ms',
          'errors',
        ],
        runs
          .filter((r) => r.listings.create)
          .map(({ database, listings: { create, list, narrow } }) => [
            database,
            fmt(create.perSecond),
            fmt(create.latencyP99),
            fmt(list.perSecond),
            fmt(list.latencyP99),
            fmt(narrow.perSecond),
            fmt(narrow.latencyP99),
            fmt(create.errors + list.errors + narrow.errors),
          ]),
      ),
    );
  }
  const file = writeResults('service-load', {
    machine: machine(''),
    elapsedS: (Date.now() - t0) / 1000,
    args: { ...args, databaseUrl: args.databaseUrl ? 'given' : '' },
    engineAlone,
    runs,
  });
  console.log(`\nJSON: ${file}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
