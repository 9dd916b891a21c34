#!/usr/bin/env node
/**
 * What `npm test` does before Vitest, in order, stopping at the first failure: the type check and
 * the tests' migrated PGlite database (test/setup/databases.ts; on a fresh clone PGlite's initdb,
 * the migrations and the dump take about 8 s of one core) side by side — the type checker keeps
 * one core busy and leaves the other — then the build, the size budgets, and the example apps'
 * builds (scripts/frameworks.mjs --build) beside the packed package's install (scripts/packed.mjs),
 * the deployable artifact's (scripts/artifact.mjs; npm mostly waits) and the formatter's check and
 * the linter (scripts/lint.mjs). Vitest's global setup then finds the database made, and the tests
 * the apps built, the package and the artifact installed.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Runs a command as npm would (its output passed through); resolves when it succeeded. */
const step = (command) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, { cwd: root, stdio: 'inherit', shell: true });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command}: ${signal ?? `exit code ${code}`}`)),
    );
  });

try {
  await Promise.all([step('npm run typecheck'), step('npx tsx test/setup/databases.ts')]);
  for (const command of ['npm run build', 'npm run size']) await step(command);
  await Promise.all([
    step('node scripts/frameworks.mjs --build'),
    step('node scripts/packed.mjs'),
    step('node scripts/artifact.mjs'),
    step('npm run lint'),
  ]);
} catch (error) {
  console.error(`npm test: ${error.message}`);
  process.exit(1);
}
