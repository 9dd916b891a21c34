/**
 * What a service needs before it serves: the visitor-token secret, an owner with an API key, and
 * the demo chatbot with its listings. Safe to run on every start of every instance.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import { newKey, sha256 } from './auth.ts';
import type { Db } from './store/db.ts';
import { apiKeys, chatbots, owners } from './store/schema.ts';
import { defaultSettings } from './store/chatbots.ts';
import { createListings } from './store/listings.ts';
import { demoListings } from './seed.ts';
import type { Settings } from '../protocol/index.ts';

/** SESSION_SECRET, or one generated once into DATA_DIR (instances sharing DATA_DIR share it). */
export async function loadSecret(dataDir: string, fromEnv?: string): Promise<Buffer> {
  if (fromEnv) return createHash('sha256').update(fromEnv).digest();
  const file = join(dataDir, 'session-secret');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(32);
    await writeFile(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
  }
}

/** The first owner (created on first start). */
export async function ensureOwner(db: Db, now: Date): Promise<number> {
  const [first] = await db.select({ id: owners.id }).from(owners).orderBy(asc(owners.id)).limit(1);
  if (first) return first.id;
  const [created] = await db.insert(owners).values({ name: 'Owner', createdAt: now }).returning({ id: owners.id });
  return created!.id;
}

/** Accepts `key` as an API key of the owner (CHATBOT_API_KEY). */
export async function registerApiKey(db: Db, ownerId: number, key: string, label: string): Promise<void> {
  await db.insert(apiKeys).values({ ownerId, keyHash: sha256(key), label }).onConflictDoNothing();
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

/** The demo chatbot's serial number: the same on every install, so docs and links can name it. */
export const DEMO_SERIAL = createHash('sha256').update('chat-bot demo agency').digest('hex').slice(0, 32);

export function demoSettings(model: string): Settings {
  return {
    ...defaultSettings('America/Chicago', model),
    Name: 'Oakridge Realty',
    WelcomeMessage: "Hi! I'm the Oakridge Realty assistant. Looking for a home to buy or rent?",
    SuggestedMessage: '3 bedroom homes in Austin under $500k\nRentals in Denver with parking\nAnything with a 3D tour?\nTalk to an agent',
    UserInputPlaceholder: 'Ask about our homes…',
    ChatbotPopupOnce: true,
    ChatbotPrivacyPolicyName: 'Privacy policy',
    ChatbotPrivacyPolicyDescription: 'Chats are kept for 30 days to answer you and improve our service.',
    TalkToHumanEmail: 'agents@oakridge.example',
    TalkToHumanResponseMessage: 'Thanks! An Oakridge agent will get back to you within one business day.',
    ChatBubbleColor: 'rgb(21, 94, 117)',
  };
}

/** Creates the demo chatbot and its listings unless it exists; returns its serial number. */
export async function ensureDemo(db: Db, ownerId: number, model: string, publicUrl: string, now: Date): Promise<{ serial: string; created: boolean }> {
  const [existing] = await db.select({ serial: chatbots.serialNumber }).from(chatbots).where(eq(chatbots.serialNumber, DEMO_SERIAL)).limit(1);
  if (existing) return { serial: DEMO_SERIAL, created: false };
  const settings = { ...demoSettings(model), ChatbotPrivacyPolicyUrl: `${publicUrl}/privacy.html` };
  const created = await db.transaction(async (tx) => {
    const inserted = await tx.insert(chatbots).values({ serialNumber: DEMO_SERIAL, ownerId, settings, createdAt: now }).onConflictDoNothing().returning();
    if (inserted.length === 0) return false; // another instance is seeding it
    await createListings(tx, DEMO_SERIAL, demoListings(publicUrl), (i) => new Date(now.getTime() - i * 60_000));
    return true;
  });
  return { serial: DEMO_SERIAL, created };
}
