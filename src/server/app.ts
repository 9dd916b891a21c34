/** The reference service as a Fastify app: nothing here listens (main.ts does). */
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { join } from 'node:path';
import { packageRoot } from './files-on-disk.ts';
import { openApiDocument } from './openapi.ts';

export interface AppOptions {
  /** Where the built widget is (dist/): `/chat-bot.js` and its lazy chunks are served from it. */
  widgetDir?: string;
  /** The demo site served at `/`. */
  demoDir?: string;
  logger?: boolean;
}

export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const root = packageRoot();
  const widgetDir = options.widgetDir ?? join(root, 'dist');
  const demoDir = options.demoDir ?? join(root, 'demo');
  const app = Fastify({ logger: options.logger ?? false, forceCloseConnections: true });

  const openapi = openApiDocument();
  app.get('/openapi.json', async () => openapi);

  await app.register(fastifyStatic, { root: demoDir, prefix: '/' });
  // The script-tag file and the chunks it loads lazily, beside it on the same origin.
  const widgetHeaders = { 'cache-control': 'public, max-age=300', 'cross-origin-resource-policy': 'cross-origin' };
  app.get('/chat-bot.js', (_req, reply) => reply.headers(widgetHeaders).sendFile('chat-bot.js', widgetDir));
  app.get<{ Params: { chunk: string } }>('/chat-bot.:chunk', (req, reply) =>
    /^[\w.-]+\.js(\.map)?$/.test(req.params.chunk) && !req.params.chunk.includes('..')
      ? reply.headers(widgetHeaders).sendFile(`chat-bot.${req.params.chunk}`, widgetDir)
      : reply.callNotFound(),
  );
  return app;
}
