/**
 * The answer engines' search of a chatbot's listings, answered by the database (the Catalog of
 * engines/search/catalog.ts): the criteria the listing fields answer become a WHERE over the keys
 * the engines worked out when each listing was written (listing-keys.ts) — indexed by chatbot, city,
 * sale type and price — and counts, price ranges, a window in the order asked for and what the
 * suggestions need are each one statement; nothing reads every listing. A feature ("a pool") is
 * looked for by trigrams in the listings' words, and the few found are checked by the engines' own
 * matching, so a search finds here exactly what it finds in memory.
 */
import { and, asc, eq, inArray, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Listing } from '../../protocol/index.ts';
import type { Criteria, Range, SortKey } from '../engines/reading/criteria.ts';
import { mentioning, mentions, type Feature } from '../engines/reading/features.ts';
import {
  outcomeOf,
  type Catalog,
  type Outcome,
  type Rest,
  type SaleType,
  type Spread,
} from '../engines/search/catalog.ts';
import { ordered } from '../engines/search/match.ts';
import { rowsOf, type Db } from './db.ts';
import { toListing } from './listings.ts';
import { listings } from './schema.ts';

type Column = PgColumn;

/** A number as PostgreSQL compares it with any numeric column (an integer column against 2.5, or Infinity). */
const num = (v: number) => sql`${v}::float8`;

function within(column: SQL | Column, range: Range | undefined, nullable = false): SQL | undefined {
  if (!range) return undefined;
  return and(
    nullable ? isNotNull(column) : undefined,
    range.min === undefined ? undefined : sql`${column} >= ${num(range.min)}`,
    range.max === undefined ? undefined : sql`${column} <= ${num(range.max)}`,
  );
}

const oneOf = (column: Column, values: readonly string[]) => (values.length ? inArray(column, [...values]) : undefined);
const noneOf = (column: Column, values: readonly string[]) =>
  values.length ? not(inArray(column, [...values])) : undefined;
const lower = (values: readonly string[]) => values.map((v) => v.toLowerCase());

/** match.ts's `meets`, as a WHERE: the criteria the listing fields answer. */
export function meetsSql(chatbot: string, c: Criteria): SQL {
  const x = c.exclude;
  const l = listings;
  return and(
    eq(l.chatbot, chatbot),
    c.saleType ? eq(l.saleType, c.saleType) : undefined,
    c.statuses.length ? inArray(l.status, c.statuses) : sql`false`,
    oneOf(l.cityKey, lower(c.cities)),
    oneOf(l.stateKey, c.states),
    oneOf(l.zip, c.zips),
    oneOf(l.streetKey, c.streets),
    oneOf(l.propertyType, c.propertyTypes),
    within(l.price, c.price, true),
    within(l.bedrooms, c.bedrooms),
    within(l.bathrooms, c.bathrooms),
    within(l.sqft, c.area),
    within(l.yearBuilt, c.yearBuilt),
    c.tours.length ? and(sql`${l.tours} <> ''`, inArray(l.tours, c.tours)) : undefined,
    c.anyTour ? sql`${l.tours} <> ''` : undefined,
    c.minParking === undefined ? undefined : sql`${l.parkingSpots} >= ${num(c.minParking)}`,
    noneOf(l.cityKey, lower(x.cities)),
    noneOf(l.stateKey, x.states),
    noneOf(l.zip, x.zips),
    noneOf(l.propertyType, x.propertyTypes),
    noneOf(l.saleType, x.saleTypes),
    noneOf(l.status, x.statuses),
    x.studios ? sql`${l.bedrooms} <> 0` : undefined,
    x.hoa ? sql`coalesce(${l.hoaMonth}, 0) <= 0` : undefined,
  )!;
}

/** match.ts's default order: homes for sale before rentals, each cheapest first; then MLS number, then as listed. */
const BY_DEFAULT = [
  sql`(${listings.saleType} = 'for_rent')`,
  sql`${listings.price} asc nulls last`,
  sql`${listings.mlsNumber} collate "C"`,
  asc(listings.createdAt),
  sql`${listings.id} collate "C"`,
];
const RENT_LAST = BY_DEFAULT[0]!;
const KEYS: Record<SortKey, SQL[]> = {
  'price-asc': [RENT_LAST, sql`${listings.price} asc nulls last`],
  'price-desc': [RENT_LAST, sql`${listings.price} desc nulls last`],
  'area-desc': [sql`${listings.sqft} desc`],
  'area-asc': [sql`${listings.sqft} asc`],
  'year-desc': [sql`${listings.yearBuilt} desc`],
  'year-asc': [sql`${listings.yearBuilt} asc`],
  'bedrooms-desc': [sql`${listings.bedrooms} desc`],
  'bathrooms-desc': [sql`${listings.bathrooms} desc`],
  'newest-listed': [sql`${listings.daysOnMarket} asc`],
  'hoa-asc': [sql`coalesce(${listings.hoaMonth}, 0) asc`],
};
/** match.ts's `ordered`, as an ORDER BY. */
export const orderSql = (sort?: SortKey): SQL[] => (sort ? [...KEYS[sort], ...BY_DEFAULT] : BY_DEFAULT);

/** LIKE's pattern for text holding `word`. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
/** Listings whose words hold every term of the feature, or (a phrase) its last: a superset of those that mention it. */
function mayMention(f: Feature): SQL {
  const all = and(...f.terms.map((t) => sql`${listings.words} like ${containing(t)}`))!;
  return f.terms.length > 1 ? sql`(${all} or ${listings.words} like ${containing(f.terms.at(-1)!)})` : all;
}

const FEATURE_PAGE = 200;

export function databaseCatalog(db: Db, chatbot: string): Catalog {
  const mine = eq(listings.chatbot, chatbot);

  /** Whether any of the chatbot's listings mentions the feature (features.ts's `mentioning` finds some). */
  async function anyMentions(f: Feature): Promise<boolean> {
    for (const headOnly of f.terms.length > 1 ? [false, true] : [false]) {
      const terms = headOnly ? [f.terms.at(-1)!] : f.terms;
      const hold = and(mine, ...terms.map((t) => sql`${listings.words} like ${containing(t)}`));
      // Those whose words hold the terms, a page at a time, until one mentions the feature as the engines read it.
      for (let after = ''; ;) {
        const rows = await db
          .select({ id: listings.id, Description: listings.description, ExtensionColumn: listings.extensionColumn })
          .from(listings)
          .where(and(hold, sql`${listings.id} > ${after}`))
          .orderBy(asc(listings.id))
          .limit(FEATURE_PAGE);
        if (rows.some((row) => mentions(row as unknown as Listing, f, headOnly))) return true;
        if (rows.length < FEATURE_PAGE) break;
        after = rows.at(-1)!.id;
      }
    }
    return false;
  }

  /** A search with features: the few that meet the fields and may mention them, read and matched as in memory. */
  async function withFeatures(c: Criteria): Promise<{ listings: Listing[]; mentioned: Feature[]; unknown: Feature[] }> {
    const mentioned: Feature[] = [],
      unknown: Feature[] = [];
    for (const f of c.features) ((await anyMentions(f)) ? mentioned : unknown).push(f);
    const rows = await db
      .select()
      .from(listings)
      .where(and(meetsSql(chatbot, c), ...mentioned.map(mayMention)))
      .orderBy(asc(listings.createdAt), sql`${listings.id} collate "C"`);
    let found = rows.map(toListing);
    for (const f of mentioned) found = mentioning(found, f);
    return { listings: ordered(found, c.sort), mentioned, unknown };
  }

  async function spread(where: SQL, order: SQL[]): Promise<Partial<Record<SaleType, Spread>>> {
    const [groups, firsts] = await Promise.all([
      db
        .select({
          saleType: listings.saleType,
          count: sql<number>`count(*)::int`,
          priced: sql<number>`count(${listings.price})::int`,
          min: sql<number | null>`min(${listings.price})`,
          max: sql<number | null>`max(${listings.price})`,
        })
        .from(listings)
        .where(where)
        .groupBy(listings.saleType),
      db.execute(
        sql`select distinct on (${listings.saleType}) ${listings.saleType} as "saleType", ${listings.currencySymbol} as currency
            from ${listings} where ${where} order by ${listings.saleType}, ${sql.join(order, sql`, `)}`,
      ),
    ]);
    const currency = new Map(
      rowsOf<{ saleType: string; currency: string }>(firsts).map((r) => [r.saleType, r.currency]),
    );
    const out: Partial<Record<SaleType, Spread>> = {};
    for (const g of groups)
      out[g.saleType as SaleType] = {
        count: g.count,
        priced: g.priced,
        min: g.min === null ? null : Number(g.min),
        max: g.max === null ? null : Number(g.max),
        currency: currency.get(g.saleType) ?? '',
      };
    return out;
  }

  async function rest(where: SQL, order: SQL[], from: number): Promise<Rest> {
    const after = sql`(select ${listings.saleType} as sale_type, ${listings.price} as price, ${listings.bedrooms} as bedrooms
      from ${listings} where ${where} order by ${sql.join(order, sql`, `)} offset ${from}) as r`;
    const groups = rowsOf<{ sale_type: SaleType; n: number; priced: number; three: boolean; fewer: boolean }>(
      await db.execute(
        sql`select sale_type, count(*)::int as n, count(price)::int as priced, bool_or(bedrooms >= 3) as three,
            bool_or(bedrooms < 3) as fewer from ${after} group by sale_type order by sale_type`,
      ),
    );
    const middle: Partial<Record<SaleType, number>> = {};
    for (const g of groups) {
      if (g.priced < 4) continue;
      const [mid] = rowsOf<{ price: number }>(
        await db.execute(
          sql`select price from ${after} where sale_type = ${g.sale_type} and price is not null
              order by price offset ${Math.floor(g.priced / 2)} limit 1`,
        ),
      );
      if (mid) middle[g.sale_type] = Number(mid.price);
    }
    return {
      count: groups.reduce((n, g) => n + g.n, 0),
      threeBedrooms: groups.some((g) => g.three),
      fewerBedrooms: groups.some((g) => g.fewer),
      saleTypes: groups.map((g) => g.sale_type),
      middle,
    };
  }

  return {
    async search(c, window): Promise<Outcome> {
      if (c.unknownPlaces.length) return outcomeOf({ listings: [], mentioned: [], unknown: [] }, window);
      if (c.features.length) return outcomeOf(await withFeatures(c), window);
      const where = meetsSql(chatbot, c);
      const order = orderSql(c.sort);
      const [spreadBy, rows, after] = await Promise.all([
        spread(where, order),
        window.count > 0
          ? db
              .select()
              .from(listings)
              .where(where)
              .orderBy(...order)
              .limit(window.count)
              .offset(window.from)
          : Promise.resolve([]),
        rest(where, order, window.restFrom),
      ]);
      return {
        total: Object.values(spreadBy).reduce((n, s) => n + s.count, 0),
        mentioned: [],
        unknown: [],
        spread: spreadBy,
        window: rows.map(toListing),
        rest: after,
      };
    },
    async any(c) {
      const [row] = await db.select({ id: listings.id }).from(listings).where(meetsSql(chatbot, c)).limit(1);
      return Boolean(row);
    },
    async candidates(c, cap) {
      if (c.unknownPlaces.length) return [];
      if (c.features.length) return (await withFeatures(c)).listings.slice(0, cap);
      const rows = await db
        .select()
        .from(listings)
        .where(meetsSql(chatbot, c))
        .orderBy(...orderSql(c.sort))
        .limit(cap);
      return rows.map(toListing);
    },
  };
}
