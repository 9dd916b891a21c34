/**
 * What a hostile or careless client sends that the service must not let through:
 * every credential sent is checked — a bad session key fails a request beside a good API key, a bad
 * API key fails an upload beside its URL's token and the read of a public file — and
 * an address Fastify cannot decode, or a request Node cannot read, is refused in the envelope,
 * without echoing it (its query or its headers may hold a token).
 */
import { beforeAll, expect, it } from 'vitest';
import { rawExchange } from '../../support/http.ts';
import { png } from '../../support/media.ts';
import { startService, type TestService } from '../../support/service.ts';

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

it('checks the credentials sent beside an upload URL: a bad one is a 401 and nothing is stored', async () => {
  const visitor = await service.visitor(await service.newChatbot());
  const { PreUploadUrl, FileStoreId } = await visitor.client.getPreUploadUrl({
    sessionID: visitor.sessionId,
    fileName: 'a.png',
  });
  const put = (headers: Record<string, string>) =>
    fetch(PreUploadUrl, { method: 'PUT', headers, body: new Uint8Array(png(2, 2)) });
  const badKey = await put({ authorization: 'garbage' });
  expect(badKey.status).toBe(401);
  expect(await badKey.json()).toMatchObject({ Success: false, Code: 401, Message: 'The API key is not valid' });
  const badSession = await put({ 'chatrobot-sessionkey': 'garbage' });
  expect(badSession.status).toBe(401);
  expect(await badSession.json()).toMatchObject({ Message: 'The session key is not valid or has expired' });
  expect((await put({ authorization: 'garbage', 'chatrobot-sessionkey': 'garbage' })).status).toBe(401);
  await expect(visitor.client.uploadSuccess({ FileStoreId })).rejects.toMatchObject({
    status: 400,
    message: expect.stringContaining('No bytes were uploaded'),
  });
  // A good credential beside the URL is no obstacle; the URL is still the permission.
  expect((await put({ authorization: visitor.token })).status).toBe(200);
});

it('checks the credentials sent to read a file, a public one too', async () => {
  const { PreUploadUrl, FileStoreId } = await service.owner.getPreUploadUrl({ fileName: 'icon.png' });
  await service.owner.upload(PreUploadUrl, png(2, 2));
  await service.owner.uploadSuccess({ FileStoreId });
  const read = (headers: Record<string, string> = {}) =>
    fetch(service.owner.fileUrl(FileStoreId), { headers }).then(async (r) => ({
      status: r.status,
      text: await r.text(),
    }));
  expect((await read()).status).toBe(200);
  expect((await read({ authorization: service.apiKey })).status).toBe(200);
  const bad = await read({ authorization: 'garbage' });
  expect(bad.status).toBe(401);
  expect(JSON.parse(bad.text)).toMatchObject({ Success: false, Code: 401, Message: 'The API key is not valid' });
  expect((await read({ 'chatrobot-sessionkey': 'garbage' })).status).toBe(401);
  expect((await read({ authorization: service.apiKey, 'chatrobot-sessionkey': 'garbage' })).status).toBe(401);
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

it('refuses a body that begins with a byte-order mark with a 400 naming the rule, and stores nothing', async () => {
  const serial = await service.newChatbot({ Name: 'Unchanged' });
  const response = await fetch(`${service.origin}/chat/Chatbot/Edit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: service.apiKey },
    body: new Uint8Array(Buffer.from(`\uFEFF{"serialNumber":"${serial}","Name":"Changed"}`)),
  });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({
    Success: false,
    Code: 400,
    Message: 'The body must not begin with a byte-order mark (U+FEFF): JSON is sent without one (RFC 8259 §8.1)',
    Data: null,
  });
  expect(await service.owner.get({ serialNumber: serial })).toMatchObject({ Name: 'Unchanged' });
});

/** A credential-like value each unreadable request carries, which no answer may echo. */
const SECRET = 'cbk_secret-never-echoed';

it.each([
  [
    'a request line that is not HTTP',
    'GARBAGE\r\n\r\n',
    400,
    /^The request line must be a method, a target and HTTP\/1\.1/,
  ],
  [
    'a header line without a name',
    `GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthori zation: ${SECRET}\r\n\r\n`,
    400,
    /^The request is not valid HTTP\/1\.1: each header must be a name, a colon and a value/,
  ],
  [
    'Content-Length beside Transfer-Encoding: chunked',
    `POST /chat/Chatbot/Get HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${SECRET}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    400,
    /^The body's length must be given one way: one Content-Length of digits, or Transfer-Encoding ending in chunked — never both/,
  ],
  [
    'an HTTP/1.1 request without a Host header',
    `GET /openapi.json HTTP/1.1\r\nAuthorization: ${SECRET}\r\n\r\n`,
    400,
    /^An HTTP\/1\.1 request must have a Host header \(RFC 9112 §3\.2\)$/,
  ],
  [
    'an Expect header other than 100-continue',
    `POST /chat/Chatbot/Get HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${SECRET}\r\nExpect: teapot\r\nContent-Length: 2\r\n\r\n{}`,
    417,
    /^The Expect header may only be 100-continue/,
  ],
  [
    'headers of 20 KB',
    `GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${SECRET}\r\nX-Padding: ${'a'.repeat(20_480)}\r\n\r\n`,
    431,
    /^The request's headers must be at most 16 KB \(16,384 bytes\) in all$/,
  ],
])(
  'refuses %s in the envelope naming the rule, echoing nothing of it, and closes the connection',
  async (_what, request, status, message) => {
    const reply = await rawExchange(service.origin, request);
    expect(reply.status).toBe(status);
    expect(reply.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', connection: 'close' });
    expect(JSON.parse(reply.body)).toEqual({
      Success: false,
      Code: status,
      Message: expect.stringMatching(message),
      Data: null,
      Version: '1.0.0',
    });
    expect(reply.body).not.toMatch(/cbk_|GARBAGE|statusCode|padding|aaaa/i);
    expect(reply.closed, 'the server closed the connection').toBe(true);
  },
);
