/**
 * RealEstateImport [ext]: many listings as a feed sends them, created or replaced by MLSNumber all
 * or nothing (one transaction on PostgreSQL; on the embedded database, parts with what a failure
 * part-way wrote put back) — counted, refused whole when an MLSNumber or Url is given twice or is another
 * listing's, and answered from at once (the chatbot's vocabulary follows the change).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/index.ts';
import { LIMITS, type ListingImportBody } from '../../../src/protocol/index.ts';
import { rowsOf } from '../../../src/server/store/db.ts';
import { usesPostgres } from '../../support/database.ts';
import { startService, type TestService } from '../../support/service.ts';

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

  /** A trigger of the test's own: the database refuses (or changes) a row as one of the import's parts is written. */
  async function withTrigger<T>(name: string, body: string, timing: string, run: () => Promise<T>): Promise<T> {
    await service.db.execute(
      sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${body} RETURN NEW; END $$`),
    );
    await service.db.execute(
      sql.raw(`CREATE TRIGGER ${name} ${timing} ON listings FOR EACH ROW EXECUTE FUNCTION ${name}()`),
    );
    try {
      return await run();
    } finally {
      await service.db.execute(sql.raw(`DROP TRIGGER ${name} ON listings`));
      await service.db.execute(sql.raw(`DROP FUNCTION ${name}()`));
    }
  }

  const terms = async (serial: string) =>
    rowsOf(
      await service.db.execute(
        sql`SELECT kind, value, count FROM listing_terms WHERE chatbot = ${serial} ORDER BY kind, value`,
      ),
    );

  // More than one part on the embedded database (25 listings a transaction): the third part fails.
  const feed = (prefix: string, n: number, overrides: Partial<Item> = {}) =>
    Array.from({ length: n }, (_, i) => item(`${prefix}${i + 1}`, { Address: `${i + 1} ${prefix} Rd`, ...overrides }));

  it('stores nothing of an import the database fails part-way: created listings gone, replaced ones as they were', async () => {
    const serial = await service.newChatbot();
    await service.owner.realEstateImport({ SerialNumber: serial, Items: feed('U', 30) });
    const [before, termsBefore] = [await all(serial), await terms(serial)];
    const items = [...feed('U', 30, { SalePrice: 390_000, City: 'Dallas' }), ...feed('N', 60, { City: 'Waco' })];
    const failed = await withTrigger(
      'refuse_n60',
      `IF NEW.mls_number = 'N60' THEN RAISE EXCEPTION 'refused by the test'; END IF;`,
      'BEFORE INSERT',
      () => refusal(service.owner.realEstateImport({ SerialNumber: serial, Items: items })),
    );
    expect(failed.status).toBe(500);
    expect(await all(serial)).toEqual(before);
    expect(await terms(serial)).toEqual(termsBefore);
    const visitor = await service.visitor(serial);
    const answer = await visitor.client.ask({
      sessionID: visitor.sessionId,
      content: 'homes in Waco',
      chatAskType: 'Text',
    });
    expect(answer.content).not.toContain('Waco, ');
  });

  it.skipIf(usesPostgres())(
    'on the embedded database, refuses an import whose listing another writer changed between its parts, and puts back only its own',
    async () => {
      const serial = await service.newChatbot();
      await service.owner.realEstateImport({ SerialNumber: serial, Items: feed('C', 30) });
      const before = await all(serial);
      // As the first part is written, "another writer" changes C30, which the second part replaces.
      const failed = await withTrigger(
        'change_c30',
        `IF NEW.mls_number = 'C1' THEN UPDATE listings SET sale_price = 1, updated_at = updated_at + interval '1 second' WHERE chatbot = NEW.chatbot AND mls_number = 'C30'; END IF;`,
        'AFTER UPDATE',
        () =>
          refusal(
            service.owner.realEstateImport({
              SerialNumber: serial,
              Items: [...feed('C', 30, { SalePrice: 350_000 }), ...feed('M', 5)],
            }),
          ),
      );
      expect([failed.status, failed.message]).toEqual([
        409,
        'The listing with MLSNumber "C30" changed while the import was written; nothing was stored',
      ]);
      const after = await all(serial);
      const c30 = (rows: typeof before) => rows.find((l) => l.MLSNumber === 'C30')!;
      expect(c30(after).SalePrice).toBe(1);
      expect(after.filter((l) => l.MLSNumber !== 'C30')).toEqual(before.filter((l) => l.MLSNumber !== 'C30'));
    },
  );
});
