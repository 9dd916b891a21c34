/**
 * Where the metrics (index.ts) are read: `GET /metrics` on the service's port when it is given a
 * token (METRICS_TOKEN: a scrape must send `Authorization: Bearer <token>`), or a listener of its
 * own (METRICS_PORT, main.ts) — never open to anyone on the port visitors use. The numbers say how
 * busy the service is and which operations fail; nothing in them is a visitor's or an owner's.
 *
 * Every request is counted as it completes, by its operation's name (http/operation.ts) or, outside the
 * API, its route's pattern — `none` when no route took it — never its address.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { sendFailure, unauthenticated } from '../envelope.ts';
import type { Metrics } from './types.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The API operation a route serves (http/operation.ts): its requests' label in the metrics. */
    operation?: string;
  }
  interface FastifyInstance {
    /** This app's metrics (index.ts), for main.ts to serve on METRICS_PORT. */
    metrics: Registry;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether an Authorization header carries `token` as a bearer token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(given), digest(token));
}

/**
 * Counts the app's requests, and serves `/metrics` when `route` says so (with `token`, only to a
 * scrape bearing it). Metrics are released when the app closes.
 */
export function installMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  route: { token?: string | undefined } | false,
): void {
  app.decorate('metrics', metrics.registry);
  app.addHook('onResponse', async (request, reply) => {
    const operation = request.routeOptions.config.operation ?? request.routeOptions.url ?? 'none';
    metrics.request(request, operation, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.addHook('onClose', async () => metrics.close());
  if (!route) return;
  const { token } = route;
  // Scraped every few seconds, like the probes: not logged at info.
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    if (token && !bearerMatches(request.headers.authorization, token))
      return sendFailure(
        reply.header('www-authenticate', 'Bearer realm="metrics"'),
        unauthenticated('/metrics needs the metrics token: Authorization: Bearer <METRICS_TOKEN>'),
      );
    return reply
      .header('cache-control', 'no-store')
      .type(metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}

export interface MetricsListener {
  /** Where it listens (`http://host:port`). */
  address: string;
  close(): Promise<void>;
}

/**
 * METRICS_PORT: `GET /metrics` alone on a listener of its own (the service's port then has none),
 * for a network the scraper reaches and visitors do not; with a token, only for a scrape bearing
 * it. `read` gives the text: this process's registry, or the workers' together (cluster.ts).
 */
export async function serveMetrics(
  where: { host: string; port: number; token?: string | undefined },
  read: () => Promise<string>,
  contentType: string,
): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD'))
      return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here\n');
    if (where.token && !bearerMatches(req.headers.authorization, where.token))
      return void res
        .writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer realm="metrics"' })
        .end('/metrics needs the metrics token\n');
    read().then(
      (text) =>
        res
          .writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' })
          .end(req.method === 'HEAD' ? undefined : text),
      (error: unknown) =>
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(`The metrics could not be read: ${error instanceof Error ? error.message : 'unknown error'}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(where.port, where.host, () => resolve());
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    address: `http://${address.includes(':') ? `[${address}]` : address}:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A scraper keeps its connection open between scrapes.
        server.closeAllConnections();
      }),
  };
}
