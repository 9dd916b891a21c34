// Reads what bench/lib/heap-probe.mjs, preloaded into another process (node --expose-gc --import
// HEAP_PROBE, with BENCH_HEAP_DIR set), writes: bench/files-throughput.mjs and
// test/e2e/slow-clients.test.ts read the service's memory from inside with it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The probe to preload: `--import` takes this URL. */
export const HEAP_PROBE = pathToFileURL(fileURLToPath(new URL('./heap-probe.mjs', import.meta.url))).href;

const MiB = 1_048_576;
/** MiB of a probe line: the heap in use, the memory outside it, both. */
const heapMiB = (line) => ({
  heap: line.heapUsed / MiB,
  outside: line.external / MiB,
  total: (line.heapUsed + line.external) / MiB,
});
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** What the probe preloaded into process `pid` has written to `dir`. */
export function heapProbe(pid, dir) {
  const file = path.join(dir, `${pid}.jsonl`);
  const size = () => fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  /** The whole lines from byte `from` on (a line being written is left for the next read). */
  function lines(from = 0) {
    const bytes = Buffer.alloc(Math.max(0, size() - from));
    if (bytes.length > 0) {
      const fd = fs.openSync(file, 'r');
      try {
        fs.readSync(fd, bytes, 0, bytes.length, from);
      } finally {
        fs.closeSync(fd);
      }
    }
    return bytes
      .toString('utf8')
      .split('\n')
      .slice(0, -1)
      .map((l) => JSON.parse(l));
  }
  return {
    /** A full collection in the process now, and what it holds after it (MiB). */
    async live() {
      // Only what the probe writes after the signal is read while waiting (the file grows by 50 lines a second).
      const from = size();
      process.kill(pid, 'SIGUSR2');
      // The signal waits for the process's event loop: on a busy machine, under a hundred visitors, seconds.
      for (const limit = Date.now() + 30_000; Date.now() < limit; await sleep(5)) {
        const live = lines(from).find((l) => l.live);
        if (live) return heapMiB(live);
      }
      throw new Error('the heap probe did not answer (is lib/heap-probe.mjs preloaded?)');
    },
    /** The most of the heap in use and of the memory outside it sampled between `from` and `to` (Date.now() ms), garbage included. */
    peak(from, to) {
      const inside = lines()
        .filter((l) => !l.live && l.t >= from && l.t <= to)
        .map(heapMiB);
      return {
        heap: Math.max(...inside.map((m) => m.heap)),
        outside: Math.max(...inside.map((m) => m.outside)),
        samples: inside.length,
      };
    },
  };
}
