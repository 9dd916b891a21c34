/**
 * The S3 file store (src/server/files/s3-store.ts) on a local S3 (s3rver, test/support/s3.ts):
 * whole or nothing for small files and multipart ones, byte ranges, aborts of every upload that
 * does not end in `keep`, the sweep of what uploads left unfinished, and FILES_URL.
 */
import {
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FileMissing, type FileStore } from '../../../src/server/files/file-store.ts';
import { s3Store, s3StoreFromUrl } from '../../../src/server/files/s3-store.ts';
import { MiB, mp4, png, sized } from '../../support/media.ts';
import { S3RVER_CREDENTIALS, startS3, type LocalS3 } from '../../support/s3.ts';
import { fileRef } from '../../support/file-stores.ts';

let s3: LocalS3;
let prefix: string;
let store: FileStore;
let tests = 0;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3?.close());
// Each test in a folder of its own: what one leaves behind is not the next one's.
beforeEach(() => {
  prefix = `test-${++tests}/files`;
  store = s3Store({ bucket: s3.bucket, prefix, client: s3.client });
});

const HOUR = 3_600_000;
const bytesOf = async (r: Readable) => Buffer.concat(await r.toArray());
const uploads = async () =>
  (await s3.client.send(new ListMultipartUploadsCommand({ Bucket: s3.bucket, Prefix: `${prefix}/` }))).Uploads ?? [];
const objects = async () =>
  ((await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${prefix}/` }))).Contents ?? []).map(
    (o) => o.Key,
  );
/** An MP4 header, then bytes that differ from their neighbours, so a range read from the wrong place shows. */
const video = (size: number) => {
  const bytes = Buffer.alloc(size, 0);
  for (let i = 0; i < size; i++) bytes[i] = (i * 31 + (i >>> 16)) & 0xff;
  Buffer.from(mp4()).copy(bytes, 0, 0, 64);
  return bytes;
};
/** `bytes` as a request body arrives: in chunks of 64 KiB, then an error after `cutAt` bytes if given. */
const body = (bytes: Buffer, cutAt = Infinity) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 65_536) {
        if (at >= cutAt) throw new Error('The connection was reset');
        yield bytes.subarray(at, at + 65_536);
      }
    })(),
  );
const same = (a: Buffer, b: Buffer) => a.length === b.length && a.equals(b);

describe('the S3 store', () => {
  it('holds nothing readable until keep, and then the whole file', async () => {
    const bytes = png(9, 4);
    const received = await store.receive(fileRef(1), Readable.from([Buffer.from(bytes)]));
    expect(received).toMatchObject({ size: bytes.length, sniffed: { kind: 'Image', mimeType: 'image/png' } });
    await expect(store.head(fileRef(1), 8)).rejects.toBeInstanceOf(FileMissing);
    await expect(store.read(fileRef(1))).rejects.toBeInstanceOf(FileMissing);
    expect(await uploads()).toEqual([]);
    await received.keep();
    expect(await objects()).toEqual([`${prefix}/1`]);
    expect(new Uint8Array(await store.whole(fileRef(1)))).toEqual(bytes);
    expect(new Uint8Array(await store.head(fileRef(1), 8))).toEqual(bytes.subarray(0, 8));
    expect(new Uint8Array(await bytesOf(await store.read(fileRef(1))))).toEqual(bytes);
    expect(new Uint8Array(await bytesOf(await store.read(fileRef(1), { start: 3, end: 10 })))).toEqual(
      bytes.subarray(3, 11),
    );
    await store.remove(fileRef(1));
    await expect(store.whole(fileRef(1))).rejects.toBeInstanceOf(FileMissing);
    await expect(store.remove(fileRef(1))).resolves.toBeUndefined();
  });

  it('keeps nothing of a refused upload, nor of a discarded one', async () => {
    await expect(
      store.receive(fileRef(2), Readable.from([Buffer.from('\0not a picture, nor a document: bytes of nothing')])),
    ).rejects.toMatchObject({ name: 'StoreError', refusal: 'unsupported' });
    await (await store.receive(fileRef(3), Readable.from([Buffer.from(png(2, 2))]))).discard();
    await expect(store.whole(fileRef(3))).rejects.toBeInstanceOf(FileMissing);
    expect(await objects()).toEqual([]);
    expect(await uploads()).toEqual([]);
  });

  it('sends a large file in parts as they arrive, readable only once kept, whole and by range', async () => {
    const bytes = video(12 * MiB);
    const received = await store.receive(fileRef(4), body(bytes));
    expect(received).toMatchObject({ size: 12 * MiB, sniffed: { kind: 'Video', mimeType: 'video/mp4' } });
    const [upload, ...more] = await uploads();
    expect(more).toEqual([]);
    expect(upload).toMatchObject({ Key: `${prefix}/4` });
    const { Parts } = await s3.client.send(
      new ListPartsCommand({ Bucket: s3.bucket, Key: `${prefix}/4`, UploadId: upload!.UploadId }),
    );
    expect(Parts?.map((p) => p.Size)).toEqual([5 * MiB, 5 * MiB, 2 * MiB]);
    await expect(store.head(fileRef(4), 8)).rejects.toBeInstanceOf(FileMissing);
    expect(await objects()).toEqual([]);

    await received.keep();
    expect(await uploads()).toEqual([]);
    expect(same(await store.whole(fileRef(4)), bytes)).toBe(true);
    // Across the boundary of the first two parts.
    const range = { start: 5 * MiB - 1000, end: 5 * MiB + 999 };
    expect(same(await bytesOf(await store.read(fileRef(4), range)), bytes.subarray(range.start, range.end + 1))).toBe(
      true,
    );
    expect(same(await store.head(fileRef(4), 512), bytes.subarray(0, 512))).toBe(true);
  });

  it('keeps the bytes of the upload kept when two race to one id, and aborts the other', async () => {
    const first = video(6 * MiB);
    const second = Buffer.concat([first.subarray(0, 64), Buffer.alloc(7 * MiB - 64, 0x7f)]);
    const [a, b] = await Promise.all([store.receive(fileRef(5), body(first)), store.receive(fileRef(5), body(second))]);
    expect(await uploads()).toHaveLength(2);
    await b.discard();
    await a.keep();
    expect(await uploads()).toEqual([]);
    expect(same(await store.whole(fileRef(5)), first)).toBe(true);
  });

  it('aborts a large upload the gate refuses past its limit, and one whose body fails halfway', async () => {
    await expect(store.receive(fileRef(6), sized(png(), 20 * MiB + 1))).rejects.toMatchObject({
      name: 'StoreError',
      refusal: 'tooLarge',
    });
    await expect(store.receive(fileRef(7), body(video(12 * MiB), 7 * MiB))).rejects.toThrow('The connection was reset');
    await expect(store.whole(fileRef(6))).rejects.toBeInstanceOf(FileMissing);
    await expect(store.whole(fileRef(7))).rejects.toBeInstanceOf(FileMissing);
    expect(await uploads()).toEqual([]);
    expect(await objects()).toEqual([]);
  });

  it('aborts a large upload that is discarded', async () => {
    const received = await store.receive(fileRef(8), body(video(6 * MiB)));
    expect(await uploads()).toHaveLength(1);
    await received.discard();
    expect(await uploads()).toEqual([]);
    await expect(store.whole(fileRef(8))).rejects.toBeInstanceOf(FileMissing);
  });

  it('sweeps multipart uploads not written to since the time given, and nothing else', async () => {
    const kept = await store.receive(fileRef(9), Readable.from([Buffer.from(png(2, 2))]));
    await kept.keep();
    // What a process killed mid-upload leaves: an upload with a part, and one with none yet.
    const start = async (Key: string, part?: Buffer) => {
      const { UploadId } = await s3.client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }));
      if (part)
        await s3.client.send(new UploadPartCommand({ Bucket: s3.bucket, Key, UploadId, PartNumber: 1, Body: part }));
    };
    await start(`${prefix}/10`, video(MiB));
    await start(`${prefix}/11`);
    // Not the store's: left alone whatever its age.
    await start(`${prefix}/notes.bin`, Buffer.from('an operator put this here'));

    // Written to within the last hour: still arriving, for all the sweep can tell.
    expect(await store.sweep(new Date(Date.now() - HOUR))).toBe(0);
    expect(await uploads()).toHaveLength(3);
    // Not written to since an hour from now: left by uploads that are gone.
    expect(await store.sweep(new Date(Date.now() + HOUR))).toBe(2);
    expect((await uploads()).map((u) => u.Key)).toEqual([`${prefix}/notes.bin`]);
    expect(new Uint8Array(await store.whole(fileRef(9)))).toEqual(png(2, 2));
    expect(await store.sweep(new Date(Date.now() + HOUR))).toBe(0);
  });
});

describe('FILES_URL', () => {
  const env = () => ({
    AWS_ENDPOINT_URL_S3: s3.endpoint,
    AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  });
  const keyHolds = async (Key: string) => {
    const { Body } = await s3.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key }));
    return new Uint8Array(await Body!.transformToByteArray());
  };

  it('answers 503 while the storage cannot be reached, and reads again once it can', async () => {
    const { S3Client } = await import('@aws-sdk/client-s3');
    const gone = new S3Client({
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
      maxAttempts: 2,
    });
    const unreachable = s3Store({ bucket: s3.bucket, prefix, client: gone });
    await expect(unreachable.receive(fileRef(1), sized(mp4(), 6 * MiB))).rejects.toMatchObject({
      name: 'StoreError',
      refusal: 'unavailable',
    });
    const small = await unreachable.receive(fileRef(2), Readable.from([Buffer.from(png())]));
    await expect(small.keep()).rejects.toMatchObject({ name: 'StoreError', refusal: 'unavailable' });
    await expect(unreachable.read(fileRef(2))).rejects.toMatchObject({ name: 'StoreError', refusal: 'unavailable' });
    gone.destroy();
    await (await store.receive(fileRef(2), Readable.from([Buffer.from(png())]))).keep();
    expect(new Uint8Array(await store.whole(fileRef(2)))).toEqual(png());
  });

  it('names a bucket and a prefix of any depth, or none, for the keys of the files', async () => {
    for (const [url, key] of [
      [`s3://${s3.bucket}/url/a/b`, 'url/a/b/12'],
      [`s3://${s3.bucket}/url/c/`, 'url/c/12'],
      [`s3://${s3.bucket}`, '12'],
    ] as const) {
      const fromUrl = s3StoreFromUrl(url, env());
      await (await fromUrl.receive(fileRef(12), Readable.from([Buffer.from(png(1, 2))]))).keep();
      expect(await keyHolds(key)).toEqual(png(1, 2));
      await fromUrl.remove(fileRef(12));
    }
  });

  it('takes the address of an S3-compatible server from AWS_ENDPOINT_URL too', async () => {
    const { AWS_ENDPOINT_URL_S3: endpoint, ...rest } = env();
    const fromUrl = s3StoreFromUrl(`s3://${s3.bucket}/url/d`, {
      ...rest,
      AWS_ENDPOINT_URL: endpoint,
      AWS_DEFAULT_REGION: 'eu-west-3',
    });
    await expect(fromUrl.whole(fileRef(13))).rejects.toBeInstanceOf(FileMissing);
  });

  it('is refused, naming FILES_URL and its rule, when it is not an s3:// URL of a bucket', () => {
    const bad = [
      'https://bucket/files',
      's3://',
      's3://ab',
      's3://Bucket/files',
      's3://-bucket',
      's3://bucket//files',
      's3://bucket/a b',
      's3://bucket/files?x=1',
      's3://key:secret@bucket',
    ];
    for (const url of bad)
      expect(() => s3StoreFromUrl(url, {}), url).toThrow(
        /^FILES_URL must be s3:\/\/<bucket> or s3:\/\/<bucket>\/<prefix>: a bucket name of 3 to 63/,
      );
  });
});
