/**
 * The store's side of reading the knowledge the service fetches (knowledge/sync.ts): a source
 * claimed by one reader at a time (State syncing, its claim lapsing after CLAIM_MS should its
 * instance die), what it read written with its new passages in one transaction, a failure noted
 * beside the passages of the last good reading, a sitemap's pages kept to what it lists now.
 */
import { and, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { KNOWLEDGE_LIMITS, SYNCED_KINDS, type KnowledgeKind } from '../../protocol/index.ts';
import type { PassageText } from '../engines/knowledge/passages.ts';
import type { Db } from './db-types.ts';
import { lockKnowledge, writePassages } from './knowledge.ts';
import { files, knowledgeSources } from './schema.ts';

/** A reading not finished in this long was a gone instance's: the source may be claimed again. */
const CLAIM_MS = 15 * 60_000;

export interface ClaimedSource {
  id: number;
  chatbot: string;
  kind: KnowledgeKind;
  url: string;
  /** The title the owner gave (none: the page's or the document's own). */
  ownTitle: string;
  previous: { etag: string; lastModified: string; contentHash: string };
  /** A document's file. */
  file?: { id: number; storeKey: string; fileName: string };
}

/** Source `id` for this reader alone, or null: not one that is read, or being read by another. */
export async function claimSource(db: Db, id: number, now: Date): Promise<ClaimedSource | null> {
  const lapsed = new Date(now.getTime() - CLAIM_MS);
  const [row] = await db
    .update(knowledgeSources)
    .set({ state: 'syncing', updatedAt: now })
    .where(
      and(
        eq(knowledgeSources.id, id),
        inArray(knowledgeSources.kind, [...SYNCED_KINDS]),
        or(sql`${knowledgeSources.state} <> 'syncing'`, lt(knowledgeSources.updatedAt, lapsed)),
      ),
    )
    .returning();
  if (!row) return null;
  const [file] = row.fileId
    ? await db
        .select({ id: files.id, storeKey: files.storeKey, fileName: files.fileName })
        .from(files)
        .where(and(eq(files.id, row.fileId), eq(files.status, 'checked')))
    : [];
  return {
    id: row.id,
    chatbot: row.chatbot,
    kind: row.kind,
    url: row.url,
    ownTitle: row.givenTitle,
    previous: { etag: row.etag, lastModified: row.lastModified, contentHash: row.contentHash },
    ...(file ? { file } : {}),
  };
}

/**
 * A reading done: the source ready, with what the page said of itself; its passages replaced
 * when they changed (`passages` null: the same as before, or nothing new was read).
 */
export async function finishSource(
  db: Db,
  source: ClaimedSource,
  read: { passages: PassageText[] | null; title: string; etag: string; lastModified: string; hash: string } | null,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [still] = await tx
      .update(knowledgeSources)
      .set({
        state: 'ready',
        error: '',
        syncedAt: now,
        updatedAt: now,
        ...(read
          ? { title: read.title, etag: read.etag, lastModified: read.lastModified, contentHash: read.hash }
          : {}),
      })
      // Only while it is this reader's: an owner's change since (State pending again) is read next.
      .where(and(eq(knowledgeSources.id, source.id), eq(knowledgeSources.state, 'syncing')))
      .returning({ id: knowledgeSources.id });
    if (still && read?.passages) await writePassages(tx, source.chatbot, source.id, read.passages);
  });
}

export async function failSource(db: Db, id: number, reason: string, now: Date): Promise<void> {
  await db
    .update(knowledgeSources)
    .set({ state: 'failed', error: reason.slice(0, 500), syncedAt: now, updatedAt: now })
    .where(and(eq(knowledgeSources.id, id), eq(knowledgeSources.state, 'syncing')));
}

/**
 * A sitemap's pages as it lists them now: new ones added under it (pending), those it no longer
 * lists removed; at most what the chatbot's limit of sources leaves. Returns the pages to read.
 */
export async function sitemapPages(db: Db, sitemap: ClaimedSource, urls: string[], now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    await lockKnowledge(tx, sitemap.chatbot);
    const listed = urls.slice(0, KNOWLEDGE_LIMITS.sitemapPages);
    await tx
      .delete(knowledgeSources)
      .where(
        and(
          eq(knowledgeSources.parentId, sitemap.id),
          listed.length ? notInArray(knowledgeSources.url, listed) : undefined,
        ),
      );
    const kept = await tx
      .select({ id: knowledgeSources.id, url: knowledgeSources.url })
      .from(knowledgeSources)
      .where(eq(knowledgeSources.parentId, sitemap.id));
    const [held] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(knowledgeSources)
      .where(eq(knowledgeSources.chatbot, sitemap.chatbot));
    const room = Math.max(0, KNOWLEDGE_LIMITS.knowledgeSources - Number(held?.n ?? 0));
    const fresh = listed.filter((u) => !kept.some((k) => k.url === u)).slice(0, room);
    const added = fresh.length
      ? await tx
          .insert(knowledgeSources)
          .values(
            fresh.map((url) => ({
              chatbot: sitemap.chatbot,
              kind: 'page' as const,
              url,
              parentId: sitemap.id,
              state: 'pending' as const,
              createdAt: now,
              updatedAt: now,
            })),
          )
          .returning({ id: knowledgeSources.id })
      : [];
    return [...kept.map((k) => k.id), ...added.map((a) => a.id)];
  });
}

/** What is due a reading: waiting for its first, left half-read by a gone instance, or read before `before`. */
export async function dueSources(db: Db, now: Date, before: Date): Promise<number[]> {
  const lapsed = new Date(now.getTime() - CLAIM_MS);
  const rows = await db
    .select({ id: knowledgeSources.id })
    .from(knowledgeSources)
    .where(
      and(
        inArray(knowledgeSources.kind, ['page', 'sitemap']),
        or(
          eq(knowledgeSources.state, 'pending'),
          and(eq(knowledgeSources.state, 'syncing'), lt(knowledgeSources.updatedAt, lapsed)),
          // A sitemap's pages are read with their sitemap.
          and(
            isNull(knowledgeSources.parentId),
            or(isNull(knowledgeSources.syncedAt), lt(knowledgeSources.syncedAt, before)),
          ),
        ),
      ),
    )
    .limit(500);
  const documents = await db
    .select({ id: knowledgeSources.id })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.kind, 'document'), eq(knowledgeSources.state, 'pending')))
    .limit(100);
  return [...rows, ...documents].map((r) => r.id);
}
