// Preloaded into the service's processes by bench/service-load.mjs --profile (node --import): node's
// CPU profiler for a window the benchmark chooses — the first SIGUSR2 starts it, the next writes the
// profile to BENCH_PROFILE_DIR/<pid>.cpuprofile — so the profile holds the load alone, not the start
// (PGlite's initdb, migrations, the demo's seed) nor the benchmark's set-up.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  let profiling = false;
  process.on('SIGUSR2', () => {
    if (!profiling) {
      profiling = true;
      session.post('Profiler.enable', () => session.post('Profiler.start'));
      return;
    }
    profiling = false;
    session.post('Profiler.stop', (error, result) => {
      if (!error) fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
