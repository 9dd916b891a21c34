/**
 * Probes for load balancers and orchestrators: `GET /healthz` — the process is up and
 * serving — and `GET /readyz` — it can answer visitors now: the database, the file store and the
 * model server (when one is configured) each reachable within READY_TIMEOUT_MS, 503 with the reason
 * of each that is not — and 503 "draining" from the moment a shutdown begins (http/shutdown.ts). Plain
 * JSON (a probe reads the status; a person reads the reasons); no credential is needed, and nothing
 * secret is said.
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from './context.ts';
import { chatbots } from '../store/schema.ts';

/** How long each part may take to answer a readiness check. */
export const READY_TIMEOUT_MS = 2_000;

type Check = { name: string; run: (signal: AbortSignal) => Promise<unknown> };

/** What each check found: "ok", or why not (its error's message, never its details). */
async function probe(checks: Check[]): Promise<Record<string, string>> {
  const results = await Promise.all(
    checks.map(async ({ name, run }) => {
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), READY_TIMEOUT_MS);
      try {
        await Promise.race([
          run(abort.signal),
          new Promise((_, reject) =>
            abort.signal.addEventListener('abort', () => reject(new Error(`no answer within ${READY_TIMEOUT_MS} ms`)), {
              once: true,
            }),
          ),
        ]);
        return [name, 'ok'] as const;
      } catch (error) {
        return [
          name,
          error instanceof Error && error.message ? error.message.split('\n')[0]!.slice(0, 200) : 'unreachable',
        ] as const;
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  return Object.fromEntries(results);
}

export function healthRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  // Probes come every few seconds: their requests are not logged at info.
  const quiet = { logLevel: 'warn' as const };
  app.get('/healthz', quiet, (_req, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', quiet, async (_req, reply) => {
    // Shutting down (http/shutdown.ts): out of the load balancer's rotation at once, whatever the parts say.
    if (ctx.shutdown.draining)
      return reply.code(503).header('cache-control', 'no-store').send({ status: 'draining', checks: {} });
    const checks = await probe([
      { name: 'database', run: () => ctx.db.select({ serial: chatbots.serialNumber }).from(chatbots).limit(1) },
      { name: 'files', run: () => ctx.files.check() },
      ...ctx.engines.checked.map(({ name, engine }) => ({ name, run: (signal: AbortSignal) => engine.check!(signal) })),
    ]);
    const ready = Object.values(checks).every((v) => v === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
