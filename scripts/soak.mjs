#!/usr/bin/env node
// `npm run soak`: what `npm test` samples, whole, and the reliability tests of `npm test` at their
// large sizes (docs/RELIABILITY.md, CONTRIBUTING.md "Testing"): every XSS vector through the browser, the
// denial-of-service ones included, and every string of the XSS corpora in every listing field and
// setting; the accessibility matrix's nine journeys; every file size limit on every file store;
// 1,000 stream cuts, 10,000 fuzz cases per property, 200 streaming visitors for 60 s and 30,000
// questions in all against the compiled service, 500 slow readers, and PostgreSQL failing under
// 100 visitors (down and cut off for 30 s).
// Builds first; prints what each part found and writes the load run's report (RSS over time) to
// .soak/load.json.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const out = join(root, '.soak');
mkdirSync(out, { recursive: true });
const report = join(out, 'load.json');
const run = (command, args, env = {}) => {
  const r = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) process.exitCode = 1;
  return r.status === 0;
};

if (!run('npm', ['run', 'build'])) process.exit(1);
const t0 = Date.now();
const files = [
  // The corpora npm test samples (TEST_CORPORA=whole).
  'test/widget/xss.test.ts',
  'test/widget/xss-fields.test.ts',
  'test/widget/markdown.test.ts',
  'test/e2e/accessibility-matrix.test.ts',
  'test/server/http/routes/files.test.ts',
  // The alternatives npm test takes one of (VARIANT_SEED).
  'test/e2e/scroll.test.ts',
  'test/e2e/files-migrate.test.ts',
  'test/e2e/instances-files.test.ts',
  'test/engines.test.ts',
  // The reliability tests, at their large sizes.
  'test/server/http/routes/stream-faults.test.ts',
  'test/server/http/fuzz.test.ts',
  'test/e2e/load.test.ts',
  'test/e2e/slow-clients.test.ts',
  'test/e2e/faults-database.test.ts',
];
run('npx', ['vitest', 'run', '--project', 'node', '--project', 'browser', '--project', 'e2e', ...files], {
  TEST_CORPORA: 'whole',
  FAULT_RUNS: process.env.FAULT_RUNS ?? '1000',
  FUZZ_RUNS: process.env.FUZZ_RUNS ?? '10000',
  LOAD_CONNECTIONS: process.env.LOAD_CONNECTIONS ?? '200',
  LOAD_SECONDS: process.env.LOAD_SECONDS ?? '60',
  LOAD_QUESTIONS: process.env.LOAD_QUESTIONS ?? '30000',
  SOAK_REPORT: report,
  SLOW_READERS: process.env.SLOW_READERS ?? '500',
  SLOW_RATE_KB: process.env.SLOW_RATE_KB ?? '2',
  SLOW_ROUNDS: process.env.SLOW_ROUNDS ?? '2',
  FAULT_VISITORS: process.env.FAULT_VISITORS ?? '100',
  FAULT_DOWN_SECONDS: process.env.FAULT_DOWN_SECONDS ?? '30',
});
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const mb = r.rss.map((x) => x.mb);
  console.log(
    `\nload: ${r.asked} questions from ${r.connections} visitors in ${r.seconds} s (${r.answersPerSecond}/s): ${r.errors} errors, ${r.lost} lost, ${r.duplicated} duplicated`,
  );
  console.log(
    `RSS MB, every 10 s: ${r.rss
      .filter((_, i) => i % 10 === 0)
      .map((x) => `${x.s}s ${x.mb}`)
      .join(' · ')} (min ${Math.min(...mb)}, max ${Math.max(...mb)})`,
  );
} catch {
  console.log('\nload: no report (the load test did not finish)');
}
console.log(`soak: ${Math.round((Date.now() - t0) / 1000)} s, ${process.exitCode ? 'FAILED' : 'passed'}`);
