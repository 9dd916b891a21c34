/**
 * `chat-bot-server listings import` (src/server/start/listings-file.ts): a feed's CSV or JSON file into a
 * chatbot, upserted by MLSNumber — cells read as the fields they are under, rows that break a rule
 * or repeat an earlier row refused and said with their line, the rest imported; again, unchanged.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFile } from '../../../src/server/start/listings-file.ts';
import { createChatbot, defaultSettings } from '../../../src/server/store/chatbots.ts';
import { openStore, type Store } from '../../../src/server/store/db.ts';
import { allListings, createListing } from '../../../src/server/store/listings.ts';
import { owners } from '../../../src/server/store/schema.ts';
import { freshDatabase } from '../../support/database.ts';

let store: Store;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let owner: number;
let dir: string;

beforeAll(async () => {
  database = await freshDatabase();
  store = await openStore(database.options);
  const [row] = await store.db.insert(owners).values({ name: 'Import' }).returning();
  owner = row!.id;
  dir = await mkdtemp(join(tmpdir(), 'listings-import-'));
});

afterAll(async () => {
  await store?.close();
  await database?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const now = () => new Date('2026-11-28T12:00:00Z');
const HEADER =
  'MLSNumber,Url,SaleType,Status,CurrencySymbol,PropertyType,Bedrooms,Bathrooms,YearBuilt,DaysOnMarket,LotArea,BuildingArea,AreaUnit,ParkingSpots,City,Address,SalePrice,RentPrice,Images,ExtensionColumn,Description';
const row = (mls: string, over: Record<string, string> = {}) => {
  const cells: Record<string, string> = {
    MLSNumber: mls,
    Url: `https://homes.example/${mls}`,
    SaleType: 'for_sale',
    Status: 'Active',
    CurrencySymbol: '$',
    PropertyType: 'Condo',
    Bedrooms: '2',
    Bathrooms: '1.5',
    YearBuilt: '2001',
    DaysOnMarket: '3',
    LotArea: '0',
    BuildingArea: '900',
    AreaUnit: 'Square Feet',
    ParkingSpots: '1',
    City: 'Austin',
    Address: `${mls.replace(/\D/g, '') || 1} Oak St`,
    SalePrice: '310000',
    RentPrice: '',
    Images: '',
    ExtensionColumn: '',
    Description: '',
    ...over,
  };
  return HEADER.split(',')
    .map((field) => {
      const cell = cells[field]!;
      return /[",\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
    })
    .join(',');
};

describe('listings import', () => {
  it('reads a CSV file, refuses the rows that break a rule or repeat one, imports the rest, and again changes nothing', async () => {
    const serial = await createChatbot(store.db, owner, defaultSettings('UTC', 'offline'));
    // A listing of the chatbot already has this Url, under another MLS number.
    await createListing(
      store.db,
      serial,
      {
        MLSNumber: 'OLD-1',
        Url: 'https://homes.example/taken',
        SaleType: 'for_sale',
        Status: 'Active',
        CurrencySymbol: '$',
        PropertyType: 'Condo',
        Bedrooms: 1,
        Bathrooms: 1,
        YearBuilt: 1990,
        DaysOnMarket: 1,
        LotArea: 0,
        BuildingArea: 500,
        AreaUnit: 'Square Feet',
        ParkingSpots: 0,
      },
      now(),
    );
    const file = join(dir, 'feed.csv');
    await writeFile(
      file,
      [
        HEADER,
        row('C1', {
          Images: 'https://img.example/1.jpg | https://img.example/2.jpg',
          ExtensionColumn: '[{"Key":"View","value":"Park"}]',
          Description: 'Bright corner unit, "quiet", near the park.\nNew floors.',
        }),
        row('C2', { Bedrooms: 'two' }),
        row('C3', { SaleType: 'for_rent', SalePrice: '', RentPrice: '1850' }),
        row('C1', { City: 'Denver' }),
        row('C4', { Url: 'https://homes.example/taken' }),
        row('C5', { Status: 'Gone' }),
      ].join('\r\n'),
    );
    const seen: number[] = [];
    const done = await importFile(store.db, serial, file, now, (s) => seen.push(s.rows));
    expect({ ...done, refused: done.refused.map((r) => `${r.line}: ${r.why}`) }).toEqual({
      rows: 6,
      Created: 2,
      Updated: 0,
      Unchanged: 0,
      refused: [
        expect.stringMatching(/^2: "Bedrooms" must be a whole number of bedrooms/),
        '4: "MLSNumber" repeats row 1\'s ("C1")',
        '5: "Url" is the Url of this chatbot\'s listing with MLSNumber "OLD-1": https://homes.example/taken',
        expect.stringMatching(/^6: "Status" must be one of/),
      ],
    });
    expect(seen.length).toBeGreaterThan(0);
    const stored = new Map((await allListings(store.db, serial)).map((l) => [l.MLSNumber, l]));
    expect(stored.get('C1')).toMatchObject({
      City: 'Austin',
      Bathrooms: 1.5,
      Images: ['https://img.example/1.jpg', 'https://img.example/2.jpg'],
      ExtensionColumn: [{ Key: 'View', value: 'Park' }],
      Description: 'Bright corner unit, "quiet", near the park.\nNew floors.',
      RentPrice: null,
    });
    expect(stored.get('C3')).toMatchObject({ SaleType: 'for_rent', SalePrice: null, RentPrice: 1850 });
    const again = await importFile(store.db, serial, file, now);
    expect([again.Created, again.Updated, again.Unchanged, again.refused.length]).toEqual([0, 0, 2, 4]);
  });

  it('reads JSON, an array or a listing a line, and updates by MLS number', async () => {
    const serial = await createChatbot(store.db, owner, defaultSettings('UTC', 'offline'));
    const listing = (mls: string, price: number) => ({
      MLSNumber: mls,
      Url: `https://homes.example/j/${mls}`,
      SaleType: 'for_sale',
      Status: 'Active',
      CurrencySymbol: '$',
      PropertyType: 'Condo',
      Bedrooms: 2,
      Bathrooms: 1,
      YearBuilt: 2000,
      DaysOnMarket: 1,
      LotArea: 0,
      BuildingArea: 800,
      AreaUnit: 'Square Feet',
      ParkingSpots: 1,
      SalePrice: price,
    });
    const array = join(dir, 'feed.json');
    await writeFile(array, JSON.stringify([listing('J1', 100_000), listing('J2', 200_000)]));
    expect(await importFile(store.db, serial, array, now)).toMatchObject({ rows: 2, Created: 2, refused: [] });
    const lines = join(dir, 'feed.jsonl');
    await writeFile(
      lines,
      `${JSON.stringify(listing('J1', 95_000))}\n\nnot json\n${JSON.stringify(listing('J3', 1))}\n`,
    );
    const done = await importFile(store.db, serial, lines, now);
    expect(done).toMatchObject({ rows: 3, Created: 1, Updated: 1, refused: [{ line: 3, why: 'is not JSON' }] });
    expect((await allListings(store.db, serial)).map((l) => [l.MLSNumber, l.SalePrice]).sort()).toEqual([
      ['J1', 95_000],
      ['J2', 200_000],
      ['J3', 1],
    ]);
    await expect(importFile(store.db, 'no-such-chatbot', lines, now)).rejects.toThrow(
      'No chatbot has the SerialNumber "no-such-chatbot"',
    );
  });
});
