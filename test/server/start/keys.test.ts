/**
 * Owner API keys an operator can manage, on PGlite and PostgreSQL: a weak
 * CHATBOT_API_KEY refused at start; CHATBOT_API_KEY a seed of the first start only, so a key
 * revoked stays revoked; `keys list` shows id, label, made and last used — never a key; `keys
 * revoke` refuses the key at once; all through the compiled bin as an operator runs it. On the
 * embedded database, which opens in one process at a time, the commands refuse while the service
 * runs on it (store/pglite/lock.ts), and so does a second service.
 */
import { execFile, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient } from '../../../src/client/index.ts';
import {
  createApiKey,
  ensureOwner,
  listApiKeys,
  revokeApiKey,
  seedApiKey,
  weakKeyReason,
} from '../../../src/server/start/bootstrap.ts';
import { configFromEnv } from '../../../src/server/start/config.ts';
import { openStore } from '../../../src/server/store/db.ts';
import { DatabaseInUse, lockEmbeddedDatabase, lockFileOf } from '../../../src/server/store/pglite/lock.ts';
import { binCommand, startBin } from '../../support/bin.ts';
import { copyPgliteTo, freshDatabase, usesPostgres } from '../../support/database.ts';
import { startService, type TestService } from '../../support/service.ts';

const STRONG = 'cbk_6Qm1t0Zr9wXyLpA3VbN7sKdE2hGjUfC8';

describe('CHATBOT_API_KEY', () => {
  it('is refused at start when weak, saying why and what to do instead', () => {
    expect(weakKeyReason('letmein')).toBe('it is 7 characters long; it must be at least 32');
    expect(weakKeyReason('a'.repeat(40))).toBe('it repeats too few different characters');
    expect(weakKeyReason(`${STRONG} x`)).toBe('it has spaces');
    expect(weakKeyReason(STRONG)).toBeNull();
    expect(() => configFromEnv({ CHATBOT_API_KEY: 'letmein' })).toThrow(
      /CHATBOT_API_KEY is too weak: it is 7 characters long.*create-key/,
    );
    expect(configFromEnv({ CHATBOT_API_KEY: STRONG }).apiKey).toBe(STRONG);
  });
});

describe('owner API keys', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ own: true });
  });
  afterAll(() => service?.close());

  it('are seeded by CHATBOT_API_KEY on the first start only: a key revoked stays revoked', async () => {
    const database = await freshDatabase();
    const store = await openStore(database.options);
    try {
      const ownerId = await ensureOwner(store.db, new Date());
      expect(await seedApiKey(store.db, ownerId, STRONG, 'CHATBOT_API_KEY')).toBe('seeded');
      // Another instance starting with the same variable: known, not stored twice.
      expect(await seedApiKey(store.db, ownerId, STRONG, 'CHATBOT_API_KEY')).toBe('known');
      const [seeded] = await listApiKeys(store.db);
      expect(await revokeApiKey(store.db, seeded!.id)).toMatchObject({ id: seeded!.id, label: 'CHATBOT_API_KEY' });
      await createApiKey(store.db, ownerId, 'rotated');
      // Started again with the variable still set: it is not brought back.
      expect(await seedApiKey(store.db, ownerId, STRONG, 'CHATBOT_API_KEY')).toBe('ignored');
      expect((await listApiKeys(store.db)).map((k) => k.label)).toEqual(['rotated']);
    } finally {
      await store.close();
      await database.drop();
    }
  });

  it('are listed with when they were last used, and refused at once once revoked', async () => {
    const key = await createApiKey(service.db, service.ownerId, 'for the test');
    const client = createClient({ baseUrl: service.origin, apiKey: key });
    const id = (await listApiKeys(service.db)).find((k) => k.label === 'for the test')!;
    expect(id.lastUsedAt).toBeNull();
    await client.list();
    const used = (await listApiKeys(service.db)).find((k) => k.id === id.id)!;
    expect(used.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(used)).not.toContain(key);
    await revokeApiKey(service.db, id.id);
    const refused = await client.list().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, message: 'The API key is not valid' });
    // The others still work; an id that matches nothing revokes nothing.
    await service.owner.list();
    expect(await revokeApiKey(service.db, 'ffffffffffff')).toBeNull();
  });

  // The commands are the same on either database: run once, on the embedded one.
  it.skipIf(usesPostgres())('are listed and revoked with the compiled bin', { timeout: 60_000 }, async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'chat-bot-keys-'));
    const database = await freshDatabase();
    if (!database.url) await copyPgliteTo(join(dataDir, 'db'));
    const cli = async (...args: string[]) => {
      const { stdout } = await promisify(execFile)(process.execPath, binCommand(args), {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: database.url ?? '', CHATBOT_API_KEY: '' },
      });
      return stdout;
    };
    try {
      // The key made beforehand (create-key is docs/OPERATING.md's, *Keys*); the bin lists and revokes it.
      const open = () => openStore(database.url ? { databaseUrl: database.url } : { pgliteDir: join(dataDir, 'db') });
      let store = await open();
      const key = await createApiKey(store.db, await ensureOwner(store.db, new Date()), 'deploy bot');
      await store.close();
      const listed = await cli('keys', 'list');
      expect(listed).toMatch(/^[0-9a-f]{12} {2}made \S+ {2}last used never {2}deploy bot$/m);
      expect(listed).not.toContain(key);
      const id = /^([0-9a-f]{12}) .*deploy bot$/m.exec(listed)![1]!;
      expect(await cli('keys', 'revoke', id)).toContain(`Revoked ${id} (deploy bot)`);
      store = await open();
      expect((await listApiKeys(store.db)).map((k) => k.label)).not.toContain('deploy bot');
      await store.close();
    } finally {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

// The embedded database's own rule: run once, in its lane.
describe.skipIf(usesPostgres())('the embedded database while the service runs on it', () => {
  /** A command of the compiled bin on `dataDir`: its exit code and what it wrote. */
  const run = (dataDir: string, ...args: string[]) =>
    promisify(execFile)(process.execPath, binCommand(args), {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', CHATBOT_API_KEY: '', HOST: '127.0.0.1', PORT: '0' },
    }).then(
      ({ stdout }) => ({ code: 0, out: stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stderr }),
    );

  it(
    'refuses create-key, keys list and a second service, writing nothing; stopped, create-key works',
    { timeout: 90_000 },
    async () => {
      const bin = await startBin({ DEMO: 'off' });
      try {
        // The three at once: each is refused as it opens the database.
        const [refused, listed, second] = await Promise.all([
          run(bin.dataDir, 'create-key', 'refused'),
          run(bin.dataDir, 'keys', 'list'),
          run(bin.dataDir),
        ]);
        expect(refused.code).toBe(1);
        expect(refused.out).toContain(`is open in the service (process ${bin.pid}, since `);
        expect(refused.out).toContain('Stop the service first, then run this again — or use PostgreSQL');
        expect(listed).toMatchObject({ code: 1 });
        expect(second.code).toBe(1);
        expect(second.out).toContain('Stop it first — or, to run several instances, use PostgreSQL');
        // Still its own: it serves, and holds the lock.
        expect((await fetch(`${bin.url}/healthz`)).status).toBe(200);
        expect(JSON.parse(await readFile(lockFileOf(bin.dataDir), 'utf8'))).toMatchObject({ pid: bin.pid });

        await bin.stop();
        expect(await run(bin.dataDir, 'create-key', 'after the stop')).toMatchObject({ code: 0 });
        const store = await openStore({ pgliteDir: join(bin.dataDir, 'db'), migrate: false });
        try {
          expect((await listApiKeys(store.db)).map((k) => k.label)).toEqual(['first start', 'after the stop']);
        } finally {
          await store.close();
        }
      } finally {
        await bin.close();
      }
    },
  );

  it('is taken in a DATA_DIR a first start makes, taken over from a process gone, refused to one that runs', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'chat-bot-lock-'));
    const dataDir = join(parent, 'not made yet');
    try {
      lockEmbeddedDatabase(dataDir, 'the service')();
      const gone = spawnSync(process.execPath, ['-e', '']).pid!;
      const held = (pid: number) =>
        writeFileSync(
          lockFileOf(dataDir),
          JSON.stringify({ pid, host: hostname(), command: 'the service', since: '2026-01-01T00:00:00.000Z' }),
        );
      held(gone);
      const unlock = lockEmbeddedDatabase(dataDir, 'chat-bot-server keys list');
      expect(JSON.parse(await readFile(lockFileOf(dataDir), 'utf8'))).toMatchObject({ pid: process.pid });
      unlock();
      // The test's parent process runs: its lock stands.
      held(process.ppid);
      expect(() => lockEmbeddedDatabase(dataDir, 'chat-bot-server keys list')).toThrow(DatabaseInUse);
    } finally {
      await rm(parent, { recursive: true, force: true });
    }
  });
});
