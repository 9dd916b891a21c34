/**
 * What a start tells its operator (src/server/start/banner.ts) and what it needs from the build:
 * the version, the address as bound, the database without its password, the migrations applied, the
 * file store; one owner key however many instances start together; `help` and .env.example naming
 * every variable the service reads; the pool's size, DATA_DIR's default.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactDatabaseUrl } from '../../../src/server/start/banner.ts';
import { HELP } from '../../../src/server/start/cli.ts';
import { configFromEnv } from '../../../src/server/start/config.ts';
import { defaultDataDir } from '../../../src/server/http/package-root.ts';
import { openStore } from '../../../src/server/store/db.ts';
import { binCommand, startBin, type RunningBin } from '../../support/bin.ts';
import { freshDatabase, usesPostgres, type FreshDatabase } from '../../support/database.ts';
import { until } from '../../support/process.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
const version = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version;
const migrationCount = (
  JSON.parse(readFileSync(join(repo, 'src/server/store/migrations/meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

/** Set by cluster.fork for a worker (main.ts), never by an operator. */
const INTERNAL = new Set(['CHAT_BOT_WORKER']);

/** Every environment variable src/server reads: `env.NAME`, `env['NAME']`, `integer(env, 'NAME'…)`, `{ NAME: x } = env`. */
function variablesRead(): string[] {
  const dir = join(repo, 'src', 'server');
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const m of text.matchAll(
      /\benv\.([A-Z][A-Z0-9_]+)|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]|\(env, '([A-Z][A-Z0-9_]+)'/g,
    ))
      names.add((m[1] ?? m[2] ?? m[3])!);
    for (const m of text.matchAll(/\{([^{}]*)\}\s*=\s*(?:process\.)?env\b/g))
      for (const k of m[1]!.matchAll(/\b([A-Z][A-Z0-9_]+)\s*:/g)) names.add(k[1]!);
  }
  return [...names].filter((name) => !INTERNAL.has(name)).sort();
}

describe('the environment, documented', () => {
  it('help names every variable the service reads', () => {
    const read = variablesRead();
    // The scan finds the ones read outside start/config.ts too (the S3 store's).
    expect(read).toEqual(
      expect.arrayContaining(['DATABASE_POOL_SIZE', 'AWS_SESSION_TOKEN', 'STREAM_STALL_MS', 'WORKERS']),
    );
    expect(read.filter((name) => !new RegExp(`\\b${name}\\b`).test(HELP))).toEqual([]);
  });

  it('help says what serving serves: the demo only with DEMO, which is off unless set', () => {
    expect(configFromEnv({}).demo).toBe('off');
    const serve = /^ {2}chat-bot-server {2,}(.+\n(?: {30,}.+\n)*)/m.exec(`${HELP}\n`)?.[1] ?? '';
    expect(serve).toMatch(/serve the API, the widget and the console/);
    expect(serve).toMatch(/demo site and chatbot too only with DEMO=on or model/);
  });

  it('the metrics of docs/OPERATING.md say the pool a statement waits for is DATABASE_POOL_SIZE', () => {
    const readme = readFileSync(join(repo, 'docs', 'OPERATING.md'), 'utf8');
    expect(/^\| `chatbot_database_waiting` .*$/m.exec(readme)?.[0]).toMatch(/`DATABASE_POOL_SIZE`, 10 unless set/);
  });

  it('.env.example gives every one of them, commented, with its default', () => {
    const example = readFileSync(join(repo, '.env.example'), 'utf8');
    expect(variablesRead().filter((name) => !new RegExp(`^# ${name}=`, 'm').test(example))).toEqual([]);
    expect(example).toMatch(/^# DATABASE_POOL_SIZE=10$/m);
  });
});

describe('settings a deployment needs', () => {
  it('DATABASE_POOL_SIZE is 10 unless set, and refused when not a count', () => {
    expect(configFromEnv({}).databasePoolSize).toBe(10);
    expect(configFromEnv({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(() => configFromEnv({ DATABASE_POOL_SIZE: 'ten' })).toThrow(/DATABASE_POOL_SIZE must be an integer/);
  });

  it('LLM_EMBEDDING_MODEL needs the model server, and its similarity bar is a number above 0 and at most 1', () => {
    const server = { LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'llama3.1' };
    expect(configFromEnv(server).llm?.embedding).toBeUndefined();
    expect(configFromEnv({ ...server, LLM_EMBEDDING_MODEL: 'nomic-embed-text' }).llm?.embedding).toEqual({
      model: 'nomic-embed-text',
      minSimilarity: 0.75,
    });
    expect(
      configFromEnv({ ...server, LLM_EMBEDDING_MODEL: 'e', LLM_EMBEDDING_MIN_SIMILARITY: '0.6' }).llm?.embedding,
    ).toEqual({ model: 'e', minSimilarity: 0.6 });
    expect(() => configFromEnv({ LLM_EMBEDDING_MODEL: 'nomic-embed-text' })).toThrow(
      /LLM_EMBEDDING_MODEL needs LLM_BASE_URL/,
    );
    for (const bad of ['0', '1.5', 'high', '-0.2'])
      expect(() => configFromEnv({ ...server, LLM_EMBEDDING_MODEL: 'e', LLM_EMBEDDING_MIN_SIMILARITY: bad })).toThrow(
        /LLM_EMBEDDING_MIN_SIMILARITY must be a number above 0 and at most 1/,
      );
  });

  it('DATA_DIR is absolute by default: the package’s .data from the sources, the XDG data home compiled', () => {
    expect(configFromEnv({}).dataDir).toBe(join(repo, '.data'));
    expect(configFromEnv({ DATA_DIR: 'relative/data' }).dataDir).toBe(join(process.cwd(), 'relative/data'));
    const compiled = pathToFileURL(join(repo, 'dist/node/server/http/package-root.js')).href;
    expect(defaultDataDir({ XDG_DATA_HOME: '/srv/share' }, compiled)).toBe('/srv/share/chat-bot');
    // The XDG specification ignores a relative XDG_DATA_HOME.
    expect(defaultDataDir({ XDG_DATA_HOME: 'share' }, compiled)).toBe(join(homedir(), '.local/share/chat-bot'));
  });

  it('the compiled bin is executable, its migrations beside it', () => {
    const bin = binCommand([])[0]!;
    expect(statSync(bin).mode & 0o111).toBe(0o111);
    expect(readdirSync(join(bin, '..', 'store', 'migrations')).filter((f) => f.endsWith('.sql'))).toHaveLength(
      migrationCount,
    );
  });

  it('a database URL is printed without its password', () => {
    expect(redactDatabaseUrl('postgres://chatbot:s3cret@db.internal:5432/chatbot?sslmode=require&password=x')).toBe(
      'postgres://chatbot@db.internal:5432/chatbot?sslmode=require',
    );
    expect(redactDatabaseUrl('host=/run/postgresql password=s3cret')).toBe('(DATABASE_URL)');
  });
});

describe.skipIf(usesPostgres())('a first start on the embedded database', () => {
  let bin: RunningBin;
  beforeAll(async () => {
    bin = await startBin({}, { fresh: true });
  }, 90_000);
  afterAll(() => bin?.close());

  it('says its version, the address as bound, the database, the migrations it applied, the file store and how the knowledge is searched', () => {
    expect(bin.output).toMatch(
      new RegExp(`^chat-bot ${version.replaceAll('.', '\\.')} listening on http://127\\.0\\.0\\.1:\\d+$`, 'm'),
    );
    expect(bin.output).not.toContain('localhost:');
    expect(bin.output).toContain(`embedded, in ${join(bin.dataDir, 'db')}`);
    expect(bin.output).toMatch(new RegExp(`migrations\\s+${migrationCount} applied now, ${migrationCount} in all`));
    expect(bin.output).toContain(`uploaded files   on disk, in ${join(bin.dataDir, 'files')}`);
    expect(bin.output).toMatch(/knowledge +searched by its words \(set LLM_EMBEDDING_MODEL to search by meaning too\)/);
  });
});

describe.skipIf(usesPostgres())('a start on every interface', () => {
  it('says the address it bound, 0.0.0.0, not 127.0.0.1', { timeout: 60_000 }, async () => {
    // For a few seconds, on a port the system chose.
    const bin = await startBin({ HOST: '0.0.0.0', DEMO: 'off' });
    try {
      expect(bin.output).toMatch(/^chat-bot \S+ listening on http:\/\/0\.0\.0\.0:\d+$/m);
      expect(bin.output).toMatch(/warning +listening on 0\.0\.0\.0 with neither TRUST_PROXY nor PUBLIC_URL/);
    } finally {
      await bin.close();
    }
  });
});

describe.runIf(usesPostgres())('starts on PostgreSQL', () => {
  let database: FreshDatabase;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(() => database?.drop());

  it(
    'prints the database URL without its password, and nothing to migrate on a migrated database',
    { timeout: 60_000 },
    async () => {
      // The test server trusts 127.0.0.1: the password is never asked for, only printed or not.
      const url = new URL(database.url!);
      url.password = 'hunter2-not-printed';
      const bin = await startBin({ DATABASE_URL: url.href, DATABASE_POOL_SIZE: '3' });
      try {
        expect(bin.output).not.toContain('hunter2');
        url.password = '';
        expect(bin.output).toContain(`PostgreSQL at ${url.href}, 3 connections per process at most`);
        expect(bin.output).toMatch(new RegExp(`migrations\\s+none to apply, ${migrationCount} in all`));
      } finally {
        await bin.close();
      }
    },
  );

  it('opens no more connections than DATABASE_POOL_SIZE', { timeout: 30_000 }, async () => {
    const store = await openStore({ databaseUrl: database.url!, poolSize: 2, migrate: false });
    const watcher = new pg.Client({ connectionString: database.url! });
    await watcher.connect();
    try {
      const sleeping = Promise.all(
        Array.from({ length: 5 }, () => store.db.execute(sql`SELECT pg_sleep(0.4) AS slept`)),
      );
      let most = 0;
      // Every statement of the five waits its turn on the pool's two connections.
      await until('the sleeps to end', async () => {
        const { rows } = await watcher.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'SELECT pg_sleep%' AND state = 'active'",
        );
        most = Math.max(most, rows[0]!.n);
        return Promise.race([sleeping.then(() => true), new Promise((r) => setTimeout(r, 20, false))]);
      });
      expect(most).toBe(2);
    } finally {
      await watcher.end();
      await store.close();
    }
  });

  it(
    'prints one owner API key when two instances start together on an empty database, and the other how to make one',
    { timeout: 90_000 },
    async () => {
      const empty = await freshDatabase();
      try {
        const starts = [0, 1].map(async () => {
          const dataDir = await mkdtemp(join(tmpdir(), 'chat-bot-startup-'));
          const child = spawn(process.execPath, binCommand([]), {
            env: {
              ...process.env,
              HOST: '127.0.0.1',
              PORT: '0',
              DATABASE_URL: empty.url!,
              CHATBOT_API_KEY: '',
              LOG_LEVEL: 'warn',
              DATA_DIR: dataDir,
            },
            stdio: ['ignore', 'pipe', 'pipe'],
          });
          // 'close': its output read to the end ('exit' may come before the last of it).
          const closed = once(child, 'close');
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
          // The whole banner read before the signal: its demo line, then either the new key or the line on making one
          // (a process that exits on SIGTERM may leave what it wrote to a pipe unsent).
          const whole = () =>
            /\n\s+demo\s/.test(output) && (output.includes('owner API keys') || /cbk_\S+\n/.test(output));
          await until('the instance to print its banner', () => whole() || child.exitCode !== null, 60_000);
          child.kill('SIGTERM');
          await closed;
          await rm(dataDir, { recursive: true, force: true });
          return output;
        });
        const outputs = await Promise.all(starts);
        expect(
          outputs.filter((o) => o.includes('Owner API key')),
          outputs.join('\n'),
        ).toHaveLength(1);
        // The other says where keys come from.
        expect(
          outputs.filter((o) =>
            /owner API keys\s+made at the first start; make another with `npm run create-key`/.test(o),
          ),
          outputs.join('\n'),
        ).toHaveLength(1);
        const check = new pg.Client({ connectionString: empty.url! });
        await check.connect();
        try {
          const { rows } = await check.query<{ keys: number; owners: number }>(
            'SELECT (SELECT count(*)::int FROM api_keys) AS keys, (SELECT count(*)::int FROM owners) AS owners',
          );
          expect(rows[0]).toEqual({ keys: 1, owners: 1 });
        } finally {
          await check.end();
        }
      } finally {
        await empty.drop();
      }
    },
  );
});
