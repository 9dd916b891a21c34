#!/usr/bin/env node
/**
 * The deployable artifact installed as the Dockerfile of docs/OPERATING.md ("Deploying") installs it, for
 * test/e2e/deploy.test.ts: the Dockerfile read from docs/OPERATING.md (```dockerfile), each COPY from this
 * checkout into an empty directory, each RUN there (`npm ci --omit=dev`; dependencies from npm's
 * cache where it has them — a Docker build has none: the same packages, from the registry).
 *
 * The COPY steps are done again every time (a new build is a new dist/); the RUN steps only when
 * what they depend on changed — the manifests the COPY steps bring and the RUN lines themselves,
 * whose hash is written beside node_modules. `npm test` (scripts/test-prepare.mjs) prepares it
 * before Vitest, beside the example apps' builds (npm mostly waits on the network and the disk); the
 * test then finds it made, and prepares it itself where it is missing or stale. Needs `npm run
 * build` first. No Docker: no image registry is reachable from the test machines.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('..', import.meta.url));

/** Where the artifact is installed: outside the repository (a module missing from the install must not be found in its node_modules), one per clone. */
export const ARTIFACT_DIR = join(
  tmpdir(),
  `chat-bot-artifact-${createHash('sha256').update(REPO).digest('hex').slice(0, 12)}`,
);

/** The Dockerfile of docs/OPERATING.md, as steps: `copies` (sources…, target), `runs`, `env`, `cmd`. */
export function dockerfile() {
  const readme = readFileSync(join(REPO, 'docs', 'OPERATING.md'), 'utf8');
  const block = /```dockerfile\n([\s\S]*?)```/.exec(readme);
  if (!block) throw new Error('docs/OPERATING.md has no ```dockerfile block');
  const recipe = { copies: [], runs: [], env: {}, cmd: [] };
  for (const line of block[1].split('\n').map((l) => l.trim())) {
    const [instruction = '', ...rest] = line.split(/\s+/);
    const args = line.slice(instruction.length).trim();
    if (instruction === 'COPY') recipe.copies.push(rest);
    else if (instruction === 'RUN') recipe.runs.push(args);
    else if (instruction === 'ENV')
      for (const pair of rest) recipe.env[pair.split('=')[0]] = pair.slice(pair.indexOf('=') + 1);
    else if (instruction === 'CMD') recipe.cmd = JSON.parse(args);
  }
  return recipe;
}

/** Copies and installs the artifact into ARTIFACT_DIR/app; resolves to that folder and the recipe. */
export async function installedArtifact(log = () => {}) {
  if (!existsSync(join(REPO, 'dist', 'node', 'server', 'main.js')))
    throw new Error('artifact: build this repository first (npm run build)');
  const started = Date.now();
  const recipe = dockerfile();
  const app = join(ARTIFACT_DIR, 'app');
  const targetOf = (from, to) => join(app, to.endsWith('/') ? from : to);
  const sources = recipe.copies.flatMap((copy) => copy.slice(0, -1));
  const wanted = createHash('sha256')
    .update(JSON.stringify(recipe.runs))
    .update(
      sources
        .filter((from) => !from.startsWith('dist'))
        .map((from) => readFileSync(join(REPO, from)))
        .join('\0'),
    )
    .digest('hex');
  const stamp = join(app, 'node_modules', '.chat-bot-artifact');
  const kept = existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted;
  // Installed for other manifests: nothing of it is left to answer for this one.
  if (!kept) await rm(app, { recursive: true, force: true });
  await mkdir(app, { recursive: true });
  for (const copy of recipe.copies) {
    const to = copy.at(-1);
    for (const from of copy.slice(0, -1)) {
      await rm(targetOf(from, to), { recursive: true, force: true });
      await cp(join(REPO, from), targetOf(from, to), { recursive: true });
    }
  }
  if (!kept) {
    for (const step of recipe.runs) {
      await run('sh', ['-c', step], {
        cwd: app,
        env: { ...process.env, npm_config_prefer_offline: 'true' },
        maxBuffer: 16 * 1024 * 1024,
      }).catch((error) => {
        throw new Error(`artifact: RUN ${step} failed: ${error.stderr || error.message}`);
      });
    }
    await writeFile(stamp, wanted);
  }
  log(
    `artifact: ${kept ? 'dist/ copied beside the production dependencies installed before' : 'copied and installed'} in ${Math.round((Date.now() - started) / 1000)} s`,
  );
  return { app, recipe };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await installedArtifact(console.log);
