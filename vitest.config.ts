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
import { join, relative } from 'node:path';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { durationKey, readDurations } from './test/setup/durations.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/support/chromium-args.ts';

// Debian's Chromium, its headless shell (test/support/chromium-args.ts): Playwright never downloads a browser here.
const chromiumArgs = [
  ...CHROMIUM_ARGS,
  '--disable-quic',
  // Push-to-talk records from Chromium's fake microphone (a beeping tone), allowed without a prompt.
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

const browserTests = ['test/widget/**/*.test.ts', 'test/**/*.browser.test.ts'];
/** The release checks: the packed package, the framework apps built by their own toolchains, other Node.js versions. */
const releaseTests = ['test/package.test.ts', 'test/engines.test.ts', 'test/e2e/frameworks.test.ts'];
/** Whole programs: the compiled service, Chromium through Playwright. */
const e2eTests = ['test/e2e/**/*.test.ts'];
/**
 * The PostgreSQL pass: the node lane's files that start the service on a database of their own
 * (they import test/support/service.ts, or demo-chatbot.ts which starts one). What never touches a database runs once, on PGlite's lane.
 */
const databaseTests = ['test/server', 'test/client']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => join(dir, file)))
  .filter((file) => file.endsWith('.test.ts') && !file.endsWith('.browser.test.ts'))
  .filter((file) => /from '(?:\.\.\/)+support\/(service|database|demo-chatbot)\.ts'/.test(readFileSync(file, 'utf8')))
  .sort();

/**
 * The sampled corpora: `npm test` takes a seeded sample of each, a new seed each run unless one is
 * given; `TEST_CORPORA=whole` (npm run soak) takes all of it. The seeds are set here, once, so the
 * reporter can print them and every project reads the same.
 */
process.env.XSS_SEED ||= String(randomInt(1, 2 ** 31));
process.env.A11Y_SEED ||= String(randomInt(1, 2 ** 31));
/** Which of a test's alternatives (a viewport, a file store, a Node.js line) the run takes where it takes one. */
process.env.VARIANT_SEED ||= String(randomInt(1, 2 ** 31));
/** This run's name for the PostgreSQL databases it makes (test/support/database.ts), dropped at its end. */
process.env.TEST_RUN ||= randomInt(2 ** 40).toString(36);
const corpora = {
  whole: process.env.TEST_CORPORA === 'whole',
  xssSeed: Number(process.env.XSS_SEED),
  a11ySeed: Number(process.env.A11Y_SEED),
  variantSeed: Number(process.env.VARIANT_SEED),
};

/**
 * Workers per lane, where the machine has two cores or more: the browser lane's two Chromium
 * renderers use both; the other lanes take one worker more, because a good part of their time
 * their files wait — on timers, sockets, a database stopped for seconds, slow readers, npm — and a
 * third file fills those waits. (A fourth in the end-to-end lane measured no better: the lane is
 * bound by the two cores.) TEST_WORKERS sets every lane.
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
 * The end-to-end lane's files that spend much of their time waiting: the release checks (npm
 * installing the packed package, and the deployed artifact's production dependencies) and the faults that wait out a database stopped for seconds, a
 * killed worker's sweep, slow readers. (Run beside the browser lane instead, the slow readers and
 * PostgreSQL-down files made it 25–47 s longer and this lane only 10–17 s shorter.)
 */
const waitingTests = [
  ...releaseTests,
  'test/e2e/deploy.test.ts',
  'test/e2e/faults-database.test.ts',
  'test/e2e/faults-workers.test.ts',
  'test/e2e/slow-clients.test.ts',
];

/**
 * The order of the files: lane by lane (`sequence.groupOrder`), within a lane project by project as
 * Vitest does (node's files, then the postgres pass's: mixed, the lane took 194 s instead of 146 s),
 * and within a project the longest first, by the times of test/durations.json, a file that mostly
 * waits and a busy one in turn — their waits overlap the busy files on the other workers, and no
 * lane starts on waits alone (all three end-to-end workers did: 264–267 s, in turn 247–267 s)
 * (a fresh clone has no Vitest cache), so that a lane's workers end together instead of one
 * finishing a long file alone. A file not timed yet goes first: it may be long.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const durations = readDurations();
    const root = this.ctx.config.root;
    const lane = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    const project = (a: TestSpecification, b: TestSpecification) => a.project.name.localeCompare(b.project.name);
    const waits = (spec: TestSpecification) => waitingTests.some((file) => spec.moduleId.endsWith(`/${file}`));
    const seconds = (spec: TestSpecification) =>
      durations[durationKey(spec.project.name, relative(root, spec.moduleId))] ?? Infinity;
    const sorted = [...files].sort(
      (a, b) => lane(a) - lane(b) || project(a, b) || seconds(b) - seconds(a) || a.moduleId.localeCompare(b.moduleId),
    );
    // Within a project, a file that mostly waits, then a busy one, in turn: the busy files fill the
    // waits, and no worker count starts on waits alone.
    const byProject = new Map<string, TestSpecification[]>();
    for (const spec of sorted) {
      if (!byProject.has(spec.project.name)) byProject.set(spec.project.name, []);
      byProject.get(spec.project.name)!.push(spec);
    }
    return [...byProject.values()].flatMap((specs) => {
      const waiting = specs.filter((spec) => waits(spec));
      const busy = specs.filter((spec) => !waits(spec));
      return Array.from({ length: Math.max(waiting.length, busy.length) }, (_, i) => [waiting[i], busy[i]])
        .flat()
        .filter((spec) => spec !== undefined);
    });
  }
}

/**
 * V8 without its helper threads in lane 0's workers (`--single-threaded`: garbage collection and
 * compilation on the thread that needs them). There every core is busy with the lane's other files,
 * so the helpers only take turns with them, at the kernel's cost: paired runs of the node project
 * took 186 and 150 CPU-seconds with it, 211 and 165 without (the postgres project 102 and 102, 106
 * and 109). Not in the end-to-end lane, where Chromium and the compiled services do most of the work
 * (no difference measured), nor in the main process (slightly worse).
 */
const withoutHelperThreads = { execArgv: ['--single-threaded'] };

export default defineConfig({
  test: {
    expect: { requireAssertions: true },
    sequence: { sequencer: LongestFirst },
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
          ...withoutHelperThreads,
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
                ...withoutHelperThreads,
              },
            },
          ]
        : []),
      {
        optimizeDeps: {
          // Declared up front: a dependency found mid-run makes Vite reload the page (and load lit twice).
          include: [
            'lit',
            'lit/decorators.js',
            'lit/directives/repeat.js',
            '@open-wc/testing-helpers',
            'chai-a11y-axe',
            'axe-core/axe.min.js',
            'idb-keyval',
            'react',
            'react-dom/client',
            '@lit/react',
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
            provider: playwright({ launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs } }),
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
    corpora: { whole: boolean; xssSeed: number; a11ySeed: number; variantSeed: number };
  }
}
