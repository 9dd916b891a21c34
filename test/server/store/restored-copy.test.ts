/**
 * A restored backup beside the live deployment (docs/OPERATING.md "Backups and restore"):
 * the restored copy's database issues the ids the live one already gave, and when both keep their
 * files under one S3 bucket and prefix — a copy started on the live configuration — its uploads
 * must not touch the live files. Two real services, each on a database of its own, one local S3.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Store } from '../../../src/server/files/s3-store.ts';
import { png } from '../../support/media.ts';
import { startS3, type LocalS3 } from '../../support/s3.ts';
import { startService, type TestService } from '../../support/service.ts';

let s3: LocalS3;
let live: TestService;
let restored: TestService;

beforeAll(async () => {
  s3 = await startS3();
  // Each deployment makes its own client and store, as two processes on one FILES_URL would.
  const shared = () => s3Store({ client: s3.client, bucket: s3.bucket, prefix: 'deployment' });
  live = await startService({ fileStore: shared() });
  restored = await startService({ fileStore: shared() });
});
afterAll(async () => {
  await live?.close();
  await restored?.close();
  await s3?.close();
});

async function uploadIcon(service: TestService, bytes: Uint8Array): Promise<string> {
  const { FileStoreId, PreUploadUrl } = await service.owner.getPreUploadUrl({ fileName: 'icon.png' });
  await service.client().upload(PreUploadUrl, bytes);
  await service.owner.uploadSuccess({ FileStoreId });
  return FileStoreId;
}

const read = async (service: TestService, id: string) => {
  const res = await fetch(`${service.origin}/chat/File/${id}`);
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};

describe('a restored copy sharing the live S3 prefix', () => {
  it('uploads under keys of its own: the live file of the same id keeps its bytes', async () => {
    const liveIcon = png(16, 16);
    const restoredIcon = png(24, 24);
    const liveId = await uploadIcon(live, liveIcon);
    const restoredId = await uploadIcon(restored, restoredIcon);
    // The collision the keys must survive: both databases gave the same id.
    expect(restoredId).toBe(liveId);

    expect(await read(live, liveId)).toEqual(liveIcon);
    expect(await read(restored, restoredId)).toEqual(restoredIcon);
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: 'deployment/' }));
    expect((listed.Contents ?? []).map((o) => o.Key)).toHaveLength(2);
    // Neither is named by the id.
    expect((listed.Contents ?? []).map((o) => o.Key)).not.toContain(`deployment/${liveId}`);
  });
});
