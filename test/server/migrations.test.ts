/**
 * Data migrations (src/server/store/migrations): what a chatbot stored before a setting existed
 * holds after the upgrade — on PGlite here, PostgreSQL in the postgres project.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_MORTGAGE_RATE } from '../../src/protocol/index.ts';
import { ensureOwner } from '../../src/server/bootstrap.ts';
import { createChatbot, defaultSettings, findChatbot } from '../../src/server/store/chatbots.ts';
import { openStore, type Store } from '../../src/server/store/db.ts';
import { chatbots, files } from '../../src/server/store/schema.ts';
import { freshDatabase } from '../support/database.ts';

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
  const statement = readFileSync(join(import.meta.dirname, '../../src/server/store/migrations/0007_mortgage_rate.sql'), 'utf8');
  await store.db.execute(sql.raw(statement));
  expect((await findChatbot(store.db, old))?.settings).toEqual({ ...before, MortgageRate: DEFAULT_MORTGAGE_RATE });
  expect((await findChatbot(store.db, set))?.settings.MortgageRate).toBe(7.25);
  expect((await store.db.select().from(chatbots).where(eq(chatbots.serialNumber, set)))[0]?.settings).toEqual({ ...defaultSettings('UTC', 'offline'), MortgageRate: 7.25 });
});

it('0010 keys a file stored before it by its id, where its bytes are, and a new one at random', async () => {
  // The table as it was before 0010, with a file uploaded then.
  await store.db.execute(sql`ALTER TABLE files DROP COLUMN store_key`);
  const at = new Date().toISOString();
  await store.db.execute(
    sql`INSERT INTO files (id, file_name, status, upload_token_hash, upload_expires_at, created_at) VALUES (4242, 'old.png', 'checked', 'h', ${at}::timestamptz, ${at}::timestamptz)`,
  );
  const statement = readFileSync(join(import.meta.dirname, '../../src/server/store/migrations/0010_file_store_key.sql'), 'utf8');
  for (const part of statement.split('--> statement-breakpoint')) await store.db.execute(sql.raw(part));
  const [old] = await store.db.select().from(files).where(eq(files.id, 4242));
  expect(old?.storeKey).toBe('4242');
  const [added] = await store.db
    .insert(files)
    .values({ fileName: 'new.png', status: 'reserved', uploadTokenHash: 'h2', uploadExpiresAt: new Date(), createdAt: new Date() })
    .returning();
  expect(added?.storeKey).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
