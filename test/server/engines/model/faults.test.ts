/**
 * The model server failing (docs/RELIABILITY.md "Faults of the parts"): the service with
 * the OpenAI-compatible engine in front of a loopback model server that refuses connections,
 * answers 429 and 5xx, stalls before its first token and mid-stream, and breaks its wire format.
 * A request that fails quickly before the first token is sent again (twice, with backoff; a 429's
 * Retry-After taken); a timeout is not (the server had its time), nor anything after a token. A visitor is told the assistant is unavailable (503: the envelope with
 * Retry-After, or the stream's error event), the answer is stored failed with what was streamed,
 * the limits give the question back, and a Retry is answered once the server is back.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../../src/server/start/config.ts';
import { createEngines } from '../../../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../../../src/server/engines/answer/offline.ts';
import { createOpenAiEngine, type OpenAiOptions } from '../../../../src/server/engines/model/openai.ts';
import { messages, monthlyCounts, rateEvents } from '../../../../src/server/store/schema.ts';
import { startFakeModelServer, type FakeModelServer } from '../../../support/fake-model-server.ts';
import { freePort, postJson } from '../../../support/http.ts';
import { startService, type TestService } from '../../../support/service.ts';
import { eventsOf } from '../../../support/visitors.ts';

const MODEL = 'fake-model';
/** Short timeouts, so that a stall is found in a test's time; the defaults are 60 s and 30 s. */
const TIMEOUTS: Partial<OpenAiOptions> = { firstTokenTimeoutMs: 400, idleTimeoutMs: 400, retries: 2 };
const UNAVAILABLE = 'The assistant is unavailable just now; please try again in a moment';

let fake: FakeModelServer;
let service: TestService;
/** A service whose model server's port has nothing listening. */
let refused: TestService;

const engines = (baseUrl: string) =>
  createEngines(createOfflineEngine(), {
    model: MODEL,
    engine: createOpenAiEngine({ baseUrl, model: MODEL, tools: 'off', ...TIMEOUTS }),
  });

beforeAll(async () => {
  fake = await startFakeModelServer();
  service = await startService({ engines: engines(fake.baseUrl) });
  refused = await startService({ engines: engines(`http://127.0.0.1:${await freePort()}/v1`) });
});
afterAll(async () => {
  await service?.close();
  await refused?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

interface Asked {
  status: number;
  retryAfter: string | undefined;
  /** The fragments streamed, joined. */
  streamed: string;
  /** The final event, or the error event's data. */
  final?: { Answer?: string; AnswerID?: number };
  error?: { Code: number; Message: string };
  ms: number;
}

/** A visitor's question, streamed unless `stream` is false, with a clientMessageId (Retry sends it again). */
async function ask(
  on: TestService,
  serial: string,
  clientMessageId: string,
  visitor?: { sessionId: number; token: string },
  stream = true,
): Promise<Asked & { visitor: { sessionId: number; token: string } }> {
  const v = visitor ?? (await on.visitor(serial));
  const t0 = Date.now();
  const reply = await postJson(
    `${on.origin}/chat/Chat/ClientAsk`,
    { sessionID: v.sessionId, content: 'Homes in Austin?', stream, clientMessageId },
    { authorization: v.token },
    false,
    30_000,
  );
  const ms = Date.now() - t0;
  const base = { status: reply.status, retryAfter: reply.headers['retry-after'] as string | undefined, ms, visitor: v };
  if (!stream || reply.status !== 200) {
    const envelope = JSON.parse(reply.text) as {
      Code: number;
      Message: string;
      Data: { content?: string; messageid?: number } | null;
    };
    return reply.status === 200
      ? { ...base, streamed: '', final: { Answer: envelope.Data!.content!, AnswerID: envelope.Data!.messageid! } }
      : { ...base, streamed: '', error: { Code: envelope.Code, Message: envelope.Message } };
  }
  const events = eventsOf(reply.text);
  const last = events.at(-1)!;
  const streamed = events
    .filter((e) => e.name === 'message' && e.data.content !== undefined)
    .map((e) => e.data.content)
    .join('');
  return last.name === 'error'
    ? { ...base, streamed, error: last.data as { Code: number; Message: string } }
    : { ...base, streamed, final: last.data };
}

/** The answer stored for a clientMessageId. */
async function stored(on: TestService, clientMessageId: string) {
  const [question] = await on.db
    .select()
    .from(messages)
    .where(and(eq(messages.clientMessageId, clientMessageId), eq(messages.role, 'question')));
  const [answer] = await on.db.select().from(messages).where(eq(messages.questionId, question!.id));
  return { question: question!, answer: answer! };
}

const TEXT = 'We have two homes in Austin for you.';

describe('the model server failing before its first token', () => {
  it('refusing connections: tried three times, then the visitor is told the assistant is unavailable', async () => {
    const serial = await refused.newChatbot();
    const asked = await ask(refused, serial, 'refused');
    expect(asked.error).toEqual({ Code: 503, Message: UNAVAILABLE });
    // Three tries, 0.5 s and 1 s apart.
    expect(asked.ms).toBeGreaterThanOrEqual(1_500);
    expect((await stored(refused, 'refused')).answer).toMatchObject({ status: 'failed', content: '' });
  });

  it('answering 429 with Retry-After: sent again after it, and answered', async () => {
    const serial = await service.newChatbot();
    fake.script({ text: '', serverError: 'Rate limit reached', status: 429, retryAfter: 1 }, { text: TEXT });
    const asked = await ask(service, serial, '429-once');
    expect(asked.final?.Answer).toContain(TEXT);
    expect(fake.requests).toHaveLength(2);
    expect(asked.ms).toBeGreaterThanOrEqual(1_000);
  });

  it('answering 500 and 502, then streaming: answered on the third try', async () => {
    const serial = await service.newChatbot();
    fake.script(
      { text: '', serverError: 'The server had an error' },
      { text: '', serverError: 'Bad gateway', status: 502 },
      { text: TEXT },
    );
    const asked = await ask(service, serial, '5xx-twice');
    expect(asked.final?.Answer).toContain(TEXT);
    expect(asked.streamed).toBe(asked.final?.Answer);
    expect(fake.requests).toHaveLength(3);
  });

  it('answering 429 every time: three tries, then 503 — and never the model server’s own words', async () => {
    const serial = await service.newChatbot();
    fake.always({ text: '', serverError: 'org-secret-123 is over its quota', status: 429 });
    const asked = await ask(service, serial, '429-always');
    expect(asked.error).toEqual({ Code: 503, Message: UNAVAILABLE });
    expect(fake.requests).toHaveLength(3);
    expect(JSON.stringify(asked)).not.toContain('org-secret-123');
    expect((await stored(service, '429-always')).answer.status).toBe('failed');
  });

  it('stalling after its first chunk, before the first token: abandoned at the timeout, 503, not sent again (it had its time)', async () => {
    const serial = await service.newChatbot();
    fake.script({ text: TEXT, holdAfter: 0 }, { text: TEXT });
    const asked = await ask(service, serial, 'stall-first');
    expect(asked.error).toEqual({ Code: 503, Message: UNAVAILABLE });
    expect(asked.ms).toBeGreaterThanOrEqual(400);
    expect(asked.ms).toBeLessThan(3_000);
    expect(fake.requests).toHaveLength(1);
    await fake.requests[0]!.closed;
    expect(fake.requests[0]!.disconnected).toBe(true);
    // Retry, the server answering again: the same answer row, complete.
    const retried = await ask(service, serial, 'stall-first', asked.visitor);
    expect(retried.final?.Answer).toContain(TEXT);
    expect(retried.final?.AnswerID).toBe((await stored(service, 'stall-first')).answer.id);
  });

  it('sending nothing at all, not even its status: 503 at the timeout', async () => {
    const serial = await service.newChatbot();
    fake.always({ text: TEXT, silent: true });
    const asked = await ask(service, serial, 'silent');
    expect(asked.error).toEqual({ Code: 503, Message: UNAVAILABLE });
    expect(fake.requests).toHaveLength(1);
    expect(asked.ms).toBeGreaterThanOrEqual(400);
  });

  it('sending what is not JSON first: not sent again (a broken server stays broken), 503', async () => {
    const serial = await service.newChatbot();
    fake.script({ text: TEXT, malformedAfter: 0 });
    const asked = await ask(service, serial, 'malformed-first');
    expect(asked.error).toEqual({ Code: 503, Message: UNAVAILABLE });
    expect(fake.requests).toHaveLength(1);
  });

  it('without a stream: the envelope is a 503 with Retry-After', async () => {
    const serial = await service.newChatbot();
    fake.always({ text: '', serverError: 'Overloaded', status: 503 });
    const asked = await ask(service, serial, 'plain', undefined, false);
    expect(asked).toMatchObject({ status: 503, retryAfter: '5', error: { Code: 503, Message: UNAVAILABLE } });
  });
});

describe('the model server failing mid-stream', () => {
  it('going silent: the visitor keeps what came, is told 503 at the idle timeout, and nothing is sent again', async () => {
    const serial = await service.newChatbot();
    fake.script({ text: TEXT, holdAfter: 3 });
    const asked = await ask(service, serial, 'stall-mid');
    expect(asked.streamed).toBe('We have two ');
    expect(asked.error).toEqual({ Code: 503, Message: UNAVAILABLE });
    expect(fake.requests).toHaveLength(1);
    expect((await stored(service, 'stall-mid')).answer).toMatchObject({ status: 'failed', content: 'We have two ' });
  });

  it('breaking its wire format: 503 after what came, stored failed, not sent again', async () => {
    const serial = await service.newChatbot();
    fake.script({ text: TEXT, malformedAfter: 2 });
    const asked = await ask(service, serial, 'malformed-mid');
    expect(asked.streamed).toBe('We have ');
    expect(asked.error?.Code).toBe(503);
    expect(fake.requests).toHaveLength(1);
    expect((await stored(service, 'malformed-mid')).answer).toMatchObject({ status: 'failed', content: 'We have ' });
  });

  it('dropping the connection: the same', async () => {
    const serial = await service.newChatbot();
    fake.script({ text: TEXT, failAfter: 2 });
    const asked = await ask(service, serial, 'dropped-mid');
    expect(asked.streamed).toBe('We have ');
    expect(asked.error?.Code).toBe(503);
    expect(fake.requests).toHaveLength(1);
  });
});

describe('the limits and a failed answer', () => {
  it('give the question back, so a failure costs the visitor and the owner nothing; Retry is counted once, when it is answered', async () => {
    const serial = await service.newChatbot({ RateLimitCount: 1, RateLimitTime: 600, MessageLimit: 10 });
    const counts = async () => ({
      month: (await service.db.select().from(monthlyCounts).where(eq(monthlyCounts.chatbot, serial)))[0]?.count ?? 0,
      window: (await service.db.select().from(rateEvents).where(eq(rateEvents.chatbot, serial))).length,
    });
    fake.always({ text: '', serverError: 'Overloaded', status: 503 });
    const failed = await ask(service, serial, 'limits-1');
    expect(failed.error?.Code).toBe(503);
    expect(await counts()).toEqual({ month: 0, window: 0 });
    expect((await stored(service, 'limits-1')).question.chargedAt).toBeNull();

    // The server is back: Retry (the same clientMessageId) is answered, and counted once.
    fake.reset();
    const retried = await ask(service, serial, 'limits-1', failed.visitor);
    expect(retried.final?.Answer).toContain('Hello from the fake model.');
    expect(retried.final?.AnswerID).toBe((await stored(service, 'limits-1')).answer.id);
    expect(await counts()).toEqual({ month: 1, window: 1 });
    // RateLimitCount 1: the failure did not use the visitor's one question — the Retry did, so the next is refused.
    const next = await ask(service, serial, 'limits-2', failed.visitor);
    expect(next.status).toBe(429);
    expect(await counts()).toEqual({ month: 1, window: 1 });
  });
});

describe('the service throughout', () => {
  it('answers on: the offline engine, and the model server once it is back', async () => {
    const offline = await service.newChatbot({ Model: 'offline' });
    expect((await ask(service, offline, 'healthy-offline')).final?.Answer).toBeTruthy();
    const serial = await service.newChatbot();
    expect((await ask(service, serial, 'healthy-model')).final?.Answer).toContain('Hello from the fake model.');
  });
});

describe('the timeouts and retries, configured', () => {
  const llm = { LLM_BASE_URL: 'http://127.0.0.1:1/v1', LLM_MODEL: 'm' };
  it('default to 60 s to the first token, 30 s of silence and 2 retries', () => {
    expect(configFromEnv(llm).llm).toMatchObject({ firstTokenTimeoutMs: 60_000, idleTimeoutMs: 30_000, retries: 2 });
  });
  it('are read from LLM_TIMEOUT_MS, LLM_IDLE_TIMEOUT_MS and LLM_RETRIES, and a wrong value is refused by name', () => {
    expect(
      configFromEnv({ ...llm, LLM_TIMEOUT_MS: '120000', LLM_IDLE_TIMEOUT_MS: '5000', LLM_RETRIES: '0' }).llm,
    ).toMatchObject({ firstTokenTimeoutMs: 120_000, idleTimeoutMs: 5_000, retries: 0 });
    expect(() => configFromEnv({ ...llm, LLM_RETRIES: '9' })).toThrow(
      'LLM_RETRIES must be an integer from 0 to 5 (got "9")',
    );
    expect(() => configFromEnv({ ...llm, LLM_TIMEOUT_MS: '1.5s' })).toThrow(/^LLM_TIMEOUT_MS must be an integer/);
  });
});
