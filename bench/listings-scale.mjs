#!/usr/bin/env node
// Listings at the size of a real feed (issue 41): the compiled service (`npm run build` at the root)
// on loopback with a chatbot of --sizes listings (lib/listings-gen.mjs: six cities, sale and rent,
// descriptions of ~300 characters), on the embedded PGlite and — with --database-url (or --pg, or
// BENCH_DATABASE_URL; a server where databases can be created) — on PostgreSQL. Each size on a
// fresh service and database:
//
//   seed       the chatbot's listings put in place (seedListings: --seed store writes them with the
//              built service's own createListings, 500 rows a statement, before the service starts;
//              --seed api sends them through the API once it runs, as loadListings does)
//   questions  --rounds conversations of a visitor (GetSession, then streamed ClientAsk, timed to the
//              whole answer): typical questions, follow-ups that page, order, move to another city and
//              refine. The first question after the start is "cold" (before issue 41 it read every
//              listing; now it reads the chatbot's vocabulary once) and is reported apart; p50 / p99 / slowest of the others.
//   change     --changes times: ONE listing updated through the API (RealEstateUpdate, a new price),
//              then a question — and, sent 10 ms after it, GET /openapi.json; meanwhile GET /healthz
//              one after another (the event loop's delay, seen from outside), the longest the loop
//              was held as the service itself saw it (lib/loop-probe.mjs, preloaded: a 10 ms timer's
//              lateness), and its nodejs_eventloop_lag_p99_seconds (GET /metrics, reset at each
//              scrape); then the next question of the conversation.
//   load       --bulk new listings through the API (loadListings: --loader import, RealEstateImport of
//              500 a call, one call after another as `chat-bot-server listings import` sends them;
//              --loader creates, --bulk-concurrency concurrent RealEstateCreate, the only way before
//              issue 41), at most --load-limit-s, while the /healthz probes run: once alone, once
//              more with a visitor asking one question after another. How fast they went in, the
//              slowest probe, the questions meanwhile, the loop's delay from /metrics.
//   memory     the service's RSS (/proc/<pid>/status VmRSS) after the start, after the questions and at
//              the end, and its peak (VmHWM).
//
// Then --many CxL: C chatbots of L listings each (seeded as above), each asked one question in turn
// (a session each): the RSS as they are asked (sampled every 500 ms; read at checkpoints with the
// heap in use from /metrics, and then what the service still holds after a full collection:
// lib/heap-probe.mjs, preloaded with --expose-gc), the peak, the question's latency.
//
// Before each measurement it waits (at most --quiet-wait-s) for other programs to leave the cores
// mostly idle, and says how much of the cores they took meanwhile. --profile: the service under node's
// CPU profiler for the first question after a change and for the load alone, and where its time
// went (its figures are then not the benchmark's).
//
//   node listings-scale.mjs [--sizes 240,2400,24000,100000] [--databases pglite,postgres]
//        [--database-url postgres://… | --pg postgres://…] [--rounds 5] [--changes 3] [--bulk 1000]
//        [--bulk-concurrency 16] [--load-limit-s 60] [--loader import|creates] [--many 1000x1000 | --many off]
//        [--seed store|api] [--steps sizes,many] [--profile] [--quiet-wait-s 600] [--quick] [--deadline-s 14400]
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { cpuShares, cpuSnapshot } from './lib/cpu.mjs';
import { withDatabase } from './lib/database.mjs';
import { ROOT_DIR } from './lib/env.mjs';
import { HEAP_PROBE, heapProbe } from './lib/heap-read.mjs';
import { changed, feedListings } from './lib/listings-gen.mjs';
import { printProfileTables, summarizeProfiles } from './lib/profile.mjs';
import { machine, writeResults } from './lib/results.mjs';
import { distIsStale, startService } from './lib/service.mjs';
import { fmt, median, parseArgs, quantile, table } from './lib/stats.mjs';

const args = parseArgs(process.argv.slice(2), {
  sizes: [240, 2400, 24_000, 100_000],
  databases: ['pglite', 'postgres'],
  databaseUrl: process.env.BENCH_DATABASE_URL ?? '',
  pg: '',
  rounds: 5,
  changes: 3,
  bulk: 1000,
  bulkConcurrency: 16,
  loader: 'import',
  loadLimitS: 60,
  many: '1000x1000',
  seed: 'store',
  apiConcurrency: 16,
  steps: ['sizes', 'many'],
  quick: false,
  profile: false,
  quietWaitS: 600,
  deadlineS: 14_400,
});
if (args.pg) args.databaseUrl = args.pg;
if (args.quick) {
  args.sizes = args.sizes.filter((n) => n <= 2400);
  args.rounds = Math.min(args.rounds, 2);
  args.changes = Math.min(args.changes, 1);
  args.bulk = Math.min(args.bulk, 200);
  args.many = '20x240';
}
/** What has been measured so far: kept (printed and written) even when the deadline ends the run. */
const measured = { sizes: [], many: [], profiles: [], failures: [] };
const startedAt = Date.now();
setTimeout(() => {
  console.error(`listings-scale: over the limit of ${args.deadlineS} s; what was measured so far follows`);
  finish();
  process.exit(3);
}, args.deadlineS * 1000).unref();
// Stopped by hand: what was measured is kept, and process.exit runs lib/service.mjs's clean-up (the service stopped, its DATA_DIR removed).
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    console.error(`listings-scale: ${signal}; what was measured so far follows`);
    finish();
    process.exit(130);
  });

/** A fresh key for each run (CHATBOT_API_KEY takes no weak key). */
const API_KEY = `cbk_${randomBytes(24).toString('base64url')}`;
/** GET /metrics with it (METRICS_TOKEN: on the service's own port). */
const METRICS_TOKEN = randomBytes(24).toString('hex');
/** No request waits longer than this (a question over 100,000 listings read and indexed included). */
const REQUEST_LIMIT_MS = 600_000;
/** How long the service may take to start on a large database. */
const START_LIMIT_MS = 600_000;
/** The pause between two /healthz probes. */
const PROBE_GAP_MS = 5;
/** The RSS is sampled this often in --many. */
const RSS_SAMPLE_MS = 500;

/** A visitor's conversation, asked in order in one session: typical questions and their follow-ups. */
const CONVERSATION = [
  '3 bedroom homes for sale in Austin under $500k',
  'show me more',
  'the cheapest one',
  'what about Portland?',
  'only the ones with a garage',
  'condos for rent in Denver',
  'homes with a pool',
  'townhouses in Tampa with a 3D tour',
];
/** The question after a change, and the next one of the same conversation. */
const AFTER_CHANGE = ['homes for sale in Raleigh near good schools', 'the cheapest one'];

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 2 });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One HTTP request: status, text, ms to the end of the answer. */
function request(url, { method = 'GET', body, headers = {}, through = agent } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.request(
      url,
      {
        method,
        agent: through,
        timeout: REQUEST_LIMIT_MS,
        headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode, text, ms: performance.now() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in ${REQUEST_LIMIT_MS} ms`)));
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** An API operation with the owner's API key (or `auth`); its Data, or an error naming it. */
async function api(origin, operation, body, auth = API_KEY) {
  const r = await request(`${origin}/chat/${operation}`, {
    method: 'POST',
    body,
    headers: auth ? { authorization: auth } : {},
  });
  const reply = JSON.parse(r.text);
  if (!reply.Success) throw new Error(`${operation}: ${r.status} ${reply.Message}`);
  return reply.Data;
}

/** A visitor's session, as the widget opens one (no API key). */
async function visitor(origin, serial) {
  const s = await api(origin, 'Chatbot/GetSession', { serialNumber: serial }, '');
  return { id: s.SessionID, token: s.VisitorToken };
}

/** One streamed question: ms to the first fragment and to the whole answer; the answer. */
function ask(origin, session, content) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    let first = 0;
    const req = http.request(
      `${origin}/chat/Chat/ClientAsk`,
      {
        method: 'POST',
        agent,
        timeout: REQUEST_LIMIT_MS,
        headers: { 'content-type': 'application/json', authorization: session.token },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => {
          if (!first) first = performance.now() - t0;
          text += c;
        });
        res.on('end', () => {
          const ms = performance.now() - t0;
          const events = text
            .split('\n\n')
            .filter((e) => e.includes('data: '))
            .map((e) => ({ error: /^event: error/m.test(e), data: JSON.parse(e.slice(e.indexOf('data: ') + 6)) }));
          const last = events.at(-1);
          if (res.statusCode !== 200 || !last || last.error || typeof last.data.Answer !== 'string')
            return reject(new Error(`ClientAsk "${content}": ${res.statusCode} ${text.slice(0, 300)}`));
          resolve({ question: content, firstMs: first, ms, answer: last.data.Answer });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`ClientAsk "${content}": no answer in ${REQUEST_LIMIT_MS} ms`)));
    req.on('error', reject);
    req.end(JSON.stringify({ sessionID: session.id, content, stream: true }));
  });
}

/**
 * GET /healthz one after another (PROBE_GAP_MS apart) until stopped: how long a request that needs
 * nothing but the event loop waits — the loop's delay, seen from outside the service's process.
 */
function probing(origin) {
  let stopped = false;
  const samples = [];
  /** Probes that failed: after how long, and why. */
  const errors = [];
  const running = (async () => {
    while (!stopped) {
      const t0 = performance.now();
      try {
        const r = await request(`${origin}/healthz`, { through: probeAgent });
        if (r.status !== 200) throw new Error(`GET /healthz: ${r.status}`);
        samples.push(r.ms);
      } catch (e) {
        errors.push({ ms: performance.now() - t0, error: e.message });
      }
      await sleep(PROBE_GAP_MS);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await running;
      // A probe that failed waited too: its wait counts in the slowest.
      const summary = probeSummary(samples);
      return { ...summary, max: Math.max(summary.max, ...errors.map((e) => e.ms)), errors };
    },
  };
}
const probeSummary = (xs) => ({ p50: median(xs), p99: quantile(xs, 0.99), max: Math.max(...xs), n: xs.length });

/** The service's own event-loop delay (p99 since the last scrape, ms) and heap in use (MiB), from GET /metrics. */
async function scrape(origin) {
  const r = await request(`${origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  if (r.status !== 200) throw new Error(`GET /metrics: ${r.status}`);
  const value = (name) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(r.text)?.[1] ?? NaN);
  return {
    loopP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
    heapMiB: value('nodejs_heap_size_used_bytes') / 2 ** 20,
    rssMiB: value('process_resident_memory_bytes') / 2 ** 20,
    /** What the listing catalogs hold (issue 41): chatbots, and what they are counted as (NaN before it). */
    vocabularies: value('chatbot_listing_vocabularies'),
    vocabulariesMiB: value('chatbot_listing_vocabularies_bytes') / 2 ** 20,
  };
}

// ---- the service's memory, from /proc ----

const statusMiB = (pid, key) => {
  try {
    const m = new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
};
const rssOf = (pid) => statusMiB(pid, 'VmRSS');
const peakOf = (pid) => statusMiB(pid, 'VmHWM');

// ---- putting listings in place ----

/** The built service's store functions (dist/node), for seeding its database before it starts. */
async function builtStore() {
  const dist = (file) => import(path.join(ROOT_DIR, 'dist/node/server', file));
  const [{ openStore }, { ensureOwner }, { createChatbot, defaultSettings }, { createListings }, { OFFLINE_MODEL }] =
    await Promise.all([
      dist('store/db.js'),
      dist('bootstrap.js'),
      dist('store/chatbots.js'),
      dist('store/listings.js'),
      dist('engines/index.js'),
    ]);
  return { openStore, ensureOwner, createChatbot, defaultSettings, createListings, OFFLINE_MODEL };
}

/**
 * Writes `count` chatbots into the service's database before it starts, the c-th with the listings
 * `feed(c)` gives: the owner the service will take as its first, the settings Chatbot/Add gives (the
 * offline engine), and the listings by the service's own createListings — 500 rows a statement and
 * one version bump in a transaction, the path the demo's seed takes. `dataDir` is the DATA_DIR the
 * service will start on (PGlite's files are in its db/); `databaseUrl` for PostgreSQL. The listings'
 * indexes that enforce nothing (the search's trigrams, the status index) are dropped first and made
 * again, by their own definitions, once every row is in: the database the service starts on is the
 * same, made in a fraction of the time. The serial numbers, in order.
 */
async function seedBeforeStart({ dataDir, databaseUrl }, count, feed, progress = () => {}) {
  const s = await builtStore();
  // No statement timeout (the service's is 10 s): an index made over a million rows takes minutes.
  const store = await s.openStore(
    databaseUrl ? { databaseUrl, queryTimeoutMs: 0 } : { pgliteDir: path.join(dataDir, 'db') },
  );
  try {
    const now = new Date();
    const ownerId = await s.ensureOwner(store.db, now);
    const { rows: deferred } = await store.db.execute(
      "SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'listings' AND indexdef NOT LIKE 'CREATE UNIQUE INDEX%'",
    );
    for (const { indexname } of deferred) await store.db.execute(`DROP INDEX "${indexname}"`);
    const serials = [];
    for (let c = 0; c < count; c++) {
      const settings = { ...s.defaultSettings('America/Chicago', s.OFFLINE_MODEL), Name: `Feed ${c + 1}` };
      const serial = await s.createChatbot(store.db, ownerId, settings);
      const listings = feed(c);
      await store.db.transaction((tx) =>
        s.createListings(tx, serial, listings, (i) => new Date(now.getTime() - (listings.length - i) * 1000)),
      );
      serials.push(serial);
      progress(c + 1);
    }
    // PostgreSQL: room to sort in (its default is 64 MB). PGlite keeps its default: 256 MB there made the
    // trigram index over a million rows no faster (over 7 min against 4.3).
    if (databaseUrl) await store.db.execute("SET maintenance_work_mem = '256MB'");
    for (const { indexdef } of deferred) await store.db.execute(indexdef);
    // What PostgreSQL's autovacuum does within a minute of such a load (PGlite has none: the service's upkeep
    // does it when it is ready, store/pglite/upkeep.ts — part of what is measured).
    if (databaseUrl) await store.db.execute('ANALYZE listings');
    return serials;
  } finally {
    await store.close();
  }
}

/** A chatbot of the API key's owner, as a person makes one (Chatbot/Add). */
const addChatbot = async (origin, name) =>
  (await api(origin, 'Chatbot/Add', { timeZone: 'America/Chicago', type: 0, Name: name })).SerialNumber;

/**
 * How listings reach a running service: --loader names it. `import`: RealEstateImport, LIMITS.importItems
 * (500) a call, one call after another — what `chat-bot-server listings import` does; `creates`: each
 * listing its own RealEstateCreate, `concurrency` at a time (the only way before issue 41). None starts
 * after `stopAt` (Date.now()). Gives the number loaded, the failures and the ms taken.
 */
const IMPORT_ITEMS = 500;
const LOADERS = {
  async import(origin, serial, listings, { stopAt = Infinity }) {
    const t0 = performance.now();
    let count = 0;
    const errors = [];
    for (let from = 0; from < listings.length && Date.now() < stopAt; from += IMPORT_ITEMS) {
      const Items = listings.slice(from, from + IMPORT_ITEMS);
      await api(origin, 'Chatbot/RealEstateImport', { SerialNumber: serial, Items }).then(
        (d) => (count += d.Created + d.Updated + d.Unchanged),
        (e) => errors.push(e.message),
      );
    }
    return { count, errors, ms: performance.now() - t0 };
  },
  async creates(origin, serial, listings, { concurrency, stopAt = Infinity }) {
    const t0 = performance.now();
    let next = 0;
    const errors = [];
    await Promise.all(
      Array.from({ length: Math.min(concurrency, listings.length) }, async () => {
        while (next < listings.length && Date.now() < stopAt) {
          const listing = listings[next++];
          await api(origin, 'Chatbot/RealEstateCreate', { SerialNumber: serial, ...listing }).catch((e) =>
            errors.push(e.message),
          );
        }
      }),
    );
    return { count: next - errors.length, errors, ms: performance.now() - t0 };
  },
};
const loadListings = (...a) => {
  const loader = LOADERS[args.loader];
  if (!loader) throw new Error(`--loader ${args.loader}: choose from ${Object.keys(LOADERS).join(', ')}`);
  return loader(...a);
};

/**
 * `listings` loaded (loadListings, --bulk-concurrency, at most --load-limit-s) while GET /healthz
 * probes run, /metrics is read every second, and — `withVisitor` — a visitor asks one question after
 * another: how fast they went in, how long the probes and the questions waited.
 */
async function loadWhileProbing(service, serial, listings, withVisitor) {
  const { origin } = service;
  const from = Date.now();
  const probes = probing(origin);
  await scrape(origin);
  let loading = true;
  let loopMax = 0;
  const scraping = (async () => {
    while (loading) {
      await sleep(1000);
      loopMax = Math.max(loopMax, (await scrape(origin).catch(() => ({ loopP99Ms: NaN }))).loopP99Ms);
    }
  })();
  const questionErrors = [];
  const asking = (async () => {
    if (!withVisitor) return [];
    const session = await visitor(origin, serial);
    const times = [];
    for (let i = 0; loading; i++)
      await ask(origin, session, CONVERSATION[i % 2 ? 1 : 0]).then(
        (a) => times.push(a.ms),
        (e) => questionErrors.push(e.message),
      );
    return times;
  })();
  // Held until awaited below: a failure there is the run's, not an unhandled rejection meanwhile.
  asking.catch(() => {});
  const loaded = await loadListings(origin, serial, listings, {
    concurrency: args.bulkConcurrency,
    stopAt: Date.now() + args.loadLimitS * 1000,
  });
  loading = false;
  const [times] = await Promise.all([asking, scraping]);
  return {
    loader: args.loader,
    withVisitor,
    count: loaded.count,
    errors: loaded.errors,
    questionErrors,
    concurrency: args.bulkConcurrency,
    perSecond: loaded.count / (loaded.ms / 1000),
    probes: await probes.stop(),
    questions: times.length ? latency(times) : null,
    loopHeldMs: await service.held(from),
    loopP99MaxMs: Math.max(loopMax, (await scrape(origin)).loopP99Ms),
  };
}

/**
 * A chatbot with `listings`, ready for questions: the one function that says how a benchmark's
 * listings get there (--seed). `before` runs before the service starts (seedBeforeStart);
 * `after` once it runs (loadListings). Gives the serial number and the seconds the seeding took.
 */
const SEEDS = {
  store: {
    async before(where, listings) {
      const t0 = performance.now();
      const [serial] = await seedBeforeStart(where, 1, () => listings);
      return { serial, seedS: (performance.now() - t0) / 1000 };
    },
    after: async (origin, seeded) => seeded,
  },
  api: {
    before: async () => ({}),
    async after(origin, _seeded, listings) {
      const t0 = performance.now();
      const serial = await addChatbot(origin, 'Feed');
      await loadListings(origin, serial, listings, { concurrency: args.apiConcurrency });
      return { serial, seedS: (performance.now() - t0) / 1000 };
    },
  },
};

/**
 * Waits, at most --quiet-wait-s, until other programs leave the cores mostly idle (under a quarter of
 * them busy over 10 s, the service `pid` and this script aside), so that what follows measures the
 * service rather than another job on the machine. How long it waited, and how busy they were then.
 */
async function quiet(pid) {
  const t0 = Date.now();
  for (;;) {
    const before = cpuSnapshot();
    await sleep(10_000);
    const c = cpuShares(before, cpuSnapshot(), new Set([pid]));
    const busy = c ? c.other + c.database : 0;
    const waitedS = (Date.now() - t0) / 1000;
    if (busy < 0.25 || waitedS >= args.quietWaitS) {
      if (waitedS > 11)
        console.log(`  waited ${fmt(waitedS)} s for other programs (${fmt(100 * busy)} % of the cores)`);
      return { waitedS, othersBusy: busy };
    }
  }
}

/** The failures of a load or a change, if any: creates, questions, probes. */
function errorsText(l) {
  const all = [...(l.errors ?? []), ...(l.questionErrors ?? []), ...(l.probes?.errors ?? []).map((p) => p.error)];
  return all.length ? `; ${all.length} FAILED: ${[...new Set(all)].slice(0, 3).join(' | ')}` : '';
}

/** `e` with the end of the service's log, and whether it had exited: what a failed step reports. */
function withLog(e, service) {
  return Object.assign(e instanceof Error ? e : new Error(String(e)), {
    serviceLog: service.output().slice(-4000),
    serviceExited: service.exited(),
  });
}

// ---- one size ----

/**
 * The service on a DATA_DIR (seeded or not), with /metrics on its port and how long its loop is held
 * written by lib/loop-probe.mjs (preloaded; read by `held`); `profileDir`: with node's CPU profiler preloaded too
 * (lib/profiler.mjs: SIGUSR2 starts it, the next writes the profile there).
 */
async function start(dataDir, databaseUrl, profileDir = '', { heap = false } = {}) {
  const loopDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bot-loop-'));
  // lib/heap-probe.mjs's file has the same name as the loop probe's: a directory of its own, inside.
  const heapDir = path.join(loopDir, 'heap');
  if (heap) fs.mkdirSync(heapDir);
  const removeLoopDir = () => fs.rmSync(loopDir, { recursive: true, force: true });
  process.on('exit', removeLoopDir);
  const preload = (file) => ['--import', pathToFileURL(path.join(ROOT_DIR, 'bench/lib', file)).href];
  const service = await startService({
    apiKey: API_KEY,
    databaseUrl,
    dataDir,
    nodeArgs: [
      ...preload('loop-probe.mjs'),
      ...(profileDir ? preload('profiler.mjs') : []),
      ...(heap ? ['--expose-gc', '--import', HEAP_PROBE] : []),
    ],
    env: {
      METRICS_TOKEN,
      LOG_LEVEL: 'warn',
      BENCH_LOOP_DIR: loopDir,
      ...(heap ? { BENCH_HEAP_DIR: heapDir } : {}),
      ...(profileDir ? { BENCH_PROFILE_DIR: profileDir } : {}),
    },
    startLimitMs: START_LIMIT_MS,
  }).catch((e) => {
    process.off('exit', removeLoopDir);
    removeLoopDir();
    throw e;
  });
  const file = path.join(loopDir, `${service.pid}.jsonl`);
  const heapFile = heap ? heapProbe(service.pid, heapDir) : null;
  return {
    ...service,
    /** A full collection in the service now, and what it still holds (MiB: heap, outside it, total): lib/heap-probe.mjs. */
    live: () => heapFile.live(),
    /**
     * The longest the service's event loop was held between `from` and `to` (Date.now()), ms, as the
     * service itself saw it (lib/loop-probe.mjs: a 10 ms timer's lateness, in 100 ms windows, each
     * line written when its window ends — so it waits for the one that ends after `to`).
     */
    async held(from, to = Date.now()) {
      await sleep(Math.max(0, to + 150 - Date.now()));
      let max = 0;
      for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
        if (!line) continue;
        const w = JSON.parse(line);
        if (w.t > from && w.t <= to + 150) max = Math.max(max, w.max);
      }
      return max;
    },
    /**
     * Stops it and waits for it to exit (a large PGlite takes seconds to close; lib/service.mjs waits 5
     * and then removes its DATA_DIR, under a PGlite still writing): up to 60 s, then SIGKILL.
     */
    async close() {
      if (!service.exited()) process.kill(service.pid, 'SIGTERM');
      for (let i = 0; i < 600 && !service.exited(); i++) await sleep(100);
      if (!service.exited()) process.kill(service.pid, 'SIGKILL');
      await service.close();
      process.off('exit', removeLoopDir);
      removeLoopDir();
    },
  };
}

/**
 * The profile's summary (lib/profile.mjs) without the profiler's own work: `dispatch`, the inspector
 * session's native call, in which Profiler.stop builds the profile (~170 ms, at any size).
 */
function withoutProfiler(dir) {
  const { busyMs, parts, functions } = summarizeProfiles(dir, 16);
  // Read: the next profile is written into the same file.
  for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f));
  const own = functions.find((f) => f.name === 'dispatch')?.ms ?? 0;
  const busy = busyMs - own;
  const less = (x, ms) => ({ ...x, ms: x.ms - ms, share: (x.ms - ms) / busy });
  return {
    busyMs: busy,
    profilerMs: own,
    parts: parts.map((p) => less(p, p.name.startsWith('Node') ? own : 0)).sort((a, b) => b.ms - a.ms),
    functions: functions.filter((f) => f.name !== 'dispatch').map((f) => less(f, 0)),
  };
}

/** Waits (up to 30 s) for the profile process `pid` writes into `dir` after its second SIGUSR2; the one before is gone by then (withoutProfiler). */
async function profileWritten(dir, pid) {
  const file = path.join(dir, `${pid}.cpuprofile`);
  for (let i = 0; i < 300 && !fs.existsSync(file); i++) await sleep(100);
  await sleep(200);
}

const latency = (xs) => ({
  p50: quantile(xs, 0.5),
  p99: quantile(xs, 0.99),
  max: Math.max(...xs),
  n: xs.length,
});

async function measureSize(label, size, databaseUrl) {
  const seed = SEEDS[args.seed];
  if (!seed) throw new Error(`--seed ${args.seed}: choose from ${Object.keys(SEEDS).join(', ')}`);
  const all = feedListings(size + 2 * args.bulk);
  const listings = all.slice(0, size);
  const extra = all.slice(size);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bot-listings-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  // Until the service has it (lib/service.mjs removes it then): a run stopped while seeding leaves nothing behind.
  process.on('exit', removeDataDir);
  const loadAverage = os.loadavg()[0];
  console.log(`${label}, ${fmt(size)} listings: seeding (${args.seed})…`);
  const seededBefore = await seed.before({ dataDir, databaseUrl }, listings).catch((e) => {
    removeDataDir();
    throw e;
  });
  process.off('exit', removeDataDir);
  const t0 = performance.now();
  // --profile: where the service's time goes in the first question after a change (its figures then are not the benchmark's).
  const profileDir = args.profile ? fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bot-profile-')) : '';
  const service = await start(dataDir, databaseUrl, profileDir);
  const startS = (performance.now() - t0) / 1000;
  const out = { database: label, size, loadAverage, startS, profiled: args.profile };
  let cpuBefore;
  try {
    const { origin, pid } = service;
    const { serial, seedS } = await seed.after(origin, seededBefore, listings);
    out.seedS = seedS;
    out.quiet = await quiet(pid);
    cpuBefore = cpuSnapshot();
    out.rssMiB = { start: rssOf(pid) };
    console.log(`  seeded in ${fmt(seedS, 1)} s, started in ${fmt(startS, 1)} s; RSS ${fmt(out.rssMiB.start)} MiB`);

    // Questions: --rounds conversations, each in a session of its own; the first question is the cold one.
    const asked = [];
    const coldFrom = Date.now();
    let warmFrom = 0;
    for (let round = 0; round < args.rounds; round++) {
      const session = await visitor(origin, serial);
      for (const q of CONVERSATION) {
        asked.push({ round, ...(await ask(origin, session, q)) });
        warmFrom ||= Date.now();
      }
    }
    const [cold, ...warm] = asked;
    out.cold = { ms: cold.ms, firstMs: cold.firstMs, loopHeldMs: await service.held(coldFrom, warmFrom) };
    out.questions = latency(warm.map((a) => a.ms));
    out.questionsLoopHeldMs = await service.held(warmFrom);
    out.firstFragment = latency(warm.map((a) => a.firstMs));
    out.byQuestion = CONVERSATION.map((q) => ({
      question: q,
      p50: median(warm.filter((a) => a.question === q).map((a) => a.ms)),
      answer: asked.find((a) => a.question === q).answer,
    }));
    out.rssMiB.questions = rssOf(pid);
    console.log(
      `  questions: cold ${fmt(cold.ms)} ms (loop held ${fmt(out.cold.loopHeldMs)} ms), then p50 ${fmt(out.questions.p50, 1)} / p99 ${fmt(out.questions.p99)} / slowest ${fmt(out.questions.max)} ms (${warm.length}; loop held at most ${fmt(out.questionsLoopHeldMs)} ms); RSS ${fmt(out.rssMiB.questions)} MiB`,
    );

    // ONE listing changes; the next question, a probe sent with it, the probes meanwhile, the loop's delay.
    out.changes = [];
    for (let k = 1; k <= args.changes; k++) {
      const target = listings[(k * 7919) % listings.length];
      const session = await visitor(origin, serial);
      await scrape(origin);
      const update = await request(`${origin}/chat/Chatbot/RealEstateUpdate`, {
        method: 'POST',
        headers: { authorization: API_KEY },
        body: { SerialNumber: serial, Key: target.MLSNumber, KeyType: 'MLSNumber', ...changed(target, k) },
      });
      if (update.status !== 200) throw new Error(`RealEstateUpdate: ${update.status} ${update.text}`);
      await sleep(100);
      await scrape(origin);
      const profiled = profileDir && k === 1;
      if (profiled) process.kill(pid, 'SIGUSR2');
      const probes = probing(origin);
      await sleep(50);
      const asked = Date.now();
      const question = ask(origin, session, AFTER_CHANGE[0]);
      await sleep(10);
      const withIt = await request(`${origin}/openapi.json`, { through: probeAgent });
      const answered = await question;
      const meanwhile = await probes.stop();
      const loopHeldMs = await service.held(asked);
      if (profiled) {
        process.kill(pid, 'SIGUSR2');
        await profileWritten(profileDir, pid);
        measured.profiles.push({
          database: label,
          size,
          step: `the question after a change (${fmt(answered.ms)} ms)`,
          ...withoutProfiler(profileDir),
        });
      }
      const { loopP99Ms } = await scrape(origin);
      const next = await ask(origin, session, AFTER_CHANGE[1]);
      out.changes.push({
        updateMs: update.ms,
        questionMs: answered.ms,
        probeWithItMs: withIt.ms,
        probes: meanwhile,
        loopHeldMs,
        loopP99Ms,
        nextQuestionMs: next.ms,
      });
      console.log(
        `  after one change (${k}/${args.changes}): update ${fmt(update.ms)} ms; next question ${fmt(answered.ms)} ms, GET /openapi.json sent with it ${fmt(withIt.ms)} ms, slowest /healthz ${fmt(meanwhile.max)} ms; loop held ${fmt(loopHeldMs)} ms (p99 ${fmt(loopP99Ms)} ms in /metrics); the question after ${fmt(next.ms, 1)} ms${errorsText({ probes: meanwhile })}`,
      );
    }
    out.rssMiB.changes = rssOf(pid);

    // Loads of new listings through the API (loadListings) while the probes run: alone, then with a visitor asking throughout.
    out.loads = [];
    for (const [i, withVisitor] of [false, true].entries()) {
      const batch = extra.slice(i * args.bulk, (i + 1) * args.bulk);
      if (!batch.length) continue;
      // --profile: the load alone too (what a create costs beside the listings held).
      const profiled = profileDir && !withVisitor;
      if (profiled) process.kill(pid, 'SIGUSR2');
      const l = await loadWhileProbing(service, serial, batch, withVisitor);
      if (profiled) {
        process.kill(pid, 'SIGUSR2');
        await profileWritten(profileDir, pid);
        measured.profiles.push({
          database: label,
          size,
          step: `a load of ${fmt(l.count)} listings alone (${fmt(l.count / l.perSecond, 1)} s)`,
          ...withoutProfiler(profileDir),
        });
      }
      out.loads.push(l);
      console.log(
        `  load of ${fmt(l.count)} listings${l.count < batch.length ? ` (of ${fmt(batch.length)}: stopped at ${args.loadLimitS} s)` : ''}, ${withVisitor ? 'a visitor asking throughout' : 'alone'}: ${fmt(l.perSecond)}/s; /healthz p50 ${fmt(l.probes.p50, 1)}, slowest ${fmt(l.probes.max)} ms${l.questions ? `; ${l.questions.n} questions meanwhile, p50 ${fmt(l.questions.p50)} / slowest ${fmt(l.questions.max)} ms` : ''}; loop held up to ${fmt(l.loopHeldMs)} ms (p99 up to ${fmt(l.loopP99MaxMs)} in /metrics)${errorsText(l)}`,
      );
    }
    out.rssMiB.end = rssOf(pid);
    out.rssMiB.peak = peakOf(pid);
    // Who else used the cores meanwhile (another job on the machine disturbs every figure).
    out.cpu = cpuShares(cpuBefore, cpuSnapshot(), new Set([pid]));
    console.log(
      `  RSS at the end ${fmt(out.rssMiB.end)} MiB, peak ${fmt(out.rssMiB.peak)} MiB; CPU of the cores: service ${fmt(100 * out.cpu.service)} %, PostgreSQL ${fmt(100 * out.cpu.database)} %, this script ${fmt(100 * out.cpu.load)} %, other programs ${fmt(100 * out.cpu.other)} %`,
    );
  } catch (e) {
    throw withLog(e, service);
  } finally {
    await service.close();
    if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
  }
  return out;
}

// ---- many chatbots ----

async function measureMany(label, chatbots, each, databaseUrl) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bot-listings-'));
  const removeDataDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  // Until the service has it (lib/service.mjs removes it then): a run stopped while seeding leaves nothing behind.
  process.on('exit', removeDataDir);
  const loadAverage = os.loadavg()[0];
  console.log(`${label}, ${fmt(chatbots)} chatbots of ${fmt(each)} listings: seeding…`);
  let t0 = performance.now();
  const every = Math.max(1, Math.round(chatbots / 10));
  const serials = await seedBeforeStart(
    { dataDir, databaseUrl },
    chatbots,
    (c) => feedListings(each, 1000 + c, `https://feed-${c}.example`),
    (n) => n % every === 0 && console.log(`  ${fmt(n)} chatbots seeded, ${fmt((performance.now() - t0) / 1000)} s`),
  ).catch((e) => {
    removeDataDir();
    throw e;
  });
  const seedS = (performance.now() - t0) / 1000;
  t0 = performance.now();
  process.off('exit', removeDataDir);
  const service = await start(dataDir, databaseUrl, '', { heap: true });
  const startS = (performance.now() - t0) / 1000;
  const out = { database: label, chatbots, each, loadAverage, seedS, startS, checkpoints: [] };
  try {
    const { origin, pid } = service;
    out.quiet = await quiet(pid);
    const cpuBefore = cpuSnapshot();
    let sampled = rssOf(pid);
    const sampler = setInterval(() => (sampled = Math.max(sampled, rssOf(pid))), RSS_SAMPLE_MS);
    // The loop's delay since the last checkpoint, as the service's histogram and /metrics (reset at each scrape) saw it.
    let since = Date.now();
    // Then what the service still holds after a full collection (lib/heap-probe.mjs): RSS is read before it, as a collection changes what RSS shows.
    const checkpoint = async (asked) => {
      const to = Date.now();
      const m = await scrape(origin);
      const loopHeldMs = await service.held(since, to);
      const rssMiB = rssOf(pid);
      const live = await service.live();
      since = Date.now();
      out.checkpoints.push({
        asked,
        rssMiB,
        heapMiB: m.heapMiB,
        liveMiB: live,
        loopHeldMs,
        loopP99Ms: m.loopP99Ms,
        vocabularies: m.vocabularies,
        vocabulariesMiB: m.vocabulariesMiB,
      });
    };
    await checkpoint(0);
    const marks = new Set([1, 10, 50, 100, 200, 300, 500, 1000, 2000, 5000, chatbots].filter((n) => n <= chatbots));
    const times = [];
    t0 = performance.now();
    for (let c = 0; c < chatbots; c++) {
      const session = await visitor(origin, serials[c]);
      times.push((await ask(origin, session, CONVERSATION[0])).ms);
      if (marks.has(c + 1)) {
        await checkpoint(c + 1);
        const p = out.checkpoints.at(-1);
        console.log(
          `  ${fmt(c + 1)} asked: RSS ${fmt(p.rssMiB)} MiB, heap in use ${fmt(p.heapMiB)} MiB, held after a full collection ${fmt(p.liveMiB.heap)} MiB heap + ${fmt(p.liveMiB.outside)} outside it; loop held up to ${fmt(p.loopHeldMs)} ms (p99 ${fmt(p.loopP99Ms)} in /metrics)`,
        );
      }
    }
    clearInterval(sampler);
    out.askS = (performance.now() - t0) / 1000;
    out.questions = latency(times);
    out.rssMiB = { sampledMax: Math.max(sampled, rssOf(pid)), peak: peakOf(pid), end: rssOf(pid) };
    out.cpu = cpuShares(cpuBefore, cpuSnapshot(), new Set([pid]));
    console.log(
      `  seeded in ${fmt(seedS)} s, started in ${fmt(startS, 1)} s; asked in ${fmt(out.askS)} s: question p50 ${fmt(out.questions.p50)} / p99 ${fmt(out.questions.p99)} ms; RSS peak ${fmt(out.rssMiB.peak)} MiB, at the end ${fmt(out.rssMiB.end)} MiB`,
    );
  } catch (e) {
    throw withLog(e, service);
  } finally {
    await service.close();
  }
  return out;
}

// ---- the runs ----

const DATABASES = {
  pglite: { label: 'PGlite', run: (fn) => fn('') },
  postgres: {
    label: 'PostgreSQL',
    run: (fn) => withDatabase(args.databaseUrl, 'chatbot_listings', fn),
  },
};

function parseMany(text) {
  if (!text || /^(off|0|false|no)$/i.test(text)) return null;
  const m = /^(\d+)x(\d+)$/.exec(String(text).trim());
  if (!m) throw new Error(`--many ${text}: give chatbots x listings, e.g. 1000x1000 (or off)`);
  return { chatbots: Number(m[1]), each: Number(m[2]) };
}

const ms = (x) => fmt(x, x < 100 ? 1 : 0);
const medianOf = (xs) => median(xs.filter((x) => Number.isFinite(x)));

function report(sizes, many) {
  if (sizes.length) {
    console.log(
      `\n### Questions (${args.rounds} conversations of ${CONVERSATION.length}: whole answer, ms)\n\n"cold" = the first question after the start; the rest p50 / p99 / slowest; "loop held" = the longest the service's event loop was held meanwhile (lib/loop-probe.mjs).\n`,
    );
    console.log(
      table(
        [
          'database',
          'listings',
          'seed s',
          'cold',
          'p50',
          'p99',
          'slowest',
          'loop held',
          'RSS after, MiB',
          'other programs, CPU',
        ],
        sizes.map((r) => [
          r.database,
          fmt(r.size),
          fmt(r.seedS, 1),
          ms(r.cold.ms),
          ms(r.questions.p50),
          ms(r.questions.p99),
          ms(r.questions.max),
          ms(r.questionsLoopHeldMs),
          fmt(r.rssMiB.questions),
          r.cpu ? `${fmt(100 * r.cpu.other)} %` : '',
        ]),
      ),
    );
    console.log(
      `\n### After ONE listing changes (medians of ${args.changes}; slowest in brackets), ms\n\nthe next question; GET /openapi.json sent 10 ms after it; the slowest GET /healthz meanwhile; the longest the loop was held (lib/loop-probe.mjs) and the p99 /metrics gives over it; the question after.\n`,
    );
    const mid = (r, pick) => medianOf(r.changes.map(pick));
    const top = (r, pick) => Math.max(...r.changes.map(pick));
    const both = (r, pick) => `${ms(mid(r, pick))} (${ms(top(r, pick))})`;
    console.log(
      table(
        [
          'database',
          'listings',
          'update',
          'next question',
          '/openapi.json with it',
          'slowest /healthz',
          'loop held',
          '/metrics p99',
          'the question after',
        ],
        sizes
          .filter((r) => r.changes.length)
          .map((r) => [
            r.database,
            fmt(r.size),
            both(r, (c) => c.updateMs),
            both(r, (c) => c.questionMs),
            both(r, (c) => c.probeWithItMs),
            both(r, (c) => c.probes.max),
            both(r, (c) => c.loopHeldMs),
            both(r, (c) => c.loopP99Ms),
            both(r, (c) => c.nextQuestionMs),
          ]),
      ),
    );
    const loads = sizes.flatMap((r) => (r.loads ?? []).map((l) => ({ ...l, database: r.database, size: r.size })));
    if (loads.length) {
      console.log(
        `\n### During a load of up to ${fmt(args.bulk)} new listings (${args.loader === 'import' ? `RealEstateImport, ${IMPORT_ITEMS} a call` : `${args.bulkConcurrency} concurrent RealEstateCreate`}, at most ${args.loadLimitS} s): alone, then with a visitor asking throughout\n`,
      );
      console.log(
        table(
          [
            'database',
            'listings',
            'visitor',
            'created',
            'per s',
            '/healthz p50',
            'slowest /healthz',
            'questions',
            'question p50',
            'slowest question',
            'loop held',
            '/metrics p99, most',
          ],
          loads.map((l) => [
            l.database,
            fmt(l.size),
            l.withVisitor ? 'asking' : 'none',
            fmt(l.count),
            fmt(l.perSecond),
            ms(l.probes.p50),
            ms(l.probes.max),
            fmt(l.questions?.n ?? 0),
            l.questions ? ms(l.questions.p50) : '',
            l.questions ? ms(l.questions.max) : '',
            ms(l.loopHeldMs),
            ms(l.loopP99MaxMs),
          ]),
        ),
      );
    }
    console.log(`\n### The service's memory (RSS, MiB)\n`);
    console.log(
      table(
        ['database', 'listings', 'after the start', 'after the questions', 'at the end', 'peak (VmHWM)'],
        sizes.map((r) => [
          r.database,
          fmt(r.size),
          fmt(r.rssMiB.start),
          fmt(r.rssMiB.questions),
          fmt(r.rssMiB.end),
          fmt(r.rssMiB.peak),
        ]),
      ),
    );
  }
  for (const m of many) {
    console.log(
      `\n### ${m.database}: ${fmt(m.chatbots)} chatbots of ${fmt(m.each)} listings, each asked one question in turn\n\nseeded in ${fmt(m.seedS)} s, started in ${fmt(m.startS, 1)} s, asked in ${fmt(m.askS)} s; question p50 ${ms(m.questions.p50)} / p99 ${ms(m.questions.p99)} / slowest ${ms(m.questions.max)} ms; RSS sampled every ${RSS_SAMPLE_MS} ms up to ${fmt(m.rssMiB.sampledMax)} MiB, peak (VmHWM) ${fmt(m.rssMiB.peak)} MiB\n`,
    );
    console.log(
      table(
        [
          'chatbots asked',
          'RSS MiB',
          'heap in use MiB',
          'held after a full collection: heap, outside it MiB',
          'vocabularies held (MiB counted)',
          'since the last: loop held ms',
          '/metrics p99 ms',
        ],
        m.checkpoints.map((p) => [
          fmt(p.asked),
          fmt(p.rssMiB),
          fmt(p.heapMiB),
          p.liveMiB ? `${fmt(p.liveMiB.heap)}, ${fmt(p.liveMiB.outside)}` : '',
          Number.isFinite(p.vocabularies) ? `${fmt(p.vocabularies)} (${fmt(p.vocabulariesMiB, 1)})` : '',
          ms(p.loopHeldMs),
          ms(p.loopP99Ms),
        ]),
      ),
    );
  }
}

/** Where the service's time went in the first question after a change (--profile): by part, and the functions with the most self time. */
function printProfile({ database, size, step, busyMs, parts, functions }) {
  console.log(`\n#### Where the time goes: ${database}, ${fmt(size)} listings, ${step}: ${fmt(busyMs)} ms busy\n`);
  printProfileTables(parts, functions);
}

/** A step that failed: said, kept in the results with the end of the service's log, and the run goes on. */
function failed(step, e) {
  console.error(`${step}: failed — ${e.stack ?? e}`);
  if (e.serviceLog)
    console.error(`the service ${e.serviceExited ? 'had exited' : 'was running'}; its log ended:\n${e.serviceLog}`);
  measured.failures.push({
    step,
    error: String(e.message ?? e),
    serviceExited: e.serviceExited,
    serviceLog: e.serviceLog,
  });
}

/** Prints the tables and writes the JSON of what was measured (once). */
let finished = false;
function finish() {
  if (finished) return;
  finished = true;
  report(measured.sizes, measured.many);
  for (const p of measured.profiles) printProfile(p);
  if (!measured.sizes.length && !measured.many.length) return;
  const file = writeResults('listings-scale', {
    machine: machine(''),
    elapsedS: (Date.now() - startedAt) / 1000,
    args: { ...args, databaseUrl: args.databaseUrl ? 'given' : '', pg: args.pg ? 'given' : '' },
    conversation: CONVERSATION,
    afterChange: AFTER_CHANGE,
    ...measured,
  });
  console.log(`\nJSON: ${file}`);
}

async function main() {
  if (!fs.existsSync(path.join(ROOT_DIR, 'dist/node/server/main.js')))
    throw new Error('dist/node is missing: run `npm run build` (or `npm run build:server`) at the root first.');
  if (distIsStale())
    console.log(
      '  dist/node is older than src/server or src/protocol: what is measured is the last build, not the source (npm run build)',
    );
  const many = args.steps.includes('many') ? parseMany(args.many) : null;
  const databases = args.databases.filter((d) => {
    if (!DATABASES[d]) throw new Error(`Unknown database "${d}": choose from ${Object.keys(DATABASES).join(', ')}`);
    if (d === 'postgres' && !args.databaseUrl) {
      console.log('  PostgreSQL: skipped (give --database-url, --pg or BENCH_DATABASE_URL)');
      return false;
    }
    return true;
  });
  console.log(
    `listings-scale: sizes ${args.sizes.map((n) => fmt(n)).join(', ')} · ${databases.join(', ')} · ${args.rounds} rounds · ${args.changes} changes · load ${fmt(args.bulk)} · many ${many ? `${many.chatbots}x${many.each}` : 'off'} · seed ${args.seed}${args.profile ? ' · profiled' : ''}`,
  );
  try {
    for (const d of databases) {
      const { label, run } = DATABASES[d];
      if (args.steps.includes('sizes'))
        for (const size of args.sizes)
          await run((url) => measureSize(label, size, url)).then(
            (r) => measured.sizes.push(r),
            (e) => failed(`${label}, ${fmt(size)} listings`, e),
          );
      if (many)
        await run((url) => measureMany(label, many.chatbots, many.each, url)).then(
          (r) => measured.many.push(r),
          (e) => failed(`${label}, ${many.chatbots}x${many.each}`, e),
        );
    }
  } finally {
    // What was measured is kept even when a later step fails.
    finish();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
