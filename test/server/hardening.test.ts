/**
 * What a hostile or careless client sends that the service must not let through (issue 37, point 6):
 * every credential sent is checked — a bad session key fails a request beside a good API key — and
 * an address Fastify cannot decode is refused in the envelope, without echoing it (its query may
 * hold a token).
 */
import { beforeAll, expect, it } from 'vitest';
import { startService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});

it('refuses a request with a good API key and a bad session key beside it', async () => {
  const serial = await service.newChatbot();
  const response = await fetch(`${service.origin}/chat/Chatbot/Get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: service.apiKey, 'chatrobot-sessionkey': 'garbage' },
    body: JSON.stringify({ serialNumber: serial }),
  });
  expect(response.status).toBe(401);
  expect(await response.json()).toMatchObject({
    Success: false,
    Code: 401,
    Message: 'The session key is not valid or has expired',
  });
  const { SessionKey } = await service.owner.sessionKey();
  const both = await fetch(`${service.origin}/chat/Chatbot/Get`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: service.apiKey, 'chatrobot-sessionkey': SessionKey },
    body: JSON.stringify({ serialNumber: serial }),
  });
  expect(both.status).toBe(200);
});

it('refuses an address that is not valid percent-encoding in the envelope, echoing nothing of it', async () => {
  const response = await fetch(`${service.origin}/chat/File/%ff?token=secret-token-value`);
  expect(response.status).toBe(400);
  const text = await response.text();
  expect(JSON.parse(text)).toMatchObject({ Success: false, Code: 400 });
  expect(text).not.toMatch(/secret-token-value|%ff|FST_ERR/);
});

it('refuses a body that is not UTF-8 with a 400, as it refuses an escaped unpaired surrogate, and stores neither', async () => {
  const serial = await service.newChatbot({ Name: 'Unchanged' });
  const send = (body: Buffer) =>
    fetch(`${service.origin}/chat/Chatbot/Edit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: service.apiKey },
      body: new Uint8Array(body),
    });
  const malformed = Buffer.concat([
    Buffer.from(`{"serialNumber":"${serial}","Name":"caf`),
    Buffer.from([0xc3, 0x28]),
    Buffer.from('"}'),
  ]);
  const bytes = await send(malformed);
  expect(bytes.status).toBe(400);
  expect(await bytes.json()).toMatchObject({ Success: false, Code: 400, Message: 'The body is not valid UTF-8 text' });
  const surrogate = await send(Buffer.from(`{"serialNumber":"${serial}","Name":"caf\\ud800"}`));
  expect(surrogate.status).toBe(400);
  expect(await service.owner.get({ serialNumber: serial })).toMatchObject({ Name: 'Unchanged' });
  // Text that is UTF-8 is taken as it is.
  expect((await send(Buffer.from(`{"serialNumber":"${serial}","Name":"café ☕"}`))).status).toBe(200);
  expect(await service.owner.get({ serialNumber: serial })).toMatchObject({ Name: 'café ☕' });
});
