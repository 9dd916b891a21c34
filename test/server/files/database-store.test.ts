/**
 * The database file store (src/server/files/database-store.ts) on a real database — PGlite here,
 * PostgreSQL in the postgres project: whole or nothing, chunks and byte ranges, replacing, removing,
 * and the sweep of what cut uploads left.
 */
import { createHook } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chunkWire, fromBinaryCopy } from '../../../src/server/files/chunk-wire.ts';
import { databaseStore } from '../../../src/server/files/database-store.ts';
import { FileMissing, type FileStore } from '../../../src/server/files/file-store.ts';
import { openStore, rowsOf, type Store } from '../../../src/server/store/db.ts';
import { fileChunks, files } from '../../../src/server/store/schema.ts';
import { MiB, mp4, padTo, png } from '../../support/media.ts';
import { freshDatabase, usesPostgres } from '../../support/database.ts';
import { fileRef } from '../../support/file-stores.ts';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Store['db'];
let close: () => Promise<void>;
/** Chunks of 1,000 bytes, so that a few kilobytes cross several. */
let store: FileStore;

beforeAll(async () => {
  database = await freshDatabase();
  const opened = await openStore(database.options);
  db = opened.db;
  close = opened.close;
  store = databaseStore(db, 1000);
});
afterAll(async () => {
  await close();
  await database.drop();
});

/** A file row to hold bytes for (file_bytes refers to it). */
async function newFile(): Promise<number> {
  const [row] = await db
    .insert(files)
    .values({
      fileName: 'f',
      status: 'uploaded',
      uploadTokenHash: randomBytes(8).toString('hex'),
      uploadExpiresAt: new Date(),
    })
    .returning({ id: files.id });
  return row!.id;
}

const chunksOf = async (id: number) =>
  rowsOf<{ uploads: number; chunks: number }>(
    await db.execute(
      sql`SELECT count(DISTINCT upload_key)::int AS uploads, count(*)::int AS chunks FROM file_chunks WHERE file_id = ${id}`,
    ),
  )[0]!;
const bytesOf = async (r: Readable) => new Uint8Array(Buffer.concat(await r.toArray()));
/** A picture of a few kilobytes, with bytes that differ along it (zeros would hide a chunk out of place). */
const picture = () => {
  const bytes = padTo(png(9, 4), 4_321);
  for (let i = 100; i < bytes.length; i++) bytes[i] = (i * 7) % 251;
  return bytes;
};

describe('the database store', () => {
  it('holds nothing readable until keep, and then the whole file, in chunks', async () => {
    const id = await newFile();
    const bytes = picture();
    const received = await store.receive(
      fileRef(id),
      Readable.from([Buffer.from(bytes.subarray(0, 1500)), Buffer.from(bytes.subarray(1500))]),
    );
    expect(received).toMatchObject({ size: bytes.length, sniffed: { kind: 'Image', mimeType: 'image/png' } });
    expect(await chunksOf(id)).toEqual({ uploads: 1, chunks: 5 });
    await expect(store.head(fileRef(id), 8)).rejects.toBeInstanceOf(FileMissing);
    await expect(store.read(fileRef(id))).rejects.toBeInstanceOf(FileMissing);
    await received.keep();
    expect(new Uint8Array(await store.whole(fileRef(id)))).toEqual(bytes);
    expect(new Uint8Array(await store.head(fileRef(id), 8))).toEqual(bytes.subarray(0, 8));
    expect(new Uint8Array(await store.head(fileRef(id), 10_000))).toEqual(bytes);
  });

  it('reads a range from only the chunks it covers', async () => {
    const id = await newFile();
    const bytes = picture();
    await (await store.receive(fileRef(id), Readable.from([Buffer.from(bytes)]))).keep();
    for (const [start, end] of [
      [0, 0],
      [999, 1000],
      [1234, 3456],
      [4000, 4320],
      [2000, 2999],
    ] as const)
      expect(await bytesOf(await store.read(fileRef(id), { start, end }))).toEqual(bytes.subarray(start, end + 1));
  });

  it('keeps nothing of a refused upload, nor of one cut off halfway', async () => {
    const id = await newFile();
    await expect(
      store.receive(fileRef(id), Readable.from([Buffer.from('\0not a picture, nor a document: bytes of nothing')])),
    ).rejects.toMatchObject({ name: 'StoreError', refusal: 'unsupported' });
    await expect(
      store.receive(fileRef(id), Readable.from([Buffer.from(padTo(png(), 25 * MiB))])),
    ).rejects.toMatchObject({ name: 'StoreError', refusal: 'tooLarge' });
    let sent = 0;
    const cut = new Readable({
      read() {
        if (sent++ < 4) return void this.push(sent === 1 ? Buffer.from(mp4()) : randomBytes(1500));
        this.destroy(new Error('the visitor went away'));
      },
    });
    await expect(store.receive(fileRef(id), cut)).rejects.toThrow('the visitor went away');
    expect(await chunksOf(id)).toEqual({ uploads: 0, chunks: 0 });
    await expect(store.whole(fileRef(id))).rejects.toBeInstanceOf(FileMissing);
  });

  it('replaces a file with the upload kept last, and drops what it replaced', async () => {
    const id = await newFile();
    await (await store.receive(fileRef(id), Readable.from([Buffer.from(picture())]))).keep();
    const second = padTo(png(2, 2), 1_200);
    const discarded = await store.receive(fileRef(id), Readable.from([Buffer.from(mp4())]));
    await discarded.discard();
    await (await store.receive(fileRef(id), Readable.from([Buffer.from(second)]))).keep();
    expect(new Uint8Array(await store.whole(fileRef(id)))).toEqual(second);
    expect(await chunksOf(id)).toEqual({ uploads: 1, chunks: 2 });
    await store.remove(fileRef(id));
    await expect(store.whole(fileRef(id))).rejects.toBeInstanceOf(FileMissing);
    expect(await chunksOf(id)).toEqual({ uploads: 0, chunks: 0 });
    await store.remove(fileRef(id));
  });

  it('sweeps uploads no file names that have not grown since the time given, and nothing else', async () => {
    const [kept, cutLongAgo, arriving, deleted] = [await newFile(), await newFile(), await newFile(), await newFile()];
    await (await store.receive(fileRef(kept), Readable.from([Buffer.from(picture())]))).keep();
    await store.receive(fileRef(cutLongAgo), Readable.from([Buffer.from(picture())]));
    const inFlight = await store.receive(fileRef(arriving), Readable.from([Buffer.from(picture())]));
    await (await store.receive(fileRef(deleted), Readable.from([Buffer.from(picture())]))).keep();
    // What a process killed mid-upload leaves, written two hours ago; and bytes whose file is gone.
    await db
      .update(fileChunks)
      .set({ writtenAt: sql`now() - interval '2 hours'` })
      .where(eq(fileChunks.fileId, cutLongAgo));
    await db
      .update(fileChunks)
      .set({ writtenAt: sql`now() - interval '2 hours'` })
      .where(eq(fileChunks.fileId, deleted));
    await db.delete(files).where(eq(files.id, deleted));
    // The kept file's chunks are as old: kept, they are never swept.
    await db
      .update(fileChunks)
      .set({ writtenAt: sql`now() - interval '2 hours'` })
      .where(eq(fileChunks.fileId, kept));

    expect(await store.sweep(new Date(Date.now() - 3_600_000))).toBe(2);
    expect(await chunksOf(cutLongAgo)).toEqual({ uploads: 0, chunks: 0 });
    expect(await chunksOf(deleted)).toEqual({ uploads: 0, chunks: 0 });
    expect(new Uint8Array(await store.whole(fileRef(kept)))).toEqual(picture());
    await inFlight.keep();
    expect(new Uint8Array(await store.whole(fileRef(arriving)))).toEqual(picture());
    expect(await store.sweep(new Date(Date.now() - 3_600_000))).toBe(0);
  });

  it('lets the event loop turn between chunks, in and out, so that a file going through holds up no other request', async () => {
    const id = await newFile();
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    // Ten chunks in: the upload's body is all there at once, so only the store can give turns.
    await (await store.receive(fileRef(id), Readable.from([Buffer.from(padTo(png(), 10_000))]))).keep();
    const inTurns = turns;
    turns = 0;
    expect((await store.whole(fileRef(id))).length).toBe(10_000);
    counting = false;
    expect(inTurns).toBeGreaterThanOrEqual(9);
    expect(turns).toBeGreaterThanOrEqual(9);
  });

  it('streams a large file in and out a chunk at a time', async () => {
    const id = await newFile();
    const big = databaseStore(db);
    const bytes = padTo(mp4(), 3 * MiB + 17);
    bytes.fill(42, 1000);
    await (await big.receive(fileRef(id), Readable.from([Buffer.from(bytes)]))).keep();
    expect(await chunksOf(id)).toEqual({ uploads: 1, chunks: 4 });
    const stream = await big.read(fileRef(id), { start: MiB - 5, end: 3 * MiB + 16 });
    const pieces = (await stream.toArray()) as Buffer[];
    expect(pieces.map((p) => p.length)).toEqual([5, MiB, MiB, 17]);
    // Compared as Buffers: a deep equality of three million elements takes seconds.
    expect(Buffer.concat(pieces).equals(bytes.subarray(MiB - 5))).toBe(true);
  });
});

describe('how chunks cross (chunk-wire.ts: COPY in its binary format; base64 into PGlite)', () => {
  it('gives the exact bytes of a slice, every byte value included, and null for a chunk that is not there', async () => {
    const id = await newFile();
    const wire = chunkWire(db);
    // Every byte value, and COPY's own signature and end marker inside the data.
    const bytes = Buffer.concat([
      Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
      Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'),
      Buffer.from([0xff, 0xff]),
      randomBytes(2000),
    ]);
    await wire.insert('c0ffee', id, 0, bytes);
    expect((await wire.slice('c0ffee', 0, 0, bytes.length))!.equals(bytes)).toBe(true);
    expect((await wire.slice('c0ffee', 0, 250, 20))!.equals(bytes.subarray(250, 270))).toBe(true);
    // Past the end: what there is, as substring() gives it.
    expect((await wire.slice('c0ffee', 0, bytes.length - 3, 100))!.equals(bytes.subarray(bytes.length - 3))).toBe(true);
    expect((await wire.slice('c0ffee', 0, bytes.length + 5, 10))!.length).toBe(0);
    expect(await wire.slice('c0ffee', 1, 0, 10)).toBeNull();
    expect(await wire.slice('decaf', 0, 0, 10)).toBeNull();
    await db.delete(fileChunks).where(eq(fileChunks.uploadKey, 'c0ffee'));
  });

  it.runIf(usesPostgres())('leaves no timer running after a read on PostgreSQL', async () => {
    // A query_timeout no other timer has: node-postgres times each query with it.
    const TIMEOUT = 9_876;
    const pool = new pg.Pool({ connectionString: database.url!, query_timeout: TIMEOUT });
    const wire = chunkWire(drizzle({ client: pool }) as unknown as Store['db']);
    const id = await newFile();
    await wire.insert('feed01', id, 0, Buffer.from('bytes'));
    // The timers made with it, from their start until they end (run, or cleared).
    let timed = 0;
    const running = new Set<number>();
    const hook = createHook({
      init: (asyncId, type, _trigger, resource) => {
        if (type !== 'Timeout' || (resource as { _idleTimeout?: number })._idleTimeout !== TIMEOUT) return;
        timed++;
        running.add(asyncId);
      },
      destroy: (asyncId) => running.delete(asyncId),
    }).enable();
    try {
      for (let i = 0; i < 3; i++) expect((await wire.slice('feed01', 0, 0, 5))!.toString()).toBe('bytes');
      // Node tells of ended timers on a later turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      hook.disable();
      await pool.end();
    }
    expect(timed).toBe(3);
    // pg-copy-streams' COPY TO never ends node-postgres's timer itself: left running, each held a
    // finished `files migrate` 10 s, then reported a timeout on the finished COPY (chunk-wire.ts).
    expect(running.size).toBe(0);
    await db.delete(fileChunks).where(eq(fileChunks.uploadKey, 'feed01'));
  });

  it('refuses to read for a key the store did not make, or a position that is not one, before COPY', async () => {
    const id = await newFile();
    const wire = chunkWire(db);
    await wire.insert('abc123', id, 0, Buffer.from('secret'));
    await expect(wire.slice("x' OR true OR 'x'='", 0, 0, 6)).rejects.toThrow(/not a chunk to read/);
    await expect(wire.slice('abc123', 0, -1, 6)).rejects.toThrow(/not a chunk to read/);
    await expect(wire.slice('abc123', 0.5, 0, 6)).rejects.toThrow(/not a chunk to read/);
    expect((await wire.slice('abc123', 0, 0, 6))!.toString()).toBe('secret');
    await db.delete(fileChunks).where(eq(fileChunks.uploadKey, 'abc123'));
  });

  it('reads COPY binary output strictly: no row is null; another format or a cut row is an error', () => {
    const header = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
    const end = Buffer.from([0xff, 0xff]);
    const row = (data: Buffer, length = data.length) => {
      const head = Buffer.alloc(6);
      head.writeInt16BE(1, 0);
      head.writeInt32BE(length, 2);
      return Buffer.concat([head, data]);
    };
    expect(fromBinaryCopy(Buffer.concat([header, end]))).toBeNull();
    expect(fromBinaryCopy(Buffer.concat([header, row(Buffer.from('hello')), end]))!.toString()).toBe('hello');
    expect(() => fromBinaryCopy(Buffer.concat([header, row(Buffer.from('hel'), 5)]))).toThrow(/cut short/);
    expect(() => fromBinaryCopy(Buffer.from('\\x68656c6c6f\n'))).toThrow(/not COPY binary/);
  });
});
