#!/usr/bin/env node
/**
 * `npm run lint` (and a step of `npm test`): the formatter's check — prettier, `.prettierrc.json`;
 * `npm run format` writes it — then the linter, ESLint with scripts/lint/eslint.config.js. The
 * linter has its own install in scripts/lint/ (typescript-eslint needs TypeScript 6's API; the
 * project compiles with TypeScript 7, which has none), made here when it is missing or older than
 * its lockfile. Both run, whatever the first finds; the exit code is 1 when either found anything.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const lintDir = `${root}scripts/lint`;
const run = (command, args, cwd = root) => spawnSync(command, args, { cwd, stdio: 'inherit' }).status === 0;

const lockHash = createHash('sha256')
  .update(readFileSync(`${lintDir}/package-lock.json`))
  .digest('hex');
const stamp = `${lintDir}/node_modules/.installed-from`;
if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== lockHash) {
  if (!run('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], lintDir)) process.exit(1);
  writeFileSync(stamp, lockHash);
}

const formatted = run(process.execPath, [
  `${root}node_modules/prettier/bin/prettier.cjs`,
  '--check',
  '--log-level=warn',
  '.',
]);
if (!formatted) console.error("Formatting differs from prettier's: `npm run format` writes it.");
const linted = run(process.execPath, [
  `${lintDir}/node_modules/eslint/bin/eslint.js`,
  '--config',
  `${lintDir}/eslint.config.js`,
  '--max-warnings=0',
  '.',
]);
process.exit(formatted && linted ? 0 : 1);
