/**
 * How the database store's chunks cross to the database and back.
 *
 * PostgreSQL: both ways by COPY in its binary format (pg-copy-streams): in, `COPY … FROM STDIN` takes
 * the chunk's own Buffer, where a bytea parameter is first copied into node-postgres's message buffer
 * (grown by doubling, ~4 MiB of garbage a chunk); back, `COPY (…) TO STDOUT` hands over the socket's
 * bytes as they come. A bytea result would come as text: node-postgres reads it as hex (twice the
 * bytes, a 2 MB string a chunk) and its per-query binary results decode every column as text, which
 * mangles bytea (pg 8). Base64 text would cost the service more CPU and keep each chunk's 1.4 MB
 * string in V8's large-object space until a full collection (docs/BENCHMARKS.md §6).
 *
 * PGlite: in as base64, which both ends code natively (~30 ms a MiB): PGlite hex-encodes bytea
 * parameters byte by byte in JavaScript (~0.5 s a MiB, measured), and its COPY from a Blob saves
 * under a fifth there (its own writing is the cost). Back by the same COPY as PostgreSQL's, into a
 * Blob (PGlite's /dev/blob): a third of base64's time, measured, and no string.
 */
import { finished } from 'node:stream/promises';
import type { PGliteThread } from '../store/pglite/thread.ts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import type { Db } from '../store/db.ts';

export interface ChunkWire {
  insert(key: string, fileId: number, seq: number, bytes: Buffer): Promise<unknown>;
  /** `length` bytes of chunk `seq` from `from` (cut out by the database), or null when there is no such chunk. */
  slice(key: string, seq: number, from: number, length: number): Promise<Buffer | null>;
}

export function chunkWire(db: Db): ChunkWire {
  // drizzle's handle on the driver it was given: node-postgres's pool, or PGlite.
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    return {
      insert: (key, fileId, seq, bytes) => copiedInsert(client, key, fileId, seq, bytes),
      slice: async (key, seq, from, length) => {
        const copy = `${sliceCopy(key, seq, from, length)} TO STDOUT (FORMAT binary)`;
        return copying(client, async (connection) => {
          const query = connection.query(copyTo(copy));
          try {
            return fromBinaryCopy(Buffer.concat(await query.toArray()));
          } finally {
            // node-postgres times a query (query_timeout) until it calls the query's callback, which
            // pg-copy-streams' COPY TO never does (its COPY FROM does): each read would leave a timer
            // that holds the process 10 s (a `files migrate` ended 10 s late) and then reports a
            // timeout on the finished COPY (brianc/node-pg-copy-streams#156). Its callback is pg's,
            // which clears the timer.
            (query as unknown as { callback?: () => void }).callback?.();
          }
        });
      },
    };
  }
  const pglite = client as PGliteThread;
  return {
    insert: (key, fileId, seq, bytes) =>
      db.execute(
        sql`INSERT INTO file_chunks (upload_key, file_id, seq, bytes) VALUES (${key}, ${fileId}, ${seq}, decode(${bytes.toString('base64')}, 'base64'))`,
      ),
    slice: async (key, seq, from, length) => {
      const { blob } = await pglite.query(`${sliceCopy(key, seq, from, length)} TO '/dev/blob' WITH (FORMAT binary)`);
      if (!blob) throw new Error('chunk-wire: PGlite gave no COPY output');
      return fromBinaryCopy(Buffer.from(await blob.arrayBuffer()));
    },
  };
}

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** The signature, no flags, no header extension. */
const HEADER = Buffer.concat([SIGNATURE, Buffer.alloc(8)]);
/** The end of COPY binary data: a field count of -1. */
const TRAILER = Buffer.from([0xff, 0xff]);

/** A COPY on a connection of its own; one that failed midway is not reused. */
async function copying<T>(pool: pg.Pool, run: (connection: pg.PoolClient) => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  let result: T;
  try {
    result = await run(connection);
  } catch (error) {
    connection.release(error as Error);
    throw error;
  }
  connection.release();
  return result;
}

/** One chunk by COPY: the row in COPY's binary format around the chunk's own bytes (text as UTF-8, integers as int4). */
function copiedInsert(pool: pg.Pool, key: string, fileId: number, seq: number, bytes: Buffer): Promise<void> {
  const keyBytes = Buffer.from(key, 'utf8');
  const row = Buffer.alloc(2 + 4 + keyBytes.length + 8 + 8 + 4);
  let at = row.writeInt16BE(4, 0);
  at = row.writeInt32BE(keyBytes.length, at);
  at += keyBytes.copy(row, at);
  at = row.writeInt32BE(4, at);
  at = row.writeInt32BE(fileId, at);
  at = row.writeInt32BE(4, at);
  at = row.writeInt32BE(seq, at);
  row.writeInt32BE(bytes.length, at);
  return copying(pool, async (connection) => {
    const stream = connection.query(
      copyFrom('COPY file_chunks (upload_key, file_id, seq, bytes) FROM STDIN (FORMAT binary)'),
    );
    stream.write(HEADER);
    stream.write(row);
    stream.write(bytes);
    stream.end(TRAILER);
    await finished(stream);
  });
}

/**
 * The COPY of one slice, up to where its output goes. COPY takes no parameters, so what goes into
 * its text is checked first: the upload key is the store's own (hex, from randomBytes), the numbers whole.
 */
function sliceCopy(key: string, seq: number, from: number, length: number): string {
  if (!/^[0-9a-f]{1,64}$/.test(key) || ![seq, from, length].every((n) => Number.isSafeInteger(n) && n >= 0)) {
    throw new Error(
      `chunk-wire: not a chunk to read (key ${JSON.stringify(key)}, seq ${seq}, from ${from}, length ${length})`,
    );
  }
  return `COPY (SELECT substring(bytes FROM ${from + 1} FOR ${length}) FROM file_chunks WHERE upload_key = '${key}' AND seq = ${seq})`;
}

/**
 * The one bytea of COPY's binary format (postgresql.org/docs/current/sql-copy.html, "Binary Format"):
 * the signature, flags and a header extension; a row is a field count and each field's length and
 * bytes; -1 ends it. Null when there was no row.
 */
export function fromBinaryCopy(copy: Buffer): Buffer | null {
  if (copy.length < 21 || !copy.subarray(0, 11).equals(SIGNATURE))
    throw new Error('chunk-wire: not COPY binary output');
  let at = 19 + copy.readUInt32BE(15);
  const fields = copy.readInt16BE(at);
  if (fields === -1) return null;
  if (fields !== 1) throw new Error(`chunk-wire: a COPY row of ${fields} fields, not 1`);
  const length = copy.readInt32BE(at + 2);
  at += 6;
  // substring() of a chunk is never null; a null would mean no bytes.
  if (length < 0) return Buffer.alloc(0);
  if (at + length > copy.length) throw new Error('chunk-wire: a COPY row cut short');
  return copy.subarray(at, at + length);
}
