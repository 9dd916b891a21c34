/**
 * `<chat-bot>` in Preact JSX: `/// <reference types="chat-bot-element/preact-jsx" />` once in the app.
 * Preact sets a prop as a property when the element has it, and listens to
 * `onchat-bot-answer={…}` as the `chat-bot-answer` event.
 */
import type { HTMLAttributes } from 'preact';
import type { ChatBot, ChatBotOnEvents, ChatBotTemplateProps } from './template.js';

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'chat-bot': HTMLAttributes<ChatBot> & ChatBotTemplateProps & ChatBotOnEvents;
    }
  }
}
