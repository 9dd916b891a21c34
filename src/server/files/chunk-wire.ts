/**
 * How the database store's chunks cross to the database and back. Into PostgreSQL as bytes: a
 * Buffer parameter goes in binary, no text on the way. PGlite hex-encodes bytea parameters byte by
 * byte in JavaScript (~0.5 s a MiB, measured), so into PGlite, and back from both, the bytes go as
 * base64, which both ends code natively (~30 ms a MiB): node-postgres reads a bytea result as hex
 * text, twice the bytes, and its binary results decode every column as text (pg 8: a per-query
 * `binary` mangles bytea), so base64 is the shortest text back.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { rowsOf, type Db } from '../store/db.ts';

export interface ChunkWire {
  insert(key: string, fileId: number, seq: number, bytes: Buffer): Promise<unknown>;
  /** `length` bytes of chunk `seq` from `from` (cut out by the database), or null when there is no such chunk. */
  slice(key: string, seq: number, from: number, length: number): Promise<Buffer | null>;
}

const INSERT = 'INSERT INTO file_chunks (upload_key, file_id, seq, bytes) VALUES ($1, $2, $3, $4)';

export function chunkWire(db: Db): ChunkWire {
  // drizzle's handle on the driver it was given: node-postgres's pool, or PGlite.
  const client = (db as unknown as { $client?: unknown }).$client;
  return {
    insert: (key, fileId, seq, bytes) =>
      client instanceof pg.Pool
        ? client.query(INSERT, [key, fileId, seq, bytes])
        : db.execute(sql`INSERT INTO file_chunks (upload_key, file_id, seq, bytes) VALUES (${key}, ${fileId}, ${seq}, decode(${bytes.toString('base64')}, 'base64'))`),
    slice: async (key, seq, from, length) => {
      const [row] = rowsOf<{ b64: string }>(
        await db.execute(
          sql`SELECT encode(substring(bytes FROM ${from + 1}::int FOR ${length}::int), 'base64') AS b64 FROM file_chunks WHERE upload_key = ${key} AND seq = ${seq}`,
        ),
      );
      return row ? Buffer.from(row.b64, 'base64') : null;
    },
  };
}
