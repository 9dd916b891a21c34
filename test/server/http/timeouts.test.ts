/**
 * Connection timeouts (src/server/http/timeouts.ts): a connection that stalls in its headers, falls
 * silent mid-body, trickles its body past the whole-request limit or idles between requests is
 * closed — with the envelope's 408 naming the limit while a request is unfinished — and one that
 * keeps sending within the limits is not. Each with a raw socket against the real service, the
 * limits shortened for the test, and the idle limit out of the way of the others (a minute) where
 * it would close the connection first; the 408's Message names the limit that cut it. The tests run
 * side by side, each on a connection of its own. Without the limits, a connection that has sent
 * headers and part of a body would stay open (200 s and more; 300 of them would hold 300
 * descriptors).
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, it, type ExpectStatic } from 'vitest';
import { parseRawReply } from '../../support/http.ts';
import { startService, type TestService } from '../../support/service.ts';

/** Silence is cut soon; the whole request may take 3 s. */
let silent: TestService;
/** Silence is allowed a minute: what closes a connection within seconds is the headers', the whole request's or the keep-alive limit. */
let limits: TestService;
beforeAll(async () => {
  [silent, limits] = await Promise.all([
    startService({ own: true, timeouts: { headersMs: 600, idleMs: 800, requestMs: 3_000, keepAliveMs: 500 } }),
    startService({ own: true, timeouts: { headersMs: 600, idleMs: 60_000, requestMs: 1_500, keepAliveMs: 500 } }),
  ]);
});
afterAll(() => Promise.all([silent?.close(), limits?.close()]));

interface Closed {
  afterMs: number;
  received: string;
}

/** A raw connection to the service, and when (ms after opening) and with what the server closed it. */
function open(service: TestService): Promise<{ socket: Socket; closed: Promise<Closed> }> {
  const { port, hostname } = new URL(service.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const started = performance.now();
    const chunks: Buffer[] = [];
    socket.on('data', (d: Buffer) => chunks.push(d));
    socket.on('error', () => undefined);
    const closed = new Promise<Closed>((done) =>
      socket.on('close', () =>
        done({ afterMs: performance.now() - started, received: Buffer.concat(chunks).toString('utf8') }),
      ),
    );
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** The close, or null when the connection is still open after `s` seconds (it is then destroyed). */
const withinSeconds = async (opened: { socket: Socket; closed: Promise<Closed> }, s: number) => {
  let timer: NodeJS.Timeout | undefined;
  const end = await Promise.race([
    opened.closed,
    new Promise<null>((r) => (timer = setTimeout(() => r(null), s * 1000))),
  ]);
  clearTimeout(timer);
  if (!end) opened.socket.destroy();
  return end;
};

/** The close of a connection the service must close within 10 s (the test fails if it is still open). */
const closedWithin10s = async (expect: ExpectStatic, opened: { socket: Socket; closed: Promise<Closed> }) => {
  const end = await withinSeconds(opened, 10);
  expect(end, 'still open after 10 s').not.toBeNull();
  return end!;
};

/** The envelope of a 408 naming `rule`, sent before the connection was closed. */
const expectTimeout = (expect: ExpectStatic, received: string, rule: string) => {
  const reply = parseRawReply(received);
  expect(reply.status, received.slice(0, 200)).toBe(408);
  expect(reply.headers.connection).toBe('close');
  expect(JSON.parse(reply.body)).toEqual({ Success: false, Code: 408, Message: rule, Data: null, Version: '1.0.0' });
};

it.concurrent(
  'answers headers that stop coming with a 408 naming the headers limit, and closes the connection',
  async ({ expect }) => {
    const opened = await open(limits);
    opened.socket.write('POST /chat/Chat/ClientAsk HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n');
    const end = await closedWithin10s(expect, opened);
    expectTimeout(expect, end.received, "The request's headers must arrive within 0.6 s");
  },
);

it.concurrent(
  'cuts a body that keeps trickling past the whole-request limit, with a 408 naming it',
  async ({ expect }) => {
    const opened = await open(limits);
    opened.socket.write(
      'POST /chat/Chatbot/Get HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    // A byte every 100 ms, never silent for long, would take 100 s: far past the 1.5 s for the whole request.
    let sending = true;
    void opened.closed.then(() => (sending = false));
    void (async () => {
      while (sending && opened.socket.writable) {
        opened.socket.write(' ');
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const end = await closedWithin10s(expect, opened);
    expect(end.afterMs).toBeGreaterThan(1_400);
    expectTimeout(expect, end.received, 'The whole request, its body included, must arrive within 1.5 s');
  },
);

it.concurrent(
  'closes a keep-alive connection left idle after its answer, with nothing more sent',
  async ({ expect }) => {
    const opened = await open(limits);
    opened.socket.write('GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const end = await closedWithin10s(expect, opened);
    expect(end.received).toMatch(/^HTTP\/1\.1 200/);
    expect(end.received.match(/^HTTP\/1\.1 /gm), 'one response only').toHaveLength(1);
  },
);

it.concurrent(
  'answers a body that falls silent past the idle limit with a 408 naming it, and closes the connection',
  async ({ expect }) => {
    const opened = await open(silent);
    opened.socket.write(
      'POST /chat/Chat/ClientAsk HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"sessionID":',
    );
    const end = await closedWithin10s(expect, opened);
    expectTimeout(
      expect,
      end.received,
      "The request's body must not fall silent for more than 0.8 s before it is complete",
    );
  },
);

it.concurrent('keeps a connection that keeps sending, past the idle limit, and answers it', async ({ expect }) => {
  const opened = await open(silent);
  const body = JSON.stringify({ serialNumber: '0'.repeat(32) });
  opened.socket.write(
    `POST /chat/Chatbot/Get HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  // A byte every 300 ms for 1.5 s: never silent as long as the idle limit (800 ms), longer than it in all.
  for (const ch of body.slice(0, 5)) {
    opened.socket.write(ch);
    await new Promise((r) => setTimeout(r, 300));
  }
  opened.socket.write(body.slice(5));
  const end = await withinSeconds(opened, 10);
  expect(end!.afterMs).toBeGreaterThan(1_400);
  expect(end!.received).toMatch(/^HTTP\/1\.1 (?:4\d\d|200)/);
  expect(end!.received).not.toMatch(/^HTTP\/1\.1 408/);
});
