/** VerifyDomain, Domains and CustomDomain (API.md §3.2) and the CORS headers that follow from them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startService, type TestService } from '../../support/service.ts';

let service: TestService;
let verified: string;
let open: string;

beforeAll(async () => {
  service = await startService();
  verified = await service.newChatbot({
    VerifyDomain: true,
    Domains: 'oakrealty.example,\n*.homes.example, bücher.example\nlocalhost,192.168.1.20',
    CustomDomain: 'chat.brand.example',
  });
  open = await service.newChatbot({ VerifyDomain: false });
});
afterAll(() => service.close());

async function getSession(serialNumber: string, page: { origin?: string; referer?: string }) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (page.origin !== undefined) headers.origin = page.origin;
  if (page.referer !== undefined) headers.referer = page.referer;
  const res = await fetch(`${service.origin}/chat/Chatbot/GetSession`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ serialNumber }),
  });
  return {
    status: res.status,
    allowOrigin: res.headers.get('access-control-allow-origin'),
    body: (await res.json()) as { Message: string },
  };
}

describe('a chatbot with VerifyDomain', () => {
  // Domains: oakrealty.example, *.homes.example, bücher.example, localhost, 192.168.1.20; CustomDomain chat.brand.example.
  const cyrillic = new URL('https://\u043eakrealty.example').hostname; // "оakrealty" with a Cyrillic о
  const pages: [string, { origin?: string; referer?: string }, number][] = [
    ['an allowed host', { origin: 'https://oakrealty.example' }, 200],
    ['an allowed host on another port, over http', { origin: 'http://oakrealty.example:8080' }, 200],
    ['an allowed host with its default port written out', { origin: 'https://oakrealty.example:443' }, 200],
    ['an allowed host in capitals', { origin: 'https://OAKREALTY.EXAMPLE' }, 200],
    ['an allowed host written with its final dot', { origin: 'https://oakrealty.example.' }, 200],
    ['a subdomain of an exact entry', { origin: 'https://www.oakrealty.example' }, 403],
    ['a host that ends like an entry', { origin: 'https://evil-oakrealty.example' }, 403],
    ['an entry followed by another domain', { origin: 'https://oakrealty.example.evil.test' }, 403],
    ['a subdomain matched by a wildcard', { origin: 'https://www.homes.example' }, 200],
    ['a deeper subdomain matched by a wildcard', { origin: 'https://a.b.homes.example' }, 200],
    ['the apex of a wildcard', { origin: 'https://homes.example' }, 403],
    ['a host that ends like the wildcard without its dot', { origin: 'https://xhomes.example' }, 403],
    ['the wildcard followed by another domain', { origin: 'https://www.homes.example.evil.test' }, 403],
    ['the CustomDomain', { origin: 'https://chat.brand.example' }, 200],
    ["the CustomDomain's parent", { origin: 'https://brand.example' }, 403],
    ['an internationalised entry, as browsers send it (punycode)', { origin: 'https://xn--bcher-kva.example' }, 200],
    ['an internationalised entry in capitals', { origin: 'https://XN--BCHER-KVA.example' }, 200],
    [
      'an internationalised entry followed by another domain',
      { origin: 'https://xn--bcher-kva.example.evil.test' },
      403,
    ],
    ['a look-alike with a Cyrillic letter', { origin: `https://${cyrillic}` }, 403],
    ['localhost, on a development port', { origin: 'http://localhost:5173' }, 200],
    ['an allowed IP address', { origin: 'http://192.168.1.20' }, 200],
    ['another IP address', { origin: 'http://192.168.1.21' }, 403],
    ['an IPv6 address', { origin: 'http://[::1]:8080' }, 403],
    ['an opaque origin (a sandboxed frame, a file)', { origin: 'null' }, 403],
    ['an opaque origin whose Referer is allowed', { origin: 'null', referer: 'https://oakrealty.example/' }, 403],
    ['an allowed host over a scheme that is not the web', { origin: 'ftp://oakrealty.example' }, 403],
    ['an allowed host over an extension scheme', { origin: 'chrome-extension://oakrealty.example' }, 403],
    ['a malformed Origin', { origin: 'oakrealty.example' }, 403],
    ['no Origin, an allowed Referer', { referer: 'https://www.homes.example/listing/1?ref=mail' }, 200],
    [
      'no Origin, a Referer that only mentions an allowed host',
      { referer: 'https://evil.test/?from=https://oakrealty.example' },
      403,
    ],
    ['no Origin, a Referer that is not the web', { referer: 'android-app://oakrealty.example/' }, 403],
    [
      'a refused Origin with an allowed Referer (the Origin decides)',
      { origin: 'https://evil.test', referer: 'https://oakrealty.example/' },
      403,
    ],
    ['neither Origin nor Referer', {}, 403],
  ];

  it('covers 30 pages and more', () => {
    expect(pages.length).toBeGreaterThanOrEqual(30);
  });

  it.each(pages)('%s: %j answers %i', async (_what, page, status) => {
    const answer = await getSession(verified, page);
    expect(answer.status, answer.body.Message).toBe(status);
    if (status === 403) expect(answer.allowOrigin).toBeNull();
    if (status === 403 && !page.origin && !page.referer)
      expect(answer.body.Message).toMatch(/only available on the sites/);
  });

  it('lets an allowed page read the answer, and a refused one not even the refusal', async () => {
    expect((await getSession(verified, { origin: 'https://oakrealty.example' })).allowOrigin).toBe(
      'https://oakrealty.example',
    );
    const refused = await getSession(verified, { origin: 'https://evil.test' });
    expect(refused.allowOrigin).toBeNull();
    expect(refused.body.Message).toContain('evil.test');
  });

  it('checks the page on the visitor operations too, not only GetSession', async () => {
    const session = (await (
      await fetch(`${service.origin}/chat/Chatbot/GetSession`, {
        method: 'POST',
        headers: { origin: 'https://oakrealty.example' },
        body: JSON.stringify({ serialNumber: verified }),
      })
    ).json()) as { Data: { SessionID: number; VisitorToken: string } };
    const ask = (origin: string) =>
      fetch(`${service.origin}/chat/Chat/ClientAsk`, {
        method: 'POST',
        headers: { origin, authorization: session.Data.VisitorToken },
        body: JSON.stringify({ sessionID: session.Data.SessionID, content: 'hello' }),
      });
    expect((await ask('https://oakrealty.example')).status).toBe(200);
    expect((await ask('https://evil.test')).status).toBe(403);
  });

  it('does not restrict the owner, whose API key works from anywhere', async () => {
    const res = await fetch(`${service.origin}/chat/Chatbot/Get`, {
      method: 'POST',
      headers: { origin: 'https://evil.test', authorization: service.apiKey },
      body: JSON.stringify({ serialNumber: verified }),
    });
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
      headers: {
        origin: 'https://oakrealty.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://oakrealty.example');
    expect(res.headers.get('access-control-allow-headers')).toMatch(
      /Authorization, Content-Type, chatrobot-sessionkey/,
    );
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });
});
