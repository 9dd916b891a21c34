/**
 * The three file stores for tests that run against each (test/server/http/routes/files.test.ts, the two-instance tests):
 * the store itself, and what it holds of a file, read from the storage underneath — the directory,
 * the tables, the bucket — rather than from the store's own word.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { databaseStore } from '../../src/server/files/database-store.ts';
import { diskStore } from '../../src/server/files/disk-store.ts';
import type { FileRef, FileStore } from '../../src/server/files/file-store.ts';
import { s3Store } from '../../src/server/files/s3-store.ts';
import { rowsOf, type Db } from '../../src/server/store/db.ts';
import { startS3 } from './s3.ts';

export type StoreKind = 'disk' | 'database' | 's3';

/** A file as a store addresses it, for tests that use a store without the service: keyed by its id, as a file from before random keys. */
export const fileRef = (id: number): FileRef => ({ id, storeKey: String(id) });

/**
 * The stores a file test runs against: on PostgreSQL the two that instances share; on PGlite the
 * disk and the database — and S3 too when the run has no PostgreSQL pass (no DATABASE_URL) or
 * takes everything (`npm run soak`, which runs the node project alone): what S3 keeps is the same
 * whichever database holds the files' rows, so `npm test` runs it once.
 */
export const storeKinds = (postgres: boolean): StoreKind[] =>
  postgres
    ? ['database', 's3']
    : process.env.DATABASE_URL && process.env.TEST_CORPORA !== 'whole'
      ? ['disk', 'database']
      : ['disk', 'database', 's3'];

export interface TestFileStore {
  kind: StoreKind;
  store: FileStore;
  /** What the storage holds of file `id` (under its store key): 'kept' for its bytes, 'partial' for each upload not (yet) kept. */
  pieces(id: number | string): Promise<string[]>;
  /** The S3 server's endpoint and bucket, for a service started as a process (FILES_URL and AWS variables). */
  s3?: { endpoint: string; bucket: string; url: string };
  close(): Promise<void>;
}

export async function testFileStore(kind: StoreKind, where: { db: Db; dataDir: string }): Promise<TestFileStore> {
  // The key the file's row gives it (its id, for a row that is gone).
  const keyOf = async (id: number | string) =>
    rowsOf<{ key: string }>(await where.db.execute(sql`SELECT store_key AS key FROM files WHERE id = ${Number(id)}`))[0]
      ?.key ?? String(id);
  if (kind === 'disk') {
    const dir = join(where.dataDir, 'files');
    return {
      kind,
      store: diskStore(dir),
      pieces: async (id) => {
        const key = await keyOf(id);
        return (await readdir(dir).catch(() => []))
          .filter((name) => name === key || name.startsWith(`${key}.`))
          .map((name) => (name === key ? 'kept' : 'partial'))
          .sort();
      },
      close: async () => undefined,
    };
  }
  if (kind === 'database') {
    return {
      kind,
      store: databaseStore(where.db),
      pieces: async (id) => {
        const rows = rowsOf<{ kept: boolean }>(
          await where.db.execute(sql`
            SELECT DISTINCT c.upload_key, EXISTS (SELECT 1 FROM file_bytes b WHERE b.upload_key = c.upload_key) AS kept
            FROM file_chunks c WHERE c.file_id = ${Number(id)}`),
        );
        return rows.map((r) => (r.kept ? 'kept' : 'partial')).sort();
      },
      close: async () => undefined,
    };
  }
  const s3 = await startS3();
  const prefix = 'uploads';
  return {
    kind,
    store: s3Store({ client: s3.client, bucket: s3.bucket, prefix }),
    pieces: async (id) => {
      const key = `${prefix}/${await keyOf(id)}`;
      const objects = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: key }));
      const uploads = await s3.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: key }));
      return [
        ...(objects.Contents ?? []).filter((o) => o.Key === key).map(() => 'kept'),
        ...(uploads.Uploads ?? []).filter((u) => u.Key === key).map(() => 'partial'),
      ].sort();
    },
    s3: { endpoint: s3.endpoint, bucket: s3.bucket, url: `s3://${s3.bucket}/${prefix}` },
    close: () => s3.close(),
  };
}
