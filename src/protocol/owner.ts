/**
 * What the owner's console reads beyond API.md's operations [ext]: the owner's chatbots, the leads
 * visitors left through TalkToHuman, and the outbox of emails (handoffs and daily digests).
 */
import { Type, type Static } from 'typebox';
import { LIMITS } from './rules.ts';
import { integer, serialNumber } from './fields.ts';

/** `POST /chat/Chatbot/List`: an empty object; the credential says whose chatbots. */
export const ChatbotListBody = Type.Object({}, { additionalProperties: false });
export type ChatbotListBody = Static<typeof ChatbotListBody>;

export const ChatbotSummary = Type.Object({ SerialNumber: Type.String(), Name: Type.String() });
export type ChatbotSummary = Static<typeof ChatbotSummary>;
export const ChatbotListResult = Type.Array(ChatbotSummary);
export type ChatbotListResult = Static<typeof ChatbotListResult>;

/** Body of LeadList and OutboxList: newest first, a page at a time. */
export const InboxListBody = Type.Object(
  {
    SerialNumber: serialNumber(),
    Page: Type.Optional(integer(1, 1_000_000)),
    PageSize: Type.Optional(integer(1, LIMITS.pageSizeMax)),
  },
  { additionalProperties: false },
);
export type InboxListBody = Static<typeof InboxListBody>;

/** A visitor who asked for a person (TalkToHuman). */
export const Lead = Type.Object({
  Id: Type.Integer(),
  SessionID: Type.Integer(),
  Name: Type.String(),
  Email: Type.String(),
  Message: Type.String(),
  CreatedAt: Type.String({ description: 'ISO 8601' }),
});
export type Lead = Static<typeof Lead>;
export const LeadPage = Type.Object({ Items: Type.Array(Lead), Total: Type.Integer() });
export type LeadPage = Static<typeof LeadPage>;

/** What an email is about: a handoff, a digest, or a viewing's invite, cancellation or reminder [ext]. */
export const OUTBOX_KINDS = [
  'handoff',
  'chat-log-digest',
  'lead-digest',
  'viewing-booked',
  'viewing-rescheduled',
  'viewing-cancelled',
  'viewing-reminder',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/** An email the service queued: sent (SentAt set), waiting, or failing (Attempts, LastError). */
export const OutboxEmail = Type.Object({
  Id: Type.Integer(),
  Kind: Type.Enum([...OUTBOX_KINDS]),
  To: Type.String(),
  Subject: Type.String(),
  Body: Type.String(),
  /** [ext] The calendar invite sent with it (RFC 5545 text, `METHOD:REQUEST` or `CANCEL`), or null. */
  Calendar: Type.Union([Type.String(), Type.Null()]),
  Attempts: Type.Integer(),
  LastError: Type.String(),
  CreatedAt: Type.String({ description: 'ISO 8601' }),
  SentAt: Type.Union([Type.String({ description: 'ISO 8601' }), Type.Null()]),
});
export type OutboxEmail = Static<typeof OutboxEmail>;
export const OutboxPage = Type.Object({ Items: Type.Array(OutboxEmail), Total: Type.Integer() });
export type OutboxPage = Static<typeof OutboxPage>;
