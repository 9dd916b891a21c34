/**
 * Misconfiguration said at start, not found by visitors: one format for the visitor-token
 * secret wherever it comes from, and a command that makes one; a start that could only serve alone
 * on a shared database warned about; a file store that cannot be written stopping the start (and an
 * upload to it a logged 503); a database not up yet waited for, then named with its cause.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSecret } from '../../../src/server/start/bootstrap.ts';
import { configFromEnv } from '../../../src/server/start/config.ts';
import { s3Store } from '../../../src/server/files/s3-store.ts';
import { StoreError } from '../../../src/server/store/errors.ts';
import { aloneWarnings } from '../../../src/server/start/checks.ts';
import { untilReachable } from '../../../src/server/store/connect.ts';
import { binCommand, startBin } from '../../support/bin.ts';
import { freePort } from '../../support/http.ts';
import { S3RVER_CREDENTIALS, serviceEnv, startS3, type LocalS3 } from '../../support/s3.ts';

const run = promisify(execFile);

describe('SESSION_SECRET', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'chat-bot-secret-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('is the text DATA_DIR/session-secret holds: copied into the variable, it is the same secret', async () => {
    const fromFile = await loadSecret(dir);
    const text = await readFile(join(dir, 'session-secret'), 'utf8');
    expect(configFromEnv({ SESSION_SECRET: text }).sessionSecret).toBe(text.trim());
    expect(await loadSecret(join(dir, 'unused'), text)).toEqual(fromFile);
  });

  it(
    'is made by `chat-bot-server secret`: 32 random bytes as base64url, a new one each time',
    { timeout: 30_000 },
    async () => {
      const [a, b] = await Promise.all([
        run(process.execPath, binCommand(['secret'])),
        run(process.execPath, binCommand(['secret'])),
      ]);
      expect(a.stdout.trim()).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(a.stdout).not.toBe(b.stdout);
      expect(Buffer.from(a.stdout.trim(), 'base64url')).toHaveLength(32);
      expect(configFromEnv({ SESSION_SECRET: a.stdout }).sessionSecret).toBe(a.stdout.trim());
    },
  );

  it('of the old form (any text, hashed) stops the start with what to do, rather than refusing every visitor token', () => {
    for (const old of [
      'a'.repeat(20),
      'ab'.repeat(32),
      'correct horse battery staple correct horse battery',
      `${'Zm9v'.repeat(10)}YmE=`,
      `${'a+b/'.repeat(11)}`,
    ])
      expect(() => configFromEnv({ SESSION_SECRET: old }), old).toThrow(
        /^SESSION_SECRET must be at least 32 random bytes written as base64url .*`chat-bot-server secret`.*old form/,
      );
  });
});

describe('a start that could only serve alone', () => {
  const base = { dataDir: '/srv/chat-bot', sessionSecret: undefined, files: { kind: 'database' as const } };

  it('is warned about when DATABASE_URL is shared without SESSION_SECRET, or with files on this disk', () => {
    const warnings = aloneWarnings({ ...base, databaseUrl: 'postgres://db/chat', files: { kind: 'disk' } });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^WARNING: SESSION_SECRET is not set.*401.*`chat-bot-server secret`/);
    expect(warnings[1]).toMatch(
      /^WARNING: FILES_URL=disk keeps uploaded files in \/srv\/chat-bot\/files.*404.*FILES_URL=database or s3:/,
    );
  });

  it('is not warned about on the embedded database, nor with a secret and shared files', () => {
    expect(aloneWarnings({ ...base, databaseUrl: undefined, files: { kind: 'disk' } })).toEqual([]);
    expect(aloneWarnings({ ...base, databaseUrl: 'postgres://db/chat', sessionSecret: 'x'.repeat(43) })).toEqual([]);
  });
});

describe('an S3 bucket that is not there', () => {
  let s3: LocalS3;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3?.close());

  it('stops the start, naming FILES_URL and the cause', { timeout: 60_000 }, async () => {
    const start = startBin({ ...serviceEnv(s3, 'files'), FILES_URL: 's3://no-such-bucket/files' });
    await expect(start).rejects.toThrow(
      /The file store \(in s3:\/\/no-such-bucket\/files\) cannot be used: s3:\/\/no-such-bucket\/files\/: The specified bucket does not exist/,
    );
  });

  it('fails the check of a writable store only when it is gone', async () => {
    await expect(s3Store({ bucket: s3.bucket, prefix: 'probe', client: s3.client }).check()).resolves.toBeUndefined();
    await expect(s3Store({ bucket: 'no-such-bucket', prefix: 'probe', client: s3.client }).check()).rejects.toThrow(
      /bucket does not exist/,
    );
  });

  it('makes an upload a 503 carrying its cause for the log, not a bare 500', async () => {
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    const store = s3Store({ bucket: 'no-such-bucket', prefix: 'files', client });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const received = await store.receive({ id: 1, storeKey: 'k1' }, Readable.from([png]));
    const error: unknown = await received.keep().then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(StoreError);
    expect(error).toMatchObject({ refusal: 'unavailable', cause: { name: 'NoSuchBucket' } });
    client.destroy();
  });
});

describe('a database not reachable at start', () => {
  it('is tried again with growing waits, then named — host, port, cause — without its password', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const error: unknown = await untilReachable(`postgres://chat:hunter2secret@127.0.0.1:${port}/chat`, 1_600, (line) =>
      lines.push(line),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String(error)).toMatch(
      new RegExp(
        `^Error: The database at 127\\.0\\.0\\.1:${port}/chat \\(DATABASE_URL\\) cannot be reached: connect ECONNREFUSED 127\\.0\\.0\\.1:${port} \\(tried for 2 s; DATABASE_CONNECT_PATIENCE_MS\\)$`,
      ),
    );
    expect(lines).toEqual([
      expect.stringMatching(/cannot be reached yet \(connect ECONNREFUSED .*\); trying again in 0\.5 s$/),
      expect.stringMatching(/trying again in 1 s$/),
    ]);
    expect([String(error), ...lines].join('\n')).not.toContain('hunter2secret');
  });

  it('stops the start of the service with that message and exit code 1', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const start = startBin({
      DATABASE_URL: `postgres://chat:hunter2secret@127.0.0.1:${port}/chat`,
      DATABASE_CONNECT_PATIENCE_MS: '600',
    });
    const error: unknown = await start.then(
      () => null,
      (e: unknown) => e,
    );
    expect(String(error)).toMatch(
      new RegExp(
        `exited with 1: [\\s\\S]*The database at 127\\.0\\.0\\.1:${port}/chat \\(DATABASE_URL\\) cannot be reached: connect ECONNREFUSED`,
      ),
    );
    expect(String(error)).not.toContain('hunter2secret');
  });
});
