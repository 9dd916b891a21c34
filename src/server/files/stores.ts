/**
 * Which file store a service uses (FILES_URL): the disk with the embedded database, the database
 * with DATABASE_URL — so instances sharing one PostgreSQL read each other's uploads — or S3-compatible
 * object storage. The S3 client is loaded only when it is chosen.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Db } from '../store/db.ts';
import { databaseStore } from './database-store.ts';
import { diskStore } from './disk-store.ts';
import { FileMissing, isStoreKey, type FileStore } from './file-store.ts';

export type FilesSetting = { kind: 'disk' } | { kind: 'database' } | { kind: 's3'; url: string };

/** FILES_URL: `disk`, `database` (or `postgres`), or `s3://bucket/prefix`; unset, the default for the database. */
export function filesSetting(raw: string | undefined, databaseUrl: string | undefined): FilesSetting {
  const value = (raw ?? '').trim();
  if (value === '') return databaseUrl ? { kind: 'database' } : { kind: 'disk' };
  if (value === 'disk') return { kind: 'disk' };
  if (value === 'database' || value === 'postgres') return { kind: 'database' };
  if (value.startsWith('s3://')) return { kind: 's3', url: value };
  throw new Error(`FILES_URL must be disk, database (or postgres), or s3://bucket/prefix (got "${raw}")`);
}

export const whereFilesLive = (setting: FilesSetting, dataDir: string) =>
  setting.kind === 'disk'
    ? `on disk, in ${join(dataDir, 'files')}`
    : setting.kind === 'database'
      ? 'in the database'
      : `in ${setting.url}`;

export async function openFileStore(
  setting: FilesSetting,
  db: Db,
  dataDir: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<FileStore> {
  if (setting.kind === 'disk') return diskStore(join(dataDir, 'files'));
  if (setting.kind === 'database') return databaseStore(db);
  const { s3StoreFromUrl } = await import('./s3-store.ts');
  return s3StoreFromUrl(setting.url, env);
}

/** How many kept files the disk store holds in `dataDir` (store keys, not partial uploads). */
export function filesOnDisk(dataDir: string): number {
  const dir = join(dataDir, 'files');
  return existsSync(dir) ? readdirSync(dir).filter(isStoreKey).length : 0;
}

/**
 * `store`, still reading what an earlier start kept on disk: a service moved from the disk to the
 * database or S3 serves its old files until `files migrate` has moved them. New files go to `store`.
 */
export function withDiskFallback(store: FileStore, disk: FileStore): FileStore {
  const either = <T>(first: () => Promise<T>, then: () => Promise<T>) =>
    first().catch((error: unknown) => (error instanceof FileMissing ? then() : Promise.reject(error)));
  return {
    ...store,
    head: (file, bytes) =>
      either(
        () => store.head(file, bytes),
        () => disk.head(file, bytes),
      ),
    whole: (file) =>
      either(
        () => store.whole(file),
        () => disk.whole(file),
      ),
    read: (file, range) =>
      either(
        () => store.read(file, range),
        () => disk.read(file, range),
      ),
    remove: async (file) => {
      await store.remove(file);
      await disk.remove(file);
    },
    sweep: async (before) => (await store.sweep(before)) + (await disk.sweep(before)),
  };
}
