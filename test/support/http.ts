/**
 * A JSON POST over node:http, for tests that choose the connection: `agent: false` for one of its
 * own (the cluster hands each to the next process), a keep-alive agent for load.
 */
import http from 'node:http';

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}, agent: http.Agent | false = false): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}
