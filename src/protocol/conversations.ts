/**
 * The owner's view of what visitors asked [ext]: conversations a page at a time with their flags,
 * one conversation's transcript, the questions left unanswered grouped by likeness, the insights'
 * figures and the export. Days are calendar days in the chatbot's TimeZone, both ends counted.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { DAY_PATTERN, LIMITS, NO_ANSWER_REASONS, daysBetween, isDay } from './rules.ts';
import { Feedback } from './feedback.ts';
import { integer, oneOf, serialNumber, sessionId, text } from './fields.ts';
import { Lead } from './owner.ts';

const dayRule = 'must be a day as YYYY-MM-DD';
/** A calendar day, `YYYY-MM-DD`. */
export const day = () =>
  Type.Refine(
    Type.String({ rule: dayRule, jsonSchema: { format: 'date', pattern: DAY_PATTERN } }),
    (v) => typeof v === 'string' && isDay(v),
    () => dayRule,
  );

/** What a date range must keep, or null. */
export function rangeRuleBroken(body: { From?: unknown; To?: unknown }): string | null {
  if (typeof body.From !== 'string' || typeof body.To !== 'string') return null;
  const days = daysBetween(body.From, body.To);
  if (days < 1) return '"To" must not be before "From"';
  if (days > LIMITS.rangeDaysMax) return `"From" to "To" must be at most ${LIMITS.rangeDaysMax} days`;
  return null;
}

/** The object with its From…To rule (To not before From, at most rangeDaysMax days). */
export const ranged = <S extends TSchema>(object: S) =>
  Type.Refine(
    // A rule across two fields that JSON Schema cannot compare: /openapi.json says it in words.
    {
      ...object,
      jsonSchema: {
        'x-rule': `"To" must not be before "From", and "From" to "To" must be at most ${LIMITS.rangeDaysMax} days.`,
      },
    },
    (v) => rangeRuleBroken(v as { From?: unknown; To?: unknown }) === null,
    (v) => rangeRuleBroken(v as { From?: unknown; To?: unknown }) ?? 'has an invalid date range',
  );

/** A range of days; without From and To the last 30 days, with one of them 30 days from or to it. */
const range = {
  From: Type.Optional(day()),
  To: Type.Optional(day()),
};
const paging = {
  Page: Type.Optional(integer(1, 1_000_000)),
  PageSize: Type.Optional(integer(1, LIMITS.pageSizeMax)),
};

/** What marks a conversation in the list, and what the list can be filtered by. */
export const CONVERSATION_FLAGS = ['unanswered', 'handoff', 'ratedDown', 'rateLimited', 'files'] as const;
export type ConversationFlag = (typeof CONVERSATION_FLAGS)[number];

/** `POST /chat/Chatbot/ConversationList`: newest first; without From and To, of all time. */
export const ConversationListBody = ranged(
  Type.Object(
    {
      SerialNumber: serialNumber(),
      ...paging,
      ...range,
      Flag: Type.Optional(oneOf(CONVERSATION_FLAGS)),
      /** Words looked for in the questions and answers (the database's full-text search). */
      Query: Type.Optional(text(LIMITS.searchChars)),
    },
    { additionalProperties: false },
  ),
);
export type ConversationListBody = Static<typeof ConversationListBody>;

export const ConversationSummary = Type.Object({
  SessionID: Type.Integer(),
  StartedAt: Type.String({ description: 'ISO 8601' }),
  LastAt: Type.String({ description: 'ISO 8601: the last message, or the start' }),
  /** The page the conversation started on (origin and path), or its origin, or ''. */
  PageUrl: Type.String(),
  Questions: Type.Integer(),
  /** The first question, cut to 200 characters. */
  FirstQuestion: Type.String(),
  Flags: Type.Array(Type.String({ description: CONVERSATION_FLAGS.join(' | ') })),
});
export type ConversationSummary = Static<typeof ConversationSummary>;
export const ConversationPage = Type.Object({ Items: Type.Array(ConversationSummary), Total: Type.Integer() });
export type ConversationPage = Static<typeof ConversationPage>;

/** `POST /chat/Chatbot/ConversationGet`. */
export const ConversationGetBody = Type.Object(
  { SerialNumber: serialNumber(), SessionID: sessionId() },
  { additionalProperties: false },
);
export type ConversationGetBody = Static<typeof ConversationGetBody>;

export const TranscriptFile = Type.Object({
  Id: Type.Integer(),
  Kind: Type.String(),
  MimeType: Type.String(),
  Name: Type.String(),
  Size: Type.Integer(),
});
export type TranscriptFile = Static<typeof TranscriptFile>;

export const TranscriptMessage = Type.Object({
  Id: Type.Integer(),
  Role: Type.Union([Type.Literal('question'), Type.Literal('answer'), Type.Literal('agent')]),
  /** [ext] An agent's turn: the name they gave (ConversationTake); absent on the others. */
  AgentName: Type.Optional(Type.String()),
  /** As stored: an answer's Markdown with its cards and suggestions blocks. */
  Content: Type.String(),
  AskType: Type.String(),
  Files: Type.Array(TranscriptFile),
  Status: Type.String({ description: 'complete | partial | failed | streaming' }),
  NoAnswer: Type.Boolean(),
  /** [ext] Why it is marked NoAnswer (rules.ts NO_ANSWER_REASONS); absent when it is not, or for answers before it was kept. */
  NoAnswerReason: Type.Optional(oneOf(NO_ANSWER_REASONS)),
  CreatedAt: Type.String({ description: 'ISO 8601' }),
  Feedback: Type.Union([Feedback, Type.Null()]),
});
export type TranscriptMessage = Static<typeof TranscriptMessage>;

export const Transcript = Type.Object({
  SessionID: Type.Integer(),
  StartedAt: Type.String({ description: 'ISO 8601' }),
  PageUrl: Type.String(),
  OpenedBy: Type.String({ description: 'visitor | owner' }),
  Flags: Type.Array(Type.String()),
  Messages: Type.Array(TranscriptMessage),
  Leads: Type.Array(Lead),
});
export type Transcript = Static<typeof Transcript>;

/** `POST /chat/Chatbot/UnansweredList`: questions marked noAnswer or rated down, grouped by likeness. */
export const UnansweredBody = ranged(
  Type.Object({ SerialNumber: serialNumber(), ...paging, ...range }, { additionalProperties: false }),
);
export type UnansweredBody = Static<typeof UnansweredBody>;

export const UnansweredQuestion = Type.Object({
  QuestionID: Type.Integer(),
  SessionID: Type.Integer(),
  Content: Type.String(),
  CreatedAt: Type.String({ description: 'ISO 8601' }),
  NoAnswer: Type.Boolean(),
  /** [ext] Why its answer is marked NoAnswer (rules.ts NO_ANSWER_REASONS); absent when it is not. */
  NoAnswerReason: Type.Optional(oneOf(NO_ANSWER_REASONS)),
  RatedDown: Type.Boolean(),
  Reasons: Type.Array(Type.String()),
  Comment: Type.String(),
});
export type UnansweredQuestion = Static<typeof UnansweredQuestion>;

export const UnansweredGroup = Type.Object({
  /** The group's most frequent wording (the newest among equals). */
  Question: Type.String(),
  Count: Type.Integer(),
  NoAnswer: Type.Integer(),
  /**
   * [ext] The kind of miss the group is: the reason of its questions marked NoAnswer (groups are
   * made within one reason); absent for a group only rated down.
   */
  NoAnswerReason: Type.Optional(oneOf(NO_ANSWER_REASONS)),
  RatedDown: Type.Integer(),
  LastAt: Type.String({ description: 'ISO 8601' }),
  /** Newest first, at most 20. */
  Questions: Type.Array(UnansweredQuestion),
});
export type UnansweredGroup = Static<typeof UnansweredGroup>;
export const UnansweredPage = Type.Object({
  Items: Type.Array(UnansweredGroup),
  /** Groups in all. */
  Total: Type.Integer(),
  /** Questions looked at; at most 2,000, the newest, when the range holds more. */
  Considered: Type.Integer(),
  From: Type.String(),
  To: Type.String(),
});
export type UnansweredPage = Static<typeof UnansweredPage>;

/** `POST /chat/Chatbot/Insights`. */
export const InsightsBody = ranged(
  Type.Object({ SerialNumber: serialNumber(), ...range }, { additionalProperties: false }),
);
export type InsightsBody = Static<typeof InsightsBody>;

export const InsightsDay = Type.Object({
  Day: Type.String(),
  Conversations: Type.Integer(),
  Questions: Type.Integer(),
  /** Questions answered completely and not marked noAnswer. */
  Answered: Type.Integer(),
  Up: Type.Integer(),
  Down: Type.Integer(),
  Leads: Type.Integer(),
});
export type InsightsDay = Static<typeof InsightsDay>;

export const Counted = Type.Object({ Name: Type.String(), Count: Type.Integer() });
export type Counted = Static<typeof Counted>;

export const Insights = Type.Object({
  From: Type.String(),
  To: Type.String(),
  TimeZone: Type.String(),
  /** Every day of the range, in order (zeros included). */
  Days: Type.Array(InsightsDay),
  /** Questions per hour of the day, 0–23, in TimeZone. */
  Hours: Type.Array(Type.Integer()),
  /** What the searches asked for, most asked first (at most 10 each). */
  Cities: Type.Array(Counted),
  PropertyTypes: Type.Array(Counted),
  /** Price bands such as "sale:250k-500k" or "rent:1k-2k". */
  PriceBands: Type.Array(Counted),
  /** [ext] Handoffs of the range an agent answered in the chat, of those made while one was present. */
  Live: Type.Object({
    Handoffs: Type.Integer(),
    Answered: Type.Integer(),
    /** The median seconds from a live handoff to an agent's first reply; null when none was answered. */
    MedianFirstReplySeconds: Type.Union([Type.Integer(), Type.Null()]),
  }),
});
export type Insights = Static<typeof Insights>;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export const EXPORT_KINDS = ['conversations', 'feedback'] as const;

/** `POST /chat/Chatbot/Export`: a file (CSV with a BOM, or JSON), streamed; not the envelope. */
export const ExportBody = ranged(
  Type.Object(
    { SerialNumber: serialNumber(), ...range, Format: oneOf(EXPORT_FORMATS), Of: oneOf(EXPORT_KINDS) },
    { additionalProperties: false },
  ),
);
export type ExportBody = Static<typeof ExportBody>;
