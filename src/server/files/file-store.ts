/**
 * Uploaded bytes on disk. The body is streamed to a temporary file while its first bytes say what
 * it is, and the kind's size limit is enforced as bytes arrive: a 100 MB video is never in memory,
 * and one byte over a limit stops the upload with 413. A disk that cannot take the bytes leaves
 * nothing behind: the partial file is removed (routes/files.ts answers 507).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILE_LIMITS, LIMITS } from '../../protocol/index.ts';
import { tooLarge, unsupported } from '../http.ts';
import { HEAD_BYTES, SNIFF_BYTES, sniff, type Sniffed } from './sniff.ts';

const MiB = 1_048_576;
const mb = (bytes: number) => `${bytes / MiB} MB`;

export const filePath = (filesDir: string, id: number) => join(filesDir, String(id));

/** The disk refused to take more: full, over a quota, read-only, or past the process's file size limit. */
export const storageFull = (error: unknown) => ['ENOSPC', 'EDQUOT', 'EROFS', 'EFBIG'].includes(String((error as { code?: unknown } | null)?.code));

const ACCEPTED = 'an image (PNG, JPEG, WEBP, still GIF), WAV audio, or a video (MP4, MKV, AVI, FLV, MPEG)';

export interface Received {
  sniffed: Sniffed;
  size: number;
  /** Puts the bytes in place as the file of `id`. */
  keep(): Promise<void>;
  /** Throws the bytes away. */
  discard(): Promise<void>;
}

/** Streams `body` into a partial file for `id`; what it is and how big, or a 413 / 415 Failure. */
export async function receive(filesDir: string, id: number, body: Readable): Promise<Received> {
  await mkdir(filesDir, { recursive: true });
  const target = filePath(filesDir, id);
  // A partial file of this request's own: two PUTs racing to one URL must not write into one file.
  const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
  let head = Buffer.alloc(0);
  let sniffed: Sniffed | null = null;
  let size = 0;
  const identify = (): Sniffed => {
    const found = sniff(head);
    if (!found) throw unsupported(`The file is not ${ACCEPTED}`);
    sniffed = found;
    return found;
  };
  const assertWithin = (kind: Sniffed | null) => {
    const limit = kind ? FILE_LIMITS[kind.kind] : LIMITS.videoBytes;
    if (size > limit) throw tooLarge(`The file is larger than ${mb(limit)}${kind ? ` (the limit for ${kind.kind.toLowerCase()})` : ''}`);
  };
  const gate = new Transform({
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
        if (size === 0) throw unsupported(`The upload is empty; send ${ACCEPTED}`);
        assertWithin(sniffed ?? identify());
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  try {
    await pipeline(body, gate, createWriteStream(partial));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return { sniffed: sniffed ?? identify(), size, keep: () => rename(partial, target), discard: () => rm(partial, { force: true }) };
}

export async function readHead(filesDir: string, id: number): Promise<Buffer> {
  const handle = await open(filePath(filesDir, id), 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export const readWhole = (filesDir: string, id: number) => readFile(filePath(filesDir, id));

export const removeFile = (filesDir: string, id: number) => rm(filePath(filesDir, id), { force: true });
