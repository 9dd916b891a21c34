/**
 * A service that kept its uploads on disk, moved to the database or to S3: started again
 * with the new store it still serves the old files from disk and says so; `chat-bot-server files
 * migrate --to …`, run beside it, moves them (the compiled bin, as an operator runs it), and every
 * file stays readable throughout, the same bytes. `npm test` takes one of the two targets
 * (VARIANT_SEED; test/server/files/migrate.test.ts moves to both in every run), `npm run soak` both.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { binCommand, startBin, type RunningBin } from '../support/bin.ts';
import { MiB, mp4, padTo, png, wav } from '../support/media.ts';
import { postgresBin, postgresServer, type DatabaseServer } from '../support/postgres.ts';
import { variants } from '../support/sample.ts';
import { serviceEnv, startS3, type LocalS3 } from '../support/s3.ts';

let postgres: DatabaseServer;
let s3: LocalS3;

beforeAll(async () => {
  if (!postgresBin()) return;
  postgres = await postgresServer();
  s3 = await startS3();
}, 120_000);
afterAll(async () => {
  await s3?.close();
  postgres?.close();
});

const targets = variants(
  [
    { to: 'database', env: (): Record<string, string> => ({}) },
    {
      to: 's3',
      env: () => serviceEnv(s3, 'moved'),
    },
  ],
  'files migrate',
);

describe.runIf(postgresBin()).each(targets)('files migrate --to $to', ({ to, env }) => {
  let bin: RunningBin | undefined;
  afterAll(() => bin?.close());

  it('moves what an earlier start kept on disk while the service serves every file', { timeout: 120_000 }, async () => {
    const common = {
      DATABASE_URL: await postgres.database(`files_migrate_${to}_${Date.now()}`),
      SESSION_SECRET: randomBytes(32).toString('base64url'),
    };

    // Before: the files on disk.
    bin = await startBin({ ...common, FILES_URL: 'disk' });
    const apiKey = bin.apiKey;
    const video = padTo(mp4(), 6 * MiB);
    video.fill(9, 4096);
    const originals = [png(12, 8), wav({ seconds: 1 }), video];
    const upload = async (origin: string, bytes: Uint8Array) => {
      const owner = createClient({ baseUrl: origin, apiKey });
      const { FileStoreId, PreUploadUrl } = await owner.getPreUploadUrl({ fileName: 'f' });
      await owner.upload(PreUploadUrl, bytes);
      await owner.uploadSuccess({ FileStoreId });
      return FileStoreId;
    };
    const ids = [];
    for (const bytes of originals) ids.push(await upload(bin.url, bytes));
    const dataDir = bin.dataDir;
    // Named by their store keys: random, not the ids.
    const onDisk = async () => (await readdir(join(dataDir, 'files'))).filter((n) => !n.endsWith('.part')).sort();
    const keys = await onDisk();
    expect(keys).toHaveLength(ids.length);
    await bin.stop();

    // Started again with the new store: the old files are served from disk, and it says so.
    bin = await startBin({ ...common, ...env() }, { again: dataDir });
    expect(bin.output).toContain(
      `3 earlier upload(s) still on disk, served from there: \`chat-bot-server files migrate --to ${to === 's3' ? 's3' : 'database'}\``,
    );
    const origin = bin.url;
    const everyFile = async (list: string[], bytes: Uint8Array[]) => {
      for (const [i, id] of list.entries()) {
        const res = await fetch(`${origin}/chat/File/${id}`);
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(bytes[i]!)).toBe(true);
      }
    };
    await everyFile(ids, originals);
    const newer = png(5, 5);
    const newId = await upload(origin, newer);
    expect(await onDisk()).toEqual(keys);

    // Moved beside the running service; a second run finds nothing left to do.
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, binCommand(args), {
        env: { ...process.env, DATA_DIR: dataDir, WORKERS: '', ...common, ...env() },
      });
    const moved = await run(['files', 'migrate', '--to', to]);
    expect(moved.stdout).toContain('Moved 3 file(s), 0 already there, 0 skipped; 0 left on disk.');
    expect(await onDisk()).toEqual([]);
    await everyFile([...ids, newId], [...originals, newer]);
    expect((await run(['files', 'migrate', '--to', to])).stdout).toContain(
      'Moved 0 file(s), 0 already there, 0 skipped; 0 left on disk.',
    );
    await expect(run(['files', 'migrate', '--to', 'ftp'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--to must be database (or postgres) or s3 (got "ftp")'),
    });
  });
});
