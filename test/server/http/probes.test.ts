/**
 * /healthz and /readyz (src/server/http/probes.ts): the process is up; it is ready when the
 * database, the file store and the model server (when there is one) answer, and says which does
 * not. Against the real service, on PGlite here and PostgreSQL in the postgres project (and
 * test/e2e/faults-database.test.ts: not ready while PostgreSQL is stopped).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngines } from '../../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../../src/server/engines/answer/offline.ts';
import { createOpenAiEngine } from '../../../src/server/engines/model/openai.ts';
import { startFakeModelServer, type FakeModelServer } from '../../support/fake-model-server.ts';
import { startService, type TestService } from '../../support/service.ts';

const get = async (service: TestService, path: string) => {
  const response = await fetch(`${service.origin}${path}`);
  return {
    status: response.status,
    body: (await response.json()) as { status: string; checks?: Record<string, string> },
  };
};

describe('with the offline engine', () => {
  let service: TestService;
  // The worker's plain service: nothing here changes it.
  beforeAll(async () => (service = await startService()));

  it('is up and ready: the database and the file store answer; no model server to ask', async () => {
    expect(await get(service, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await get(service, '/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', files: 'ok' } },
    });
  });
});

describe('with a model server', () => {
  let fake: FakeModelServer;
  let fakeClosed = false;
  let service: TestService;
  beforeAll(async () => {
    fake = await startFakeModelServer();
    service = await startService({
      own: true,
      engines: createEngines(createOfflineEngine(), {
        model: 'fake-model',
        engine: createOpenAiEngine({ baseUrl: fake.baseUrl, apiKey: 'sk-test', model: 'fake-model' }),
      }),
    });
  });
  afterAll(async () => {
    await service?.close();
    if (!fakeClosed) await fake?.close();
  });

  it('is ready while the model server answers; up but not ready once it is gone, saying so without the key', async () => {
    expect(await get(service, '/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', files: 'ok', 'model server': 'ok' } },
    });
    await fake.close();
    fakeClosed = true;
    expect((await get(service, '/healthz')).status).toBe(200);
    const ready = await get(service, '/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.status).toBe('not ready');
    expect(ready.body.checks).toMatchObject({ database: 'ok', files: 'ok' });
    expect(ready.body.checks!['model server']).not.toBe('ok');
    expect(JSON.stringify(ready.body)).not.toContain('sk-test');
  });
});
