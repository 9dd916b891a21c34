/** Chatbots and their settings: created with defaults, edited by an atomic merge. */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import {
  canonicalTimeZone,
  DEFAULT_MORTGAGE_RATE,
  VIEWING_DEFAULTS,
  PUBLIC_DEFAULTS,
  PUBLIC_STORED_SETTINGS,
  type FullSettings,
  type PublicSettings,
  type Settings,
} from '../../protocol/index.ts';
import type { Db } from './db.ts';
import { chatbots } from './schema.ts';

export type ChatbotRow = typeof chatbots.$inferSelect;

/**
 * A new chatbot's settings: the protocol's defaults of what visitors see, the ones only its owner
 * sees, and words to start with where the widget's defaults say nothing — a greeting, a thank-you
 * for a lead, and why a visitor must wait — which the owner can change.
 */
export function defaultSettings(timeZone: string, model: string): Settings {
  return {
    ...PUBLIC_DEFAULTS,
    TimeZone: canonicalTimeZone(timeZone) ?? PUBLIC_DEFAULTS.TimeZone,
    WelcomeMessage: 'Hi! How can I help you today?',
    TalkToHumanResponseMessage: 'Thank you! Someone from our team will get back to you soon.',
    RateLimitMessage: 'You are sending messages too quickly. Please wait a moment and try again.',
    Model: model,
    SystemMessage: '',
    Temperature: 7,
    AnswerSuffix: '',
    ChatProfilePicture: '',
    ChatIcon: '',
    TalkToHumanEmail: '',
    VerifyDomain: false,
    Domains: '',
    RateLimitCount: 0,
    RateLimitTime: 0,
    CustomDomain: '',
    EmailForDailyChatLogs: '',
    EmailForDailyLeads: '',
    MessageLimit: -1,
    MortgageRate: DEFAULT_MORTGAGE_RATE,
    ...VIEWING_DEFAULTS,
  };
}

/** Settings as given in a body, made canonical: null/omitted dropped, the time zone's canonical name. */
export function settingsPatch(given: Partial<Record<keyof Settings, unknown>>): Partial<Settings> {
  const patch: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(given)) if (v !== null && v !== undefined) patch[k] = v;
  if (typeof patch.TimeZone === 'string') patch.TimeZone = canonicalTimeZone(patch.TimeZone) ?? patch.TimeZone;
  return patch as Partial<Settings>;
}

export async function createChatbot(
  db: Db,
  ownerId: number,
  settings: Settings,
  serialNumber?: string,
): Promise<string> {
  const serial = serialNumber ?? randomBytes(16).toString('hex');
  await db.insert(chatbots).values({ serialNumber: serial, ownerId, type: 0, settings });
  return serial;
}

export async function findChatbot(db: Db, serialNumber: string): Promise<ChatbotRow | null> {
  const [row] = await db.select().from(chatbots).where(eq(chatbots.serialNumber, serialNumber.toLowerCase())).limit(1);
  return row ?? null;
}

/** Merges the patch into the stored settings in one statement: concurrent edits never lose each other. */
export async function editSettings(db: Db, serialNumber: string, patch: Partial<Settings>, now: Date): Promise<void> {
  await db
    .update(chatbots)
    .set({ settings: sql`${chatbots.settings} || ${JSON.stringify(patch)}::jsonb`, updatedAt: now })
    .where(eq(chatbots.serialNumber, serialNumber.toLowerCase()));
}

export type FileUrl = (fileId: string) => string;

export function fullSettings(row: ChatbotRow, fileUrl: FileUrl): FullSettings {
  const s = row.settings;
  return {
    SerialNumber: row.serialNumber,
    ...s,
    ChatProfilePictureUrl: s.ChatProfilePicture ? fileUrl(s.ChatProfilePicture) : '',
    ChatIconUrl: s.ChatIcon ? fileUrl(s.ChatIcon) : '',
  };
}

/** What a visitor may see: no prompt, model, emails, domains or limits (API.md §3.3). */
export function publicSettings(row: ChatbotRow, fileUrl: FileUrl): PublicSettings {
  const s = row.settings;
  const stored = Object.fromEntries(PUBLIC_STORED_SETTINGS.map((name) => [name, s[name]])) as Pick<
    Settings,
    (typeof PUBLIC_STORED_SETTINGS)[number]
  >;
  return {
    SerialNumber: row.serialNumber,
    ...stored,
    ChatProfilePictureUrl: s.ChatProfilePicture ? fileUrl(s.ChatProfilePicture) : '',
    ChatIconUrl: s.ChatIcon ? fileUrl(s.ChatIcon) : '',
    TalkToHumanEnabled: s.TalkToHumanEmail !== '',
  };
}
