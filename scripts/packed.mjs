#!/usr/bin/env node
/**
 * The package as npm publishes it, installed into a site's project of its own, for
 * test/package.test.ts: `npm pack`, then `npm install` of the tarball (a copy, as from the
 * registry, never a link to this repository) together with the peers an app brings for the JSX
 * typings (React's, Preact's, Solid's).
 *
 * An install from the same tarball — its hash, written beside its node_modules — is kept: `npm
 * test` (scripts/test-prepare.mjs) prepares it before Vitest, beside the example apps' builds, and
 * the test then finds it made; the test prepares it itself where it is missing or stale. `npm
 * pack` is run every time (about a second): the tarball's hash is what tells. Needs `npm run
 * build` first: the tarball is what dist/ holds.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('..', import.meta.url));

/**
 * The site's project: package.json, the tarball, node_modules; the test writes its pages and
 * builds here. Outside the repository (in the system's temporary folder, one per clone): inside,
 * a module missing from the install would still be found in the repository's node_modules.
 */
export const PACKED_PROJECT = join(
  tmpdir(),
  `chat-bot-packed-${createHash('sha256').update(REPO).digest('hex').slice(0, 12)}`,
);

/** What an app installs beside the package for the typings of test/package.test.ts (their JSX). */
const PEERS = ['react@19', '@types/react@19', 'preact@11.2.0', 'solid-js@1.9.19'];

/** Packs this repository and installs the tarball into PACKED_PROJECT unless it holds that install already; resolves to the project's folder. */
export async function packedProject(log = () => {}) {
  if (!existsSync(join(REPO, 'dist', 'chat-bot.js')))
    throw new Error('packed: build this repository first (npm run build): the tarball is what dist/ holds');
  const started = Date.now();
  await mkdir(PACKED_PROJECT, { recursive: true });
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', PACKED_PROJECT], {
    cwd: REPO,
    maxBuffer: 64 * 1024 * 1024,
  });
  const tarball = join(PACKED_PROJECT, JSON.parse(stdout)[0].filename);
  const installed = `${createHash('sha256').update(readFileSync(tarball)).digest('hex')} ${PEERS.join(' ')}`;
  const stamp = join(PACKED_PROJECT, 'node_modules', '.chat-bot-tarball');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === installed) {
    log('packed: the package is installed from its current tarball');
    return PACKED_PROJECT;
  }
  // A new project: nothing of an earlier install is left to answer for this one.
  await Promise.all(
    ['node_modules', 'package-lock.json'].map((name) =>
      rm(join(PACKED_PROJECT, name), { recursive: true, force: true }),
    ),
  );
  await writeFile(
    join(PACKED_PROJECT, 'package.json'),
    JSON.stringify({ name: 'a-site', private: true, type: 'module' }),
  );
  // Dependencies from npm's cache where it has them.
  await run(
    'npm',
    [
      'install',
      tarball,
      ...PEERS,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
    ],
    { cwd: PACKED_PROJECT, maxBuffer: 64 * 1024 * 1024 },
  ).catch((error) => {
    throw new Error(`packed: npm install of ${tarball} failed: ${error.stderr || error.message}`);
  });
  await writeFile(stamp, installed);
  log(`packed: the package packed and installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return PACKED_PROJECT;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await packedProject(console.log);
