// The compiled service (dist/node/server/main.js, `npm run build` at the root) as the benchmarks run
// it: its own process on 127.0.0.1, port 0, a temporary DATA_DIR, no model server and no mail, the
// offline engine without its per-word delay. Resolves once it has made the demo chatbot.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT_DIR } from './env.mjs';

/**
 * `apiKey` becomes CHATBOT_API_KEY; `databaseUrl` '' for the embedded PGlite; `nodeArgs` go to the
 * service's node (--cpu-prof … to profile it); `dataRoot`: where its DATA_DIR is made (a tmpfs: in memory); `dataDir`: a
 * DATA_DIR made (and seeded) beforehand instead, removed with the service as a made one is; `env`: more of its environment. Gone with the script even when a deadline exits it.
 * Its visitor throttles and the demo's rate limit are off (THROTTLE=off, DEMO_RATE_LIMIT=0): every benchmark's visitors come from one address.
 */
export async function startService({
  apiKey,
  databaseUrl = '',
  workers = 1,
  nodeArgs = [],
  dataRoot = os.tmpdir(),
  dataDir = undefined,
  env = {},
  startLimitMs = 60_000,
}) {
  const main = path.join(ROOT_DIR, 'dist/node/server/main.js');
  if (!fs.existsSync(main))
    throw new Error('dist/node/server/main.js is missing: run `npm run build` at the root first.');
  dataDir ??= fs.mkdtempSync(path.join(dataRoot, 'chat-bot-bench-'));
  const child = spawn(process.execPath, [...nodeArgs, main], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      CHATBOT_API_KEY: apiKey,
      LLM_BASE_URL: '',
      SMTP_URL: '',
      OFFLINE_WORD_DELAY_MS: '0',
      WORKERS: String(workers),
      THROTTLE: 'off',
      DEMO: 'on',
      DEMO_RATE_LIMIT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const cleanUp = () => {
    child.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('exit', cleanUp);
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (c) => (out += c));
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the service exited (${code})`);
  });
  exited.catch(() => {});
  const limit = new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`the service did not start in ${startLimitMs} ms`)), startLimitMs).unref(),
  );
  while (!/demo chatbot/.test(out)) await Promise.race([once(child.stdout, 'data'), exited, limit]);
  const port = /listening on http:\/\/[^:]+:(\d+)/.exec(out)[1];
  return {
    origin: `http://127.0.0.1:${port}`,
    pid: child.pid,
    /** What the service has written to its standard output so far (its log). */
    output: () => out,
    /** Whether it has exited. */
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async close() {
      process.off('exit', cleanUp);
      child.kill();
      await Promise.race([once(child, 'exit').catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The floor (floor-server.mjs): bare node:http in a process of its own, streaming `fragments` as the
 * service streams an answer. The same interface as startService.
 */
export async function startFloor(fragments, { nodeArgs = [] } = {}) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chat-bot-floor-')), 'fragments.json');
  fs.writeFileSync(file, JSON.stringify(fragments));
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT_DIR, 'bench/lib/floor-server.mjs'), file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const cleanUp = () => child.kill();
  process.on('exit', cleanUp);
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (c) => (out += c));
  while (!/listening on/.test(out))
    await Promise.race([
      once(child.stdout, 'data'),
      once(child, 'exit').then(() => {
        throw new Error('the floor server exited');
      }),
    ]);
  return {
    origin: /listening on (\S+)/.exec(out)[1],
    pid: child.pid,
    async close() {
      process.off('exit', cleanUp);
      child.kill();
      await Promise.race([once(child, 'exit').catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    },
  };
}

/** Is the compiled service older than its source? Then the numbers are not the commit's that results.mjs records. */
export function distIsStale() {
  const newest = (dir) =>
    Math.max(
      0,
      ...fs
        .readdirSync(dir, { withFileTypes: true })
        .map((e) => (e.isDirectory() ? newest(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).mtimeMs)),
    );
  return (
    Math.max(newest(path.join(ROOT_DIR, 'src/server')), newest(path.join(ROOT_DIR, 'src/protocol'))) >
    fs.statSync(path.join(ROOT_DIR, 'dist/node/server/main.js')).mtimeMs
  );
}
