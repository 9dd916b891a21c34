/**
 * One operation of API.md as a route: who is calling (401 for a bad credential), whether that
 * kind of credential may call it (401/403), the body checked by the protocol's schema (400), then
 * the handler, whose result goes out in the envelope — unless it streamed the reply itself.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { OPERATIONS, checkBody, type BodyOf, type DataOf, type OperationName } from '../../protocol/index.ts';
import { identify, type Caller } from './auth.ts';
import type { ServiceContext } from './context.ts';
import { forbidden, invalid, notFound, sendSuccess, unauthenticated } from './envelope.ts';
import { findChatbot, type ChatbotRow } from '../store/chatbots.ts';

/** Returned by a handler that wrote the reply itself (a stream, a file). */
export const REPLIED = Symbol('replied');

export interface Call<N extends OperationName> {
  body: BodyOf<N>;
  caller: Caller;
  req: FastifyRequest;
  reply: FastifyReply;
  now: Date;
}

export type Handler<N extends OperationName> = (call: Call<N>) => Promise<DataOf<N> | typeof REPLIED>;

const CREDENTIAL_NAMES = {
  apiKey: 'the API key',
  sessionKey: 'an owner session key',
  visitorToken: 'a visitor token',
} as const;

export function operation<N extends OperationName>(
  app: FastifyInstance,
  ctx: ServiceContext,
  name: N,
  handler: Handler<N>,
): void {
  const spec = OPERATIONS[name];
  app.route({
    method: spec.method,
    url: spec.path,
    // Its requests' label in the metrics (http/metrics/scrape.ts).
    config: { operation: name },
    handler: async (req, reply) => {
      const now = ctx.clock.now();
      // An operation whose body's token is the credential reads no header (a stale one in it is no matter).
      const caller: Caller = 'bodyToken' in spec ? { kind: 'none' } : await identify(req, ctx.db, ctx.secret, now);
      // A token of a chatbot that serves no visitor (DEMO off) is a token of one that does not exist.
      if (caller.kind === 'visitor' && ctx.notServed.has(caller.chatbot))
        throw notFound(`No chatbot has the serial number "${caller.chatbot}"`);
      const held = caller.kind === 'owner' ? caller.via : caller.kind === 'visitor' ? 'visitorToken' : null;
      if (!held && !('visitorFlow' in spec) && !('bodyToken' in spec))
        throw unauthenticated(`${name} needs ${spec.credentials.map((c) => CREDENTIAL_NAMES[c]).join(' or ')}`);
      if (held && !(spec.credentials as readonly string[]).includes(held))
        throw forbidden(
          `${CREDENTIAL_NAMES[held]} cannot be used for ${name}; it needs ${spec.credentials.map((c) => CREDENTIAL_NAMES[c]).join(' or ')}`,
        );
      let body: unknown = undefined;
      if (spec.body) {
        // A GET operation's input is its query (the event streams: a browser's EventSource sends no body).
        const checked = checkBody(spec.body, spec.method === 'GET' ? queryInput(spec.body, req.query) : req.body);
        if (!checked.ok) throw invalid(checked.message);
        body = checked.value;
      }
      const data = await handler({ body: body as BodyOf<N>, caller, req, reply, now });
      if (data !== REPLIED) return sendSuccess(reply, data);
      return reply;
    },
  });
}

/** A query's fields as the body schema takes them: an integer field's digits as a number, the rest as sent. */
function queryInput(schema: TSchema, query: unknown): Record<string, unknown> {
  const properties = (schema as { properties?: Record<string, { type?: string }> }).properties ?? {};
  const types = new Map(Object.entries(properties).map(([name, p]) => [name.toLowerCase(), p.type]));
  return Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).map(([name, value]) => [
      name,
      types.get(name.toLowerCase()) === 'integer' && typeof value === 'string' && /^\d{1,15}$/.test(value)
        ? Number(value)
        : value,
    ]),
  );
}

/** The chatbot, if it exists (404) and the owner calling owns it (403). */
export async function ownedChatbot(ctx: ServiceContext, caller: Caller, serialNumber: string): Promise<ChatbotRow> {
  const chatbot = await findChatbot(ctx.db, serialNumber);
  if (!chatbot) throw notFound(`No chatbot has the serial number "${serialNumber}"`);
  if (caller.kind !== 'owner' || caller.ownerId !== chatbot.ownerId)
    throw forbidden('This credential does not give access to this chatbot');
  return chatbot;
}

/** The chatbot a visitor (or a page without a credential) asks for; 404 when it does not exist or serves no visitor. */
export async function visitorChatbot(ctx: ServiceContext, serialNumber: string): Promise<ChatbotRow> {
  const chatbot = await findChatbot(ctx.db, serialNumber);
  if (!chatbot || ctx.notServed.has(chatbot.serialNumber))
    throw notFound(`No chatbot has the serial number "${serialNumber}"`);
  return chatbot;
}

/**
 * Where the service's links point (upload URLs, files): PUBLIC_URL when it is set — behind a proxy
 * the request's own host may be an internal one — otherwise the request's origin (its
 * X-Forwarded-Proto and -Host only from a trusted proxy: TRUST_PROXY).
 */
export const originOf = (ctx: Pick<ServiceContext, 'publicUrl'>, req: FastifyRequest) =>
  ctx.publicUrl ?? `${req.protocol}://${req.host}`;

export const fileUrlFor = (ctx: Pick<ServiceContext, 'publicUrl'>, req: FastifyRequest) => (fileId: string) =>
  `${originOf(ctx, req)}/chat/File/${fileId}`;
