/**
 * The files on the local disk (DATA_DIR/files, one file per store key) — the default with the embedded
 * database. An upload is written to a partial file of its own request, renamed into place by
 * `keep`: a reader never sees half a file, two PUTs racing to one URL never write into one file,
 * and a disk that cannot take the bytes leaves nothing behind (http/routes/files.ts answers 507).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { access, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileMissing, gate, STORE_KEY, type ByteRange, type FileRef, type FileStore } from './file-store.ts';

const missing = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ENOENT';
/** A partial upload's name: the file's store key, the request's own random part, `.part`. */
const PARTIAL = new RegExp(`^${STORE_KEY}\\.[0-9a-f]{12}\\.part$`);

export function diskStore(dir: string): FileStore {
  const pathOf = (file: FileRef) => join(dir, file.storeKey);
  /** Runs `work`, saying FileMissing for a file that is not there. */
  const reading = async <T>(file: FileRef, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw missing(error) ? new FileMissing(file) : error;
    }
  };
  return {
    async check() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    },
    async receive(file, body) {
      await mkdir(dir, { recursive: true });
      const partial = `${pathOf(file)}.${randomBytes(6).toString('hex')}.part`;
      const checked = gate(file);
      const out = createWriteStream(partial);
      try {
        await pipeline(body, checked.transform, out);
      } catch (error) {
        // A body refused at once can end the pipeline while the file is still being opened: it
        // appears after a removal made then. Removed once the stream has closed, it is gone.
        if (!out.closed) await new Promise<void>((closed) => out.once('close', () => closed()));
        await rm(partial, { force: true });
        throw error;
      }
      return {
        ...checked.result(),
        keep: () => rename(partial, pathOf(file)),
        discard: () => rm(partial, { force: true }),
      };
    },
    head: (file, bytes) =>
      reading(file, async () => {
        const handle = await open(pathOf(file), 'r');
        try {
          const buffer = Buffer.alloc(bytes);
          const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
          return buffer.subarray(0, bytesRead);
        } finally {
          await handle.close();
        }
      }),
    whole: (file) => reading(file, () => readFile(pathOf(file))),
    read: (file, range?: ByteRange) =>
      reading(file, async () => {
        // Opened before it is handed over: a file that is not there is FileMissing, not a broken stream.
        const handle = await open(pathOf(file), 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {}) as Readable;
      }),
    remove: (file) => rm(pathOf(file), { force: true }),
    async sweep(before) {
      const names = await readdir(dir).catch((error: unknown) => (missing(error) ? [] : Promise.reject(error)));
      let removed = 0;
      for (const name of names.filter((n) => PARTIAL.test(n))) {
        const path = join(dir, name);
        // Gone meanwhile (kept or discarded by its own request): nothing to do.
        const written = await stat(path).then(
          (s) => s.mtimeMs,
          () => Infinity,
        );
        if (written >= before.getTime()) continue;
        await rm(path, { force: true });
        removed++;
      }
      return removed;
    },
  };
}
