#!/usr/bin/env node
/** `npm start` / `chat-bot-server`: the only file that listens. */
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { apiKeyCount, createApiKey, ensureDemo, ensureOwner, loadSecret, registerApiKey } from './bootstrap.ts';
import { HELP, createKeyCommand, digestCommand, enginesFor, migrateCommand, openServiceStore } from './cli.ts';
import { configFromEnv } from './config.ts';
import { PING_MS } from './sse-reply.ts';
import { scheduleDigests } from './mail/digests.ts';
import { startOutboxSender } from './mail/outbox.ts';

async function serve(): Promise<void> {
  const config = configFromEnv();
  const store = await openServiceStore(config);
  const now = new Date();
  const ownerId = await ensureOwner(store.db, now);
  let newKey: string | null = null;
  if (config.apiKey) await registerApiKey(store.db, ownerId, config.apiKey, 'CHATBOT_API_KEY');
  else if ((await apiKeyCount(store.db)) === 0) newKey = await createApiKey(store.db, ownerId, 'first start');
  const engines = enginesFor(config);
  const demo = await ensureDemo(store.db, ownerId, engines.defaultModel, config.publicUrl, now);
  const secret = await loadSecret(config.dataDir, config.sessionSecret);
  const app = await buildApp({ db: store.db, secret, dataDir: config.dataDir, engines, trustProxy: config.trustProxy });
  const ctx = { db: store.db, clock: { now: () => new Date() }, secret, filesDir: join(config.dataDir, 'files'), engines, pingMs: PING_MS };
  const sender = config.smtpUrl ? startOutboxSender(ctx, config.smtpUrl, config.smtpFrom) : null;
  const stopDigests = scheduleDigests(ctx);

  const address = await app.listen({ host: config.host, port: config.port });
  const url = address.replace('://127.0.0.1', '://localhost');
  console.log(`chat-bot service listening on ${url}`);
  console.log(`  demo site        ${url}/`);
  console.log(`  admin console    ${url}/console/ (sign in with the owner API key)`);
  console.log(`  widget           ${url}/chat-bot.js`);
  console.log(`  API contract     ${url}/openapi.json`);
  console.log(`  database         ${store.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${join(config.dataDir, 'db')}`}`);
  console.log(`  answers          ${config.llm ? `${config.llm.model} at ${config.llm.baseUrl}` : 'built-in offline engine'}`);
  console.log(`  email            ${config.smtpUrl ? 'sent over SMTP_URL' : 'kept in the outbox (set SMTP_URL to send)'}`);
  console.log(`  demo chatbot     ${demo.serial}${demo.created ? ' (created, with its listings)' : ''}`);
  if (newKey) console.log(`\n  Owner API key (shown only now — keep it; only its hash is stored):\n  ${newKey}\n`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      sender?.stop();
      stopDigests();
      void app.close().then(() => store.close()).then(() => process.exit(0));
    });
}

const [command = 'serve', ...args] = process.argv.slice(2);
const config = () => configFromEnv();
const run: Record<string, () => Promise<void>> = {
  serve,
  'create-key': () => createKeyCommand(config(), args.join(' ') || 'created with the CLI'),
  digest: () => digestCommand(config(), args[args.indexOf('--date') + 1] ?? ''),
  migrate: () => migrateCommand(config()),
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
