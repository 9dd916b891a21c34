/**
 * Moving uploaded files from the disk into another store (src/server/files/migrate.ts, the
 * `files migrate` command): files uploaded through the real service onto its disk, moved into the
 * database store — verified by size and SHA-256 before a disk copy goes, and resumable: a run that
 * failed or stopped halfway is finished by the next, which sends nothing twice.
 */
import { readdir, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseStore } from '../../../src/server/files/database-store.ts';
import type { FileStore } from '../../../src/server/files/file-store.ts';
import { migrateFiles } from '../../../src/server/files/migrate.ts';
import { files as fileRows } from '../../../src/server/store/schema.ts';
import { MiB, mp4, padTo, png, wav } from '../../support/media.ts';
import { startService, type TestService } from '../../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService({ own: true });
});
afterAll(() => service.close());

async function upload(bytes: Uint8Array, fileName: string): Promise<number> {
  const { FileStoreId, PreUploadUrl } = await service.owner.getPreUploadUrl({ fileName });
  await service.client().upload(PreUploadUrl, bytes);
  await service.owner.uploadSuccess({ FileStoreId });
  return Number(FileStoreId);
}

/** A file's id and store key, as its row has them. */
const refOf = async (id: number) =>
  (
    await service.db.select({ id: fileRows.id, storeKey: fileRows.storeKey }).from(fileRows).where(eq(fileRows.id, id))
  )[0]!;
/** Where the disk store keeps a file: named by its store key. */
const pathOf = async (id: number) => join(service.dataDir, 'files', (await refOf(id)).storeKey);
/** The ids of the files on disk (a name no row has, as itself). */
const onDisk = async () => {
  const rows = await service.db.select({ id: fileRows.id, storeKey: fileRows.storeKey }).from(fileRows);
  const names = (await readdir(join(service.dataDir, 'files')).catch(() => [])).filter((n) => !n.endsWith('.part'));
  return names.map((n) => rows.find((r) => r.storeKey === n)?.id ?? Number(n)).sort((a, b) => a - b);
};

/** The database store, failing the nth upload it is given as a lost connection would. */
function failingAt(nth: number, store: FileStore): FileStore {
  let received = 0;
  return {
    ...store,
    receive: (id, body) =>
      ++received === nth ? Promise.reject(new Error('Connection terminated unexpectedly')) : store.receive(id, body),
  };
}

describe('files migrate', () => {
  it('moves every file, verified, and finishes what a failed run left', async () => {
    const video = padTo(mp4(), 3 * MiB + 5);
    video.fill(7, 4096);
    const files = { picture: png(30, 20), recording: wav({ seconds: 2 }), video };
    const ids = {
      picture: await upload(files.picture, 'a.png'),
      recording: await upload(files.recording, 'b.wav'),
      video: await upload(files.video, 'c.mp4'),
    };
    expect(await onDisk()).toEqual(Object.values(ids));
    const target = databaseStore(service.db);
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);

    const first = await migrateFiles({ db: service.db, dataDir: service.dataDir, to: failingAt(2, target), log });
    expect(first).toEqual({ moved: 2, already: 0, skipped: 0, failed: 1, left: 1 });
    expect(lines).toContainEqual(`file ${ids.recording}: not moved: Connection terminated unexpectedly`);
    expect(await onDisk()).toEqual([ids.recording]);
    // The moved ones are read from the store, the same bytes.
    expect(new Uint8Array(await target.whole(await refOf(ids.picture)))).toEqual(files.picture);
    expect((await target.whole(await refOf(ids.video))).equals(files.video)).toBe(true);

    // A run stopped after a file was in the store but before its disk copy went: the copy is back.
    await writeFile(await pathOf(ids.picture), files.picture);
    const second = await migrateFiles({ db: service.db, dataDir: service.dataDir, to: target, log });
    expect(second).toEqual({ moved: 1, already: 1, skipped: 0, failed: 0, left: 0 });
    expect(await onDisk()).toEqual([]);
    expect(new Uint8Array(await target.whole(await refOf(ids.recording)))).toEqual(files.recording);

    expect(await migrateFiles({ db: service.db, dataDir: service.dataDir, to: target, log })).toEqual({
      moved: 0,
      already: 0,
      skipped: 0,
      failed: 0,
      left: 0,
    });
  });

  it('leaves on disk a file whose size is not what was uploaded, and bytes no uploaded file has', async () => {
    const id = await upload(png(40, 40), 'd.png');
    await truncate(await pathOf(id), 30);
    await writeFile(join(service.dataDir, 'files', '999999'), png());
    const lines: string[] = [];
    const result = await migrateFiles({
      db: service.db,
      dataDir: service.dataDir,
      to: databaseStore(service.db),
      log: (l) => lines.push(l),
    });
    expect(result).toEqual({ moved: 0, already: 0, skipped: 1, failed: 1, left: 2 });
    expect(lines).toEqual([
      expect.stringMatching(new RegExp(`^file ${id}: not moved: 30 bytes on disk, \\d+ in the database$`)),
      'file 999999: no uploaded file has this key; left on disk',
    ]);
    expect(await onDisk()).toEqual([id, 999999]);
    await expect(databaseStore(service.db).whole(await refOf(id))).rejects.toMatchObject({ name: 'FileMissing' });
  });
});
