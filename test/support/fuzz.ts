/**
 * The fuzzer's harness (test/server/http/fuzz.test.ts). A request body is a small description —
 * "the valid body with these edits", "this JSON value", "this text" — that fast-check can shrink
 * and print; it becomes bytes only when sent, against the serials and sessions of the running
 * service. `expectWellFormed` holds every answer to API.md §1.
 */
import fc from 'fast-check';
import { Value } from 'typebox/value';
import { expect } from 'vitest';
import {
  AREA_UNITS,
  KEY_TYPES,
  LISTING_STATUSES,
  Listing,
  OPERATIONS,
  SALE_TYPES,
  SPACE_TYPES,
  TOURS,
  maxYearBuilt,
  parseSse,
  Settings,
  type OperationName,
} from '../../src/protocol/index.ts';
import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../src/server/store/db.ts';
import * as schema from '../../src/server/store/schema.ts';
import { readContract } from './openapi.ts';

/**
 * Runs per property: `npm test` takes a sample — 50 on PGlite, 20 on the PostgreSQL pass, which
 * adds the second database's keeping of what the first already checked — a new one each run
 * unless FUZZ_SEED replays one; `npm run soak` sets FUZZ_RUNS=10000.
 */
export const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS) || (process.env.TEST_DB === 'postgres' ? 20 : 25));
export const fuzzOptions = (numRuns = RUNS): fc.Parameters<unknown> =>
  process.env.FUZZ_SEED ? { numRuns, seed: Number(process.env.FUZZ_SEED) } : { numRuns };
/** A test's time limit: room for the runs, and for shrinking a counterexample. */
export const timeoutFor = (numRuns = RUNS) => 60_000 + numRuns * 300;

/** JSON text written as is: numbers JSON.stringify cannot write (1e400, -0), deep nesting. */
export class RawJson {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return `raw(${this.text.length > 60 ? `${this.text.slice(0, 30)}…(${this.text.length} chars)` : this.text})`;
  }
}

/** A body as name–value pairs in order, so a name may be anything, `__proto__` and repeats included. */
export type Entries = [string, unknown][];
export type ContentType = 'application/json' | 'application/json; charset=utf-8' | 'text/plain' | null;

export type Edit =
  | { op: 'set'; field: string; value: unknown }
  | { op: 'delete'; field: string }
  | { op: 'recase'; field: string; as: string }
  | { op: 'unknown'; name: string; value: unknown }
  | { op: 'twice'; field: string; as: string }
  | { op: 'append'; field: string; suffix: string };

export type Payload =
  | { kind: 'edited'; edits: Edit[]; type: ContentType }
  | { kind: 'json'; value: unknown; type: ContentType }
  | { kind: 'text'; text: string; type: ContentType };

export function encode(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(encode).join(',')}]`;
  if (typeof value === 'object' && value !== null) return encodeEntries(Object.entries(value));
  return JSON.stringify(value) ?? 'null';
}
const encodeEntries = (entries: Entries) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${encode(v)}`).join(',')}}`;

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function applyEdits(base: Entries, edits: readonly Edit[]): Entries {
  let out = base.map(([k, v]): [string, unknown] => [k, v]);
  for (const edit of edits) {
    const at = 'field' in edit ? out.findIndex(([k]) => sameName(k, edit.field)) : -1;
    if (edit.op === 'set') {
      if (at >= 0) out[at] = [out[at]![0], edit.value];
      else out.push([edit.field, edit.value]);
    } else if (edit.op === 'delete') out = out.filter(([k]) => !sameName(k, edit.field));
    else if (edit.op === 'recase' && at >= 0) out[at] = [edit.as, out[at]![1]];
    else if (edit.op === 'twice' && at >= 0) out.push([edit.as, out[at]![1]]);
    else if (edit.op === 'append') {
      const value = at >= 0 ? out[at]![1] : undefined;
      const appended = typeof value === 'string' ? value + edit.suffix : edit.suffix;
      if (at >= 0) out[at] = [out[at]![0], appended];
      else out.push([edit.field, appended]);
    } else if (edit.op === 'unknown') out.push([edit.name, edit.value]);
  }
  return out;
}

export interface Sent {
  text: string;
  type: ContentType;
}

export function render(payload: Payload, base: Entries): Sent {
  const text =
    payload.kind === 'edited'
      ? encodeEntries(applyEdits(base, payload.edits))
      : payload.kind === 'json'
        ? encode(payload.value)
        : payload.text;
  return { text, type: payload.type };
}

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** Sends the bytes of the text as they are: no Content-Type unless one is given. */
export async function send(url: string, sent: Sent | null, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(url, {
    method: sent ? 'POST' : 'GET',
    headers: { ...headers, ...(sent?.type ? { 'Content-Type': sent.type } : {}) },
    body: sent ? new TextEncoder().encode(sent.text) : null,
  });
  return { status: res.status, contentType: res.headers.get('content-type') ?? '', text: await res.text() };
}

// ── Arbitraries ────────────────────────────────────────────────────────────────────────────

/** The property names an operation's schema knows. */
export function fieldsOf(name: OperationName): string[] {
  const body = OPERATIONS[name].body as { properties?: Record<string, unknown> } | null;
  return Object.keys(body?.properties ?? {});
}

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '\u202eevil',
  '💥',
  'e\u0301',
  '\r\n\t',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  'null',
  'true',
  '0x1F',
  "'; DROP TABLE listings; --",
  '%_\\',
  '<script>alert(1)</script>',
  '{"a":1}',
  '../../etc/passwd',
  'javascript:alert(1)',
  'https://',
  'http://x',
  'ftp://files.example.com/a',
);
/** Text a store or a parser may choke on: NUL, lone surrogates (also after a non-ASCII character), controls, a BOM, non-characters. */
const oddCharacter = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('\u0000', '\ud800', '\udfff', 'é\udfff', '\udc00\udc00') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '\u0001',
      '\u001b',
      '\u007f',
      '\u0085',
      '\u2028',
      '\ufeff',
      '\ufffe',
      '\uffff',
      '\u{10ffff}',
      '%00',
      '\\',
    ),
  },
);
// Lengths around the limits of API.md (64, 100, 255, 500, 1,000, 2,000, 5,000, 8,000, 20,000).
const longText = fc
  .tuple(
    fc.constantFrom(
      64,
      65,
      100,
      101,
      255,
      256,
      500,
      501,
      1_000,
      1_001,
      2_000,
      2_001,
      5_001,
      8_000,
      8_001,
      20_000,
      20_001,
      250_000,
    ),
    fc.constantFrom('x', 'é', '😀'),
  )
  .map(([n, ch]) => ch.repeat(n));
const nested = (depth: number) => new RawJson('['.repeat(depth) + ']'.repeat(depth));
const oddNumber = fc.oneof(
  fc.integer({ min: -(2 ** 31), max: -1 }),
  fc.constantFrom(
    0,
    1,
    0.5,
    1.5,
    2 ** 31 - 1,
    2 ** 31,
    2 ** 53,
    1e21,
    1e308,
    -1e308,
    5e-324,
    1599,
    1600,
    3000,
    90.000001,
    -180.5,
    1_001,
    100_001,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc
    .constantFrom('1e400', '-1e400', '-0', '1E2', '1.0', '123456789012345678901234567890', '-9007199254740993')
    .map((t) => new RawJson(t)),
);
const manyItems = fc
  .tuple(fc.constantFrom(2, 11, 51, 101, 1_000, 1_001), fc.boolean())
  .map(([n, urls]) => Array.from({ length: n }, (_, i) => (urls ? `https://img.example.com/${i}.jpg` : i + 1)));

/** Any value a field could be given: random JSON, wrong types, well-typed values outside their rule. */
export const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: longText },
  { weight: 3, arbitrary: oddNumber },
  { weight: 1, arbitrary: manyItems },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map(nested) },
);

const oddName = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    '',
    ' ',
    'Id',
    'CreatedAt',
    'Bedroom',
    'serialnumber ',
    'ẞerialNumber',
  ),
);

export function editArb(fields: readonly string[]): fc.Arbitrary<Edit> {
  const unknownField = fc.record({ op: fc.constant('unknown' as const), name: oddName, value: anyValue });
  if (fields.length === 0) return unknownField;
  const field = fc.constantFrom(...fields);
  const recased = field.chain((f) => fc.mixedCase(fc.constant(f)).map((as) => ({ field: f, as })));
  return fc.oneof(
    { weight: 5, arbitrary: fc.record({ op: fc.constant('set' as const), field, value: anyValue }) },
    { weight: 2, arbitrary: fc.record({ op: fc.constant('delete' as const), field }) },
    { weight: 2, arbitrary: recased.map((r) => ({ op: 'recase' as const, ...r })) },
    { weight: 1, arbitrary: recased.map((r) => ({ op: 'twice' as const, ...r })) },
    { weight: 1, arbitrary: unknownField },
    { weight: 3, arbitrary: appendArb(fields) },
  );
}

/** One field of the body with an odd character at its end (or set to it). */
const appendArb = (fields: readonly string[]): fc.Arbitrary<Edit> =>
  fc.record({ op: fc.constant('append' as const), field: fc.constantFrom(...fields), suffix: oddCharacter });

const contentType = fc.constantFrom<ContentType>(
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'text/plain',
  null,
);

/** Text that is mostly not JSON: random strings, broken JSON, BOMs, deep nesting, prototype keys. */
export const rawText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constantFrom(
    '',
    ' ',
    'null',
    'true',
    '1',
    '"x"',
    '[]',
    '[{}]',
    '{',
    '{"a":',
    '{}}',
    "{'a':1}",
    '{"a":1,}',
    'NaN',
    '\ufeff{}',
    'a=1&b=2',
    '<x/>',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1}{"b":2}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
  ),
  fc.integer({ min: 1, max: 100_000 }).map((d) => '['.repeat(d) + ']'.repeat(d)),
  fc.integer({ min: 1, max: 50_000 }).map((d) => '{"a":'.repeat(d) + '1' + '}'.repeat(d)),
);

/** The valid body edited (most often), any JSON value, or raw text. */
export function payloadArb(fields: readonly string[], minEdits = 1): fc.Arbitrary<Payload> {
  return fc.oneof(
    {
      weight: 6,
      arbitrary: fc.record({
        kind: fc.constant('edited' as const),
        edits: fc.array(editArb(fields), { minLength: minEdits, maxLength: 3 }),
        type: contentType,
      }),
    },
    ...(fields.length
      ? [
          {
            weight: 3,
            arbitrary: appendArb(fields).map((edit): Payload => ({
              kind: 'edited',
              edits: [edit],
              type: 'application/json',
            })),
          },
        ]
      : []),
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('json' as const),
        value: fc.jsonValue({ maxDepth: 3 }),
        type: contentType,
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('text' as const), text: rawText, type: contentType }) },
  );
}

/** Is this text JSON the way the service reads it (a leading BOM is not: docs/PROTOCOL.md)? */
export function isJsonText(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const poolIndex = fc.integer({ min: 0, max: 15 });
const listingUrl = fc.oneof(
  { weight: 5, arbitrary: poolIndex.map((i) => `https://homes.example.com/listing/${i}`) },
  { weight: 1, arbitrary: fc.webUrl({ validSchemes: ['http', 'https'] }) },
);
const text = (maxLength: number) =>
  fc.oneof(fc.string({ maxLength }), fc.string({ unit: 'grapheme', maxLength: Math.min(maxLength, 40) }));
const required = (maxLength: number) => fc.string({ minLength: 1, maxLength });
const amount = fc.double({ min: 0, noNaN: true, noDefaultInfinity: true });
const nullable = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });

/**
 * A listing that keeps every rule: MLSNumber and Url come mostly from a small pool, so that
 * duplicates (409) happen too.
 */
export const validListing: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.record({
      SaleType: fc.constantFrom(...SALE_TYPES),
      Status: fc.constantFrom(...LISTING_STATUSES),
      CurrencySymbol: required(10),
      PropertyType: required(100),
      Bedrooms: fc.integer({ min: 0, max: 1_000 }),
      Bathrooms: fc.double({ min: 0, max: 1_000, noNaN: true }),
      Url: listingUrl,
      MLSNumber: fc.oneof(
        { weight: 5, arbitrary: poolIndex.map((i) => `MLS-${i}`) },
        { weight: 1, arbitrary: required(64) },
      ),
      YearBuilt: fc.integer({ min: 1600, max: maxYearBuilt() }),
      DaysOnMarket: fc.integer({ min: 0, max: 100_000 }),
      LotArea: amount,
      BuildingArea: amount,
      AreaUnit: fc.constantFrom(...AREA_UNITS),
      ParkingSpots: fc.integer({ min: 0, max: 100_000 }),
    }),
    fc.record(
      {
        Images: nullable(fc.array(listingUrl, { maxLength: 3 })),
        Tours: nullable(fc.constantFrom('', ...TOURS)),
        Description: nullable(text(300)),
        ExtensionColumn: nullable(fc.array(fc.record({ Key: required(20), value: text(20) }), { maxLength: 3 })),
        Location: nullable(text(50)),
        Address: nullable(text(50)),
        City: nullable(text(50)),
        State: nullable(text(20)),
        ZIP: nullable(text(20)),
        Latitude: nullable(fc.double({ min: -90, max: 90, noNaN: true })),
        Longitude: nullable(fc.double({ min: -180, max: 180, noNaN: true })),
        SalePrice: nullable(amount),
        UnitAreaPrice: nullable(amount),
        HOAMonth: nullable(amount),
        EstimatePrice: nullable(amount),
        RentPrice: nullable(amount),
        SpaceType: nullable(fc.constantFrom('', ...SPACE_TYPES)),
        DepositFee: nullable(amount),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([req, opt]) => ({ ...req, ...opt }));

export const keyTypeArb = fc.constantFrom(...KEY_TYPES);
export const randomKey = fc.oneof(
  nasty,
  fc.string({ maxLength: 64 }),
  fc.string({ unit: 'binary', maxLength: 30 }),
  poolIndex.map((i) => `MLS-${i}`),
);

// ── Checks ─────────────────────────────────────────────────────────────────────────────────

const STATUSES = [200, 400, 401, 403, 404, 409, 413, 415, 429];

/** Internals a Message must never show, unless the request itself said them (a Message may quote it). */
const LEAKS = [
  /\n\s*at /,
  /\bat \S+ \(/,
  /\.(?:ts|js|mjs|cjs):\d+/,
  /node:internal/,
  /\bSELECT\b/,
  /\bINSERT\b/,
  /\bUPDATE\s+"/,
  /\bDELETE FROM\b/,
  /\brelation\b/,
  /syntax error at/,
  /Failed query/,
  /\bparams:/,
  /duplicate key/,
  /violates/,
  /\w+Error\b/,
];
export const leaks = (message: string, sent: string) =>
  LEAKS.map((p) => p.exec(message)?.[0]).filter((m): m is string => m !== undefined && !sent.includes(m));

export const PROTOTYPE_KEY = /"(?:__proto__|constructor)"\s*:/;

const show = (answer: Answer) => `HTTP ${answer.status} ${answer.contentType}: ${answer.text.slice(0, 600)}`;

/** /openapi.json, read as a tester reads it. */
export const contract = readContract();

/** The answer is one the document gives the operation: a status it lists, in the schema it gives that status. */
export function expectDocumented(name: OperationName, answer: Answer): void {
  expect(contract.answerErrors(name, answer), `not as /openapi.json says — ${show(answer)}`).toEqual([]);
}

/**
 * API.md §1 for any answer: never a 500; as /openapi.json documents it (a status it lists for
 * the operation, the envelope with Code = status and Success = (200), Data of the operation's
 * shape on success, null or the documented Data on failure); a Message that says what was wrong
 * and shows no internals. A stream ends in its final object or in an `event: error` that is not a 500.
 */
export function expectWellFormed(
  name: OperationName,
  answer: Answer,
  sent: string,
): { Data: unknown; Message: string } {
  expect(answer.status, show(answer)).not.toBe(500);
  expect(STATUSES, show(answer)).toContain(answer.status);
  expectDocumented(name, answer);
  if (answer.status === 200 && answer.contentType.startsWith('text/event-stream'))
    return expectSoundStream(answer, sent);
  expect(answer.contentType, show(answer)).toMatch(/^application\/json/);
  const envelope = JSON.parse(answer.text) as Record<string, unknown>;
  expect(Object.keys(envelope).sort(), show(answer)).toEqual(['Code', 'Data', 'Message', 'Success', 'Version']);
  expect(envelope, show(answer)).toMatchObject({
    Version: '1.0.0',
    Code: answer.status,
    Success: answer.status === 200,
  });
  const message = envelope.Message;
  if (typeof message !== 'string') throw new Error(`Message is not text: ${show(answer)}`);
  if (answer.status === 200) {
    expect(message, show(answer)).toBe('');
    const errors = Value.Errors(OPERATIONS[name].data, envelope.Data).slice(0, 3);
    expect(
      errors.map((e) => `${e.instancePath} ${e.message}`),
      show(answer),
    ).toEqual([]);
  } else {
    expect(message.trim(), show(answer)).not.toBe('');
    expect(leaks(message, sent), show(answer)).toEqual([]);
    if ([400, 413, 415].includes(answer.status))
      expect(message, `a Message naming the field or the body — ${show(answer)}`).toMatch(/"[^"]*"|\bbody\b|header/i);
    // Bodies that set __proto__ or constructor have their own test (fuzz.test.ts), so one defect fails one test.
    if (isJsonText(sent) && !PROTOTYPE_KEY.test(sent))
      expect(message, `JSON called not JSON — ${show(answer)}`).not.toMatch(/not valid JSON/i);
  }
  return { Data: envelope.Data, Message: message };
}

function expectSoundStream(answer: Answer, sent: string): { Data: unknown; Message: string } {
  const events = parseSse(answer.text);
  const last = events.at(-1);
  if (!last) throw new Error(`an empty stream: ${show(answer)}`);
  const payload = JSON.parse(last.data) as Record<string, unknown>;
  if (last.event === 'error') {
    expect(payload.Code, show(answer)).not.toBe(500);
    expect(leaks(String(payload.Message), sent), show(answer)).toEqual([]);
  } else {
    const fragments = events.slice(0, -1).map((e) => (JSON.parse(e.data) as { content: string }).content);
    expect(fragments.join(''), show(answer)).toBe(payload.Answer);
  }
  return { Data: payload, Message: '' };
}

/** Every listing complete and valid, Ids, MLSNumbers and Urls each unique within the chatbot. */
export function expectSoundListings(items: readonly unknown[]): Listing[] {
  for (const item of items) {
    const errors = Value.Errors(Listing, item).slice(0, 3);
    expect(
      errors.map((e) => `${e.instancePath} ${e.message}`),
      `a half-written listing: ${JSON.stringify(item).slice(0, 600)}`,
    ).toEqual([]);
  }
  const listings = items as Listing[];
  for (const field of ['Id', 'MLSNumber', 'Url'] as const) {
    const values = listings.map((l) => l[field]);
    expect(
      values.filter((v, i) => values.indexOf(v) !== i),
      `${field} repeated within the chatbot`,
    ).toEqual([]);
  }
  return listings;
}

// ── What a listing write should leave ─────────────────────────────────────────────────────

const LISTING_FIELDS = Object.keys(Listing.properties).filter((f) => !['Id', 'CreatedAt', 'UpdatedAt'].includes(f));
const NUMBERS_OR_NULL = new Set([
  'Latitude',
  'Longitude',
  'SalePrice',
  'UnitAreaPrice',
  'HOAMonth',
  'EstimatePrice',
  'RentPrice',
  'DepositFee',
]);
const LISTS = new Set(['Images', 'ExtensionColumn']);
// Text as the service keeps it: a leading byte-order mark is dropped (docs/PROTOCOL.md); a lone
// surrogate never gets this far (it is a 400), but U+FFFD would be what any store keeps.
const wellFormed = (v: unknown): unknown =>
  typeof v === 'string'
    ? v
        .replace(/^\ufeff+/, '')
        .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    : Array.isArray(v)
      ? v.map(wellFormed)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, wellFormed(x)]))
        : v;

/** A body's properties under their canonical names (matched case-insensitively, API.md §1). */
export function canonical(body: unknown, names: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof body !== 'object' || body === null) return out;
  for (const [k, v] of Object.entries(body)) {
    const name = names.find((n) => sameName(n, k));
    if (name) out[name] = v;
  }
  return out;
}

/** The listing's fields as a successful create or update must store them (an omitted optional field is empty). */
export function expectedFields(sentText: string): Record<string, unknown> {
  const given = canonical(JSON.parse(sentText), LISTING_FIELDS);
  if (Array.isArray(given.ExtensionColumn))
    given.ExtensionColumn = given.ExtensionColumn.map((item) => canonical(item, ['Key', 'value']));
  const empty = (f: string) => (NUMBERS_OR_NULL.has(f) ? null : LISTS.has(f) ? [] : '');
  // The service stores -0 as 0 (no price or area is negative zero, and the databases read -0 back differently).
  const zero = (v: unknown) => (Object.is(v, -0) ? 0 : v);
  return Object.fromEntries(LISTING_FIELDS.map((f) => [f, zero(wellFormed(given[f] ?? empty(f)))]));
}

export const storedFields = (listing: Listing): Record<string, unknown> =>
  Object.fromEntries(LISTING_FIELDS.map((f) => [f, (listing as Record<string, unknown>)[f]]));

// ── What the database must hold after any request ─────────────────────────────────────────

/** Rows that break an invariant, counted by the database (cheap however much the fuzz stored). */
const BROKEN = {
  'an answer without a question of its own session': sql`SELECT count(*)::int FROM messages a LEFT JOIN messages q ON q.id = a.question_id AND q.role = 'question' AND q.session_id = a.session_id WHERE a.role = 'answer' AND q.id IS NULL`,
  'an answer still streaming after its request was answered': sql`SELECT count(*)::int FROM messages WHERE role = 'answer' AND status = 'streaming'`,
  'a question answered twice': sql`SELECT count(*)::int FROM (SELECT question_id FROM messages WHERE role = 'answer' GROUP BY question_id HAVING count(*) > 1) d`,
  'a clientMessageId stored twice in a session': sql`SELECT count(*)::int FROM (SELECT 1 FROM messages WHERE role = 'question' AND client_message_id IS NOT NULL GROUP BY session_id, client_message_id HAVING count(*) > 1) d`,
  'a session of a chatbot that does not exist': sql`SELECT count(*)::int FROM sessions s LEFT JOIN chatbots c ON c.serial_number = s.chatbot WHERE c.serial_number IS NULL`,
  'an MLSNumber or Url twice in a chatbot': sql`SELECT count(*)::int FROM (SELECT 1 FROM listings GROUP BY chatbot, mls_number HAVING count(*) > 1 UNION ALL SELECT 1 FROM listings GROUP BY chatbot, url HAVING count(*) > 1) d`,
  'a checked file without its kind, type or size': sql`SELECT count(*)::int FROM files WHERE status = 'checked' AND (kind NOT IN ('Image', 'Audio', 'Video') OR mime_type = '' OR size <= 0)`,
  'a negative count': sql`SELECT count(*)::int FROM monthly_counts WHERE count < 0`,
};
/** Every count of BROKEN in one statement (a round trip per invariant after each of ~1,500 cases cost ~28 s), as columns n0, n1, …. */
const BROKEN_COUNTS = sql.join(
  Object.values(BROKEN).map((query, i) => sql`(${query}) AS ${sql.raw(`n${i}`)}`),
  sql`, `,
);

/**
 * The service's invariants, read from its database after a request was answered: the counts of
 * BROKEN are all 0, and the settings of the chatbots the request could have touched are valid.
 */
export async function expectSoundDatabase(db: Db, touched: readonly string[] = []): Promise<void> {
  const [counts] = rowsOf<Record<string, number>>(await db.execute(sql`SELECT ${BROKEN_COUNTS}`));
  const found = Object.fromEntries(
    Object.keys(BROKEN)
      .map((what, i) => [what, Number(counts?.[`n${i}`] ?? 0)])
      .filter(([, n]) => n !== 0),
  );
  expect(found, 'rows that break an invariant').toEqual({});
  if (!touched.length) return;
  for (const b of await db
    .select()
    .from(schema.chatbots)
    .where(inArray(schema.chatbots.serialNumber, [...touched]))) {
    const errors = [...Value.Errors(Settings, b.settings)].slice(0, 3).map((e) => `${e.instancePath} ${e.message}`);
    expect(errors, `the settings of ${b.serialNumber}`).toEqual([]);
  }
}
