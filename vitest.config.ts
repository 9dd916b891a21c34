/**
 * The tests, in lanes that take turns on the machine (README, "Testing"): each lane is a Vitest
 * project (or two), and `sequence.groupOrder` runs one group after the other — so the browser
 * lane's Chromium and the node lane's databases never fight over two cores.
 *
 *   0  node + postgres   unit and service tests; the service's files again on PostgreSQL
 *   1  browser           the widget in Vitest's browser mode, on Debian's Chromium
 *   2  e2e               whole programs: the compiled service, Chromium through Playwright; and the
 *                        release checks — the packed package, the framework apps, other Node.js versions
 */
import { randomInt } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { CHROMIUM_ARGS } from './test/support/chromium-args.ts';

// Debian's Chromium: Playwright never downloads a browser here.
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  ...CHROMIUM_ARGS, '--headless', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync',
  // Push-to-talk records from Chromium's fake microphone (a beeping tone), allowed without a prompt.
  '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required',
];

const browserTests = ['test/widget/**/*.test.ts', 'test/**/*.browser.test.ts'];
/** The release checks: the packed package, the framework apps built by their own toolchains, other Node.js versions. */
const releaseTests = ['test/package.test.ts', 'test/engines.test.ts', 'test/e2e/frameworks.test.ts'];
/** Whole programs: the compiled service, Chromium through Playwright. */
const e2eTests = ['test/e2e/**/*.test.ts'];
/**
 * The PostgreSQL pass: the node lane's files that start the service on a database of their own
 * (they import test/support/service.ts). What never touches a database runs once, on PGlite's lane.
 */
const databaseTests = ['test/server', 'test/client']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)))
  .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.browser.test.ts'))
  .filter((file) => /from '\.\.\/support\/(service|database)\.ts'/.test(readFileSync(file, 'utf8')))
  .sort();

/**
 * The sampled corpora: `npm test` takes a seeded sample of each, a new seed each run unless one is
 * given; `TEST_CORPORA=whole` (npm run soak) takes all of it. The seeds are set here, once, so the
 * reporter can print them and every project reads the same.
 */
process.env.XSS_SEED ||= String(randomInt(1, 2 ** 31));
process.env.A11Y_SEED ||= String(randomInt(1, 2 ** 31));
const corpora = { whole: process.env.TEST_CORPORA === 'whole', xssSeed: Number(process.env.XSS_SEED), a11ySeed: Number(process.env.A11Y_SEED) };

/**
 * Workers per lane, where the machine has two cores or more: the browser lane's two Chromium
 * renderers use both; the other lanes take one worker more, because a good part of their time
 * their files wait — on timers, sockets, a database stopped for seconds, slow readers, npm — and a
 * third file fills those waits. TEST_WORKERS sets every lane.
 */
const cores = Math.max(1, Math.min(2, availableParallelism()));
const browserWorkers = Number(process.env.TEST_WORKERS) || cores;
const workers = Number(process.env.TEST_WORKERS) || cores + 1;

/**
 * The lanes in Node: one module graph per worker for all its files (isolate: false; every file
 * starts what it needs and closes it), with room for services, databases and browsers to start.
 */
const inNode = {
  environment: 'node',
  isolate: false,
  maxWorkers: workers,
  hookTimeout: 60_000,
  testTimeout: 30_000,
  expect: { requireAssertions: true },
} as const;

/**
 * The files that spend most of their time waiting: the release checks (npm installing the packed
 * package, three Node.js binaries fetched) and the faults that wait out a database stopped for
 * seconds, a killed worker's sweep, slow readers.
 */
const waitingTests = [...releaseTests, 'test/e2e/faults-database.test.ts', 'test/e2e/faults-workers.test.ts', 'test/e2e/slow-clients.test.ts'];

/**
 * Vitest's order — lanes by `sequence.groupOrder`; in a lane, the files that took longest last time
 * first, or the largest on a first run — with the waiting files at the head of their lane: they
 * are among its longest, and started first their waits overlap the busy files on the other workers
 * instead of ending a fresh clone's run with one worker waiting and the others idle.
 */
class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const at = new Map(sorted.map((spec, i) => [spec, i]));
    const lane = (spec: TestSpecification) => `${spec.project.config.sequence.groupOrder} ${spec.project.name}`;
    const rank = (spec: TestSpecification) => (waitingTests.some((file) => spec.moduleId.endsWith(`/${file}`)) ? 0 : 1);
    return sorted.sort((a, b) => (lane(a) === lane(b) ? rank(a) - rank(b) : 0) || at.get(a)! - at.get(b)!);
  }
}

export default defineConfig({
  test: {
    expect: { requireAssertions: true },
    sequence: { sequencer: WaitingFirst },
    reporters: ['default', './test/setup/run-report.ts'],
    // Once for the run, whatever lanes it has; what they provide reaches every project.
    globalSetup: ['test/setup/global.ts', 'test/setup/databases.ts', 'test/setup/chromium-server.ts'],
    provide: { corpora },
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/**/*.test.ts'],
          exclude: [...browserTests, ...e2eTests, ...releaseTests],
          sequence: { groupOrder: 0 },
          ...inNode,
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: 'postgres',
                include: databaseTests,
                env: { TEST_DB: 'postgres' },
                sequence: { groupOrder: 0 },
                ...inNode,
              },
            },
          ]
        : []),
      {
        optimizeDeps: {
          // Declared up front: a dependency found mid-run makes Vite reload the page (and load lit twice).
          include: [
            'lit', 'lit/decorators.js', 'lit/directives/repeat.js', '@open-wc/testing-helpers', 'chai-a11y-axe',
            'axe-core/axe.min.js', 'idb-keyval', 'react', 'react-dom/client', '@lit/react',
          ],
        },
        test: {
          name: 'browser',
          globals: true, // @open-wc/testing-helpers cleans fixtures up only under a global afterEach
          include: browserTests,
          setupFiles: ['test/setup/browser.ts'],
          globalSetup: ['test/setup/global-service.ts'],
          sequence: { groupOrder: 1 },
          maxWorkers: browserWorkers,
          expect: { requireAssertions: true },
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            // A desktop page (Vitest's default is a 414 px phone): phones have test/e2e/phone.test.ts.
            viewport: { width: 1280, height: 800 },
            provider: playwright({ launchOptions: { executablePath: chromium, args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: {
          name: 'e2e',
          include: [...e2eTests, ...releaseTests],
          sequence: { groupOrder: 2 },
          ...inNode,
        },
      },
    ],
  },
});

declare module 'vitest' {
  export interface ProvidedContext {
    /** Which part of the sampled corpora this run takes (test/support/sample.ts). */
    corpora: { whole: boolean; xssSeed: number; a11ySeed: number };
  }
}
