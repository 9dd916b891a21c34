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
export async function listOutbox(db: Db, chatbot: string, paging: Paging, bodyChars: number): Promise<OutboxPage> {
  const { limit, offset } = pageOf(paging);
  const where = eq(outbox.chatbot, chatbot);
  const body = sql<string>`CASE WHEN length(${outbox.body}) > ${bodyChars} THEN left(${outbox.body}, ${bodyChars}) || '… [' || (length(${outbox.body}) - ${bodyChars}) || ' more characters]' ELSE ${outbox.body} END`;
  const { body: _whole, ...columns } = getTableColumns(outbox);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...columns, body })
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  return {
    Items: rows.map((r) => ({
      Id: r.id,
      Kind: r.kind,
      To: r.toAddress,
      Subject: r.subject,
      Body: r.body,
      Attempts: r.attempts,
      LastError: r.lastError,
      CreatedAt: r.createdAt.toISOString(),
      SentAt: r.sentAt ? r.sentAt.toISOString() : null,
    })),
    Total: Number(total?.n ?? 0),
  };
}
