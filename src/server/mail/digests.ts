/**
 * The daily digests of EmailForDailyChatLogs and EmailForDailyLeads: for each chatbot, one email
 * per local day (in its TimeZone) with that day's conversations, and one with that day's leads.
 * A row in `digests` makes each one once, whichever instance or CLI run gets there first.
 */
import { and, asc, count, eq, gte, lt, sql } from 'drizzle-orm';
import type { UnansweredGroup } from '../../protocol/index.ts';
import type { ChatbotRow } from '../store/chatbots.ts';
import { lastMessages, sessionsActiveBetween } from '../store/messages.ts';
import { chatbots, digests, feedback, leads, messages } from '../store/schema.ts';
import { unansweredGroups } from '../store/unanswered.ts';
import { localTime, nextDay, previousDay, startOfDay } from '../store/calendar.ts';
import { consoleLink, cut, EMAIL_BODY_CHARS, enqueue, transcriptText, type MailContext } from './outbox.ts';

export interface DigestMade {
  chatbot: string;
  kind: 'chat-log-digest' | 'lead-digest';
  day: string;
  /** Whether an email was queued (a day without conversations or leads sends none). */
  queued: boolean;
}

/** Makes the digests of `day` (default: each chatbot's yesterday) that were not made yet. */
export async function runDigests(ctx: MailContext, day?: string): Promise<DigestMade[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select()
    .from(chatbots)
    .where(
      sql`${chatbots.settings}->>'EmailForDailyChatLogs' <> '' OR ${chatbots.settings}->>'EmailForDailyLeads' <> ''`,
    )
    .orderBy(asc(chatbots.serialNumber));
  const made: DigestMade[] = [];
  for (const chatbot of rows) {
    const s = chatbot.settings;
    const target = day ?? previousDay(now, s.TimeZone);
    if (s.EmailForDailyChatLogs)
      made.push(...(await once(ctx, chatbot, 'chat-log-digest', target, () => chatLog(ctx, chatbot, target))));
    if (s.EmailForDailyLeads)
      made.push(...(await once(ctx, chatbot, 'lead-digest', target, () => leadList(ctx, chatbot, target))));
  }
  return made;
}

/**
 * Makes one digest unless it was made: composed first (reads only), then claimed and queued in
 * one short transaction — a second claimant finds the row and queues nothing.
 */
async function once(
  ctx: MailContext,
  chatbot: ChatbotRow,
  kind: DigestMade['kind'],
  day: string,
  compose: () => Promise<{ subject: string; body: string } | null>,
): Promise<DigestMade[]> {
  const done = await ctx.db
    .select({ day: digests.day })
    .from(digests)
    .where(and(eq(digests.chatbot, chatbot.serialNumber), eq(digests.kind, kind), eq(digests.day, day)))
    .limit(1);
  if (done.length) return [];
  const email = await compose();
  const now = ctx.clock.now();
  const to = kind === 'chat-log-digest' ? chatbot.settings.EmailForDailyChatLogs : chatbot.settings.EmailForDailyLeads;
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(digests)
      .values({ chatbot: chatbot.serialNumber, kind, day, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return [];
    if (email) await enqueue(tx, { chatbot: chatbot.serialNumber, kind, toAddress: to, ...email }, now);
    return [{ chatbot: chatbot.serialNumber, kind, day, queued: email !== null }];
  });
}

/** How many groups of unanswered questions an email lists. */
const DIGEST_UNANSWERED = 10;

const bounds = (day: string, timeZone: string) => ({
  from: startOfDay(day, timeZone),
  to: startOfDay(nextDay(day), timeZone),
});

/** What a chat-log digest shows of each conversation: its day's last messages, each cut shorter than a handoff's. */
const DIGEST_MESSAGES = 10;
const DIGEST_MESSAGE_CHARS = 600;
/** The most conversations a digest reads: the day's latest (the rest are counted, and in the console). */
const DIGEST_CONVERSATIONS = 40;

async function chatLog(ctx: MailContext, chatbot: ChatbotRow, day: string) {
  const { from, to } = bounds(day, chatbot.settings.TimeZone);
  const tz = chatbot.settings.TimeZone;
  const sessionIds = await sessionsActiveBetween(ctx.db, chatbot.serialNumber, from, to);
  if (sessionIds.length === 0) return null;
  const latest = sessionIds.slice(-DIGEST_CONVERSATIONS);
  const [last, votes, unanswered] = await Promise.all([
    lastMessages(ctx.db, latest, DIGEST_MESSAGES, { from, to }),
    votesBetween(ctx, chatbot.serialNumber, from, to),
    unansweredGroups(ctx.db, chatbot.serialNumber, from, to),
  ]);
  const head = [
    `Conversations with ${chatbot.settings.Name} on ${day} (${tz}).`,
    feedbackText(votes),
    unansweredText(unanswered.groups),
  ].join('\n\n');
  // The latest conversations first, as many as the email holds; the rest are counted, with the console's link.
  const options = {
    earlier: last.earlier,
    messageChars: DIGEST_MESSAGE_CHARS,
    link: (id: number) => consoleLink(ctx, id),
  };
  const shown: string[] = [];
  let room = EMAIL_BODY_CHARS - head.length - 400;
  for (const id of [...latest].reverse()) {
    const text = transcriptText(
      last.messages.filter((m) => m.sessionId === id),
      tz,
      options,
    );
    if (text.length + 2 > room) break;
    shown.unshift(text);
    room -= text.length + 2;
  }
  const left = sessionIds.length - shown.length;
  return {
    subject: `${chatbot.settings.Name}: ${sessionIds.length} conversation${sessionIds.length === 1 ? '' : 's'} on ${day}`,
    body: [
      head,
      ...(left
        ? [
            `${left} more conversation${left === 1 ? '' : 's'} of the day ${left === 1 ? 'is' : 'are'} in the console: ${consoleLink(ctx)}`,
          ]
        : []),
      ...shown,
    ].join('\n\n'),
  };
}

/** The day's votes on answers: how many each way, and the reasons given with the downs. */
async function votesBetween(ctx: MailContext, chatbot: string, from: Date, to: Date) {
  return ctx.db
    .select({ rating: feedback.rating, reasons: feedback.reasons })
    .from(feedback)
    .innerJoin(messages, eq(messages.id, feedback.answerId))
    .where(and(eq(feedback.chatbot, chatbot), gte(messages.createdAt, from), lt(messages.createdAt, to)));
}

const REASON_WORDS: Record<string, string> = {
  'wrong-listing': 'wrong listing',
  'not-helpful': "didn't help",
  incorrect: 'incorrect',
  'too-long': 'too long',
};

function feedbackText(votes: { rating: 'up' | 'down'; reasons: string[] }[]): string {
  if (votes.length === 0) return 'Feedback: no answer was rated.';
  const up = votes.filter((v) => v.rating === 'up').length;
  const reasons = new Map<string, number>();
  for (const r of votes.flatMap((v) => v.reasons)) reasons.set(r, (reasons.get(r) ?? 0) + 1);
  const why = [...reasons].sort((a, b) => b[1] - a[1]).map(([r, n]) => `${REASON_WORDS[r] ?? r} ×${n}`);
  return `Feedback: ${up} helpful, ${votes.length - up} not helpful${why.length ? ` (reasons: ${why.join(', ')})` : ''}.`;
}

function unansweredText(groups: UnansweredGroup[]): string {
  if (groups.length === 0) return 'Unanswered questions: none.';
  const shown = groups.slice(0, DIGEST_UNANSWERED);
  const lines = shown.map(
    (g) => `- "${g.Question}"${g.Count > 1 ? ` ×${g.Count}` : ''}${g.RatedDown ? ' (rated down)' : ''}`,
  );
  const more =
    groups.length > shown.length ? `\n…and ${groups.length - shown.length} more in the console (Unanswered).` : '';
  return `Unanswered or rated down (${groups.length}) — worth a listing or an instruction:\n${lines.join('\n')}${more}`;
}

/** The most leads a lead digest lists (the rest are counted, and in the console). */
const DIGEST_LEADS = 50;

async function leadList(ctx: MailContext, chatbot: ChatbotRow, day: string) {
  const { from, to } = bounds(day, chatbot.settings.TimeZone);
  const where = and(eq(leads.chatbot, chatbot.serialNumber), gte(leads.createdAt, from), lt(leads.createdAt, to));
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(leads).where(where).orderBy(asc(leads.id)).limit(DIGEST_LEADS),
    ctx.db.select({ n: count() }).from(leads).where(where),
  ]);
  if (rows.length === 0) return null;
  const n = Number(total?.n ?? rows.length);
  const tz = chatbot.settings.TimeZone;
  const lines = rows.map(
    (l) =>
      `[${localTime(l.createdAt, tz)}] ${l.name || '(no name)'} <${l.email || 'no email'}> — conversation ${l.sessionId}${l.message ? `\n    ${cut(l.message, DIGEST_MESSAGE_CHARS)}` : ''}`,
  );
  const more =
    n > rows.length ? `\n\n…and ${n - rows.length} more in the console: ${ctx.publicUrl ?? ''}/console/` : '';
  return {
    subject: `${chatbot.settings.Name}: ${n} lead${n === 1 ? '' : 's'} on ${day}`,
    body: `People who asked to talk to a person through ${chatbot.settings.Name} on ${day} (${tz}):\n\n${lines.join('\n')}${more}`,
  };
}

/** Runs the digests every `intervalMs`: each chatbot's yesterday, made once. */
export function scheduleDigests(ctx: MailContext, intervalMs = 10 * 60_000): () => void {
  const timer = setInterval(() => void runDigests(ctx).catch(() => undefined), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
