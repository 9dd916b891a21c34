/**
 * `chat-bot-server files migrate --to database|s3`: moves the files an earlier start kept on disk
 * (DATA_DIR/files) into another store, one at a time, streamed. A file's disk copy goes only once
 * the store gives back the same size and SHA-256; so the command can be stopped anywhere and run
 * again (what is already there is verified, not sent twice), and a service running meanwhile reads
 * each file from one place or the other throughout (stores.ts, withDiskFallback).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Db } from '../store/db.ts';
import { files } from '../store/schema.ts';
import { FileMissing, isStoreKey, type FileRef, type FileStore } from './file-store.ts';

export interface Migrated {
  moved: number;
  /** In the store already, the same bytes (an earlier run stopped before it removed the disk copy). */
  already: number;
  /** On disk, but no uploaded file has the key (its session was deleted, or its upload never finished). */
  skipped: number;
  failed: number;
  /** Still on disk at the end: skipped and failed. */
  left: number;
}

async function digest(stream: Readable): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { size, sha256: hash.digest('hex') };
}

const sameBytes = (a: { size: number; sha256: string }, b: { size: number; sha256: string }) =>
  a.size === b.size && a.sha256 === b.sha256;

export async function migrateFiles(options: {
  db: Db;
  dataDir: string;
  to: FileStore;
  log(line: string): void;
}): Promise<Migrated> {
  const { db, to, log } = options;
  const dir = join(options.dataDir, 'files');
  const names = await readdir(dir).catch((error: unknown) =>
    (error as { code?: unknown }).code === 'ENOENT' ? [] : Promise.reject(error),
  );
  const result: Migrated = { moved: 0, already: 0, skipped: 0, failed: 0, left: 0 };
  const inStore = (file: FileRef) =>
    to.read(file).then(digest, (error: unknown) => (error instanceof FileMissing ? null : Promise.reject(error)));
  const found = [];
  for (const key of names.filter(isStoreKey)) {
    const [row] = await db
      .select({ id: files.id, storeKey: files.storeKey, status: files.status, size: files.size })
      .from(files)
      .where(eq(files.storeKey, key));
    found.push({ key, row });
  }
  // In the order they were uploaded (the keys are random); bytes no file names, last.
  found.sort((a, b) => (a.row?.id ?? Infinity) - (b.row?.id ?? Infinity) || a.key.localeCompare(b.key));

  for (const { key, row } of found) {
    const path = join(dir, key);
    if (!row || row.status === 'reserved') {
      result.skipped++;
      log(`file ${key}: no uploaded file has this key; left on disk`);
      continue;
    }
    const id = row.id;
    try {
      const onDisk = await digest(createReadStream(path));
      if (onDisk.size !== row.size) throw new Error(`${onDisk.size} bytes on disk, ${row.size} in the database`);
      const there = await inStore(row);
      if (there && sameBytes(there, onDisk)) {
        result.already++;
      } else {
        const received = await to.receive(row, createReadStream(path));
        await received.keep();
        const copied = await inStore(row);
        if (!copied || !sameBytes(copied, onDisk))
          throw new Error(
            `the store gave back ${copied ? `${copied.size} bytes, SHA-256 ${copied.sha256}` : 'nothing'}`,
          );
        result.moved++;
        log(`file ${id}: moved (${onDisk.size} bytes, SHA-256 ${onDisk.sha256.slice(0, 16)}…)`);
      }
      await rm(path);
    } catch (error) {
      result.failed++;
      log(`file ${id}: not moved: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  result.left = result.skipped + result.failed;
  return result;
}
