/**
 * Email goes through an outbox (store/outbox.ts): queued with the change that causes it, then sent
 * over SMTP (nodemailer) when SMTP_URL is set — otherwise kept. Instances claim rows with SKIP
 * LOCKED, so each message is sent by one of them; failures are retried with growing pauses.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { answerText } from '../../protocol/index.ts';
import type { ChatbotRow } from '../store/chatbots.ts';
import type { Db } from '../store/db.ts';
import { lastMessages, type MessageRow } from '../store/messages.ts';
import { claimDue, markFailed, markSent, queueEmail, type Email } from '../store/outbox.ts';
import { localDay, localTime } from '../store/calendar.ts';

/** What the outbox and the digests use: they run beside the requests, and in the CLI. */
export interface MailContext {
  db: Db;
  clock: { now(): Date };
  /** PUBLIC_URL, when set: the console's links in emails are made from it. */
  publicUrl?: string;
}

/**
 * The most an email's body holds, in characters: a conversation or a day is shown in part (its
 * last messages, each cut), with a link to the whole in the console — so what one visitor does
 * (a long conversation, many requests for a person) costs a bounded email, and a page of the
 * outbox (OutboxList) is bounded too.
 */
export const EMAIL_BODY_CHARS = 24_000;
/** The most a page of the outbox (OutboxList) takes in bytes of JSON: each body has its share. */
export const OUTBOX_PAGE_BYTES = 4_000_000;
/** What an email shows of one conversation: its last messages, each cut at this many characters. */
export const HANDOFF_MESSAGES = 10;
export const EMAIL_MESSAGE_CHARS = 1_000;

/** `text` cut to `max` characters (never inside a surrogate pair), saying how much was left out. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}… [${text.length - end} more characters]`;
}

export async function enqueue(db: Db, email: Email, now: Date): Promise<void> {
  // The last guard: whatever composed it, no queued body is longer than EMAIL_BODY_CHARS.
  const body = email.body.length > EMAIL_BODY_CHARS ? cut(email.body, EMAIL_BODY_CHARS - 40) : email.body;
  await queueEmail(db, { ...email, body }, now);
}

/** Where the console shows a conversation: a link with PUBLIC_URL, the console's path without it. */
export const consoleLink = (ctx: Pick<MailContext, 'publicUrl'>, sessionId?: number) =>
  `${ctx.publicUrl ?? ''}/console/#/${sessionId === undefined ? 'conversations' : `conversations/${sessionId}`}`;

/**
 * Conversations as plain text, times in the chatbot's zone; answers as words, their cards a line
 * per listing; each message cut at `messageChars`; `earlier` (per session) the messages left out
 * before the ones given, said at the top of their conversation.
 */
export function transcriptText(
  messages: MessageRow[],
  timeZone: string,
  {
    earlier = new Map<number, number>(),
    messageChars = EMAIL_MESSAGE_CHARS,
    link,
  }: { earlier?: Map<number, number>; messageChars?: number; link?: (sessionId: number) => string } = {},
): string {
  const lines: string[] = [];
  let session = -1;
  for (const m of messages) {
    if (m.sessionId !== session) {
      session = m.sessionId;
      lines.push('', `— Conversation ${session}, ${localDay(m.createdAt, timeZone)} (${timeZone}) —`);
      const before = earlier.get(session) ?? 0;
      if (before)
        lines.push(
          `(${before} earlier message${before === 1 ? '' : 's'} not shown${link ? `: the whole conversation is at ${link(session)}` : ''})`,
        );
    }
    const who =
      m.role === 'question' ? 'Visitor' : m.role === 'agent' ? `${m.agentName ?? 'Agent'} (agent)` : 'Assistant';
    const note = m.role === 'answer' && m.status !== 'complete' ? ` [${m.status}]` : '';
    const files = m.fileIds.length ? ` [${m.askType}: ${m.fileIds.length} file(s)]` : '';
    lines.push(
      `[${localTime(m.createdAt, timeZone)}] ${who}${files}${note}: ${cut(m.role === 'answer' ? answerText(m.content) : m.content, messageChars)}`,
    );
  }
  return lines.join('\n').trim();
}

export async function enqueueHandoff(
  ctx: MailContext,
  chatbot: ChatbotRow,
  sessionId: number,
  lead: { name: string; email: string; message: string },
  now: Date,
) {
  const s = chatbot.settings;
  const who = lead.name || lead.email || 'A visitor';
  const { messages, earlier } = await lastMessages(ctx.db, [sessionId], HANDOFF_MESSAGES);
  const body = [
    `${who} asked to talk to a person through ${s.Name}.`,
    '',
    `Name:    ${lead.name || '(not given)'}`,
    `Email:   ${lead.email || '(not given)'}`,
    `Message: ${lead.message || '(none)'}`,
    '',
    `The conversation so far (in the console: ${consoleLink(ctx, sessionId)}):`,
    transcriptText(messages, s.TimeZone, { earlier, link: (id) => consoleLink(ctx, id) }) || '(no messages yet)',
  ].join('\n');
  await enqueue(
    ctx.db,
    {
      chatbot: chatbot.serialNumber,
      kind: 'handoff',
      toAddress: s.TalkToHumanEmail,
      subject: `${s.Name}: ${who} would like to talk to a person`,
      body,
    },
    now,
  );
}

export interface OutboxSender {
  /** Sends what is due now; the number sent. */
  drain(): Promise<number>;
  stop(): void;
}

/** Sends the outbox over SMTP every `intervalMs` (and on `drain`). */
export function startOutboxSender(ctx: MailContext, smtpUrl: string, from: string, intervalMs = 5_000): OutboxSender {
  const transport = nodemailer.createTransport(smtpUrl);
  let running: Promise<number> | null = null;
  const drain = () => (running ??= sendDue(ctx, transport, from).finally(() => (running = null)));
  const timer = setInterval(() => void drain().catch(() => undefined), intervalMs);
  timer.unref();
  return { drain, stop: () => clearInterval(timer) };
}

/** The METHOD an invite's text says (REQUEST or CANCEL): the text/calendar part's `method` parameter must match it. */
const calendarMethod = (ics: string) => /^METHOD:([A-Z]+)\r?$/m.exec(ics)?.[1] ?? 'REQUEST';

async function sendDue(ctx: MailContext, transport: Transporter, from: string): Promise<number> {
  const due = await claimDue(ctx.db, ctx.clock.now());
  let sent = 0;
  for (const row of due) {
    try {
      await transport.sendMail({
        from,
        to: row.toAddress,
        subject: row.subject,
        text: row.body,
        // A calendar invite as the text/calendar alternative (and an .ics attachment) calendar clients act on.
        ...(row.calendar
          ? { icalEvent: { method: calendarMethod(row.calendar), filename: 'invite.ics', content: row.calendar } }
          : {}),
      });
      await markSent(ctx.db, row.id, ctx.clock.now());
      sent++;
    } catch (error) {
      await markFailed(ctx.db, row.id, String(error instanceof Error ? error.message : error).slice(0, 500));
    }
  }
  return sent;
}
