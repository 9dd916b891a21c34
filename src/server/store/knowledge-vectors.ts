/**
 * The passages' embeddings [ext] (LLM_EMBEDDING_MODEL), and the passages nearest a question's.
 * Stored as `real[]` of unit length beside each passage (migration 0014), so every database holds
 * them; compared by pgvector's cosine distance where the database has the extension (PGlite
 * always: it ships it; PostgreSQL where `vector` is installed), else by their dot product in SQL,
 * over at most ARRAY_SCAN of the chatbot's passages (docs/OPERATING.md, "Sizing"). A passage's text and its
 * embedding go together: a changed source's passages are new rows, so no old vector outlives its text.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from './db-types.ts';
import { rowsOf } from './db.ts';
import { knowledgePassages } from './schema.ts';

/** How the database compares vectors: pgvector's `<=>`, or a dot product of arrays in SQL. */
export type VectorMode = 'pgvector' | 'arrays';

/** Without pgvector, the most passages of a chatbot compared with a question (its newest): the cost is linear in them. */
export const ARRAY_SCAN = 2_000;

/**
 * Whether the database compares vectors with pgvector: made available here when the database has
 * the extension to create (PGlite loads it; a PostgreSQL needs pgvector installed and the right to
 * create it). `reason` says why not.
 */
export async function vectorMode(db: Db): Promise<{ mode: VectorMode; reason?: string }> {
  const available = rowsOf<{ installed: string | null }>(
    await db.execute(sql`SELECT installed_version AS installed FROM pg_available_extensions WHERE name = 'vector'`),
  );
  if (!available.length) return { mode: 'arrays', reason: 'the database has no pgvector extension installed' };
  if (available[0]!.installed) return { mode: 'pgvector' };
  try {
    await db.execute(sql`CREATE EXTENSION IF NOT EXISTS vector`);
    return { mode: 'pgvector' };
  } catch (error) {
    return { mode: 'arrays', reason: `CREATE EXTENSION vector failed: ${(error as Error).message}` };
  }
}

/** Passages without an embedding (of any chatbot), oldest first. */
export async function unembedded(db: Db, limit: number) {
  return db
    .select({
      id: knowledgePassages.id,
      heading: knowledgePassages.heading,
      aliases: knowledgePassages.aliases,
      body: knowledgePassages.body,
    })
    .from(knowledgePassages)
    .where(isNull(knowledgePassages.embedding))
    .orderBy(asc(knowledgePassages.id))
    .limit(limit);
}

/** A vector as PostgreSQL's array literal: one parameter, whatever its size. */
const arrayLiteral = (v: readonly number[]) => `{${v.map((x) => (Number.isFinite(x) ? x : 0)).join(',')}}`;

/** Keeps each passage's embedding, unless the passage has gone or was embedded meanwhile (by another instance). */
export async function saveEmbeddings(
  db: Db,
  model: string,
  rows: readonly { id: number; vector: readonly number[] }[],
): Promise<void> {
  if (!rows.length) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.id}::bigint, ${arrayLiteral(r.vector)}::real[])`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE knowledge_passages AS p SET embedding = v.embedding, embedding_model = ${model}
    FROM (VALUES ${values}) AS v(id, embedding)
    WHERE p.id = v.id AND p.embedding IS NULL`);
}

/** Forgets the embeddings of another model than `model` (they cannot be compared with its): they are made again. */
export async function forgetOtherModels(db: Db, model: string): Promise<number> {
  const gone = await db
    .update(knowledgePassages)
    .set({ embedding: null, embeddingModel: '' })
    .where(sql`${knowledgePassages.embedding} IS NOT NULL AND ${knowledgePassages.embeddingModel} <> ${model}`)
    .returning({ id: knowledgePassages.id });
  return gone.length;
}

/** A passage near the question, with its cosine similarity (−1 to 1). */
export interface NearPassage {
  id: number;
  similarity: number;
}

/** This chatbot's `limit` passages nearest `vector` (unit length, by `model`), nearest first. */
export async function nearestPassages(
  db: Db,
  mode: VectorMode,
  query: { chatbot: string; model: string; vector: readonly number[] },
  limit: number,
): Promise<NearPassage[]> {
  const q = arrayLiteral(query.vector);
  const dims = query.vector.length;
  const mine = and(
    eq(knowledgePassages.chatbot, query.chatbot),
    eq(knowledgePassages.embeddingModel, query.model),
    // A model whose size changed under one name is not compared (pgvector would refuse it).
    sql`array_length(${knowledgePassages.embedding}, 1) = ${dims}`,
  );
  if (mode === 'pgvector') {
    const distance = sql<number>`(${knowledgePassages.embedding}::vector <=> ${q}::real[]::vector)`;
    const rows = await db
      .select({ id: knowledgePassages.id, distance })
      .from(knowledgePassages)
      .where(mine)
      .orderBy(distance, asc(knowledgePassages.id))
      .limit(limit);
    return rows.map((r) => ({ id: r.id, similarity: 1 - Number(r.distance) }));
  }
  const newest = db
    .select({ id: knowledgePassages.id, embedding: knowledgePassages.embedding })
    .from(knowledgePassages)
    .where(mine)
    .orderBy(sql`${knowledgePassages.id} DESC`)
    .limit(ARRAY_SCAN)
    .as('newest');
  const similarity = sql<number>`(SELECT sum(a * b) FROM unnest(${newest.embedding}, ${q}::real[]) AS t(a, b))`;
  const rows = await db
    .select({ id: newest.id, similarity })
    .from(newest)
    .orderBy(sql`2 DESC`, asc(newest.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, similarity: Number(r.similarity) }));
}
