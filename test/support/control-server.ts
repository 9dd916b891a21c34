/**
 * A loopback control server for browser tests of the widget: it scripts what the fake model
 * answers to a question (by a token in it), and reports what the real service stored and what the
 * model was asked — so a browser test can check the service's side of a conversation.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asc, eq } from 'drizzle-orm';
import { messages } from '../../src/server/store/schema.ts';
import { startCutProxy, type Cut } from './cut-proxy.ts';
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

/**
 * Also a cut proxy in front of the service (test/support/cut-proxy.ts) for the widget's fault
 * tests: `GET /cut-proxy` its origin and the last cut's outcome, `POST /cut-proxy/plan` a cut,
 * `POST /cut-proxy/reset` ends its connections.
 */
export async function startControlServer(
  service: TestService,
  model: FakeModelServer,
): Promise<{ origin: string; close(): Promise<void> }> {
  const proxy = await startCutProxy(service.origin);
  const reply = (res: ServerResponse, body: unknown) => {
    res.writeHead(200, {
      'content-type': 'application/json',
      'access-control-allow-origin': '*',
      'access-control-allow-headers': 'content-type',
    });
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
        const rows = await service.db
          .select()
          .from(messages)
          .where(eq(messages.chatbot, url.searchParams.get('serial') ?? ''))
          .orderBy(asc(messages.id));
        return reply(
          res,
          rows.map(({ role, content, status, clientMessageId, sessionId }): StoredMessage => ({
            role,
            content,
            status,
            clientMessageId,
            sessionId,
          })),
        );
      }
      if (url.pathname === '/cut-proxy')
        return reply(res, {
          origin: proxy.origin,
          happened: proxy.lastCutHappened,
          askBytes: proxy.lastAskBytes,
          headBytes: proxy.lastAskHeadBytes,
          asks: proxy.asks,
        });
      if (url.pathname === '/cut-proxy/plan') {
        proxy.plan((await json(req)) as Cut);
        return reply(res, { ok: true });
      }
      if (url.pathname === '/cut-proxy/reset') {
        proxy.reset();
        return reply(res, { ok: true });
      }
      if (url.pathname === '/model-requests') {
        const match = url.searchParams.get('match') ?? '';
        return reply(res, {
          count: model.requests.filter((r) =>
            r.body.messages.some((m) => m.role === 'user' && textOf(m).includes(match)),
          ).length,
        });
      }
      res.writeHead(404).end();
    })().catch((error: unknown) => {
      res.writeHead(500, { 'access-control-allow-origin': '*' }).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      await proxy.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
