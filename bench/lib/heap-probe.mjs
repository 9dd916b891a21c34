// Preloaded into the service's process by bench/files-throughput.mjs (node --expose-gc --import):
// what the process holds, as V8 and Node count it. Appends to BENCH_HEAP_DIR/<pid>.jsonl, in bytes
// with the time (ms since the epoch, the benchmark's clock too):
//   every 20 ms   the heap in use, and the memory V8 counts outside it (`external`: Buffers'
//                 ArrayBuffers, PGlite's WebAssembly memory) — garbage included;
//   on SIGUSR2    the same right after a full garbage collection (`live: true`): what the process
//                 still holds.
// RSS says how much memory the process has from the kernel; this says how much of it is in use.
//
// The service's thread only: a worker thread (PGlite's, src/server/store/pglite/thread.ts) inherits
// --expose-gc and --import, and its own heap's samples would mix with the service's in the file.
import fs from 'node:fs';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.BENCH_HEAP_DIR;
if (dir && isMainThread && typeof globalThis.gc === 'function') {
  const fd = fs.openSync(path.join(dir, `${process.pid}.jsonl`), 'a');
  const write = (live) => {
    const m = process.memoryUsage();
    fs.writeSync(
      fd,
      `${JSON.stringify({ t: Date.now(), live, heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers })}\n`,
    );
  };
  setInterval(() => write(false), 20).unref();
  process.on('SIGUSR2', () => {
    // Twice: V8 frees the memory of dead Buffers (ArrayBuffers) on other threads after a collection,
    // and counts it as freed only when that is done; the second collection waits for the first's.
    globalThis.gc();
    globalThis.gc();
    write(true);
  });
}
