/**
 * A JSON POST over node:http, for tests that choose the connection: `agent: false` for one of its
 * own (the cluster hands each to the next process), a keep-alive agent for load.
 */
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';

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
