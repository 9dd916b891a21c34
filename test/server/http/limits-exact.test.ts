/**
 * Every limit of the contract (LIMITS, src/protocol/rules.ts) at exactly N — accepted — and one
 * past it — refused with a 400 that names the field, and nothing stored. A limit added to LIMITS
 * without a case here (or a pointer to the file that tests it at N) fails the first test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, maxYearBuilt, type EditBody, type ListingCreateBody } from '../../../src/protocol/index.ts';
import { startService, type TestService } from '../../support/service.ts';

let service: TestService;
let serial: string;

beforeAll(async () => {
  service = await startService();
  serial = await service.newChatbot({ TalkToHumanEmail: 'agents@limits.example' });
});
afterAll(() => service.close());

/** Limits tested at N in another file, where the machinery they need already is. */
const ELSEWHERE: Partial<Record<keyof typeof LIMITS, string>> = {
  jsonBodyBytes: 'test/server/http/fuzz.test.ts: "are a 413 one byte over 1 MB, and read at 1 MB exactly"',
  imagesPerAsk: 'test/server/http/routes/files.test.ts: the chatAskType rules (1–10 images)',
  imageBytes: 'test/server/http/routes/files.test.ts: "accepts a file of exactly the limit, which includes itself"',
  audioBytes: 'test/server/http/routes/files.test.ts: "accepts a file of exactly the limit, which includes itself"',
  videoBytes: 'test/server/http/routes/files.test.ts: "accepts a file of exactly the limit, which includes itself"',
  documentBytes:
    'test/server/knowledge/sync.test.ts: "is taken up to 20 MB, the limit included, and refused one byte over with 413"',
};

/** A run of one limit: what is sent at `n`; resolves when accepted, rejects with the service's error. */
type Probe = (n: number) => Promise<unknown>;
interface Case {
  /** The field the refusal names, as API.md spells it. */
  field: string;
  /** N: the largest value accepted (for lower bounds, the smallest). */
  at: number;
  /** The first value refused: N + 1, or N - 1 for a lower bound. */
  past: number;
  probe: Probe;
}

const text = (n: number) => 'a'.repeat(n);
let unique = 0;
const listing = (extra: Partial<ListingCreateBody> = {}): ListingCreateBody => {
  unique++;
  return {
    SerialNumber: serial,
    SaleType: 'for_sale',
    Status: 'Active',
    CurrencySymbol: '$',
    PropertyType: 'Condo',
    Bedrooms: 2,
    Bathrooms: 1,
    Url: `https://limits.example/${unique}`,
    MLSNumber: `L-${unique}`,
    YearBuilt: 2000,
    DaysOnMarket: 1,
    LotArea: 0,
    BuildingArea: 900,
    AreaUnit: 'Square Feet',
    ParkingSpots: 0,
    ...extra,
  };
};
const edit = (settings: Partial<EditBody>) => service.owner.edit({ serialNumber: serial, ...settings });
const create = (extra: Partial<ListingCreateBody>) => service.owner.realEstateCreate(listing(extra));

/** `count` valid Domains entries joined by commas; lengthened to `length` characters in all when that is longer. */
function domains(count: number, length = 0): string {
  const entries = Array.from({ length: count }, (_, i) => `d${i}.example`);
  let room = length - entries.join(',').length;
  // Lengthen entries with labels of up to 63 characters until the whole is exactly `length`.
  for (let i = 0; room > 0; i = (i + 1) % count) {
    const add = Math.min(room, 60);
    if (add < 2) {
      entries[i] = `${'x'.repeat(add)}${entries[i]}`;
      room -= add;
      continue;
    }
    entries[i] = `${'x'.repeat(add - 1)}.${entries[i]}`;
    room -= add;
  }
  return entries.join(',');
}

/** A valid email address of exactly `n` characters. */
function email(n: number): string {
  const local = 'a'.repeat(64);
  let domain = 'example';
  while (local.length + 1 + domain.length < n)
    domain = `${'b'.repeat(Math.min(61, n - local.length - 1 - domain.length - 1))}.${domain}`;
  return `${local}@${domain}`;
}

const cases: Record<string, Case> = {
  nameChars: { field: 'Name', at: LIMITS.nameChars, past: LIMITS.nameChars + 1, probe: (n) => edit({ Name: text(n) }) },
  systemMessageChars: {
    field: 'SystemMessage',
    at: LIMITS.systemMessageChars,
    past: LIMITS.systemMessageChars + 1,
    probe: (n) => edit({ SystemMessage: text(n) }),
  },
  answerSuffixChars: {
    field: 'AnswerSuffix',
    at: LIMITS.answerSuffixChars,
    past: LIMITS.answerSuffixChars + 1,
    probe: (n) => edit({ AnswerSuffix: text(n) }),
  },
  textSettingChars: {
    field: 'WelcomeMessage',
    at: LIMITS.textSettingChars,
    past: LIMITS.textSettingChars + 1,
    probe: (n) => edit({ WelcomeMessage: text(n) }),
  },
  suggestedMessageLines: {
    field: 'SuggestedMessage',
    at: LIMITS.suggestedMessageLines,
    past: LIMITS.suggestedMessageLines + 1,
    probe: (n) => edit({ SuggestedMessage: Array.from({ length: n }, (_, i) => `Question ${i}?`).join('\n') }),
  },
  domainsChars: {
    field: 'Domains',
    at: LIMITS.domainsChars,
    past: LIMITS.domainsChars + 1,
    probe: (n) => edit({ Domains: domains(100, n), VerifyDomain: false }),
  },
  domainEntries: {
    field: 'Domains',
    at: LIMITS.domainEntries,
    past: LIMITS.domainEntries + 1,
    probe: (n) => edit({ Domains: domains(n), VerifyDomain: false }),
  },
  rateLimitCountMax: {
    field: 'RateLimitCount',
    at: LIMITS.rateLimitCountMax,
    past: LIMITS.rateLimitCountMax + 1,
    probe: (n) => edit({ RateLimitCount: n }),
  },
  rateLimitTimeMax: {
    field: 'RateLimitTime',
    at: LIMITS.rateLimitTimeMax,
    past: LIMITS.rateLimitTimeMax + 1,
    probe: (n) => edit({ RateLimitTime: n }),
  },
  messageLimitMax: {
    field: 'MessageLimit',
    at: LIMITS.messageLimitMax,
    past: LIMITS.messageLimitMax + 1,
    probe: (n) => edit({ MessageLimit: n }),
  },
  temperatureMax: {
    field: 'Temperature',
    at: LIMITS.temperatureMax,
    past: LIMITS.temperatureMax + 1,
    probe: (n) => edit({ Temperature: n }),
  },
  mortgageRateMax: {
    field: 'MortgageRate',
    at: LIMITS.mortgageRateMax,
    past: LIMITS.mortgageRateMax + 0.01,
    probe: (n) => edit({ MortgageRate: n }),
  },
  emailChars: {
    field: 'TalkToHumanEmail',
    at: LIMITS.emailChars,
    past: LIMITS.emailChars + 1,
    probe: (n) => edit({ TalkToHumanEmail: email(n) }),
  },
  askContentChars: {
    field: 'content',
    at: LIMITS.askContentChars,
    past: LIMITS.askContentChars + 1,
    probe: async (n) => {
      const v = await service.visitor(serial);
      return v.client.ask({ sessionID: v.sessionId, content: `Homes ${text(n - 6)}` });
    },
  },
  clientMessageIdChars: {
    field: 'clientMessageId',
    at: LIMITS.clientMessageIdChars,
    past: LIMITS.clientMessageIdChars + 1,
    probe: async (n) => {
      const v = await service.visitor(serial);
      return v.client.ask({ sessionID: v.sessionId, content: 'Hello', clientMessageId: text(n) });
    },
  },
  fileNameChars: {
    field: 'fileName',
    at: LIMITS.fileNameChars,
    past: LIMITS.fileNameChars + 1,
    probe: async (n) => {
      const v = await service.visitor(serial);
      return v.client.getPreUploadUrl({ fileName: `${text(n - 4)}.png`, sessionID: v.sessionId });
    },
  },
  handoffMessageChars: {
    field: 'message',
    at: LIMITS.handoffMessageChars,
    past: LIMITS.handoffMessageChars + 1,
    probe: async (n) => {
      const v = await service.visitor(serial);
      return v.client.talkToHuman({ sessionID: v.sessionId, name: 'Ana', email: 'ana@example.com', message: text(n) });
    },
  },
  listingDescriptionChars: {
    field: 'Description',
    at: LIMITS.listingDescriptionChars,
    past: LIMITS.listingDescriptionChars + 1,
    probe: (n) => create({ Description: text(n) }),
  },
  listingTextChars: {
    field: 'Address',
    at: LIMITS.listingTextChars,
    past: LIMITS.listingTextChars + 1,
    probe: (n) => create({ Address: text(n) }),
  },
  listingImages: {
    field: 'Images',
    at: LIMITS.listingImages,
    past: LIMITS.listingImages + 1,
    probe: (n) => create({ Images: Array.from({ length: n }, (_, i) => `https://img.limits.example/${i}.jpg`) }),
  },
  extensionItems: {
    field: 'ExtensionColumn',
    at: LIMITS.extensionItems,
    past: LIMITS.extensionItems + 1,
    probe: (n) => create({ ExtensionColumn: Array.from({ length: n }, (_, i) => ({ Key: `k${i}`, value: 'v' })) }),
  },
  extensionKeyChars: {
    field: 'ExtensionColumn[0].Key',
    at: LIMITS.extensionKeyChars,
    past: LIMITS.extensionKeyChars + 1,
    probe: (n) => create({ ExtensionColumn: [{ Key: text(n), value: 'v' }] }),
  },
  extensionValueChars: {
    field: 'ExtensionColumn[0].value',
    at: LIMITS.extensionValueChars,
    past: LIMITS.extensionValueChars + 1,
    probe: (n) => create({ ExtensionColumn: [{ Key: 'k', value: text(n) }] }),
  },
  urlChars: {
    field: 'Url',
    at: LIMITS.urlChars,
    past: LIMITS.urlChars + 1,
    probe: (n) =>
      create({ Url: `https://limits.example/${unique}/${text(n - `https://limits.example/${unique}/`.length)}` }),
  },
  minYearBuilt: {
    field: 'YearBuilt',
    at: LIMITS.minYearBuilt,
    past: LIMITS.minYearBuilt - 1,
    probe: (n) => create({ YearBuilt: n }),
  },
  maxYearBuilt: {
    field: 'YearBuilt',
    at: maxYearBuilt(),
    past: maxYearBuilt() + 1,
    probe: (n) => create({ YearBuilt: n }),
  },
  deleteKeys: {
    field: 'Keys',
    at: LIMITS.deleteKeys,
    past: LIMITS.deleteKeys + 1,
    probe: (n) =>
      service.owner.realEstateDelete({
        SerialNumber: serial,
        KeyType: 'MLSNumber',
        Keys: Array.from({ length: n }, (_, i) => `none-${i}`),
      }),
  },
  importItems: {
    field: 'Items',
    at: LIMITS.importItems,
    past: LIMITS.importItems + 1,
    probe: (n) =>
      service.owner.realEstateImport({
        SerialNumber: serial,
        Items: Array.from({ length: n }, (_, i) => {
          const { SerialNumber: _serial, ...fields } = listing({
            MLSNumber: `import-${n}-${i}`,
            Url: `https://homes.example/import/${n}/${i}`,
          });
          return fields;
        }),
      }),
  },
  pageSizeMax: {
    field: 'PageSize',
    at: LIMITS.pageSizeMax,
    past: LIMITS.pageSizeMax + 1,
    probe: (n) => service.owner.realEstateList({ SerialNumber: serial, PageSize: n }),
  },
  queryChars: {
    field: 'Query',
    at: LIMITS.queryChars,
    past: LIMITS.queryChars + 1,
    probe: (n) => service.owner.realEstateList({ SerialNumber: serial, Query: text(n) }),
  },
  feedbackCommentChars: {
    field: 'comment',
    at: LIMITS.feedbackCommentChars,
    past: LIMITS.feedbackCommentChars + 1,
    probe: async (n) => {
      const { client, sessionId } = await service.visitor(serial);
      const { messageid } = await client.ask({ sessionID: sessionId, content: 'hello' });
      return client.feedback({ sessionID: sessionId, answerID: messageid, rating: 'down', comment: text(n) });
    },
  },
  // 366 days, both ends counted: 2026-01-01 to 2027-01-01.
  rangeDaysMax: {
    field: 'From',
    at: LIMITS.rangeDaysMax,
    past: LIMITS.rangeDaysMax + 1,
    probe: (n) =>
      service.owner.insights({
        SerialNumber: serial,
        From: '2026-01-01',
        To: new Date(Date.UTC(2026, 0, n)).toISOString().slice(0, 10),
      }),
  },
  searchChars: {
    field: 'Query',
    at: LIMITS.searchChars,
    past: LIMITS.searchChars + 1,
    probe: (n) => service.owner.conversationList({ SerialNumber: serial, Query: text(n) }),
  },
};

describe('every limit of the contract', () => {
  it('has a case here or a test named elsewhere', () => {
    const missing = Object.keys(LIMITS).filter((k) => k !== 'pageSizeDefault' && !(k in cases) && !(k in ELSEWHERE));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(cases))(
    '%s: accepted at exactly N, refused one past it, naming the field',
    { timeout: 30_000 },
    async (_name, c) => {
      await expect(c.probe(c.at)).resolves.not.toBeUndefined();
      const refused = await c.probe(c.past).then(
        () => null,
        (e: { status?: number; message?: string }) => e,
      );
      expect(refused, `${c.field} at ${c.past} was accepted`).not.toBeNull();
      expect(refused!.status).toBe(400);
      expect(refused!.message).toMatch(new RegExp(`^"${c.field.replace(/[[\].]/g, '\\$&')}"`));
    },
  );

  it('pageSizeDefault: a list without PageSize has 20 items', async () => {
    const own = await service.newChatbot();
    for (let i = 0; i < LIMITS.pageSizeDefault + 1; i++)
      await service.owner.realEstateCreate({ ...listing(), SerialNumber: own });
    const page = await service.owner.realEstateList({ SerialNumber: own });
    expect(page.Total).toBe(LIMITS.pageSizeDefault + 1);
    expect(page.Items).toHaveLength(LIMITS.pageSizeDefault);
  });

  it('a refused value changes nothing that was stored', async () => {
    const before = await service.owner.get({ serialNumber: serial });
    await expect(edit({ Name: 'Kept?', WelcomeMessage: text(LIMITS.textSettingChars + 1) })).rejects.toMatchObject({
      status: 400,
    });
    expect(await service.owner.get({ serialNumber: serial })).toEqual(before);
    const { Total } = await service.owner.realEstateList({ SerialNumber: serial });
    await expect(create({ Description: text(LIMITS.listingDescriptionChars + 1) })).rejects.toMatchObject({
      status: 400,
    });
    expect((await service.owner.realEstateList({ SerialNumber: serial })).Total).toBe(Total);
  });
});
