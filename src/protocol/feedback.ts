/**
 * A visitor's vote on an answer [ext]: thumbs up or down, and after a down the reasons (a fixed
 * set, so they can be counted) and a short comment. One vote per answer, changed by voting again,
 * withdrawn with a null rating.
 */
import { Type, type Static } from 'typebox';
import { LIMITS } from './rules.ts';
import { oneOf, sessionId, text } from './fields.ts';

export const RATINGS = ['up', 'down'] as const;
export type Rating = (typeof RATINGS)[number];

/** Why an answer was rated down: the widget's chips, the console's counts. */
export const FEEDBACK_REASONS = ['wrong-listing', 'not-helpful', 'incorrect', 'too-long'] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];

/** The rule FeedbackBody keeps across its fields, or null. */
export function feedbackRuleBroken(body: { rating?: unknown; reasons?: unknown; comment?: unknown }): string | null {
  if (body.rating === 'down') return null;
  if (Array.isArray(body.reasons) && body.reasons.length > 0)
    return '"reasons" are only allowed with the rating "down"';
  if (typeof body.comment === 'string' && body.comment.trim() !== '')
    return '"comment" is only allowed with the rating "down"';
  return null;
}

/** feedbackRuleBroken's rule as JSON Schema, for /openapi.json. */
const ratings = {
  oneOf: [
    { description: 'Rated down: reasons and a comment allowed', properties: { rating: { const: 'down' } } },
    {
      description: 'Rated up, or withdrawn: no reasons, no comment',
      properties: {
        rating: { enum: ['up', null] },
        reasons: { type: 'array', maxItems: 0 },
        comment: { type: 'string', pattern: '^\\s*$' },
      },
    },
  ],
};

/** `POST /chat/Chat/Feedback` [ext]: visitor token (own session only) or the API key. */
export const FeedbackBody = Type.Refine(
  Type.Object(
    {
      sessionID: sessionId(),
      answerID: Type.Integer({
        minimum: 1,
        maximum: 2 ** 31 - 1,
        rule: 'must be the id of an answer (a positive integer)',
      }),
      rating: Type.Union([oneOf(RATINGS), Type.Null()], { rule: 'must be "up", "down", or null to withdraw the vote' }),
      reasons: Type.Optional(
        Type.Array(oneOf(FEEDBACK_REASONS), {
          maxItems: FEEDBACK_REASONS.length,
          uniqueItems: true,
          rule: `must be a list of distinct reasons from ${FEEDBACK_REASONS.map((r) => `"${r}"`).join(', ')}`,
        }),
      ),
      comment: Type.Optional(text(LIMITS.feedbackCommentChars)),
    },
    { additionalProperties: false, jsonSchema: ratings },
  ),
  (v) => feedbackRuleBroken(v) === null,
  (v) => feedbackRuleBroken(v) ?? 'breaks a rule of Feedback',
);
export type FeedbackBody = Static<typeof FeedbackBody>;

/** A vote as stored; `Rating` null once withdrawn. */
export const Feedback = Type.Object({
  AnswerID: Type.Integer(),
  Rating: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Null()]),
  Reasons: Type.Array(Type.String()),
  Comment: Type.String(),
  UpdatedAt: Type.String({ description: 'ISO 8601' }),
});
export type Feedback = Static<typeof Feedback>;
