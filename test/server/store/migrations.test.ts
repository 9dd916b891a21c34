/**
 * Data migrations (src/server/store/migrations): what a chatbot stored before a setting existed
 * holds after the upgrade — on PGlite here, PostgreSQL in the postgres project. And docs/OPERATING.md's
 * "Upgrading", on both: a database an earlier version made (its migrations: these, the newest three
 * left out) is brought up to date by the start, its data kept, the banner's numbers right; the
 * earlier version started again (a rollback) applies nothing; on PostgreSQL, instances starting
 * together take turns; and every migration is additive but those docs/OPERATING.md names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MORTGAGE_RATE } from '../../../src/protocol/index.ts';
import { ensureOwner } from '../../../src/server/start/bootstrap.ts';
import { createChatbot, defaultSettings, findChatbot } from '../../../src/server/store/chatbots.ts';
import { openStore, type Store, type StoreOptions } from '../../../src/server/store/db.ts';
import { chatbots, files } from '../../../src/server/store/schema.ts';
import { copyPgliteTo, freshDatabase, usesPostgres } from '../../support/database.ts';
import { postgresServer } from '../../support/postgres.ts';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let store: Store;
beforeAll(async () => {
  database = await freshDatabase();
  store = await openStore(database.options);
});
afterAll(async () => {
  await store?.close();
  await database?.drop();
});

it('0007 gives a chatbot made before MortgageRate the default, and keeps one an owner set', async () => {
  const owner = await ensureOwner(store.db, new Date());
  const { MortgageRate: _, ...before } = defaultSettings('UTC', 'offline');
  const old = await createChatbot(store.db, owner, before as ReturnType<typeof defaultSettings>);
  const set = await createChatbot(store.db, owner, { ...defaultSettings('UTC', 'offline'), MortgageRate: 7.25 });
  const statement = readFileSync(
    join(import.meta.dirname, '../../../src/server/store/migrations/0007_mortgage_rate.sql'),
    'utf8',
  );
  await store.db.execute(sql.raw(statement));
  expect((await findChatbot(store.db, old))?.settings).toEqual({ ...before, MortgageRate: DEFAULT_MORTGAGE_RATE });
  expect((await findChatbot(store.db, set))?.settings.MortgageRate).toBe(7.25);
  expect((await store.db.select().from(chatbots).where(eq(chatbots.serialNumber, set)))[0]?.settings).toEqual({
    ...defaultSettings('UTC', 'offline'),
    MortgageRate: 7.25,
  });
});

it('0010 keys a file stored before it by its id, where its bytes are, and a new one at random', async () => {
  // The table as it was before 0010, with a file uploaded then.
  await store.db.execute(sql`ALTER TABLE files DROP COLUMN store_key`);
  const at = new Date().toISOString();
  await store.db.execute(
    sql`INSERT INTO files (id, file_name, status, upload_token_hash, upload_expires_at, created_at) VALUES (4242, 'old.png', 'checked', 'h', ${at}::timestamptz, ${at}::timestamptz)`,
  );
  const statement = readFileSync(
    join(import.meta.dirname, '../../../src/server/store/migrations/0010_file_store_key.sql'),
    'utf8',
  );
  for (const part of statement.split('--> statement-breakpoint')) await store.db.execute(sql.raw(part));
  const [old] = await store.db.select().from(files).where(eq(files.id, 4242));
  expect(old?.storeKey).toBe('4242');
  const [added] = await store.db
    .insert(files)
    .values({
      fileName: 'new.png',
      status: 'reserved',
      uploadTokenHash: 'h2',
      uploadExpiresAt: new Date(),
      createdAt: new Date(),
    })
    .returning();
  expect(added?.storeKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

const migrationsDir = join(import.meta.dirname, '../../../src/server/store/migrations');
const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};
/** How many of the newest migrations the earlier version lacks. */
const NEWER = 3;

describe('Upgrading, as docs/OPERATING.md says', () => {
  let earlier: string;
  /** The embedded databases' directories, removed at the end. */
  const made: string[] = [];
  beforeAll(async () => {
    // The earlier version's migrations: this folder, its journal cut before the newest three.
    earlier = await mkdtemp(join(tmpdir(), 'chat-bot-migrations-'));
    await cp(migrationsDir, earlier, { recursive: true });
    await writeFile(
      join(earlier, 'meta', '_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, -NEWER) }),
    );
  });
  afterAll(async () => {
    for (const dir of [earlier, ...made]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  /**
   * An empty database: on DATABASE_URL's server, named for the run (its end drops it); or an embedded
   * one in a directory of its own, as initdb leaves it — the tests' migrated one emptied, for initdb
   * takes 20 s here.
   */
  async function emptyDatabase(): Promise<StoreOptions> {
    if (usesPostgres())
      return {
        databaseUrl: await (await postgresServer()).database(`upgrade_${Math.random().toString(36).slice(2, 10)}`),
      };
    const dir = await mkdtemp(join(tmpdir(), 'chat-bot-upgrade-'));
    made.push(dir);
    const pgliteDir = join(dir, 'db');
    await copyPgliteTo(pgliteDir);
    const emptied = await openStore({ pgliteDir, migrate: false });
    try {
      // One statement each: PGlite's extended protocol takes one at a time. pg_trgm goes with public.
      await emptied.db.execute(sql`DROP SCHEMA drizzle CASCADE`);
      await emptied.db.execute(sql`DROP SCHEMA public CASCADE`);
      await emptied.db.execute(sql`CREATE SCHEMA public`);
    } finally {
      await emptied.close();
    }
    return { pgliteDir };
  }

  /** What the earlier version's start does to the schema: its migrations, through the same migrator. */
  const migrateAsEarlier = (store: Store) =>
    store.kind === 'postgres'
      ? migratePg(store.db as never, { migrationsFolder: earlier })
      : migratePglite(store.db as never, { migrationsFolder: earlier });
  const recorded = async (store: Store) =>
    Number(
      (
        (await store.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n,
    );

  /** A database as the earlier version left it, with a chatbot in it. */
  async function earlierDatabase() {
    const options = await emptyDatabase();
    const old = await openStore({ ...options, migrate: false });
    try {
      await migrateAsEarlier(old);
      expect(await recorded(old)).toBe(journal.entries.length - NEWER);
      const serial = await createChatbot(old.db, await ensureOwner(old.db, new Date()), {
        ...defaultSettings('UTC', 'offline'),
        Name: 'Made before',
      });
      return { options, serial };
    } finally {
      await old.close();
    }
  }

  it("the start brings an earlier version's database up to date, keeping its data; the earlier version started again (a rollback) applies nothing", async () => {
    const { options, serial } = await earlierDatabase();
    const upgraded = await openStore(options);
    try {
      // What the banner prints: "migrations  3 applied now, N in all".
      expect(upgraded.migrations).toEqual({ applied: NEWER, total: journal.entries.length });
      expect((await findChatbot(upgraded.db, serial))?.settings.Name).toBe('Made before');
      await migrateAsEarlier(upgraded);
      expect(await recorded(upgraded)).toBe(journal.entries.length);
    } finally {
      await upgraded.close();
    }
  });

  // Instances share only a PostgreSQL: the embedded database has one process.
  it.runIf(usesPostgres())(
    'instances starting together take turns: one applies the migrations, the others find nothing to do',
    async () => {
      const { options } = await earlierDatabase();
      const stores = await Promise.all([openStore(options), openStore(options), openStore(options)]);
      try {
        expect(stores.map((s) => s.migrations!.applied).sort()).toEqual([0, 0, NEWER]);
        expect(stores.every((s) => s.migrations!.total === journal.entries.length)).toBe(true);
      } finally {
        await Promise.all(stores.map((s) => s.close()));
      }
    },
  );

  // Reads files only: once, in PGlite's lane.
  it.skipIf(usesPostgres())(
    'every migration is additive — nothing an instance of the earlier version reads is dropped, renamed or retyped — but those docs/OPERATING.md names',
    async () => {
      const readme = await readFile(join(import.meta.dirname, '../../../docs/OPERATING.md'), 'utf8');
      const upgrading = /### Upgrading\n([\s\S]*?)\n### /.exec(readme)![1]!;
      const destructive =
        /\bDROP\s+(TABLE|COLUMN)\b|\bRENAME\b|\bALTER\s+COLUMN\s+"?\w+"?\s+(SET\s+DATA\s+)?TYPE\b|\bSET\s+NOT\s+NULL\b/i;
      const files = readdirSync(migrationsDir)
        .filter((f) => f.endsWith('.sql'))
        .sort();
      expect(files.map((f) => f.replace(/\.sql$/, ''))).toEqual(journal.entries.map((e) => e.tag));
      const named = files
        .filter((f) => destructive.test(readFileSync(join(migrationsDir, f), 'utf8')))
        .map((f) => f.replace(/\.sql$/, ''));
      // The first makes the tables: nothing ran before it.
      const later = named.filter((tag) => tag !== journal.entries[0]!.tag);
      expect(later).toContain('0010_file_store_key');
      for (const tag of later)
        expect(upgrading, `${tag} is not additive: docs/OPERATING.md's Upgrading must name it`).toContain(`\`${tag}\``);
    },
  );
});
