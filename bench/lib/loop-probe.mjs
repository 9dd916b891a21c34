// Preloaded into the service's process by bench/listings-scale.mjs (node --import): the event loop's
// delay as the process itself sees it (perf_hooks.monitorEventLoopDelay, sampled every 10 ms).
// Every 100 ms it appends the window's figures to BENCH_LOOP_DIR/<pid>.jsonl and starts a new window:
// `t` (ms since the epoch, the benchmark's clock too), the window's longest delay `max` and its `p99`,
// in ms. A loop held for 10 s writes nothing for 10 s, then one line whose `max` is those 10 s.
// (The service's own nodejs_eventloop_lag_p99_seconds is a p99 over a whole scrape interval: one long
// hold among many short turns falls outside it.)
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const dir = process.env.BENCH_LOOP_DIR;
if (dir) {
  const fd = fs.openSync(path.join(dir, `${process.pid}.jsonl`), 'a');
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  setInterval(() => {
    if (delay.count) {
      const line = { t: Date.now(), max: delay.max / 1e6, p99: delay.percentile(99) / 1e6, n: delay.count };
      fs.writeSync(fd, `${JSON.stringify(line)}\n`);
    }
    delay.reset();
  }, 100).unref();
}
