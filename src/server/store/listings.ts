/** Listings: the five operations' storage, uniqueness of MLSNumber and Url, the three KeyTypes. */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { LIMITS, type Listing, type ListingCreateBody, type ListingListBody } from '../../protocol/index.ts';
import { KEYS_VERSION, listingKeys, termsOf, type ListingKeys, type TermKind } from '../engines/search/listing-keys.ts';
import { conflicting } from './errors.ts';
import type { Db, Tx } from './db-types.ts';
import { chatbots, listings, listingTerms } from './schema.ts';

export type Row = typeof listings.$inferSelect;
export type Fields = Omit<ListingCreateBody, 'SerialNumber'>;
export type KeyType = 'NewOaks' | 'MLSNumber' | 'URL';

/** API field → column, and the empty value an omitted optional field takes. */
const FIELDS = {
  SaleType: ['saleType', ''],
  Status: ['status', ''],
  CurrencySymbol: ['currencySymbol', ''],
  PropertyType: ['propertyType', ''],
  Bedrooms: ['bedrooms', 0],
  Bathrooms: ['bathrooms', 0],
  Url: ['url', ''],
  MLSNumber: ['mlsNumber', ''],
  YearBuilt: ['yearBuilt', 0],
  DaysOnMarket: ['daysOnMarket', 0],
  LotArea: ['lotArea', 0],
  BuildingArea: ['buildingArea', 0],
  AreaUnit: ['areaUnit', ''],
  ParkingSpots: ['parkingSpots', 0],
  Images: ['images', []],
  Tours: ['tours', ''],
  Description: ['description', ''],
  ExtensionColumn: ['extensionColumn', []],
  Location: ['location', ''],
  Address: ['address', ''],
  City: ['city', ''],
  State: ['state', ''],
  ZIP: ['zip', ''],
  Latitude: ['latitude', null],
  Longitude: ['longitude', null],
  SalePrice: ['salePrice', null],
  UnitAreaPrice: ['unitAreaPrice', null],
  HOAMonth: ['hoaMonth', null],
  EstimatePrice: ['estimatePrice', null],
  RentPrice: ['rentPrice', null],
  SpaceType: ['spaceType', ''],
  DepositFee: ['depositFee', null],
} as const satisfies Record<keyof Fields, readonly [keyof Row, unknown]>;

export type Columns = Omit<Row, 'id' | 'chatbot' | 'createdAt' | 'updatedAt'>;

type Filled = Omit<Listing, 'Id' | 'CreatedAt' | 'UpdatedAt'>;

/** The fields with the empty value of each one omitted, as a listing holds them. */
export function filled(fields: Fields): Filled {
  const out: Record<string, unknown> = {};
  for (const [field, [, empty]] of Object.entries(FIELDS)) {
    const value = (fields as Record<string, unknown>)[field] ?? empty;
    // -0 is 0: PostgreSQL's driver and PGlite read a stored -0 back differently, and no price or area is negative zero.
    out[field] = Object.is(value, -0) ? 0 : value;
  }
  return out as Filled;
}

/** The row's columns: the fields, and what the engines' search compares (listing-keys.ts). */
export function toColumns(fields: Fields): Columns {
  const all = filled(fields);
  const out: Record<string, unknown> = {};
  for (const [field, [column]] of Object.entries(FIELDS)) out[column] = (all as Record<string, unknown>)[field];
  return { ...(out as Columns), ...listingKeys(all) };
}

/** Whether a stored row holds exactly these fields' columns (an import leaves it, and its UpdatedAt, alone). */
export function holds(row: Row, columns: Columns): boolean {
  return Object.values(FIELDS).every(([column]) => {
    const [a, b] = [row[column], columns[column]];
    return typeof a === 'object' && a !== null ? JSON.stringify(a) === JSON.stringify(b) : a === b;
  });
}

export function toListing(row: Row): Listing {
  const out: Record<string, unknown> = { Id: row.id };
  for (const [field, [column]] of Object.entries(FIELDS)) out[field] = row[column];
  out.CreatedAt = row.createdAt.toISOString();
  out.UpdatedAt = row.updatedAt.toISOString();
  return out as Listing;
}

const keyColumn = (type: KeyType) =>
  type === 'NewOaks' ? listings.id : type === 'MLSNumber' ? listings.mlsNumber : listings.url;

/** 409 when another listing of the chatbot has this MLSNumber or Url. */
async function assertUnique(db: Db, chatbot: string, fields: Fields, exceptId?: string): Promise<void> {
  const clash = await db
    .select({ mls: listings.mlsNumber, url: listings.url })
    .from(listings)
    .where(
      and(
        eq(listings.chatbot, chatbot),
        or(eq(listings.mlsNumber, fields.MLSNumber), eq(listings.url, fields.Url)),
        exceptId ? ne(listings.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash[0]) throw duplicate(clash[0].mls === fields.MLSNumber ? 'MLSNumber' : 'Url', fields);
}

const duplicate = (field: 'MLSNumber' | 'Url', fields: Fields) =>
  conflicting(
    `A listing with ${field} "${field === 'Url' ? fields.Url : fields.MLSNumber}" already exists in this chatbot`,
  );

/** Two writers racing past assertUnique meet the unique index: the loser gets the same 409. */
export function uniqueViolation(error: unknown, fields: Fields): Error | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' || /duplicate key/.test(message ?? ''))
      return duplicate(`${constraint ?? message}`.includes('listings_url') ? 'Url' : 'MLSNumber', fields);
  }
  return null;
}

/** Marks the chatbot's listings changed, in the transaction that changed them (see store/listing-search.ts ListingCatalogs). */
export const bumpVersion = (tx: Tx, chatbot: string) =>
  tx
    .update(chatbots)
    .set({ listingsVersion: sql`${chatbots.listingsVersion} + 1` })
    .where(eq(chatbots.serialNumber, chatbot));

/** What listing changes do to a chatbot's terms: per term, how many more (or fewer) listings name it. */
export type TermChanges = Map<string, { kind: TermKind; value: string; count: number }>;

/** Counts what a listing names `by` more (1) or fewer (-1) times. */
export function countTerms(changes: TermChanges, fields: Parameters<typeof termsOf>[0], by: number): void {
  for (const { kind, value } of termsOf(fields)) {
    const key = `${kind}:${value}`;
    const known = changes.get(key);
    if (known) known.count += by;
    else changes.set(key, { kind, value, count: by });
  }
}

/** Applies term changes in the transaction that made them; a term no listing names any more goes. */
export async function applyTerms(tx: Tx, chatbot: string, changes: TermChanges): Promise<void> {
  const rows = [...changes.values()].filter((c) => c.count !== 0).map((c) => ({ chatbot, ...c }));
  for (let from = 0; from < rows.length; from += 1000)
    await tx
      .insert(listingTerms)
      .values(rows.slice(from, from + 1000))
      .onConflictDoUpdate({
        target: [listingTerms.chatbot, listingTerms.kind, listingTerms.value],
        set: { count: sql`${listingTerms.count} + excluded.count` },
      });
  if (rows.some((r) => r.count < 0))
    await tx.delete(listingTerms).where(and(eq(listingTerms.chatbot, chatbot), sql`${listingTerms.count} <= 0`));
}

/** The columns termsOf reads, as a row holds them. */
const TERM_COLUMNS = {
  City: listings.city,
  State: listings.state,
  ZIP: listings.zip,
  PropertyType: listings.propertyType,
  Address: listings.address,
};

export async function createListing(db: Db, chatbot: string, fields: Fields, now: Date): Promise<string> {
  await assertUnique(db, chatbot, fields);
  const id = uuidv7({ msecs: now.getTime() });
  try {
    await db.transaction(async (tx) => {
      await tx.insert(listings).values({ id, chatbot, ...toColumns(fields), createdAt: now, updatedAt: now });
      const terms: TermChanges = new Map();
      countTerms(terms, filled(fields), 1);
      await applyTerms(tx, chatbot, terms);
      await bumpVersion(tx, chatbot);
    });
  } catch (error) {
    throw uniqueViolation(error, fields) ?? error;
  }
  return id;
}

/**
 * Listings a statement inserts: building one statement's SQL and working out its rows' keys is the
 * service's own thread's work, done between statements — ~10–20 ms at a time rather than one long
 * hold of the event loop for a feed's 500 (drizzle's building of an insert costs ~1.5 ms a listing:
 * 100 a statement held the loop 76–150 ms, bench/listings-scale.mjs --profile).
 */
export const INSERT_ROWS = 25;

/**
 * Many new listings at once, in the caller's transaction — a seed, whose Urls and MLSNumbers are
 * unique by construction (a clash still meets the unique index and fails the whole batch): one
 * INSERT per INSERT_ROWS rows and one version bump, where createListing costs four statements a listing.
 * `createdAt(i)` dates the i-th.
 */
export async function createListings(
  tx: Tx,
  chatbot: string,
  all: Fields[],
  createdAt: (i: number) => Date,
): Promise<void> {
  const terms: TermChanges = new Map();
  for (let from = 0; from < all.length; from += INSERT_ROWS) {
    const rows = all.slice(from, from + INSERT_ROWS).map((fields, k) => {
      const at = createdAt(from + k);
      countTerms(terms, filled(fields), 1);
      return { id: uuidv7({ msecs: at.getTime() }), chatbot, ...toColumns(fields), createdAt: at, updatedAt: at };
    });
    await tx.insert(listings).values(rows);
  }
  await applyTerms(tx, chatbot, terms);
  if (all.length) await bumpVersion(tx, chatbot);
}

/** Full replacement of the listing Key names; the number of listings updated (0 or 1). */
export async function updateListing(
  db: Db,
  chatbot: string,
  keyType: KeyType,
  key: string,
  fields: Fields,
  now: Date,
): Promise<number> {
  const [target] = await db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.chatbot, chatbot), eq(keyColumn(keyType), key)))
    .limit(1);
  if (!target) return 0;
  await assertUnique(db, chatbot, fields, target.id);
  try {
    return await db.transaction(async (tx) => {
      // What it named before, read in the transaction that changes it (FOR UPDATE: a second writer waits).
      const [before] = await tx.select(TERM_COLUMNS).from(listings).where(eq(listings.id, target.id)).for('update');
      if (!before) return 0;
      const updated = await tx
        .update(listings)
        .set({ ...toColumns(fields), updatedAt: now })
        .where(eq(listings.id, target.id))
        .returning({ id: listings.id });
      const terms: TermChanges = new Map();
      countTerms(terms, before, -1);
      countTerms(terms, filled(fields), 1);
      await applyTerms(tx, chatbot, terms);
      if (updated.length) await bumpVersion(tx, chatbot);
      return updated.length;
    });
  } catch (error) {
    throw uniqueViolation(error, fields) ?? error;
  }
}

export async function deleteListings(db: Db, chatbot: string, keyType: KeyType, keys: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(listings)
      .where(and(eq(listings.chatbot, chatbot), inArray(keyColumn(keyType), [...new Set(keys)])))
      .returning(TERM_COLUMNS);
    const terms: TermChanges = new Map();
    for (const row of deleted) countTerms(terms, row, -1);
    await applyTerms(tx, chatbot, terms);
    if (deleted.length) await bumpVersion(tx, chatbot);
    return deleted.length;
  });
}

export async function getListing(db: Db, chatbot: string, keyType: KeyType, key: string): Promise<Listing | null> {
  const [row] = await db
    .select()
    .from(listings)
    .where(and(eq(listings.chatbot, chatbot), eq(keyColumn(keyType), key)))
    .limit(1);
  return row ? toListing(row) : null;
}

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * What a search word is looked for in: address, city and description joined by spaces — the
 * expression of the trigram index listings_search (schema.ts). A word has no whitespace, so it is
 * in the joined text exactly when it is in one of the three.
 */
const searchText = sql`(${listings.address} || ' ' || ${listings.city} || ' ' || ${listings.description})`;

export async function listListings(
  db: Db,
  chatbot: string,
  query: Omit<ListingListBody, 'SerialNumber'>,
): Promise<{ Items: Listing[]; Total: number }> {
  const conditions: (SQL | undefined)[] = [eq(listings.chatbot, chatbot)];
  if (query.Status) conditions.push(eq(listings.status, query.Status));
  if (query.SaleType) conditions.push(eq(listings.saleType, query.SaleType));
  for (const word of (query.Query ?? '').split(/\s+/).filter(Boolean).slice(0, 20)) {
    const p = likePattern(word);
    conditions.push(ilike(searchText, p));
  }
  const where = and(...conditions);
  const size = query.PageSize ?? LIMITS.pageSizeDefault;
  const page = query.Page ?? 1;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(listings)
      .where(where)
      .orderBy(desc(listings.createdAt), asc(listings.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(listings).where(where),
  ]);
  return { Items: rows.map(toListing), Total: Number(total?.n ?? 0) };
}

/** Every listing of a chatbot, in the listings' order (created, then Id): exports, backups, tests. */
export async function allListings(db: Db, chatbot: string): Promise<Listing[]> {
  return (
    await db
      .select()
      .from(listings)
      .where(eq(listings.chatbot, chatbot))
      .orderBy(asc(listings.createdAt), sql`${listings.id} collate "C"`)
  ).map(toListing);
}

/** The keys' columns, and each one's SQL type. */
const KEY_COLUMNS: [keyof ListingKeys, string][] = [
  ['cityKey', 'text'],
  ['stateKey', 'text'],
  ['streetKey', 'text'],
  ['mlsKey', 'text'],
  ['houseNumber', 'text'],
  ['pageKey', 'text'],
  ['urlKey', 'text'],
  ['addressKey', 'text'],
  ['price', 'float8'],
  ['sqft', 'float8'],
  ['words', 'text'],
  ['wholeWords', 'text[]'],
  ['keysVersion', 'int4'],
];

/**
 * Works the engines' keys out again for every listing written before this version of them
 * (KEYS_VERSION: listing-keys.ts), and counts those chatbots' terms afresh — after a migration that
 * adds them, or a change to how the engines read a listing. At start, after the migrations (on
 * PostgreSQL under their lock: one instance does it). Rows of 500 at a time; the number redone.
 */
export async function rederiveListings(db: Db): Promise<number> {
  const touched = new Set<string>();
  let done = 0;
  for (;;) {
    const rows = await db.select().from(listings).where(ne(listings.keysVersion, KEYS_VERSION)).limit(500);
    if (!rows.length) break;
    const values = rows.map((row) => {
      touched.add(row.chatbot);
      const k = listingKeys(toListing(row));
      return sql`(${row.id}, ${sql.join(
        // As the column writes it (an array as PostgreSQL's array text), cast to the column's type.
        KEY_COLUMNS.map(([key, type]) => sql`${listings[key].mapToDriverValue(k[key])}::${sql.raw(type)}`),
        sql`, `,
      )})`;
    });
    const names = KEY_COLUMNS.map(([key]) => sql.identifier(listings[key].name));
    await db.execute(sql`
      UPDATE ${listings} SET ${sql.join(
        names.map((name) => sql`${name} = v.${name}`),
        sql`, `,
      )}
      FROM (VALUES ${sql.join(values, sql`, `)}) AS v(id, ${sql.join(names, sql`, `)})
      WHERE ${listings.id} = v.id`);
    done += rows.length;
  }
  for (const chatbot of touched) await recountTerms(db, chatbot);
  return done;
}

/** A chatbot's terms counted again from its listings, read 1,000 at a time, in one transaction. */
async function recountTerms(db: Db, chatbot: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(listingTerms).where(eq(listingTerms.chatbot, chatbot));
    const terms: TermChanges = new Map();
    for (let after = ''; ;) {
      const rows = await tx
        .select({ id: listings.id, ...TERM_COLUMNS })
        .from(listings)
        .where(and(eq(listings.chatbot, chatbot), sql`${listings.id} > ${after}`))
        .orderBy(asc(listings.id))
        .limit(1000);
      for (const row of rows) countTerms(terms, row, 1);
      if (rows.length < 1000) break;
      after = rows.at(-1)!.id;
    }
    await applyTerms(tx, chatbot, terms);
  });
}
