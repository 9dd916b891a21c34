/** Listings: the five operations' storage, uniqueness of MLSNumber and Url, the three KeyTypes. */
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { LIMITS, type Listing, type ListingCreateBody, type ListingListBody } from '../../protocol/index.ts';
import { conflict } from '../http.ts';
import type { Db, Tx } from './db.ts';
import { chatbots, listings } from './schema.ts';

type Row = typeof listings.$inferSelect;
type Fields = Omit<ListingCreateBody, 'SerialNumber'>;
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

function toColumns(fields: Fields): Omit<Row, 'id' | 'chatbot' | 'createdAt' | 'updatedAt'> {
  const out: Record<string, unknown> = {};
  for (const [field, [column, empty]] of Object.entries(FIELDS)) {
    const value = (fields as Record<string, unknown>)[field] ?? empty;
    // -0 is 0: PostgreSQL's driver and PGlite read a stored -0 back differently, and no price or area is negative zero.
    out[column] = Object.is(value, -0) ? 0 : value;
  }
  return out as Omit<Row, 'id' | 'chatbot' | 'createdAt' | 'updatedAt'>;
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
  conflict(
    `A listing with ${field} "${field === 'Url' ? fields.Url : fields.MLSNumber}" already exists in this chatbot`,
  );

/** Two writers racing past assertUnique meet the unique index: the loser gets the same 409. */
function uniqueViolation(error: unknown, fields: Fields): Error | null {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    const { code, constraint, message } = e as { code?: string; constraint?: string; message?: string };
    if (code === '23505' || /duplicate key/.test(message ?? ''))
      return duplicate(`${constraint ?? message}`.includes('listings_url') ? 'Url' : 'MLSNumber', fields);
  }
  return null;
}

/** Marks the chatbot's listings changed, in the transaction that changed them (see ListingsCache). */
const bumpVersion = (tx: Tx, chatbot: string) =>
  tx
    .update(chatbots)
    .set({ listingsVersion: sql`${chatbots.listingsVersion} + 1` })
    .where(eq(chatbots.serialNumber, chatbot));

export async function createListing(db: Db, chatbot: string, fields: Fields, now: Date): Promise<string> {
  await assertUnique(db, chatbot, fields);
  const id = uuidv7({ msecs: now.getTime() });
  try {
    await db.transaction(async (tx) => {
      await tx.insert(listings).values({ id, chatbot, ...toColumns(fields), createdAt: now, updatedAt: now });
      await bumpVersion(tx, chatbot);
    });
  } catch (error) {
    throw uniqueViolation(error, fields) ?? error;
  }
  return id;
}

/**
 * Many new listings at once, in the caller's transaction — a seed, whose Urls and MLSNumbers are
 * unique by construction (a clash still meets the unique index and fails the whole batch): one
 * INSERT per 500 rows and one version bump, where createListing costs four statements a listing.
 * `createdAt(i)` dates the i-th.
 */
export async function createListings(
  tx: Tx,
  chatbot: string,
  all: Fields[],
  createdAt: (i: number) => Date,
): Promise<void> {
  for (let from = 0; from < all.length; from += 500) {
    const rows = all.slice(from, from + 500).map((fields, k) => {
      const at = createdAt(from + k);
      return { id: uuidv7({ msecs: at.getTime() }), chatbot, ...toColumns(fields), createdAt: at, updatedAt: at };
    });
    await tx.insert(listings).values(rows);
  }
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
      const updated = await tx
        .update(listings)
        .set({ ...toColumns(fields), updatedAt: now })
        .where(eq(listings.id, target.id))
        .returning({ id: listings.id });
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
      .returning({ id: listings.id });
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

const CACHED_CHATBOTS = 200;

/**
 * Every listing of a chatbot for the answer engines, read once per version of them: every change
 * bumps the chatbot's listings_version in its own transaction, and each question reads the chatbot
 * row anyway, so an instance knows when what it holds is out of date — other instances' changes
 * included. Holds the most recently used chatbots' listings. One per app (its context).
 */
export class ListingsCache {
  readonly #db: Db;
  readonly #held = new Map<string, { version: number; listings: Listing[] }>();

  constructor(db: Db) {
    this.#db = db;
  }

  async get(chatbot: { serialNumber: string; listingsVersion: number }): Promise<Listing[]> {
    const hit = this.#held.get(chatbot.serialNumber);
    this.#held.delete(chatbot.serialNumber);
    if (hit && hit.version === chatbot.listingsVersion) {
      this.#held.set(chatbot.serialNumber, hit);
      return hit.listings;
    }
    const fresh = { version: chatbot.listingsVersion, listings: await allListings(this.#db, chatbot.serialNumber) };
    this.#held.set(chatbot.serialNumber, fresh);
    if (this.#held.size > CACHED_CHATBOTS) this.#held.delete(this.#held.keys().next().value!);
    return fresh.listings;
  }
}

/** Every listing of a chatbot, for the answer engines. */
export async function allListings(db: Db, chatbot: string): Promise<Listing[]> {
  return (
    await db
      .select()
      .from(listings)
      .where(eq(listings.chatbot, chatbot))
      .orderBy(asc(listings.createdAt), asc(listings.id))
  ).map(toListing);
}
