/**
 * RealEstateImport [ext]: many listings as a feed sends them, created or replaced by MLSNumber in
 * one transaction — counted, refused whole when an MLSNumber or Url is given twice or is another
 * listing's, and answered from at once (the chatbot's vocabulary follows the change).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/index.ts';
import { LIMITS, type ListingImportBody } from '../../src/protocol/index.ts';
import { startService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService();
});
afterAll(() => service.close());

type Item = ListingImportBody['Items'][number];
const item = (mls: string, overrides: Partial<Item> = {}): Item => ({
  SaleType: 'for_sale',
  Status: 'Active',
  CurrencySymbol: '$',
  PropertyType: 'Single Family',
  Bedrooms: 3,
  Bathrooms: 2,
  Url: `https://homes.example/${mls}`,
  MLSNumber: mls,
  YearBuilt: 1999,
  DaysOnMarket: 4,
  LotArea: 5000,
  BuildingArea: 1800,
  AreaUnit: 'Square Feet',
  ParkingSpots: 2,
  City: 'Austin',
  Address: `${mls.replace(/\D/g, '')} Oak St`,
  SalePrice: 400_000,
  ...overrides,
});

const all = async (serial: string) =>
  (await service.owner.realEstateList({ SerialNumber: serial, PageSize: 100 })).Items.sort((a, b) =>
    a.MLSNumber < b.MLSNumber ? -1 : 1,
  );

const refusal = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
};

describe('RealEstateImport', () => {
  it('creates what is new, replaces what differs, leaves what is the same — and says how many of each', async () => {
    const serial = await service.newChatbot();
    const first = [item('F1'), item('F2'), item('F3')];
    expect(await service.owner.realEstateImport({ SerialNumber: serial, Items: first })).toEqual({
      Created: 3,
      Updated: 0,
      Unchanged: 0,
    });
    const stored = await all(serial);
    expect(stored.map((l) => l.MLSNumber)).toEqual(['F1', 'F2', 'F3']);
    service.clock.advance(60_000);
    expect(await service.owner.realEstateImport({ SerialNumber: serial, Items: first })).toEqual({
      Created: 0,
      Updated: 0,
      Unchanged: 3,
    });
    // Left alone: not even its UpdatedAt moves.
    expect(await all(serial)).toEqual(stored);
    const next = [item('F1'), item('F2', { SalePrice: 375_000, Status: 'Sold' }), item('F3'), item('F4')];
    expect(await service.owner.realEstateImport({ SerialNumber: serial, Items: next })).toEqual({
      Created: 1,
      Updated: 1,
      Unchanged: 2,
    });
    const after = await all(serial);
    expect(after.map((l) => [l.MLSNumber, l.SalePrice, l.Status])).toEqual([
      ['F1', 400_000, 'Active'],
      ['F2', 375_000, 'Sold'],
      ['F3', 400_000, 'Active'],
      ['F4', 400_000, 'Active'],
    ]);
    // A replaced listing keeps its Id and CreatedAt (full replacement, as RealEstateUpdate).
    expect(after[1]!.Id).toBe(stored[1]!.Id);
    expect(after[1]!.CreatedAt).toBe(stored[1]!.CreatedAt);
    expect(after[1]!.UpdatedAt).not.toBe(stored[1]!.UpdatedAt);
  });

  it('refuses a listing given twice, or a Url another listing has, and stores nothing of it', async () => {
    const serial = await service.newChatbot();
    await service.owner.realEstateImport({ SerialNumber: serial, Items: [item('D1')] });
    const twice = await refusal(
      service.owner.realEstateImport({ SerialNumber: serial, Items: [item('D2'), item('D3'), item('D2')] }),
    );
    expect([twice.status, twice.message]).toEqual([
      400,
      '"Items[2].MLSNumber" must not repeat Items[0]\'s ("D2"): each listing once an import',
    ]);
    const sameUrl = await refusal(
      service.owner.realEstateImport({
        SerialNumber: serial,
        Items: [item('D4'), item('D5', { Url: 'https://homes.example/D1' })],
      }),
    );
    expect([sameUrl.status, sameUrl.message]).toEqual([
      409,
      '"Items[1].Url" is the Url of this chatbot\'s listing with MLSNumber "D1": https://homes.example/D1',
    ]);
    expect((await all(serial)).map((l) => l.MLSNumber)).toEqual(['D1']);
    const tooMany = await refusal(
      service.owner.realEstateImport({
        SerialNumber: serial,
        Items: Array.from({ length: LIMITS.importItems + 1 }, (_, i) => item(`T${i}`)),
      }),
    );
    expect(tooMany.status).toBe(400);
    expect(tooMany.message).toContain(`"Items" must be a list of 1 to ${LIMITS.importItems} listings`);
    const badField = await refusal(
      service.owner.realEstateImport({ SerialNumber: serial, Items: [item('B1', { Bedrooms: -1 })] }),
    );
    expect(badField.message).toMatch(/^"Items\[0\]\.Bedrooms" must be a whole number of bedrooms/);
  });

  it('is what the assistant answers from at once: a new city is read from the next question on', async () => {
    const serial = await service.newChatbot();
    await service.owner.realEstateImport({ SerialNumber: serial, Items: [item('A1')] });
    const visitor = await service.visitor(serial);
    const ask = async (content: string) =>
      (await visitor.client.ask({ sessionID: visitor.sessionId, content, chatAskType: 'Text' })).content;
    expect(await ask('homes in Springfield')).not.toContain('Springfield, ');
    await service.owner.realEstateImport({
      SerialNumber: serial,
      Items: [item('A1'), item('A2', { City: 'Springfield', Address: '2 Elm St' })],
    });
    expect(await ask('homes in Springfield')).toContain(
      'I found 1 home in Springfield. It is **[2 Elm St, Springfield]',
    );
  });
});
