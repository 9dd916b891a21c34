/**
 * A loopback server that speaks API.md's wire format (envelope, status, headers, SSE) and plays
 * scripted scenarios, for testing the client on both sides before and beside the real service.
 * Bodies are validated with the real protocol schemas, so a client that sends a malformed body
 * fails the "success" tests. URLs: `/w/<scenario>/<nonce>/<API path>`; every request is recorded
 * per nonce (`GET /__requests/<nonce>`); gated streams wait for `POST /__release/<nonce>`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  FILE_PATH_PREFIX,
  OPERATIONS,
  OPERATION_NAMES,
  checkBody,
  encodeSseComment,
  encodeSseEvent,
  failure,
  success,
  type OperationName,
} from '../../src/protocol/index.ts';
import { answer, fragments, sampleData } from './samples.ts';
import { FAILURE_MESSAGES } from './failures.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The client went away before the response ended. */
  disconnected: boolean;
}

export interface WireServer {
  origin: string;
  close(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
  'access-control-allow-headers': 'Authorization, Content-Type, chatrobot-sessionkey, Accept, last-event-id',
};
const SSE_HEADERS = {
  ...CORS,
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
};

export async function startWireServer(): Promise<WireServer> {
  const log = new Map<string, RecordedRequest[]>();
  const gates = new Map<string, { released: number; waiters: (() => void)[] }>();
  const gate = (nonce: string) => gates.get(nonce) ?? gates.set(nonce, { released: 0, waiters: [] }).get(nonce)!;
  const passGate = (nonce: string) =>
    new Promise<void>((resolve) => {
      const g = gate(nonce);
      if (g.released > 0) {
        g.released--;
        resolve();
      } else g.waiters.push(resolve);
    });

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) json(res, 500, failure(500, `wire server: ${String(error)}`));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://wire');
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    const control = /^\/__(requests|release)\/([\w-]+)$/.exec(url.pathname);
    if (control) {
      const nonce = control[2]!;
      if (control[1] === 'requests') return json(res, 200, log.get(nonce) ?? []);
      const g = gate(nonce);
      const waiter = g.waiters.shift();
      if (waiter) waiter();
      else g.released++;
      return json(res, 200, { ok: true });
    }
    const m = /^\/w\/([\w-]+)\/([\w-]+)(\/.*)$/.exec(url.pathname);
    if (!m) return json(res, 404, failure(404, 'Unknown path'));
    const [, scenario, nonce, path] = m as unknown as [string, string, string, string];
    const bytes = await readBody(req);
    const body = bytes.toString('utf8');
    const record: RecordedRequest = {
      method: req.method ?? '',
      path,
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])),
      body,
      disconnected: false,
    };
    (log.get(nonce) ?? log.set(nonce, []).get(nonce)!).push(record);
    res.on('close', () => (record.disconnected = !res.writableFinished));
    const base = `http://${req.headers.host}/w/${scenario}/${nonce}`;
    await respond({ scenario, nonce, path, body, size: bytes.length, method: req.method ?? '', base }, res);
  }

  async function respond(
    r: { scenario: string; nonce: string; path: string; body: string; size: number; method: string; base: string },
    res: ServerResponse,
  ) {
    const failing = /^fail-(\d{3})$/.exec(r.scenario);
    const name = OPERATION_NAMES.find((n) => OPERATIONS[n].path === r.path);
    if (failing) {
      const code = Number(failing[1]);
      return json(
        res,
        code,
        failure(
          code,
          FAILURE_MESSAGES[code] ?? `Failure ${code}`,
          name === 'RealEstateUpdate' && code === 404 ? 0 : null,
        ),
      );
    }
    if (r.scenario === 'html-502') {
      res.writeHead(502, { ...CORS, 'content-type': 'text/html' });
      return void res.end('<html><body>502 Bad Gateway</body></html>');
    }
    if (r.scenario === 'no-envelope') return json(res, 200, { hello: 'world' });
    if (r.scenario === 'hang') return; // never answers; the client aborts
    if (r.method === 'PUT' && r.path.startsWith('/__upload/'))
      return json(res, 200, success({ FileStoreId: r.path.slice('/__upload/'.length), Size: r.size }));
    if (r.method === 'GET' && r.path.startsWith(FILE_PATH_PREFIX)) {
      res.writeHead(200, { ...CORS, 'content-type': 'image/png' });
      return void res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    }
    if (!name || OPERATIONS[name].method !== r.method)
      return json(res, 404, failure(404, `No operation ${r.method} ${r.path}`));
    const spec = OPERATIONS[name];
    let parsed: unknown = null;
    // A GET's input is its query (the event streams), which the scenarios do not read.
    if (spec.body && spec.method === 'POST') {
      try {
        parsed = JSON.parse(r.body);
      } catch {
        return json(res, 400, failure(400, 'The body is not valid JSON'));
      }
      const checked = checkBody(spec.body, parsed);
      if (!checked.ok) return json(res, 400, failure(400, checked.message));
    }
    if (name === 'ClientAsk' && (parsed as { stream?: boolean }).stream) return stream(r.scenario, r.nonce, res);
    // The event streams: one sample event, then the stream ends (a reader reconnects; the tests stop it first).
    if (name === 'ChatbotEvents' || name === 'ChatEvents') {
      res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream; charset=utf-8' });
      return void res.end(sampleData(name, r.base));
    }
    if (name === 'ClientAsk' && r.scenario.startsWith('stream-'))
      return json(res, 400, failure(400, 'Expected stream: true'));
    return json(res, 200, success(sampleData(name as OperationName, r.base)));
  }

  /** The nonces whose `stream-restart-once` stream was already ended. */
  const restarted = new Set<string>();

  async function stream(scenario: string, nonce: string, res: ServerResponse) {
    if (scenario === 'stream-json') return json(res, 200, success(sampleData('ClientAsk', '')));
    res.writeHead(200, SSE_HEADERS);
    const final = { QuestionID: 1001, AnswerID: 1002, Answer: answer, TotalToken: 57, Language: 'en' };
    const write = (s: string) => new Promise<void>((resolve) => res.write(s, () => resolve()));
    switch (scenario) {
      case 'stream-gated':
        // Fragment i+1 leaves only after the test released it: arrival is provably incremental.
        for (const [i, f] of fragments.entries()) {
          if (i > 0) await passGate(nonce);
          await write(encodeSseEvent({ content: f }));
        }
        await passGate(nonce);
        return void res.end(encodeSseEvent(final));
      case 'stream-quirks': {
        await write(`\uFEFF${encodeSseComment('ping')}\n\n`);
        const [first = '', ...rest] = fragments;
        await write(`data:${JSON.stringify({ content: first })}\r\n\r\n\r\n`);
        for (const f of rest)
          await write(`${encodeSseComment('ping')}retry: 60000\ndata: ${JSON.stringify({ content: f })}\r\r`);
        await write(encodeSseComment('ping'));
        return void res.end(`data: ${JSON.stringify(final)}`); // no blank line after the last event
      }
      case 'stream-restart-once':
        // A service restarting (a deploy): the first ask's stream ends with RetryAfter; asked again, it is answered.
        if (!restarted.has(nonce)) {
          restarted.add(nonce);
          await write(encodeSseEvent({ content: fragments[0] }));
          return void res.end(
            encodeSseEvent(
              { Code: 503, Message: 'The service is restarting; please ask again', RetryAfter: 1 },
              'error',
            ),
          );
        }
        for (const f of fragments) await write(encodeSseEvent({ content: f }));
        return void res.end(encodeSseEvent(final));
      case 'stream-error':
        await write(encodeSseEvent({ content: fragments[0] }));
        return void res.end(encodeSseEvent({ Code: 503, Message: 'The model server stopped answering' }, 'error'));
      case 'stream-drop':
        // A short retry makes any reconnect happen at once, so the test's window can be short.
        await write('retry: 20\n\n');
        await write(encodeSseEvent({ content: fragments[0] }) + encodeSseEvent({ content: fragments[1] }));
        return void res.socket?.destroy();
      case 'stream-incomplete':
        await write(encodeSseEvent({ content: fragments[0] }));
        return void res.end();
      case 'stream-hang':
        await write('retry: 20\n\n' + encodeSseEvent({ content: fragments[0] }));
        return; // never ends; the client aborts
      default:
        for (const f of fragments) await write(encodeSseEvent({ content: f }));
        return void res.end(encodeSseEvent(final));
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { ...CORS, 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
