/**
 * The demo agency's chatbot, made by a start with DEMO (start/config.ts): its serial number, the
 * same on every install; its settings; its listings (demo/seed.ts) and FAQ (demo/faq.ts); its site
 * (demo/site.ts) reads its own sitemap into the knowledge.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Settings } from '../../protocol/index.ts';
import { defaultSettings } from '../store/chatbots.ts';
import type { Db } from '../store/db.ts';
import { addSource } from '../store/knowledge.ts';
import { createListings } from '../store/listings.ts';
import { chatbots } from '../store/schema.ts';
import { DEMO_FAQ } from './faq.ts';
import { demoListings } from './seed.ts';

/**
 * The demo chatbot's serial number: the same on every install, so docs and links can name it — and
 * so it serves visitors only when DEMO asks for it (start/config.ts; http/app.ts `notServed`), open to any page
 * but rate-limited.
 */
export const DEMO_SERIAL = createHash('sha256').update('chat-bot demo agency').digest('hex').slice(0, 32);

export function demoSettings(model: string): Settings {
  return {
    ...defaultSettings('America/Chicago', model),
    Name: 'Oakridge Realty',
    WelcomeMessage: "Hi! I'm the Oakridge Realty assistant. Looking for a home to buy or rent?",
    SuggestedMessage:
      '3 bedroom homes in Austin under $500k\nRentals in Denver with parking\nAnything with a 3D tour?\nTalk to an agent',
    UserInputPlaceholder: 'Ask about our homes…',
    ChatbotPopupOnce: true,
    ChatbotPrivacyPolicyName: 'Privacy policy',
    ChatbotPrivacyPolicyDescription: 'Chats are kept for 30 days to answer you and improve our service.',
    TalkToHumanEmail: 'agents@oakridge.example',
    TalkToHumanResponseMessage: 'Thanks! An Oakridge agent will get back to you within one business day.',
    ChatBubbleColor: 'rgb(21, 94, 117)',
    ...DEMO_VIEWINGS,
  };
}

/** The demo agency's showing hours (API.md §3.11): as its FAQ says, seven days a week, 9 am to 7 pm; two hours' notice. */
export const DEMO_VIEWINGS = {
  ViewingHours: [1, 2, 3, 4, 5, 6, 7].map((Day) => ({ Day, From: '09:00', To: '19:00' })),
  ViewingMinutes: 30,
  ViewingNoticeHours: 2,
  ViewingBufferMinutes: 0,
  ViewingDays: 14,
} satisfies Partial<Settings>;

/** What the demo chatbot is held to on every start unless DEMO_RATE_LIMIT says otherwise: a person's pace of questions. */
export const DEMO_RATE_LIMIT = { count: 10, seconds: 60 } as const;

/** Whether the demo chatbot exists (an earlier start with DEMO made it). */
export async function demoExists(db: Db): Promise<boolean> {
  const [existing] = await db
    .select({ serial: chatbots.serialNumber })
    .from(chatbots)
    .where(eq(chatbots.serialNumber, DEMO_SERIAL))
    .limit(1);
  return existing !== undefined;
}

/**
 * Creates the demo chatbot and its listings unless it exists; returns its serial number. An existing
 * one is held to `model` (the offline engine unless DEMO=model: a demo open to any page never spends
 * on a model server unasked) and to the demo's rate limit.
 */
export async function ensureDemo(
  db: Db,
  ownerId: number,
  model: string,
  publicUrl: string,
  now: Date,
  limit: { count: number; seconds: number } = DEMO_RATE_LIMIT,
): Promise<{ serial: string; created: boolean }> {
  const limits = { RateLimitCount: limit.count, RateLimitTime: limit.seconds };
  if (await demoExists(db)) {
    const held = JSON.stringify({ Model: model, ...limits });
    // A demo with no showing hours (one made before viewings were booked) gets the demo's; hours its owner set are kept.
    const hours = JSON.stringify(DEMO_VIEWINGS);
    await db
      .update(chatbots)
      .set({
        settings: sql`${chatbots.settings} || ${held}::jsonb || CASE WHEN ${chatbots.settings} -> 'ViewingHours' = '[]'::jsonb THEN ${hours}::jsonb ELSE '{}'::jsonb END`,
      })
      .where(eq(chatbots.serialNumber, DEMO_SERIAL));
    return { serial: DEMO_SERIAL, created: false };
  }
  const settings = { ...demoSettings(model), ...limits, ChatbotPrivacyPolicyUrl: `${publicUrl}/privacy.html` };
  const created = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(chatbots)
      .values({ serialNumber: DEMO_SERIAL, ownerId, settings, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) return false; // another instance is seeding it
    await createListings(tx, DEMO_SERIAL, demoListings(publicUrl), (i) => new Date(now.getTime() - i * 60_000));
    // Its FAQ; its pages read from its own site's sitemap once the service listens (demo/faq.ts, http/app.ts readKnowledge).
    for (const f of DEMO_FAQ)
      await addSource(tx, DEMO_SERIAL, 'faq', { Question: f.question, Phrasings: f.phrasings, Content: f.answer }, now);
    await addSource(
      tx,
      DEMO_SERIAL,
      'sitemap',
      { Url: `${publicUrl}/sitemap.xml`, Title: 'Oakridge Realty website' },
      now,
    );
    return true;
  });
  return { serial: DEMO_SERIAL, created };
}
