/**
 * The service's log (src/server/http/logging.ts): JSON lines with each request's id, which the
 * response carries too; no credential in any line — an API key, an owner session key, a visitor
 * token, an upload URL's token; and an unexpected error logged with its stack. Against the real
 * service, its log collected in memory.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/index.ts';
import { createEngines } from '../../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../../src/server/engines/answer/offline.ts';
import { createOpenAiEngine } from '../../../src/server/engines/model/openai.ts';
import { startFakeModelServer } from '../../support/fake-model-server.ts';
import { rawExchange } from '../../support/http.ts';
import { png } from '../../support/media.ts';
import { startService, type TestService } from '../../support/service.ts';

const lines: string[] = [];
let service: TestService;
beforeAll(async () => {
  service = await startService({
    own: true,
    logger: { level: 'info', destination: { write: (line) => void lines.push(line) } },
    routes: (app) => {
      app.get('/test/boom', () => Promise.reject(new Error('boom: a failure nobody expected')));
      // What a careless line of future code might log: the request's headers, credential-named fields.
      app.get('/test/careless', async (req) => {
        req.log.info(
          { headers: req.headers, apiKey: 'sk-careless-api-key', chat: { token: 'careless-token' } },
          'careless',
        );
        return {};
      });
    },
  });
});
afterAll(() => service?.close());

const records = () =>
  lines.map(
    (l) =>
      JSON.parse(l) as {
        level: number;
        reqId?: string;
        msg: string;
        err?: { stack?: string };
        req?: Record<string, unknown>;
      },
  );

it('writes JSON lines with the request id, which the response carries too', async () => {
  const response = await fetch(`${service.origin}/openapi.json`);
  const id = response.headers.get('x-request-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const own = records().filter((r) => r.reqId === id);
  expect(own.map((r) => r.msg)).toEqual(['incoming request', 'request completed']);
  expect(own[0]!.req).toEqual({ method: 'GET', path: '/openapi.json', remoteAddress: '127.0.0.1' });
});

it('never writes a credential: API key, session key, visitor token, an upload URL’s token', async () => {
  const serial = await service.newChatbot();
  const { SessionKey } = await service.owner.sessionKey();
  await service.client({ sessionKey: SessionKey }).get({ serialNumber: serial });
  const visitor = await service.visitor(serial);
  await visitor.client.ask({ sessionID: visitor.sessionId, content: 'homes in Austin' });
  const { PreUploadUrl, FileStoreId } = await visitor.client.getPreUploadUrl({
    fileName: 'a.png',
    sessionID: visitor.sessionId,
  });
  await service.client().upload(PreUploadUrl, png(4, 4));
  await visitor.client.uploadSuccess({ FileStoreId });
  const uploadToken = new URL(PreUploadUrl).searchParams.get('token')!;
  const secrets = { apiKey: service.apiKey, sessionKey: SessionKey, visitorToken: visitor.token, uploadToken };
  for (const [name, secret] of Object.entries(secrets)) {
    expect(secret.length, name).toBeGreaterThan(16);
    expect(
      lines.filter((l) => l.includes(secret)),
      name,
    ).toEqual([]);
  }
  expect(records().some((r) => r.req?.path === new URL(PreUploadUrl).pathname)).toBe(true);
});

it('redacts credentials a line logs by mistake: the headers that carry them, credential-named fields', async () => {
  const secret = 'sk-a-header-credential-0123456789';
  const response = await fetch(`${service.origin}/test/careless`, {
    headers: { authorization: secret, 'chatrobot-sessionkey': `${secret}-2` },
  });
  const line = records().find((r) => r.reqId === response.headers.get('x-request-id') && r.msg === 'careless');
  expect(line).toMatchObject({
    headers: { authorization: '[redacted]', 'chatrobot-sessionkey': '[redacted]' },
    apiKey: '[redacted]',
    chat: { token: '[redacted]' },
  });
  expect(lines.filter((l) => l.includes(secret) || l.includes('careless-token') || l.includes('sk-careless'))).toEqual(
    [],
  );
});

it('gives a request refused before routing (an address that is not percent-encoding) its id and a log line, without its query', async () => {
  const response = await fetch(`${service.origin}/chat/File/%ff?token=a-token-never-logged`);
  expect(response.status).toBe(400);
  const id = response.headers.get('x-request-id');
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  const own = records().filter((r) => r.reqId === id);
  expect(own[0]).toMatchObject({ msg: 'incoming request', req: { method: 'GET', path: '/chat/File/%ff' } });
  expect(own.map((r) => r.msg)).toContain('request refused before routing');
  expect(lines.filter((l) => l.includes('a-token-never-logged'))).toEqual([]);
});

it('logs an unexpected error with its stack, and answers 500 in the envelope', async () => {
  const response = await fetch(`${service.origin}/test/boom`);
  expect(response.status).toBe(500);
  const id = response.headers.get('x-request-id');
  const error = records().find((r) => r.reqId === id && r.level === 50);
  expect(error?.msg).toBe('unexpected error');
  expect(error?.err?.stack).toMatch(/^Error: boom: a failure nobody expected\n\s+at /);
});

it('logs a 503 with what the model server said and its stack, for an answer that is not streamed', async () => {
  const fake = await startFakeModelServer();
  const logged: string[] = [];
  const withModel = await startService({
    own: true,
    logger: { level: 'info', destination: { write: (line) => void logged.push(line) } },
    engines: createEngines(createOfflineEngine(), {
      model: 'fake-model',
      engine: createOpenAiEngine({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'fake-model' }),
    }),
  });
  try {
    fake.always({ text: '', serverError: 'The server had an error while processing your request.' });
    const visitor = await withModel.visitor(await withModel.newChatbot());
    const failure = await visitor.client
      .ask({ sessionID: visitor.sessionId, content: 'hello' })
      .catch((e: unknown) => e);
    expect((failure as ApiError).code).toBe(503);
    const warned = logged
      .map((l) => JSON.parse(l) as { level: number; status?: number; err?: { stack?: string } })
      .find((r) => r.level === 40 && r.status === 503);
    expect(warned?.err?.stack).toMatch(/^ModelUnavailable: the model server answered HTTP 500\n\s+at /);
  } finally {
    await withModel.close();
    await fake.close();
  }
});

it('logs a request Node could not read by its code and status, never its bytes', async () => {
  const secret = 'cbk_in-a-request-that-cannot-be-read';
  const reply = await rawExchange(
    service.origin,
    `GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${secret}\r\nBad Header: x\r\n\r\n`,
  );
  expect(reply.status).toBe(400);
  expect(records()).toContainEqual(
    expect.objectContaining({ level: 30, msg: 'request refused before it was read', code: 'HPE_INVALID_HEADER_TOKEN' }),
  );
  expect(lines.filter((l) => l.includes(secret) || l.includes('rawPacket'))).toEqual([]);
});
