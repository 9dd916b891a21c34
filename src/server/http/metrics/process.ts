/**
 * A few of the process's own numbers, under the names prom-client's default metrics give them (so
 * a Node.js dashboard reads them as they are): CPU, memory, the event loop's delay. Not
 * `collectDefaultMetrics` itself: it starts an event-loop monitor and a GC observer that nothing
 * can stop, one more for every app a test builds; this monitor is the app's, stopped on close.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Counter, Gauge, type Registry } from 'prom-client';

/** Registers them on `registry`; returns how to stop the monitor. */
export function processMetrics(registry: Registry): () => void {
  const registers = [registry];
  new Counter({
    name: 'process_cpu_seconds_total',
    help: 'CPU time of the process, user and system, in seconds.',
    registers,
    collect() {
      const { user, system } = process.cpuUsage();
      this.reset();
      this.inc((user + system) / 1e6);
    },
  });
  new Gauge({
    name: 'process_resident_memory_bytes',
    help: 'Resident memory of the process, in bytes.',
    registers,
    collect() {
      this.set(process.memoryUsage.rss());
    },
  });
  new Gauge({
    name: 'nodejs_heap_size_used_bytes',
    help: "The JavaScript heap's used size, in bytes.",
    registers,
    collect() {
      this.set(process.memoryUsage().heapUsed);
    },
  });
  // Sampled every 20 ms; read and started again at each scrape: the worst since the last one.
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  new Gauge({
    name: 'nodejs_eventloop_lag_p99_seconds',
    help: "The 99th percentile of the event loop's delay since the last scrape, in seconds.",
    registers,
    aggregator: 'max',
    collect() {
      this.set(delay.count ? delay.percentile(99) / 1e9 : 0);
      delay.reset();
    },
  });
  return () => delay.disable();
}
