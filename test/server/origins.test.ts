/** VerifyDomain, Domains and CustomDomain (API.md §3.2) and the CORS headers that follow from them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../support/service.ts';

let service: TestService;
let verified: string;
let open: string;

beforeAll(async () => {
  service = await startService();
  verified = await service.newChatbot({ VerifyDomain: true, Domains: 'oakrealty.example,\n*.homes.example', CustomDomain: 'chat.brand.example' });
  open = await service.newChatbot({ VerifyDomain: false });
});
afterAll(() => service.close());

async function getSession(serialNumber: string, page: { origin?: string; referer?: string }) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (page.origin !== undefined) headers.origin = page.origin;
  if (page.referer !== undefined) headers.referer = page.referer;
  const res = await fetch(`${service.origin}/chat/Chatbot/GetSession`, { method: 'POST', headers, body: JSON.stringify({ serialNumber }) });
  return { status: res.status, allowOrigin: res.headers.get('access-control-allow-origin'), body: (await res.json()) as { Message: string } };
}

describe('a chatbot with VerifyDomain', () => {
  it.each([
    ['https://oakrealty.example', 200],
    ['http://oakrealty.example:8080', 200],
    ['https://OAKREALTY.example', 200],
    ['https://www.homes.example', 200],
    ['https://a.b.homes.example', 200],
    ['https://chat.brand.example', 200],
    ['https://homes.example', 403],
    ['https://evil-oakrealty.example', 403],
    ['https://oakrealty.example.evil.test', 403],
    ['https://brand.example', 403],
    ['null', 403],
  ])('from the page %s answers %i', async (origin, status) => {
    expect((await getSession(verified, { origin })).status).toBe(status);
  });

  it('reads the Referer when there is no Origin', async () => {
    expect((await getSession(verified, { referer: 'https://www.homes.example/listing/1' })).status).toBe(200);
    expect((await getSession(verified, { referer: 'https://evil.test/' })).status).toBe(403);
  });

  it('refuses a request that names no page at all', async () => {
    const { status, body } = await getSession(verified, {});
    expect(status).toBe(403);
    expect(body.Message).toMatch(/only available on the sites/);
  });

  it('lets an allowed page read the answer, and a refused one not even the refusal', async () => {
    expect((await getSession(verified, { origin: 'https://oakrealty.example' })).allowOrigin).toBe('https://oakrealty.example');
    const refused = await getSession(verified, { origin: 'https://evil.test' });
    expect(refused.allowOrigin).toBeNull();
    expect(refused.body.Message).toContain('evil.test');
  });

  it('checks the page on the visitor operations too, not only GetSession', async () => {
    const session = (await (await fetch(`${service.origin}/chat/Chatbot/GetSession`, { method: 'POST', headers: { origin: 'https://oakrealty.example' }, body: JSON.stringify({ serialNumber: verified }) })).json()) as { Data: { SessionID: number; VisitorToken: string } };
    const ask = (origin: string) =>
      fetch(`${service.origin}/chat/Chat/ClientAsk`, { method: 'POST', headers: { origin, authorization: session.Data.VisitorToken }, body: JSON.stringify({ sessionID: session.Data.SessionID, content: 'hello' }) });
    expect((await ask('https://oakrealty.example')).status).toBe(200);
    expect((await ask('https://evil.test')).status).toBe(403);
  });

  it('does not restrict the owner, whose API key works from anywhere', async () => {
    const res = await fetch(`${service.origin}/chat/Chatbot/Get`, { method: 'POST', headers: { origin: 'https://evil.test', authorization: service.apiKey }, body: JSON.stringify({ serialNumber: verified }) });
    expect(res.status).toBe(200);
  });

  it('matches internationalised domain names in either form', async () => {
    const idn = await service.newChatbot({ VerifyDomain: true, Domains: 'münchen.example' });
    expect((await getSession(idn, { origin: 'https://xn--mnchen-3ya.example' })).status).toBe(200);
  });
});

describe('a chatbot without VerifyDomain', () => {
  it('serves any page, and a request that names none', async () => {
    expect((await getSession(open, { origin: 'https://anything.test' })).status).toBe(200);
    expect((await getSession(open, {})).status).toBe(200);
  });
});

describe('CORS preflight', () => {
  it('allows the headers the widget sends, for the page that asks', async () => {
    const res = await fetch(`${service.origin}/chat/Chat/ClientAsk`, {
      method: 'OPTIONS',
      headers: { origin: 'https://oakrealty.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://oakrealty.example');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization, Content-Type, chatrobot-sessionkey/);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });
});
