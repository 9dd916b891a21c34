#!/usr/bin/env node
// Uploaded files through each file store (issue 23): the compiled service (`npm run build` at the
// root) started fresh per run with FILES_URL set, an owner's video of --size-mib (100 MiB, the video
// limit) uploaded in the documented three steps and read back, on loopback.
//
//   disk                      FILES_URL=disk, PGlite (the default of `npm start`): DATA_DIR/files
//   database, PGlite          FILES_URL=database: 1 MiB chunk rows in the embedded PGlite
//   database, PostgreSQL      FILES_URL=database with --database-url (a server where databases can be created)
//   s3, local s3rver          FILES_URL=s3://…, PGlite; s3rver (a fake S3 keeping its objects on this
//                             machine's disk) in a process of its own — test/support/s3.ts, the tests' own
//
// Each run: GetPreUploadUrl with the owner API key → PUT the bytes, streamed from here (a video header,
// then a 1 MiB random block over and over: never the whole file in memory, here or there) → UploadSuccess
// → GET the whole file --downloads times (read and discarded, checked against what was sent) →
// --range-reads GETs of 1 MiB spread over the file. Timed from the request to the last byte of the
// response. Meanwhile:
//   memory   the service's RSS (/proc/<pid>/status VmRSS) sampled every 50 ms, and its peak (VmHWM,
//            reset before each step through /proc/<pid>/clear_refs) read after each step; and from
//            inside (lib/heap-probe.mjs): the heap in use and the memory outside it every 20 ms;
//   CPU      from /proc/<pid>/stat: the service's, PostgreSQL's processes', s3rver's, and any other
//            program's (a run disturbed by another job says so);
//   probes   other requests, one after another: GET /openapi.json (the event loop alone) and
//            Chatbot/List (a read of the database) — does a file going through hold up the rest?
// Then what the service holds while a file goes through: a second video uploaded and read back, each
// with a full garbage collection halfway (kept apart from the figures above: a collection changes
// what RSS shows), and what it still holds after a collection before and at the end.
// Medians of --runs runs, each on a fresh service (and a fresh database or s3rver).
//
//   node files-throughput.mjs [--runs 3] [--size-mib 100] [--range-reads 5] [--downloads 3] [--stores disk,database,postgres,s3]
//        [--database-url postgres://…] [--quick] [--deadline-s 1800]
//   SERVICE_NODE_ARGS='--max-old-space-size=64' node files-throughput.mjs …   (flags for the service's node)
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import { withDatabase } from './lib/database.mjs';
import { ROOT_DIR } from './lib/env.mjs';
import { cpuSnapshot } from './lib/cpu.mjs';
import { HEAP_PROBE, heapProbe } from './lib/heap-read.mjs';
import { machine, writeResults } from './lib/results.mjs';
import { distIsStale, startService } from './lib/service.mjs';
import { fmt, median, parseArgs, table } from './lib/stats.mjs';

const args = parseArgs(process.argv.slice(2), {
  runs: 3,
  sizeMib: 100,
  rangeReads: 5,
  downloads: 3,
  stores: ['disk', 'database', 'postgres', 's3'],
  databaseUrl: process.env.BENCH_DATABASE_URL ?? '',
  quick: false,
  deadlineS: 1800,
});
if (args.quick) args.runs = 1;
setTimeout(() => {
  console.error(`files-throughput: over the limit of ${args.deadlineS} s`);
  process.exit(3);
}, args.deadlineS * 1000).unref();

/** A fresh key for each run (CHATBOT_API_KEY takes no weak key). */
const API_KEY = `cbk_${randomBytes(24).toString('base64url')}`;
const MiB = 1_048_576;
const SIZE = Math.round(args.sizeMib * MiB);
const SAMPLE_MS = 50;
/** The pause between one probe's requests (probing). */
const PROBE_GAP_MS = 20;
const CORES = os.availableParallelism?.() ?? os.cpus().length;
/** Clock ticks a second of /proc/<pid>/stat (getconf CLK_TCK: 100 on Linux). */
const TICKS = 100;
/** How long the service is left alone before its RSS is read "before" and "after". */
const SETTLE_MS = 1000;

// The file: an MP4 `ftyp` box (as test/support/media.ts mp4() builds it, what the sniffer accepts), over
// the start of a random block; then the block again and again. Random bytes: nothing on the way compresses them.
const BLOCK = randomBytes(MiB);
const FIRST = Buffer.from(BLOCK);
const ftyp = Buffer.concat([Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41')]);
FIRST.writeUInt32BE(ftyp.length + 4, 0);
ftyp.copy(FIRST, 4);
const blockAt = (i) => (i === 0 ? FIRST : BLOCK);

/** The file's bytes as a stream, a block at a time; `halfway()` once half of them have been taken. */
function* pieces(halfway) {
  for (let sent = 0; sent < SIZE; sent += MiB) {
    if (halfway && sent >= SIZE / 2 && sent - MiB < SIZE / 2) halfway();
    yield blockAt(sent / MiB).subarray(0, Math.min(MiB, SIZE - sent));
  }
}

/** Is `chunk` the file's bytes at `position`? (Compared block by block, nothing copied.) */
function matches(chunk, position) {
  for (let done = 0; done < chunk.length;) {
    const at = position + done;
    const offset = at % MiB;
    const n = Math.min(MiB - offset, chunk.length - done);
    if (!chunk.subarray(done, done + n).equals(blockAt(Math.floor(at / MiB)).subarray(offset, offset + n)))
      return false;
    done += n;
  }
  return true;
}

const agent = new http.Agent({ keepAlive: true });

function post(origin, pathname, body, through = agent) {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${pathname}`,
      { method: 'POST', agent: through, headers: { 'content-type': 'application/json', authorization: API_KEY } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (text += c));
        res.on('end', () => {
          try {
            const reply = JSON.parse(text);
            if (!reply.Success) throw new Error(`${pathname}: ${res.statusCode} ${reply.Message}`);
            resolve(reply.Data);
          } catch (e) {
            reject(e);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** PUT the file to its PreUploadUrl, streamed: ms to the service's answer, and its Data. */
async function put(url, halfway) {
  const t0 = performance.now();
  const req = http.request(url, {
    method: 'PUT',
    agent,
    headers: { 'content-type': 'video/mp4', 'content-length': String(SIZE) },
  });
  const answered = once(req, 'response');
  await pipeline(Readable.from(pieces(halfway), { objectMode: false }), req);
  const [res] = await answered;
  const text = Buffer.concat(await res.toArray()).toString('utf8');
  const ms = performance.now() - t0;
  if (res.statusCode !== 200) throw new Error(`PUT: ${res.statusCode} ${text}`);
  return { ms, data: JSON.parse(text).Data };
}

/** GET the file or one range of it: ms to the last byte, bytes read, whether they were the file's; `halfway()` once half have come. */
function get(url, range, halfway) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get(
      url,
      { agent, headers: range ? { range: `bytes=${range.start}-${range.end}` } : {} },
      (res) => {
        let position = range?.start ?? 0;
        let intact = res.statusCode === (range ? 206 : 200);
        res.on('data', (chunk) => {
          intact &&= matches(chunk, position);
          position += chunk.length;
          if (halfway && position >= SIZE / 2) {
            halfway();
            halfway = undefined;
          }
        });
        res.on('end', () => resolve({ ms: performance.now() - t0, bytes: position - (range?.start ?? 0), intact }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

/** GET a small answer (drained): ms to its end. */
function getSmall(url, options) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(url, options, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve(performance.now() - t0) : reject(new Error(`GET ${url}: ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

const probeAgent = new http.Agent({ keepAlive: true });
/**
 * Other requests while a file goes up or down, one after another with PROBE_GAP_MS between them:
 * `GET /openapi.json` (the event loop and HTTP only) and `Chatbot/List` with the API key (a read of
 * the database). `stop()` waits for the ones under way and gives their latencies (ms).
 */
function probing(origin) {
  let stopped = false;
  const samples = { loop: [], database: [] };
  const ask = {
    loop: () => getSmall(`${origin}/openapi.json`, { agent: probeAgent }),
    database: async () => {
      const t0 = performance.now();
      await post(origin, '/chat/Chatbot/List', {}, probeAgent);
      return performance.now() - t0;
    },
  };
  const running = Promise.all(
    Object.keys(ask).map(async (kind) => {
      while (!stopped) {
        samples[kind].push(await ask[kind]());
        await sleep(PROBE_GAP_MS);
      }
    }),
  );
  const summary = (xs) => ({ p50: median(xs), max: Math.max(...xs), n: xs.length });
  return {
    async stop() {
      stopped = true;
      await running;
      return { loop: summary(samples.loop), database: summary(samples.database) };
    },
  };
}

// ---- the service's process, from /proc ----

const read = (file) => {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
};
/** A line of /proc/<pid>/status in MiB (VmRSS, VmHWM). */
const statusMiB = (pid, key) =>
  Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(read(`/proc/${pid}/status`))?.[1] ?? NaN) / 1024;
/** utime + stime of a process, in seconds. */
function cpuSecondsOf(pid) {
  const stat = read(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}
/**
 * CPU so far, in seconds: the service's, PostgreSQL's processes', s3rver's, this script's — and the
 * machine's snapshot (lib/cpu.mjs), for what anything else took meanwhile.
 */
function cpuNow(servicePid, s3Pid) {
  const snapshot = cpuSnapshot();
  let postgres = 0;
  for (const { comm, ticks } of snapshot.processes.values()) if (comm === 'postgres') postgres += ticks;
  const own = process.cpuUsage();
  return {
    service: cpuSecondsOf(servicePid),
    postgres: postgres / TICKS,
    s3: s3Pid ? cpuSecondsOf(s3Pid) : 0,
    bench: (own.user + own.system) / 1e6,
    snapshot,
  };
}
/**
 * What each took between two cpuNow(); `others`: the CPU seconds of every other program (another job
 * on the machine) — kernel threads left out, as they write our own bytes back to the disk.
 */
function cpuBetween(a, b, pids) {
  let others = 0;
  for (const [pid, { comm, ticks }] of b.snapshot.processes) {
    if (pids.includes(pid) || pid === process.pid || comm === 'postgres' || !read(`/proc/${pid}/cmdline`)) continue;
    const earlier = a.snapshot.processes.get(pid);
    others += ticks - (earlier?.comm === comm ? earlier.ticks : 0);
  }
  return {
    service: b.service - a.service,
    postgres: b.postgres - a.postgres,
    s3: b.s3 - a.s3,
    bench: b.bench - a.bench,
    others: others / TICKS,
  };
}
/** Resets the process's VmHWM to its RSS now (clear_refs 5, Linux ≥ 4.0); false when it may not. */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * Runs `work` while sampling the RSS of `pids` every SAMPLE_MS: the result of work, and for each pid
 * the highest sample, how many samples, and the kernel's own peak (VmHWM) since the start when it could be reset.
 */
async function watched(pids, work) {
  const resettable = Object.fromEntries(pids.map((pid) => [pid, resetPeak(pid)]));
  const peaks = Object.fromEntries(pids.map((pid) => [pid, statusMiB(pid, 'VmRSS')]));
  let samples = 1;
  const timer = setInterval(() => {
    samples++;
    for (const pid of pids) peaks[pid] = Math.max(peaks[pid], statusMiB(pid, 'VmRSS'));
  }, SAMPLE_MS);
  try {
    const result = await work();
    return {
      result,
      memory: Object.fromEntries(
        pids.map((pid) => [
          pid,
          {
            sampled: Math.max(peaks[pid], statusMiB(pid, 'VmRSS')),
            samples,
            hwm: resettable[pid] ? statusMiB(pid, 'VmHWM') : NaN,
          },
        ]),
      ),
    };
  } finally {
    clearInterval(timer);
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---- the stores' surroundings ----

/** The tests' local S3 (test/support/s3.ts: s3rver, plus the multipart listing and abort it lacks) in a process of its own. */
async function startS3() {
  const code = `const { serviceEnv, startS3 } = await import('./test/support/s3.ts');
const s3 = await startS3();
console.log(JSON.stringify(serviceEnv(s3, 'bench')));
process.on('SIGTERM', () => s3.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ['--no-warnings', '--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: ROOT_DIR,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const cleanUp = () => child.kill();
  process.on('exit', cleanUp);
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (c) => (out += c));
  while (!out.includes('\n'))
    await Promise.race([
      once(child.stdout, 'data'),
      once(child, 'exit').then(() => {
        throw new Error('s3rver exited');
      }),
    ]);
  return {
    pid: child.pid,
    /** FILES_URL and the AWS variables for the service: test/support/s3.ts serviceEnv, as the e2e tests set them. */
    env: JSON.parse(out),
    async close() {
      process.off('exit', cleanUp);
      child.kill('SIGTERM');
      await Promise.race([once(child, 'exit').catch(() => {}), sleep(5000)]);
    },
  };
}

const CONFIGURATIONS = {
  disk: { label: 'disk (PGlite)', env: { FILES_URL: 'disk' } },
  database: { label: 'database, PGlite', env: { FILES_URL: 'database' } },
  postgres: { label: 'database, PostgreSQL', env: { FILES_URL: 'database' }, postgres: true },
  s3: { label: 's3, local s3rver (PGlite)', env: {}, s3: true },
};

// ---- one run ----

async function runOnce(config, databaseUrl) {
  const s3 = config.s3 ? await startS3() : null;
  // SERVICE_NODE_ARGS: flags for the service's node, as service-load.mjs takes them.
  const nodeArgs = [
    '--expose-gc',
    '--import',
    HEAP_PROBE,
    ...(process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean),
  ];
  const heapDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bot-heap-'));
  const service = await startService({
    apiKey: API_KEY,
    databaseUrl,
    nodeArgs,
    env: { ...config.env, ...s3?.env, BENCH_HEAP_DIR: heapDir },
  }).catch(async (e) => {
    await s3?.close();
    throw e;
  });
  const heap = heapProbe(service.pid, heapDir);
  const pids = [service.pid, ...(s3 ? [s3.pid] : [])];
  const cpu = () => cpuNow(service.pid, s3?.pid);
  const spent = (a, b) => cpuBetween(a, b, pids);
  try {
    const liveBefore = await heap.live();
    // The probes' latency with nothing else going on, meanwhile the service settles.
    let probes = probing(service.origin);
    await sleep(SETTLE_MS);
    const idle = await probes.stop();
    const before = statusMiB(service.pid, 'VmRSS');
    const { FileStoreId, PreUploadUrl } = await post(service.origin, '/chat/User/GetPreUploadUrl', {
      fileName: 'bench.mp4',
    });

    let c0 = cpu();
    probes = probing(service.origin);
    const upFrom = Date.now();
    const up = await watched(pids, () => put(PreUploadUrl));
    const upTo = Date.now();
    const upCpu = spent(c0, cpu());
    const duringUpload = await probes.stop();
    if (up.result.data.Size !== SIZE) throw new Error(`PUT stored ${up.result.data.Size} bytes of ${SIZE}`);

    const t0 = performance.now();
    const checked = await post(service.origin, '/chat/User/UploadSuccess', { FileStoreId });
    const successMs = performance.now() - t0;
    if (checked.Kind !== 'Video' || checked.Size !== SIZE) throw new Error(`UploadSuccess: ${JSON.stringify(checked)}`);

    const url = `${service.origin}/chat/File/${FileStoreId}`;
    // --downloads: the whole file again and again, each watched on its own: memory that only grows shows here.
    const downloads = [];
    const downFrom = Date.now();
    for (let i = 0; i < args.downloads; i++) {
      c0 = cpu();
      probes = probing(service.origin);
      const d = await watched(pids, () => get(url));
      downloads.push({ ...d, cpu: spent(c0, cpu()), probes: await probes.stop() });
      if (d.result.bytes !== SIZE || !d.result.intact)
        throw new Error(`GET gave ${d.result.bytes} bytes${d.result.intact ? '' : ', not the ones sent'}`);
    }
    const downTo = Date.now();
    const [down] = downloads;
    // CPU of a download: the mean of the downloads'.
    const downCpu = Object.fromEntries(
      Object.keys(down.cpu).map((who) => [who, downloads.reduce((sum, d) => sum + d.cpu[who], 0) / downloads.length]),
    );

    // 1 MiB ranges spread over the file, the middle first, none on a block boundary.
    const ranges = Array.from({ length: args.rangeReads }, (_, i) => {
      const start = Math.min(SIZE - MiB, Math.floor(((0.5 + i / args.rangeReads) % 1) * SIZE) + 4099);
      return { start, end: start + MiB - 1 };
    });
    const rangeMs = [];
    for (const range of ranges) {
      const r = await get(url, range);
      if (r.bytes !== MiB || !r.intact)
        throw new Error(
          `GET of ${range.start}-${range.end} gave ${r.bytes} bytes${r.intact ? '' : ', not the ones sent'}`,
        );
      rangeMs.push(r.ms);
    }
    await sleep(SETTLE_MS);
    const after = statusMiB(service.pid, 'VmRSS');

    // What the service holds halfway through a file: another video up and down, a collection halfway through each.
    const second = await post(service.origin, '/chat/User/GetPreUploadUrl', { fileName: 'bench-2.mp4' });
    let upHalfway;
    await put(second.PreUploadUrl, () => (upHalfway = heap.live()));
    await post(service.origin, '/chat/User/UploadSuccess', { FileStoreId: second.FileStoreId });
    let downHalfway;
    const again = await get(
      `${service.origin}/chat/File/${second.FileStoreId}`,
      undefined,
      () => (downHalfway = heap.live()),
    );
    if (again.bytes !== SIZE || !again.intact)
      throw new Error(`GET of the second video gave ${again.bytes} bytes${again.intact ? '' : ', not the ones sent'}`);
    const live = { before: liveBefore, upload: await upHalfway, download: await downHalfway, after: await heap.live() };

    const peak = (m) => Math.max(m.sampled, Number.isFinite(m.hwm) ? m.hwm : 0);
    // Another program's work on these cores meanwhile, as a share of the cores over each step.
    const busy = Math.max(
      upCpu.others / (up.result.ms / 1000) / CORES,
      ...downloads.map((d) => d.cpu.others / (d.result.ms / 1000) / CORES),
    );
    const run = {
      uploadMs: up.result.ms,
      uploadMiBs: SIZE / MiB / (up.result.ms / 1000),
      uploadSuccessMs: successMs,
      downloadMs: median(downloads.map((d) => d.result.ms)),
      downloadMiBs: SIZE / MiB / (median(downloads.map((d) => d.result.ms)) / 1000),
      downloadPeaksMiB: downloads.map((d) => peak(d.memory[service.pid])),
      rangeMs,
      rangeMedianMs: median(rangeMs),
      rssMiB: { before, upload: up.memory[service.pid], download: down.memory[service.pid], after },
      /** As V8 counts it (MiB): what the service holds after a full collection, and the most in use during the upload and the downloads above. */
      heapMiB: { live, peak: { upload: heap.peak(upFrom, upTo), download: heap.peak(downFrom, downTo) } },
      s3rverRssMiB: s3 ? { upload: up.memory[s3.pid], download: down.memory[s3.pid] } : null,
      cpuSeconds: { upload: upCpu, download: downCpu },
      othersShare: busy,
      probesMs: { idle, upload: duringUpload, download: down.probes },
    };
    if (busy > 0.05)
      console.log(
        `  (other programs took ${fmt(100 * busy)} % of the cores meanwhile: this run's speeds are disturbed)`,
      );
    if (downloads.length > 1)
      console.log(
        `  peaks of the ${downloads.length} downloads: ${run.downloadPeaksMiB.map((x) => fmt(x)).join(', ')} MiB`,
      );
    console.log(
      `  ${config.label}: up ${fmt(run.uploadMiBs)} MiB/s, down ${fmt(run.downloadMiBs)} MiB/s, 1 MiB range ${fmt(run.rangeMedianMs, 1)} ms; RSS ${fmt(before)} → ${fmt(peak(run.rssMiB.upload))} (upload) / ${fmt(Math.max(...run.downloadPeaksMiB))} (download) → ${fmt(after)} MiB; service CPU ${fmt(upCpu.service, 2)} s up, ${fmt(downCpu.service, 2)} s down; probes' slowest ${fmt(idle.loop.max)} / ${fmt(duringUpload.loop.max)} / ${fmt(down.probes.loop.max)} ms (idle / up / down), with a database read ${fmt(idle.database.max)} / ${fmt(duringUpload.database.max)} / ${fmt(down.probes.database.max)} ms`,
    );
    const { live: l } = run.heapMiB;
    console.log(
      `  held after a full collection (heap + outside it): ${fmt(l.before.total)} MiB before, ${fmt(l.upload.total)} halfway up, ${fmt(l.download.total)} halfway down, ${fmt(l.after.total)} after; in use at most (garbage included): heap ${fmt(run.heapMiB.peak.upload.heap)} / ${fmt(run.heapMiB.peak.download.heap)}, outside ${fmt(run.heapMiB.peak.upload.outside)} / ${fmt(run.heapMiB.peak.download.outside)} MiB (up / down)`,
    );
    return run;
  } finally {
    await service.close();
    await s3?.close();
    fs.rmSync(heapDir, { recursive: true, force: true });
  }
}

async function repeated(key) {
  const config = CONFIGURATIONS[key];
  const runs = [];
  for (let i = 0; i < args.runs; i++) {
    console.log(`${config.label}: run ${i + 1} of ${args.runs}`);
    runs.push(
      config.postgres
        ? await withDatabase(args.databaseUrl, 'chatbot_files', (url) => runOnce(config, url))
        : await runOnce(config, ''),
    );
  }
  const mid = (pick) => median(runs.map(pick));
  const peak = (m) => Math.max(m.sampled, Number.isFinite(m.hwm) ? m.hwm : 0);
  const per100 = SIZE / (100 * MiB);
  return {
    store: config.label,
    runs: runs.length,
    uploadMiBs: mid((r) => r.uploadMiBs),
    downloadMiBs: mid((r) => r.downloadMiBs),
    uploadSuccessMs: mid((r) => r.uploadSuccessMs),
    rangeMs: mid((r) => r.rangeMedianMs),
    rssMiB: {
      before: mid((r) => r.rssMiB.before),
      uploadPeak: mid((r) => peak(r.rssMiB.upload)),
      downloadPeak: mid((r) => Math.max(...r.downloadPeaksMiB)),
      after: mid((r) => r.rssMiB.after),
      uploadDelta: mid((r) => peak(r.rssMiB.upload) - r.rssMiB.before),
      downloadDelta: mid((r) => Math.max(...r.downloadPeaksMiB) - r.rssMiB.before),
      maxDelta: Math.max(...runs.map((r) => Math.max(peak(r.rssMiB.upload), ...r.downloadPeaksMiB) - r.rssMiB.before)),
    },
    /** As V8 counts it, MiB: held after a full collection before, and its rise halfway up, halfway down, after; the most in use (garbage included) above that. */
    heapMiB: {
      liveBefore: mid((r) => r.heapMiB.live.before.total),
      liveUpload: mid((r) => r.heapMiB.live.upload.total - r.heapMiB.live.before.total),
      liveDownload: mid((r) => r.heapMiB.live.download.total - r.heapMiB.live.before.total),
      liveAfter: mid((r) => r.heapMiB.live.after.total - r.heapMiB.live.before.total),
      liveMaxDelta: Math.max(
        ...runs.map(
          (r) => Math.max(r.heapMiB.live.upload.total, r.heapMiB.live.download.total) - r.heapMiB.live.before.total,
        ),
      ),
      peakHeap: Object.fromEntries(
        ['upload', 'download'].map((step) => [
          step,
          mid((r) => r.heapMiB.peak[step].heap - r.heapMiB.live.before.heap),
        ]),
      ),
      peakOutside: Object.fromEntries(
        ['upload', 'download'].map((step) => [
          step,
          mid((r) => r.heapMiB.peak[step].outside - r.heapMiB.live.before.outside),
        ]),
      ),
    },
    /** CPU seconds per 100 MiB: the service, PostgreSQL, s3rver, this script. */
    cpuPer100MiB: Object.fromEntries(
      ['upload', 'download'].map((step) => [
        step,
        Object.fromEntries(
          ['service', 'postgres', 's3', 'bench'].map((who) => [who, mid((r) => r.cpuSeconds[step][who]) / per100]),
        ),
      ]),
    ),
    /** The probes' latencies (ms): the median of each figure over the runs. */
    probesMs: Object.fromEntries(
      ['idle', 'upload', 'download'].map((step) => [
        step,
        Object.fromEntries(
          ['loop', 'database'].map((kind) => [
            kind,
            { p50: mid((r) => r.probesMs[step][kind].p50), max: mid((r) => r.probesMs[step][kind].max) },
          ]),
        ),
      ]),
    ),
    /** The most of the cores other processes took during an upload or download of any run. */
    othersShareMax: Math.max(...runs.map((r) => r.othersShare)),
    each: runs,
  };
}

async function main() {
  if (!fs.existsSync(path.join(ROOT_DIR, 'dist/node/server/main.js')))
    throw new Error('dist/node is missing: run `npm run build` at the root first.');
  const stale = distIsStale();
  if (stale)
    console.log(
      '  dist/node is older than src/server or src/protocol: what is measured is the last build, not the source (npm run build)',
    );
  const t0 = Date.now();
  console.log(
    `files-throughput: ${fmt(SIZE / MiB)} MiB video · ${args.runs} runs · ${args.rangeReads} range reads of 1 MiB`,
  );
  const stores = [];
  for (const key of args.stores) {
    if (!CONFIGURATIONS[key])
      throw new Error(`Unknown store "${key}": choose from ${Object.keys(CONFIGURATIONS).join(', ')}`);
    if (CONFIGURATIONS[key].postgres && !args.databaseUrl) {
      console.log('  database on PostgreSQL: skipped (give --database-url or BENCH_DATABASE_URL)');
      continue;
    }
    stores.push(await repeated(key));
  }

  console.log(`\n### Throughput: one ${fmt(SIZE / MiB)} MiB video, loopback, medians of ${args.runs} runs\n`);
  console.log(
    table(
      [
        'store',
        'upload MiB/s',
        'UploadSuccess ms',
        'download MiB/s',
        '1 MiB range ms',
        'service CPU s per 100 MiB up / down',
        'PostgreSQL / s3rver CPU s up / down',
        'others, most',
      ],
      stores.map((s) => {
        const { upload: u, download: d } = s.cpuPer100MiB;
        const other =
          u.postgres + d.postgres > 0
            ? `${fmt(u.postgres, 2)} / ${fmt(d.postgres, 2)}`
            : u.s3 + d.s3 > 0
              ? `${fmt(u.s3, 2)} / ${fmt(d.s3, 2)}`
              : '–';
        return [
          s.store,
          fmt(s.uploadMiBs),
          fmt(s.uploadSuccessMs, 1),
          fmt(s.downloadMiBs),
          fmt(s.rangeMs, 1),
          `${fmt(u.service, 2)} / ${fmt(d.service, 2)}`,
          other,
          `${fmt(100 * s.othersShareMax)} %`,
        ];
      }),
    ),
  );
  const signed = (x) => `${x >= 0 ? '+' : '−'}${fmt(Math.abs(x))}`;
  console.log(
    `\n### The service's memory (RSS, MiB): sampled every ${SAMPLE_MS} ms and the kernel's peak (VmHWM) of each step\n`,
  );
  console.log(
    table(
      [
        'store',
        'before',
        'peak, upload',
        'peak, download',
        'after',
        'peak − before, upload',
        'download',
        'largest in any run',
      ],
      stores.map(({ store, rssMiB: m }) => [
        store,
        fmt(m.before),
        fmt(m.uploadPeak),
        fmt(m.downloadPeak),
        fmt(m.after),
        signed(m.uploadDelta),
        signed(m.downloadDelta),
        signed(m.maxDelta),
      ]),
    ),
  );
  console.log(
    `\n### What the service holds, as V8 counts it (MiB): the heap in use plus the memory outside it (Buffers, PGlite's WebAssembly memory)\n`,
  );
  console.log(
    table(
      [
        'store',
        'held before',
        'held halfway up − before',
        'halfway down − before',
        'after − before',
        'largest in any run',
        'in use at most − before: heap, up / down',
        'outside the heap, up / down',
      ],
      stores.map(({ store, heapMiB: h }) => [
        store,
        fmt(h.liveBefore),
        signed(h.liveUpload),
        signed(h.liveDownload),
        signed(h.liveAfter),
        signed(h.liveMaxDelta),
        `${signed(h.peakHeap.upload)} / ${signed(h.peakHeap.download)}`,
        `${signed(h.peakOutside.upload)} / ${signed(h.peakOutside.download)}`,
      ]),
    ),
  );
  console.log(
    `\n### Other requests meanwhile: p50 / slowest ms of probes one after another (GET /openapi.json; Chatbot/List, a database read)\n`,
  );
  const p = (x) => `${fmt(x.p50, 1)} / ${fmt(x.max)}`;
  console.log(
    table(
      ['store', 'idle', 'during the upload', 'during the download', 'database read: idle', 'upload', 'download'],
      stores.map(({ store, probesMs: m }) => [
        store,
        p(m.idle.loop),
        p(m.upload.loop),
        p(m.download.loop),
        p(m.idle.database),
        p(m.upload.database),
        p(m.download.database),
      ]),
    ),
  );
  const file = writeResults('files-throughput', {
    machine: machine(''),
    elapsedS: (Date.now() - t0) / 1000,
    args: { ...args, databaseUrl: args.databaseUrl ? 'given' : '' },
    serviceNodeArgs: process.env.SERVICE_NODE_ARGS ?? '',
    sizeBytes: SIZE,
    sampleMs: SAMPLE_MS,
    distOlderThanSource: stale,
    stores,
  });
  console.log(`\nJSON: ${file}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
