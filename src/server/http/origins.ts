/**
 * Which pages may use a chatbot (VerifyDomain, Domains, CustomDomain — API.md §3.2) and the CORS
 * headers that follow from it. A preflight cannot name the chatbot (it has no body), so it is
 * answered for any origin; the real response allows the page only when the chatbot does.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hostMatches, splitDomains, toAsciiHost, type Settings } from '../../protocol/index.ts';
import { forbidden } from './envelope.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** Set when the page's origin may not read this response. */
    corsDenied?: boolean;
  }
}

const ALLOWED_HEADERS = 'Authorization, Content-Type, chatrobot-sessionkey, Accept, Last-Event-ID';

/**
 * The host of the web page making the request: Origin's, or Referer's when Origin is absent. Only
 * an http(s) page has one — an opaque origin ("null"), a file, an extension or an app has none.
 */
export function pageHost(req: FastifyRequest): string | null {
  const origin = req.headers.origin;
  const source = origin && origin !== 'null' ? origin : origin === 'null' ? '' : (req.headers.referer ?? '');
  if (!source || !URL.canParse(source)) return null;
  const url = new URL(source);
  return url.protocol === 'http:' || url.protocol === 'https:' ? toAsciiHost(url.hostname) : null;
}

/** May the page behind this request use the chatbot as a visitor? */
export function pageAllowed(
  settings: Pick<Settings, 'VerifyDomain' | 'Domains' | 'CustomDomain'>,
  req: FastifyRequest,
): boolean {
  if (!settings.VerifyDomain) return true;
  const host = pageHost(req);
  if (!host) return false;
  const patterns = splitDomains(settings.Domains);
  if (settings.CustomDomain) patterns.push(settings.CustomDomain);
  return hostMatches(host, patterns);
}

/** A visitor may use the chatbot from this page; otherwise 403, which the page cannot even read. */
export function assertPageAllowed(settings: Settings, req: FastifyRequest, reply: FastifyReply): void {
  if (pageAllowed(settings, req)) return;
  reply.corsDenied = true;
  const host = pageHost(req);
  throw forbidden(
    host ? `This chatbot is not available on ${host}` : 'This chatbot is only available on the sites its owner allows',
  );
}

export function installCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.method !== 'OPTIONS' || !req.headers.origin || !req.headers['access-control-request-method']) return;
    return reply
      .code(204)
      .headers({
        'access-control-allow-origin': req.headers.origin,
        'access-control-allow-methods': 'GET, POST, PUT, OPTIONS',
        'access-control-allow-headers': ALLOWED_HEADERS,
        'access-control-max-age': '600',
        vary: 'Origin',
      })
      .send();
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.headers.origin && !reply.corsDenied) {
      reply.header('access-control-allow-origin', req.headers.origin);
      reply.header('vary', 'Origin');
    }
    return payload;
  });
}
