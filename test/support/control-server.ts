/**
 * A loopback control server for browser tests of the widget: it scripts what the fake model
 * answers to a question (by a token in it), and reports what the real service stored and what the
 * model was asked — so a browser test can check the service's side of a conversation.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { messages } from '../../src/server/store/schema.ts';
import { textOf, type FakeModelServer, type ScriptedReply } from './fake-model-server.ts';
import type { TestService } from './service.ts';

export interface StoredMessage {
  role: string;
  content: string;
  status: string;
  clientMessageId: string | null;
  sessionId: number;
}

async function json(req: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as unknown;
}

export async function startControlServer(service: TestService, model: FakeModelServer): Promise<{ origin: string; close(): Promise<void> }> {
  const reply = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, { 'content-type': 'application/json', 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://control');
      if (req.method === 'OPTIONS') return reply(res, {});
      if (url.pathname === '/script') {
        const { match, reply: scripted } = (await json(req)) as { match: string; reply: ScriptedReply };
        model.scriptFor(match, scripted);
        return reply(res, { ok: true });
      }
      if (url.pathname === '/messages') {
        const rows = await service.db.select().from(messages).where(eq(messages.chatbot, url.searchParams.get('serial') ?? '')).orderBy(asc(messages.id));
        return reply(res, rows.map(({ role, content, status, clientMessageId, sessionId }): StoredMessage => ({ role, content, status, clientMessageId, sessionId })));
      }
      if (url.pathname === '/model-requests') {
        const match = url.searchParams.get('match') ?? '';
        return reply(res, { count: model.requests.filter((r) => r.body.messages.some((m) => m.role === 'user' && textOf(m).includes(match))).length });
      }
      res.writeHead(404).end();
    })().catch((error: unknown) => {
      res.writeHead(500, { 'access-control-allow-origin': '*' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
