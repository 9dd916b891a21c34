/**
 * Owner API keys an operator can manage (issue 38, point 3), on PGlite and PostgreSQL: a weak
 * CHATBOT_API_KEY refused at start; CHATBOT_API_KEY a seed of the first start only, so a key
 * revoked stays revoked; `keys list` shows id, label, made and last used — never a key; `keys
 * revoke` refuses the key at once; all through the compiled bin as an operator runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient } from '../../src/client/index.ts';
import {
  createApiKey,
  ensureOwner,
  listApiKeys,
  revokeApiKey,
  seedApiKey,
  weakKeyReason,
} from '../../src/server/bootstrap.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { openStore } from '../../src/server/store/db.ts';
import { binCommand } from '../support/bin.ts';
import { copyPgliteTo, freshDatabase, usesPostgres } from '../support/database.ts';
import { startService, type TestService } from '../support/service.ts';

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
      // The key made beforehand (create-key is the README's); the bin lists and revokes it.
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
