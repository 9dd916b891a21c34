/**
 * The service as `npm start` runs it: the compiled bin (dist/node, built by `npm run build` before
 * the tests) on a fresh data directory with the embedded database, its first-start output read
 * for the address, the owner API key it prints once, and the demo chatbot. The embedded database
 * starts as a copy of the tests' migrated empty one (test/support/database.ts) — the service's own
 * first start (its migrations, owner, key and demo) is unchanged, PGlite's initdb is skipped — unless
 * `fresh` asks for an empty directory, as a first `npm start` has. A stop drains open answers for
 * 2 s (SHUTDOWN_DRAIN_MS), not 25: a test that stops it mid-stream does not wait for nothing.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyPgliteTo } from './database.ts';
import { startProcess, type StartedProcess } from './process.ts';

export interface RunningBin {
  url: string;
  apiKey: string;
  serial: string;
  /** Everything it printed on start. */
  output: string;
  /** The process `npm start` started (with WORKERS above 1, the primary of the workers). */
  pid: number;
  /** Its DATA_DIR (the embedded database is in `db/`). */
  dataDir: string;
  /** Settles once the process has ended: its exit code, or the signal that ended it. */
  exited: StartedProcess['exited'];
  /** Ends the service (SIGTERM, as an operator would) and keeps its data directory. */
  stop(): Promise<void>;
  /** Ends it and removes its data directory. */
  close(): Promise<void>;
}

export interface BinOptions {
  /** Another Node.js binary to run it on. */
  node?: string;
  /** The DATA_DIR of a service started before (and stopped or killed): started on it again, with no key printed (`apiKey` is then ''). */
  again?: string;
  /** An empty data directory, PGlite's initdb and all, rather than a copy of the migrated database. */
  fresh?: boolean;
  /** Node.js options before the bin (`--expose-gc`, `--import` a probe). */
  nodeArgs?: string[];
}

/** The compiled bin (dist/node, built by `npm run build` before the tests). */
const bin = join(import.meta.dirname, '../../dist/node/server/main.js');

/** The arguments that run one of the bin's commands (`files migrate …`, `digest …`) on the machine's Node. */
export const binCommand = (args: string[]): string[] => [bin, ...args];

/** `env`: more of the service's configuration (DATABASE_URL instead of the embedded database, WORKERS…). */
export async function startBin(
  env: Record<string, string> = {},
  { node = process.execPath, again, fresh = false, nodeArgs = [] }: BinOptions = {},
): Promise<RunningBin> {
  // A DATA_DIR in `env` is the caller's (faults-disk mounts its own); otherwise a new one.
  const given = again ?? env.DATA_DIR;
  const dataDir = given ?? (await mkdtemp(join(tmpdir(), 'chat-bot-bin-')));
  try {
    if (!given && !fresh && !env.DATABASE_URL) await copyPgliteTo(join(dataDir, 'db'));
    const started = await startProcess(
      node,
      [...nodeArgs, bin],
      {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: '0',
          DATABASE_URL: '',
          CHATBOT_API_KEY: '',
          LLM_BASE_URL: '',
          SMTP_URL: '',
          WORKERS: '',
          LOG_LEVEL: 'warn',
          THROTTLE: 'off',
          SHUTDOWN_DRAIN_MS: '2000',
          DEMO: 'on',
          DEMO_RATE_LIMIT: '0',
          ...env,
          DATA_DIR: dataDir,
        },
      },
      again ? /demo chatbot\s+[0-9a-f]{32}|demo\s+off/ : /Owner API key[\s\S]*cbk_\S+/,
    );
    const { output, stop } = started;
    return {
      url: /listening on (\S+)/.exec(output)![1]!,
      apiKey: /(cbk_\S+)/.exec(output)?.[1] ?? '',
      // The demo chatbot's serial; '' with DEMO=off.
      serial: /demo chatbot\s+([0-9a-f]{32})/.exec(output)?.[1] ?? '',
      output,
      pid: started.pid,
      exited: started.exited,
      dataDir,
      stop,
      close: async () => {
        await stop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (!given) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
