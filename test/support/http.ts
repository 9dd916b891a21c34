/**
 * A JSON POST over node:http, for tests that choose the connection: `agent: false` for one of its
 * own (the cluster hands each to the next process), a keep-alive agent for load.
 */
import http from 'node:http';
import { connect as netConnect, createServer, type AddressInfo } from 'node:net';

export interface PostReply {
  status: number;
  text: string;
  headers: http.IncomingHttpHeaders;
}

/** `timeoutMs`: rejects with a `timed out` error when the reply has not ended by then (a hang). */
export function postJson(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  agent: http.Agent | false = false,
  timeoutMs = 0,
): Promise<PostReply> {
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const fail = (error: Error) => (clearTimeout(timer), reject(error));
    const req = http.request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on(
          'end',
          () => (clearTimeout(timer), resolve({ status: res.statusCode ?? 0, text, headers: res.headers })),
        );
        res.on('error', fail);
      },
    );
    if (timeoutMs) timer = setTimeout(() => req.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    req.on('error', fail);
    req.end(JSON.stringify(body));
  });
}

/** A port free on 127.0.0.1 just now, for a server that must keep its port across restarts. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

export interface RawReply {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
  /** Whether the server closed the connection (within `timeoutMs`). */
  closed: boolean;
}

/**
 * Bytes written as they are on a connection of their own (a request no HTTP client would send), and
 * what came back until the server closed it — or `timeoutMs` passed.
 */
export function rawExchange(origin: string, request: string, timeoutMs = 5_000): Promise<RawReply> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = netConnect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let closed = true;
    const timer = setTimeout(() => ((closed = false), socket.destroy()), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the answer (the server closed with bytes of ours unread) ends the exchange like a close.
    socket.on('error', () => undefined);
    socket.once('close', () => {
      clearTimeout(timer);
      const received = Buffer.concat(chunks).toString('utf8');
      const reply = parseRawReply(received);
      if (!reply.status && received) reject(new Error(`not an HTTP response: ${received.slice(0, 200)}`));
      resolve({ ...reply, closed });
    });
    socket.once('connect', () => socket.write(request));
  });
}

/** One HTTP/1.1 response as it came over a socket: status 0 when there is none. */
export function parseRawReply(received: string): Omit<RawReply, 'closed'> {
  const [head = '', ...rest] = received.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0);
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { status, headers, body: rest.join('\r\n\r\n') };
}
