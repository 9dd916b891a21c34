/**
 * Questions the owner should add listings or instructions for [ext]: those whose answer was marked
 * noAnswer or rated down, grouped by the kind of miss (NoAnswerReason) and, within it, by likeness.
 * The database does the likeness (pg_trgm's similarity) over the distinct wordings; the groups are
 * the connected pairs.
 */
import { sql } from 'drizzle-orm';
import type { NoAnswerReason, UnansweredGroup, UnansweredQuestion } from '../../protocol/index.ts';
import { rowsOf, type Db } from './db.ts';

/** At most this many questions (the newest) are grouped; the page says how many were. */
export const UNANSWERED_CONSIDERED = 2_000;
/** Two wordings this alike (pg_trgm's similarity, 0–1) are one question. */
const ALIKE = 0.5;
const SHOWN_PER_GROUP = 20;

interface Candidate {
  id: number;
  session_id: number;
  content: string;
  wording: string;
  created_at: string | Date;
  no_answer: boolean;
  reason: NoAnswerReason | null;
  down: boolean | null;
  reasons: string[] | null;
  comment: string | null;
}

/**
 * The pairs of wordings alike enough to be one question. pg_trgm's `%` operator finds them through
 * a trigram index on a temporary table of the wordings — a similarity for every pair would be
 * millions of calls for a few thousand questions.
 */
async function alikePairs(db: Db, wordings: string[]): Promise<{ a: string; b: string }[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`CREATE TEMPORARY TABLE unanswered_wordings (t text) ON COMMIT DROP`);
    await tx.execute(sql`INSERT INTO unanswered_wordings SELECT unnest(${sql.param(wordings)}::text[])`);
    await tx.execute(sql`CREATE INDEX ON unanswered_wordings USING gin (t gin_trgm_ops)`);
    await tx.execute(sql`SELECT set_config('pg_trgm.similarity_threshold', ${String(ALIKE)}, true)`);
    return rowsOf<{ a: string; b: string }>(
      await tx.execute(
        sql`SELECT w1.t AS a, w2.t AS b FROM unanswered_wordings w1 JOIN unanswered_wordings w2 ON w1.t % w2.t AND w1.t < w2.t`,
      ),
    );
  });
}

export async function unansweredGroups(
  db: Db,
  chatbot: string,
  start: Date,
  end: Date,
): Promise<{ groups: UnansweredGroup[]; considered: number }> {
  const candidates = rowsOf<Candidate>(
    await db.execute(sql`
      SELECT q.id, q.session_id, q.content, lower(btrim(q.content)) AS wording, q.created_at, a.no_answer,
        CASE WHEN a.no_answer THEN coalesce(a.no_answer_reason, 'unknown') END AS reason, f.rating = 'down' AS down, f.reasons, f.comment
      FROM messages a
      JOIN messages q ON q.id = a.question_id
      LEFT JOIN feedback f ON f.answer_id = a.id
      WHERE a.chatbot = ${chatbot} AND a.role = 'answer'
        AND a.created_at >= ${start.toISOString()}::timestamptz AND a.created_at < ${end.toISOString()}::timestamptz
        AND (a.no_answer OR f.rating = 'down') AND btrim(q.content) <> ''
      ORDER BY q.id DESC
      LIMIT ${UNANSWERED_CONSIDERED}`),
  );
  const wordings = [...new Set(candidates.map((c) => c.wording))];
  const pairs = wordings.length < 2 ? [] : await alikePairs(db, wordings);
  // A question is grouped within its kind of miss: a wording's key is its reason and its words.
  const keyOf = (reason: NoAnswerReason | null, wording: string) => `${reason ?? ''}\u0000${wording}`;
  const reasonsOf = new Map<string, Set<NoAnswerReason | null>>();
  for (const c of candidates) reasonsOf.set(c.wording, (reasonsOf.get(c.wording) ?? new Set()).add(c.reason));
  const root = new Map(candidates.map((c) => [keyOf(c.reason, c.wording), keyOf(c.reason, c.wording)]));
  const find = (w: string): string => {
    let r = w;
    while (root.get(r) !== r) r = root.get(r)!;
    root.set(w, r);
    return r;
  };
  for (const { a, b } of pairs)
    for (const reason of reasonsOf.get(a) ?? [])
      if (reasonsOf.get(b)?.has(reason)) root.set(find(keyOf(reason, a)), find(keyOf(reason, b)));

  const byRoot = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const r = find(keyOf(c.reason, c.wording));
    byRoot.set(r, [...(byRoot.get(r) ?? []), c]);
  }
  const groups = [...byRoot.values()].map((members): UnansweredGroup => {
    // Members are newest first: the first of the most frequent wording is its newest.
    const counts = new Map<string, number>();
    for (const m of members) counts.set(m.wording, (counts.get(m.wording) ?? 0) + 1);
    const top = members.reduce(
      (best, m) => (counts.get(m.wording)! > counts.get(best.wording)! ? m : best),
      members[0]!,
    );
    return {
      Question: top.content,
      Count: members.length,
      NoAnswer: members.filter((m) => m.no_answer).length,
      ...(top.reason ? { NoAnswerReason: top.reason } : {}),
      RatedDown: members.filter((m) => m.down).length,
      LastAt: new Date(members[0]!.created_at).toISOString(),
      Questions: members.slice(0, SHOWN_PER_GROUP).map((m): UnansweredQuestion => ({
        QuestionID: m.id,
        SessionID: m.session_id,
        Content: m.content,
        CreatedAt: new Date(m.created_at).toISOString(),
        NoAnswer: m.no_answer,
        ...(m.reason ? { NoAnswerReason: m.reason } : {}),
        RatedDown: m.down === true,
        Reasons: m.reasons ?? [],
        Comment: m.comment ?? '',
      })),
    };
  });
  groups.sort((x, y) => y.Count - x.Count || y.LastAt.localeCompare(x.LastAt));
  return { groups, considered: candidates.length };
}
