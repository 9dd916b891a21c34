/**
 * No chatbot the owner did not make: the demo agency's site and chatbot exist
 * only with DEMO (`npm start` sets it); off, `/` leads to the console and no demo chatbot is made;
 * on, the demo chatbot answers with the offline engine and is rate-limited, whatever an earlier
 * start set. And Domains given without VerifyDomain turn verification on, so a listed owner's
 * chatbot refuses other sites, while an explicit VerifyDomain: false is kept.
 */
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureOwner } from '../../../src/server/start/bootstrap.ts';
import { DEMO_SERIAL, ensureDemo } from '../../../src/server/demo/agency.ts';
import { configFromEnv } from '../../../src/server/start/config.ts';
import { OFFLINE_MODEL } from '../../../src/server/engines/index.ts';
import { openStore } from '../../../src/server/store/db.ts';
import { chatbots } from '../../../src/server/store/schema.ts';
import { createClient } from '../../../src/client/index.ts';
import { startBin } from '../../support/bin.ts';
import { postJson } from '../../support/http.ts';
import { freshDatabase, usesPostgres } from '../../support/database.ts';
import { startService, type TestService } from '../../support/service.ts';

describe('DEMO', () => {
  it('is off unless set: on, off or model — anything else a clear error', () => {
    expect(configFromEnv({}).demo).toBe('off');
    expect(configFromEnv({ DEMO: 'on' }).demo).toBe('on');
    expect(configFromEnv({ DEMO: 'model' }).demo).toBe('model');
    expect(() => configFromEnv({ DEMO: 'maybe' })).toThrow('DEMO must be on, off or model (got "maybe")');
  });

  it('off: `/` leads to the console, and there is no demo site nor SPA example', async () => {
    const service = await startService({ demo: false });
    try {
      const home = await fetch(`${service.origin}/`, { redirect: 'manual' });
      expect(home.status).toBe(302);
      expect(home.headers.get('location')).toBe('/console/');
      expect((await fetch(`${service.origin}/spa/`)).status).toBe(404);
      expect((await fetch(`${service.origin}/privacy.html`)).status).toBe(404);
      expect((await fetch(`${service.origin}/console/`)).status).toBe(200);
    } finally {
      await service.close();
    }
  });

  it('on: the demo chatbot answers with the offline engine and is rate-limited, whatever an earlier start set', async () => {
    const database = await freshDatabase();
    const store = await openStore(database.options);
    try {
      const ownerId = await ensureOwner(store.db, new Date());
      await ensureDemo(store.db, ownerId, OFFLINE_MODEL, 'http://localhost:8787', new Date());
      // An earlier start (or the console) gave it a paid model and no limit.
      const [row] = await store.db.select().from(chatbots).where(eq(chatbots.serialNumber, DEMO_SERIAL));
      await store.db
        .update(chatbots)
        .set({ settings: { ...row!.settings, Model: 'gpt-paid', RateLimitCount: 0 } })
        .where(eq(chatbots.serialNumber, DEMO_SERIAL));
      expect(await ensureDemo(store.db, ownerId, OFFLINE_MODEL, 'http://localhost:8787', new Date())).toEqual({
        serial: DEMO_SERIAL,
        created: false,
      });
      const [held] = await store.db.select().from(chatbots).where(eq(chatbots.serialNumber, DEMO_SERIAL));
      expect(held!.settings).toMatchObject({
        Model: OFFLINE_MODEL,
        RateLimitCount: 10,
        RateLimitTime: 60,
        Name: 'Oakridge Realty',
      });
    } finally {
      await store.close();
      await database.drop();
    }
  });

  it('off: the demo chatbot an earlier start made serves no visitor, as if it did not exist; its owner still has it', async () => {
    // One database: a start with DEMO on made the demo chatbot and gave a visitor a session; then one with DEMO off.
    const on = await startService({ own: true });
    const off = await startService({ store: on.store, secret: on.secret, demo: false });
    try {
      await ensureDemo(on.db, on.ownerId, OFFLINE_MODEL, 'http://localhost:8787', new Date());
      const earlier = await on.visitor(DEMO_SERIAL);
      const serial = { serialNumber: DEMO_SERIAL };
      for (const operation of ['GetSession', 'Get']) {
        const refused = await postJson(`${off.origin}/chat/Chatbot/${operation}`, serial);
        expect({ operation, status: refused.status, body: JSON.parse(refused.text) as unknown }).toMatchObject({
          operation,
          status: 404,
          body: { Code: 404, Message: `No chatbot has the serial number "${DEMO_SERIAL}"` },
        });
      }
      // A token it gave before is a token of a chatbot that does not exist.
      const asked = await postJson(
        `${off.origin}/chat/Chat/ClientAsk`,
        { sessionID: earlier.sessionId, content: 'Any homes with a pool?' },
        { authorization: earlier.token },
      );
      expect(asked.status).toBe(404);
      // Its owner still reads it and its conversations.
      expect(await off.owner.get(serial)).toMatchObject({ SerialNumber: DEMO_SERIAL, Name: 'Oakridge Realty' });
      // With DEMO on again, it serves visitors again.
      expect((await postJson(`${on.origin}/chat/Chatbot/GetSession`, serial)).status).toBe(200);
    } finally {
      await off.close();
      await on.close();
    }
  });

  // The compiled bin on its own embedded database, whichever lane: run once.
  it.skipIf(usesPostgres())(
    'off in the compiled bin: no demo chatbot is made, and the start says so — and what it does with one an earlier start made',
    { timeout: 90_000 },
    async () => {
      const bin = await startBin({ DEMO: 'off' });
      try {
        expect(bin.output).toMatch(/demo +off \(DEMO=on serves/);
        expect(bin.serial).toBe('');
        expect((await postJson(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: DEMO_SERIAL })).status).toBe(404);
        const owner = createClient({ baseUrl: bin.url, apiKey: bin.apiKey });
        expect(await owner.list()).toEqual([]);
        await bin.stop();

        // An earlier start with DEMO on made the demo chatbot.
        const store = await openStore({ pgliteDir: join(bin.dataDir, 'db'), migrate: false });
        await ensureDemo(store.db, await ensureOwner(store.db, new Date()), OFFLINE_MODEL, bin.url, new Date());
        await store.close();
        const again = await startBin({ DEMO: 'off' }, { again: bin.dataDir });
        try {
          expect(again.output).toMatch(
            new RegExp(`demo +off: the demo chatbot ${DEMO_SERIAL} an earlier start made serves no visitor \\(404`),
          );
          expect(again.output).not.toContain('open to any page');
          // And, on the embedded database, when its commands can run.
          expect(again.output).toMatch(/owner API keys +made at the first start; .* with the service stopped$/m);
          const session = await postJson(`${again.url}/chat/Chatbot/GetSession`, { serialNumber: DEMO_SERIAL });
          expect(session.status).toBe(404);
        } finally {
          await again.stop();
        }
      } finally {
        await bin.close();
      }
    },
  );
});

describe('Domains without VerifyDomain', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service?.close());

  const sessionFrom = (serial: string, origin: string) =>
    postJson(`${service.origin}/chat/Chatbot/GetSession`, { serialNumber: serial }, { origin });

  it('turn verification on: another site gets no session and no CORS header', async () => {
    const serial = await service.newChatbot({ Domains: 'homes.example.com' });
    expect(await service.owner.get({ serialNumber: serial })).toHaveProperty('VerifyDomain', true);
    const evil = await sessionFrom(serial, 'https://evil.example');
    expect(evil.status).toBe(403);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expect((await sessionFrom(serial, 'https://homes.example.com')).status).toBe(200);
    // Set later by Edit, the same.
    const later = await service.newChatbot();
    await service.owner.edit({ serialNumber: later, Domains: 'homes.example.com' });
    expect((await sessionFrom(later, 'https://evil.example')).status).toBe(403);
  });

  it('keep an explicit VerifyDomain: false (a list kept for later)', async () => {
    const serial = await service.newChatbot({ Domains: 'homes.example.com', VerifyDomain: false });
    expect(await service.owner.get({ serialNumber: serial })).toHaveProperty('VerifyDomain', false);
    expect((await sessionFrom(serial, 'https://evil.example')).status).toBe(200);
  });
});
