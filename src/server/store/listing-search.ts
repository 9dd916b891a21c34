/**
 * The answer engines' search of a chatbot's listings, answered by the database (the Catalog of
 * engines/search/catalog.ts): the criteria the listing fields answer become a WHERE over the keys
 * the engines worked out when each listing was written (engines/search/listing-keys.ts) — indexed
 * by chatbot, city, sale type and price — and counts, price ranges, a window in the order asked for
 * and what the suggestions need are each one statement: no listing is read into the process but
 * those an answer shows (a search matching many still has the database go through its matches). A
 * one-word feature ("a pool") is a few whole words looked up by an index of each listing's
 * (engines/reading/features.ts `wordForms`), or a pattern (`holdsPattern`); a phrase's words in one
 * sentence are checked by the engines' own matching among the few that hold them all — so a search
 * finds here exactly what it finds in memory.
 */
import { and, asc, eq, inArray, isNotNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Listing } from '../../protocol/index.ts';
import type { Criteria, Range, SortKey } from '../engines/reading/criteria.ts';
import { holdsPattern, mentions, wordForms, type Feature } from '../engines/reading/features.ts';
import { vocabularyOfTerms, type Vocabulary } from '../engines/reading/places.ts';
import { LOOKUP_MAX, type Catalog, type Outcome, type SaleType, type Spread } from '../engines/search/catalog.ts';
import type { Db } from './db.ts';
import { toListing } from './listings.ts';
import { listings, listingTerms } from './schema.ts';

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
function meetsSql(chatbot: string, c: Criteria): SQL {
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
  'bedrooms-asc': [sql`${listings.bedrooms} asc`],
  'bathrooms-desc': [sql`${listings.bathrooms} desc`],
  'newest-listed': [sql`${listings.daysOnMarket} asc`],
  'hoa-asc': [sql`coalesce(${listings.hoaMonth}, 0) asc`],
};
/** match.ts's `ordered`, as an ORDER BY. */
const orderSql = (sort?: SortKey): SQL[] => (sort ? [...KEYS[sort], ...BY_DEFAULT] : BY_DEFAULT);

/** LIKE's pattern for text holding `word`. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
/**
 * Listings whose words hold the term as features.ts `holds` reads it: a term of word characters is
 * one of a few whole words, looked up by the index of each listing's (`wordForms`); any other, the
 * trigrams find those that hold its letters and its pattern (`holdsPattern`) those that hold it.
 */
function holdingWord(term: string): SQL {
  const forms = wordForms(term);
  return forms
    ? sql`${listings.wholeWords} && array[${sql.join(
        forms.map((f) => sql`${f}`),
        sql`, `,
      )}]::text[]`
    : sql`(${listings.words} like ${containing(term)} and ${listings.words} ~ ${holdsPattern(term)})`;
}
/**
 * Listings whose words hold every term: a superset of those that mention a feature (all its terms
 * in one sentence). A term of word characters among their whole words; any other, by its letters.
 */
const holdingAll = (terms: readonly string[]) =>
  and(...terms.map((t) => (wordForms(t) ? holdingWord(t) : sql`${listings.words} like ${containing(t)}`)))!;

const FEATURE_PAGE = 200;

/** How many listings' words the reading goes through between two turns of the event loop (~10–20 ms of work). */
const MENTIONS_PER_TURN = 1000;

/** Those of `listings` that `keep`, the event loop given a turn every MENTIONS_PER_TURN. */
async function filterInTurns(listings: Listing[], keep: (l: Listing) => boolean): Promise<Listing[]> {
  const out: Listing[] = [];
  for (let at = 0; at < listings.length; at += MENTIONS_PER_TURN) {
    if (at) await new Promise(setImmediate);
    for (const l of listings.slice(at, at + MENTIONS_PER_TURN)) if (keep(l)) out.push(l);
  }
  return out;
}

/** A chatbot's vocabulary, from the terms its listings name (counted per change: store/listings.ts). */
export async function readVocabulary(db: Db, chatbot: string): Promise<Vocabulary> {
  return vocabularyOfTerms(await termsOfChatbot(db, chatbot));
}

const termsOfChatbot = (db: Db, chatbot: string) =>
  db
    .select({ kind: listingTerms.kind, value: listingTerms.value })
    .from(listingTerms)
    .where(eq(listingTerms.chatbot, chatbot));

/** A search's matches as a WHERE, and how its features fared. */
interface Narrowed {
  where: SQL;
  mentioned: Feature[];
  unknown: Feature[];
}

/** A search's matches of one sale type, counted in one pass. */
interface Group {
  saleType: SaleType;
  count: number;
  priced: number;
  min: number | null;
  max: number | null;
  lowestCurrency: string;
  highestCurrency: string;
  /** How many have 3 bedrooms or more; fewer. */
  three: number;
  fewer: number;
}

/** The listing order: as created, then by Id (code unit). */
const LISTED = [asc(listings.createdAt), sql`${listings.id} collate "C"`];

/** The catalog of a chatbot's listings in the database; `vocabulary`, what readVocabulary gave for their present version. */
export function databaseCatalog(db: Db, chatbot: string, vocabulary: Vocabulary): Catalog {
  const mine = eq(listings.chatbot, chatbot);

  /**
   * Whether any of the chatbot's listings mentions the feature (features.ts's `mentioning` finds
   * some): one word, or a phrase's last, the database reads as the engines do; a phrase's words in one
   * sentence, the engines read among those that hold them all, a page at a time, until one does.
   */
  async function anyMentions(f: Feature): Promise<boolean> {
    const any = async (where: SQL) =>
      (await db.select({ id: listings.id }).from(listings).where(and(mine, where)).limit(1)).length > 0;
    if (f.terms.length === 1) return any(holdingWord(f.terms[0]!));
    for (let after = ''; ;) {
      const rows = await db
        .select({ id: listings.id, Description: listings.description, ExtensionColumn: listings.extensionColumn })
        .from(listings)
        .where(and(mine, holdingAll(f.terms), sql`${listings.id} > ${after}`))
        .orderBy(asc(listings.id))
        .limit(FEATURE_PAGE);
      if (rows.some((row) => mentions(row as unknown as Listing, f))) return true;
      if (rows.length < FEATURE_PAGE) break;
      after = rows.at(-1)!.id;
    }
    return any(holdingWord(f.terms.at(-1)!));
  }

  /**
   * What a search's matches are, as a WHERE: the criteria the fields answer and, for each feature
   * some listing mentions in turn, those of the matches so far that mention it — or, none doing, its
   * last word (features.ts `mentioning`). A word the database finds as the engines would; a phrase's
   * words in one sentence, the engines find among the few that hold them all. Features no listing
   * mentions are set aside (to be said), as in memory. Worked out once per criteria of a catalog (a
   * question asks for the same search's count, window and suggestions).
   */
  const narrowedBy = new Map<Criteria, Promise<Narrowed>>();
  function narrowed(c: Criteria): Promise<Narrowed> {
    let known = narrowedBy.get(c);
    if (!known) {
      known = narrow(c);
      narrowedBy.set(c, known);
    }
    return known;
  }
  async function narrow(c: Criteria): Promise<Narrowed> {
    if (c.unknownPlaces.length) return { where: sql`false`, mentioned: [], unknown: [] };
    const mentioned: Feature[] = [],
      unknown: Feature[] = [];
    for (const f of c.features) ((await anyMentions(f)) ? mentioned : unknown).push(f);
    let where = meetsSql(chatbot, c);
    for (const f of mentioned)
      where = f.terms.length === 1 ? and(where, holdingWord(f.terms[0]!))! : await phrase(where, f);
    return { where, mentioned, unknown };
  }

  /** Those of the matches `where` gives that mention the feature's words in one sentence, or (none do) its last word. */
  async function phrase(where: SQL, f: Feature): Promise<SQL> {
    const holding = and(where, holdingAll(f.terms))!;
    const rows = await db
      .select({ Id: listings.id, Description: listings.description, ExtensionColumn: listings.extensionColumn })
      .from(listings)
      .where(holding);
    const found = await filterInTurns(rows as unknown as Listing[], (l) => mentions(l, f));
    if (!found.length) return and(where, holdingWord(f.terms.at(-1)!))!;
    // Those that hold the words less those the reading turned down ("pool" and "view" in two sentences),
    // or those it kept: the shorter list of ids goes into the WHERE (thousands cost more than the scan).
    const kept = new Set(found.map((l) => l.Id));
    const refused = rows.filter((r) => !kept.has(r.Id)).map((r) => r.Id);
    return refused.length < kept.size
      ? and(holding, refused.length ? not(inArray(listings.id, refused)) : undefined)!
      : and(where, inArray(listings.id, [...kept]))!;
  }

  /** How the matches spread per sale type: counts and prices in one pass; each type's currency from its first in order. */
  /** The matches per sale type, in one pass: how many, their prices and currencies, their bedrooms — once per criteria. */
  const groupsBy = new Map<Criteria, Promise<Group[]>>();
  function groupsOf(c: Criteria): Promise<Group[]> {
    let known = groupsBy.get(c);
    if (!known) {
      known = narrowed(c).then(({ where }) =>
        db
          .select({
            saleType: sql<SaleType>`${listings.saleType}`,
            count: sql<number>`count(*)::int`,
            priced: sql<number>`count(${listings.price})::int`,
            min: sql<number | null>`min(${listings.price})`,
            max: sql<number | null>`max(${listings.price})`,
            lowestCurrency: sql<string>`min(${listings.currencySymbol} collate "C")`,
            highestCurrency: sql<string>`max(${listings.currencySymbol} collate "C")`,
            three: sql<number>`(count(*) filter (where ${listings.bedrooms} >= 3))::int`,
            fewer: sql<number>`(count(*) filter (where ${listings.bedrooms} < 3))::int`,
          })
          .from(listings)
          .where(where)
          .groupBy(listings.saleType),
      );
      groupsBy.set(c, known);
    }
    return known;
  }

  /** How the matches spread per sale type; each type's currency, its first's in order. */
  async function spread(c: Criteria, where: SQL, order: SQL[]): Promise<Partial<Record<SaleType, Spread>>> {
    const out: Partial<Record<SaleType, Spread>> = {};
    await Promise.all(
      (await groupsOf(c)).map(async (g) => {
        // One currency among them (as a chatbot's listings mostly are): it is the first's; else the first in order is read.
        const [first] =
          g.lowestCurrency === g.highestCurrency
            ? [{ currency: g.lowestCurrency }]
            : await db
                .select({ currency: listings.currencySymbol })
                .from(listings)
                .where(and(where, eq(listings.saleType, g.saleType)))
                .orderBy(...order)
                .limit(1);
        out[g.saleType] = {
          count: g.count,
          priced: g.priced,
          min: g.min === null ? null : Number(g.min),
          max: g.max === null ? null : Number(g.max),
          currency: first?.currency ?? '',
        };
      }),
    );
    return out;
  }

  const windowOf = async (where: SQL, order: SQL[], from: number, count: number) =>
    count > 0
      ? (
          await db
            .select()
            .from(listings)
            .where(where)
            .orderBy(...order)
            .limit(count)
            .offset(from)
        ).map(toListing)
      : [];

  /** The matches from the `from`-th on: all of them but the first `from` in order (few: what was shown before). */
  async function after(c: Criteria, from: number): Promise<SQL> {
    const { where } = await narrowed(c);
    if (from <= 0) return where;
    const before = await db
      .select({ id: listings.id })
      .from(listings)
      .where(where)
      .orderBy(...orderSql(c.sort))
      .limit(from);
    return before.length
      ? and(
          where,
          not(
            inArray(
              listings.id,
              before.map((r) => r.id),
            ),
          ),
        )!
      : where;
  }

  return {
    vocabulary,
    async lookup(names) {
      const pages = (names.pageKeys ?? []).filter(Boolean);
      const any = [
        names.ids.length ? inArray(listings.id, names.ids) : undefined,
        names.urls.length ? inArray(listings.url, names.urls) : undefined,
        names.mlsKeys.length ? and(inArray(listings.mlsKey, names.mlsKeys), sql`${listings.mlsKey} <> ''`) : undefined,
        names.houseNumbers.length
          ? and(inArray(listings.houseNumber, names.houseNumbers), sql`${listings.houseNumber} <> ''`)
          : undefined,
        pages.length ? inArray(listings.pageKey, pages) : undefined,
        names.urlKeys?.length ? inArray(listings.urlKey, names.urlKeys) : undefined,
        ...(names.addressStarts ?? []).map((start) => sql`${listings.addressKey} like ${`${start}%`}`),
      ].filter((x): x is SQL => x !== undefined);
      if (!any.length) return [];
      const rows = await db
        .select()
        .from(listings)
        .where(and(mine, or(...any)))
        .orderBy(...LISTED)
        .limit(LOOKUP_MAX);
      return rows.map(toListing);
    },
    async search(c, window): Promise<Outcome> {
      const { where, mentioned, unknown } = await narrowed(c);
      const order = orderSql(c.sort);
      const [spreadBy, rows] = await Promise.all([
        spread(c, where, order),
        windowOf(where, order, window.from, window.count),
      ]);
      return {
        total: Object.values(spreadBy).reduce((n, s) => n + s.count, 0),
        mentioned,
        unknown,
        spread: spreadBy,
        window: rows,
      };
    },
    async window(c, from, count) {
      return windowOf((await narrowed(c)).where, orderSql(c.sort), from, count);
    },
    async rest(c, from) {
      // All the matches: what the search's own pass counted.
      if (from <= 0) {
        const all = await groupsOf(c);
        return {
          count: all.reduce((n, g) => n + g.count, 0),
          threeBedrooms: all.some((g) => g.three > 0),
          fewerBedrooms: all.some((g) => g.fewer > 0),
          saleTypes: all.map((g) => g.saleType).sort(),
        };
      }
      const groups = await db
        .select({
          saleType: listings.saleType,
          count: sql<number>`count(*)::int`,
          three: sql<boolean>`bool_or(${listings.bedrooms} >= 3)`,
          fewer: sql<boolean>`bool_or(${listings.bedrooms} < 3)`,
        })
        .from(listings)
        .where(await after(c, from))
        .groupBy(listings.saleType);
      return {
        count: groups.reduce((n, g) => n + g.count, 0),
        threeBedrooms: groups.some((g) => g.three),
        fewerBedrooms: groups.some((g) => g.fewer),
        saleTypes: groups.map((g) => g.saleType as SaleType).sort(),
      };
    },
    async middle(c, from, saleType) {
      const where = and(await after(c, from), eq(listings.saleType, saleType), isNotNull(listings.price))!;
      const [counted] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(listings)
        .where(where);
      const n = counted?.n ?? 0;
      if (n < 4) return undefined;
      const [mid] = await db
        .select({ price: listings.price })
        .from(listings)
        .where(where)
        .orderBy(asc(listings.price))
        .limit(1)
        .offset(Math.floor(n / 2));
      return mid?.price ?? undefined;
    },
    mentioned: anyMentions,
    async any(c) {
      const [row] = await db.select({ id: listings.id }).from(listings).where(meetsSql(chatbot, c)).limit(1);
      return Boolean(row);
    },
    async candidates(c, cap) {
      return windowOf((await narrowed(c)).where, orderSql(c.sort), 0, cap);
    },
  };
}

/**
 * What a chatbot's held vocabulary is counted as, beyond its terms' text: the conversations read
 * with it (search/conversation.ts) and its searches remembered (MEMO_ENTRIES).
 */
const HELD_ALLOWANCE = 512 * 1024;
/** How many searches' answers are remembered per chatbot, for as long as its listings are unchanged. */
const MEMO_ENTRIES = 64;

/**
 * The catalog, remembering what it answered: a chatbot's listings are the same until their version
 * changes, and visitors ask the same searches again and again ("homes for sale", a suggestion chip)
 * — each answered once per version. The least recently asked go first past MEMO_ENTRIES.
 */
function remembering(catalog: Catalog, memo: Map<string, Promise<unknown>>): Catalog {
  const recall = <T>(key: string, ask: () => Promise<T>): Promise<T> => {
    const known = memo.get(key) as Promise<T> | undefined;
    if (known) {
      memo.delete(key);
      memo.set(key, known);
      return known;
    }
    const asked = ask();
    memo.set(key, asked);
    // A failed search is asked again next time, not remembered.
    asked.catch(() => memo.get(key) === asked && memo.delete(key));
    if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
    return asked;
  };
  // What a search is, for the catalog: names and corrections are the reading's, not the search's.
  const keyOf = (c: Criteria) =>
    JSON.stringify({ ...c, named: [], corrections: [] }, (_, v: unknown) =>
      typeof v === 'number' && !Number.isFinite(v) ? String(v) : v,
    );
  return {
    vocabulary: catalog.vocabulary,
    lookup: (names) => catalog.lookup(names),
    search: (c, w) => recall(`search ${w.from} ${w.count} ${keyOf(c)}`, () => catalog.search(c, w)),
    window: (c, from, count) => recall(`window ${from} ${count} ${keyOf(c)}`, () => catalog.window(c, from, count)),
    rest: (c, from) => recall(`rest ${from} ${keyOf(c)}`, () => catalog.rest(c, from)),
    middle: (c, from, type) => recall(`middle ${from} ${type} ${keyOf(c)}`, () => catalog.middle(c, from, type)),
    mentioned: (f) => recall(`mentioned ${JSON.stringify(f)}`, () => catalog.mentioned(f)),
    any: (c) => recall(`any ${keyOf(c)}`, () => catalog.any(c)),
    candidates: (c, cap) => recall(`candidates ${cap} ${keyOf(c)}`, () => catalog.candidates(c, cap)),
  };
}
/** The most the held vocabularies may come to, in all. */
export const HELD_BYTES = 64 * 1024 * 1024;

/**
 * The chatbots' catalogs for the answer engines. What is held per chatbot is its vocabulary (small,
 * whatever the number of listings), read again only when its listings changed: every change bumps
 * the chatbot's listings_version in its own transaction, and each question reads the chatbot row
 * anyway, so an instance knows when what it holds is out of date — other instances' changes
 * included. The least recently used go first past HELD_BYTES. One per app (its context).
 */
export class ListingCatalogs {
  readonly #db: Db;
  readonly #maxBytes: number;
  readonly #held = new Map<
    string,
    { version: number; vocabulary: Vocabulary; bytes: number; memo: Map<string, Promise<unknown>> }
  >();
  #bytes = 0;

  constructor(db: Db, maxBytes = HELD_BYTES) {
    this.#db = db;
    this.#maxBytes = maxBytes;
  }

  /** How many chatbots' vocabularies are held, and what they are counted as (the metrics, the benchmarks). */
  get held(): { chatbots: number; bytes: number } {
    return { chatbots: this.#held.size, bytes: this.#bytes };
  }

  async get(chatbot: { serialNumber: string; listingsVersion: number }): Promise<Catalog> {
    const serial = chatbot.serialNumber;
    const hit = this.#held.get(serial);
    if (hit) {
      this.#held.delete(serial);
      this.#bytes -= hit.bytes;
    }
    const entry =
      hit && hit.version === chatbot.listingsVersion
        ? hit
        : {
            version: chatbot.listingsVersion,
            ...(await this.#read(serial)),
            memo: new Map<string, Promise<unknown>>(),
          };
    // A newer version may have been put meanwhile by a question of the same chatbot: this one replaces it.
    const other = this.#held.get(serial);
    if (other) this.#bytes -= other.bytes;
    this.#held.set(serial, entry);
    this.#bytes += entry.bytes;
    while (this.#bytes > this.#maxBytes && this.#held.size > 1) {
      const [oldest, held] = this.#held.entries().next().value!;
      this.#held.delete(oldest);
      this.#bytes -= held.bytes;
    }
    return remembering(databaseCatalog(this.#db, serial, entry.vocabulary), entry.memo);
  }

  async #read(serial: string): Promise<{ vocabulary: Vocabulary; bytes: number }> {
    const terms = await termsOfChatbot(this.#db, serial);
    const bytes = terms.reduce((n, t) => n + 2 * t.value.length + 64, HELD_ALLOWANCE);
    return { vocabulary: vocabularyOfTerms(terms), bytes };
  }
}
