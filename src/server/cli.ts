/** The service's commands besides serving: create-key, digest, migrate (see `chat-bot-server help`). */
import { join } from 'node:path';
import type { ServerConfig } from './config.ts';
import { systemClock } from './context.ts';
import { createEngines, type Engines } from './engines/index.ts';
import { createOfflineEngine } from './engines/offline.ts';
import { createOpenAiEngine } from './engines/openai.ts';
import { createApiKey, ensureOwner } from './bootstrap.ts';
import { runDigests } from './mail/digests.ts';
import { startOutboxSender } from './mail/outbox.ts';
import { diskStore } from './files/disk-store.ts';
import type { FileStore } from './files/file-store.ts';
import { migrateFiles } from './files/migrate.ts';
import { filesOnDisk, filesSetting, openFileStore, withDiskFallback } from './files/stores.ts';
import { openStore, type Db, type Store } from './store/db.ts';

export const HELP = `chat-bot-server — the reference chatbot service

  chat-bot-server                      serve the API, the widget and the demo (the default)
  chat-bot-server create-key [label]   create an owner API key and print it (only its hash is kept)
  chat-bot-server digest --date DAY    make the daily chat-log and lead digests of DAY (YYYY-MM-DD)
  chat-bot-server migrate              bring the database schema up to date, then exit
  chat-bot-server files migrate --to database|s3
                                       move uploaded files from DATA_DIR/files into the database (or
                                       to FILES_URL's S3 bucket), verifying sizes and hashes; resumable

Configuration is read from the environment: HOST, PORT, DATA_DIR, DATABASE_URL, CHATBOT_API_KEY,
LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, LLM_TRANSCRIPTION_MODEL, LLM_TOOLS, SESSION_SECRET, SMTP_URL, SMTP_FROM, TRUST_PROXY, PUBLIC_URL,
FILES_URL, OFFLINE_WORD_DELAY_MS (see the README).`;

export const openServiceStore = (config: ServerConfig, migrate = true): Promise<Store> =>
  openStore({ databaseUrl: config.databaseUrl, pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'db'), migrate });

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
  return config.llm ? createEngines(offline, { model: config.llm.model, engine: createOpenAiEngine(config.llm) }) : createEngines(offline);
}

export async function createKeyCommand(config: ServerConfig, label: string): Promise<void> {
  const store = await openServiceStore(config);
  try {
    const key = await createApiKey(store.db, await ensureOwner(store.db, new Date()), label);
    console.log(`New API key (shown once; keep it secret):\n${key}`);
  } finally {
    await store.close();
  }
}

export async function digestCommand(config: ServerConfig, day: string): Promise<void> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))
    throw new Error(`--date must be a day as YYYY-MM-DD (got "${day}")`);
  const store = await openServiceStore(config);
  try {
    const ctx = { db: store.db, clock: systemClock, publicUrl: config.publicUrl };
    const made = await runDigests(ctx, day);
    for (const d of made) console.log(`${d.kind} of ${d.chatbot} for ${d.day}: ${d.queued ? 'queued' : 'nothing to send'}`);
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
  const store = await openServiceStore(config);
  await store.close();
  console.log(`The ${store.kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database is up to date.`);
}

/** `files migrate --to database|s3`: the disk's files into the store named, each verified before its disk copy goes. */
export async function filesCommand(config: ServerConfig, args: string[]): Promise<void> {
  const to = args[args.indexOf('--to') + 1] ?? '';
  if (args[0] !== 'migrate' || !args.includes('--to')) throw new Error('Usage: chat-bot-server files migrate --to database|s3');
  if (to !== 'database' && to !== 'postgres' && to !== 's3') throw new Error(`--to must be database (or postgres) or s3 (got "${to}")`);
  const target = to === 's3' ? config.files : filesSetting(to, config.databaseUrl);
  if (target.kind !== 's3' && to === 's3') throw new Error('--to s3 moves the files to FILES_URL: set it to s3://bucket/prefix');
  const store = await openServiceStore(config);
  try {
    const moved = await migrateFiles({ db: store.db, dataDir: config.dataDir, to: await openFileStore(target, store.db, config.dataDir), log: console.log });
    console.log(`Moved ${moved.moved} file(s), ${moved.already} already there, ${moved.skipped} skipped; ${moved.left} left on disk.`);
    if (moved.failed > 0) throw new Error(`${moved.failed} file(s) could not be moved (above); run the command again to try them again`);
  } finally {
    await store.close();
  }
}
