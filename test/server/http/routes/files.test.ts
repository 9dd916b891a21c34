/**
 * Files end to end (API.md §3.7, §3.5 fileIds, §2 credentials): the real service on loopback, the
 * typed client, and plain HTTP where the client would hide what is being tested. Every test runs
 * against each file store (the disk, the database, S3; on PostgreSQL the two that instances share).
 */
import { request } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../../src/client/index.ts';
import {
  MiB,
  avi,
  flv,
  gif,
  jpeg,
  mkv,
  mp4,
  mpegPs,
  padTo,
  png,
  sized,
  wav,
  wavHeader,
  webm,
  webp,
} from '../../../support/media.ts';
import { storeKinds } from '../../../support/file-stores.ts';
import { corpora } from '../../../support/sample.ts';
import { usesPostgres } from '../../../support/database.ts';
import { startService, type TestService } from '../../../support/service.ts';

let service: TestService;
let serial: string;

/** Who uploads: a visitor in their own session, or the owner (no session: a public file). */
interface Uploader {
  client: Client;
  sessionId?: number;
}

const owner = (): Uploader => ({ client: service.owner });
const visitor = () => service.visitor(serial);

const reserve = (who: Uploader, fileName = 'upload.bin') =>
  who.client.getPreUploadUrl({ fileName, sessionID: who.sessionId });

/** Step 2, as a page does it: no credential, only the URL's own token. */
const put = (preUploadUrl: string, body: Uint8Array | Readable) =>
  // Node's web-stream types and the DOM lib's describe the same ReadableStream differently.
  service
    .client()
    .upload(preUploadUrl, body instanceof Readable ? (Readable.toWeb(body) as ReadableStream<Uint8Array>) : body);

/** All three steps; the Data of UploadSuccess. */
async function upload(who: Uploader, body: Uint8Array | Readable, fileName?: string) {
  const { FileStoreId, PreUploadUrl } = await reserve(who, fileName);
  await put(PreUploadUrl, body);
  return who.client.uploadSuccess({ FileStoreId });
}

/** What the store holds of a file, read from the storage underneath: 'kept' for its bytes, 'partial' for each upload under way. */
const leftInStore = (fileStoreId: string) => service.files!.pieces(fileStoreId);

/** A GET on a connection of its own, so a connection an earlier request left behind plays no part. */
function statusOnNewConnection(path: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${service.origin}${path}`, { agent: false, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe.each(storeKinds(usesPostgres()))('with the %s store', (store) => {
  beforeAll(async () => {
    service = await startService({ files: store });
    serial = await service.newChatbot();
  });
  afterAll(() => service.close());

  describe('the three-step upload', () => {
    it('reserves a file for the visitor, takes its raw bytes without a credential, and describes it after checking', async () => {
      const { sessionId, client } = await visitor();
      const bytes = png(4, 3);
      const { FileStoreId, PreUploadUrl } = await client.getPreUploadUrl({
        fileName: 'room.png',
        sessionID: sessionId,
      });
      expect(FileStoreId).toMatch(/^[1-9][0-9]*$/);
      expect(new URL(PreUploadUrl).origin).toBe(service.origin);

      expect(await put(PreUploadUrl, bytes)).toEqual({ FileStoreId, Size: bytes.length });
      expect(await client.uploadSuccess({ FileStoreId })).toEqual({
        FileStoreId,
        Kind: 'Image',
        MimeType: 'image/png',
        Size: bytes.length,
      });
    });

    it('lets the visitor ask about the uploaded image with no text: the offline engine says what it is', async () => {
      const me = await visitor();
      const { FileStoreId } = await upload(me, png(1200, 800));
      const answer = await me.client.ask({
        sessionID: me.sessionId,
        content: '',
        chatAskType: 'Image',
        fileIds: [Number(FileStoreId)],
      });
      expect(answer.messageid).toBeGreaterThan(0);
      expect(answer.content).toMatch(
        /^Thank you — I received your image: a PNG image, 1,200 × 800 pixels\. I can't see what is in pictures/,
      );
      expect(answer.noAnswer).toBe(false);
    });

    it('answers a recording with its length, and a video with its container', async () => {
      const me = await visitor();
      const audio = await upload(me, wav({ seconds: 2.5, sampleRate: 16_000 }), 'voice.wav');
      const heard = await me.client.ask({
        sessionID: me.sessionId,
        content: '',
        chatAskType: 'Audio',
        fileIds: [Number(audio.FileStoreId)],
      });
      expect(heard.content).toContain('your recording: a recording of 2.5 seconds (WAV, 16 kHz, mono, 16-bit)');
      const video = await upload(me, mkv(), 'tour.mkv');
      const seen = await me.client.ask({
        sessionID: me.sessionId,
        content: '',
        chatAskType: 'Video',
        fileIds: [Number(video.FileStoreId)],
      });
      expect(seen.content).toContain('your video: a Matroska (MKV) video of 1 KB');
    });

    it('answers the text that comes with images, after saying what they are', async () => {
      const me = await visitor();
      const ids = await Promise.all([png(4, 3), gif()].map(async (b) => Number((await upload(me, b)).FileStoreId)));
      const answer = await me.client.ask({
        sessionID: me.sessionId,
        content: 'hello',
        chatAskType: 'Image',
        fileIds: ids,
      });
      const [received, rest] = answer.content.split('\n\n');
      expect(received).toBe(
        'Thank you — I received your 2 images: a PNG image, 4 × 3 pixels; a GIF image, 1 × 1 pixels.',
      );
      expect(rest).toMatch(/^(Hi|Hello)/);
    });

    it('gives the same description when UploadSuccess is called again', async () => {
      const me = await visitor();
      const first = await upload(me, jpeg());
      expect(await me.client.uploadSuccess({ FileStoreId: first.FileStoreId })).toEqual(first);
    });

    it('serves the checked bytes back unchanged', async () => {
      const me = await visitor();
      const bytes = png(7, 5);
      const { FileStoreId } = await upload(me, bytes);
      const blob = await me.client.getFile(FileStoreId);
      expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    });

    it('says so when UploadSuccess comes before any bytes were uploaded', async () => {
      const me = await visitor();
      const { FileStoreId } = await reserve(me);
      await expect(me.client.uploadSuccess({ FileStoreId })).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/PUT/),
      });
    });
  });

  describe('file types, told by content and never by name', () => {
    const accepted = [
      { type: 'PNG', bytes: png, kind: 'Image', mimeType: 'image/png' },
      { type: 'JPEG', bytes: jpeg, kind: 'Image', mimeType: 'image/jpeg' },
      { type: 'WEBP', bytes: webp, kind: 'Image', mimeType: 'image/webp' },
      { type: 'still GIF', bytes: () => gif({ frames: 1 }), kind: 'Image', mimeType: 'image/gif' },
      { type: 'WAV', bytes: () => wav({ seconds: 0.25 }), kind: 'Audio', mimeType: 'audio/wav' },
      { type: 'MP4', bytes: mp4, kind: 'Video', mimeType: 'video/mp4' },
      { type: 'MKV', bytes: mkv, kind: 'Video', mimeType: 'video/x-matroska' },
      { type: 'AVI', bytes: avi, kind: 'Video', mimeType: 'video/x-msvideo' },
      { type: 'FLV', bytes: flv, kind: 'Video', mimeType: 'video/x-flv' },
      { type: 'MPEG program stream', bytes: mpegPs, kind: 'Video', mimeType: 'video/mpeg' },
    ] as const;

    it.each(accepted)('accepts a $type file as $kind ($mimeType)', async ({ bytes, kind, mimeType }) => {
      const me = await visitor();
      const content = bytes();
      expect(await upload(me, content, 'file')).toMatchObject({ Kind: kind, MimeType: mimeType, Size: content.length });
    });

    it('takes a PNG named "photo.mp4" as an image', async () => {
      const me = await visitor();
      expect(await upload(me, png(), 'photo.mp4')).toMatchObject({ Kind: 'Image', MimeType: 'image/png' });
    });

    it('refuses a text file named "cat.png" with 415 at the PUT', async () => {
      const me = await visitor();
      const { FileStoreId, PreUploadUrl } = await reserve(me, 'cat.png');
      await expect(put(PreUploadUrl, new TextEncoder().encode('This is a cat, honestly.\n'))).rejects.toMatchObject({
        status: 415,
        code: 415,
      });
      expect(await leftInStore(FileStoreId)).toEqual([]);
    });

    it('refuses WebM, an EBML file whose DocType is webm, with 415', async () => {
      const me = await visitor();
      const { PreUploadUrl } = await reserve(me, 'clip.mkv');
      await expect(put(PreUploadUrl, webm())).rejects.toMatchObject({ status: 415 });
    });

    it('takes Matroska, the same EBML container with DocType matroska, as video', async () => {
      const me = await visitor();
      expect(await upload(me, mkv(), 'clip.webm')).toMatchObject({ Kind: 'Video', MimeType: 'video/x-matroska' });
    });

    it('refuses an empty upload with 415', async () => {
      const me = await visitor();
      const { PreUploadUrl } = await reserve(me);
      await expect(put(PreUploadUrl, new Uint8Array())).rejects.toMatchObject({ status: 415 });
    });
  });

  describe('animated GIFs', () => {
    it('takes the bytes of an animated GIF, then refuses it at UploadSuccess with 415', async () => {
      const me = await visitor();
      const bytes = gif({ frames: 2 });
      const { FileStoreId, PreUploadUrl } = await reserve(me, 'dance.gif');
      expect(await put(PreUploadUrl, bytes)).toEqual({ FileStoreId, Size: bytes.length });
      await expect(me.client.uploadSuccess({ FileStoreId })).rejects.toMatchObject({
        status: 415,
        message: expect.stringMatching(/animated GIF/i),
      });
    });

    it('keeps nothing of a refused animated GIF to read or to ask with', async () => {
      const me = await visitor();
      const { FileStoreId, PreUploadUrl } = await reserve(me, 'dance.gif');
      await put(PreUploadUrl, gif({ frames: 3 }));
      await expect(me.client.uploadSuccess({ FileStoreId })).rejects.toMatchObject({ status: 415 });
      await expect(me.client.getFile(FileStoreId)).rejects.toMatchObject({ status: 404 });
      await expect(
        me.client.ask({ sessionID: me.sessionId, content: '', chatAskType: 'Image', fileIds: [Number(FileStoreId)] }),
      ).rejects.toMatchObject({ status: 400 });
      expect(await leftInStore(FileStoreId)).toEqual([]);
    });

    it('accepts a still GIF', async () => {
      const me = await visitor();
      expect(await upload(me, gif({ frames: 1 }), 'still.gif')).toMatchObject({ Kind: 'Image', MimeType: 'image/gif' });
    });
  });

  // Each kind's limit is the service's, before any store; what a store adds is how it takes a file
  // that ends exactly on, or a byte short of, a chunk or part boundary, and drops one refused
  // midway. So `npm test` runs every kind on the disk store and the smallest (20 MB: 20 of the
  // database's chunks, 4 of S3's parts) on the others; TEST_CORPORA=whole (`npm run soak`) every
  // kind on every store.
  describe.each(
    [
      { kind: 'Image', mb: 20, body: (size: number): Uint8Array | Readable => padTo(png(), size) },
      { kind: 'Audio', mb: 40, body: (size: number): Uint8Array | Readable => sized(wavHeader(size - 44), size) },
      { kind: 'Video', mb: 100, body: (size: number): Uint8Array | Readable => sized(mp4(), size) },
    ].filter((limit) => store === 'disk' || limit.kind === 'Image' || corpora().whole),
  )('the $kind size limit of $mb MB', ({ kind, mb, body }) => {
    const limit = mb * MiB;

    it('accepts a file one byte under the limit', { timeout: 60_000 }, async () => {
      const me = await visitor();
      expect(await upload(me, body(limit - 1))).toMatchObject({ Kind: kind, Size: limit - 1 });
    });

    it('accepts a file of exactly the limit, which includes itself', { timeout: 60_000 }, async () => {
      const me = await visitor();
      expect(await upload(me, body(limit))).toMatchObject({ Kind: kind, Size: limit });
    });

    it('refuses a file one byte over the limit with 413 and keeps nothing of it', { timeout: 60_000 }, async () => {
      const me = await visitor();
      const { FileStoreId, PreUploadUrl } = await reserve(me);
      await expect(put(PreUploadUrl, body(limit + 1))).rejects.toMatchObject({
        status: 413,
        message: expect.stringContaining(`${mb} MB`),
      });
      expect(await leftInStore(FileStoreId)).toEqual([]);
      await expect(me.client.uploadSuccess({ FileStoreId })).rejects.toMatchObject({ status: 400 });
      await expect(me.client.getFile(FileStoreId)).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('after a refused upload', () => {
    it('still answers a normal request on a new connection', { timeout: 60_000 }, async () => {
      const me = await visitor();
      const { PreUploadUrl } = await reserve(me);
      await expect(put(PreUploadUrl, padTo(jpeg(), 20 * MiB + 1))).rejects.toMatchObject({ status: 413 });
      expect(await statusOnNewConnection('/chat/Chatbot/ModelList', { Authorization: service.apiKey })).toBe(200);
    });

    it('refuses a declared Content-Length over 100 MB before reading the body', async () => {
      const me = await visitor();
      const { FileStoreId, PreUploadUrl } = await reserve(me);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          PreUploadUrl,
          {
            method: 'PUT',
            agent: false,
            headers: { 'Content-Length': String(100 * MiB + 1), 'Content-Type': 'application/octet-stream' },
          },
          (res) => {
            resolve(res.statusCode ?? 0);
            res.resume();
            req.destroy();
          },
        );
        req.on('error', reject);
        // Only the header is sent: the answer must not wait for the other 100 MB.
        req.write(mp4());
      });
      expect(status).toBe(413);
      expect(await leftInStore(FileStoreId)).toEqual([]);
      expect(await statusOnNewConnection('/chat/Chatbot/ModelList', { Authorization: service.apiKey })).toBe(200);
    });
  });

  describe('an upload cut off midway', () => {
    it('leaves nothing behind, and the same URL takes the bytes again', { timeout: 60_000 }, async () => {
      const me = await visitor();
      const { FileStoreId, PreUploadUrl } = await reserve(me);
      const controller = new AbortController();
      let pulls = 0;
      const cut = new ReadableStream<Uint8Array>({
        async pull(stream) {
          // More than S3's smallest part, so that every store holds some of it before the cut.
          if (pulls++ === 0) return stream.enqueue(padTo(mp4(), 6 * MiB));
          // The rest never comes: the page goes away first.
          await new Promise((resolve) => controller.signal.addEventListener('abort', resolve));
        },
      });
      const cutOff = service.client().upload(PreUploadUrl, cut, { signal: controller.signal });
      cutOff.catch(() => undefined);
      // Polled for longer than the default second: PGlite, in this process, stores a MiB in ~40 ms
      // alone and in several hundred on a loaded CI machine.
      await expect.poll(() => leftInStore(FileStoreId), { timeout: 20_000 }).toHaveLength(1);
      controller.abort();
      await expect(cutOff).rejects.toMatchObject({ name: 'AbortError' });
      await expect.poll(() => leftInStore(FileStoreId), { timeout: 20_000 }).toEqual([]);

      const bytes = png();
      expect(await put(PreUploadUrl, bytes)).toEqual({ FileStoreId, Size: bytes.length });
      expect(await me.client.uploadSuccess({ FileStoreId })).toMatchObject({ Kind: 'Image', Size: bytes.length });
    });
  });

  describe('the upload URL', () => {
    const withToken = (preUploadUrl: string, token: string | null) => {
      const url = new URL(preUploadUrl);
      if (token === null) url.searchParams.delete('token');
      else url.searchParams.set('token', token);
      return url.toString();
    };

    it('refuses a PUT with a wrong token with 401', async () => {
      const { PreUploadUrl } = await reserve(await visitor());
      await expect(put(withToken(PreUploadUrl, 'not-the-token'), png())).rejects.toMatchObject({ status: 401 });
    });

    it('refuses a PUT without a token with 401', async () => {
      const { PreUploadUrl } = await reserve(await visitor());
      await expect(put(withToken(PreUploadUrl, null), png())).rejects.toMatchObject({ status: 401 });
    });

    it("refuses another file's token with 401", async () => {
      const me = await visitor();
      const first = await reserve(me);
      const second = await reserve(me);
      const stolen = new URL(first.PreUploadUrl).searchParams.get('token');
      await expect(put(withToken(second.PreUploadUrl, stolen), png())).rejects.toMatchObject({ status: 401 });
    });

    it('works for 5 minutes, then refuses a PUT with 401', async () => {
      const me = await visitor();
      const early = await reserve(me);
      const late = await reserve(me);
      service.clock.advance(5 * 60_000 - 1_000);
      expect(await put(early.PreUploadUrl, png())).toMatchObject({ FileStoreId: early.FileStoreId });
      service.clock.advance(2_000);
      await expect(put(late.PreUploadUrl, png())).rejects.toMatchObject({
        status: 401,
        message: expect.stringMatching(/expired/),
      });
    });

    it('refuses a PUT to an id no file can have with 401, not a failure of its own', async () => {
      const { PreUploadUrl } = await reserve(await visitor());
      const token = new URL(PreUploadUrl).searchParams.get('token');
      for (const id of ['99999999999', '1.5', 'abc']) {
        const url = `${service.origin}/chat/File/Upload/${id}?token=${token}`;
        await expect(put(url, png()), id).rejects.toMatchObject({ status: 401 });
      }
    });

    it('refuses a PUT that repeats the token parameter with 401', async () => {
      const { PreUploadUrl } = await reserve(await visitor());
      await expect(put(`${PreUploadUrl}&token=another`, png())).rejects.toMatchObject({ status: 401 });
    });

    it('refuses a second PUT to the same URL with 409, before and after UploadSuccess', async () => {
      const me = await visitor();
      const { FileStoreId, PreUploadUrl } = await reserve(me);
      await put(PreUploadUrl, png());
      await expect(put(PreUploadUrl, jpeg())).rejects.toMatchObject({ status: 409 });
      expect(await me.client.uploadSuccess({ FileStoreId })).toMatchObject({ MimeType: 'image/png' });
      await expect(put(PreUploadUrl, jpeg())).rejects.toMatchObject({ status: 409 });
    });
  });

  describe('two PUTs racing to one URL', () => {
    it('keeps the bytes of the first to finish, whole, and refuses the other with 409', async () => {
      const me = await visitor();
      const { FileStoreId, PreUploadUrl } = await reserve(me);
      // The first PUT sends half its bytes, then waits while the second one goes through.
      // Halves larger than S3's smallest part: every store holds the first before the second comes.
      const slow = padTo(png(), 12 * MiB);
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      let pulls = 0;
      const held = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (pulls++ === 0) return controller.enqueue(slow.subarray(0, 6 * MiB));
          await released;
          controller.enqueue(slow.subarray(6 * MiB));
          controller.close();
        },
      });
      const first = service.client().upload(PreUploadUrl, held);
      first.catch(() => undefined);
      await expect.poll(() => leftInStore(FileStoreId), { timeout: 20_000 }).toHaveLength(1);

      const fast = padTo(jpeg(), 1000);
      expect(await put(PreUploadUrl, fast)).toEqual({ FileStoreId, Size: fast.length });
      release();
      await expect(first).rejects.toMatchObject({ status: 409 });

      expect(await me.client.uploadSuccess({ FileStoreId })).toMatchObject({
        MimeType: 'image/jpeg',
        Size: fast.length,
      });
      expect(new Uint8Array(await (await me.client.getFile(FileStoreId)).arrayBuffer())).toEqual(fast);
      expect(await leftInStore(FileStoreId)).toEqual(['kept']);
    });
  });

  describe('who may upload, check and read a file', () => {
    it("serves a visitor's file with that session's token or the owner's API key", async () => {
      const me = await visitor();
      const bytes = png(2, 2);
      const { FileStoreId } = await upload(me, bytes);
      for (const client of [me.client, service.owner]) {
        const blob = await client.getFile(FileStoreId);
        expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
      }
    });

    it("refuses a visitor's file to another visitor with 403 and to no credential with 401", async () => {
      const me = await visitor();
      const { FileStoreId } = await upload(me, png());
      const stranger = await visitor();
      await expect(stranger.client.getFile(FileStoreId)).rejects.toMatchObject({ status: 403 });
      await expect(service.client().getFile(FileStoreId)).rejects.toMatchObject({ status: 401 });
    });

    it("serves an owner's upload to anyone, with its type and nosniff", async () => {
      const bytes = png(3, 3);
      const { FileStoreId } = await upload(owner(), bytes, 'avatar.png');
      const res = await fetch(service.owner.fileUrl(FileStoreId));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    });

    it('serves a range of a video or a recording for seeking: 206 with Content-Range, the exact bytes, the same headers', async () => {
      // Bytes that differ from one offset to the next, so a range off by one shows.
      const bytes = padTo(mp4(), 64 * 1024);
      for (let i = 1024; i < bytes.length; i++) bytes[i] = i % 251;
      const { FileStoreId } = await upload(owner(), bytes, 'tour.mp4');
      const url = service.owner.fileUrl(FileStoreId);
      const whole = await fetch(url);
      expect(whole.headers.get('accept-ranges')).toBe('bytes');
      await whole.arrayBuffer();
      for (const [header, start, end] of [
        ['bytes=0-99', 0, 99],
        ['bytes=1000-', 1000, bytes.length - 1],
        ['bytes=-10', bytes.length - 10, bytes.length - 1],
        ['bytes=60000-999999', 60000, bytes.length - 1],
      ] as const) {
        const res = await fetch(url, { headers: { range: header } });
        expect(res.status, header).toBe(206);
        expect(res.headers.get('content-range'), header).toBe(`bytes ${start}-${end}/${bytes.length}`);
        expect(res.headers.get('content-length'), header).toBe(String(end - start + 1));
        expect(res.headers.get('content-type')).toBe('video/mp4');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
        expect(new Uint8Array(await res.arrayBuffer()), header).toEqual(bytes.subarray(start, end + 1));
      }
    });

    it('answers a range past the end with 416 in the envelope and the size, and sends the whole file for a range it does not read', async () => {
      const bytes = wav({ seconds: 0.2 });
      const { FileStoreId } = await upload(owner(), bytes, 'note.wav');
      const url = service.owner.fileUrl(FileStoreId);
      const past = await fetch(url, { headers: { range: `bytes=${bytes.length}-` } });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
      expect(await past.json()).toEqual({
        Success: false,
        Code: 416,
        Message: `The range must start within the file, whose size is ${bytes.length.toLocaleString('en-US')} bytes`,
        Data: null,
        Version: '1.0.0',
      });
      for (const header of ['bytes=0-10,20-30', 'items=0-10', 'bytes=9-3', 'bytes=-']) {
        const res = await fetch(url, { headers: { range: header } });
        expect(res.status, header).toBe(200);
        expect(new Uint8Array(await res.arrayBuffer()), header).toEqual(bytes);
      }
    });

    it("checks a visitor file's credential before any range: 401 without it, 403 with another's", async () => {
      const me = await visitor();
      const { FileStoreId } = await upload(me, wav({ seconds: 0.1 }));
      const url = me.client.fileUrl(FileStoreId);
      expect((await fetch(url, { headers: { range: 'bytes=0-9' } })).status).toBe(401);
      const other = await visitor();
      expect((await fetch(url, { headers: { range: 'bytes=0-9', authorization: other.token } })).status).toBe(403);
    });

    it("refuses UploadSuccess of another session's file with 403", async () => {
      const me = await visitor();
      const { FileStoreId, PreUploadUrl } = await reserve(me);
      await put(PreUploadUrl, png());
      const stranger = await visitor();
      await expect(stranger.client.uploadSuccess({ FileStoreId })).rejects.toMatchObject({ status: 403 });
    });

    it('refuses GetPreUploadUrl with a visitor token but no sessionID with 400', async () => {
      const me = await visitor();
      await expect(me.client.getPreUploadUrl({ fileName: 'a.png' })).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('sessionID'),
      });
    });

    it("refuses GetPreUploadUrl with a visitor token for another session's id with 403", async () => {
      const me = await visitor();
      const stranger = await visitor();
      await expect(
        me.client.getPreUploadUrl({ fileName: 'a.png', sessionID: stranger.sessionId }),
      ).rejects.toMatchObject({ status: 403 });
    });

    it('refuses GetPreUploadUrl without a credential with 401', async () => {
      await expect(service.client().getPreUploadUrl({ fileName: 'a.png' })).rejects.toMatchObject({ status: 401 });
    });
  });

  describe('files attached to a question', () => {
    const ask = (
      who: { client: Client; sessionId: number },
      chatAskType: 'Image' | 'Audio' | 'Video',
      fileIds: number[],
    ) => who.client.ask({ sessionID: who.sessionId, content: '', chatAskType, fileIds });
    const id = (data: { FileStoreId: string }) => Number(data.FileStoreId);

    it('answers a question with one audio file and one with one video file', async () => {
      const me = await visitor();
      expect((await ask(me, 'Audio', [id(await upload(me, wav()))])).messageid).toBeGreaterThan(0);
      expect((await ask(me, 'Video', [id(await upload(me, mp4()))])).messageid).toBeGreaterThan(0);
    });

    it('refuses a video file for chatAskType Image with 415', async () => {
      const me = await visitor();
      const video = await upload(me, mp4());
      await expect(ask(me, 'Image', [id(video)])).rejects.toMatchObject({ status: 415 });
    });

    it('refuses two files for chatAskType Audio with 400', async () => {
      const me = await visitor();
      const first = await upload(me, wav());
      const second = await upload(me, wav());
      await expect(ask(me, 'Audio', [id(first), id(second)])).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('fileIds'),
      });
    });

    it('refuses a file uploaded in another session with 403', async () => {
      const stranger = await visitor();
      const theirs = await upload(stranger, png());
      const me = await visitor();
      await expect(ask(me, 'Image', [id(theirs)])).rejects.toMatchObject({ status: 403 });
    });

    it('refuses a file that was reserved but never uploaded with 400', async () => {
      const me = await visitor();
      const reserved = await reserve(me);
      await expect(ask(me, 'Image', [id(reserved)])).rejects.toMatchObject({ status: 400 });
    });

    it('refuses a file that was uploaded but not checked with UploadSuccess with 400', async () => {
      const me = await visitor();
      const { FileStoreId, PreUploadUrl } = await reserve(me);
      await put(PreUploadUrl, png());
      await expect(ask(me, 'Image', [Number(FileStoreId)])).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('UploadSuccess'),
      });
    });

    it('refuses an unknown file id with 404', async () => {
      const me = await visitor();
      await expect(ask(me, 'Image', [2_000_000_000])).rejects.toMatchObject({ status: 404 });
    });
  });

  describe('profile picture and icon', () => {
    it('takes owner images as ChatProfilePicture and ChatIcon and shows their public URLs', async () => {
      const chatbot = await service.newChatbot();
      const picture = await upload(owner(), png(8, 8), 'face.png');
      const icon = await upload(owner(), gif(), 'icon.gif');
      await service.owner.edit({
        serialNumber: chatbot,
        ChatProfilePicture: String(picture.FileStoreId),
        ChatIcon: String(icon.FileStoreId),
      });

      const expected = {
        ChatProfilePictureUrl: service.owner.fileUrl(picture.FileStoreId),
        ChatIconUrl: service.owner.fileUrl(icon.FileStoreId),
      };
      expect(await service.owner.get({ serialNumber: chatbot })).toMatchObject(expected);
      const guest = await service.visitor(chatbot);
      expect(await guest.client.get({ serialNumber: chatbot })).toMatchObject(expected);
      const res = await fetch(expected.ChatProfilePictureUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
    });

    it("refuses a visitor's file as ChatProfilePicture with 400 naming the field", async () => {
      const chatbot = await service.newChatbot();
      const guest = await service.visitor(chatbot);
      const theirs = await upload(guest, png());
      await expect(
        service.owner.edit({ serialNumber: chatbot, ChatProfilePicture: theirs.FileStoreId }),
      ).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('ChatProfilePicture'),
      });
    });

    it('refuses a file that is not an image as ChatIcon with 400 naming the field', async () => {
      const chatbot = await service.newChatbot();
      const sound = await upload(owner(), wav(), 'chime.wav');
      await expect(service.owner.edit({ serialNumber: chatbot, ChatIcon: sound.FileStoreId })).rejects.toMatchObject({
        status: 400,
        message: expect.stringContaining('ChatIcon'),
      });
    });
  });
});
