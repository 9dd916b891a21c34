/**
 * What a start tells its operator, once every process listens (main.ts): the version, the address
 * as bound (127.0.0.1 is not ::1, which `localhost` may be), where the data is — the database's URL
 * without its password, the migrations this start applied, the file store — the answer engine, and
 * warnings; and the owner API key, printed by the one instance that made it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEMO_SERIAL } from '../demo/agency.ts';
import type { ServerConfig } from './config.ts';
import { packageRoot } from '../http/package-root.ts';
import { filesOnDisk, whereFilesLive } from '../files/stores.ts';
import type { Migrated, Store } from '../store/db.ts';

export interface StartFacts {
  /** What the server bound, as `http://host:port`. */
  address: string;
  database: Store['kind'];
  /** What this start did to the schema (the primary's, with WORKERS). */
  migrations: Migrated | undefined;
  /** The demo chatbot (DEMO), or null. */
  demo: { serial: string; created: boolean } | null;
  /** DEMO is off, but an earlier start's demo chatbot is still there (kept for its owner, serving no visitor). */
  demoLeft: boolean;
  /** The owner API key this instance made (a first start), or null. */
  newKey: string | null;
}

/**
 * `http://host:port` of what a server bound, as bound: 0.0.0.0 stays 0.0.0.0 (Fastify's listen
 * answers with 127.0.0.1 for it), an IPv6 address goes in brackets.
 */
export const boundUrl = ({ address, port }: { address: string; port: number }): string =>
  `http://${address.includes(':') ? `[${address}]` : address}:${port}`;

/** The package's version, from its package.json (beside src/ and dist/ alike). */
export const packageVersion = (): string =>
  (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string }).version;

/** A PostgreSQL URL fit to print: no password, in the userinfo or in the query. */
export function redactDatabaseUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    // Not a URL (a socket path, key=value pairs): nothing of it is printed.
    return '(DATABASE_URL)';
  }
  if (url.password) url.password = '';
  for (const name of [...url.searchParams.keys()]) if (/pass/i.test(name)) url.searchParams.delete(name);
  return url.toString();
}

/** Where uploaded files go, S3 with the endpoint and region the client will use (files/s3-store.ts reads the same variables). */
function fileStore(config: ServerConfig, env: NodeJS.ProcessEnv): string {
  if (config.files.kind !== 's3') return whereFilesLive(config.files, config.dataDir);
  const [bucket = '', ...prefix] = config.files.url.slice('s3://'.length).split('/');
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || 'AWS';
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1';
  return `S3, bucket ${bucket}${prefix.join('/') ? `, prefix ${prefix.join('/')}` : ''}, at ${endpoint} (region ${region})`;
}

/** What an operator should look at, each a sentence. */
export function startWarnings(config: ServerConfig, env: NodeJS.ProcessEnv, cwd: string = process.cwd()): string[] {
  const warnings: string[] = [];
  // Before DATA_DIR had an absolute default it was `.data` in the working directory.
  const old = resolve(cwd, '.data');
  if (!env.DATA_DIR && old !== config.dataDir && existsSync(join(old, 'db')))
    warnings.push(
      `${old} holds a database of an earlier start, but DATA_DIR is now ${config.dataDir}: set DATA_DIR=${old} to keep using it`,
    );
  const left = config.files.kind === 'disk' ? 0 : filesOnDisk(config.dataDir);
  if (left > 0)
    warnings.push(
      `${left} earlier upload(s) still on disk, served from there: \`chat-bot-server files migrate --to ${config.files.kind}\` moves them`,
    );
  if (
    config.host !== '127.0.0.1' &&
    config.host !== '::1' &&
    config.host !== 'localhost' &&
    config.trustProxy === false &&
    !config.publicUrlGiven
  )
    warnings.push(
      `listening on ${config.host} with neither TRUST_PROXY nor PUBLIC_URL: behind a proxy, set them (docs/OPERATING.md, "Deploying")`,
    );
  return warnings;
}

export function printBanner(config: ServerConfig, facts: StartFacts, env: NodeJS.ProcessEnv = process.env): void {
  const url = facts.address;
  const processes = config.workers > 1 ? ` (${config.workers} worker processes)` : '';
  const line = (label: string, text: string) => console.log(`  ${label.padEnd(16)} ${text}`);
  console.log(`chat-bot ${packageVersion()} listening on ${url}${processes}`);
  if (facts.demo) line('demo site', `${url}/`);
  line('admin console', `${url}/console/ (sign in with the owner API key)`);
  line('widget', `${url}/chat-bot.js`);
  line('API contract', `${url}/openapi.json`);
  line(
    'database',
    facts.database === 'postgres' && config.databaseUrl
      ? `PostgreSQL at ${redactDatabaseUrl(config.databaseUrl)}, ${config.databasePoolSize} connections per process at most`
      : `embedded, in ${join(config.dataDir, 'db')}`,
  );
  const m = facts.migrations;
  if (m) line('migrations', `${m.applied === 0 ? 'none to apply' : `${m.applied} applied now`}, ${m.total} in all`);
  line('uploaded files', fileStore(config, env));
  line('answers', config.llm ? `${config.llm.model} at ${config.llm.baseUrl}` : 'built-in offline engine');
  line(
    'knowledge',
    config.llm?.embedding
      ? `searched by its words and by meaning (${config.llm.embedding.model}, similarity from ${config.llm.embedding.minSimilarity})`
      : 'searched by its words (set LLM_EMBEDDING_MODEL to search by meaning too)',
  );
  line('email', config.smtpUrl ? 'sent over SMTP_URL' : 'kept in the outbox (set SMTP_URL to send)');
  const { token, port: metricsPort } = config.metrics;
  const metricsHost = config.host.includes(':') ? `[${config.host}]` : config.host;
  line(
    'metrics',
    metricsPort
      ? `http://${metricsHost}:${metricsPort}/metrics${token ? ' (with METRICS_TOKEN)' : ''}`
      : token
        ? `${url}/metrics (with METRICS_TOKEN)`
        : 'off (set METRICS_TOKEN or METRICS_PORT)',
  );
  line('data', config.dataDir);
  // A start that made no key says where the keys are: made once, at the first start.
  if (!facts.newKey)
    line(
      'owner API keys',
      'made at the first start; make another with `npm run create-key` (the bin: `chat-bot-server create-key`), list them with `keys list`' +
        // The embedded database opens in one process at a time (store/pglite/lock.ts).
        (facts.database === 'pglite' ? ' — on the embedded database, with the service stopped' : ''),
    );
  for (const warning of startWarnings(config, env)) line('warning', warning);
  // The demo's line last but for a new key: a test (test/support/bin.ts) knows a start has said everything by it.
  if (facts.demo)
    line('demo chatbot', `${facts.demo.serial}${facts.demo.created ? ' (created, with its listings)' : ''}`);
  else if (facts.demoLeft)
    line(
      'demo',
      `off: the demo chatbot ${DEMO_SERIAL} an earlier start made serves no visitor (404, as if it did not exist); kept for its owner, with its conversations — DEMO=on serves it again`,
    );
  else line('demo', "off (DEMO=on serves the demo agency's site and its chatbot)");
  if (facts.newKey)
    console.log(`\n  Owner API key (shown only now — keep it; only its hash is stored):\n  ${facts.newKey}\n`);
}
