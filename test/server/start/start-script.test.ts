/**
 * `npm start` (scripts/start.mjs): the build's output held back unless it fails, then the service
 * from its sources; Ctrl-C (SIGINT to the whole process group, as a terminal sends it) stops the
 * service once and cleanly, and a SIGTERM to the script alone is passed on. The build here is a
 * stand-in `npm` first on PATH that prints what a real build prints (the real build runs before
 * every suite: npm test's prepare step); the service is the real one, run as `npm start` runs it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../support/http.ts';
import { until } from '../../support/process.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'start-script-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A stand-in `npm` for `npm run build`: prints `noise`, exits with `code`. */
async function fakeNpm(name: string, noise: string, code: number): Promise<string> {
  const bin = join(dir, name);
  await mkdir(bin, { recursive: true });
  await writeFile(
    join(bin, 'npm'),
    `#!/bin/sh\n[ "$1 $2" = "run build" ] || exit 97\nprintf '%s\\n' ${JSON.stringify(noise)}\nprintf 'warning on stderr\\n' >&2\nexit ${code}\n`,
  );
  await chmod(join(bin, 'npm'), 0o755);
  return bin;
}

/** `node scripts/start.mjs …` in a process group of its own (a terminal's), with its output gathered. */
function start(
  args: string[],
  env: NodeJS.ProcessEnv,
): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
} {
  const child = spawn(process.execPath, [join(repo, 'scripts', 'start.mjs'), ...args], {
    cwd: repo,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout!.on('data', (c: Buffer) => (text += c.toString('utf8')));
  child.stderr!.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => text, exited };
}

/** Waits for the service's banner; a start that never prints it fails with what it printed. */
const banner = (run: { output: () => string }) =>
  until('the banner', () => /listening on http:\/\/127\.0\.0\.1:\d+/.test(run.output()), 90_000).catch(
    (error: Error) => {
      throw new Error(`${error.message}; it printed:\n${run.output()}`);
    },
  );

/** The service's settings for a start of its own: a free port on loopback, a fresh DATA_DIR. */
async function serviceEnv(name: string, path?: string): Promise<NodeJS.ProcessEnv> {
  return {
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: join(dir, `data-${name}`),
    DATABASE_URL: '',
    FILES_URL: '',
    ...(path ? { PATH: `${path}:${process.env.PATH}` } : {}),
  };
}

describe.concurrent('npm start', () => {
  it("says one line for a build that worked, none of its output, then the service's banner; Ctrl-C stops the service once, cleanly", async () => {
    const bin = await fakeNpm('ok', '[PLUGIN_TIMINGS] Warning: your build spent significant time in plugins', 0);
    const run = start([], await serviceEnv('ok', bin));
    try {
      await banner(run);
      const text = run.output();
      expect(text).toMatch(/^Building the widget, the service and the demo .*\nBuilt in \d+ s\.\n/);
      expect(text).not.toContain('PLUGIN_TIMINGS');
      expect(text).not.toContain('warning on stderr');
      // Ctrl-C: the terminal signals the group — the script and the service alike.
      process.kill(-run.child.pid!, 'SIGINT');
      expect(await run.exited, run.output()).toEqual({ code: 0, signal: null });
    } finally {
      if (run.child.exitCode === null) process.kill(-run.child.pid!, 'SIGKILL');
    }
  }, 150_000);

  it('shows the whole output of a build that failed, and exits with its code, serving nothing', async () => {
    const bin = await fakeNpm(
      'failed',
      'src/widget/elements/chat-bot.ts(12,3): error TS2322: Type string is not assignable to type number.',
      2,
    );
    const run = start([], await serviceEnv('failed', bin));
    expect(await run.exited).toEqual({ code: 2, signal: null });
    expect(run.output()).toContain('error TS2322: Type string is not assignable');
    expect(run.output()).toContain('warning on stderr');
    expect(run.output()).toContain('the build failed (exit code 2); its output is above');
    expect(run.output()).not.toContain('listening on');
  }, 60_000);

  it('--no-build serves what dist/ holds; a SIGTERM to the script alone stops the service, which leaves its port', async () => {
    const env = await serviceEnv('no-build');
    const run = start(['--no-build'], env);
    try {
      await banner(run);
      expect(run.output()).not.toContain('Building');
      run.child.kill('SIGTERM');
      expect(await run.exited, run.output()).toEqual({ code: 0, signal: null });
      const refused = await new Promise<string>((resolve) => {
        const socket = connect(Number(env.PORT), '127.0.0.1');
        socket.once('connect', () => (socket.destroy(), resolve('connected')));
        socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
      });
      expect(refused).toBe('ECONNREFUSED');
    } finally {
      if (run.child.exitCode === null) process.kill(-run.child.pid!, 'SIGKILL');
    }
  }, 150_000);
});
