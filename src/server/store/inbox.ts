/** What the console reads [ext]: the owner's chatbots, a chatbot's leads and its outbox, newest first. */
import { asc, count, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  LIMITS,
  type ChatbotSummary,
  type InboxListBody,
  type LeadPage,
  type OutboxPage,
} from '../../protocol/index.ts';
import type { Db } from './db.ts';
import { chatbots, leads, outbox } from './schema.ts';

type Paging = Omit<InboxListBody, 'SerialNumber'>;

/** LIMIT and OFFSET of a page (Page from 1, PageSize by default LIMITS.pageSizeDefault). */
export const pageOf = (paging: Paging) => {
  const size = paging.PageSize ?? LIMITS.pageSizeDefault;
  return { limit: size, offset: ((paging.Page ?? 1) - 1) * size };
};

export async function ownersChatbots(db: Db, ownerId: number): Promise<ChatbotSummary[]> {
  const rows = await db
    .select({ serialNumber: chatbots.serialNumber, settings: chatbots.settings })
    .from(chatbots)
    .where(eq(chatbots.ownerId, ownerId))
    .orderBy(asc(chatbots.createdAt), asc(chatbots.serialNumber));
  return rows.map((r) => ({ SerialNumber: r.serialNumber, Name: r.settings.Name }));
}

export async function listLeads(db: Db, chatbot: string, paging: Paging): Promise<LeadPage> {
  const { limit, offset } = pageOf(paging);
  const where = eq(leads.chatbot, chatbot);
  const [rows, [total]] = await Promise.all([
    db.select().from(leads).where(where).orderBy(desc(leads.createdAt), desc(leads.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      SessionID: r.sessionId,
      Name: r.name,
      Email: r.email,
      Message: r.message,
      CreatedAt: r.createdAt.toISOString(),
    })),
    Total: Number(total?.n ?? 0),
  };
}

/**
 * A page of a chatbot's outbox, each body cut at `bodyChars` (in the database: a long body is never
 * read whole) — so a page is bounded in bytes as well as in count. The service's emails are no
 * longer than that (mail/outbox.ts EMAIL_BODY_CHARS); older ones may be.
 */
/**
 * A page of a chatbot's emails, newest first. Each body is shown to its first `bodyChars`
 * characters and, in JSON, to its share of `pageBytes` — so a page is bounded in bytes whatever its
 * bodies are made of (a control character is six bytes of JSON) — saying how much was left out.
 */
export async function listOutbox(
  db: Db,
  chatbot: string,
  paging: Paging,
  { bodyChars, pageBytes }: { bodyChars: number; pageBytes: number },
): Promise<OutboxPage> {
  const { limit, offset } = pageOf(paging);
  const where = eq(outbox.chatbot, chatbot);
  const { body: _whole, ...columns } = getTableColumns(outbox);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        ...columns,
        head: sql<string>`left(${outbox.body}, ${bodyChars})`,
        length: sql<number>`length(${outbox.body})`,
      })
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  // Each item's share of the page, less what its other fields take (bounded: addresses, subjects, errors).
  const share = Math.floor(pageBytes / Math.max(1, limit)) - 2_000;
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      Kind: r.kind,
      To: r.toAddress,
      Subject: r.subject,
      Body: shown(r.head, Number(r.length), share),
      Calendar: r.calendar,
      Attempts: r.attempts,
      LastError: r.lastError,
      CreatedAt: r.createdAt.toISOString(),
      SentAt: r.sentAt ? r.sentAt.toISOString() : null,
    })),
    Total: Number(total?.n ?? 0),
  };
}

/** What the note of a cut body takes at most, in bytes. */
const NOTE_BYTES = 40;

/** The bytes a UTF-16 code unit takes inside a JSON string: an escape for a control, a quote or a backslash; UTF-8 else (a surrogate pair is four). */
const jsonBytes = (code: number): number =>
  code < 0x20
    ? [8, 9, 10, 12, 13].includes(code)
      ? 2
      : 6
    : code === 0x22 || code === 0x5c
      ? 2
      : code < 0x80
        ? 1
        : code < 0x800 || (code >= 0xd800 && code <= 0xdfff)
          ? 2
          : 3;

/** `head` (the first characters of a body of `length` characters) as far as it fits in `maxBytes` of JSON, with a note of what was left out. */
function shown(head: string, length: number, maxBytes: number): string {
  let bytes = 2;
  let end = 0;
  for (; end < head.length; end++) {
    bytes += jsonBytes(head.charCodeAt(end));
    if (bytes > maxBytes - NOTE_BYTES) break;
  }
  // Never half a surrogate pair.
  const code = head.charCodeAt(end - 1);
  if (end < head.length && code >= 0xd800 && code <= 0xdbff) end -= 1;
  const kept = head.slice(0, end);
  // length() counts characters (code points), as the note does.
  const left = length - [...kept].length;
  return left > 0 ? `${kept}… [${left} more characters]` : kept;
}
