/**
 * A person in the same chat [ext] (PROTOCOL.md *A person in the chat*): the owner's and the
 * visitor's event streams, and the operations by which an agent takes a conversation, replies in it
 * and releases it.
 */
import { Type, type Static } from 'typebox';
import { boolean, requiredText, serialNumber, sessionId } from './fields.ts';
import { LIVE_LIMITS } from './rules.ts';

/** Query of `GET /chat/Chatbot/Events`: the owner's stream of a chatbot. */
export const OwnerEventsQuery = Type.Object({ SerialNumber: serialNumber() }, { additionalProperties: false });
export type OwnerEventsQuery = Static<typeof OwnerEventsQuery>;

/** Query of `GET /chat/Chat/Events`: a visitor's stream of their session. */
export const VisitorEventsQuery = Type.Object({ sessionID: sessionId() }, { additionalProperties: false });
export type VisitorEventsQuery = Static<typeof VisitorEventsQuery>;

/** `POST /chat/Chatbot/ConversationTake`. */
export const ConversationTakeBody = Type.Object(
  {
    SerialNumber: serialNumber(),
    SessionID: sessionId(),
    /** The agent's display name, as the visitor sees it. */
    Name: requiredText(LIVE_LIMITS.agentNameChars),
    /** Take it from another agent who holds it. */
    Force: Type.Optional(boolean()),
  },
  { additionalProperties: false },
);
export type ConversationTakeBody = Static<typeof ConversationTakeBody>;

/** Who holds a conversation, since when. */
export const ConversationHold = Type.Object({
  SessionID: Type.Integer(),
  Name: Type.String(),
  TakenAt: Type.String({ description: 'ISO 8601' }),
});
export type ConversationHold = Static<typeof ConversationHold>;

/** `POST /chat/Chatbot/ConversationReply`. */
export const ConversationReplyBody = Type.Object(
  {
    SerialNumber: serialNumber(),
    SessionID: sessionId(),
    /** Markdown, rendered by the widget as an answer is. */
    Content: requiredText(LIVE_LIMITS.agentReplyChars),
  },
  { additionalProperties: false },
);
export type ConversationReplyBody = Static<typeof ConversationReplyBody>;
export const ConversationReplyResult = Type.Object({
  MessageId: Type.Integer(),
  CreatedAt: Type.String({ description: 'ISO 8601' }),
});
export type ConversationReplyResult = Static<typeof ConversationReplyResult>;

/** `POST /chat/Chatbot/ConversationRelease`. */
export const ConversationReleaseBody = Type.Object(
  { SerialNumber: serialNumber(), SessionID: sessionId() },
  { additionalProperties: false },
);
export type ConversationReleaseBody = Static<typeof ConversationReleaseBody>;

/** The events of the owner's stream, by their SSE `event:` name. */
export interface OwnerEvents {
  /** A visitor asked for a person. */
  handoff: { SessionID: number; Name: string; Email: string; Message: string; CreatedAt: string };
  /** A visitor's message (a question, asked or held). */
  message: { SessionID: number; Content: string; CreatedAt: string; MessageId: number };
  /** An agent's reply, for every agent watching. */
  reply: { SessionID: number; Name: string; Content: string; CreatedAt: string; MessageId: number };
  /** The visitor is typing (sent at most every few seconds). */
  typing: { SessionID: number; CreatedAt: string };
  taken: { SessionID: number; Name: string };
  /** `Idle`: released by itself after AGENT_IDLE_MINUTES without a reply. */
  released: { SessionID: number; Name: string; Idle?: boolean };
}
export type OwnerEventName = keyof OwnerEvents;

/** The one event of the visitor's stream (`event: agent`). */
export interface AgentEvent {
  Type: 'joined' | 'message' | 'typing' | 'left';
  Name: string;
  Content?: string;
  MessageId?: number;
  CreatedAt: string;
}

/** `POST /chat/Chat/Typing` body [ext]: the visitor is typing in a held conversation (throttled). */
export const TypingBody = Type.Object({ sessionID: sessionId() }, { additionalProperties: false });
export type TypingBody = Static<typeof TypingBody>;
