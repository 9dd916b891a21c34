/** The service's commands besides serving: create-key, digest, migrate (see `chat-bot-server help`). */
import { join } from 'node:path';
import type { ServerConfig } from './config.ts';
import { systemClock } from '../http/context.ts';
import { createEngines, type Engines } from '../engines/index.ts';
import { createOfflineEngine } from '../engines/answer/offline.ts';
import { createOpenAiEngine } from '../engines/model/openai.ts';
import { createApiKey, ensureOwner, listApiKeys, revokeApiKey } from './bootstrap.ts';
import { runDigests } from '../mail/digests.ts';
import { startOutboxSender } from '../mail/outbox.ts';
import { diskStore } from '../files/disk-store.ts';
import type { FileStore } from '../files/file-store.ts';
import { migrateFiles } from '../files/migrate.ts';
import { filesOnDisk, filesSetting, openFileStore, withDiskFallback } from '../files/stores.ts';
import { openStore, type Db, type Store } from '../store/db.ts';
import { untilReachable } from '../store/connect.ts';
import { lockEmbeddedDatabase } from '../store/pglite/lock.ts';
import { importFile } from './listings-file.ts';

export const HELP = `chat-bot-server — the reference chatbot service

  chat-bot-server                      serve the API, the widget and the console (the default command);
                                       the demo site and chatbot too only with DEMO=on or model
  chat-bot-server create-key [label]   create an owner API key and print it (only its hash is kept)
  chat-bot-server keys list            the owner API keys: id, when made and last used, label (never a key)
  chat-bot-server keys revoke ID       revoke a key (its id from \`keys list\`, or the key itself), at once
  chat-bot-server digest --date DAY    make the daily chat-log and lead digests of DAY (YYYY-MM-DD)
  chat-bot-server migrate              bring the database schema up to date, then exit
  chat-bot-server secret               print a new SESSION_SECRET (32 random bytes, base64url; the format of
                                       DATA_DIR/session-secret too)
  chat-bot-server listings import FILE --chatbot SERIAL
                                       create or replace the chatbot's listings by MLSNumber from a CSV
                                       file (a header row of the listing fields) or JSON (.json array,
                                       .jsonl); rows that break a rule are refused and said
  chat-bot-server files migrate --to database|s3
                                       move uploaded files from DATA_DIR/files into the database (or
                                       to FILES_URL's S3 bucket), verifying sizes and hashes; resumable

Configuration is read from the environment (every variable, its default and its meaning: .env.example
and docs/OPERATING.md, "Configuration"):
  where it listens   HOST (127.0.0.1), PORT (8787), PUBLIC_URL, TRUST_PROXY, WORKERS (1), DEMO (off),
                     DEMO_RATE_LIMIT (10/60)
  its data           DATA_DIR (npm start: the package's .data; the bin: $XDG_DATA_HOME/chat-bot, else
                     ~/.local/share/chat-bot), DATABASE_URL (unset: the embedded database),
                     DATABASE_POOL_SIZE (10), DATABASE_CONNECT_PATIENCE_MS (60000),
                     SESSION_SECRET, CHATBOT_API_KEY
  uploaded files     FILES_URL (disk | database | s3://bucket/prefix), AWS_REGION, AWS_DEFAULT_REGION,
                     AWS_ENDPOINT_URL_S3, AWS_ENDPOINT_URL, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY,
                     AWS_SESSION_TOKEN
  answers            LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TRANSCRIPTION_MODEL (whisper-1),
                     LLM_TOOLS (auto), LLM_TIMEOUT_MS (60000), LLM_IDLE_TIMEOUT_MS (30000),
                     LLM_RETRIES (2), OFFLINE_WORD_DELAY_MS (0), STREAM_STALL_MS (60000),
                     SHUTDOWN_DRAIN_MS (25000)
  knowledge          KNOWLEDGE_FETCH_PRIVATE (false: owners' pages on public addresses only, and PUBLIC_URL),
                     LLM_EMBEDDING_MODEL (none: searched by words only), LLM_EMBEDDING_MIN_SIMILARITY (0.75)
  email              SMTP_URL, SMTP_FROM
  operating it       LOG_LEVEL (info), METRICS_TOKEN, METRICS_PORT, THROTTLE
  a person in chat   AGENT_IDLE_MINUTES (15)`;

/**
 * The service's database, for `opener` (SERVICE, or a command's words); a PostgreSQL not reachable
 * yet is waited for (store/connect.ts). The embedded one is locked while it is open: a command
 * refuses while the service has it, a second service too (store/pglite/lock.ts).
 */
export async function openServiceStore(config: ServerConfig, opener: string, migrate = true): Promise<Store> {
  if (config.databaseUrl) {
    await untilReachable(config.databaseUrl, config.databaseConnectPatienceMs);
    return openStore({ databaseUrl: config.databaseUrl, poolSize: config.databasePoolSize, migrate });
  }
  const unlock = lockEmbeddedDatabase(config.dataDir, opener);
  try {
    const store = await openStore({ pgliteDir: join(config.dataDir, 'db'), migrate });
    return { ...store, close: () => store.close().finally(unlock) };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * The store of FILES_URL; when it is not the disk, it still reads the files an earlier start kept
 * on disk until `files migrate` has moved them.
 */
export async function serviceFileStore(config: ServerConfig, db: Db): Promise<FileStore> {
  const disk = diskStore(join(config.dataDir, 'files'));
  if (config.files.kind === 'disk') return disk;
  const store = await openFileStore(config.files, db, config.dataDir);
  return filesOnDisk(config.dataDir) > 0 ? withDiskFallback(store, disk) : store;
}

export function enginesFor(config: ServerConfig): Engines {
  const offline = createOfflineEngine({ wordDelayMs: config.offlineWordDelayMs });
  return config.llm
    ? createEngines(offline, { model: config.llm.model, engine: createOpenAiEngine(config.llm) })
    : createEngines(offline);
}

export async function createKeyCommand(config: ServerConfig, label: string): Promise<void> {
  const store = await openServiceStore(config, 'chat-bot-server create-key');
  try {
    const key = await createApiKey(store.db, await ensureOwner(store.db, new Date()), label);
    console.log(`New API key (shown once; keep it secret):\n${key}`);
  } finally {
    await store.close();
  }
}

/**
 * `keys list`: every owner API key — its id (the start of its hash), label, when it was made and
 * last used; never the key. `keys revoke ID` (or the key itself): refused at once by every instance.
 */
export async function keysCommand(config: ServerConfig, args: string[]): Promise<void> {
  const [action, id] = args;
  if (action !== 'list' && !(action === 'revoke' && id))
    throw new Error(
      'Use: chat-bot-server keys list | chat-bot-server keys revoke ID (an id from `keys list`, or the key itself)',
    );
  const store = await openServiceStore(config, `chat-bot-server keys ${action}`);
  try {
    if (action === 'list') {
      const keys = await listApiKeys(store.db);
      if (!keys.length) console.log('No owner API key: the next start makes one (or `chat-bot-server create-key`).');
      for (const k of keys)
        console.log(
          `${k.id}  made ${k.createdAt.toISOString()}  last used ${k.lastUsedAt ? k.lastUsedAt.toISOString() : 'never'}  ${k.label}`,
        );
      return;
    }
    const revoked = await revokeApiKey(store.db, id!);
    if (!revoked) throw new Error(`No API key has the id "${id}" (see \`chat-bot-server keys list\`)`);
    console.log(
      `Revoked ${revoked.id} (${revoked.label || 'no label'}): requests with it are refused from now on, on every instance.`,
    );
  } finally {
    await store.close();
  }
}

export async function digestCommand(config: ServerConfig, day: string): Promise<void> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    throw new Error(`--date must be a day as YYYY-MM-DD (got "${day}")`);
  const store = await openServiceStore(config, 'chat-bot-server digest');
  try {
    const ctx = {
      db: store.db,
      clock: systemClock,
      ...(config.publicUrlGiven ? { publicUrl: config.publicUrlGiven } : {}),
    };
    const made = await runDigests(ctx, day);
    for (const d of made)
      console.log(`${d.kind} of ${d.chatbot} for ${d.day}: ${d.queued ? 'queued' : 'nothing to send'}`);
    if (made.length === 0) console.log(`No digest to make for ${day} (none configured, or already made).`);
    if (config.smtpUrl) {
      const sender = startOutboxSender(ctx, config.smtpUrl, config.smtpFrom);
      console.log(`Sent ${await sender.drain()} email(s).`);
      sender.stop();
    }
  } finally {
    await store.close();
  }
}

export async function migrateCommand(config: ServerConfig): Promise<void> {
  const store = await openServiceStore(config, 'chat-bot-server migrate');
  await store.close();
  console.log(`The ${store.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database is up to date.`);
}

/** `listings import FILE --chatbot SERIAL` (start/listings-file.ts). */
export async function listingsCommand(config: ServerConfig, args: string[]): Promise<void> {
  const [action, file] = args;
  const serial = args[args.indexOf('--chatbot') + 1] ?? '';
  if (action !== 'import' || !file || !args.includes('--chatbot') || !serial)
    throw new Error('Usage: chat-bot-server listings import FILE --chatbot SERIAL');
  const store = await openServiceStore(config, 'chat-bot-server listings import');
  try {
    const started = Date.now();
    const count = (n: number) => n.toLocaleString('en-US');
    const done = await importFile(
      store.db,
      serial,
      file,
      () => new Date(),
      (s) =>
        console.error(
          `… ${count(s.rows)} rows read: ${count(s.Created)} created, ${count(s.Updated)} updated, ${count(s.Unchanged)} unchanged, ${count(s.refused.length)} refused`,
        ),
    );
    console.log(
      `Imported ${file} into ${serial} in ${((Date.now() - started) / 1000).toFixed(1)} s: ${count(done.rows)} rows — ${count(done.Created)} created, ${count(done.Updated)} updated, ${count(done.Unchanged)} unchanged, ${count(done.refused.length)} refused.`,
    );
    for (const r of done.refused.slice(0, 50)) console.log(`  row ${r.line}: ${r.why}`);
    if (done.refused.length > 50) console.log(`  … and ${count(done.refused.length - 50)} more refused`);
    if (done.refused.length) process.exitCode = 1;
  } finally {
    await store.close();
  }
}

/** `files migrate --to database|s3`: the disk's files into the store named, each verified before its disk copy goes. */
export async function filesCommand(config: ServerConfig, args: string[]): Promise<void> {
  const to = args[args.indexOf('--to') + 1] ?? '';
  if (args[0] !== 'migrate' || !args.includes('--to'))
    throw new Error('Usage: chat-bot-server files migrate --to database|s3');
  if (to !== 'database' && to !== 'postgres' && to !== 's3')
    throw new Error(`--to must be database (or postgres) or s3 (got "${to}")`);
  const target = to === 's3' ? config.files : filesSetting(to, config.databaseUrl);
  if (target.kind !== 's3' && to === 's3')
    throw new Error('--to s3 moves the files to FILES_URL: set it to s3://bucket/prefix');
  const store = await openServiceStore(config, 'chat-bot-server files migrate');
  try {
    const moved = await migrateFiles({
      db: store.db,
      dataDir: config.dataDir,
      to: await openFileStore(target, store.db, config.dataDir),
      log: console.log,
    });
    console.log(
      `Moved ${moved.moved} file(s), ${moved.already} already there, ${moved.skipped} skipped; ${moved.left} left on disk.`,
    );
    if (moved.failed > 0)
      throw new Error(`${moved.failed} file(s) could not be moved (above); run the command again to try them again`);
  } finally {
    await store.close();
  }
}
