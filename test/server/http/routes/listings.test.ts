/** The five listing operations (API.md §3.6): create, update, delete, list, get — by each KeyType. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingCreateBody } from '../../../../src/protocol/index.ts';
import { startService, type TestService } from '../../../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

let n = 0;
function listing(serial: string, overrides: Partial<ListingCreateBody> = {}): ListingCreateBody {
  const id = `${Date.now().toString(36)}-${n++}`;
  return {
    SerialNumber: serial,
    SaleType: 'for_sale',
    Status: 'Active',
    CurrencySymbol: '$',
    PropertyType: 'Single Family',
    Bedrooms: 3,
    Bathrooms: 2,
    Url: `https://homes.example/${id}`,
    MLSNumber: `MLS-${id}`,
    YearBuilt: 1999,
    DaysOnMarket: 4,
    LotArea: 5000,
    BuildingArea: 1800,
    AreaUnit: 'Square Feet',
    ParkingSpots: 2,
    ...overrides,
  };
}

describe('RealEstateCreate', () => {
  it('returns a UUIDv7 id, and RealEstateGet returns every field with empty ones filled in', async () => {
    const serial = await service.newChatbot();
    const body = listing(serial, {
      City: 'Austin',
      Images: ['https://img.example/1.jpg'],
      ExtensionColumn: [{ Key: 'View', value: 'Park' }],
      SalePrice: 450000,
    });
    const id = await service.owner.realEstateCreate(body);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const { SerialNumber: _s, ...fields } = body;
    expect(await service.owner.realEstateGet({ SerialNumber: serial, Key: id, KeyType: 'NewOaks' })).toEqual({
      Id: id,
      ...fields,
      Tours: '',
      Description: '',
      Location: '',
      Address: '',
      State: '',
      ZIP: '',
      SpaceType: '',
      Latitude: null,
      Longitude: null,
      UnitAreaPrice: null,
      HOAMonth: null,
      EstimatePrice: null,
      RentPrice: null,
      DepositFee: null,
      CreatedAt: expect.any(String),
      UpdatedAt: expect.any(String),
    });
  });

  it('refuses a second listing with the same MLSNumber or Url in the chatbot (409)', async () => {
    const serial = await service.newChatbot();
    const first = listing(serial);
    await service.owner.realEstateCreate(first);
    await expect(service.owner.realEstateCreate(listing(serial, { MLSNumber: first.MLSNumber }))).rejects.toMatchObject(
      { status: 409, message: expect.stringContaining(`MLSNumber "${first.MLSNumber}"`) },
    );
    await expect(service.owner.realEstateCreate(listing(serial, { Url: first.Url }))).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining('Url'),
    });
    expect((await service.owner.realEstateList({ SerialNumber: serial })).Total).toBe(1);
  });

  it('lets two chatbots each have a listing with the same MLSNumber', async () => {
    const [a, b] = [await service.newChatbot(), await service.newChatbot()];
    const shared = listing(a);
    await service.owner.realEstateCreate(shared);
    await expect(service.owner.realEstateCreate({ ...shared, SerialNumber: b })).resolves.toEqual(expect.any(String));
  });

  it('keeps MLSNumber unique when the same listing is created many times at once', async () => {
    const serial = await service.newChatbot();
    const body = listing(serial);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => service.owner.realEstateCreate(body)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ status: 409 });
    expect((await service.owner.realEstateList({ SerialNumber: serial })).Total).toBe(1);
  });
});

describe('RealEstateUpdate', () => {
  it.each(['NewOaks', 'MLSNumber', 'URL'] as const)('replaces the whole listing found by %s', async (keyType) => {
    const serial = await service.newChatbot();
    const original = listing(serial, { City: 'Austin', Description: 'Old text', SalePrice: 400000 });
    const id = await service.owner.realEstateCreate(original);
    const key = keyType === 'NewOaks' ? id : keyType === 'MLSNumber' ? original.MLSNumber : original.Url;
    const replacement = listing(serial, { Status: 'Sold', Bedrooms: 4 });
    expect(await service.owner.realEstateUpdate({ ...replacement, Key: key, KeyType: keyType })).toBe(1);
    const stored = await service.owner.realEstateGet({ SerialNumber: serial, Key: id, KeyType: 'NewOaks' });
    expect(stored).toMatchObject({
      Id: id,
      Status: 'Sold',
      Bedrooms: 4,
      MLSNumber: replacement.MLSNumber,
      Url: replacement.Url,
    });
    // Full replacement: what the update left out is empty now.
    expect(stored).toMatchObject({ City: '', Description: '', SalePrice: null });
  });

  it('answers 404 with Data 0 when no listing has the key', async () => {
    const serial = await service.newChatbot();
    await expect(
      service.owner.realEstateUpdate({ ...listing(serial), Key: 'nothing', KeyType: 'MLSNumber' }),
    ).rejects.toMatchObject({ status: 404, code: 404, data: 0 });
  });

  it('refuses to give a listing the MLSNumber of another, and changes nothing', async () => {
    const serial = await service.newChatbot();
    const a = listing(serial);
    const b = listing(serial);
    await service.owner.realEstateCreate(a);
    const bId = await service.owner.realEstateCreate(b);
    await expect(
      service.owner.realEstateUpdate({ ...b, MLSNumber: a.MLSNumber, Key: bId, KeyType: 'NewOaks' }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await service.owner.realEstateGet({ SerialNumber: serial, Key: bId, KeyType: 'NewOaks' })).toMatchObject({
      MLSNumber: b.MLSNumber,
    });
  });

  it('may keep its own MLSNumber and Url', async () => {
    const serial = await service.newChatbot();
    const a = listing(serial);
    await service.owner.realEstateCreate(a);
    expect(await service.owner.realEstateUpdate({ ...a, Bedrooms: 5, Key: a.Url, KeyType: 'URL' })).toBe(1);
  });
});

describe('RealEstateDelete', () => {
  it.each(['NewOaks', 'MLSNumber', 'URL'] as const)(
    'deletes the listings found by %s and counts only those it found',
    async (keyType) => {
      const serial = await service.newChatbot();
      const bodies = [listing(serial), listing(serial), listing(serial)];
      const ids: string[] = [];
      for (const b of bodies) ids.push(await service.owner.realEstateCreate(b));
      const keys = bodies
        .slice(0, 2)
        .map((b, i) => (keyType === 'NewOaks' ? ids[i]! : keyType === 'MLSNumber' ? b.MLSNumber : b.Url));
      const result = await service.owner.realEstateDelete({
        SerialNumber: serial,
        Keys: [...keys, 'no-such-key', keys[0]!],
        KeyType: keyType,
      });
      expect(result).toEqual({ SuccessCount: 2 });
      expect((await service.owner.realEstateList({ SerialNumber: serial })).Items.map((l) => l.Id)).toEqual([ids[2]]);
    },
  );

  it('never deletes another chatbot’s listing', async () => {
    const [a, b] = [await service.newChatbot(), await service.newChatbot()];
    const other = listing(b);
    await service.owner.realEstateCreate(other);
    expect(
      await service.owner.realEstateDelete({ SerialNumber: a, Keys: [other.MLSNumber], KeyType: 'MLSNumber' }),
    ).toEqual({ SuccessCount: 0 });
    expect((await service.owner.realEstateList({ SerialNumber: b })).Total).toBe(1);
  });
});

describe('RealEstateList and RealEstateGet', () => {
  it('pages through every listing, newest first, each exactly once', async () => {
    const serial = await service.newChatbot();
    const ids = new Set<string>();
    for (let i = 0; i < 7; i++) ids.add(await service.owner.realEstateCreate(listing(serial)));
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const { Items, Total } = await service.owner.realEstateList({ SerialNumber: serial, Page: page, PageSize: 3 });
      expect(Total).toBe(7);
      seen.push(...Items.map((l) => l.Id));
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen)).toEqual(ids);
    expect((await service.owner.realEstateList({ SerialNumber: serial, Page: 4, PageSize: 3 })).Items).toEqual([]);
  });

  it('filters by Status, SaleType and words of the address, city and description', async () => {
    const serial = await service.newChatbot();
    await service.owner.realEstateCreate(
      listing(serial, { Address: '12 Oak St', City: 'Austin', Description: 'A sunny porch' }),
    );
    await service.owner.realEstateCreate(listing(serial, { Address: '9 Pine Rd', City: 'Denver', Status: 'Sold' }));
    await service.owner.realEstateCreate(
      listing(serial, { Address: '4 Elm Ave', City: 'Austin', SaleType: 'for_rent', RentPrice: 2000 }),
    );
    const addresses = async (q: object) =>
      (await service.owner.realEstateList({ SerialNumber: serial, ...q })).Items.map((l) => l.Address).sort();
    expect(await addresses({ Status: 'Sold' })).toEqual(['9 Pine Rd']);
    expect(await addresses({ SaleType: 'for_rent' })).toEqual(['4 Elm Ave']);
    expect(await addresses({ Query: 'austin' })).toEqual(['12 Oak St', '4 Elm Ave']);
    expect(await addresses({ Query: 'Austin sunny' })).toEqual(['12 Oak St']);
    expect(await addresses({ Query: '100%_\\' })).toEqual([]);
  });

  it('answers 404 for a key that names no listing', async () => {
    const serial = await service.newChatbot();
    await expect(
      service.owner.realEstateGet({ SerialNumber: serial, Key: 'https://nowhere.example/', KeyType: 'URL' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('works with an owner session key as well as the API key', async () => {
    const serial = await service.newChatbot();
    const consoleClient = service.client({ sessionKey: (await service.owner.sessionKey()).SessionKey });
    const id = await consoleClient.realEstateCreate(listing(serial));
    expect((await consoleClient.realEstateGet({ SerialNumber: serial, Key: id, KeyType: 'NewOaks' })).Id).toBe(id);
  });
});
