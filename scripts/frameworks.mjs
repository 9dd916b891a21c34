#!/usr/bin/env node
/**
 * The example apps of demo/frameworks (React, Vue, Svelte, Angular, Next.js).
 *
 * Installs each from its own lockfile with `npm ci`, all at once: their framework dependencies
 * never enter the widget's package.json. An app already installed from its current lockfile — the
 * lockfile's hash, written beside its node_modules after each install, is the same — is left alone,
 * so CI (.ci/run) installs once and later runs reuse it.
 *
 * With `--build`, then builds each with its own toolchain (`npm run build`: the type check of its
 * templates first — tsc, vue-tsc, svelte-check, ngc, Next's), two at a time. Each app depends on
 * `chat-bot-element` as `file:../../..`, a link to this repository: `npm run build` it first. A build is
 * not repeated: an app whose own files, lockfile and the linked dist/ are those of its last build
 * (their hash, written into its output) keeps that output. `npm test` runs this before Vitest, and
 * test/e2e/frameworks.test.ts (which drives the built apps in Chromium) runs it too.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('..', import.meta.url));
const FRAMEWORKS_DIR = join(REPO, 'demo', 'frameworks');
const seconds = (started) => `${((Date.now() - started) / 1000).toFixed(0)} s`;

// As a developer's shell has it: under Vitest, NODE_ENV=test would make the builds take their
// dependencies' development builds (Lit's dev mode, React's development build).
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST'))),
  NEXT_TELEMETRY_DISABLED: '1',
  NG_CLI_ANALYTICS: 'false',
};

/** The apps: every folder of demo/frameworks with a lockfile. */
const frameworkApps = () =>
  readdirSync(FRAMEWORKS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(FRAMEWORKS_DIR, entry.name, 'package-lock.json')))
    .map((entry) => entry.name)
    .sort();

const lockHash = (app) =>
  createHash('sha256')
    .update(readFileSync(join(FRAMEWORKS_DIR, app, 'package-lock.json')))
    .digest('hex');
/** Where an install notes the hash of the lockfile it installed. */
const installStamp = (app) => join(FRAMEWORKS_DIR, app, 'node_modules', '.chat-bot-lockfile-sha256');
const installed = (app) => existsSync(installStamp(app)) && readFileSync(installStamp(app), 'utf8') === lockHash(app);

/** `npm ci` in every app not installed from its current lockfile; resolves to the apps it installed. */
async function install(log) {
  const todo = frameworkApps().filter((app) => !installed(app));
  await Promise.all(
    todo.map(async (app) => {
      const started = Date.now();
      const hash = lockHash(app);
      await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
        cwd: join(FRAMEWORKS_DIR, app),
        env,
        maxBuffer: 64 * 1024 * 1024,
      }).catch((error) => {
        throw new Error(`npm ci in demo/frameworks/${app} failed: ${error.stderr || error.message}`);
      });
      writeFileSync(installStamp(app), hash);
      log(`frameworks: ${app} installed in ${seconds(started)}`);
    }),
  );
  return todo;
}

/** Where an app's build writes (Next.js: .next, the others: dist). */
const outputOf = (app) => join(FRAMEWORKS_DIR, app, app === 'next' ? '.next' : 'dist');

/** What an app's build reads: its own files (not what its install and build write), the package it links to as built. */
function buildInputs(app) {
  const hash = createHash('sha256');
  const skipped = new Set(['node_modules', 'dist', '.next', '.angular', 'next-env.d.ts']);
  const add = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (skipped.has(entry.name) || entry.name.endsWith('.tsbuildinfo')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) add(path);
      else hash.update(`${path.slice(REPO.length)}\0`).update(readFileSync(path));
    }
  };
  add(join(FRAMEWORKS_DIR, app));
  add(join(REPO, 'dist'));
  hash.update(readFileSync(join(REPO, 'package.json')));
  return hash.digest('hex');
}

/** `npm run build` in every app whose output was not built from its current inputs, two at a time; resolves to the apps it built. */
async function build(log) {
  if (!existsSync(join(REPO, 'dist', 'chat-bot.js')))
    throw new Error('frameworks: build this repository first (npm run build): the apps link to its dist/');
  const todo = frameworkApps()
    .map((app) => ({ app, inputs: buildInputs(app), stamp: join(outputOf(app), '.chat-bot-build-sha256') }))
    .filter(({ stamp, inputs }) => !existsSync(stamp) || readFileSync(stamp, 'utf8') !== inputs);
  const queue = [...todo];
  const builder = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { app, inputs, stamp } = next;
      const started = Date.now();
      await run('npm', ['run', 'build'], { cwd: join(FRAMEWORKS_DIR, app), env, maxBuffer: 64 * 1024 * 1024 }).catch(
        (error) => {
          throw new Error(
            `npm run build in demo/frameworks/${app} failed:\n${error.stdout ?? ''}${error.stderr ?? error.message}`,
          );
        },
      );
      writeFileSync(stamp, inputs);
      log(`frameworks: ${app} built in ${seconds(started)}`);
    }
  };
  await Promise.all([builder(), builder()]);
  return todo.map(({ app }) => app);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const installs = await install(console.log);
  if (!installs.length) console.log('frameworks: every example app is installed');
  if (process.argv.includes('--build')) {
    const builds = await build(console.log);
    if (!builds.length) console.log('frameworks: every example app is built from its current sources');
  }
}
