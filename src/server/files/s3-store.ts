/**
 * The files in an S3 bucket (FILES_URL=s3://bucket/prefix), for a service on several machines or
 * on one without a disk of its own: AWS S3, or any server that speaks its API. Whole or nothing as
 * S3 gives it: a file up to 5 MiB (S3's smallest part) is held in memory and put in one request by
 * `keep`; a larger one goes up as a multipart upload under the file's own key (<prefix>/<store key>,
 * never the row's id: file-store.ts), a part at a time as
 * its bytes arrive, and S3 shows nothing at that key until `keep` completes it. A refused, cut or
 * discarded upload is aborted; what a killed process left behind, the sweep aborts.
 */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  UploadPartCommand,
  type CompletedPart,
} from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { storageUnavailable } from '../store/errors.ts';
import { causeOf } from '../store/connect.ts';
import { databaseUnavailable } from '../store/unavailable.ts';
import { FileMissing, gate, isStoreKey, type FileRef, type FileStore } from './file-store.ts';

/**
 * Every part but the last is exactly this big: S3's smallest part (Cloudflare R2 also wants them
 * all alike). A video at its 100 MB limit is 20 parts, so one page of ListParts (1,000) holds them.
 */
const PART_BYTES = 5 * 1_048_576;

/** No such key or upload (a bucket that is not there is a fault of the configuration, not a missing file). */
const absent = (error: unknown) =>
  error instanceof S3ServiceException &&
  error.name !== 'NoSuchBucket' &&
  (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);

/** No answer from the storage (refused, reset, timed out), or a 5xx after the SDK's retries. */
const unreachable = (error: unknown) =>
  databaseUnavailable(error) ||
  (error as { name?: unknown }).name === 'TimeoutError' ||
  ((error as S3ServiceException).$metadata?.httpStatusCode ?? 0) >= 500;

/** The bucket is not there, or refuses the credentials (403) or the region (301): the configuration's fault. */
const unusable = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchBucket' || [301, 403].includes(error.$metadata.httpStatusCode ?? 0));

export function s3Store({ bucket, prefix, client }: { bucket: string; prefix: string; client: S3Client }): FileStore {
  // The storage out of reach or failing (after the SDK's own retries) is a 503 with Retry-After, as the database's is.
  // So is a bucket that is gone or refuses this service's credentials: nothing the request did; the
  // cause goes with the 503, for the log (http/envelope.ts).
  const send = ((...args: Parameters<S3Client['send']>) =>
    (client.send as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) =>
      Promise.reject(unreachable(error) || unusable(error) ? storageUnavailable(error) : error),
    )) as S3Client['send'];
  // The keys are <prefix>/<store key>, whatever slashes the prefix was given with.
  const folder = prefix.replace(/^\/+|(?<!\/)\/+$/g, '');
  const under = folder ? `${folder}/` : '';
  const keyOf = (file: FileRef) => `${under}${file.storeKey}`;
  const abort = (Key: string, UploadId: string) =>
    // Gone already (completed, or aborted by a sweep or an earlier try): nothing left to abort.
    send(new AbortMultipartUploadCommand({ Bucket: bucket, Key, UploadId })).then(
      () => undefined,
      (error: unknown) => (absent(error) ? undefined : Promise.reject(error)),
    );
  const get = async (file: FileRef, Range?: string): Promise<Readable> => {
    try {
      const { Body } = await send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(file), Range }));
      if (!(Body instanceof Readable))
        throw new TypeError('The S3 client gave the object without a Node stream for its body');
      return Body;
    } catch (error) {
      throw absent(error) ? new FileMissing(file) : error;
    }
  };
  return {
    /**
     * Reachable and writable: a small object put under the prefix, then removed — a bucket
     * that is there may still refuse this service's writes (a read-only key, a policy). At start
     * (main.ts) and by /readyz; the SDK's own words, for the operator, not the generic 503's.
     */
    async check() {
      const Key = `${under}.chat-bot-probe-${randomUUID()}`;
      try {
        await client.send(new PutObjectCommand({ Bucket: bucket, Key, Body: 'probe' }));
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      } catch (error) {
        throw new Error(`s3://${bucket}/${under}: ${causeOf(error)}`, { cause: error });
      }
    },
    async receive(file, body) {
      const Key = keyOf(file);
      const checked = gate(file);
      const cancel = new AbortController();
      const parts: CompletedPart[] = [];
      let uploadId: string | undefined;
      let held: Buffer[] = [];
      let heldBytes = 0;
      let sending: Promise<void> = Promise.resolve();
      const sendPart = async (Body: Buffer) => {
        const signal = { abortSignal: cancel.signal };
        uploadId ??= (await send(new CreateMultipartUploadCommand({ Bucket: bucket, Key }), signal)).UploadId;
        if (!uploadId) throw new Error(`S3 gave no UploadId for a multipart upload of ${Key}`);
        const PartNumber = parts.length + 1;
        const { ETag } = await send(
          new UploadPartCommand({ Bucket: bucket, Key, UploadId: uploadId, PartNumber, Body }),
          signal,
        );
        parts.push({ ETag, PartNumber });
      };
      // A part goes up once more than a part has arrived, so the last part is never empty; the
      // stream is not read meanwhile (its write has not returned), so one part is in memory.
      const take = async (chunk: Buffer) => {
        held.push(chunk);
        heldBytes += chunk.length;
        while (heldBytes > PART_BYTES) {
          const all = Buffer.concat(held);
          held = [Buffer.from(all.subarray(PART_BYTES))];
          heldBytes -= PART_BYTES;
          await sendPart(all.subarray(0, PART_BYTES));
        }
      };
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          sending = take(chunk);
          sending.then(() => done(), done);
        },
        final(done) {
          sending = parts.length > 0 ? sendPart(Buffer.concat(held)) : Promise.resolve();
          sending.then(() => done(), done);
        },
      });
      try {
        await pipeline(body, checked.transform, sink);
      } catch (error) {
        // A part still going up is stopped and waited for, so none lands after the abort. (An
        // upload cut while S3 was creating it is left to the sweep: its id never came back.)
        cancel.abort();
        await sending.catch(() => undefined);
        if (uploadId) await abort(Key, uploadId).catch(() => undefined);
        throw error;
      }
      const received = checked.result();
      if (!uploadId) {
        const bytes = Buffer.concat(held);
        return {
          ...received,
          keep: async () => void (await send(new PutObjectCommand({ Bucket: bucket, Key, Body: bytes }))),
          discard: async () => undefined,
        };
      }
      const UploadId = uploadId;
      return {
        ...received,
        keep: async () =>
          void (await send(
            new CompleteMultipartUploadCommand({ Bucket: bucket, Key, UploadId, MultipartUpload: { Parts: parts } }),
          )),
        discard: () => abort(Key, UploadId),
      };
    },
    head: async (file, bytes) =>
      Buffer.concat(await (await get(file, `bytes=0-${bytes - 1}`)).toArray()).subarray(0, bytes),
    whole: async (file) => Buffer.concat(await (await get(file)).toArray()),
    read: (file, range) => get(file, range && `bytes=${range.start}-${range.end}`),
    remove: async (file) => void (await send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(file) }))),
    /**
     * Aborts the multipart uploads under the prefix whose last part (or start, with no part yet)
     * is older than `before`. On AWS a bucket lifecycle rule, AbortIncompleteMultipartUpload,
     * does the same by itself; this sweep also serves S3-compatible servers that have none.
     */
    async sweep(before) {
      let aborted = 0;
      let markers: { KeyMarker?: string; UploadIdMarker?: string } = {};
      for (;;) {
        const page = await send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: under, ...markers }));
        for (const { Key, UploadId, Initiated } of page.Uploads ?? []) {
          // Not the store's (another program's key under the prefix): left alone whatever its age.
          if (!Key || !UploadId || !isStoreKey(Key.slice(under.length))) continue;
          const listed = await send(new ListPartsCommand({ Bucket: bucket, Key, UploadId })).catch((error: unknown) =>
            absent(error) ? null : Promise.reject(error),
          );
          // Gone meanwhile (kept or discarded by its own request): nothing to do.
          if (!listed) continue;
          const written = Math.max(
            Initiated?.getTime() ?? 0,
            ...(listed.Parts ?? []).map((p) => p.LastModified?.getTime() ?? 0),
          );
          if (written >= before.getTime()) continue;
          await abort(Key, UploadId);
          aborted++;
        }
        if (!page.IsTruncated) return aborted;
        markers = { KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker };
      }
    },
  };
}

/** s3://bucket or s3://bucket/some/prefix: a bucket name as S3 allows it, then path segments of S3's safe characters. */
const S3_URL = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(\/(?:[\w!.*'()-]+\/)*(?:[\w!.*'()-]+)?)?$/;
const S3_URL_RULE =
  'FILES_URL must be s3://<bucket> or s3://<bucket>/<prefix>: a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens ' +
  "(starting and ending with a letter or digit), and a prefix of segments of letters, digits and !_.*'()- each, joined by single slashes";

/**
 * The store FILES_URL names, with an S3 client set up as the AWS tools are: the region from
 * AWS_REGION or AWS_DEFAULT_REGION, an S3-compatible server's address from AWS_ENDPOINT_URL_S3 or
 * AWS_ENDPOINT_URL (addressed by path: such servers seldom have a host name per bucket), and the
 * credentials of AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or else the SDK's default chain.
 */
export function s3StoreFromUrl(url: string, env: NodeJS.ProcessEnv): FileStore {
  const match = S3_URL.exec(url);
  if (!match) throw new Error(S3_URL_RULE);
  const endpoint = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL;
  const {
    AWS_ACCESS_KEY_ID: accessKeyId,
    AWS_SECRET_ACCESS_KEY: secretAccessKey,
    AWS_SESSION_TOKEN: sessionToken,
  } = env;
  const client = new S3Client({
    region: env.AWS_REGION || env.AWS_DEFAULT_REGION || 'us-east-1',
    ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    // The chain's first source, read from `env` rather than from the process's own environment.
    ...(accessKeyId && secretAccessKey
      ? { credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } }
      : {}),
  });
  return s3Store({ bucket: match[1]!, prefix: match[2] ?? '', client });
}
