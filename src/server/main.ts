#!/usr/bin/env node
/** `npm start` / `chat-bot-server`: the only file that listens. */
import cluster from 'node:cluster';
import { join } from 'node:path';
import { prometheusContentType } from 'prom-client';
import { buildApp } from './app.ts';
import { apiKeyCount, createApiKey, ensureDemo, ensureOwner, loadSecret, registerApiKey } from './bootstrap.ts';
import { HELP, createKeyCommand, digestCommand, enginesFor, filesCommand, migrateCommand, openServiceStore, serviceFileStore } from './cli.ts';
import { configFromEnv, type ServerConfig } from './config.ts';
import { systemClock } from './context.ts';
import type { Engines } from './engines/index.ts';
import { whereFilesLive, filesOnDisk } from './files/stores.ts';
import { scheduleDigests } from './mail/digests.ts';
import { startOutboxSender } from './mail/outbox.ts';
import { answerPrimary, workersMetrics } from './metrics/cluster.ts';
import { serveMetrics } from './metrics/http.ts';
import type { Store } from './store/db.ts';

interface Prepared {
  store: Store;
  engines: Engines;
  secret: Buffer;
  demo: { serial: string; created: boolean };
  /** The API key the first start made (printed once), or null. */
  newKey: string | null;
}

/** What is made once per start: the schema brought up to date, the owner, an API key, the demo, the secret. */
async function prepare(config: ServerConfig): Promise<Prepared> {
  const store = await openServiceStore(config);
  const now = new Date();
  const ownerId = await ensureOwner(store.db, now);
  let newKey: string | null = null;
  if (config.apiKey) await registerApiKey(store.db, ownerId, config.apiKey, 'CHATBOT_API_KEY');
  else if ((await apiKeyCount(store.db)) === 0) newKey = await createApiKey(store.db, ownerId, 'first start');
  const engines = enginesFor(config);
  const demo = await ensureDemo(store.db, ownerId, engines.defaultModel, config.publicUrl, now);
  const secret = await loadSecret(config.dataDir, config.sessionSecret);
  return { store, engines, secret, demo, newKey };
}

/**
 * Serves the API on this process. `background`: this process also sends the outbox and makes the
 * digests (both safe to run anywhere, but one process of a machine is enough).
 */
async function listen(config: ServerConfig, p: Pick<Prepared, 'store' | 'engines' | 'secret'>, background: boolean) {
  const files = await serviceFileStore(config, p.store.db);
  const { token, port: metricsPort } = config.metrics;
  // /metrics on PORT only with a token and no METRICS_PORT (metrics/http.ts).
  const metrics = token && !metricsPort ? { token } : false;
  const app = await buildApp({ db: p.store.db, answers: p.store.answers, dbTime: p.store.time, metrics, secret: p.secret, dataDir: config.dataDir, files, engines: p.engines, trustProxy: config.trustProxy, stallMs: config.streamStallMs, logger: { level: config.logLevel }, throttles: config.throttles, publicUrl: config.publicUrl });
  const ctx = { db: p.store.db, clock: systemClock, publicUrl: config.publicUrl };
  const sender = background && config.smtpUrl ? startOutboxSender(ctx, config.smtpUrl, config.smtpFrom) : null;
  const stopDigests = background ? scheduleDigests(ctx) : () => undefined;
  const address = await app.listen({ host: config.host, port: config.port });
  // METRICS_PORT: this process's numbers on a listener of their own — or, in a worker, given to the primary, which serves them all.
  const stopMetrics = !metricsPort
    ? () => undefined
    : cluster.isWorker
      ? answerPrimary(app.metrics)
      : (await serveMetrics({ host: config.host, port: metricsPort, token }, () => app.metrics.metrics(), app.metrics.contentType)).close;
  const stop = async () => {
    sender?.stop();
    stopDigests();
    await stopMetrics();
    await app.close();
    await p.store.close();
  };
  return { address, stop };
}

function stopOnSignal(stop: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void stop().then(() => process.exit(0)));
}

function printBanner(config: ServerConfig, address: string, p: Prepared): void {
  const url = address.replace('://127.0.0.1', '://localhost');
  const processes = config.workers > 1 ? ` (${config.workers} worker processes)` : '';
  console.log(`chat-bot service listening on ${url}${processes}`);
  console.log(`  demo site        ${url}/`);
  console.log(`  admin console    ${url}/console/ (sign in with the owner API key)`);
  console.log(`  widget           ${url}/chat-bot.js`);
  console.log(`  API contract     ${url}/openapi.json`);
  console.log(`  database         ${p.store.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${join(config.dataDir, 'db')}`}`);
  console.log(`  uploaded files   ${whereFilesLive(config.files, config.dataDir)}`);
  const left = config.files.kind === 'disk' ? 0 : filesOnDisk(config.dataDir);
  if (left > 0) console.log(`                   ${left} earlier upload(s) still on disk, served from there: \`chat-bot-server files migrate --to ${config.files.kind}\` moves them`);
  console.log(`  answers          ${config.llm ? `${config.llm.model} at ${config.llm.baseUrl}` : 'built-in offline engine'}`);
  console.log(`  email            ${config.smtpUrl ? 'sent over SMTP_URL' : 'kept in the outbox (set SMTP_URL to send)'}`);
  const { token, port: metricsPort } = config.metrics;
  const metricsHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`  metrics          ${metricsPort ? `http://${metricsHost}:${metricsPort}/metrics${token ? ' (with METRICS_TOKEN)' : ''}` : token ? `${url}/metrics (with METRICS_TOKEN)` : 'off (set METRICS_TOKEN or METRICS_PORT)'}`);
  console.log(`  demo chatbot     ${p.demo.serial}${p.demo.created ? ' (created, with its listings)' : ''}`);
  if (p.newKey) console.log(`\n  Owner API key (shown only now — keep it; only its hash is stored):\n  ${p.newKey}\n`);
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
        if (listening < count) return reject(new Error(`worker ${index} ended before it could listen (${signal ?? `exit code ${code}`})`));
        console.error(`worker ${index} ended (${signal ?? `exit code ${code}`}); starting another`);
        // Not unref'd: when every worker is gone, this timer is all that keeps the primary alive.
        setTimeout(() => fork(index), 1000);
      });
    };
    cluster.on('listening', (_worker, address) => {
      const host = address.address?.includes(':') ? `[${address.address}]` : address.address;
      if (++listening === count) resolve(`http://${host}:${address.port}`);
    });
    for (let i = 1; i <= count; i++) fork(i);
    stopOnSignal(async () => {
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
      await Promise.all(workers.map((w) => new Promise((done) => (w.isDead() ? done(null) : (w.once('exit', done), w.kill('SIGTERM'))))));
    });
  });
}

async function serve(): Promise<void> {
  const config = configFromEnv();
  if (cluster.isWorker) {
    // The primary brought the schema up to date before it started the workers.
    const store = await openServiceStore(config, false);
    const secret = await loadSecret(config.dataDir, config.sessionSecret);
    const running = await listen(config, { store, engines: enginesFor(config), secret }, process.env.CHAT_BOT_WORKER === '1');
    return stopOnSignal(running.stop);
  }
  const prepared = await prepare(config);
  if (config.workers === 1) {
    const running = await listen(config, prepared, true);
    printBanner(config, running.address, prepared);
    return stopOnSignal(running.stop);
  }
  await prepared.store.close();
  // The workers' numbers, added up (metrics/cluster.ts; config.ts asks for METRICS_PORT with a token),
  // bound first: a port that is taken stops the start before any worker.
  if (config.metrics.port) await serveMetrics({ host: config.host, port: config.metrics.port, token: config.metrics.token }, workersMetrics, prometheusContentType);
  printBanner(config, await startWorkers(config.workers), prepared);
}

const [command = 'serve', ...args] = process.argv.slice(2);
const config = () => configFromEnv();
const run: Record<string, () => Promise<void>> = {
  serve,
  'create-key': () => createKeyCommand(config(), args.join(' ') || 'created with the CLI'),
  digest: () => digestCommand(config(), args[args.indexOf('--date') + 1] ?? ''),
  migrate: () => migrateCommand(config()),
  files: () => filesCommand(config(), args),
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
