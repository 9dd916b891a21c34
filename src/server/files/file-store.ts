/**
 * Where uploaded bytes live: one interface, a store per kind of storage, chosen by
 * configuration. What every store shares is here: the upload's body is streamed through `gate`,
 * which says what the file is from its first bytes and holds it to its kind's size limit as bytes
 * arrive — a 100 MB video is never in memory, and one byte over a limit stops the upload with 413.
 * A store takes the bytes completely or not at all: what it received stays unreadable until
 * `keep`, and an upload cut halfway, refused or discarded leaves nothing readable behind.
 *
 * A store names a file's bytes by the file's store key (`files.store_key`), never by its id: ids
 * start again at 1 in every database, so a restored copy of the database sharing a bucket with the
 * live one would write its new files over the live files of the same ids (docs/OPERATING.md, "Backups and
 * restore"). The database store alone keys by id: its bytes sit beside the row, and are restored with it.
 */
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { FILE_LIMITS, LIMITS } from '../../protocol/index.ts';
import { tooLargeFile, unsupportedFile } from '../store/errors.ts';
import { SNIFF_BYTES, sniff, type Sniffed } from './sniff.ts';

const MiB = 1_048_576;
const mb = (bytes: number) => `${bytes / MiB} MB`;

const MEDIA = 'an image (PNG, JPEG, WEBP, still GIF), WAV audio, or a video (MP4, MKV, AVI, FLV, MPEG)';
const ACCEPTED = `${MEDIA.replace(', or a video', ', a video')}, or an owner's document (PDF, DOCX, Markdown, text)`;

/** Which file: its row's id and its store key — and, for a visitor's upload, its session (which takes media only). */
export interface FileRef {
  id: number;
  storeKey: string;
  sessionId?: number | null;
}

/**
 * What a store key looks like: a UUID (every file since keys were random), or digits (a file
 * stored before, whose key is its id). Anything else under a store's folder or prefix is not the
 * store's, and its sweep leaves it alone.
 */
export const STORE_KEY = '(?:\\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
export const isStoreKey = (name: string) => new RegExp(`^${STORE_KEY}$`).test(name);

/** The bytes of a file the store does not hold (never uploaded, discarded, or removed). */
export class FileMissing extends Error {
  override readonly name = 'FileMissing';
  constructor(readonly file: FileRef) {
    super(`The bytes of file ${file.id} (key ${file.storeKey}) are not in the store`);
  }
}

/** The storage refused to take more: full, over a quota, read-only, or past a size limit of its own. */
export const storageFull = (error: unknown) =>
  ['ENOSPC', 'EDQUOT', 'EROFS', 'EFBIG'].includes(String((error as { code?: unknown } | null)?.code));

export interface Received {
  sniffed: Sniffed;
  size: number;
  /** Puts the bytes in place as the file's: readable from then on, whole. */
  keep(): Promise<void>;
  /** Throws the bytes away. */
  discard(): Promise<void>;
}

/** Bytes `start` to `end` of a file, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  /** Streams `body` in as the bytes of `file` (through `gate`): what it is and how big, or a 413 / 415 Failure. */
  receive(file: FileRef, body: Readable): Promise<Received>;
  /** Up to `bytes` bytes from the start of the file; FileMissing when the store does not hold it. */
  head(file: FileRef, bytes: number): Promise<Buffer>;
  /** The whole file, for what needs all of it at once (an image for the model, a WAV's checks). */
  whole(file: FileRef): Promise<Buffer>;
  /** The file's bytes as a stream, all of them or one range; FileMissing when the store does not hold it. */
  read(file: FileRef, range?: ByteRange): Promise<Readable>;
  /** Removes the file's bytes, if there are any. */
  remove(file: FileRef): Promise<void>;
  /**
   * Removes what uploads left unfinished — a process killed mid-upload, a machine gone — that has
   * not been written to since `before`; how many it removed. An upload still arriving is never
   * touched (its bytes are written as they come), nor a kept file.
   */
  sweep(before: Date): Promise<number>;
  /** Throws when the store cannot be used now (its directory not writable, its database or bucket unreachable): /readyz. */
  check(): Promise<void>;
}

/** An upload whose bytes have not moved for this long is gone: the sweep removes what it left. */
export const PARTIAL_IDLE_MS = 15 * 60_000;
/** How often each instance sweeps its store (at start, then this often). */
export const PARTIAL_SWEEP_MS = 10 * 60_000;

/**
 * What an upload's bytes pass through on their way into a store: sniffs the first SNIFF_BYTES,
 * counts, and fails the stream at the first byte over the limit of the kind (or of any kind, while
 * the kind is not known yet). `result()` once the stream has ended: the kind and the size.
 */
export function gate(file: FileRef): { transform: Transform; result(): { sniffed: Sniffed; size: number } } {
  let head = Buffer.alloc(0);
  let sniffed: Sniffed | null = null;
  let size = 0;
  // A session's file is a visitor's: media only — a document is an owner's, for the knowledge.
  const visitors = file.sessionId !== undefined && file.sessionId !== null;
  const identify = (): Sniffed => {
    const found = sniff(head);
    if (!found || (visitors && found.kind === 'Document'))
      throw unsupportedFile(`The file is not ${visitors ? MEDIA : ACCEPTED}`);
    sniffed = found;
    return found;
  };
  const assertWithin = (kind: Sniffed | null) => {
    const limit = kind ? FILE_LIMITS[kind.kind] : LIMITS.videoBytes;
    if (size > limit)
      throw tooLargeFile(
        `The file is larger than ${mb(limit)}${kind ? ` (the limit for ${kind.kind.toLowerCase()})` : ''}`,
      );
  };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        size += chunk.length;
        if (!sniffed) head = Buffer.concat([head, chunk]).subarray(0, SNIFF_BYTES);
        assertWithin(sniffed ?? (head.length >= SNIFF_BYTES ? identify() : null));
        done(null, chunk);
      } catch (error) {
        done(error as Error);
      }
    },
    flush(done) {
      try {
        if (size === 0) throw unsupportedFile(`The upload is empty; send ${visitors ? MEDIA : ACCEPTED}`);
        assertWithin(sniffed ?? identify());
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  return { transform, result: () => ({ sniffed: sniffed ?? identify(), size }) };
}
