/**
 * The database's search of a chatbot's listings (store/listing-search.ts) against the engines' own
 * matching over the same listings in memory (engines/search/catalog.ts memoryCatalog): generated
 * listings — cities and states in mixed case and beyond ASCII, prices missing, areas in square
 * meters, MLS numbers in both cases, features in some sentences — and generated searches, on
 * PGlite and on PostgreSQL. Every count, price range, window, suggestion figure and near-miss
 * candidate must be the same. And the terms a chatbot's listings name, kept by each change, are
 * what counting them again gives.
 */
import { asc, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing, ListingCreateBody } from '../../../src/protocol/index.ts';
import { emptyCriteria, type Criteria, type SortKey } from '../../../src/server/engines/reading/criteria.ts';
import {
  featuresIn,
  holdsPattern,
  mentions,
  wholeWords,
  wordForms,
  wordsOf,
} from '../../../src/server/engines/reading/features.ts';
import { streetOf, type Vocabulary } from '../../../src/server/engines/reading/places.ts';
import { memoryCatalog, pageListing, type Catalog, type Outcome } from '../../../src/server/engines/search/catalog.ts';
import { listingKeys } from '../../../src/server/engines/search/listing-keys.ts';
import { createChatbot, defaultSettings } from '../../../src/server/store/chatbots.ts';
import { openStore, rowsOf, type Store } from '../../../src/server/store/db.ts';
import { databaseCatalog, readVocabulary } from '../../../src/server/store/listing-search.ts';
import {
  allListings,
  createListing,
  createListings,
  deleteListings,
  rederiveListings,
  updateListing,
} from '../../../src/server/store/listings.ts';
import { listings as listingsTable, listingTerms, owners } from '../../../src/server/store/schema.ts';
import { freshDatabase } from '../../support/database.ts';

let store: Store;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let owner: number;

beforeAll(async () => {
  database = await freshDatabase();
  store = await openStore(database.options);
  const [row] = await store.db.insert(owners).values({ name: 'Search' }).returning();
  owner = row!.id;
});

afterAll(async () => {
  await store?.close();
  await database?.drop();
});

/** A small seeded generator: the same listings every run. */
function random(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  return { next, pick, int };
}

const CITIES = ['Austin', 'austin', 'Denver', 'São Paulo', 'ÉVRY', 'West Austin'];
const STATES = ['TX', 'tx', 'CO', 'SP', ''];
const KINDS = ['Single Family', 'Condo', 'Townhouse', 'Apartment', ''];
const STREETS = ['Oak St', 'Dale Mabry Hwy', 'North Lamar Boulevard', 'Elm Avenue', 'Rua Augusta'];
const SENTENCES = [
  'Has a pool.',
  'Sparkling swimming pool and a big backyard.',
  'Near schools and parks.',
  'Close to the park; parking for two.',
  'Fenced back yard.',
  'Water view from the deck!',
  'Quiet street, walkable to shops.',
  'Courtyard garden.',
  'A 100% renovated kitchen_with quartz.',
];

type Fields = Omit<ListingCreateBody, 'SerialNumber'>;

function generated(count: number, seed: number): Fields[] {
  const r = random(seed);
  return Array.from({ length: count }, (_, i) => {
    const saleType = r.pick(['for_sale', 'for_rent'] as const);
    const priced = r.next() < 0.9;
    const sale = saleType === 'for_sale' ? r.int(8, 120) * 10_000 : null;
    const rent = saleType === 'for_rent' ? r.int(8, 60) * 100 : null;
    return {
      SaleType: saleType,
      Status: r.pick(['Active', 'Active', 'Active', 'PreOnMarket', 'Sold'] as const),
      CurrencySymbol: r.pick(['$', '$', '€']),
      PropertyType: r.pick(KINDS),
      Bedrooms: r.int(0, 5),
      Bathrooms: r.pick([1, 1.5, 2, 2.5, 3]),
      Url: `https://homes.example/${seed}/${i}`,
      // Unique, in both cases: their order is by code unit in memory and in the database alike.
      MLSNumber: `${r.pick(['A', 'a', 'B', 'b', '1'])}${r.int(0, 9)}-${i}`,
      YearBuilt: r.int(1950, 2025),
      DaysOnMarket: r.int(0, 90),
      LotArea: r.int(0, 9000),
      BuildingArea: r.int(30, 400) * (r.next() < 0.3 ? 1 : 10),
      AreaUnit: r.pick(['Square Feet', 'Square Feet', 'Square Meters']),
      ParkingSpots: r.int(0, 3),
      Images: [],
      Tours: r.pick(['', '', '3D', 'OpenHouse']),
      Description: Array.from({ length: r.int(0, 3) }, () => r.pick(SENTENCES)).join(' '),
      ExtensionColumn: r.next() < 0.2 ? [{ Key: 'View', value: r.pick(['Water', 'Park', 'City']) }] : [],
      Address: `${r.int(1, 40)} ${r.pick(STREETS)}${r.next() < 0.2 ? ` Unit ${r.int(1, 9)}` : ''}`,
      City: r.pick(CITIES),
      State: r.pick(STATES),
      ZIP: r.pick(['78701', '80202', '01310', '']),
      HOAMonth: r.pick([null, 0, 150, 420]),
      SalePrice: priced ? sale : null,
      RentPrice: priced ? rent : null,
    } satisfies Fields;
  });
}

async function chatbotWith(fields: Fields[]): Promise<{ serial: string; all: Listing[] }> {
  const serial = await createChatbot(store.db, owner, defaultSettings('UTC', 'offline'));
  const start = Date.parse('2026-11-01T00:00:00Z');
  // Some listed in the same millisecond: their order is then by id, in memory and in the database.
  await store.db.transaction((tx) => createListings(tx, serial, fields, (i) => new Date(start + Math.floor(i / 3))));
  return { serial, all: await allListings(store.db, serial) };
}

const SORTS: (SortKey | undefined)[] = [
  undefined,
  'price-asc',
  'price-desc',
  'area-desc',
  'area-asc',
  'year-desc',
  'year-asc',
  'bedrooms-desc',
  'bathrooms-desc',
  'newest-listed',
  'hoa-asc',
];
const FEATURES = [
  'with a pool',
  'near schools',
  'with a big backyard',
  'with a water view',
  'with a garage',
  'near the park',
  'with a yard',
  'with quartz',
];

const range = (lo: number, hi: number, step: number) =>
  fc.option(
    fc
      .record({
        min: fc.option(fc.integer({ min: lo, max: hi }), { nil: undefined }),
        max: fc.option(fc.integer({ min: lo, max: hi }), { nil: undefined }),
      })
      .map((r) => ({
        ...(r.min === undefined ? {} : { min: r.min * step }),
        ...(r.max === undefined ? {} : { max: r.max * step }),
      })),
    { nil: undefined, freq: 2 },
  );
const some = <T>(xs: readonly T[]) => fc.subarray([...xs], { maxLength: 2 });

const criteriaArb: fc.Arbitrary<Criteria> = fc
  .record({
    saleType: fc.option(fc.constantFrom('for_sale' as const, 'for_rent' as const), { nil: undefined }),
    statuses: fc.subarray(['Active', 'PreOnMarket', 'Sold'] as const, { minLength: 1 }),
    cities: some(['austin', 'DENVER', 'São Paulo', 'évry', 'West Austin']),
    states: some(['TX', 'CO', 'SP']),
    zips: some(['78701', '80202', '01310']),
    streets: some(STREETS.map((s) => streetOf(`1 ${s}`).key)),
    propertyTypes: some(KINDS),
    price: fc.oneof(range(8, 120, 10_000), range(8, 60, 100)),
    bedrooms: range(0, 5, 1),
    bathrooms: range(1, 3, 1),
    area: range(100, 3000, 1),
    yearBuilt: range(1950, 2025, 1),
    tours: some(['3D', 'OpenHouse'] as const),
    anyTour: fc.boolean(),
    minParking: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
    excludeCities: some(['AUSTIN', 'denver']),
    excludeStates: some(['TX', 'tx', 'CO']),
    excludeKinds: some(KINDS),
    excludeSaleTypes: some(['for_sale', 'for_rent'] as const),
    excludeStatuses: some(['PreOnMarket', 'Sold'] as const),
    studios: fc.boolean(),
    hoa: fc.boolean(),
    features: some(FEATURES),
    sort: fc.constantFrom(...SORTS),
    unknown: fc.boolean(),
  })
  .map((g) => {
    const c = emptyCriteria();
    Object.assign(c, {
      ...(g.saleType ? { saleType: g.saleType } : {}),
      statuses: g.statuses,
      cities: g.cities,
      states: g.states,
      zips: g.zips,
      streets: g.streets,
      propertyTypes: g.propertyTypes,
      ...(g.price ? { price: g.price } : {}),
      ...(g.bedrooms ? { bedrooms: g.bedrooms } : {}),
      ...(g.bathrooms ? { bathrooms: g.bathrooms } : {}),
      ...(g.area ? { area: g.area } : {}),
      ...(g.yearBuilt ? { yearBuilt: g.yearBuilt } : {}),
      tours: g.tours,
      anyTour: g.anyTour,
      ...(g.minParking === undefined ? {} : { minParking: g.minParking }),
      features: g.features.flatMap((f) => featuresIn(f)),
      ...(g.sort ? { sort: g.sort } : {}),
      unknownPlaces: g.unknown ? ['Boston'] : [],
    });
    c.exclude = {
      cities: g.excludeCities,
      states: g.excludeStates,
      zips: [],
      propertyTypes: g.excludeKinds,
      saleTypes: g.excludeSaleTypes,
      statuses: g.excludeStatuses,
      studios: g.studios,
      hoa: g.hoa,
    };
    return c;
  });

/** Most generated searches ask for many things at once and find nothing: each criterion is dropped with a chance, so some find many. */
const looser = (c: Criteria, drop: boolean[]): Criteria => {
  const keys = [
    'saleType',
    'cities',
    'states',
    'zips',
    'streets',
    'propertyTypes',
    'price',
    'bedrooms',
    'bathrooms',
    'area',
    'yearBuilt',
    'tours',
    'minParking',
    'features',
    'unknownPlaces',
  ] as const;
  const out: Criteria = { ...c, exclude: { ...c.exclude } };
  keys.forEach((key, i) => {
    if (!drop[i]) return;
    const empty = emptyCriteria() as unknown as Record<string, unknown>;
    if (empty[key] === undefined) delete (out as unknown as Record<string, unknown>)[key];
    else (out as unknown as Record<string, unknown>)[key] = empty[key];
  });
  if (drop[15]) out.exclude = emptyCriteria().exclude;
  if (drop[16]) out.anyTour = false;
  return out;
};

const brief = (o: Outcome) => ({
  ...o,
  mentioned: o.mentioned.map((f) => f.phrase),
  unknown: o.unknown.map((f) => f.phrase),
  window: o.window.map((l) => l.MLSNumber),
});

async function compare(
  memory: Catalog,
  database: Catalog,
  c: Criteria,
  window: { from: number; count: number; restFrom: number },
) {
  const both = async <T>(ask: (catalog: Catalog) => Promise<T>) => Promise.all([ask(database), ask(memory)]);
  const [found, expected] = await both((catalog) => catalog.search(c, window));
  expect(brief(found), JSON.stringify(c)).toEqual(brief(expected));
  const [windowed, expectedWindow] = await both((catalog) => catalog.window(c, window.restFrom, window.count));
  expect(windowed.map((l) => l.MLSNumber)).toEqual(expectedWindow.map((l) => l.MLSNumber));
  const [rest, expectedRest] = await both((catalog) => catalog.rest(c, window.restFrom));
  expect(rest).toEqual(expectedRest);
  for (const type of ['for_sale', 'for_rent'] as const) {
    const [middle, expectedMiddle] = await both((catalog) => catalog.middle(c, window.restFrom, type));
    expect(middle, type).toBe(expectedMiddle);
  }
  expect(await database.any(c)).toBe(await memory.any(c));
  const [inDb, inMemory] = await Promise.all([database.candidates(c, 7), memory.candidates(c, 7)]);
  expect(inDb.map((l) => l.MLSNumber)).toEqual(inMemory.map((l) => l.MLSNumber));
}

describe('the database search finds what the engines find in memory', () => {
  it('on generated listings and searches', async () => {
    const { serial, all } = await chatbotWith(generated(240, 41));
    const memory = memoryCatalog(all);
    const database = databaseCatalog(store.db, serial, await readVocabulary(store.db, serial));
    let found = 0;
    await fc.assert(
      fc.asyncProperty(
        criteriaArb,
        fc.array(fc.boolean(), { minLength: 17, maxLength: 17 }).map((d) => d.map((x, i) => x || i % 3 !== 0)),
        fc.record({
          from: fc.integer({ min: 0, max: 12 }),
          count: fc.integer({ min: 0, max: 6 }),
          restFrom: fc.integer({ min: 0, max: 12 }),
        }),
        async (c, drop, window) => {
          const search = looser(c, drop);
          await compare(memory, database, search, window);
          if ((await memory.search(search, window)).total > 1) found++;
        },
      ),
      // npm test takes a sample; npm run soak five times as many.
      { numRuns: process.env.TEST_CORPORA === 'whole' ? 400 : 40, seed: Number(process.env.FUZZ_SEED) || undefined },
    );
    // The property is worth something only if searches find listings.
    expect(found).toBeGreaterThan(8);
  }, 120_000);

  it('names the same places, kinds and streets, looks up the same listings, and finds the same features mentioned', async () => {
    const { serial, all } = await chatbotWith(generated(240, 43));
    const memory = memoryCatalog(all);
    const database = databaseCatalog(store.db, serial, await readVocabulary(store.db, serial));
    const vocabulary = (v: Vocabulary) => ({
      cities: v.cities,
      states: [...v.states].sort(),
      zips: [...v.zips].sort(),
      types: v.types,
      streets: [...v.streets].sort(([a], [b]) => (a < b ? -1 : 1)),
      names: [...v.names].sort(),
      vocabulary: [...v.vocabulary].sort(([a], [b]) => (a < b ? -1 : 1)),
    });
    expect(vocabulary(database.vocabulary)).toEqual(vocabulary(memory.vocabulary));
    expect(database.vocabulary.cities.slice(0, 2)).toEqual(['West Austin', 'São Paulo']);
    const r = random(5);
    for (let i = 0; i < 40; i++) {
      const some = (f: (l: Listing) => string) => Array.from({ length: r.int(0, 3) }, () => f(r.pick(all)));
      const names = {
        ids: some((l) => l.Id),
        urls: some((l) => l.Url),
        mlsKeys: some((l) => listingKeys(l).mlsKey),
        houseNumbers: some((l) => listingKeys(l).houseNumber),
        pageKeys: some((l) => listingKeys(l).pageKey ?? ''),
        urlKeys: some((l) => listingKeys(l).urlKey),
        addressStarts: some((l) => listingKeys(l).addressKey.slice(0, r.int(1, 12))),
      };
      const [inDb, inMemory] = await Promise.all([database.lookup(names), memory.lookup(names)]);
      expect(inDb.map((l) => l.Id)).toEqual(inMemory.map((l) => l.Id));
    }
    for (const phrase of [...FEATURES, 'with a moat', 'with a big courtyard garden'])
      for (const f of featuresIn(phrase)) expect(await database.mentioned(f), phrase).toBe(await memory.mentioned(f));
  });

  it('on every order of a search that finds many, and windows past its end', async () => {
    const { serial, all } = await chatbotWith(generated(120, 7));
    const memory = memoryCatalog(all);
    const database = databaseCatalog(store.db, serial, await readVocabulary(store.db, serial));
    for (const sort of SORTS)
      for (const window of [
        { from: 0, count: 5, restFrom: 0 },
        { from: 5, count: 5, restFrom: 5 },
        { from: 118, count: 5, restFrom: 200 },
      ]) {
        const c: Criteria = {
          ...emptyCriteria(),
          statuses: ['Active', 'PreOnMarket', 'Sold'],
          ...(sort ? { sort } : {}),
        };
        await compare(memory, database, c, window);
      }
    expect((await database.search(emptyCriteria(), { from: 0, count: 1 })).total).toBeGreaterThan(40);
  });
});

describe("a word in the listings' words", () => {
  // Pieces of text where the engines' reading of a word is easiest to get wrong: joined words,
  // plurals, punctuation and underscores at its edges, letters beyond ASCII, emoji, line ends.
  const PIECES = ['pool', 'yard', 'back', 'front', 'side', 's', 'es', 'e', ' ', '-', '_', '.', "'", '/', '(', '\n'];
  const MORE = ['é', 'ü', 'ß', '😀', 'a', 'c', 'x', '1', 'poolside', 'courtyard', 'a/c'];
  const TERMS = ['pool', 'yard', 'a/c', 's', 'es', '_x', '(pool', 'é', 'pool.', 'x_', 'school', 'ü', '1', "'s", '😀'];
  // The term among the pieces, so that it is there, joined, at an edge or inside another word.
  const samples = fc.sample(
    fc
      .constantFrom(...TERMS)
      .chain((term) =>
        fc
          .array(fc.constantFrom(...PIECES, ...MORE, term, term, term), { maxLength: 10 })
          .map((xs) => [xs.join(''), term] as const),
      ),
    { numRuns: process.env.TEST_CORPORA === 'whole' ? 20_000 : 2_000, seed: Number(process.env.FUZZ_SEED) || 41 },
  );

  it('is found by its pattern as the engines read it, in JavaScript and in the database', async () => {
    const words = samples.map(([text]) => wordsOf({ Description: text, ExtensionColumn: [] }));
    const expected = samples.map(([text, term]) =>
      mentions(
        { Description: text, ExtensionColumn: [] } as unknown as Listing,
        { phrase: term, relation: 'has', terms: [term] },
        true,
      ),
    );
    expect(samples.map(([, term], i) => new RegExp(holdsPattern(term)).test(words[i]!))).toEqual(expected);
    // A term of word characters: one of its forms among the whole words, as the database looks it up.
    const ofWords = samples.flatMap(([, term], i) => {
      const forms = wordForms(term);
      return forms ? [{ found: forms.some((f) => wholeWords(words[i]!).includes(f)), expected: expected[i] }] : [];
    });
    expect(ofWords.map((x) => x.found)).toEqual(ofWords.map((x) => x.expected));
    expect(ofWords.length).toBeGreaterThan(samples.length / 2);
    const pairs = JSON.stringify(samples.map(([, term], i) => [words[i], holdsPattern(term)]));
    const inDatabase = rowsOf<{ holds: boolean }>(
      await store.db.execute(
        sql`select (p->>0) ~ (p->>1) as holds from json_array_elements(${pairs}::json) with ordinality as t(p, n) order by n`,
      ),
    );
    expect(inDatabase.map((r) => r.holds)).toEqual(expected);
    // Worth something only if both verdicts come up often.
    expect(expected.filter(Boolean).length).toBeGreaterThan(samples.length / 10);
    expect(expected.filter((x) => !x).length).toBeGreaterThan(samples.length / 10);
  });
});

describe('a page address that decodes to a NUL', () => {
  it("is stored and looked up as the visitor's page is read: %00 stays written", async () => {
    const [fields] = generated(1, 11);
    const { serial, all } = await chatbotWith([{ ...fields!, Url: 'http://a.aa/homes/%00' }]);
    const database = databaseCatalog(store.db, serial, await readVocabulary(store.db, serial));
    for (const catalog of [database, memoryCatalog(all)])
      expect((await pageListing(catalog, { page: 'https://A.aa/homes/%00/?x=1' }))?.Id).toBe(all[0]!.Id);
  });
});

describe("a chatbot's terms", () => {
  const termsIn = async (serial: string) =>
    (
      await store.db
        .select({ kind: listingTerms.kind, value: listingTerms.value, count: listingTerms.count })
        .from(listingTerms)
        .where(eq(listingTerms.chatbot, serial))
        .orderBy(asc(listingTerms.kind), asc(listingTerms.value))
    ).map((t) => `${t.kind} ${t.value} ×${t.count}`);

  it('are kept by each create, update and delete as counting them again gives', async () => {
    const fields = generated(30, 3);
    const { serial } = await chatbotWith(fields.slice(0, 20));
    const now = new Date('2026-11-02T00:00:00Z');
    for (const f of fields.slice(20)) await createListing(store.db, serial, f, now);
    await updateListing(
      store.db,
      serial,
      'MLSNumber',
      fields[0]!.MLSNumber,
      { ...fields[0]!, City: 'Nowhere', Address: '9 New Rd' },
      now,
    );
    await updateListing(store.db, serial, 'MLSNumber', fields[1]!.MLSNumber, fields[1]!, now);
    await deleteListings(
      store.db,
      serial,
      'MLSNumber',
      fields.slice(2, 12).map((f) => f.MLSNumber),
    );
    const kept = await termsIn(serial);
    expect(kept).toContain('city Nowhere ×1');
    expect(kept).toContain('name new ×1');
    // Counted again from the listings: what rederiveListings does for rows of an older KEYS_VERSION.
    await store.db.update(listingsTable).set({ keysVersion: 0 }).where(eq(listingsTable.chatbot, serial));
    expect(await rederiveListings(store.db)).toBe(20);
    expect(await termsIn(serial)).toEqual(kept);
    // A term no listing names any more is gone.
    await deleteListings(
      store.db,
      serial,
      'MLSNumber',
      fields.map((f) => f.MLSNumber),
    );
    expect(await termsIn(serial)).toEqual([]);
  });

  it("are worked out again, with the listings' keys, for listings an older version wrote", async () => {
    const { serial, all } = await chatbotWith(generated(12, 5));
    await store.db
      .update(listingsTable)
      .set({ keysVersion: 0, cityKey: '', price: null, words: '' })
      .where(eq(listingsTable.chatbot, serial));
    await store.db.delete(listingTerms).where(eq(listingTerms.chatbot, serial));
    expect(await rederiveListings(store.db)).toBe(12);
    const database = databaseCatalog(store.db, serial, await readVocabulary(store.db, serial));
    const c = { ...emptyCriteria(), statuses: ['Active', 'PreOnMarket', 'Sold'] as Listing['Status'][] };
    await compare(memoryCatalog(all), database, c, { from: 0, count: 12, restFrom: 0 });
    expect((await termsIn(serial)).length).toBeGreaterThan(5);
  });
});
