/**
 * Entry for React apps (`chat-bot-element/react`): <ChatBot> as a React 19 component, made by
 * `@lit/react`. Every public property of the element is a typed prop (set as a property, so
 * objects such as `settings` and `strings` pass whole), every public event an `onChatBot…` prop,
 * and a ref reaches the element itself (`open()`, `send()`…). React is a peer dependency; a page
 * with the script tag never loads this file.
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import { ChatBot as ChatBotElement } from './index.ts';
import {
  ChatBotAnswerEvent,
  ChatBotCloseEvent,
  ChatBotErrorEvent,
  ChatBotFeedbackEvent,
  ChatBotHandoffEvent,
  ChatBotOpenEvent,
  ChatBotSendEvent,
  ChatBotUnreadEvent,
} from './widget/events.ts';
import { ChatBotAgentEvent } from './widget/agent-event.ts';

export const ChatBot = createComponent({
  tagName: 'chat-bot',
  elementClass: ChatBotElement,
  react: React,
  events: {
    onChatBotOpen: ChatBotOpenEvent.type as EventName<ChatBotOpenEvent>,
    onChatBotClose: ChatBotCloseEvent.type as EventName<ChatBotCloseEvent>,
    onChatBotSend: ChatBotSendEvent.type as EventName<ChatBotSendEvent>,
    onChatBotAnswer: ChatBotAnswerEvent.type as EventName<ChatBotAnswerEvent>,
    onChatBotError: ChatBotErrorEvent.type as EventName<ChatBotErrorEvent>,
    onChatBotHandoff: ChatBotHandoffEvent.type as EventName<ChatBotHandoffEvent>,
    onChatBotFeedback: ChatBotFeedbackEvent.type as EventName<ChatBotFeedbackEvent>,
    onChatBotUnread: ChatBotUnreadEvent.type as EventName<ChatBotUnreadEvent>,
    onChatBotAgent: ChatBotAgentEvent.type as EventName<ChatBotAgentEvent>,
  },
  displayName: 'ChatBot',
});

/** The props <ChatBot> takes: the element's public properties, its events as `onChatBot…`, a ref. */
export type ChatBotProps = React.ComponentProps<typeof ChatBot>;
export { ChatBotElement };
export type {
  ChatBotAgentEvent,
  ChatBotAnswerEvent,
  ChatBotCloseEvent,
  ChatBotErrorEvent,
  ChatBotFeedbackEvent,
  ChatBotHandoffEvent,
  ChatBotOpenEvent,
  ChatBotSendEvent,
  ChatBotUnreadEvent,
};
