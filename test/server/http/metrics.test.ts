/**
 * /metrics (src/server/http/metrics/): off unless METRICS_TOKEN or METRICS_PORT says where;
 * with the token, refused without it; in Prometheus' text format, read here as a scraper reads it
 * (test/support/prometheus.ts) — requests by operation and status, answers' first fragment and
 * whole, the engine's and the database's time, open streams, the queues, the 429s by reason.
 * Against the real service; METRICS_PORT also as `npm start` runs it, and with WORKERS on
 * PostgreSQL, the workers' numbers added up by the primary.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../src/server/start/config.ts';
import { createEngines, type AnswerEngine } from '../../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../../src/server/engines/answer/offline.ts';
import { bearerMatches, serveMetrics } from '../../../src/server/http/metrics/scrape.ts';
import { startBin, type RunningBin } from '../../support/bin.ts';
import { freshDatabase, usesPostgres } from '../../support/database.ts';
import { freePort, postJson } from '../../support/http.ts';
import { until } from '../../support/process.ts';
import { parseExposition, type Exposition } from '../../support/prometheus.ts';
import { startService, type TestService } from '../../support/service.ts';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const bearer = { authorization: `Bearer ${TOKEN}` };

/** An engine that says its first words, then waits to be let go (or for its reader to leave): a stream open as long as a test wants. */
function heldEngine() {
  let letGo = () => undefined as void;
  const engine: AnswerEngine = {
    async *answer(_input, signal) {
      yield 'Held ';
      await new Promise<void>((resolve) => {
        letGo = resolve;
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
      if (!signal.aborted) yield 'and let go.';
      return { noAnswer: false, totalTokens: 3 };
    },
  };
  return { engine, letGo: () => letGo() };
}

async function scrape(url: string): Promise<Exposition> {
  const response = await fetch(url, { headers: bearer });
  expect(response.status).toBe(200);
  return parseExposition(await response.text());
}

describe('without METRICS_TOKEN or METRICS_PORT', () => {
  it('serves no /metrics on the service port', async () => {
    const service = await startService();
    const response = await fetch(`${service.origin}/metrics`, { headers: bearer });
    expect(response.status).toBe(404);
    expect(((await response.json()) as { Code: number }).Code).toBe(404);
    await service.close();
  });
});

describe('/metrics on the service port, with METRICS_TOKEN', () => {
  const held = heldEngine();
  let service: TestService;
  const read = () => scrape(`${service.origin}/metrics`);
  beforeAll(async () => {
    service = await startService({
      own: true,
      metrics: { token: TOKEN },
      engines: createEngines(createOfflineEngine(), { model: 'held', engine: held.engine }),
    });
  });
  afterAll(() => service?.close());

  it('refuses a scrape without the token or with another, saying which scheme it takes', async () => {
    for (const authorization of [
      undefined,
      'Bearer not-the-token-0123456789',
      `Basic ${TOKEN}`,
      `Bearer ${TOKEN}x`,
      TOKEN,
    ]) {
      const response = await fetch(`${service.origin}/metrics`, { headers: authorization ? { authorization } : {} });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain('chatbot_');
    }
    expect((await fetch(`${service.origin}/metrics`, { headers: { authorization: `bearer  ${TOKEN}` } })).status).toBe(
      200,
    );
  });

  it('answers the token with every metric in Prometheus’ text format, documented and typed', async () => {
    const response = await fetch(`${service.origin}/metrics`, { headers: bearer });
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const { types } = parseExposition(text);
    expect(Object.fromEntries(types)).toEqual({
      chatbot_requests_total: 'counter',
      chatbot_request_duration_seconds: 'histogram',
      chatbot_answer_first_fragment_seconds: 'histogram',
      chatbot_answer_seconds: 'histogram',
      chatbot_engine_seconds: 'histogram',
      chatbot_streams_open: 'gauge',
      chatbot_live_streams_open: 'gauge',
      chatbot_rate_limited_total: 'counter',
      chatbot_pace_waiting: 'gauge',
      chatbot_listing_vocabularies: 'gauge',
      chatbot_listing_vocabularies_bytes: 'gauge',
      chatbot_outbox_pending: 'gauge',
      chatbot_outbox_failed: 'gauge',
      chatbot_database_waiting: 'gauge',
      chatbot_database_seconds: 'histogram',
      process_cpu_seconds_total: 'counter',
      process_resident_memory_bytes: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
    });
    for (const name of types.keys()) expect(text).toMatch(new RegExp(`^# HELP ${name} \\S`, 'm'));
    const now = parseExposition(text);
    expect(now.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(now.value('chatbot_pace_waiting')).toBe(0);
    expect(now.value('chatbot_database_waiting')).toBe(0);
  });

  it('counts questions by operation and status, and times their answers, asked whole or streamed', async () => {
    const before = await read();
    const serial = await service.newChatbot({ Model: 'offline' });
    const { client, sessionId } = await service.visitor(serial);
    await client.ask({ sessionID: sessionId, content: 'Homes in Austin with 3 bedrooms?' });
    for await (const item of client.askStream({ sessionID: sessionId, content: 'And with a pool?' }))
      expect(item.kind).toMatch(/fragment|final/);
    const after = await read();
    const added = (name: string, labels: Record<string, string> = {}) =>
      after.value(name, labels) - before.value(name, labels);
    expect(added('chatbot_requests_total', { operation: 'ClientAsk', status: '200' })).toBe(2);
    expect(added('chatbot_requests_total', { operation: 'GetSession', status: '200' })).toBe(1);
    expect(added('chatbot_request_duration_seconds_count', { operation: 'ClientAsk' })).toBe(2);
    expect(added('chatbot_answer_first_fragment_seconds_count', { engine: 'offline' })).toBe(2);
    expect(added('chatbot_answer_seconds_count', { engine: 'offline', outcome: 'complete' })).toBe(2);
    expect(added('chatbot_engine_seconds_count', { engine: 'offline' })).toBe(2);
    // The engine's time is part of the answer's, which is part of the request's.
    expect(added('chatbot_engine_seconds_sum')).toBeLessThanOrEqual(added('chatbot_answer_seconds_sum'));
    expect(added('chatbot_answer_seconds_sum')).toBeLessThanOrEqual(
      added('chatbot_request_duration_seconds_sum', { operation: 'ClientAsk' }),
    );
    expect(added('chatbot_database_seconds_count')).toBeGreaterThan(0);
    // The chatbot asked now has its listings' vocabulary held, counted in bytes.
    expect(after.value('chatbot_listing_vocabularies')).toBeGreaterThanOrEqual(1);
    expect(after.value('chatbot_listing_vocabularies_bytes')).toBeGreaterThan(0);
    // A histogram's buckets are cumulative, the last one its count.
    expect(after.value('chatbot_answer_seconds_bucket', { engine: 'offline', outcome: 'complete', le: '+Inf' })).toBe(
      after.value('chatbot_answer_seconds_count', { engine: 'offline', outcome: 'complete' }),
    );
  });

  it('labels a request outside the API by its route’s pattern, never by its address', async () => {
    const before = await read();
    await fetch(`${service.origin}/healthz`);
    await fetch(`${service.origin}/no/such/page-7f3a9c`);
    await fetch(`${service.origin}/chat/Nothing-7f3a9c`, { method: 'POST', body: '{}' });
    const after = await read();
    expect(
      after.value('chatbot_requests_total', { operation: '/healthz', status: '200' }) -
        before.value('chatbot_requests_total', { operation: '/healthz', status: '200' }),
    ).toBe(1);
    expect(
      after.value('chatbot_requests_total', { status: '404' }) -
        before.value('chatbot_requests_total', { status: '404' }),
    ).toBe(2);
    expect(after.value('chatbot_requests_total', { operation: 'none', status: '404' })).toBeGreaterThan(0);
    expect(after.samples.filter((s) => Object.values(s.labels).some((v) => v.includes('7f3a9c')))).toEqual([]);
  });

  it('counts each 429 by operation and by the limit that refused it', async () => {
    const before = await read();
    const windowed = await service.newChatbot({ Model: 'offline', RateLimitCount: 1, RateLimitTime: 600 });
    const first = await service.visitor(windowed);
    await first.client.ask({ sessionID: first.sessionId, content: 'Homes in Austin?' });
    await expect(first.client.ask({ sessionID: first.sessionId, content: 'And in Dallas?' })).rejects.toMatchObject({
      status: 429,
    });
    const monthly = await service.newChatbot({ Model: 'offline', MessageLimit: 0 });
    const second = await service.visitor(monthly);
    await expect(second.client.ask({ sessionID: second.sessionId, content: 'Homes in Austin?' })).rejects.toMatchObject(
      { status: 429 },
    );
    const after = await read();
    const added = (name: string, labels: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(added('chatbot_rate_limited_total', { operation: 'ClientAsk', reason: 'rate' })).toBe(1);
    expect(added('chatbot_rate_limited_total', { operation: 'ClientAsk', reason: 'month' })).toBe(1);
    expect(added('chatbot_rate_limited_total', { reason: 'throttle' })).toBe(0);
    expect(added('chatbot_requests_total', { operation: 'ClientAsk', status: '429' })).toBe(2);
  });

  it('counts a stream open while it streams, and closed once it ends or its reader goes', async () => {
    const serial = await service.newChatbot();
    const { client, sessionId } = await service.visitor(serial);
    const before = await read();
    expect(before.value('chatbot_streams_open')).toBe(0);

    const stream = client.askStream({ sessionID: sessionId, content: 'Tell me everything' })[Symbol.asyncIterator]();
    expect((await stream.next()).value).toEqual({ kind: 'fragment', content: 'Held ' });
    expect((await read()).value('chatbot_streams_open')).toBe(1);
    held.letGo();
    while (!(await stream.next()).done);
    const ended = await until('the stream to count as closed', async () =>
      (await read()).value('chatbot_streams_open') === 0 ? await read() : null,
    );
    expect(
      ended.value('chatbot_answer_seconds_count', { engine: 'model', outcome: 'complete' }) -
        before.value('chatbot_answer_seconds_count', { engine: 'model', outcome: 'complete' }),
    ).toBe(1);

    const leave = new AbortController();
    const left = client
      .askStream({ sessionID: sessionId, content: 'Tell me more' }, { signal: leave.signal })
      [Symbol.asyncIterator]();
    expect((await left.next()).value).toEqual({ kind: 'fragment', content: 'Held ' });
    expect((await read()).value('chatbot_streams_open')).toBe(1);
    leave.abort();
    await expect(left.next()).rejects.toThrow();
    const gone = await until('the stream its reader left to count as closed', async () => {
      const now = await read();
      return now.value('chatbot_streams_open') === 0 &&
        now.value('chatbot_answer_seconds_count', { outcome: 'partial' }) === 1
        ? now
        : null;
    });
    expect(gone.value('chatbot_answer_first_fragment_seconds_count', { engine: 'model' })).toBe(2);
  });

  it('counts an email queued for a person (no SMTP_URL: it stays pending)', async () => {
    const before = await read();
    const serial = await service.newChatbot({ Model: 'offline', TalkToHumanEmail: 'agents@harbor.example' });
    const { client, sessionId } = await service.visitor(serial);
    await client.talkToHuman({ sessionID: sessionId, name: 'Ana Ruiz', email: 'ana@example.com', message: 'Call me' });
    const after = await read();
    expect(after.value('chatbot_outbox_pending') - before.value('chatbot_outbox_pending')).toBe(1);
    expect(after.value('chatbot_outbox_failed')).toBe(0);
  });
});

describe('METRICS_PORT: a listener of its own', () => {
  it('serves GET /metrics alone, with the token when one is set, and the service port none', async () => {
    const service = await startService();
    const listener = await serveMetrics(
      { host: '127.0.0.1', port: 0, token: TOKEN },
      () => service.app.metrics.metrics(),
      service.app.metrics.contentType,
    );
    try {
      expect((await fetch(`${listener.address}/metrics`)).status).toBe(401);
      expect(
        (await fetch(`${listener.address}/metrics`, { headers: { authorization: 'Bearer another-token-0123456789' } }))
          .status,
      ).toBe(401);
      const exposition = await scrape(`${listener.address}/metrics`);
      expect(exposition.types.get('chatbot_requests_total')).toBe('counter');
      expect((await fetch(`${listener.address}/`, { headers: bearer })).status).toBe(404);
      expect((await fetch(`${service.origin}/metrics`, { headers: bearer })).status).toBe(404);
    } finally {
      await listener.close();
      await service.close();
    }
  });

  it('compares the token whole, in any case of the scheme', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`BEARER ${TOKEN}`, TOKEN)).toBe(true);
    for (const header of [
      undefined,
      '',
      'Bearer',
      `Bearer ${TOKEN.slice(0, -1)}`,
      `Bearer ${TOKEN} extra`,
      `Token ${TOKEN}`,
    ])
      expect(bearerMatches(header, TOKEN), String(header)).toBe(false);
  });
});

describe('METRICS_TOKEN and METRICS_PORT', () => {
  const postgres = { DATABASE_URL: 'postgres://db.example/chatbot' };

  it('are unset by default: no metrics served', () => {
    expect(configFromEnv({}).metrics).toEqual({ token: undefined, port: undefined });
  });

  it('read a token and a port', () => {
    expect(configFromEnv({ METRICS_TOKEN: TOKEN }).metrics).toEqual({ token: TOKEN, port: undefined });
    expect(configFromEnv({ METRICS_PORT: '9464' }).metrics).toEqual({ token: undefined, port: 9464 });
    expect(configFromEnv({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN, WORKERS: '2', ...postgres }).metrics).toEqual({
      token: TOKEN,
      port: 9464,
    });
  });

  it('refuse a short token, a port that is not one or is PORT, and a token alone with WORKERS', () => {
    expect(() => configFromEnv({ METRICS_TOKEN: 'secret' })).toThrow('METRICS_TOKEN must be at least 16 characters');
    expect(() => configFromEnv({ METRICS_TOKEN: 'a token with spaces in it' })).toThrow(
      'METRICS_TOKEN must be at least 16 characters, without spaces',
    );
    expect(() => configFromEnv({ METRICS_PORT: 'metrics' })).toThrow(
      'METRICS_PORT must be an integer from 0 to 65535 (got "metrics")',
    );
    expect(() => configFromEnv({ PORT: '8080', METRICS_PORT: '8080' })).toThrow('METRICS_PORT must not be PORT (8080)');
    expect(() => configFromEnv({ METRICS_TOKEN: TOKEN, WORKERS: '2', ...postgres })).toThrow(
      'METRICS_TOKEN with WORKERS above 1 needs METRICS_PORT',
    );
  });
});

describe('the compiled service', () => {
  /** A visitor's question, whole, on a connection of its own (so a cluster hands it to the next process). */
  async function ask(bin: RunningBin): Promise<number> {
    const session = await postJson(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: bin.serial });
    const { SessionID, VisitorToken } = (
      JSON.parse(session.text) as { Data: { SessionID: number; VisitorToken: string } }
    ).Data;
    return (
      await postJson(
        `${bin.url}/chat/Chat/ClientAsk`,
        { sessionID: SessionID, content: 'Homes in Austin?' },
        { authorization: VisitorToken },
      )
    ).status;
  }

  // The embedded database: run once, on PGlite's pass.
  it.skipIf(usesPostgres())(
    'with METRICS_PORT serves the metrics there, and none on PORT',
    { timeout: 60_000 },
    async () => {
      const port = await freePort();
      const bin = await startBin({ METRICS_PORT: String(port), METRICS_TOKEN: TOKEN });
      try {
        expect(bin.output).toContain(`metrics          http://127.0.0.1:${port}/metrics (with METRICS_TOKEN)`);
        expect(await ask(bin)).toBe(200);
        expect((await fetch(`${bin.url}/metrics`, { headers: bearer })).status).toBe(404);
        expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
        const exposition = await scrape(`http://127.0.0.1:${port}/metrics`);
        expect(exposition.value('chatbot_requests_total', { operation: 'ClientAsk', status: '200' })).toBe(1);
        expect(exposition.value('chatbot_database_seconds_count')).toBeGreaterThan(0);
      } finally {
        await bin.close();
      }
    },
  );

  describe.runIf(usesPostgres())('WORKERS=2 on one PostgreSQL, with METRICS_PORT', () => {
    let bin: RunningBin;
    let drop: () => Promise<void>;
    let port: number;
    beforeAll(async () => {
      const database = await freshDatabase();
      drop = database.drop;
      port = await freePort();
      bin = await startBin({
        WORKERS: '2',
        DATABASE_URL: database.url!,
        METRICS_PORT: String(port),
        METRICS_TOKEN: TOKEN,
      });
    }, 90_000);
    afterAll(async () => {
      await bin?.close();
      await drop?.();
    });

    it('adds up the workers’ numbers in the primary, counting the one outbox once', { timeout: 60_000 }, async () => {
      const statuses = await Promise.all(Array.from({ length: 6 }, () => ask(bin)));
      expect(statuses).toEqual(Array(6).fill(200));
      const added = await postJson(
        `${bin.url}/chat/Chatbot/Add`,
        { timeZone: 'UTC', type: 0, TalkToHumanEmail: 'agents@harbor.example' },
        { authorization: bin.apiKey },
      );
      const serial = (JSON.parse(added.text) as { Data: { SerialNumber: string } }).Data.SerialNumber;
      const session = (
        JSON.parse((await postJson(`${bin.url}/chat/Chatbot/GetSession`, { serialNumber: serial })).text) as {
          Data: { SessionID: number; VisitorToken: string };
        }
      ).Data;
      expect(
        (
          await postJson(
            `${bin.url}/chat/Chat/TalkToHuman`,
            { sessionID: session.SessionID, name: 'Ana' },
            { authorization: session.VisitorToken },
          )
        ).status,
      ).toBe(200);
      const exposition = await scrape(`http://127.0.0.1:${port}/metrics`);
      expect(exposition.value('chatbot_workers_reporting')).toBe(2);
      expect(exposition.value('chatbot_requests_total', { operation: 'ClientAsk', status: '200' })).toBe(6);
      expect(exposition.value('chatbot_answer_seconds_count', { outcome: 'complete' })).toBe(6);
      expect(exposition.value('chatbot_outbox_pending')).toBe(1);
    });
  });
});
