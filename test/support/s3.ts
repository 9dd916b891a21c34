/**
 * A local S3 for tests: s3rver (a fake S3 keeping its objects on the disk) on 127.0.0.1 at a port
 * of its own, in a temporary directory, with one bucket and a client for it.
 *
 * s3rver 3.7.1 (the last release) has no AbortMultipartUpload, ListMultipartUploads nor ListParts:
 * its router answers 405 or 501 to them (lib/routes.js). The S3 store needs all three, so they are
 * answered here, in front of s3rver, from s3rver's own record of an upload on its disk —
 * <bucket>/._S3rver_uploads/<uploadId>/ holding `key`, then each part as `<n>` and `<n>.md5` — as S3
 * answers them: an upload's Initiated is when `key` was written, a part's LastModified its file's.
 * Everything else (objects, ranges, creating an upload, its parts, completing it) is s3rver's.
 */
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  client: S3Client;
  close(): Promise<void>;
}

/** s3rver's account: the credentials it checks signatures against. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** What a service started as a process needs to keep its files in `s3` under `prefix` (FILES_URL and the AWS variables). */
export const serviceEnv = (s3: LocalS3, prefix: string): Record<string, string> => ({
  FILES_URL: `s3://${s3.bucket}/${prefix}`,
  AWS_ENDPOINT_URL_S3: s3.endpoint,
  AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
  AWS_REGION: 'us-east-1',
});

export async function startS3(): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'chat-bot-s3-'));
  const s3rver = new S3rver({ directory, silent: true }).getMiddleware();
  const server = createServer((req, res) => {
    multipartListsAndAbort(directory, req, res).then(
      (answered) => answered || s3rver(req, res),
      (error: unknown) => res.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  const bucket = 'chat-bot-test';
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    endpoint,
    bucket,
    client,
    async close() {
      client.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(directory, { recursive: true, force: true });
    },
  };
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const reply = (res: ServerResponse, status: number, body = '') =>
  res
    .writeHead(status, body ? { 'content-type': 'application/xml' } : {})
    .end(body && `<?xml version="1.0" encoding="UTF-8"?>\n${body}`);
const S3_XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/';

/** Answers what s3rver does not (true), or leaves the request to it (false). */
async function multipartListsAndAbort(directory: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const url = new URL(req.url ?? '/', 'http://s3');
  const [bucket = '', ...path] = url.pathname.slice(1).split('/').map(decodeURIComponent);
  const key = path.join('/');
  const uploads = join(directory, bucket, '._S3rver_uploads');
  if (req.method === 'GET' && !key && url.searchParams.has('uploads')) {
    const prefix = url.searchParams.get('prefix') ?? '';
    const listed: string[] = [];
    for (const id of await readdir(uploads).catch(() => [])) {
      const of = await readFile(join(uploads, id, 'key'), 'utf8').catch(() => null);
      if (of === null || !of.startsWith(prefix)) continue;
      const initiated = (await stat(join(uploads, id, 'key'))).mtime.toISOString();
      listed.push(
        `<Upload><Key>${xml(of)}</Key><UploadId>${id}</UploadId><Initiated>${initiated}</Initiated></Upload>`,
      );
    }
    const head = `<Bucket>${xml(bucket)}</Bucket><Prefix>${xml(prefix)}</Prefix><IsTruncated>false</IsTruncated>`;
    reply(
      res,
      200,
      `<ListMultipartUploadsResult xmlns="${S3_XMLNS}">${head}${listed.join('')}</ListMultipartUploadsResult>`,
    );
    return true;
  }
  const uploadId = url.searchParams.get('uploadId') ?? '';
  if (!key || !/^[0-9a-f]+$/.test(uploadId) || (req.method !== 'GET' && req.method !== 'DELETE')) return false;
  const upload = join(uploads, uploadId);
  const names = await readdir(upload).catch(() => null);
  if (!names?.includes('key')) {
    reply(
      res,
      404,
      `<Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${uploadId}</UploadId></Error>`,
    );
  } else if (req.method === 'DELETE') {
    await rm(upload, { recursive: true, force: true });
    reply(res, 204);
  } else {
    const numbers = names
      .filter((n) => /^\d+$/.test(n))
      .map(Number)
      .sort((a, b) => a - b);
    const parts = await Promise.all(
      numbers.map(async (n) => {
        const [{ mtime, size }, md5] = await Promise.all([
          stat(join(upload, String(n))),
          readFile(join(upload, `${n}.md5`), 'utf8').catch(() => ''),
        ]);
        return `<Part><PartNumber>${n}</PartNumber><LastModified>${mtime.toISOString()}</LastModified><ETag>"${md5}"</ETag><Size>${size}</Size></Part>`;
      }),
    );
    const head = `<Bucket>${xml(bucket)}</Bucket><Key>${xml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>`;
    reply(res, 200, `<ListPartsResult xmlns="${S3_XMLNS}">${head}${parts.join('')}</ListPartsResult>`);
  }
  return true;
}
