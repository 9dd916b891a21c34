/** A program the tests start as a child process (the service's bin, `next start`), ready when its output says so. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';

export interface StartedProcess {
  /** Everything it printed (stdout and stderr) until it was ready. */
  output: string;
  pid: number;
  /** Ends it (SIGTERM) and waits until it has. */
  stop(): Promise<void>;
  /** Settles once it has ended: its exit code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Starts `command` and resolves once its output matches `ready`; rejects, with the output, if it exits first. */
export async function startProcess(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; uid?: number; gid?: number },
  ready: RegExp,
): Promise<StartedProcess> {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let output = '';
  /** What it printed since it was ready: the last 64 KB, told if it ends unasked. */
  let since = '';
  let stopping = false;
  const stop = async () => {
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill();
    await once(child, 'exit').catch(() => undefined);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      let done = false;
      // Read to the end (a full pipe would stall the program): all of it until it is ready, then its last 64 KB.
      const take = (chunk: Buffer) => {
        if (done) {
          since = (since + chunk.toString('utf8')).slice(-65_536);
          return;
        }
        output += chunk.toString('utf8');
        if (ready.test(output)) {
          done = true;
          resolve();
        }
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`${command} exited with ${String(code)}: ${output}`)));
    });
  } catch (error) {
    await stop();
    throw error;
  }
  // A program that fails on its own while a test uses it (a crash; not a test's SIGKILL or SIGTERM, nor a clean exit) says why.
  child.once('close', (code, signal) => {
    if (!stopping && (signal ? !['SIGKILL', 'SIGTERM'].includes(signal) : code !== 0))
      console.error(
        `${command} ${args.join(' ')} (pid ${child.pid}) ended by itself (${signal ?? `exit code ${code}`}); what it printed last:\n${since}`,
      );
  });
  return { output, pid: child.pid!, stop, exited };
}

/** The process ids of `pid`'s children (Linux): a WORKERS primary's workers. */
export const childrenOf = (pid: number): number[] =>
  readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number);

/** Whether a process of this id is running. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `check` every 50 ms until it gives something truthy, and resolves with it; fails after `ms`, naming `what`. */
export async function until<T>(what: string, check: () => T | Promise<T>, ms = 20_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
