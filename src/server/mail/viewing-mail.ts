/**
 * A booking's emails [ext] (API.md §3.11): on booking, moving and cancelling, one to the visitor (in
 * their language) and one to the agent (ViewingEmail, else TalkToHumanEmail), each carrying the
 * calendar's REQUEST or CANCEL (mail/ics.ts) — queued in the outbox with the change, as every email
 * is; and a reminder a day before, claimed by one instance.
 */
import type { ChatbotRow } from '../store/chatbots.ts';
import { findChatbot } from '../store/chatbots.ts';
import { claimReminders, type ViewingRow } from '../store/viewings.ts';
import { calendarText } from './ics.ts';
import { consoleLink, enqueue, type MailContext } from './outbox.ts';
import { viewingLinks, viewingToken } from './viewing-links.ts';
import { AGENT_WORDS, viewingWords, whenText, zoneName } from './viewing-words.ts';

export type ViewingChange = 'booked' | 'rescheduled' | 'cancelled' | 'reminder';

/** What signs a booking's links (they point at the origin it was booked under: ViewingRow.origin). */
export interface ViewingMailContext extends MailContext {
  secret: Buffer;
}

/** The agent who shows the homes: ViewingEmail, else TalkToHumanEmail; '' when neither is set. */
export const agentEmail = (chatbot: ChatbotRow) => chatbot.settings.ViewingEmail || chatbot.settings.TalkToHumanEmail;

/** The calendar text of a booking as it now stands. */
export function bookingCalendar(ctx: ViewingMailContext, chatbot: ChatbotRow, v: ViewingRow): string {
  const links = viewingLinks(v.origin, viewingToken(ctx.secret, v.id));
  const host = new URL(v.origin).hostname || 'localhost';
  const agent = agentEmail(chatbot);
  return calendarText({
    method: v.state === 'cancelled' ? 'CANCEL' : 'REQUEST',
    uid: `${v.id}@${host}`,
    sequence: v.sequence,
    stamp: ctx.clock.now(),
    start: v.startAt,
    end: v.endAt,
    summary: [...`${chatbot.settings.Name}: ${v.address}`].slice(0, 300).join(''),
    location: v.address,
    description: [v.listingUrl, `${AGENT_WORDS.manage(links.manage)}`].filter(Boolean).join('\n'),
    url: links.manage,
    organizer: { name: chatbot.settings.Name, email: agent || `no-reply@${host}` },
    attendees: [{ name: v.name, email: v.email }],
  });
}

/** Queues the visitor's and the agent's email about a change to a booking. */
export async function enqueueViewingMail(
  ctx: ViewingMailContext,
  chatbot: ChatbotRow,
  v: ViewingRow,
  change: ViewingChange,
): Promise<void> {
  const now = ctx.clock.now();
  const tz = chatbot.settings.TimeZone;
  const links = viewingLinks(v.origin, viewingToken(ctx.secret, v.id));
  const calendar = change === 'reminder' ? null : bookingCalendar(ctx, chatbot, v);
  const kind = `viewing-${change}` as const;
  const w = viewingWords(v.language);
  const subject = { booked: w.booked, rescheduled: w.moved, cancelled: w.cancelled, reminder: w.reminder }[change];
  await enqueue(
    ctx.db,
    {
      chatbot: chatbot.serialNumber,
      kind,
      toAddress: v.email,
      subject: `${chatbot.settings.Name}: ${subject(v.address)}`,
      body: [
        w.hello(v.name),
        '',
        `${subject(v.address)}.`,
        w.when(whenText(w, v.startAt, tz), zoneName(w, tz)),
        ...(v.listingUrl ? [v.listingUrl] : []),
        '',
        ...(change === 'cancelled' ? [] : [w.manage(links.manage)]),
        ...(calendar ? [w.invite] : []),
      ].join('\n'),
      calendar,
    },
    now,
  );
  const agent = agentEmail(chatbot);
  if (!agent) return;
  const a = AGENT_WORDS;
  const by = change === 'cancelled' && v.cancelledBy ? ` (by the ${v.cancelledBy})` : '';
  await enqueue(
    ctx.db,
    {
      chatbot: chatbot.serialNumber,
      kind,
      toAddress: agent,
      subject: `${chatbot.settings.Name}: viewing of ${v.address} ${change === 'reminder' ? 'tomorrow' : change}${by} — ${v.name}`,
      body: [
        `Viewing of ${v.address} ${change === 'reminder' ? 'tomorrow' : change}${by}.`,
        a.when(whenText(a, v.startAt, tz), zoneName(a, tz)),
        '',
        `Name:  ${v.name}`,
        `Email: ${v.email}`,
        `Phone: ${v.phone || '(not given)'}`,
        `Note:  ${v.note || '(none)'}`,
        ...(v.listingUrl ? [`Listing: ${v.listingUrl}`] : []),
        '',
        `The conversation: ${consoleLink({ publicUrl: v.origin }, v.sessionId)}`,
        `All viewings: ${v.origin}/console/#/viewings`,
      ].join('\n'),
      calendar,
    },
    now,
  );
}

/** Sends the reminders now due (a booking starting within a day): the number of bookings reminded. */
export async function sendViewingReminders(ctx: ViewingMailContext): Promise<number> {
  const due = await claimReminders(ctx.db, ctx.clock.now());
  for (const v of due) {
    const chatbot = await findChatbot(ctx.db, v.chatbot);
    if (chatbot) await enqueueViewingMail(ctx, chatbot, v, 'reminder');
  }
  return due.length;
}
