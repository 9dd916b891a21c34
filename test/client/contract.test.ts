/** The client against the real reference service: every operation, and each failure class it produces. */
import { Value } from 'typebox/value';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, type Client } from '../../src/client/index.ts';
import { OPERATIONS, type OperationName } from '../../src/protocol/index.ts';
import { SERIAL, validBodies } from '../support/samples.ts';
import { startService, type TestService } from '../support/service.ts';
import { collect } from '../support/stream-contract.ts';

let service: TestService;
let serial: string;
let visitor: { sessionId: number; client: Client };

beforeAll(async () => {
  service = await startService();
  serial = await service.newChatbot({
    TalkToHumanEmail: 'agents@harbor.example',
    RateLimitCount: 2,
    RateLimitTime: 3600,
  });
  visitor = await service.visitor(serial);
});
afterAll(() => service.close());

const matches = (name: OperationName, data: unknown) =>
  expect(Value.Check(OPERATIONS[name].data, data), `${name} Data: ${JSON.stringify(data)}`).toBe(true);
const withSerial = <T extends object>(body: T) => JSON.parse(JSON.stringify(body).replaceAll(SERIAL, serial)) as T;

describe('every operation, through the client, against the service', () => {
  it('manages a chatbot: Add, Edit, Get, ModelList, SessionKey, GetSession', async () => {
    const added = await service.owner.add(validBodies.Add);
    matches('Add', added);
    const edit = withSerial(validBodies.Edit);
    matches('Edit', await service.owner.edit({ ...edit, serialNumber: added.SerialNumber }));
    matches('Get', await service.owner.get({ serialNumber: added.SerialNumber }));
    matches('ModelList', await service.owner.modelList());
    matches('SessionKey', await service.owner.sessionKey());
    matches('GetSession', await service.owner.getSession({ serialNumber: added.SerialNumber }));
    matches('GetSession', await service.client().getSession({ serialNumber: serial }));
    matches('Get', await visitor.client.get({ serialNumber: serial }));
  });

  it('manages listings: create, update, list, get, delete', async () => {
    const body = withSerial(validBodies.RealEstateCreate);
    const id = await service.owner.realEstateCreate(body);
    matches('RealEstateCreate', id);
    matches(
      'RealEstateUpdate',
      await service.owner.realEstateUpdate({
        ...withSerial(validBodies.RealEstateUpdate),
        Key: id,
        KeyType: 'NewOaks',
      }),
    );
    matches('RealEstateList', await service.owner.realEstateList(withSerial(validBodies.RealEstateList)));
    matches('RealEstateGet', await service.owner.realEstateGet({ SerialNumber: serial, Key: id, KeyType: 'NewOaks' }));
    matches(
      'RealEstateDelete',
      await service.owner.realEstateDelete({ SerialNumber: serial, Keys: [id], KeyType: 'NewOaks' }),
    );
  });

  it('asks, as JSON and as a stream, and hands over to a person', async () => {
    matches(
      'ClientAsk',
      await visitor.client.ask({ sessionID: visitor.sessionId, content: 'Hello', clientMessageId: 'contract-1' }),
    );
    const items = await collect(
      visitor.client.askStream({ sessionID: visitor.sessionId, content: 'Hello', clientMessageId: 'contract-1' }),
    );
    expect(items.at(-1)).toMatchObject({ kind: 'final', Answer: expect.stringContaining('Hello') });
    matches('TalkToHuman', await visitor.client.talkToHuman({ sessionID: visitor.sessionId, name: 'Ana' }));
  });

  it("reads what the owner's console shows: the chatbots, the leads and the outbox", async () => {
    const session = service.client({ sessionKey: (await service.owner.sessionKey()).SessionKey });
    const chatbots = await session.list();
    matches('List', chatbots);
    expect(chatbots).toContainEqual({ SerialNumber: serial, Name: expect.any(String) });
    await visitor.client.talkToHuman({
      sessionID: visitor.sessionId,
      name: 'Bea',
      email: 'bea@example.com',
      message: 'Call me',
    });
    const leads = await session.leadList({ SerialNumber: serial, PageSize: 1 });
    matches('LeadList', leads);
    expect(leads.Items).toEqual([
      expect.objectContaining({
        SessionID: visitor.sessionId,
        Name: 'Bea',
        Email: 'bea@example.com',
        Message: 'Call me',
      }),
    ]);
    expect(leads.Total).toBeGreaterThanOrEqual(2);
    const outbox = await session.outboxList({ SerialNumber: serial });
    matches('OutboxList', outbox);
    expect(outbox.Items[0]).toMatchObject({ Kind: 'handoff', To: 'agents@harbor.example', SentAt: null });
    expect(outbox.Items[0]!.Body).toContain('Call me');
  });

  it('uploads a file in three steps and reads it back', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array<number>(600).fill(0)]);
    const reserved = await visitor.client.getPreUploadUrl({ fileName: 'photo.png', sessionID: visitor.sessionId });
    matches('GetPreUploadUrl', reserved);
    expect(await visitor.client.upload(reserved.PreUploadUrl, png)).toEqual({
      FileStoreId: reserved.FileStoreId,
      Size: png.length,
    });
    const checked = await visitor.client.uploadSuccess({ FileStoreId: reserved.FileStoreId });
    matches('UploadSuccess', checked);
    expect(checked).toMatchObject({ Kind: 'Image', MimeType: 'image/png' });
    expect((await visitor.client.getFile(reserved.FileStoreId)).size).toBe(png.length);
  });
});

describe('each failure class, as the service answers it', () => {
  it.each([
    [
      400,
      'a value outside its rule',
      () => service.owner.edit({ serialNumber: serial, ChatBubbleColor: 'blue' }),
      '"ChatBubbleColor" must be rgb',
    ],
    [401, 'an unknown key', () => service.client({ apiKey: 'cbk_unknown' }).modelList(), 'The API key is not valid'],
    [
      403,
      'a credential for another session',
      async () => (await service.visitor(serial)).client.ask({ sessionID: visitor.sessionId, content: 'Hi' }),
      'another session',
    ],
    [
      404,
      'a chatbot that does not exist',
      () => service.owner.get({ serialNumber: 'a'.repeat(32) }),
      'No chatbot has the serial number',
    ],
    [
      409,
      'a listing that already exists',
      async () => {
        const body = {
          ...withSerial(validBodies.RealEstateCreate),
          MLSNumber: 'DUP-1',
          Url: 'https://homes.example/dup-1',
        };
        await service.owner.realEstateCreate(body);
        return service.owner.realEstateCreate(body);
      },
      'already exists',
    ],
    [
      413,
      'a body over 1 MB',
      () => service.owner.edit({ serialNumber: serial, SystemMessage: 'x'.repeat(1_100_000) }),
      'larger than 1 MB',
    ],
    [
      415,
      'a file that is not an accepted type',
      async () => {
        const reserved = await visitor.client.getPreUploadUrl({ fileName: 'notes.png', sessionID: visitor.sessionId });
        return visitor.client.upload(reserved.PreUploadUrl, new TextEncoder().encode('just some text, not an image'));
      },
      'is not an image',
    ],
    [
      429,
      'the rate limit',
      async () => {
        const v = await service.visitor(serial);
        await v.client.ask({ sessionID: v.sessionId, content: 'one' }).catch(() => undefined);
        await v.client.ask({ sessionID: v.sessionId, content: 'two' }).catch(() => undefined);
        return v.client.ask({ sessionID: v.sessionId, content: 'three' });
      },
      'too quickly',
    ],
  ] as const)('%i: %s', async (status, _what, call, message) => {
    const error = await (call as () => Promise<unknown>)().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, code: status, message: expect.stringContaining(message) });
  });
});
