/**
 * Two instances of the compiled service behind one load balancer, as on two machines:
 * separate DATA_DIRs, one PostgreSQL database (on the run's shared server, or a server of the test's own), one SESSION_SECRET. A visitor uploads a
 * picture and a recording through one and asks about them through the other; an owner's new
 * launcher icon is served by both. Once with the files in the database (DATABASE_URL's default),
 * once in an S3 bucket (FILES_URL; a local S3 on loopback): `npm test` takes one of the two
 * (VARIANT_SEED), `npm run soak` both.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type Client } from '../../src/client/index.ts';
import { startBin, type RunningBin } from '../support/bin.ts';
import { png, wav } from '../support/media.ts';
import { postgresBin, postgresServer, type DatabaseServer } from '../support/postgres.ts';
import { variants } from '../support/sample.ts';
import { serviceEnv, startS3, type LocalS3 } from '../support/s3.ts';
import { collect } from '../support/stream-contract.ts';

let postgres: DatabaseServer;
let s3: LocalS3;

beforeAll(async () => {
  if (!postgresBin()) return;
  postgres = await postgresServer();
  s3 = await startS3();
}, 120_000);
afterAll(async () => {
  await s3?.close();
  postgres?.close();
});

/** The text of the answer to a question about one file. */
async function answerAbout(
  client: Client,
  sessionID: number,
  chatAskType: 'Image' | 'Audio',
  fileId: string,
): Promise<string> {
  const items = await collect(
    client.askStream({ sessionID, content: 'What did I send?', chatAskType, fileIds: [Number(fileId)] }),
  );
  const final = items.at(-1);
  if (final?.kind !== 'final') throw new Error(`The answer did not finish: ${JSON.stringify(final)}`);
  return final.Answer;
}

const stores = variants(
  [
    {
      name: 'the database',
      env: (): Record<string, string> => ({}),
      database: (n: number) => `files_in_database_${n}`,
    },
    {
      name: 'an S3 bucket',
      env: () => serviceEnv(s3, 'instances'),
      database: (n: number) => `files_in_s3_${n}`,
    },
  ],
  'instances files',
);

describe.runIf(postgresBin()).each(stores)('two instances with the files in $name', (store) => {
  let one: RunningBin;
  let other: RunningBin;

  beforeAll(async () => {
    const env = {
      ...store.env(),
      DATABASE_URL: await postgres.database(store.database(Date.now())),
      SESSION_SECRET: randomBytes(32).toString('base64url'),
    };
    one = await startBin(env);
    // A DATA_DIR of its own, on a database the first already set up: it prints no new key.
    other = await startBin(env, { again: await mkdtemp(join(tmpdir(), 'chat-bot-bin-')) });
  }, 120_000);
  afterAll(async () => {
    await one?.close();
    await other?.close();
  });

  it('answers through one instance about what a visitor uploaded through the other', { timeout: 60_000 }, async () => {
    const session = await createClient({ baseUrl: one.url }).getSession({ serialNumber: one.serial });
    const here = createClient({ baseUrl: one.url, visitorToken: session.VisitorToken });
    const there = createClient({ baseUrl: other.url, visitorToken: session.VisitorToken });
    const upload = async (fileName: string, bytes: Uint8Array) => {
      const { FileStoreId, PreUploadUrl } = await here.getPreUploadUrl({ fileName, sessionID: session.SessionID });
      await here.upload(PreUploadUrl, bytes);
      return (await here.uploadSuccess({ FileStoreId })).FileStoreId;
    };
    const picture = await upload('porch.png', png(640, 480));
    const recording = await upload('question.wav', wav({ seconds: 3 }));

    expect(await answerAbout(there, session.SessionID, 'Image', picture)).toContain('a PNG image, 640 × 480 pixels');
    expect(await answerAbout(there, session.SessionID, 'Audio', recording)).toContain(
      'a recording of 3.0 seconds (WAV, 8 kHz',
    );
    expect(new Uint8Array(await (await there.getFile(recording)).arrayBuffer())).toEqual(wav({ seconds: 3 }));
  });

  it("serves an owner's new launcher icon, uploaded through one, through both", { timeout: 60_000 }, async () => {
    const owner = createClient({ baseUrl: one.url, apiKey: one.apiKey });
    const icon = png(48, 48);
    const { FileStoreId, PreUploadUrl } = await owner.getPreUploadUrl({ fileName: 'launcher.png' });
    await owner.upload(PreUploadUrl, icon);
    await owner.uploadSuccess({ FileStoreId });
    await owner.edit({ serialNumber: one.serial, ChatIcon: FileStoreId });

    for (const instance of [one, other]) {
      const visitor = createClient({ baseUrl: instance.url });
      const { ChatIconUrl } = await visitor.get({ serialNumber: instance.serial });
      expect(ChatIconUrl.startsWith(instance.url)).toBe(true);
      const res = await fetch(ChatIconUrl);
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(icon);
    }
  });
});
