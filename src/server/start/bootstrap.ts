/**
 * What a service needs before it serves: the visitor-token secret, and an owner with an API key
 * (the demo chatbot is demo/agency.ts's). Safe to run on every start of every instance.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, count, eq, sql } from 'drizzle-orm';
import { newKey, sha256 } from '../http/auth.ts';
import { rowsOf, type Db } from '../store/db.ts';
import { apiKeys, owners } from '../store/schema.ts';

/** The least a visitor-token secret holds: 32 bytes, as HMAC-SHA-256's key should. */
const SECRET_BYTES = 32;

/** A new secret in its one format (SESSION_SECRET, DATA_DIR/session-secret): 32 random bytes as base64url text. */
export const newSecret = (): string => randomBytes(SECRET_BYTES).toString('base64url');

/**
 * The secret that `text` (SESSION_SECRET, or the file) writes — base64url text of at least 32
 * bytes, as `chat-bot-server secret` prints and the file holds — or an Error naming `where`. The
 * old SESSION_SECRET, any text hashed with SHA-256, is refused rather than read another way: read
 * another way, every visitor token and upload URL would be refused without a word.
 */
export function secretFrom(text: string, where: string): Buffer {
  const value = text.trim();
  // Not the old form's usual values: hex (`openssl rand -hex 32`) — base64url of random bytes is
  // never all hex digits — nor base64 with + / = (`openssl rand -base64 32`), nor a phrase.
  if (/^[A-Za-z0-9_-]{43,}$/.test(value) && !/^[0-9a-fA-F]+$/.test(value)) return Buffer.from(value, 'base64url');
  throw new Error(
    `${where} must be at least ${SECRET_BYTES} random bytes written as base64url (43 or more of A-Z a-z 0-9 _ -, no padding), ` +
      'as `chat-bot-server secret` prints one. A SESSION_SECRET of the old form (any text, hashed) is no longer read: set a new one ' +
      '(visitor tokens and upload URLs made with the old one are refused; the widget starts a new session by itself)',
  );
}

/**
 * SESSION_SECRET, or the one generated once into DATA_DIR/session-secret (instances sharing
 * DATA_DIR share it) — the same format in both, so the file's text can be copied into the variable.
 */
export async function loadSecret(dataDir: string, fromEnv?: string): Promise<Buffer> {
  if (fromEnv) return secretFrom(fromEnv, 'SESSION_SECRET');
  const file = join(dataDir, 'session-secret');
  await mkdir(dataDir, { recursive: true });
  // `wx`: of instances starting together on one DATA_DIR, the first writes it and all read that one.
  await writeFile(file, newSecret(), { mode: 0o600, flag: 'wx' }).catch((error: unknown) => {
    if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
  });
  return secretFrom(await readFile(file, 'utf8'), file);
}

/** The first owner (created on first start). */
export async function ensureOwner(db: Db, now: Date): Promise<number> {
  const [first] = await db.select({ id: owners.id }).from(owners).orderBy(asc(owners.id)).limit(1);
  if (first) return first.id;
  const [created] = await db.insert(owners).values({ name: 'Owner', createdAt: now }).returning({ id: owners.id });
  return created!.id;
}

/**
 * Why a key given by hand (CHATBOT_API_KEY) is too weak to guard an owner's chatbots, or null: at
 * least 32 characters of at least 10 different ones, no spaces. A generated key (`create-key`:
 * `cbk_` and 32 random bytes) is the advice.
 */
export function weakKeyReason(key: string): string | null {
  if (/\s/.test(key)) return 'it has spaces';
  if (key.length < 32) return `it is ${key.length} characters long; it must be at least 32`;
  if (new Set(key).size < 10) return 'it repeats too few different characters';
  return null;
}

/**
 * CHATBOT_API_KEY, a seed of the first start: registered when the owner has no API key yet (the
 * check and the insert one statement, so instances starting together register it once). Once keys
 * exist it is not registered again — a key revoked stays revoked though the variable is still set.
 */
export async function seedApiKey(
  db: Db,
  ownerId: number,
  key: string,
  label: string,
): Promise<'seeded' | 'known' | 'ignored'> {
  const keyHash = sha256(key);
  const seeded = await db.execute(sql`
    INSERT INTO ${apiKeys} (owner_id, key_hash, label)
    SELECT ${ownerId}, ${keyHash}, ${label} WHERE NOT EXISTS (SELECT 1 FROM ${apiKeys})
    ON CONFLICT DO NOTHING RETURNING id`);
  if (rowsOf(seeded).length) return 'seeded';
  const [known] = await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
  return known ? 'known' : 'ignored';
}

/** An owner API key as `keys list` shows it: never the key, nor all of its hash. */
export interface ApiKeyInfo {
  /** The first 12 hex digits of the key's SHA-256: what `keys revoke` takes. */
  id: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const FINGERPRINT = 12;

export async function listApiKeys(db: Db): Promise<ApiKeyInfo[]> {
  const rows = await db.select().from(apiKeys).orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
  return rows.map((r) => ({
    id: r.keyHash.slice(0, FINGERPRINT),
    label: r.label,
    createdAt: r.createdAt,
    lastUsedAt: r.lastUsedAt,
  }));
}

/**
 * Revokes the API key whose id (`keys list`) is `id`, or the key itself given whole: at once, on
 * every instance (each request looks its key up). Returns what was revoked; null when none matches.
 */
export async function revokeApiKey(db: Db, id: string): Promise<ApiKeyInfo | null> {
  const given = id.trim();
  const hash = /^[0-9a-f]{12}$/.test(given) ? null : sha256(given);
  const where = hash ? eq(apiKeys.keyHash, hash) : sql`left(${apiKeys.keyHash}, ${FINGERPRINT}) = ${given}`;
  const [removed] = await db.delete(apiKeys).where(where).returning();
  return removed
    ? {
        id: removed.keyHash.slice(0, FINGERPRINT),
        label: removed.label,
        createdAt: removed.createdAt,
        lastUsedAt: removed.lastUsedAt,
      }
    : null;
}

/** A new API key for the owner; only its hash is stored, so this is the one time it is seen. */
export async function createApiKey(db: Db, ownerId: number, label: string): Promise<string> {
  const key = newKey('cbk_');
  await db.insert(apiKeys).values({ ownerId, keyHash: sha256(key), label });
  return key;
}

export async function apiKeyCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(apiKeys);
  return Number(row?.n ?? 0);
}
