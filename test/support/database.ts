/**
 * Fresh databases for tests, each made from a migrated empty one rather than from nothing: PGlite's
 * start from an empty directory runs initdb (about 3.5 s of a 2-core machine's time); loaded from a
 * dump of a migrated database it takes about 1 s. The dump is made once per set of migrations and
 * kept in node_modules/.cache (made first by the run's global setup, test/setup/databases.ts), and
 * on PostgreSQL each test database is a copy of a migrated template (CREATE DATABASE … TEMPLATE).
 * Every store still runs the migrations when it opens: on a snapshot they find nothing to do.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { openStore, type StoreOptions } from '../../src/server/store/db.ts';

const repo = join(import.meta.dirname, '..', '..');
const migrations = join(repo, 'src', 'server', 'store', 'migrations');

export const usesPostgres = () => process.env.TEST_DB === 'postgres';

/** What the snapshot is made from: the migrations and the PGlite that runs them. */
function snapshotKey(): string {
  const hash = createHash('sha256').update(
    readFileSync(join(repo, 'node_modules', '@electric-sql', 'pglite', 'package.json')),
  );
  for (const file of readdirSync(migrations, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(migrations, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(path));
  }
  return hash.digest('hex').slice(0, 16);
}

const cacheDir = join(repo, 'node_modules', '.cache', 'chat-bot-test');

/**
 * The migrated empty database, as PGlite's dump (a tar of its directory) and as that directory;
 * made if missing. Two processes making it at once both succeed: each writes its own and renames.
 */
export function pgliteSnapshot(): Promise<{ dump: string; dir: string }> {
  snapshot ??= makePgliteSnapshot();
  return snapshot;
}
/** Once per process: the files it names do not change while tests run. */
let snapshot: Promise<{ dump: string; dir: string }> | undefined;

async function makePgliteSnapshot(): Promise<{ dump: string; dir: string }> {
  const base = join(cacheDir, `pglite-${snapshotKey()}`);
  const made = { dump: `${base}.tar`, dir: base };
  if (existsSync(made.dump) && existsSync(made.dir)) return made;
  const making = `${base}-making-${randomBytes(4).toString('hex')}`;
  await mkdir(cacheDir, { recursive: true });
  await (await openStore({ pgliteDir: making })).close();
  const opened = new PGlite(making, { extensions: { pg_trgm } });
  await opened.waitReady; // dumpDataDir does not wait for it
  const dump = await opened.dumpDataDir('none');
  await opened.close();
  await writeFile(`${making}.tar`, Buffer.from(await dump.arrayBuffer()));
  // The directory first: the dump's presence says both are there.
  await rename(making, made.dir).catch(() => rm(making, { recursive: true, force: true }));
  await rename(`${making}.tar`, made.dump).catch(() => rm(`${making}.tar`, { force: true }));
  return made;
}

/** Puts a copy of the migrated empty database at `dir` (a service's DATA_DIR/db), as an embedded database on disk. */
export async function copyPgliteTo(dir: string): Promise<void> {
  await cp((await pgliteSnapshot()).dir, dir, { recursive: true });
}

/** The migrated template database on DATABASE_URL's server, made once (under an advisory lock: files start together). */
async function postgresTemplate(admin: string): Promise<string> {
  const name = `chatbot_template_${snapshotKey()}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727002)');
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) {
      const making = `${name}_making`;
      await client.query(`DROP DATABASE IF EXISTS ${making} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${making}`);
      const url = new URL(admin);
      url.pathname = `/${making}`;
      const store = await openStore({ databaseUrl: url.toString() });
      await store.close();
      await client.query(`ALTER DATABASE ${making} RENAME TO ${name}`);
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock(727002)').catch(() => undefined);
    await client.end();
  }
  return name;
}

/**
 * What this run's test databases are named with: a worker's plain service (test/support/service.ts)
 * is never closed, so the run's global teardown drops its databases by this (test/setup/databases.ts).
 */
export const runDatabasePrefix = (): string => `chatbot_test_${process.env.TEST_RUN ?? 'run'}_`;

/**
 * Where this run's services keep their files (a folder per service): the workers' plain services
 * are never closed, so the run's global teardown removes it whole (test/setup/databases.ts).
 */
export const runFilesDir = (): string => join(tmpdir(), `chat-bot-test-${process.env.TEST_RUN ?? 'run'}`);

/** A new folder in this run's files for one service. */
export async function newServiceFilesDir(): Promise<string> {
  await mkdir(runFilesDir(), { recursive: true });
  return mkdtemp(join(runFilesDir(), 'service-'));
}

/** Drops every database of this run still on DATABASE_URL's server. */
export async function dropRunDatabases(admin: string): Promise<void> {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [runDatabasePrefix()],
    );
    for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The template's name, made or found once per process. */
let template: Promise<string> | undefined;

/** The dump's bytes, read once per process (test files share a worker: vitest.config.ts `isolate: false`). */
let dumpBytes: Promise<Blob> | undefined;

export interface FreshDatabase {
  /** The PostgreSQL database's URL (postgres project), or undefined for PGlite in memory. */
  url: string | undefined;
  /** What `openStore` opens it with. */
  options: StoreOptions;
  /** Drops the PostgreSQL database; nothing to do for PGlite. */
  drop(): Promise<void>;
}

/** A fresh, migrated, empty database for one test file: PGlite in memory, or (TEST_DB=postgres) a new database on DATABASE_URL's server. */
export async function freshDatabase(): Promise<FreshDatabase> {
  if (!usesPostgres()) {
    dumpBytes ??= pgliteSnapshot().then(async ({ dump }) => new Blob([await readFile(dump)]));
    return { url: undefined, options: { pgliteLoad: await dumpBytes }, drop: async () => undefined };
  }
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error('TEST_DB=postgres needs DATABASE_URL (a server where databases can be created)');
  template ??= postgresTemplate(admin);
  const from = await template;
  const name = `${runDatabasePrefix()}${randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name} TEMPLATE ${from}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    options: { databaseUrl: url.toString() },
    drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
