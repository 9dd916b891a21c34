/**
 * The owner's knowledge [ext]: sources (FAQ entries, texts) and the passages the engines search
 * them by. A source and its passages are written in one transaction: a changed source's passages
 * are replaced whole, never half. The search is the database's (full-text search with English
 * stems, and pg_trgm's word likeness on headings for a misspelt question), on PGlite and
 * PostgreSQL alike — and, with an embedding model, the passages nearest the question by meaning
 * (knowledge-vectors.ts), the two rankings fused; the engines score what it finds (engines/knowledge/find.ts).
 */
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  KNOWLEDGE_LIMITS,
  LIMITS,
  SYNCED_KINDS,
  type KnowledgeKind,
  type KnowledgeSource,
} from '../../protocol/index.ts';
import type { Candidate, KnowledgeBase } from '../engines/knowledge/find.ts';
import type { Embedder } from '../engines/model/embeddings.ts';
import { nearestPassages, type VectorMode } from './knowledge-vectors.ts';
import { faqPassages, textPassages, type PassageText } from '../engines/knowledge/passages.ts';
import { conflicting } from './errors.ts';
import type { Db, Tx } from './db-types.ts';
import { knowledgePassages, knowledgeSources } from './schema.ts';

type Row = typeof knowledgeSources.$inferSelect;

/** What a source is written with (the fields its Kind does not use are stored empty). */
export interface SourceFields {
  Title?: string;
  Url?: string;
  Question?: string;
  Phrasings?: string[];
  Content?: string;
  FileStoreId?: string;
}

function columnsOf(kind: KnowledgeKind, f: SourceFields) {
  const faq = kind === 'faq';
  const question = faq ? (f.Question ?? '').trim() : '';
  const synced = SYNCED_KINDS.includes(kind);
  return {
    title: faq ? question : (f.Title ?? '').trim() || (synced ? (f.Url ?? '') : ''),
    givenTitle: synced ? (f.Title ?? '').trim() : '',
    url: f.Url ?? '',
    question,
    phrasings: faq ? (f.Phrasings ?? []).map((p) => p.trim()).filter(Boolean) : [],
    content: synced ? '' : (f.Content ?? ''),
    fileId: kind === 'document' ? Number(f.FileStoreId) : null,
  };
}

/** The passages of what the owner wrote; none for what the service reads (a page, a sitemap, a document: knowledge/sync.ts). */
const passagesOf = (kind: KnowledgeKind, c: ReturnType<typeof columnsOf>): PassageText[] =>
  kind === 'faq'
    ? faqPassages(c.question, c.phrasings, c.content, c.url)
    : kind === 'text'
      ? textPassages(c.title, c.content, c.url)
      : [];

/** Until the transaction ends, this chatbot's sources are added by `tx` alone (so its limit holds across instances). */
export const lockKnowledge = (tx: Tx, chatbot: string) =>
  tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`knowledge:${chatbot}`}))`);

export async function writePassages(tx: Tx, chatbot: string, sourceId: number, passages: PassageText[]): Promise<void> {
  await tx.delete(knowledgePassages).where(eq(knowledgePassages.sourceId, sourceId));
  // A few hundred rows a statement: a long text's passages never make one statement of thousands of parameters.
  for (let i = 0; i < passages.length; i += 200)
    await tx
      .insert(knowledgePassages)
      .values(passages.slice(i, i + 200).map((p, j) => ({ ...p, chatbot, sourceId, position: i + j })));
}

export const toSource = (r: Row, passages: number): KnowledgeSource => ({
  Id: r.id,
  Kind: r.kind as KnowledgeKind,
  Title: r.title,
  Url: r.url,
  Question: r.question,
  Phrasings: r.phrasings,
  Content: r.content,
  FileStoreId: r.fileId === null ? '' : String(r.fileId),
  Parent: r.parentId,
  State: r.state,
  Error: r.error,
  SyncedAt: r.syncedAt?.toISOString() ?? null,
  Passages: passages,
  CreatedAt: r.createdAt.toISOString(),
  UpdatedAt: r.updatedAt.toISOString(),
});

export async function addSource(
  db: Db,
  chatbot: string,
  kind: KnowledgeKind,
  fields: SourceFields,
  now: Date,
): Promise<KnowledgeSource> {
  const columns = columnsOf(kind, fields);
  const passages = passagesOf(kind, columns);
  return db.transaction(async (tx) => {
    // One writer at a time per chatbot, so two adds never both pass the count below.
    await lockKnowledge(tx, chatbot);
    const [held] = await tx.select({ n: count() }).from(knowledgeSources).where(eq(knowledgeSources.chatbot, chatbot));
    if (Number(held?.n ?? 0) >= KNOWLEDGE_LIMITS.knowledgeSources)
      throw conflicting(
        `This chatbot holds ${KNOWLEDGE_LIMITS.knowledgeSources.toLocaleString('en-US')} knowledge sources, the most it can; delete some first`,
      );
    const [row] = await tx
      .insert(knowledgeSources)
      .values({
        chatbot,
        kind,
        ...columns,
        // What the service reads waits for its first reading (knowledge/sync.ts); what the owner wrote is read.
        ...(SYNCED_KINDS.includes(kind) ? { state: 'pending' as const } : { syncedAt: now }),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await writePassages(tx, chatbot, row!.id, passages);
    return toSource(row!, passages.length);
  });
}

/** Replaces source `id`'s fields and passages; null when the chatbot has no such source. */
export async function updateSource(
  db: Db,
  chatbot: string,
  id: number,
  fields: SourceFields,
  now: Date,
): Promise<KnowledgeSource | null> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ kind: knowledgeSources.kind })
      .from(knowledgeSources)
      .where(and(eq(knowledgeSources.chatbot, chatbot), eq(knowledgeSources.id, id)))
      .for('update');
    if (!found) return null;
    const kind = found.kind as KnowledgeKind;
    const columns = columnsOf(kind, fields);
    const passages = passagesOf(kind, columns);
    const synced = SYNCED_KINDS.includes(kind);
    const [row] = await tx
      .update(knowledgeSources)
      .set({
        ...columns,
        // Read again from what it now names; its passages stay until then.
        ...(synced
          ? { state: 'pending' as const, error: '', etag: '', lastModified: '', contentHash: '' }
          : { syncedAt: now }),
        updatedAt: now,
      })
      .where(eq(knowledgeSources.id, id))
      .returning();
    if (!synced) await writePassages(tx, chatbot, id, passages);
    const [held] = await tx.select({ n: count() }).from(knowledgePassages).where(eq(knowledgePassages.sourceId, id));
    return toSource(row!, Number(held?.n ?? 0));
  });
}

/** The kind of source `id` of this chatbot, or null. */
export async function sourceKind(db: Db, chatbot: string, id: number): Promise<KnowledgeKind | null> {
  const [row] = await db
    .select({ kind: knowledgeSources.kind })
    .from(knowledgeSources)
    .where(and(eq(knowledgeSources.chatbot, chatbot), eq(knowledgeSources.id, id)));
  return (row?.kind as KnowledgeKind | undefined) ?? null;
}

export async function deleteSources(db: Db, chatbot: string, ids: number[]): Promise<number> {
  const gone = await db
    .delete(knowledgeSources)
    .where(and(eq(knowledgeSources.chatbot, chatbot), inArray(knowledgeSources.id, ids)))
    .returning({ id: knowledgeSources.id });
  return gone.length;
}

export async function listSources(
  db: Db,
  chatbot: string,
  query: { Page?: number; PageSize?: number; Kind?: KnowledgeKind; Parent?: number },
): Promise<{ Items: KnowledgeSource[]; Total: number }> {
  const where = and(
    eq(knowledgeSources.chatbot, chatbot),
    query.Kind ? eq(knowledgeSources.kind, query.Kind) : undefined,
    query.Parent === undefined ? isNull(knowledgeSources.parentId) : eq(knowledgeSources.parentId, query.Parent),
  );
  const size = query.PageSize ?? LIMITS.pageSizeDefault;
  const page = query.Page ?? 1;
  const passages = db
    .select({ n: count() })
    .from(knowledgePassages)
    .where(eq(knowledgePassages.sourceId, knowledgeSources.id));
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: knowledgeSources, passages: sql<number>`(${passages})` })
      .from(knowledgeSources)
      .where(where)
      .orderBy(desc(knowledgeSources.updatedAt), asc(knowledgeSources.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(knowledgeSources).where(where),
  ]);
  return { Items: rows.map((r) => toSource(r.row, Number(r.passages))), Total: Number(total?.n ?? 0) };
}

/** The words a full-text query may hold: letters and digits (websearch_to_tsquery reads the rest as its syntax). */
const queryWord = (w: string) => w.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

/** How a question is compared with the passages by meaning (LLM_EMBEDDING_MODEL), when the service has a model for it. */
export interface KnowledgeVectors {
  embedder: Embedder;
  mode: VectorMode;
  /** The model server failed to embed a question: the search goes on by words alone. */
  failed(error: unknown): void;
}

/** How long a question's embedding may take before the search goes on without it. */
export const QUESTION_EMBED_MS = 5_000;
/** Passages taken from the vector ranking per question, beside the words' candidates. */
const NEAREST = 10;
/** Reciprocal rank fusion's constant: a passage's place in each ranking counts 1 / (RRF_K + place). */
const RRF_K = 60;

const passageColumns = {
  id: knowledgePassages.id,
  sourceId: knowledgePassages.sourceId,
  kind: knowledgeSources.kind,
  title: knowledgeSources.title,
  sourceUrl: knowledgeSources.url,
  url: knowledgePassages.url,
  heading: knowledgePassages.heading,
  aliases: knowledgePassages.aliases,
  body: knowledgePassages.body,
};
type PassageRow = { [K in keyof typeof passageColumns]: (typeof passageColumns)[K]['_']['data'] };

const toCandidate = (r: PassageRow, similarity: number | undefined): Candidate => ({
  sourceId: r.sourceId,
  kind: r.kind as Candidate['kind'],
  title: r.title,
  url: r.url || r.sourceUrl,
  heading: r.heading,
  aliases: r.aliases,
  body: r.body,
  ...(similarity === undefined ? {} : { similarity }),
});

/**
 * The two rankings as one (reciprocal rank fusion): a passage both find comes before one only
 * either finds; each keeps its similarity where the vector ranking found it.
 */
function fused(lexical: PassageRow[], near: { row: PassageRow; similarity: number }[]): Candidate[] {
  const byId = new Map<number, { row: PassageRow; rank: number; similarity?: number }>();
  lexical.forEach((row, i) => byId.set(row.id, { row, rank: 1 / (RRF_K + i + 1) }));
  near.forEach(({ row, similarity }, i) => {
    const held = byId.get(row.id);
    const rank = 1 / (RRF_K + i + 1);
    if (held) Object.assign(held, { rank: held.rank + rank, similarity });
    else byId.set(row.id, { row, rank, similarity });
  });
  return [...byId.values()].sort((a, b) => b.rank - a.rank).map((c) => toCandidate(c.row, c.similarity));
}

/** A chatbot's knowledge, as the engines search it: by its words, and by meaning when `vectors` is given. */
export function knowledgeBase(db: Db, chatbot: string, vectors?: KnowledgeVectors): KnowledgeBase {
  const mine = eq(knowledgePassages.chatbot, chatbot);
  const passages = () =>
    db
      .select(passageColumns)
      .from(knowledgePassages)
      .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgePassages.sourceId));

  async function byWords(words: string[], question: string, limit: number): Promise<PassageRow[]> {
    const terms = words.map(queryWord).filter(Boolean).slice(0, 64);
    if (!terms.length) return [];
    const query = sql`websearch_to_tsquery('english', ${terms.join(' or ')})`;
    const heading = sql`(${knowledgePassages.heading} || ' ' || ${knowledgePassages.aliases})`;
    const text = question.slice(0, LIMITS.queryChars);
    return passages()
      .where(and(mine, sql`(${knowledgePassages.search} @@ ${query} OR ${text} <% ${heading})`))
      .orderBy(
        sql`ts_rank(${knowledgePassages.search}, ${query}) + word_similarity(${text}, ${heading}) DESC`,
        asc(knowledgePassages.id),
      )
      .limit(limit);
  }

  // A text is embedded once for this knowledge base (one answer): the engines may search it more than once.
  const embedded = new Map<string, Promise<number[] | undefined>>();
  const embed = (v: KnowledgeVectors, text: string) => {
    let vector = embedded.get(text);
    if (!vector) {
      vector = v.embedder.embed([text], AbortSignal.timeout(QUESTION_EMBED_MS)).then(
        ([first]) => first,
        (error: unknown) => {
          v.failed(error);
          return undefined;
        },
      );
      embedded.set(text, vector);
    }
    return vector;
  };

  async function byMeaning(question: string): Promise<{ row: PassageRow; similarity: number }[]> {
    if (!vectors) return [];
    const vector = await embed(vectors, question.slice(0, LIMITS.queryChars));
    if (!vector) return [];
    const near = await nearestPassages(db, vectors.mode, { chatbot, model: vectors.embedder.model, vector }, NEAREST);
    if (!near.length) return [];
    const rows = new Map(
      (
        await passages().where(
          and(
            mine,
            inArray(
              knowledgePassages.id,
              near.map((n) => n.id),
            ),
          ),
        )
      ).map((r) => [r.id, r]),
    );
    return near.flatMap((n) => {
      const row = rows.get(n.id);
      return row ? [{ row, similarity: n.similarity }] : [];
    });
  }

  return {
    similarityBar: vectors?.embedder.minSimilarity,
    async any() {
      const [row] = await db.select({ id: knowledgePassages.id }).from(knowledgePassages).where(mine).limit(1);
      return row !== undefined;
    },
    async faqs(limit) {
      const rows = await passages()
        .where(and(mine, eq(knowledgeSources.kind, 'faq')))
        .orderBy(asc(knowledgePassages.id))
        .limit(limit + 1);
      // More than an agency's FAQ: weighing each by meaning per question would cost too much; the words find them.
      return rows.length > limit ? [] : rows.map((r) => toCandidate(r, undefined));
    },
    async candidates({ words, question }, limit) {
      const [lexical, near] = await Promise.all([byWords(words, question, limit), byMeaning(question)]);
      return fused(lexical, near);
    },
  };
}

/**
 * The chatbot's pages, sitemaps and documents that are not its sitemaps' pages (those are read
 * with their sitemap) — or source `id` alone — marked to be read again; their ids.
 */
export async function syncedSources(db: Db, chatbot: string, id: number | undefined, now: Date): Promise<number[]> {
  const rows = await db
    .update(knowledgeSources)
    .set({ state: 'pending', error: '', updatedAt: now })
    .where(
      and(
        eq(knowledgeSources.chatbot, chatbot),
        inArray(knowledgeSources.kind, [...SYNCED_KINDS]),
        id === undefined ? isNull(knowledgeSources.parentId) : eq(knowledgeSources.id, id),
        // One being read is left to its reader.
        sql`${knowledgeSources.state} <> 'syncing'`,
      ),
    )
    .returning({ id: knowledgeSources.id });
  return rows.map((r) => r.id);
}
