/** FILES_URL (src/server/files/stores.ts): which store a service uses, and a wrong value refused by name. */
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../src/server/start/config.ts';
import { s3StoreFromUrl } from '../../../src/server/files/s3-store.ts';

const files = (env: Record<string, string>) => configFromEnv(env).files;

describe('FILES_URL', () => {
  it('defaults to the disk with the embedded database, and to the database with DATABASE_URL', () => {
    expect(files({})).toEqual({ kind: 'disk' });
    expect(files({ DATABASE_URL: 'postgres://db/chat' })).toEqual({ kind: 'database' });
  });

  it('names the disk, the database or an S3 bucket, whatever the database', () => {
    expect(files({ DATABASE_URL: 'postgres://db/chat', FILES_URL: 'disk' })).toEqual({ kind: 'disk' });
    expect(files({ FILES_URL: 'database' })).toEqual({ kind: 'database' });
    expect(files({ FILES_URL: 'postgres' })).toEqual({ kind: 'database' });
    expect(files({ FILES_URL: 's3://chat-uploads/site/files' })).toEqual({
      kind: 's3',
      url: 's3://chat-uploads/site/files',
    });
  });

  it('refuses anything else, naming the variable and what it takes', () => {
    for (const value of ['./uploads', 'file:///srv/files', 'S3://Bucket', 'gs://bucket'])
      expect(() => files({ FILES_URL: value })).toThrow(
        `FILES_URL must be disk, database (or postgres), or s3://bucket/prefix (got "${value}")`,
      );
    for (const value of ['s3://', 's3://Upper/x', 's3://b', 's3://bucket//double', 's3://bucket/a b'])
      expect(() => s3StoreFromUrl(value, {})).toThrow(
        /^FILES_URL must be s3:\/\/<bucket> or s3:\/\/<bucket>\/<prefix>/,
      );
  });
});
