/** The demo agency's site: listings read from the store, a page per listing, photos, and every value escaped. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SERIAL, ensureDemo } from '../../../src/server/demo/agency.ts';
import { startService, type TestService } from '../../support/service.ts';

let service: TestService;

beforeAll(async () => {
  service = await startService();
  await ensureDemo(service.db, service.ownerId, 'offline', service.origin, new Date());
});
afterAll(() => service?.close());

const get = (url: string) => service.app.inject({ url, headers: { host: new URL(service.origin).host } });
const cards = (html: string) => [...html.matchAll(/<li class="card">[\s\S]*?<\/li>/g)].map((m) => m[0]);

describe('the demo site', () => {
  it("sends a page asked for by another of this machine's names to the origin its listings were made under, and nothing else", async () => {
    const home = new URL(service.origin); // the listings were made under it (127.0.0.1)
    const at = (host: string, url: string) => service.app.inject({ url, headers: { host } });
    for (const host of [`localhost:${home.port}`, `[::1]:${home.port}`, `LOCALHOST:${home.port}`])
      for (const url of ['/?type=for_rent&page=2', '/homes/X1', '/privacy.html']) {
        const res = await at(host, url);
        expect({ host, url, status: res.statusCode, location: res.headers.location }).toEqual({
          host,
          url,
          status: 302,
          location: `${home.origin}${url}`,
        });
      }
    // Where they were made, another port (another server), another host, and what is not a page: served as asked.
    for (const [host, url] of [
      [home.host, '/'],
      [`localhost:${Number(home.port) + 1}`, '/'],
      ['homes.example', '/privacy.html'],
      [`localhost:${home.port}`, '/demo/photos/home-1.svg'],
    ] as const)
      expect({ host, url, status: (await at(host, url)).statusCode }).toEqual({ host, url, status: 200 });
  });

  it('shows the demo chatbot’s active listings, newest first, twelve to a page', async () => {
    const { Items, Total } = await service.owner.realEstateList({
      SerialNumber: DEMO_SERIAL,
      Status: 'Active',
      PageSize: 12,
    });
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`(${Total.toLocaleString('en-US')})`);
    const shown = cards(res.body);
    expect(shown).toHaveLength(12);
    expect(shown.map((c) => /href="\/homes\/([^"]+)"/.exec(c)![1])).toEqual(Items.map((l) => l.MLSNumber));
    expect(res.body).toContain(`<h1>Find your next home with Oakridge Realty</h1>`);
    expect(res.body).toMatch(/<a href="\/\?page=2" rel="next">Next<\/a>/);
  });

  it("names badges and facts in words, never a field's raw value", async () => {
    const toured = (
      await service.owner.realEstateList({ SerialNumber: DEMO_SERIAL, Status: 'Active', PageSize: 100 })
    ).Items.filter((l) => l.Tours);
    expect(toured.map((l) => l.Tours)).toEqual(expect.arrayContaining(['OpenHouse', '3D']));
    const pages = await Promise.all([1, 2, 3, 4, 5].map((n) => get(`/?page=${n}`)));
    const badges = pages.flatMap((p) => [...p.body.matchAll(/<span class="badge">([^<]*)<\/span>/g)].map((m) => m[1]));
    expect(badges).toEqual(expect.arrayContaining(['Open house', '3D tour']));
    expect(badges).not.toContain('OpenHouse');
    expect(badges).not.toContain('3D');
    const page = await get(new URL(toured.find((l) => l.Tours === 'OpenHouse')!.Url).pathname);
    expect(page.body).toContain('<dt>Tours</dt><dd>Open house</dd>');
  });

  it('filters by sale type and by a search, as the listing operation does', async () => {
    const rentals = await service.owner.realEstateList({
      SerialNumber: DEMO_SERIAL,
      Status: 'Active',
      SaleType: 'for_rent',
      Query: 'Denver',
    });
    const res = await get('/?type=for_rent&q=Denver');
    expect(res.body).toContain(`Homes for rent <span class="count">(${rentals.Total})</span>`);
    expect(cards(res.body).every((c) => c.includes('For rent') && c.includes('Denver'))).toBe(true);
  });

  it('gives each listing a page at its Url, and a 404 page for one that is gone', async () => {
    const [first] = (await service.owner.realEstateList({ SerialNumber: DEMO_SERIAL, PageSize: 1 })).Items;
    expect(new URL(first!.Url).pathname).toBe(`/homes/${first!.MLSNumber}`);
    const res = await get(new URL(first!.Url).pathname);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<dt>MLS</dt><dd>${first!.MLSNumber}</dd>`);
    expect((await get('/homes/NOPE-1')).statusCode).toBe(404);
  });

  it('draws the listing photos, and only those', async () => {
    const res = await get('/demo/photos/home-7.svg');
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/svg+xml']);
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    for (const url of ['/demo/photos/home-0.svg', '/demo/photos/home-25.svg', '/demo/photos/home-7.png'])
      expect((await get(url)).statusCode).toBe(404);
  });

  it('has the privacy page the chatbot links to', async () => {
    const res = await get('/privacy.html');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Privacy policy</h1>');
  });

  it('escapes every value an owner wrote', async () => {
    const hostile = '<img src=x onerror=alert(1)>"\'&';
    const mls = 'XSS-1';
    await service.owner.realEstateCreate({
      SerialNumber: DEMO_SERIAL,
      SaleType: 'for_sale',
      Status: 'Active',
      CurrencySymbol: '$',
      PropertyType: hostile,
      Bedrooms: 2,
      Bathrooms: 1,
      Url: `${service.origin}/homes/${mls}`,
      MLSNumber: mls,
      YearBuilt: 2001,
      DaysOnMarket: 1,
      LotArea: 100,
      BuildingArea: 90,
      AreaUnit: 'Square Feet',
      ParkingSpots: 1,
      Images: ['javascript:alert(1)'.replace('javascript:', 'https://x.example/?')],
      Tours: '',
      Description: hostile,
      ExtensionColumn: [{ Key: hostile, value: hostile }],
      Location: '',
      Address: hostile,
      City: 'Austin',
      State: 'TX',
      ZIP: '78701',
      SalePrice: 1,
    } as never);
    await service.owner.edit({ SerialNumber: DEMO_SERIAL, Name: hostile } as never);
    for (const url of ['/', `/homes/${mls}`]) {
      const body = (await get(url)).body;
      expect(body).not.toContain('<img src=x');
      expect(body).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;');
    }
  });
});
