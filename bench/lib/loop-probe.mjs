// Preloaded into the service's process by bench/listings-scale.mjs (node --import): how long the
// event loop was held, as the process itself sees it — a 10 ms interval timer's lateness, each tick
// measured against the one before. Every 100 ms it appends the window's longest to
// BENCH_LOOP_DIR/<pid>.jsonl: `t` (ms since the epoch, the benchmark's clock too) and `max` (ms). A
// loop held for 10 s writes nothing for 10 s, then one line whose `max` is those 10 s.
//
// Not perf_hooks.monitorEventLoopDelay with a reset per window: its reset() forgets the interval in
// progress, so a hold that starts within one resolution of a reset is not recorded at all (a 300 ms
// hold right after reset() leaves max at 10 ms; 25 ms after, 317 ms — Node 20). The service's own
// nodejs_eventloop_lag_p99_seconds resets that way at each scrape, and is a p99 over the whole
// scrape interval besides: one long hold among many short turns falls outside it.
//
// The service's thread only: a worker thread inherits the process's --import, and PGlite's thread
// (src/server/store/pglite/thread.ts) holds its own loop for each statement by design — before
// 2026-11-29 its holds were written here too, under the same pid, and read as the service's.
import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

const RESOLUTION_MS = 10;
const WINDOW_MS = 100;

const dir = process.env.BENCH_LOOP_DIR;
if (dir && isMainThread) {
  const fd = fs.openSync(path.join(dir, `${process.pid}.jsonl`), 'a');
  let last = performance.now();
  let windowEnd = last + WINDOW_MS;
  let max = 0;
  setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - last - RESOLUTION_MS);
    last = now;
    if (now < windowEnd) return;
    fs.writeSync(fd, `${JSON.stringify({ t: Date.now(), max: Math.round(max * 10) / 10 })}\n`);
    max = 0;
    windowEnd = now + WINDOW_MS;
  }, RESOLUTION_MS).unref();
}
