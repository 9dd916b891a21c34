/**
 * What the panel shares with every element beneath it — the conversation, the words, the locale,
 * the image hosts, whether a person can be reached — given once by context (context.ts) rather
 * than bound on each element and each message in turn. The owner's console gives the same to the
 * answers it shows (chat-bot-element/markdown).
 */
import type { ClientOptions } from '../client/index.ts';
import type { BodyOf, DataOf } from '../protocol/operations.ts';
import type { Context } from './context.ts';
import type { PanelEventDetail } from './internal-events.ts';
import type { ChatMessage } from './message.ts';
import type { WidgetSettings } from './settings.ts';
import type { Strings } from './strings/index.ts';

/** What the elements use of the conversation (ConversationController): its session, votes, leads and messages. */
export interface ConversationPort {
  /** Its messages: a booked viewing's confirmation is added to them (viewing.ts). */
  messages: ChatMessage[];
  /** Tells screen readers a message is complete. */
  announce(message: ChatMessage, text: string): void;
  /** The session's credentials: a visitor's files are fetched and sent with them. */
  session(): Promise<{ client: ClientOptions; sessionId: number }>;
  call<N extends 'Feedback' | 'TalkToHuman'>(name: N, body: Omit<BodyOf<N>, 'sessionID'>): Promise<DataOf<N>>;
  /** A message changed in place (a vote): drawn again, and stored (`keep`: at once). */
  changed(keep?: boolean): Promise<void>;
  /** Tells <chat-bot> what happened, to make public. */
  tell(detail: PanelEventDetail): void;
  /** Follows a person in the chat (a lead that reached one live): controllers/live-controller.ts. */
  follow(): void;
  /** What the visitor is told of a failure. */
  failure(error: unknown): string;
}

export interface ChatContext {
  /** The conversation; none where answers are only read (the owner's console). */
  conversation?: ConversationPort | undefined;
  /** The widget's words. */
  strings: Strings;
  /** Locale of times, prices and numbers. */
  locale: string;
  /** Hosts answers and cards may show images from. */
  imageHosts: readonly string[];
  /** Listing cards offer "Talk to a person". */
  talk: boolean;
  /** False where nobody can act on a card (the owner's console): no "Ask about this home", no "Talk to a person". */
  actions?: boolean;
  /** The language to read answers aloud in ("Spanish", "en-US"), or '' where the browser has no voices. */
  speech?: string;
  /** The chatbot's settings the answers' blocks read (its TimeZone: the times an answer offers are shown in it). */
  settings?: Pick<WidgetSettings, 'TimeZone' | 'RateLimitMessage' | 'TalkToHumanResponseMessage'>;
  /** The service's origin ('' for the page's): links a booking gives are checked against it. */
  baseUrl?: string;
}

/** Its key: what the panel (chat-bot-panel) provides. */
export const chatContext = 'chat-bot-panel' as Context<ChatContext>;
