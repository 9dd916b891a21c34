#!/usr/bin/env node
/** `npm start` / `chat-bot-server`: the only file that listens. */
import cluster from 'node:cluster';
import type { AddressInfo } from 'node:net';
import { prometheusContentType } from 'prom-client';
import { buildApp } from './http/app.ts';
import { boundUrl, printBanner, type StartFacts } from './start/banner.ts';
import { apiKeyCount, createApiKey, ensureOwner, loadSecret, seedApiKey } from './start/bootstrap.ts';
import { DEMO_SERIAL, demoExists, ensureDemo } from './demo/agency.ts';
import { demoSite } from './demo/site.ts';
import { OFFLINE_MODEL } from './engines/index.ts';
import { openAiEmbedder } from './engines/model/embeddings.ts';
import { createLexicon } from './engines/languages/lexicon.ts';
import {
  HELP,
  createKeyCommand,
  digestCommand,
  keysCommand,
  listingsCommand,
  enginesFor,
  filesCommand,
  migrateCommand,
  openServiceStore,
  serviceFileStore,
} from './start/cli.ts';
import { configFromEnv, type ServerConfig } from './start/config.ts';
import { SERVICE } from './store/pglite/lock.ts';
import { oneStartAtATime } from './start/first-start.ts';
import { systemClock } from './http/context.ts';
import type { Engines } from './engines/index.ts';
import { scheduleDigests } from './mail/digests.ts';
import { startOutboxSender } from './mail/outbox.ts';
import { answerPrimary, workersMetrics } from './http/metrics/cluster.ts';
import { serveMetrics } from './http/metrics/scrape.ts';
import type { Store } from './store/db.ts';
import type { FileStore } from './files/file-store.ts';
import { aloneWarnings, checkFileStore } from './start/checks.ts';
import { whereFilesLive } from './files/stores.ts';
import { newSecret } from './start/bootstrap.ts';

interface Prepared {
  store: Store;
  engines: Engines;
  secret: Buffer;
  /** The demo chatbot (DEMO), or null; `left`: DEMO is off, but an earlier start's demo chatbot is still there. */
  demo: { serial: string; created: boolean } | null;
  demoLeft: boolean;
  /** The API key the first start made (printed once), or null. */
  newKey: string | null;
  /** FILES_URL's store, checked at start and then served from (opened once). */
  files: FileStore;
}

/** What is made once per start: the schema brought up to date, the owner, an API key, the demo, the secret. */
async function prepare(config: ServerConfig): Promise<Prepared> {
  const store = await openServiceStore(config, SERVICE);
  const now = new Date();
  // The owner and its first key, once among instances starting together (start/first-start.ts).
  const { ownerId, seed, newKey } = await oneStartAtATime(store.db, async (db) => {
    const ownerId = await ensureOwner(db, now);
    const seed = config.apiKey ? await seedApiKey(db, ownerId, config.apiKey, 'CHATBOT_API_KEY') : null;
    const newKey =
      !config.apiKey && (await apiKeyCount(db)) === 0 ? await createApiKey(db, ownerId, 'first start') : null;
    return { ownerId, seed, newKey };
  });
  if (seed === 'ignored')
    console.warn(
      'CHATBOT_API_KEY is not registered: it seeds the first start only, and this database has API keys already (`chat-bot-server keys list`). Unset it, or create a key with `chat-bot-server create-key`.',
    );
  const engines = enginesFor(config);
  // The demo answers with the offline engine unless DEMO=model: open to any page, it never spends on a model server unasked.
  const demo =
    config.demo === 'off'
      ? null
      : await ensureDemo(
          store.db,
          ownerId,
          config.demo === 'model' ? engines.defaultModel : OFFLINE_MODEL,
          config.publicUrl,
          now,
          config.demoRateLimit,
        );
  const demoLeft = demo === null && (await demoExists(store.db));
  const secret = await loadSecret(config.dataDir, config.sessionSecret);
  // Said loudly, at each start (start/checks.ts); a file store that cannot be written stops it.
  for (const warning of aloneWarnings(config)) console.warn(warning);
  const files = await serviceFileStore(config, store.db);
  await checkFileStore(files, whereFilesLive(config.files, config.dataDir));
  return { store, engines, secret, demo, demoLeft, newKey, files };
}

/**
 * Serves the API on this process. `background`: this process also sends the outbox and makes the
 * digests (both safe to run anywhere, but one process of a machine is enough).
 */
async function listen(
  config: ServerConfig,
  p: Pick<Prepared, 'store' | 'engines' | 'secret'> & Partial<Pick<Prepared, 'files'>>,
  background: boolean,
) {
  // A worker opens its own; the single process the one prepare() checked.
  const files = p.files ?? (await serviceFileStore(config, p.store.db));
  const { token, port: metricsPort } = config.metrics;
  // /metrics on PORT only with a token and no METRICS_PORT (http/metrics/scrape.ts).
  const metrics = token && !metricsPort ? { token } : false;
  // English's dictionary and WordNet, which most questions need, read before the first one comes.
  const lexicon = createLexicon();
  lexicon.warm(['en']);
  const app = await buildApp({
    lexicon,
    db: p.store.db,
    answers: p.store.answers,
    live: p.store.live,
    dbTime: p.store.time,
    metrics,
    secret: p.secret,
    dataDir: config.dataDir,
    files,
    engines: p.engines,
    trustProxy: config.trustProxy,
    stallMs: config.streamStallMs,
    agentIdleMinutes: config.agentIdleMinutes,
    logger: { level: config.logLevel },
    throttles: config.throttles,
    // DEMO off: the demo chatbot an earlier start made is kept for its owner, but serves no visitor.
    ...(config.demo === 'off' ? { notServed: [DEMO_SERIAL] } : { site: demoSite }),
    ...(config.publicUrlGiven ? { publicUrl: config.publicUrlGiven } : {}),
    knowledgeFetch: { allowPrivate: config.knowledgeFetchPrivate, ownOrigin: config.publicUrl },
    ...(config.llm?.embedding
      ? {
          embeddings: openAiEmbedder({
            baseUrl: config.llm.baseUrl,
            apiKey: config.llm.apiKey,
            model: config.llm.embedding.model,
            minSimilarity: config.llm.embedding.minSimilarity,
          }),
        }
      : {}),
  });
  const ctx = {
    db: p.store.db,
    clock: systemClock,
    ...(config.publicUrlGiven ? { publicUrl: config.publicUrlGiven } : {}),
  };
  const sender = background && config.smtpUrl ? startOutboxSender(ctx, config.smtpUrl, config.smtpFrom) : null;
  const stopDigests = background ? scheduleDigests(ctx) : () => undefined;
  await app.listen({ host: config.host, port: config.port });
  const address = boundUrl(app.server.address() as AddressInfo);
  // METRICS_PORT: this process's numbers on a listener of their own — or, in a worker, given to the primary, which serves them all.
  const stopMetrics = !metricsPort
    ? () => undefined
    : cluster.isWorker
      ? answerPrimary(app.metrics)
      : (
          await serveMetrics(
            { host: config.host, port: metricsPort, token },
            () => app.metrics.metrics(),
            app.metrics.contentType,
          )
        ).close;
  const stop = async () => {
    // Out of rotation at once; open answers finish within SHUTDOWN_DRAIN_MS, or end with a 503 (http/shutdown.ts).
    const { cut } = await app.drain(config.shutdownDrainMs);
    if (cut)
      console.warn(
        `${cut} answer(s) still streaming after SHUTDOWN_DRAIN_MS (${config.shutdownDrainMs} ms) were ended with a 503, for their visitors to ask again`,
      );
    sender?.stop();
    stopDigests();
    await stopMetrics();
    await app.close();
    await p.store.close();
  };
  return { address, stop };
}

/** The banner's facts of this start (start/banner.ts). */
const factsOf = (address: string, p: Prepared): StartFacts => ({
  address,
  database: p.store.kind,
  migrations: p.store.migrations,
  demo: p.demo,
  demoLeft: p.demoLeft,
  newKey: p.newKey,
});

/**
 * SIGTERM or SIGINT: `stop` (the drain, then closing), then exit 0. The signal again while it
 * drains — Ctrl-C reaches every process of a terminal, the primary then signals its workers too —
 * changes nothing, but a second Ctrl-C, which a person presses to mean "now".
 */
function stopOnSignal(stop: () => Promise<void>): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return signal === 'SIGINT' ? process.exit(130) : undefined;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('The service did not stop cleanly:', error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, onSignal);
}

/**
 * WORKERS > 1: that many processes share the port (node:cluster), each with its own pool to the
 * one PostgreSQL; a worker that dies is replaced. Resolves with the address once all listen.
 */
function startWorkers(count: number): Promise<string> {
  // Each worker accepts its own connections from the shared socket. With Node's default (the
  // primary accepts, then hands each connection over), a connection handed to a worker that dies
  // before taking it is never answered nor closed: its visitor waits forever. This way a worker that
  // dies takes down only the connections it had, which their visitors see end (and Retry).
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  let stopping = false;
  let listening = 0;
  return new Promise((resolve, reject) => {
    const fork = (index: number) => {
      const worker = cluster.fork({ CHAT_BOT_WORKER: String(index) });
      worker.on('exit', (code, signal) => {
        if (stopping) return;
        if (listening < count)
          return reject(new Error(`worker ${index} ended before it could listen (${signal ?? `exit code ${code}`})`));
        console.error(`worker ${index} ended (${signal ?? `exit code ${code}`}); starting another`);
        // Not unref'd: when every worker is gone, this timer is all that keeps the primary alive.
        setTimeout(() => fork(index), 1000);
      });
    };
    cluster.on('listening', (_worker, address) => {
      if (++listening === count) resolve(boundUrl(address));
    });
    for (let i = 1; i <= count; i++) fork(i);
    stopOnSignal(async () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      // The signal to each worker's process, which drains (http/shutdown.ts) and exits; not worker.kill(),
      // which first disconnects it. The primary waits for every one.
      await Promise.all(
        workers.map(
          (w) => new Promise((done) => (w.isDead() ? done(null) : (w.once('exit', done), w.process.kill('SIGTERM')))),
        ),
      );
    });
  });
}

async function serve(): Promise<void> {
  const config = configFromEnv();
  if (cluster.isWorker) {
    // The primary brought the schema up to date before it started the workers.
    const store = await openServiceStore(config, SERVICE, false);
    const secret = await loadSecret(config.dataDir, config.sessionSecret);
    const running = await listen(
      config,
      { store, engines: enginesFor(config), secret },
      process.env.CHAT_BOT_WORKER === '1',
    );
    return stopOnSignal(running.stop);
  }
  const prepared = await prepare(config);
  if (config.workers === 1) {
    const running = await listen(config, prepared, true);
    // Signals handled before the banner says it is up: a stop sent on reading it drains, never kills.
    stopOnSignal(running.stop);
    return printBanner(config, factsOf(running.address, prepared));
  }
  await prepared.store.close();
  // The workers' numbers, added up (http/metrics/cluster.ts; start/config.ts asks for METRICS_PORT with a token),
  // bound first: a port that is taken stops the start before any worker.
  if (config.metrics.port)
    await serveMetrics(
      { host: config.host, port: config.metrics.port, token: config.metrics.token },
      workersMetrics,
      prometheusContentType,
    );
  printBanner(config, factsOf(await startWorkers(config.workers), prepared));
}

const [command = 'serve', ...args] = process.argv.slice(2);
// `npm start` runs `serve --demo`: the demo is on unless DEMO says otherwise.
if (command === 'serve' && args.includes('--demo')) process.env.DEMO ??= 'on';
const config = () => configFromEnv();
const run: Record<string, () => Promise<void>> = {
  serve,
  'create-key': () => createKeyCommand(config(), args.join(' ') || 'created with the CLI'),
  digest: () => digestCommand(config(), args[args.indexOf('--date') + 1] ?? ''),
  migrate: () => migrateCommand(config()),
  files: () => filesCommand(config(), args),
  keys: () => keysCommand(config(), args),
  listings: () => listingsCommand(config(), args),
  secret: async () => console.log(newSecret()),
  help: async () => console.log(HELP),
};
if (!run[command]) {
  console.error(`Unknown command "${command}".\n\n${HELP}`);
  process.exit(2);
}
run[command]!().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
