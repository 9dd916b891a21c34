/**
 * docs/OPERATING.md "Backups and restore", as written: on PostgreSQL, `pg_dump --format=custom` of
 * a running service and `pg_restore --no-owner` into an empty database; on the embedded database,
 * DATA_DIR copied whole while stopped. The service started on the copy has the chatbot, its
 * listings and the conversation, and answers on — and, on the embedded database, whose uploads are
 * in DATA_DIR/files, the file uploaded before, served from the copy.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { png } from '../../support/media.ts';
import { validBodies } from '../../support/samples.ts';
import { openStore, type Store } from '../../../src/server/store/db.ts';
import { copyPgliteTo, freshDatabase, usesPostgres } from '../../support/database.ts';
import { startService, type TestService } from '../../support/service.ts';

const run = promisify(execFile);

/** A chatbot with a listing and a conversation: what a backup must keep. */
async function someState(service: TestService) {
  const serial = await service.newChatbot({ Name: 'Backed up' });
  await service.owner.realEstateCreate({
    ...validBodies.RealEstateCreate,
    SerialNumber: serial,
    MLSNumber: 'BACKUP-1',
  });
  const visitor = await service.visitor(serial);
  const answer = await visitor.client.ask({ sessionID: visitor.sessionId, content: 'Hello from before the backup' });
  return { serial, sessionId: visitor.sessionId, answer };
}

/** An image the owner uploaded (a profile picture, say): its id, and its bytes. */
async function uploaded(service: TestService) {
  const bytes = png(3, 2);
  const { FileStoreId, PreUploadUrl } = await service.owner.getPreUploadUrl({ fileName: 'agent.png' });
  await service.owner.upload(PreUploadUrl, bytes);
  await service.owner.uploadSuccess({ FileStoreId });
  return { id: FileStoreId, bytes };
}

/** The same state, read from the restored copy through a service started on it (and on its DATA_DIR, when given). */
async function expectRestored(
  store: Store,
  state: Awaited<ReturnType<typeof someState>>,
  files?: { dataDir: string; file: Awaited<ReturnType<typeof uploaded>> },
) {
  const restored = await startService({ store, ...(files ? { dataDir: files.dataDir } : {}) });
  try {
    if (files) {
      const served = await fetch(`${restored.origin}/chat/File/${files.file.id}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(files.file.bytes)).toBe(true);
    }
    expect(await restored.owner.get({ serialNumber: state.serial })).toHaveProperty('Name', 'Backed up');
    const { Items } = await restored.owner.realEstateList({ SerialNumber: state.serial });
    expect(Items.map((l) => l.MLSNumber)).toEqual(['BACKUP-1']);
    const transcript = await restored.owner.conversationGet({ SerialNumber: state.serial, SessionID: state.sessionId });
    expect(JSON.stringify(transcript)).toContain('Hello from before the backup');
    expect(JSON.stringify(transcript)).toContain(state.answer.content.slice(0, 40));
  } finally {
    await restored.close();
  }
}

describe.runIf(usesPostgres())('PostgreSQL: pg_dump while it runs, pg_restore into an empty database', () => {
  it('restores every chatbot, listing and conversation', { timeout: 60_000 }, async () => {
    const database = await freshDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'chat-bot-backup-'));
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const emptyName = `restored_${randomBytes(6).toString('hex')}`;
    const emptyUrl = new URL(process.env.DATABASE_URL!);
    emptyUrl.pathname = `/${emptyName}`;
    await admin.connect();
    const service = await startService({ store: await openStore(database.options), databaseUrl: database.url });
    try {
      const state = await someState(service);
      // The two commands of docs/OPERATING.md, with its file name.
      await run('pg_dump', ['--format=custom', '--file=chat-bot.dump', database.url!], { cwd: dir });
      await admin.query(`CREATE DATABASE ${emptyName} TEMPLATE template0`);
      await run('pg_restore', ['--no-owner', `--dbname=${emptyUrl}`, 'chat-bot.dump'], { cwd: dir });
      const store = await openStore({ databaseUrl: emptyUrl.toString() });
      try {
        await expectRestored(store, state);
      } finally {
        await store.close();
      }
    } finally {
      await service.close();
      await service.store.close();
      await admin.query(`DROP DATABASE IF EXISTS ${emptyName} WITH (FORCE)`);
      await admin.end();
      await database.drop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(usesPostgres())('the embedded database: DATA_DIR copied whole while stopped', () => {
  it('restores every chatbot, listing, conversation and uploaded file', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chat-bot-backup-'));
    const [live, copy] = [join(dir, 'live'), join(dir, 'copy')];
    try {
      await copyPgliteTo(join(live, 'db'));
      let store = await openStore({ pgliteDir: join(live, 'db') });
      const service = await startService({ store, dataDir: live });
      const state = await someState(service);
      const file = await uploaded(service);
      await service.close();
      await store.close();
      // Stopped: copied whole, as docs/OPERATING.md says — and then the copy is all there is.
      await run('cp', ['-a', live, copy]);
      await rm(live, { recursive: true });
      store = await openStore({ pgliteDir: join(copy, 'db') });
      try {
        await expectRestored(store, state, { dataDir: copy, file });
      } finally {
        await store.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
