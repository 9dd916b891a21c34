/**
 * Connection timeouts (src/server/timeouts.ts; issue 37): a connection that stalls in its headers,
 * mid-body or idle between requests is closed, and one that keeps sending is not — each with a raw
 * socket against the real service, the limits shortened for the test. Before, a connection that had
 * sent headers and part of a body stayed open (200 s and more; 300 of them held 300 descriptors).
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startService, type TestService } from '../support/service.ts';

let service: TestService;
beforeAll(async () => {
  service = await startService({
    own: true,
    timeouts: { headersMs: 600, idleMs: 800, requestMs: 3_000, keepAliveMs: 500 },
  });
});
afterAll(() => service?.close());

/** A raw connection to the service, and when (ms after opening) and with what the server closed it. */
function open(): Promise<{ socket: Socket; closed: Promise<{ afterMs: number; received: string }> }> {
  const { port, hostname } = new URL(service.origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const started = performance.now();
    let received = '';
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', () => undefined);
    const closed = new Promise<{ afterMs: number; received: string }>((done) =>
      socket.on('close', () => done({ afterMs: performance.now() - started, received })),
    );
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

const withinSeconds = (p: Promise<{ afterMs: number; received: string }>, s: number) =>
  Promise.race([p, new Promise<null>((r) => setTimeout(() => r(null), s * 1000))]);

it('closes a connection whose headers stop coming', async () => {
  const { socket, closed } = await open();
  socket.write('POST /chat/Chat/ClientAsk HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n');
  const end = await withinSeconds(closed, 10);
  expect(end, 'still open after 10 s').not.toBeNull();
  expect(end!.received).toMatch(/^HTTP\/1\.1 408|^$/);
});

it('closes a connection that stops mid-body', async () => {
  const { socket, closed } = await open();
  socket.write(
    'POST /chat/Chat/ClientAsk HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"sessionID":',
  );
  const end = await withinSeconds(closed, 10);
  expect(end, 'still open after 10 s').not.toBeNull();
});

it('closes a keep-alive connection left idle after its answer', async () => {
  const { socket, closed } = await open();
  socket.write('GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  const end = await withinSeconds(closed, 10);
  expect(end, 'still open after 10 s').not.toBeNull();
  expect(end!.received).toMatch(/^HTTP\/1\.1 200/);
});

it('keeps a connection that keeps sending, past the idle limit, and answers it', async () => {
  const { socket, closed } = await open();
  const body = JSON.stringify({ serialNumber: '0'.repeat(32) });
  socket.write(
    `POST /chat/Chatbot/Get HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  // A byte every 300 ms for 1.5 s: never silent as long as the idle limit (800 ms), longer than it in all.
  for (const ch of body.slice(0, 5)) {
    socket.write(ch);
    await new Promise((r) => setTimeout(r, 300));
  }
  socket.write(body.slice(5));
  const end = await withinSeconds(closed, 10);
  expect(end!.afterMs).toBeGreaterThan(1_400);
  expect(end!.received).toMatch(/^HTTP\/1\.1 (?:4\d\d|200)/);
  expect(end!.received).not.toMatch(/^HTTP\/1\.1 408/);
});
