import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, OPERATION_NAMES } from '../../../src/protocol/index.ts';
import { DEMO_SERIAL } from '../../../src/server/demo/agency.ts';
import { startBin } from '../../support/bin.ts';
import { usesPostgres } from '../../support/database.ts';
import { startService, type TestService } from '../../support/service.ts';

describe('the service front door', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service.close());

  it('serves the script-tag file built into dist/', async () => {
    const res = await service.app.inject('/chat-bot.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('serves nothing else of dist/ beside the widget files', async () => {
    expect((await service.app.inject('/chat-bot.../package.json')).statusCode).toBe(404);
    expect((await service.app.inject('/lib/index.js')).statusCode).toBe(404);
  });

  it('serves the demo site at /, with the widget embedded for the demo chatbot', async () => {
    const res = await service.app.inject({ url: '/', headers: { host: 'homes.localhost:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/html/);
    // The page's host first; then, when the shared database holds the demo's listings, their photos' host.
    expect(res.body).toMatch(
      new RegExp(
        `<script src="http://homes\\.localhost:8080/chat-bot\\.js" data-serial-number="${DEMO_SERIAL}" data-image-hosts="homes\\.localhost(?: [\\w.-]+)?" async></script>`,
      ),
    );
    expect((await service.app.inject('/service.html')).body).toContain('/openapi.json');
  });

  it('answers an unknown path with a 404 envelope', async () => {
    const res = await service.app.inject({ method: 'POST', url: '/chat/Chatbot/Nope', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ Success: false, Code: 404, Data: null, Version: '1.0.0' });
  });

  it('publishes an OpenAPI document with every operation and no TypeBox internals', async () => {
    const doc = (await service.app.inject('/openapi.json')).json<{
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    for (const name of OPERATION_NAMES) {
      const op = OPERATIONS[name];
      expect(doc.paths[op.path]?.[op.method.toLowerCase()]?.operationId).toBe(name);
    }
    // TypeBox's own keys all start with "~"; a pattern may hold one (an email address's).
    expect(JSON.stringify(doc)).not.toMatch(/"~[^"]*":/);
  });
});

// The bin on its embedded database, the same in both passes: run once, on PGlite's.
describe.skipIf(usesPostgres())('the chat-bot-server bin', () => {
  it(
    'starts from the compiled files on a fresh data directory, seeds the demo and prints its key once',
    { timeout: 60_000 },
    async () => {
      const bin = await startBin({}, { fresh: true });
      try {
        expect(bin.output).toContain(`admin console    ${bin.url}/console/`);
        const res = await fetch(`${bin.url}/chat/Chatbot/RealEstateList`, {
          method: 'POST',
          headers: { Authorization: bin.apiKey },
          body: JSON.stringify({ SerialNumber: bin.serial, PageSize: 1 }),
        });
        expect(((await res.json()) as { Data: { Total: number } }).Data.Total).toBeGreaterThanOrEqual(200);
      } finally {
        await bin.close();
      }
    },
  );
});
