/** RateLimitCount / RateLimitTime and MessageLimit (API.md §4), exact at N, shared by instances. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from '../../../src/client/index.ts';
import { messages } from '../../../src/server/store/schema.ts';
import { openStore, type Store } from '../../../src/server/store/db.ts';
import { TestClock, startService, type TestService } from '../../support/service.ts';

const clock = new TestClock();
let service: TestService;
/** Three more instances on the same database and secret, as behind a load balancer. */
let others: TestService[] = [];
let proxied: TestService;
const otherStores: Store[] = [];

beforeAll(async () => {
  service = await startService({ clock });
  // On PostgreSQL each instance has a connection pool of its own; an in-memory PGlite can only be
  // shared in-process.
  for (let i = 0; i < 3 && service.databaseUrl; i++)
    otherStores.push(await openStore({ databaseUrl: service.databaseUrl }));
  [proxied, ...others] = await Promise.all([
    startService({ clock, store: service.store, secret: service.secret, trustProxy: true }),
    ...[0, 1, 2].map((i) => startService({ clock, store: otherStores[i] ?? service.store, secret: service.secret })),
  ]);
});
afterAll(async () => {
  await Promise.all([...others, proxied].map((s) => s.close()));
  await Promise.all(otherStores.map((s) => s.close()));
  await service.close();
});

const ask = (client: Client, sessionID: number, content = 'Hello', clientMessageId?: string) =>
  client.ask({ sessionID, content, ...(clientMessageId ? { clientMessageId } : {}) }).then(
    () => 200,
    (e: { status?: number; message?: string }) => (e.status === 429 ? 429 : Promise.reject(e)),
  );

describe('RateLimitCount / RateLimitTime', () => {
  it('allows exactly Count questions in Time seconds, as a sliding window', async () => {
    clock.set('2026-11-10T12:00:00Z');
    const serial = await service.newChatbot({
      RateLimitCount: 3,
      RateLimitTime: 60,
      RateLimitMessage: 'Easy there — one moment.',
    });
    const { client, sessionId } = await service.visitor(serial);
    expect(await ask(client, sessionId)).toBe(200);
    clock.advance(20_000);
    expect(await ask(client, sessionId)).toBe(200);
    expect(await ask(client, sessionId)).toBe(200);
    await expect(client.ask({ sessionID: sessionId, content: 'Hello' })).rejects.toMatchObject({
      status: 429,
      message: 'Easy there — one moment.',
    });
    clock.advance(39_999); // 59.999 s after the first question: still inside its window
    expect(await ask(client, sessionId)).toBe(429);
    clock.advance(1); // the first question leaves the window
    expect(await ask(client, sessionId)).toBe(200);
    expect(await ask(client, sessionId)).toBe(429);
    clock.advance(20_000); // the second and third leave
    expect(await ask(client, sessionId)).toBe(200);
    expect(await ask(client, sessionId)).toBe(200);
    expect(await ask(client, sessionId)).toBe(429);
  });

  it('leaves no trace of a refused question', async () => {
    clock.set('2026-11-10T13:00:00Z');
    const serial = await service.newChatbot({ RateLimitCount: 1, RateLimitTime: 60 });
    const { client, sessionId } = await service.visitor(serial);
    await ask(client, sessionId);
    expect(await ask(client, sessionId, 'Second question')).toBe(429);
    const rows = await service.db.select().from(messages).where(eq(messages.sessionId, sessionId));
    expect(rows.map((r) => r.content)).not.toContain('Second question');
  });

  it('counts per visitor address, and applies across the visitor’s sessions', async () => {
    clock.set('2026-11-10T14:00:00Z');
    const serial = await proxied.newChatbot({ RateLimitCount: 2, RateLimitTime: 600 });
    const ipAsk = async (ip: string, sessionId: number, visitorToken: string) =>
      (
        await fetch(`${proxied.origin}/chat/Chat/ClientAsk`, {
          method: 'POST',
          headers: { authorization: visitorToken, 'x-forwarded-for': ip },
          body: JSON.stringify({ sessionID: sessionId, content: 'Hello' }),
        })
      ).status;
    const a = await proxied.visitor(serial);
    const b = await proxied.visitor(serial);
    expect([
      await ipAsk('203.0.113.7', a.sessionId, a.token),
      await ipAsk('203.0.113.7', b.sessionId, b.token),
    ]).toEqual([200, 200]);
    expect(await ipAsk('203.0.113.7', a.sessionId, a.token)).toBe(429);
    expect(await ipAsk('198.51.100.9', a.sessionId, a.token)).toBe(200);
  });

  it('does not count a retry of a question already asked', async () => {
    clock.set('2026-11-10T15:00:00Z');
    const serial = await service.newChatbot({ RateLimitCount: 1, RateLimitTime: 60 });
    const { client, sessionId } = await service.visitor(serial);
    expect(await ask(client, sessionId, 'Hello', 'r-1')).toBe(200);
    expect(await ask(client, sessionId, 'Hello', 'r-1')).toBe(200);
    expect(await ask(client, sessionId, 'Hello', 'r-2')).toBe(429);
  });

  it('does not limit the owner', async () => {
    clock.set('2026-11-10T16:00:00Z');
    const serial = await service.newChatbot({ RateLimitCount: 1, RateLimitTime: 60 });
    const { SessionID } = await service.owner.getSession({ serialNumber: serial });
    for (let i = 0; i < 3; i++) expect(await ask(service.owner, SessionID)).toBe(200);
  });

  it.each([2, 4])('is one limit for %i instances on the database, even under a burst', async (count) => {
    clock.set(`2026-11-10T17:0${count}:00Z`);
    const serial = await service.newChatbot({ RateLimitCount: 4, RateLimitTime: 60 });
    const { sessionId, token } = await service.visitor(serial);
    const clients = [service, ...others].slice(0, count).map((s) => s.client({ visitorToken: token }));
    const statuses = await Promise.all(
      Array.from({ length: 6 * count }, (_, i) => ask(clients[i % count]!, sessionId, `Burst ${i}`)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(4);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6 * count - 4);
  });
});

describe('MessageLimit', () => {
  it('allows exactly MessageLimit questions in a calendar month of the chatbot’s time zone', async () => {
    // 23:00 on 30 November in Auckland (UTC+13); the month turns there an hour later, long before it does in UTC.
    clock.set('2026-11-30T10:00:00Z');
    const serial = await service.newChatbot({ MessageLimit: 2, RateLimitMessage: 'This month’s chats are used up.' });
    await service.owner.edit({ serialNumber: serial, TimeZone: 'Pacific/Auckland' });
    const { client, sessionId } = await service.visitor(serial);
    expect(await ask(client, sessionId)).toBe(200);
    expect(await ask(service.owner, (await service.owner.getSession({ serialNumber: serial })).SessionID)).toBe(200);
    await expect(client.ask({ sessionID: sessionId, content: 'Hi' })).rejects.toMatchObject({
      status: 429,
      message: 'This month’s chats are used up.',
    });
    clock.advance(3600_000); // 00:00 on 1 December in Auckland
    expect(await ask(client, sessionId)).toBe(200);
    expect(await ask(client, sessionId)).toBe(200);
    expect(await ask(client, sessionId)).toBe(429);
  });

  it('refuses every question when it is 0, and never limits at -1', async () => {
    clock.set('2026-11-12T12:00:00Z');
    const none = await service.newChatbot({ MessageLimit: 0 });
    const unlimited = await service.newChatbot({ MessageLimit: -1 });
    const v1 = await service.visitor(none);
    const v2 = await service.visitor(unlimited);
    expect(await ask(v1.client, v1.sessionId)).toBe(429);
    for (let i = 0; i < 5; i++) expect(await ask(v2.client, v2.sessionId)).toBe(200);
  });

  it.each([2, 4])('is one count for %i instances', async (count) => {
    clock.set(`2026-11-13T12:0${count}:00Z`);
    const serial = await service.newChatbot({ MessageLimit: 5 });
    const { sessionId, token } = await service.visitor(serial);
    const clients = [service, ...others].slice(0, count).map((s) => s.client({ visitorToken: token }));
    const statuses = await Promise.all(
      Array.from({ length: 4 * count + 3 }, (_, i) => ask(clients[i % count]!, sessionId, `Q${i}`)),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
  });
});
