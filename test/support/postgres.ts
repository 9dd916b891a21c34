/**
 * A PostgreSQL server of a test's own — Debian's binaries, a fresh cluster in a temporary
 * directory, trust authentication on 127.0.0.1 — that the test may stop, restart and start again
 * (the fault tests: test/e2e/faults-*.test.ts). The shared server of the postgres project is never
 * touched. As root (CI), the server runs as the `postgres` user, as `.ci/run` starts its own.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { runDatabasePrefix } from './database.ts';
import { freePort } from './http.ts';

/** The newest installed PostgreSQL's bin directory, or null when there is none (the fault tests then skip). */
export function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'postgres')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? join(root, versions.at(-1)!, 'bin') : null;
}

export type StopMode = 'smart' | 'fast' | 'immediate';

export interface OwnPostgres {
  /** postgres://postgres@127.0.0.1:port/postgres */
  url: string;
  port: number;
  start(): void;
  stop(mode: StopMode): void;
  /** pg_ctl restart: stops (in `mode`) and starts again, waiting until it accepts connections. */
  restart(mode: StopMode): void;
  /** Stops it (immediate) and removes its directory. */
  close(): void;
}

export async function startPostgres(): Promise<OwnPostgres> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'chat-bot-own-pg-'));
  const data = join(dir, 'data');
  const run = (program: string, args: string[]) =>
    execFileSync(
      root ? 'runuser' : join(bin, program),
      root ? ['-u', 'postgres', '--', join(bin, program), ...args] : args,
      { stdio: 'pipe' },
    );
  if (root) execFileSync('chown', ['postgres', dir]);
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c max_connections=100`;
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', ...args]);
  ctl('-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => ctl('-o', options, 'start'),
    stop: (mode) => ctl('-m', mode, 'stop'),
    restart: (mode) => ctl('-m', mode, '-o', options, 'restart'),
    close: () => {
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // Already stopped.
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A PostgreSQL server a test makes databases on and never stops. */
export interface DatabaseServer {
  /** Makes an empty database named for this run and gives its URL. */
  database(name: string): Promise<string>;
  /** Stops the server if it is the test's own; on the shared one, the run's end drops the databases. */
  close(): void;
}

/**
 * The run's shared PostgreSQL (DATABASE_URL, as CI has) when there is one — no cluster to make —
 * otherwise one of the test's own (startPostgres). Its databases are named for the run
 * (runDatabasePrefix), so the run's end drops them from the shared server (test/setup/databases.ts).
 */
export async function postgresServer(): Promise<DatabaseServer> {
  const shared = process.env.DATABASE_URL;
  const own = shared ? undefined : await startPostgres();
  const admin = shared ?? own!.url;
  return {
    async database(name) {
      const full = `${runDatabasePrefix()}${name}`;
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE ${full}`);
      } finally {
        await client.end();
      }
      const url = new URL(admin);
      url.pathname = `/${full}`;
      return url.toString();
    },
    close: () => own?.close(),
  };
}
