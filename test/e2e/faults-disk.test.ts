/**
 * The disk failing (docs/RELIABILITY.md "Faults of the parts"): the compiled service on
 * the embedded database with its DATA_DIR's two parts each on a small tmpfs of its own — `files/`
 * (uploads) and `db/` (PGlite) — made full by a filler file, or read-only by a remount. Real
 * filesystems, so the test needs to mount (root with CAP_SYS_ADMIN, as in CI); elsewhere it skips.
 *
 * - Uploads on a full or read-only disk are refused with 507 and a clear message, leave no partial
 *   file and no file the service thinks it has, while text questions are answered; once there is
 *   room the same upload URL takes the file.
 * - PGlite's disk full under streaming visitors: its statements fail with disk_full (53100), which
 *   visitors see as 503 with Retry-After; the service goes on. Once there is room, their retries
 *   are answered; after the service stops, the database opens and holds every question once with
 *   the answer its visitor received.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBin, type RunningBin } from '../support/bin.ts';
import { postJson } from '../support/http.ts';
import { png } from '../support/media.ts';
import { reconcile, runVisitors, storedQuestions } from '../support/visitors.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'chat-bot-disk-'));
const filesDir = join(dataDir, 'files');
const dbDir = join(dataDir, 'db');

/** Whether this machine lets the test mount a tmpfs (root with CAP_SYS_ADMIN). */
function canMount(): boolean {
  const probe = mkdtempSync(join(tmpdir(), 'chat-bot-mount-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'pipe' });
    execFileSync('umount', [probe]);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}
const mountable = canMount();
if (!mountable) console.warn('faults-disk: skipped — this machine does not let the test mount a tmpfs');

const mount = (dir: string, size: string) => {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
};
const remount = (dir: string, mode: 'ro' | 'rw') => execFileSync('mount', ['-o', `remount,${mode}`, dir]);
const free = (dir: string) => statfsSync(dir).bavail * statfsSync(dir).bsize;
/** Fills `dir`'s filesystem but for `leave` bytes; returns the filler's path (remove it to make room). */
function fill(dir: string, leave = 0): string {
  const filler = join(dir, 'filler.fill');
  try {
    writeFileSync(filler, Buffer.alloc(Math.max(0, free(dir) - leave)));
  } catch (error) {
    // The service wrote meanwhile (PGlite's pages, under load): the filler took what was left — full, as asked.
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  return filler;
}

let bin: RunningBin;
let visitor: { sessionId: number; token: string };

/** PUT raw bytes to an upload URL, on a connection of its own: the status and the envelope's Message. */
function put(url: string, body: Buffer): Promise<{ status: number; message: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'PUT',
        agent: false,
        headers: { 'content-type': 'application/octet-stream', 'content-length': body.length },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, message: (JSON.parse(text) as { Message: string }).Message }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const call = async (path: string, body: unknown) => {
  const reply = await postJson(`${bin.url}${path}`, body, { authorization: visitor.token });
  return {
    status: reply.status,
    ...(JSON.parse(reply.text) as { Data: Record<string, string> | null; Message: string }),
  };
};
const reserve = async () =>
  (await call('/chat/User/GetPreUploadUrl', { fileName: 'photo.png', sessionID: visitor.sessionId })).Data as {
    FileStoreId: string;
    PreUploadUrl: string;
  };
/** What is in files/ but the filler: a file's bytes or a partial upload. */
const onDisk = () => readdirSync(filesDir).filter((n) => !n.endsWith('.fill') && n !== 'lost+found');

/** A streamed text question on the demo chatbot: the final Answer, or why not. */
async function askText(content = 'Homes in Austin?'): Promise<string> {
  const reply = await postJson(
    `${bin.url}/chat/Chat/ClientAsk`,
    { sessionID: visitor.sessionId, content, stream: true },
    { authorization: visitor.token },
  );
  const last = reply.text
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .at(-1);
  const data = last ? (JSON.parse(last.slice(6)) as { Answer?: string }) : {};
  if (reply.status !== 200 || typeof data.Answer !== 'string')
    throw new Error(`not answered: ${reply.status} ${reply.text.slice(0, 200)}`);
  return data.Answer;
}

/** An image upload bigger than the room left: a PNG's head and 2 MB more. */
const bigImage = () => Buffer.concat([Buffer.from(png(4, 4)), Buffer.alloc(2 * 1_048_576)]);

describe.runIf(mountable)('the disk full or read-only', () => {
  beforeAll(async () => {
    mount(filesDir, '8m');
    mount(dbDir, '96m');
    bin = await startBin({ DATA_DIR: dataDir, OFFLINE_WORD_DELAY_MS: '2' });
    const session = await postJson(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: bin.serial });
    const { SessionID, VisitorToken } = (
      JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
    ).Data;
    visitor = { sessionId: SessionID, token: VisitorToken };
  }, 120_000);
  afterAll(async () => {
    await bin?.stop();
    for (const dir of [filesDir, dbDir]) {
      try {
        execFileSync('umount', [dir]);
      } catch {
        // Not mounted.
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('for uploads (full): refused with 507, nothing left half-written, text answered; with room again the same URL takes the file', async () => {
    const filler = fill(filesDir, 256 * 1024);
    const { FileStoreId, PreUploadUrl } = await reserve();
    const refused = await put(PreUploadUrl, bigImage());
    expect(refused).toEqual({
      status: 507,
      message: 'The service has no room to store this file just now; please try again later',
    });
    expect(onDisk()).toEqual([]);
    // The URL is as it was before the PUT: nothing was taken.
    expect(await call('/chat/User/UploadSuccess', { FileStoreId })).toMatchObject({
      status: 400,
      Message: `No bytes were uploaded to FileStoreId "${FileStoreId}" yet: PUT them to its PreUploadUrl first`,
    });
    expect(await askText()).toBeTruthy();

    rmSync(filler);
    expect(await put(PreUploadUrl, Buffer.from(png(4, 4)))).toMatchObject({ status: 200 });
    expect(await call('/chat/User/UploadSuccess', { FileStoreId })).toMatchObject({
      status: 200,
      Data: { FileStoreId, Kind: 'Image' },
    });
    // Stored under its random key (files.store_key), not its id.
    expect(onDisk()).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
  });

  it('for uploads (read-only): refused with 507, nothing written, text answered; writable again, uploads go on', async () => {
    remount(filesDir, 'ro');
    try {
      const { FileStoreId, PreUploadUrl } = await reserve();
      expect(await put(PreUploadUrl, Buffer.from(png(4, 4)))).toMatchObject({ status: 507 });
      expect(await askText()).toBeTruthy();
      remount(filesDir, 'rw');
      expect(await put(PreUploadUrl, Buffer.from(png(4, 4)))).toMatchObject({ status: 200 });
      expect(await call('/chat/User/UploadSuccess', { FileStoreId })).toMatchObject({ status: 200 });
    } finally {
      remount(filesDir, 'rw');
    }
  });

  it(
    'for PGlite’s data directory: 503s while full, answers once there is room, and a database intact after',
    { timeout: 120_000 },
    async () => {
      let full = true;
      let done = false;
      const filler = fill(dbDir);
      // Long questions (~6 KB a row), so that what the database had left in its files' pages soon runs out.
      const long = 'Do you have a quiet home near a good school with a garden? '.repeat(100);
      const visiting = runVisitors({
        url: bin.url,
        serial: bin.serial,
        visitors: 10,
        more: () => !done,
        question: (v, n) => `${long}(${v}.${n})`,
      });
      // Let them meet the full disk for a while, then make room.
      await new Promise((r) => setTimeout(r, 8_000));
      rmSync(filler);
      full = false;
      await new Promise((r) => setTimeout(r, 4_000));
      done = true;
      const run = await visiting;
      expect(full).toBe(false);
      await bin.stop();

      const db = new PGlite({ dataDir: dbDir, extensions: { pg_trgm } });
      try {
        const seen = reconcile(run, await storedQuestions((text, values) => db.query(text, values), bin.serial));
        console.log(`PGlite disk full: ${JSON.stringify(seen)}`);
        expect(seen.failures).toEqual([]);
        expect(seen.tries.unavailable + seen.tries.unavailableEvent, 'the full disk was felt').toBeGreaterThan(0);
        expect(seen.withoutRetryAfter).toBe(0);
        expect({ lost: seen.lost, doubled: seen.doubled, streaming: seen.streaming }).toEqual({
          lost: [],
          doubled: 0,
          streaming: 0,
        });
        // The rest of the database as it was: the demo chatbot and its listings.
        const listings = (
          await db.query<{ n: number }>('SELECT count(*)::int AS n FROM listings WHERE chatbot = $1', [bin.serial])
        ).rows[0]!.n;
        expect(listings).toBeGreaterThan(0);
        expect((await db.query('SELECT 1 FROM chatbots WHERE serial_number = $1', [bin.serial])).rows).toHaveLength(1);
      } finally {
        await db.close();
      }
    },
  );
});
