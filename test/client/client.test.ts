import { describe, expect, inject, it } from 'vitest';
import { ApiError, NetworkError, createClient, type Client } from '../../src/client/index.ts';
import { OPERATIONS, OPERATION_NAMES, encodeSseEvent, type OperationName } from '../../src/protocol/index.ts';
import { sampleData, validBodies, validQueries } from '../support/samples.ts';
import { FAILURE_MESSAGES } from '../support/failures.ts';
import { scenario } from '../support/wire.ts';
import { startWireServer } from '../support/wire-server.ts';

const origin = () => inject('wireOrigin');

/** The first event of a stream that lasts, as the SSE text it came as; the stream is then stopped. */
async function firstEvent(client: Client, name: 'ChatbotEvents' | 'ChatEvents'): Promise<string | null> {
  const stop = new AbortController();
  const stream =
    name === 'ChatbotEvents'
      ? client.events(validQueries.ChatbotEvents, { signal: stop.signal })
      : client.chatEvents({ sessionID: Number(validQueries.ChatEvents.sessionID) }, { signal: stop.signal });
  for await (const e of stream) {
    stop.abort();
    return encodeSseEvent(e.data, e.event, e.id);
  }
  return null;
}

/** Calls the client method of an operation with its sample body. */
function callOperation(client: Client, name: OperationName, signal?: AbortSignal): Promise<unknown> {
  const opts = { signal };
  switch (name) {
    case 'Add':
      return client.add(validBodies.Add, opts);
    case 'Edit':
      return client.edit(validBodies.Edit, opts);
    case 'GetSession':
      return client.getSession(validBodies.GetSession, opts);
    case 'Get':
      return client.get(validBodies.Get, opts);
    case 'ModelList':
      return client.modelList(opts);
    case 'ClientAsk':
      return client.ask(validBodies.ClientAsk, opts);
    case 'TalkToHuman':
      return client.talkToHuman(validBodies.TalkToHuman, opts);
    case 'RealEstateCreate':
      return client.realEstateCreate(validBodies.RealEstateCreate, opts);
    case 'RealEstateUpdate':
      return client.realEstateUpdate(validBodies.RealEstateUpdate, opts);
    case 'RealEstateDelete':
      return client.realEstateDelete(validBodies.RealEstateDelete, opts);
    case 'RealEstateList':
      return client.realEstateList(validBodies.RealEstateList, opts);
    case 'RealEstateGet':
      return client.realEstateGet(validBodies.RealEstateGet, opts);
    case 'RealEstateImport':
      return client.realEstateImport(validBodies.RealEstateImport, opts);
    case 'GetPreUploadUrl':
      return client.getPreUploadUrl(validBodies.GetPreUploadUrl, opts);
    case 'UploadSuccess':
      return client.uploadSuccess(validBodies.UploadSuccess, opts);
    case 'SessionKey':
      return client.sessionKey(opts);
    case 'List':
      return client.list(opts);
    case 'LeadList':
      return client.leadList(validBodies.LeadList, opts);
    case 'OutboxList':
      return client.outboxList(validBodies.OutboxList, opts);
    case 'Feedback':
      return client.feedback(validBodies.Feedback, opts);
    case 'ConversationList':
      return client.conversationList(validBodies.ConversationList, opts);
    case 'ConversationGet':
      return client.conversationGet(validBodies.ConversationGet, opts);
    case 'UnansweredList':
      return client.unansweredList(validBodies.UnansweredList, opts);
    case 'KnowledgeList':
      return client.knowledgeList(validBodies.KnowledgeList, opts);
    case 'KnowledgeAdd':
      return client.knowledgeAdd(validBodies.KnowledgeAdd, opts);
    case 'KnowledgeUpdate':
      return client.knowledgeUpdate(validBodies.KnowledgeUpdate, opts);
    case 'KnowledgeDelete':
      return client.knowledgeDelete(validBodies.KnowledgeDelete, opts);
    case 'KnowledgeSearch':
      return client.knowledgeSearch(validBodies.KnowledgeSearch, opts);
    case 'KnowledgeSync':
      return client.knowledgeSync(validBodies.KnowledgeSync, opts);
    case 'Insights':
      return client.insights(validBodies.Insights, opts);
    case 'ConversationTake':
      return client.conversationTake(validBodies.ConversationTake, opts);
    case 'ConversationReply':
      return client.conversationReply(validBodies.ConversationReply, opts);
    case 'ConversationRelease':
      return client.conversationRelease(validBodies.ConversationRelease, opts);
    case 'ConversationTyping':
      return client.conversationTyping(validBodies.ConversationTyping, opts);
    case 'Typing':
      return client.typing(validBodies.Typing, opts);
    case 'ViewingSlots':
      return client.viewingSlots(validBodies.ViewingSlots, opts);
    case 'ViewingBook':
      return client.viewingBook(validBodies.ViewingBook, opts);
    case 'ViewingCancel':
      return client.viewingCancel(validBodies.ViewingCancel, opts);
    case 'ViewingReschedule':
      return client.viewingReschedule(validBodies.ViewingReschedule, opts);
    case 'OwnerViewingCancel':
      return client.ownerViewingCancel(validBodies.OwnerViewingCancel, opts);
    case 'ViewingList':
      return client.viewingList(validBodies.ViewingList, opts);
    // Streams that last until aborted (test/server/http/routes/live.test.ts reads them from the real
    // service): here the first event of the sample stream the wire server sends, in the SSE text it came as.
    case 'ChatbotEvents':
    case 'ChatEvents':
      return firstEvent(client, name);
    // The service answers Export with the file itself; the wire server answers every operation with
    // an envelope, so here the "file" is that envelope and its Data the sample.
    case 'Export':
      return client
        .export(validBodies.Export, opts)
        .then(async (res) => ((await res.json()) as { Data: unknown }).Data);
  }
}

describe('every operation', () => {
  it.each(OPERATION_NAMES)('%s: sends the request API.md describes and returns Data', async (name) => {
    const wire = scenario(origin(), 'ok');
    const client = createClient({ baseUrl: wire.baseUrl, apiKey: 'key-1' });
    const data = await callOperation(client, name);
    expect(data).toEqual(sampleData(name, wire.baseUrl));
    const [request, ...more] = await wire.requests();
    expect(more).toEqual([]);
    expect(request!.method).toBe(OPERATIONS[name].method);
    expect(request!.path).toBe(OPERATIONS[name].path);
    expect(request!.headers.authorization).toBe('key-1');
    if (OPERATIONS[name].method === 'POST') {
      expect(request!.headers['content-type']).toBe('application/json');
      const sent = JSON.parse(request!.body) as Record<string, unknown>;
      if (name === 'ClientAsk') expect(sent.stream).toBe(false);
      else if (name !== 'SessionKey') expect(sent).toEqual(validBodies[name as keyof typeof validBodies]);
    } else {
      expect(request!.body).toBe('');
    }
  });

  const codes = Object.keys(FAILURE_MESSAGES).map(Number);
  // The event streams' reader ends with a refusal but reconnects after a 429 or a 5xx (a stream that
  // lasts): those codes are the reader's to wait out, not an ApiError.
  const lasting = (name: OperationName, code: number) =>
    (name === 'ChatbotEvents' || name === 'ChatEvents') && (code === 429 || code >= 500);
  const rows = OPERATION_NAMES.flatMap((name) =>
    codes.filter((code) => !lasting(name, code)).map((code) => [name, code] as const),
  );
  it.each(rows)('%s: a %i envelope becomes an ApiError with its status, Code and Message', async (name, code) => {
    const wire = scenario(origin(), `fail-${code}`);
    const error = await callOperation(createClient({ baseUrl: wire.baseUrl }), name).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ name: 'ApiError', status: code, code, message: FAILURE_MESSAGES[code] });
    expect((error as ApiError).data).toBe(name === 'RealEstateUpdate' && code === 404 ? 0 : null);
  });
});

describe('credentials', () => {
  const sent = async (credentials: Parameters<typeof createClient>[0]) => {
    const wire = scenario(origin(), 'ok');
    await createClient({ ...credentials, baseUrl: wire.baseUrl }).get(validBodies.Get);
    return (await wire.requests())[0]!.headers;
  };

  it('sends the API key in Authorization', async () => {
    expect((await sent({ baseUrl: '', apiKey: 'key-1' })).authorization).toBe('key-1');
  });

  it('sends the owner session key in chatrobot-sessionkey', async () => {
    const headers = await sent({ baseUrl: '', sessionKey: 'sk-1' });
    expect(headers['chatrobot-sessionkey']).toBe('sk-1');
    expect(headers.authorization).toBeUndefined();
  });

  it('sends a visitor token in Authorization', async () => {
    expect((await sent({ baseUrl: '', visitorToken: 'vt-1' })).authorization).toBe('vt-1');
  });

  it('sends no credential when it has none', async () => {
    const headers = await sent({ baseUrl: '' });
    expect(headers.authorization).toBeUndefined();
    expect(headers['chatrobot-sessionkey']).toBeUndefined();
  });

  it('makes a client with new credentials without changing the old one', async () => {
    const wire = scenario(origin(), 'ok');
    const visitor = createClient({ baseUrl: wire.baseUrl });
    const session = await visitor.getSession(validBodies.GetSession);
    const withToken = visitor.withCredentials({ visitorToken: session.VisitorToken });
    await withToken.get(validBodies.Get);
    await visitor.get(validBodies.Get);
    const [, second, third] = await wire.requests();
    expect(second!.headers.authorization).toBe('vt.sample.token');
    expect(third!.headers.authorization).toBeUndefined();
  });
});

describe('failures that are not envelopes', () => {
  it('turns a proxy error page into an ApiError with the HTTP status', async () => {
    const wire = scenario(origin(), 'html-502');
    await expect(createClient({ baseUrl: wire.baseUrl }).get(validBodies.Get)).rejects.toMatchObject({
      name: 'ApiError',
      status: 502,
      code: 502,
      message: 'The service answered 502 Bad Gateway',
    });
  });

  it('turns a 200 without an envelope into an ApiError 502', async () => {
    const wire = scenario(origin(), 'no-envelope');
    await expect(createClient({ baseUrl: wire.baseUrl }).get(validBodies.Get)).rejects.toMatchObject({
      status: 200,
      code: 502,
    });
  });

  it('reports an unreachable service as a NetworkError', async () => {
    const closed = await startWireServer();
    await closed.close();
    const error = await createClient({ baseUrl: closed.origin })
      .get(validBodies.Get)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ code: 'unreachable' });
    expect(error).not.toBeInstanceOf(ApiError);
  });

  it('rejects with an AbortError when a call is aborted', async () => {
    const wire = scenario(origin(), 'hang');
    const controller = new AbortController();
    const pending = createClient({ baseUrl: wire.baseUrl }).get(validBodies.Get, { signal: controller.signal });
    await expect.poll(async () => (await wire.requests()).length).toBe(1);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('files', () => {
  it('uploads raw bytes to the PreUploadUrl without sending any credential', async () => {
    const wire = scenario(origin(), 'ok');
    const client = createClient({ baseUrl: wire.baseUrl, apiKey: 'secret-key' });
    const { PreUploadUrl, FileStoreId } = await client.getPreUploadUrl(validBodies.GetPreUploadUrl);
    const result = await client.upload(PreUploadUrl, new Uint8Array([1, 2, 3, 4, 5]));
    expect(result).toEqual({ FileStoreId, Size: 5 });
    const put = (await wire.requests()).find((r) => r.method === 'PUT')!;
    expect(put.headers.authorization).toBeUndefined();
    expect(put.headers['content-type']).toBe('application/octet-stream');
  });

  it('downloads a file with the credential and names its public URL', async () => {
    const wire = scenario(origin(), 'ok');
    const client = createClient({ baseUrl: wire.baseUrl, visitorToken: 'vt-1' });
    const blob = await client.getFile(1001);
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect((await wire.requests())[0]).toMatchObject({
      method: 'GET',
      path: '/chat/File/1001',
      headers: { authorization: 'vt-1' },
    });
    expect(client.fileUrl('1001')).toBe(`${wire.baseUrl}/chat/File/1001`);
  });

  it('turns a failed download into an ApiError', async () => {
    const wire = scenario(origin(), 'fail-404');
    await expect(createClient({ baseUrl: wire.baseUrl }).getFile(5)).rejects.toMatchObject({ status: 404, code: 404 });
  });
});
