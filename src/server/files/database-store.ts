/**
 * The files in the database (PostgreSQL or PGlite) — the default with DATABASE_URL, so that every
 * instance sharing the database reads every file. A chunk table rather than large objects: a large
 * object is written through a descriptor that lives only inside one transaction (a 100 MB upload
 * from a slow phone would hold a transaction and a connection open for minutes) and needs
 * `lo_unlink` bookkeeping beside its row; chunks are one short statement each, read back one at a
 * time (a Range reads only the chunks it covers), and work the same on PGlite (how the bytes
 * cross: chunk-wire.ts).
 *
 * An upload's chunks are written under a key of its own and become the file only when `keep` names
 * that key in `file_bytes` (one statement, which also drops the chunks of any earlier upload): a
 * cut upload is never readable, and what it wrote is swept once it has not grown for a while.
 *
 * Keyed by the file's id, not its store key (file-store.ts): the bytes live in the same database
 * as the row, so a restored copy of the database has its own copy of them, and writes only there.
 */
import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../store/db.ts';
import { chunkWire } from './chunk-wire.ts';
import { fileBytes, fileChunks } from '../store/schema.ts';
import { FileMissing, gate, type ByteRange, type FileRef, type FileStore } from './file-store.ts';

/** A chunk's size: one statement per MiB keeps a 100 MB video at 100 statements and ~1 MiB in memory. */
export const CHUNK_BYTES = 1_048_576;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function databaseStore(db: Db, chunkBytes = CHUNK_BYTES): FileStore {
  const dropUpload = (key: string) => db.delete(fileChunks).where(eq(fileChunks.uploadKey, key));
  const located = async (file: FileRef) => {
    const [row] = await db.select().from(fileBytes).where(eq(fileBytes.fileId, file.id));
    if (!row) throw new FileMissing(file);
    return row;
  };
  const wire = chunkWire(db);
  const slice = async (ref: FileRef, key: string, seq: number, from: number, length: number) => {
    const bytes = await wire.slice(key, seq, from, length);
    // Removed, or replaced by another upload, while it was being read.
    if (!bytes) throw new FileMissing(ref);
    return bytes;
  };
  const read = async (ref: FileRef, range?: ByteRange): Promise<Readable> => {
    const file = await located(ref);
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? file.size - 1, file.size - 1);
    async function* bytes() {
      for (let seq = Math.floor(start / file.chunkBytes); seq <= Math.floor(end / file.chunkBytes); seq++) {
        const from = Math.max(0, start - seq * file.chunkBytes);
        const to = Math.min(file.chunkBytes - 1, end - seq * file.chunkBytes);
        // A turn of the event loop between chunks: PGlite answers without one, and a file read
        // chunk after chunk would hold up every other request until its last byte.
        if (seq > 0) await turn();
        yield await slice(ref, file.uploadKey, seq, from, to - from + 1);
      }
    }
    // One chunk at a time, and the next only when the reader has taken the last.
    return Readable.from(bytes(), { objectMode: false, highWaterMark: 1 });
  };
  const collect = async (stream: Readable) => Buffer.concat(await stream.toArray());

  return {
    async check() {
      await db.select({ id: fileBytes.fileId }).from(fileBytes).limit(1);
    },
    async receive(file, body) {
      const { id } = file;
      const key = randomBytes(12).toString('hex');
      const checked = gate(file);
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const write = async (piece: Buffer) => {
        const at = seq++;
        // As in reading: the other requests get a turn between chunks.
        await turn();
        await wire.insert(key, id, at, piece);
      };
      // Whole chunks go as soon as they are full; the upload waits for each to be stored.
      const writeFull = async () => {
        if (pendingBytes < chunkBytes) return;
        let all = Buffer.concat(pending);
        while (all.length >= chunkBytes) {
          await write(all.subarray(0, chunkBytes));
          all = all.subarray(chunkBytes);
        }
        pending = [all];
        pendingBytes = all.length;
      };
      /** The chunk being stored: a failed upload waits for it before it drops what was written. */
      let writing: Promise<void> = Promise.resolve();
      const sink = new Writable({
        write(piece: Buffer, _encoding, done) {
          pending.push(piece);
          pendingBytes += piece.length;
          writing = writeFull();
          writing.then(() => done(), done);
        },
        final(done) {
          writing = pendingBytes > 0 ? write(Buffer.concat(pending)) : Promise.resolve();
          writing.then(() => done(), done);
        },
      });
      try {
        await pipeline(body, checked.transform, sink);
      } catch (error) {
        // What was written goes now (after the chunk still on its way, which would land after the
        // drop); if even that fails (the database gone), the sweep takes it later.
        await writing.catch(() => undefined);
        await dropUpload(key).catch(() => undefined);
        throw error;
      }
      const { sniffed, size } = checked.result();
      return {
        sniffed,
        size,
        keep: async () => {
          await db.execute(sql`
            WITH earlier AS (SELECT upload_key FROM file_bytes WHERE file_id = ${id}),
            kept AS (
              INSERT INTO file_bytes (file_id, upload_key, size, chunk_bytes) VALUES (${id}, ${key}, ${size}, ${chunkBytes})
              ON CONFLICT (file_id) DO UPDATE SET upload_key = excluded.upload_key, size = excluded.size, chunk_bytes = excluded.chunk_bytes
            )
            DELETE FROM file_chunks WHERE upload_key IN (SELECT upload_key FROM earlier)`);
        },
        discard: async () => void (await dropUpload(key)),
      };
    },
    head: async (file, bytes) => collect(await read(file, { start: 0, end: bytes - 1 })),
    whole: async (file) => collect(await read(file)),
    read,
    async remove({ id }) {
      await db.execute(sql`
        WITH gone AS (DELETE FROM file_bytes WHERE file_id = ${id} RETURNING upload_key)
        DELETE FROM file_chunks WHERE upload_key IN (SELECT upload_key FROM gone)`);
    },
    async sweep(before) {
      // Uploads no file names whose last chunk is older than `before`: cut, refused or discarded
      // by a process that died, or the bytes of a file whose row went (a session deleted).
      const result = await db.execute(sql`
        WITH stale AS (
          SELECT c.upload_key FROM file_chunks c
          WHERE NOT EXISTS (SELECT 1 FROM file_bytes b WHERE b.upload_key = c.upload_key)
          GROUP BY c.upload_key HAVING max(c.written_at) < ${before.toISOString()}::timestamptz
        ),
        gone AS (DELETE FROM file_chunks WHERE upload_key IN (SELECT upload_key FROM stale) RETURNING upload_key)
        SELECT count(DISTINCT upload_key)::int AS n FROM gone`);
      return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    },
  };
}
