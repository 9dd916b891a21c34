#!/usr/bin/env node
/**
 * Installs the example apps of demo/frameworks (React, Vue, Svelte, Angular, Next.js), each from
 * its own lockfile with `npm ci`, all at once: their framework dependencies never enter the
 * widget's package.json. An app already installed from its current lockfile is left alone, so CI
 * (.ci/run) installs once and the tests (test/e2e/frameworks.test.ts, which run this too) reuse it.
 * Each app depends on `chat-bot` as `file:../../..`, a link to this repository: build it first.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const FRAMEWORKS_DIR = fileURLToPath(new URL('../demo/frameworks/', import.meta.url));

/** The apps: every folder of demo/frameworks with a lockfile. */
const frameworkApps = () =>
  readdirSync(FRAMEWORKS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(FRAMEWORKS_DIR, entry.name, 'package-lock.json')))
    .map((entry) => entry.name)
    .sort();

/** npm writes node_modules/.package-lock.json on every install: older than the lockfile means stale. */
function installed(app) {
  const done = join(FRAMEWORKS_DIR, app, 'node_modules', '.package-lock.json');
  return existsSync(done) && statSync(done).mtimeMs >= statSync(join(FRAMEWORKS_DIR, app, 'package-lock.json')).mtimeMs;
}

/** `npm ci` in every app not installed from its current lockfile; resolves to the apps it installed. */
async function installFrameworks(log) {
  const todo = frameworkApps().filter((app) => !installed(app));
  await Promise.all(
    todo.map(async (app) => {
      const started = Date.now();
      await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
        cwd: join(FRAMEWORKS_DIR, app),
        env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NG_CLI_ANALYTICS: 'false' },
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error) => {
        throw new Error(`npm ci in demo/frameworks/${app} failed: ${error.stderr || error.message}`);
      });
      log(`frameworks: ${app} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }),
  );
  return todo;
}

const done = await installFrameworks(console.log);
if (!done.length) console.log('frameworks: every example app is installed');
