/** Visitors' votes on answers: one row per answer, changed in place, removed when withdrawn. */
import { inArray, sql } from 'drizzle-orm';
import type { Feedback, Rating } from '../../protocol/index.ts';
import type { Db } from './db.ts';
import { feedback } from './schema.ts';

export type FeedbackRow = typeof feedback.$inferSelect;

export const feedbackData = (row: FeedbackRow): Feedback => ({
  AnswerID: row.answerId,
  Rating: row.rating,
  Reasons: row.reasons,
  Comment: row.comment,
  UpdatedAt: row.updatedAt.toISOString(),
});

export interface Vote {
  answerId: number;
  sessionId: number;
  chatbot: string;
  rating: Rating;
  reasons: string[];
  comment: string;
}

/** Stores a vote, replacing the answer's earlier one (a vote changed keeps when it was first given). */
export async function saveVote(db: Db, vote: Vote, now: Date): Promise<FeedbackRow> {
  const [row] = await db
    .insert(feedback)
    .values({ ...vote, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: feedback.answerId,
      set: {
        rating: sql`excluded.rating`,
        reasons: sql`excluded.reasons`,
        comment: sql`excluded.comment`,
        updatedAt: sql`excluded.updated_at`,
      },
    })
    .returning();
  return row!;
}

export async function withdrawVote(db: Db, answerId: number): Promise<void> {
  await db.delete(feedback).where(sql`${feedback.answerId} = ${answerId}`);
}

/** The votes on the given answers, by answer id. */
export async function votesOn(db: Db, answerIds: number[]): Promise<Map<number, FeedbackRow>> {
  if (answerIds.length === 0) return new Map();
  const rows = await db.select().from(feedback).where(inArray(feedback.answerId, answerIds));
  return new Map(rows.map((r) => [r.answerId, r]));
}
