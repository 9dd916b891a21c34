/**
 * Behind a reverse proxy, on PGlite and PostgreSQL: TRUST_PROXY as a hop count
 * or the proxies' addresses believes only what the trusted proxy wrote — nginx's
 * $proxy_add_x_forwarded_for appends the address it saw to whatever the visitor sent, so a visitor
 * who writes their own X-Forwarded-For cannot dodge the rate limits; untrusted, the header is
 * ignored. With PUBLIC_URL, the service's links (upload URLs, files) are made from it, not from the
 * internal address the proxy reached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrustProxy } from '../../../src/server/http/app.ts';
import { trustProxySetting } from '../../../src/server/start/config.ts';
import { startService, type TestService } from '../../support/service.ts';

describe('TRUST_PROXY', () => {
  it('is off, a hop count, addresses and CIDR ranges, or "all" — anything else a clear error', () => {
    expect(trustProxySetting(undefined)).toBe(false);
    expect(trustProxySetting('off')).toBe(false);
    // The old on/true/1 is one hop now: what a proxy that appends to the header needs.
    for (const on of ['1', 'true', 'on']) expect(trustProxySetting(on)).toBe(1);
    expect(trustProxySetting('2')).toBe(2);
    expect(trustProxySetting('all')).toBe(true);
    expect(trustProxySetting('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toBe('127.0.0.1,10.0.0.0/8,::1,fd00::/8');
    expect(() => trustProxySetting('nginx')).toThrow(
      'TRUST_PROXY must be off, a number of proxies, "all", or addresses and CIDR ranges separated by commas (got "nginx")',
    );
    expect(() => trustProxySetting('10.0.0.0/33')).toThrow(/got "10.0.0.0\/33"/);
  });
});

/** What nginx sends on: what the visitor wrote, then the address nginx saw. */
const forwarded = (spoofed: string, seen: string) => `${spoofed}, ${seen}`;

describe.each<[string, TrustProxy]>([
  ['one hop', 1],
  ["the proxy's address", '127.0.0.1/32'],
])('trusting %s', (_name, trustProxy) => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ trustProxy, publicUrl: 'https://chat.example.com' });
  });
  afterAll(() => service?.close());

  it('rate-limits the address the proxy saw, whatever the visitor writes in X-Forwarded-For', async () => {
    const serial = await service.newChatbot({ RateLimitCount: 3, RateLimitTime: 60 });
    const { sessionId, token } = await service.visitor(serial);
    const ask = async (spoofed: string, seen: string) =>
      (
        await fetch(`${service.origin}/chat/Chat/ClientAsk`, {
          method: 'POST',
          headers: {
            authorization: token,
            'content-type': 'application/json',
            'x-forwarded-for': forwarded(spoofed, seen),
          },
          body: JSON.stringify({ sessionID: sessionId, content: 'Hello' }),
        })
      ).status;
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push(await ask(`198.51.100.${i}`, '203.0.113.7'));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Another visitor behind the same proxy has a window of their own.
    expect(await ask('198.51.100.1', '203.0.113.8')).toBe(200);
  });

  it('makes upload URLs and file links from PUBLIC_URL, not from the address the proxy reached', async () => {
    const serial = await service.newChatbot();
    const visitor = await service.visitor(serial);
    const { PreUploadUrl } = await visitor.client.getPreUploadUrl({
      sessionID: visitor.sessionId,
      fileName: 'photo.png',
    });
    expect(PreUploadUrl).toMatch(/^https:\/\/chat\.example\.com\/chat\/File\/Upload\/\d+\?token=/);
  });
});

describe('trusting no proxy', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startService({ trustProxy: false });
  });
  afterAll(() => service?.close());

  it('ignores X-Forwarded-For and makes links from the request', async () => {
    const serial = await service.newChatbot({ RateLimitCount: 2, RateLimitTime: 60 });
    const { sessionId, token, client } = await service.visitor(serial);
    const statuses = [];
    for (let i = 1; i <= 3; i++)
      statuses.push(
        (
          await fetch(`${service.origin}/chat/Chat/ClientAsk`, {
            method: 'POST',
            headers: { authorization: token, 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${i}` },
            body: JSON.stringify({ sessionID: sessionId, content: 'Hello' }),
          })
        ).status,
      );
    expect(statuses).toEqual([200, 200, 429]);
    const { PreUploadUrl } = await client.getPreUploadUrl({ sessionID: sessionId, fileName: 'photo.png' });
    expect(PreUploadUrl.startsWith(`${service.origin}/chat/File/Upload/`)).toBe(true);
  });
});
