/**
 * A reporter beside the default one. When the run starts: which part of the sampled corpora it
 * takes, and the seeds that replay it. When it ends: how long each lane (project) took from its
 * first file's start to its last file's end, and every file's time, slowest first — the figures the
 * docs/BENCHMARKS.md §8 quotes. A file's time is from its start to its end in this run, waits
 * for the machine included: what it cost the run, not what it costs alone.
 *
 * With TEST_DURATIONS=write, a whole run also writes those times to test/durations.json, the order
 * a fresh clone's run starts its files in (vitest.config.ts); a run of some files only keeps the
 * others' times.
 */
import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { DURATIONS_FILE, durationKey, readDurations } from './durations.ts';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export default class DurationsReporter implements Reporter {
  private readonly started = new Map<TestModule, number>();
  private readonly ended = new Map<TestModule, number>();
  private runStart = 0;

  onInit(vitest: Vitest): void {
    const { corpora } = vitest.getRootProject().getProvidedContext();
    const replay = `XSS_SEED=${corpora.xssSeed} A11Y_SEED=${corpora.a11ySeed} VARIANT_SEED=${corpora.variantSeed}`;
    process.stdout.write(
      corpora.whole
        ? `Corpora: whole (TEST_CORPORA=whole)\n`
        : `Corpora: seeded samples; ${replay} replays them, TEST_CORPORA=whole takes all (npm run soak)\n`,
    );
  }

  onTestRunStart(): void {
    this.runStart = Date.now();
  }

  onTestModuleStart(module: TestModule): void {
    this.started.set(module, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.ended.set(module, Date.now());
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules.map((module) => {
      const { duration, collectDuration } = module.diagnostic();
      // A file that failed to load never starts: its collection is what it cost.
      const end = this.ended.get(module) ?? (this.started.get(module) ?? this.runStart) + collectDuration;
      // Its start as the worker timed it, where that is earlier than the start event came: a worker
      // busy with a file's own load (test/e2e/load.test.ts) sends that event late.
      const start = Math.min(this.started.get(module) ?? this.runStart, end - duration);
      return {
        lane: module.project.name,
        file: module.relativeModuleId,
        start,
        end,
        tests: [...module.children.allTests()].length,
      };
    });
    if (!rows.length) return;
    const lanes = [...new Set(rows.map((r) => r.lane))].map((lane) => {
      const own = rows.filter((r) => r.lane === lane);
      const first = Math.min(...own.map((r) => r.start));
      const last = Math.max(...own.map((r) => r.end));
      return `${lane} ${seconds(last - first)} (${own.length} files, ${own.reduce((n, r) => n + r.tests, 0)} tests, from ${seconds(first - this.runStart)})`;
    });
    const width = Math.max(...rows.map((r) => r.lane.length));
    const lines = [
      '',
      `Durations: ${seconds(Date.now() - this.runStart)} in all; lanes: ${lanes.join(' · ')}`,
      ...rows
        .sort((a, b) => b.end - b.start - (a.end - a.start))
        .map(
          (r) =>
            `${seconds(r.end - r.start).padStart(8)}  ${r.lane.padEnd(width)}  ${r.file} (${r.tests} tests, from ${seconds(r.start - this.runStart)})`,
        ),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (process.env.TEST_DURATIONS === 'write') {
      const seconds = { ...readDurations() };
      for (const r of rows) seconds[durationKey(r.lane, r.file)] = Math.round((r.end - r.start) / 100) / 10;
      const sorted = Object.fromEntries(Object.entries(seconds).sort(([a], [b]) => a.localeCompare(b)));
      writeFileSync(DURATIONS_FILE, `${JSON.stringify(sorted, null, 2)}\n`);
      process.stdout.write(`Durations written to test/durations.json\n`);
    }
  }
}
