/**
 * Property-based fuzzing of every operation's request body against the real reference service
 * (API.md §1, §3.6): never a 500, always the envelope with a Message that names what was wrong
 * and shows no internals, listing writes that are all or nothing, and after every case a database
 * that keeps its invariants (expectSoundDatabase); every answer as /openapi.json documents it, and
 * bodies drawn from that document, as a schema-driven tester draws them, judged as it says, its
 * links followed. FUZZ_RUNS sets the runs per property (soak: 10000); a failure prints
 * fast-check's seed, which FUZZ_SEED replays.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, checkBody, type Listing, type OperationName } from '../../../src/protocol/index.ts';
import {
  canonical,
  expectWellFormed,
  expectSoundDatabase,
  expectSoundListings,
  expectedFields,
  fieldsOf,
  fuzzOptions,
  isJsonText,
  keyTypeArb,
  payloadArb,
  RUNS,
  randomKey,
  rawText,
  render,
  send,
  storedFields,
  timeoutFor,
  validListing,
  type Answer,
  type Entries,
  type Sent,
} from '../../support/fuzz.ts';
import { readContract, ruleInWords, type Contract, type Json } from '../../support/openapi.ts';
import { SERIAL, validBodies, type GetOperation } from '../../support/samples.ts';
import { bodyOf } from '../../support/schema-arbitrary.ts';
import { startService, type TestService } from '../../support/service.ts';

type BodyOperation = Exclude<OperationName, GetOperation>;
type Who = 'apiKey' | 'visitor' | 'none';
type KeyType = 'NewOaks' | 'MLSNumber' | 'URL';

/** Fuzzed one property each; the three listing writes have their own properties, which also read the listings back. */
const FUZZED_ALONE = [
  'Add',
  'Edit',
  'GetSession',
  'Get',
  'ClientAsk',
  'TalkToHuman',
  'RealEstateList',
  'RealEstateGet',
  'GetPreUploadUrl',
  'UploadSuccess',
  'SessionKey',
] as const;
const POSTS = Object.keys(validBodies) as BodyOperation[];
/** Who calls each operation in the fuzz: visitors too where a visitor token is accepted, nobody where the visitor flow is open. */
const CALLERS: Partial<Record<OperationName, Who[]>> = {
  ClientAsk: ['apiKey', 'visitor'],
  TalkToHuman: ['apiKey', 'visitor'],
  GetPreUploadUrl: ['apiKey', 'visitor'],
  Get: ['apiKey', 'none'],
  GetSession: ['apiKey', 'none'],
};
const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6,
  0, 0, 0,
]);
const MiB = 1_048_576;

let service: TestService;
/** Read by most operations; holds the sample listing. */
let reads: string;
/** The chatbot Edit fuzzes, so that its settings touch nobody else. */
let edited: string;
/** The chatbot the listing writes fuzz. */
let writes: string;
let ownerSession: number;
let visitor: { sessionId: number; token: string };
let fileId: string;
let seeded = 0;

beforeAll(async () => {
  service = await startService({ own: true });
  [reads, edited, writes] = [await service.newChatbot(), await service.newChatbot(), await service.newChatbot()];
  await service.owner.realEstateCreate({ ...validBodies.RealEstateCreate, SerialNumber: reads });
  ownerSession = (await service.owner.getSession({ serialNumber: reads })).SessionID;
  visitor = await service.visitor(reads);
  const { FileStoreId, PreUploadUrl } = await service.owner.getPreUploadUrl({ fileName: 'pixel.png' });
  await service.owner.upload(PreUploadUrl, PNG);
  fileId = (await service.owner.uploadSuccess({ FileStoreId })).FileStoreId;
}, 60_000);
afterAll(() => service.close());

const url = (name: OperationName) => `${service.origin}${OPERATIONS[name].path}`;
const headers = (who: Who): Record<string, string> =>
  who === 'apiKey' ? { Authorization: service.apiKey } : who === 'visitor' ? { Authorization: visitor.token } : {};
const post = (name: OperationName, sent: Sent, who: Who = 'apiKey') => send(url(name), sent, headers(who));
const json = (value: unknown): Sent => ({ text: JSON.stringify(value), type: 'application/json' });

/** The sample body of the operation, pointed at this service's chatbots, sessions and file. */
function baseFor(name: BodyOperation, who: Who): Entries {
  return Object.entries(validBodies[name]).map(([k, v]): [string, unknown] => {
    if (v === SERIAL) return [k, name === 'Edit' ? edited : reads];
    if (k === 'sessionID') return [k, who === 'visitor' ? visitor.sessionId : ownerSession];
    if (k === 'FileStoreId') return [k, fileId];
    return [k, v];
  });
}

const expectNonJsonRefused = (sent: Sent, answer: Answer) => {
  if (!isJsonText(sent.text))
    expect(answer.status, `not JSON, yet HTTP ${answer.status}: ${answer.text.slice(0, 300)}`).toBe(400);
};

describe('any request body', () => {
  for (const name of FUZZED_ALONE) {
    it(`${name} answers every body with the envelope, never a 500`, { timeout: timeoutFor() }, async () => {
      const callers = fc.constantFrom(...(CALLERS[name] ?? ['apiKey']));
      await fc.assert(
        fc.asyncProperty(payloadArb(fieldsOf(name)), callers, async (payload, who) => {
          const sent = render(payload, baseFor(name, who));
          const answer = await post(name, sent, who);
          const { Data } = expectWellFormed(name, answer, sent.text);
          expectNonJsonRefused(sent, answer);
          const created =
            name === 'Add' && answer.status === 200 ? [(Data as { SerialNumber: string }).SerialNumber] : [];
          await expectSoundDatabase(service.db, [edited, reads, ...created]);
        }),
        fuzzOptions(),
      );
    });
  }

  it('is read the same whatever the casing of its property names', { timeout: timeoutFor() }, async () => {
    const recased = fc
      .constantFrom(...FUZZED_ALONE)
      .chain((name) =>
        fc.tuple(
          fc.constant(name),
          fc.tuple(...Object.keys(validBodies[name]).map((k) => fc.mixedCase(fc.constant(k)))),
        ),
      );
    await fc.assert(
      fc.asyncProperty(recased, async ([name, names]) => {
        const sent = render(
          { kind: 'edited', edits: [], type: 'application/json' },
          baseFor(name, 'apiKey').map(([, v], i) => [names[i]!, v]),
        );
        const answer = await post(name, sent);
        expectWellFormed(name, answer, sent.text);
        expect(answer.status, answer.text).toBe(200);
      }),
      fuzzOptions(),
    );
  });
});

describe('bodies that are not JSON objects', () => {
  it('are a 400 naming the body, with a JSON Content-Type or none', { timeout: timeoutFor() }, async () => {
    const type = fc.constantFrom<Sent['type']>('application/json', null);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), rawText, type, async (name, text, contentType) => {
        const sent = { text, type: contentType };
        const answer = await post(name, sent);
        expectWellFormed(name, answer, text);
        expectNonJsonRefused(sent, answer);
        await expectSoundDatabase(service.db);
      }),
      fuzzOptions(),
    );
  });

  it('that set __proto__ or constructor.prototype are a 400 that says so', { timeout: timeoutFor() }, async () => {
    const polluting = fc.oneof(
      fc.jsonValue({ maxDepth: 1 }).map((v) => `{"__proto__":${JSON.stringify(v)}}`),
      fc.jsonValue({ maxDepth: 1 }).map((v) => `{"a":[{"__proto__":${JSON.stringify(v)}}]}`),
      fc.jsonValue({ maxDepth: 1 }).map((v) => `{"constructor":{"prototype":${JSON.stringify(v)}}}`),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), polluting, async (name, text) => {
        const answer = await post(name, { text, type: 'application/json' });
        const { Message } = expectWellFormed(name, answer, text);
        expect(answer.status).toBe(400);
        expect(Message).toMatch(/__proto__|constructor/);
      }),
      fuzzOptions(Math.ceil(RUNS / 4)),
    );
  });

  it('are a 413 one byte over 1 MB, and read at 1 MB exactly', { timeout: 60_000 }, async () => {
    const ofSize = (bytes: number): Sent => ({ text: `{"x":"${'a'.repeat(bytes - 8)}"}`, type: 'application/json' });
    for (const name of POSTS) {
      const over = await post(name, ofSize(MiB + 1));
      expectWellFormed(name, over, '');
      expect(over.status, `${name}: ${over.text}`).toBe(413);
      const limit = await post(name, ofSize(MiB));
      expectWellFormed(name, limit, '');
      expect(limit.status, `${name}: ${limit.text}`).toBe(400);
    }
  });
});

describe('credentials', () => {
  it('an unknown one is a 401 in the envelope, for every operation', { timeout: timeoutFor() }, async () => {
    const forged = fc
      .string({ maxLength: 43 })
      .map(
        (sig) =>
          `vt1.${Buffer.from(JSON.stringify({ c: reads, s: visitor.sessionId, e: 4_102_444_800 })).toString('base64url')}.${sig}`,
      );
    const junk = fc.oneof(
      fc.string({ minLength: 1, maxLength: 200 }),
      fc.constantFrom('Bearer x', 'vt1.', 'vt1.a.b', 'vt1.a.b.c', 'cbk_', 'cbs_', 'null'),
      forged,
    );
    const header = fc.constantFrom('Authorization', 'chatrobot-sessionkey');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<OperationName>(...POSTS, 'ModelList', 'ChatEvents', 'ChatbotEvents'),
        junk,
        header,
        async (name, value, headerName) => {
          const sent =
            name === 'ModelList' || name === 'ChatEvents' || name === 'ChatbotEvents'
              ? null
              : render({ kind: 'edited', edits: [], type: 'application/json' }, baseFor(name, 'apiKey'));
          const answer = await send(url(name), sent, { [headerName]: value });
          expectWellFormed(name, answer, `${sent?.text ?? ''}${value}`);
          const held = headerName === 'Authorization' ? value.trim().replace(/^Bearer\s+/i, '') : value.trim();
          // An operation whose body's token is the credential reads no header: a junk one changes nothing.
          if ('bodyToken' in OPERATIONS[name]) expect(answer.status, answer.text).not.toBe(401);
          else if (held !== '' || !('visitorFlow' in OPERATIONS[name])) expect(answer.status, answer.text).toBe(401);
        },
      ),
      fuzzOptions(),
    );
  });

  it('ModelList answers any query string with the models', { timeout: timeoutFor() }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 100 }), async (query) => {
        const answer = await send(
          `${url('ModelList')}?${encodeURIComponent(query)}&${query.replace(/[#\s]/g, '')}`,
          null,
          headers('apiKey'),
        );
        expectWellFormed('ModelList', answer, query);
        expect(answer.status, answer.text).toBe(200);
      }),
      fuzzOptions(),
    );
  });
});

describe('listing writes', () => {
  const byId = (listings: readonly Listing[]) => [...listings].sort((a, b) => (a.Id < b.Id ? -1 : 1));
  const keyOf = (listing: Listing, by: KeyType) =>
    by === 'NewOaks' ? listing.Id : by === 'MLSNumber' ? listing.MLSNumber : listing.Url;

  /** Every listing of the chatbot, read back page by page; each one complete, valid and unique. */
  async function listings(): Promise<Listing[]> {
    const items: unknown[] = [];
    for (let page = 1; ; page++) {
      const sent = json({ SerialNumber: writes, Page: page, PageSize: 100 });
      const answer = await post('RealEstateList', sent);
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
      const { Items, Total } = (JSON.parse(answer.text) as { Data: { Items: unknown[]; Total: number } }).Data;
      items.push(...Items);
      expectSoundListings(Items);
      expectWellFormed('RealEstateList', answer, sent.text);
      if (Items.length === 0 || items.length >= Total) {
        expect(items.length, 'the pages hold Total listings').toBe(Total);
        return expectSoundListings(items);
      }
    }
  }

  /** The listings before a case: at least `min` of them, and not so many that reading them all is slow. */
  async function snapshot(min = 0): Promise<Listing[]> {
    let current = await listings();
    if (current.length > 150) {
      await post(
        'RealEstateDelete',
        json({ SerialNumber: writes, Keys: current.map((l) => l.Id), KeyType: 'NewOaks' }),
      );
      current = [];
    }
    while (current.length < min) {
      seeded += 1;
      const fields = {
        ...validBodies.RealEstateCreate,
        SerialNumber: writes,
        MLSNumber: `SEED-${seeded}`,
        Url: `https://seed.example.com/${seeded}`,
      };
      expect((await post('RealEstateCreate', json(fields))).status).toBe(200);
      current = await listings();
    }
    return current;
  }

  const expectUnchanged = (before: Listing[], after: Listing[], answer: Answer) =>
    expect(
      byId(after),
      `a failed write (HTTP ${answer.status}: ${answer.text.slice(0, 200)}) changed the listings`,
    ).toEqual(byId(before));

  it('RealEstateCreate stores exactly the listing sent, or changes nothing', { timeout: timeoutFor() }, async () => {
    await fc.assert(
      fc.asyncProperty(validListing, payloadArb(fieldsOf('RealEstateCreate'), 0), async (listing, payload) => {
        const before = await snapshot();
        const sent = render(payload, [['SerialNumber', writes], ...Object.entries(listing)]);
        const answer = await post('RealEstateCreate', sent);
        const { Data } = expectWellFormed('RealEstateCreate', answer, sent.text);
        expectNonJsonRefused(sent, answer);
        await expectSoundDatabase(service.db);
        const after = await listings();
        if (answer.status !== 200) {
          expectUnchanged(before, after, answer);
          return;
        }
        const created = after.find((l) => l.Id === Data);
        if (!created) throw new Error(`the created listing ${String(Data)} is not listed`);
        expect(byId(after.filter((l) => l !== created))).toEqual(byId(before));
        expect(storedFields(created)).toEqual(expectedFields(sent.text));
      }),
      fuzzOptions(),
    );
  });

  it('RealEstateUpdate replaces exactly the listing named, or changes nothing', { timeout: timeoutFor() }, async () => {
    const target = fc.oneof(
      fc.record({
        pick: fc.constant('existing' as const),
        index: fc.nat(),
        by: keyTypeArb,
        keepIdentity: fc.boolean(),
      }),
      fc.record({ pick: fc.constant('other' as const), key: randomKey, by: keyTypeArb }),
    );
    await fc.assert(
      fc.asyncProperty(
        target,
        validListing,
        payloadArb(fieldsOf('RealEstateUpdate'), 0),
        async (t, listing, payload) => {
          const before = await snapshot(3);
          const item = t.pick === 'existing' ? before[t.index % before.length]! : null;
          const fields =
            item && t.pick === 'existing' && t.keepIdentity
              ? { ...listing, MLSNumber: item.MLSNumber, Url: item.Url }
              : listing;
          const key = item ? keyOf(item, t.by) : t.pick === 'other' ? t.key : '';
          const sent = render(payload, [
            ['SerialNumber', writes],
            ['Key', key],
            ['KeyType', t.by],
            ...Object.entries(fields),
          ]);
          const answer = await post('RealEstateUpdate', sent);
          const { Data } = expectWellFormed('RealEstateUpdate', answer, sent.text);
          expectNonJsonRefused(sent, answer);
          await expectSoundDatabase(service.db);
          const after = await listings();
          if (answer.status !== 200) {
            expectUnchanged(before, after, answer);
            return;
          }
          expect(Data).toBe(1);
          const named = canonical(JSON.parse(sent.text), ['Key', 'KeyType']);
          const old = before.find((l) => keyOf(l, named.KeyType as KeyType) === named.Key);
          const updated = after.find((l) => l.Id === old?.Id);
          if (!old || !updated)
            throw new Error(`updated a listing that ${old ? 'is gone' : 'did not exist'}: ${JSON.stringify(named)}`);
          expect(updated.CreatedAt).toBe(old.CreatedAt);
          expect(byId(after.filter((l) => l !== updated))).toEqual(byId(before.filter((l) => l !== old)));
          expect(storedFields(updated)).toEqual(expectedFields(sent.text));
        },
      ),
      fuzzOptions(),
    );
  });

  it('RealEstateDelete removes exactly the listings named, or changes nothing', { timeout: timeoutFor() }, async () => {
    const key = fc.oneof(
      { weight: 2, arbitrary: fc.nat().map((index) => ({ pick: 'existing' as const, index })) },
      { weight: 1, arbitrary: randomKey.map((k) => ({ pick: 'other' as const, key: k })) },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(key, { minLength: 1, maxLength: 4 }),
        keyTypeArb,
        payloadArb(fieldsOf('RealEstateDelete'), 0),
        async (keys, by, payload) => {
          const before = await snapshot(4);
          const resolved = keys.map((k) =>
            k.pick === 'existing' ? keyOf(before[k.index % before.length]!, by) : k.key,
          );
          const sent = render(payload, [
            ['SerialNumber', writes],
            ['Keys', resolved],
            ['KeyType', by],
          ]);
          const answer = await post('RealEstateDelete', sent);
          const { Data } = expectWellFormed('RealEstateDelete', answer, sent.text);
          expectNonJsonRefused(sent, answer);
          await expectSoundDatabase(service.db);
          const after = await listings();
          if (answer.status !== 200) {
            expectUnchanged(before, after, answer);
            return;
          }
          const named = canonical(JSON.parse(sent.text), ['Keys', 'KeyType']);
          const keysSent = new Set(named.Keys as string[]);
          const removed = before.filter((l) => keysSent.has(keyOf(l, named.KeyType as KeyType)));
          expect(Data).toEqual({ SuccessCount: removed.length });
          expect(byId(after)).toEqual(byId(before.filter((l) => !removed.includes(l))));
        },
      ),
      fuzzOptions(),
    );
  });
});

describe('/openapi.json, as a schema-driven tester reads it', () => {
  let doc: Contract;
  beforeAll(async () => {
    doc = readContract((await (await fetch(`${service.origin}/openapi.json`)).json()) as Json);
  });

  it(
    'a body drawn from it is refused with a 400 when it says so, and otherwise only for a rule it gives in words',
    { timeout: timeoutFor() },
    async () => {
      const drawn = fc
        .constantFrom(...POSTS)
        .chain((name) => bodyOf(doc.bodySchema(name)).map((body) => [name, body] as const));
      await fc.assert(
        fc.asyncProperty(drawn, async ([name, body]) => {
          const sent = json(body);
          const answer = await post(name, sent);
          expectWellFormed(name, answer, sent.text);
          const refusals = doc.bodyErrors(name, body);
          const what = `${name} ${sent.text.slice(0, 300)} → HTTP ${answer.status} ${answer.text.slice(0, 300)}`;
          if (refusals.length)
            expect(answer.status, `the document refuses it (${refusals.join('; ')}): ${what}`).toBe(400);
          else if (answer.status === 400) {
            // Refused by the body check, it must be for a field whose rule the document gives in words;
            // by the handler (checkBody passes), for a rule about what the service holds (a model, a file).
            const checked = checkBody(OPERATIONS[name].body!, body);
            if (!checked.ok)
              expect(ruleInWords(doc.bodySchema(name), checked.field), `the document accepts it: ${what}`).toBe(true);
          }
        }),
        fuzzOptions(RUNS * 2),
      );
    },
  );

  it(
    'leads by its links from one answer to the next operations, each of which answers 200',
    { timeout: 60_000 },
    async () => {
      type Link = { operationId: string; parameters?: Json; requestBody?: Json };
      const linksOf = (name: string) => (doc.operation(name).responses['200']?.links ?? {}) as Record<string, Link>;
      const names = [...POSTS, 'ModelList', 'Upload'];
      const targets = new Set(names.flatMap((name) => Object.values(linksOf(name)).map((l) => l.operationId)));
      const roots = names.filter((name) => Object.keys(linksOf(name)).length > 0 && !targets.has(name));
      const chatbot = await service.newChatbot();
      const pointer = (value: unknown, path: string) =>
        path
          .split('/')
          .slice(1)
          .reduce<unknown>((at, key) => (typeof at === 'object' && at !== null ? (at as Json)[key] : undefined), value);
      /** A link's value: runtime expressions read from the answer and the request that led to it. */
      const evaluate = (value: unknown, from: { body: unknown; data: unknown }): unknown => {
        if (Array.isArray(value)) return value.map((v) => evaluate(v, from));
        if (typeof value === 'object' && value !== null)
          return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, evaluate(v, from)]));
        const m = typeof value === 'string' ? /^\$(request|response)\.body#(.*)$/.exec(value) : null;
        if (!m) return value;
        const read = pointer(m[1] === 'request' ? from.body : from.data, m[2]!);
        if (read === undefined) throw new Error(`${String(value)} reads nothing`);
        return read;
      };
      const followed: string[] = [];
      async function follow(name: string, body: unknown, answer: Answer): Promise<void> {
        expect(answer.status, `${followed.join(' → ')}: ${answer.text.slice(0, 300)}`).toBe(200);
        const from = { body, data: JSON.parse(answer.text) as unknown };
        for (const link of Object.values(linksOf(name))) {
          const target = link.operationId;
          followed.push(`${name} → ${target}`);
          if (target === 'Upload') {
            // The link carries the id; the token is in PreUploadUrl, as the link says in words.
            const { id } = evaluate(link.parameters, from) as { id: string };
            const token = new URL(String(pointer(from.data, '/Data/PreUploadUrl'))).searchParams.get('token');
            const res = await fetch(`${service.origin}/chat/File/Upload/${id}?token=${token}`, {
              method: 'PUT',
              body: PNG,
            });
            const put = {
              status: res.status,
              contentType: res.headers.get('content-type') ?? '',
              text: await res.text(),
            };
            expect(doc.answerErrors('Upload', put), put.text).toEqual([]);
            await follow(target, null, put);
            continue;
          }
          if (target === 'GetFile') {
            // The file's bytes, read with the API key that checked it: the end of the chain.
            const { id } = evaluate(link.parameters, from) as { id: string };
            const res = await fetch(`${service.origin}/chat/File/${id}`, { headers: headers('apiKey') });
            const read = {
              status: res.status,
              contentType: res.headers.get('content-type') ?? '',
              text: await res.text(),
            };
            expect(read.status, read.text.slice(0, 300)).toBe(200);
            expect(doc.answerErrors('GetFile', read)).toEqual([]);
            continue;
          }
          const next = {
            ...Object.fromEntries(sampleFor(target as BodyOperation, chatbot)),
            ...(evaluate(link.requestBody ?? {}, from) as Json),
          };
          const sent = json(next);
          const reply = await post(target as OperationName, sent);
          expectWellFormed(target as OperationName, reply, sent.text);
          await follow(target, next, reply);
        }
      }
      for (const root of roots as BodyOperation[]) {
        const body = Object.fromEntries(sampleFor(root, chatbot));
        const sent = json(body);
        await follow(root, body, await post(root, sent));
      }
      for (const needed of [
        'GetSession → ClientAsk',
        'GetPreUploadUrl → Upload',
        'Upload → UploadSuccess',
        'UploadSuccess → GetFile',
        'RealEstateCreate → RealEstateGet',
        'RealEstateCreate → RealEstateUpdate',
        'RealEstateCreate → RealEstateDelete',
      ])
        expect(followed).toContain(needed);
    },
  );
});

/** The sample body of the operation, on this chatbot. */
function sampleFor(name: BodyOperation, chatbot: string): Entries {
  return Object.entries(validBodies[name]).map(([k, v]): [string, unknown] => [
    k,
    v === SERIAL ? chatbot : k === 'FileStoreId' ? fileId : v,
  ]);
}
