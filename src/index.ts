/**
 * Entry for bundlers: `import 'chat-bot-element'` defines <chat-bot> (and does nothing else); the panel's
 * code is a separate chunk, loaded on the visitor's first intent. Also exports the typed client
 * and the protocol's types (types only: no schema reaches a bundle).
 */
import { ChatBot, defineChatBot } from './widget/elements/chat-bot.ts';

ChatBot.loadPanel = () => import('./widget/elements/chat-bot-panel.ts');
defineChatBot();

export { ChatBot };
export {
  ChatBotAnswerEvent,
  ChatBotCloseEvent,
  ChatBotErrorEvent,
  ChatBotFeedbackEvent,
  ChatBotHandoffEvent,
  ChatBotOpenEvent,
  ChatBotSendEvent,
  ChatBotUnreadEvent,
} from './widget/events.ts';
export { ChatBotAgentEvent } from './widget/agent-event.ts';
export type { WidgetSettings } from './widget/settings.ts';
export type { Strings } from './widget/strings/index.ts';
export {
  createClient,
  callOperation,
  ApiError,
  NetworkError,
  abortError,
  isAbortError,
  type Client,
  type ClientOptions,
  type Credentials,
  type CallOptions,
  type AskStreamItem,
  type NetworkErrorCode,
  CARDS_INFO,
  SUGGESTIONS_INFO,
  SOURCES_INFO,
  answerProse,
  parseSuggestions,
  type ListingCard,
} from './client/index.ts';
/** A line of an answer's `listings` block read as a listing card, and every card of an answer (docs/WIDGET.md, "Listing cards"). */
export { cardsOf, parseCard } from './client/cards.ts';
/** An answer's sources, from its `sources` block, and one line of it (docs/WIDGET.md, "Sources under an answer"). */
export { parseSources, sourceOfLine } from './client/sources.ts';
export type * from './protocol/index.ts';
