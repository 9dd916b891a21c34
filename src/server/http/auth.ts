/**
 * Credentials (API.md §2): API keys and owner session keys are random and stored as SHA-256;
 * visitor tokens are signed (HMAC-SHA256), bound to one chatbot and one session, and expire,
 * so any instance that shares SESSION_SECRET verifies them without a lookup.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { HEADERS } from '../../protocol/index.ts';
import type { Db } from '../store/db.ts';
import { apiKeys, ownerSessions } from '../store/schema.ts';
import { unauthenticated } from './envelope.ts';

export const VISITOR_TOKEN_TTL_MS = 24 * 3600 * 1000;
export const OWNER_SESSION_TTL_MS = 24 * 3600 * 1000;

export type Caller =
  | { kind: 'owner'; ownerId: number; via: 'apiKey' | 'sessionKey' }
  | { kind: 'visitor'; chatbot: string; sessionId: number }
  | { kind: 'none' };

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A new random secret with a recognisable prefix: `cbk_…` (API key), `cbs_…` (owner session key). */
export const newKey = (prefix: 'cbk_' | 'cbs_') => prefix + randomBytes(32).toString('base64url');

export interface VisitorClaims {
  chatbot: string;
  sessionId: number;
  expiresAt: Date;
}

const TOKEN_PREFIX = 'vt1.';

function sign(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret)
    .update(TOKEN_PREFIX + payload)
    .digest('base64url');
}

export function signVisitorToken(secret: Buffer, claims: VisitorClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ c: claims.chatbot, s: claims.sessionId, e: Math.floor(claims.expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  return `${TOKEN_PREFIX}${payload}.${sign(secret, payload)}`;
}

/** The token's claims; 'expired' for a genuine but expired token; null for anything else. */
export function verifyVisitorToken(secret: Buffer, token: string, now: Date): VisitorClaims | 'expired' | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const [payload, signature, extra] = token.slice(TOKEN_PREFIX.length).split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  let claims: { c?: unknown; s?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return null;
  }
  if (typeof claims.c !== 'string' || !Number.isInteger(claims.s) || !Number.isInteger(claims.e)) return null;
  const expiresAt = new Date((claims.e as number) * 1000);
  if (expiresAt.getTime() <= now.getTime()) return 'expired';
  return { chatbot: claims.c, sessionId: claims.s as number, expiresAt };
}

const header = (req: FastifyRequest, name: string): string => {
  const v = req.headers[name.toLowerCase()];
  return (Array.isArray(v) ? v[0] : v)?.trim() ?? '';
};

/**
 * Who is calling. A credential that is present but unknown or expired is a 401 at once — every one
 * sent, so a bad session key fails a request beside a good API key; no credential at all is `none`
 * (the visitor flow, where the operation allows it).
 */
export async function identify(req: FastifyRequest, db: Db, secret: Buffer, now: Date): Promise<Caller> {
  const authorization = header(req, HEADERS.authorization).replace(/^Bearer\s+/i, '');
  const sessionKey = header(req, HEADERS.sessionKey);
  const bySessionKey = sessionKey ? await ownerOfSessionKey(db, sessionKey, now) : null;
  if (authorization.startsWith(TOKEN_PREFIX)) {
    const claims = verifyVisitorToken(secret, authorization, now);
    if (claims === 'expired')
      throw unauthenticated('The visitor token has expired; start a new session with GetSession');
    if (!claims) throw unauthenticated('The visitor token is not valid');
    return { kind: 'visitor', chatbot: claims.chatbot, sessionId: claims.sessionId };
  }
  if (authorization) {
    const [key] = await db
      .select({ id: apiKeys.id, ownerId: apiKeys.ownerId, lastUsedAt: apiKeys.lastUsedAt })
      .from(apiKeys)
      .where(eq(apiKeys.keyHash, sha256(authorization)))
      .limit(1);
    if (!key) throw unauthenticated('The API key is not valid');
    // When it was last used, for `keys list`: written once a minute at most, not on every request.
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > LAST_USED_EVERY_MS)
      await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, key.id));
    return { kind: 'owner', ownerId: key.ownerId, via: 'apiKey' };
  }
  if (bySessionKey !== null) return { kind: 'owner', ownerId: bySessionKey, via: 'sessionKey' };
  return { kind: 'none' };
}

/** How stale an API key's `last_used_at` may be before a request writes it again. */
const LAST_USED_EVERY_MS = 60_000;

/** The owner an owner session key belongs to; a 401 when it is unknown or expired. */
async function ownerOfSessionKey(db: Db, sessionKey: string, now: Date): Promise<number> {
  const [session] = await db
    .select({ ownerId: ownerSessions.ownerId })
    .from(ownerSessions)
    .where(and(eq(ownerSessions.keyHash, sha256(sessionKey)), gt(ownerSessions.expiresAt, now)))
    .limit(1);
  if (!session) throw unauthenticated('The session key is not valid or has expired');
  return session.ownerId;
}
