#!/usr/bin/env node
/**
 * Finishes the compiled service (after `tsc -p tsconfig.server.json`, in `npm run build:server`):
 * tsc emits only JavaScript, so the migrations are copied beside the compiled store
 * (dist/node/server/store/migrations, where store/db.ts looks), and so is the embedded database's
 * thread (store/pglite/worker.mjs, plain JavaScript) and the knowledge's extraction thread
 * (knowledge/extract-worker.mjs) — a deployed dist/ runs without
 * src/ — and the bin gets its executable bit back, which a fresh emit of main.js does not have
 * (`npx chat-bot-server` and a unit file's ExecStart run the file itself). The demo site's own
 * files (its stylesheet, icon and the page about the service) go to dist/demo-site, where http/app.ts
 * serves them from: a deployed or installed dist/ has no demo/ beside it.
 */
import { chmodSync, cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const migrations = join(root, 'dist', 'node', 'server', 'store', 'migrations');
// A migration removed from src/ must not linger in dist/.
rmSync(migrations, { recursive: true, force: true });
cpSync(join(root, 'src', 'server', 'store', 'migrations'), migrations, { recursive: true });
// The embedded database's thread: plain JavaScript, which tsc does not emit (store/pglite/thread.ts).
cpSync(
  join(root, 'src', 'server', 'store', 'pglite', 'worker.mjs'),
  join(root, 'dist', 'node', 'server', 'store', 'pglite', 'worker.mjs'),
);
// The extraction thread's entry, likewise (knowledge/extract-thread.ts).
cpSync(
  join(root, 'src', 'server', 'knowledge', 'extract-worker.mjs'),
  join(root, 'dist', 'node', 'server', 'knowledge', 'extract-worker.mjs'),
);
const demoSite = join(root, 'dist', 'demo-site');
rmSync(demoSite, { recursive: true, force: true });
for (const file of ['demo.css', 'favicon.svg', 'service.html']) cpSync(join(root, 'demo', file), join(demoSite, file));
const { bin } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
for (const file of Object.values(bin)) chmodSync(join(root, file), 0o755);
