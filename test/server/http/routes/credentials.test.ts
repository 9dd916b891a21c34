/** API.md §2: every credential, checked on every operation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, OPERATION_NAMES, type OperationName } from '../../../../src/protocol/index.ts';
import { createApiKey } from '../../../../src/server/start/bootstrap.ts';
import { signVisitorToken } from '../../../../src/server/http/auth.ts';
import { owners } from '../../../../src/server/store/schema.ts';
import { startService, type TestService } from '../../../support/service.ts';
import { validBodies } from '../../../support/samples.ts';

let service: TestService;
let serial: string;
let sessionId: number;
let answerID: number;
/** A session an agent ("Ana") holds: Take by the same name, Reply and ConversationTyping succeed in it. */
let heldSessionId: number;
/** A listing of the chatbot, which has showing hours: its viewings can be looked at and booked. */
let listingMls: string;
let headers: Record<Credential, Record<string, string>>;

type Credential =
  | 'apiKey'
  | 'otherOwnersApiKey'
  | 'ownerSessionKey'
  | 'visitorToken'
  | 'otherSessionsToken'
  | 'otherChatbotsToken'
  | 'expiredToken'
  | 'forgedToken'
  | 'unknownApiKey'
  | 'none';

beforeAll(async () => {
  service = await startService();
  serial = await service.newChatbot();
  const visitor = await service.visitor(serial);
  sessionId = visitor.sessionId;
  answerID = (await visitor.client.ask({ sessionID: sessionId, content: 'hello' })).messageid;
  heldSessionId = (await service.visitor(serial)).sessionId;
  await service.owner.edit({ serialNumber: serial, ViewingHours: [{ Day: 1, From: '09:00', To: '17:00' }] });
  listingMls = (
    await service.owner.realEstateGet({
      SerialNumber: serial,
      Key: await service.owner.realEstateCreate({ ...validBodies.RealEstateCreate, SerialNumber: serial }),
      KeyType: 'NewOaks',
    })
  ).MLSNumber;
  await service.owner.conversationTake({ SerialNumber: serial, SessionID: heldSessionId, Name: 'Ana' });
  const otherSession = await service.visitor(serial);
  const otherChatbot = await service.visitor(await service.newChatbot());
  const [other] = await service.db.insert(owners).values({ name: 'Another owner' }).returning();
  const { SessionKey } = await service.owner.sessionKey();
  const expired = signVisitorToken(service.secret, {
    chatbot: serial,
    sessionId,
    expiresAt: new Date(service.clock.now().getTime() - 1000),
  });
  const forged = `${visitor.token.slice(0, -4)}AAAA`;
  const auth = (value: string) => ({ authorization: value });
  headers = {
    apiKey: auth(service.apiKey),
    otherOwnersApiKey: auth(await createApiKey(service.db, other!.id, 'other')),
    ownerSessionKey: { 'chatrobot-sessionkey': SessionKey },
    visitorToken: auth(visitor.token),
    otherSessionsToken: auth(otherSession.token),
    otherChatbotsToken: auth(otherChatbot.token),
    expiredToken: auth(expired),
    forgedToken: auth(forged),
    unknownApiKey: auth('cbk_not-a-key-anyone-has'),
    none: {},
  };
});
afterAll(() => service.close());

/** A body for each operation that is valid and names this test's chatbot and session. */
function bodyFor(name: OperationName, unique: string): unknown {
  const listing = {
    ...validBodies.RealEstateCreate,
    SerialNumber: serial,
    MLSNumber: `M-${unique}`,
    Url: `https://homes.example/${unique}`,
  };
  switch (name) {
    case 'ModelList':
      return undefined;
    case 'Add':
      return validBodies.Add;
    case 'Edit':
      return { serialNumber: serial, Name: 'Edited' };
    case 'GetSession':
    case 'Get':
      return { serialNumber: serial };
    case 'ClientAsk':
      return { sessionID: sessionId, content: 'hello', clientMessageId: unique };
    case 'TalkToHuman':
      return { sessionID: sessionId, name: 'Ana' };
    case 'RealEstateCreate':
      return listing;
    case 'RealEstateUpdate':
      return { ...listing, Key: 'no-such-listing', KeyType: 'MLSNumber' };
    case 'RealEstateDelete':
      return { SerialNumber: serial, Keys: ['no-such-listing'], KeyType: 'MLSNumber' };
    case 'RealEstateList':
      return { SerialNumber: serial };
    case 'RealEstateGet':
      return { SerialNumber: serial, Key: 'no-such-listing', KeyType: 'MLSNumber' };
    case 'RealEstateImport': {
      const { SerialNumber: _serial, ...item } = listing;
      return { SerialNumber: serial, Items: [item] };
    }
    case 'GetPreUploadUrl':
      return { fileName: 'photo.png', sessionID: sessionId };
    case 'UploadSuccess':
      return { FileStoreId: '999999' };
    case 'SessionKey':
    case 'List':
      return {};
    case 'LeadList':
    case 'OutboxList':
    case 'ConversationList':
    case 'UnansweredList':
    case 'Insights':
      return { SerialNumber: serial };
    case 'ConversationGet':
      return { SerialNumber: serial, SessionID: sessionId };
    case 'Feedback':
      return { sessionID: sessionId, answerID, rating: 'up' };
    case 'Export':
      return { SerialNumber: serial, Format: 'csv', Of: 'feedback' };
    case 'KnowledgeList':
      return { SerialNumber: serial };
    case 'KnowledgeAdd':
      return { SerialNumber: serial, Kind: 'faq', Question: `Question ${unique}?`, Content: 'An answer.' };
    case 'KnowledgeUpdate':
      return { SerialNumber: serial, Id: 2_000_000_000, Question: 'Q?', Content: 'A.' };
    case 'KnowledgeDelete':
      return { SerialNumber: serial, Ids: [2_000_000_000] };
    case 'KnowledgeSearch':
      return { SerialNumber: serial, Query: 'fees' };
    case 'KnowledgeSync':
      return { SerialNumber: serial };
    case 'ChatbotEvents':
    case 'ChatEvents':
      return undefined;
    case 'ConversationTake':
      return { SerialNumber: serial, SessionID: heldSessionId, Name: 'Ana' };
    case 'ConversationReply':
      return { SerialNumber: serial, SessionID: heldSessionId, Content: 'Hello from Ana' };
    case 'ConversationTyping':
      return { SerialNumber: serial, SessionID: heldSessionId };
    case 'ConversationRelease':
      return { SerialNumber: serial, SessionID: sessionId };
    case 'Typing':
      return { sessionID: sessionId };
    case 'ViewingSlots':
      return { sessionID: sessionId, listing: listingMls };
    case 'ViewingBook':
      // A time that is no slot: past the credential, the booking itself is refused (409).
      return {
        sessionID: sessionId,
        listing: listingMls,
        start: '2000-01-03T09:00:00Z',
        name: 'Ann',
        email: 'ann@example.com',
      };
    case 'ViewingCancel':
      return { token: 'A'.repeat(54) };
    case 'ViewingReschedule':
      return { token: 'A'.repeat(54), start: '2000-01-03T09:00:00Z' };
    case 'OwnerViewingCancel':
      return { SerialNumber: serial, Id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' };
    case 'ViewingList':
      return { SerialNumber: serial };
  }
}

/** The query of a GET operation that takes one: the event streams'. */
const queryFor = (name: OperationName) =>
  name === 'ChatbotEvents' ? `?SerialNumber=${serial}` : name === 'ChatEvents' ? `?sessionID=${sessionId}` : '';

const OK = 200;
/** A status for each credential: what each operation must answer. Not-found-after-access counts as allowed. */
function expected(name: OperationName, credential: Credential): number {
  const spec = OPERATIONS[name];
  // The body's token is the credential: whatever header comes, a token of no booking is a 404.
  if ('bodyToken' in spec) return 404;
  if (['expiredToken', 'forgedToken', 'unknownApiKey'].includes(credential)) return 401;
  const allowedAfterAccess =
    name === 'RealEstateUpdate' ||
    name === 'RealEstateGet' ||
    name === 'UploadSuccess' ||
    name === 'KnowledgeUpdate' ||
    name === 'OwnerViewingCancel'
      ? 404
      : name === 'ViewingBook'
        ? 409
        : OK;
  const kind =
    credential === 'apiKey' || credential === 'otherOwnersApiKey'
      ? 'apiKey'
      : credential === 'ownerSessionKey'
        ? 'sessionKey'
        : credential === 'none'
          ? null
          : 'visitorToken';
  if (kind === null) return 'visitorFlow' in spec ? OK : 401;
  if (!(spec.credentials as readonly string[]).includes(kind)) return 403;
  // The credential may call the operation: now, is it this chatbot's or this session's?
  if (name === 'Add' || name === 'ModelList' || name === 'SessionKey' || name === 'List') return OK;
  if (name === 'UploadSuccess') return allowedAfterAccess;
  if (name === 'GetSession') return credential === 'otherOwnersApiKey' ? 403 : OK; // visitors: a new session
  if (credential === 'otherOwnersApiKey') return 403;
  if (credential === 'otherSessionsToken') return name === 'Get' ? OK : 403;
  if (credential === 'otherChatbotsToken') return 403;
  return allowedAfterAccess;
}

const credentials: Credential[] = [
  'apiKey',
  'otherOwnersApiKey',
  'ownerSessionKey',
  'visitorToken',
  'otherSessionsToken',
  'otherChatbotsToken',
  'expiredToken',
  'forgedToken',
  'unknownApiKey',
  'none',
];
const matrix = OPERATION_NAMES.flatMap((name) => credentials.map((credential) => [name, credential] as const));

describe('the credential × operation matrix', () => {
  let n = 0;
  it.each(matrix)('%s with %s', async (name, credential) => {
    const spec = OPERATIONS[name];
    const body = bodyFor(name, `${name}-${credential}-${n++}`);
    const stop = new AbortController();
    const res = await fetch(`${service.origin}${spec.path}${queryFor(name)}`, {
      method: spec.method,
      signal: stop.signal,
      headers: { ...headers[credential], ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? null : JSON.stringify(body),
    });
    // Export answers with the file itself, the event streams with a stream that lasts; every refusal is an envelope.
    const file = name === 'Export' && res.ok;
    const stream = (name === 'ChatbotEvents' || name === 'ChatEvents') && res.ok;
    if (stream) {
      expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      stop.abort();
    }
    const envelope =
      file || stream
        ? { Code: res.status, Success: true, Message: '' }
        : ((await res.json()) as { Code: number; Success: boolean; Message: string });
    if (file) expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const want = expected(name, credential);
    expect({ status: res.status, message: envelope.Message }).toMatchObject({ status: want });
    expect(envelope.Code).toBe(res.status);
    if (want !== OK) expect(envelope.Message).not.toBe('');
  });
});

describe('credential headers', () => {
  it('accept the API key with a "Bearer " prefix', async () => {
    const res = await fetch(`${service.origin}/chat/Chatbot/ModelList`, {
      headers: { authorization: `Bearer ${service.apiKey}` },
    });
    expect(res.status).toBe(200);
  });

  it('refuse an expired visitor token with a message that says to start again', async () => {
    const res = await fetch(`${service.origin}/chat/Chat/ClientAsk`, {
      method: 'POST',
      headers: headers.expiredToken,
      body: JSON.stringify({ sessionID: sessionId, content: 'hi' }),
    });
    expect(((await res.json()) as { Message: string }).Message).toMatch(/expired.*GetSession/);
  });

  it('give visitor tokens that a restarted service with the same secret still accepts', async () => {
    const again = await startService({ store: service.store, secret: service.secret });
    try {
      const res = await fetch(`${again.origin}/chat/Chatbot/Get`, {
        method: 'POST',
        headers: headers.visitorToken,
        body: JSON.stringify({ serialNumber: serial }),
      });
      expect(res.status).toBe(200);
    } finally {
      await again.close();
    }
  });
});
