/**
 * What a conversation is made of: its messages, the files a question carries and the visitor's
 * votes — kept by the conversation (controllers/conversation-controller.ts), shown by the panel's
 * elements, named in the panel's events (internal-events.ts) — and how a new one is made.
 */
import type { FeedbackReason } from '../protocol/feedback.ts';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** When it was sent or began (ms since the epoch). */
  at: number;
  status: 'done' | 'streaming' | 'stopped' | 'failed';
  /** The id the service keeps the question under; an answer carries its question's. */
  clientMessageId: string;
  error?: string;
  /** What a question carries: images, one recording or one video (uploaded, checked by the service). */
  files?: Attachment[];
  /** The id the service keeps a finished answer under: what a vote is about. */
  answerId?: number;
  /** The language an answer is written in, when the service says it ("es"): its bubble's `lang`. */
  lang?: string;
  /** The visitor's vote on the answer. */
  feedback?: Vote;
  /** A person's message in the chat (controllers/live-controller.ts): the service's id of it. */
  agentMessageId?: number;
  /** A person typing: their name (shown as an answer being written, never kept). */
  agent?: string;
}

/** A visitor's vote on an answer: reasons and a comment only with a thumbs down. */
export interface Vote {
  rating: 'up' | 'down';
  reasons: FeedbackReason[];
  comment: string;
}

/** A file sent with a question. */
export interface Attachment {
  id: number;
  kind: 'Image' | 'Audio' | 'Video';
  name: string;
}

// crypto.randomUUID is only there in secure contexts (https, localhost).
const newId = (): string =>
  crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** A new message, begun now; an answer carries its question's clientMessageId. */
export const message = (
  role: ChatMessage['role'],
  text: string,
  status: ChatMessage['status'],
  clientMessageId = newId(),
): ChatMessage => ({ id: newId(), role, text, at: Date.now(), status, clientMessageId });
