/**
 * `<chat-bot>` in React 19 JSX, for apps that write the tag rather than `chat-bot-element/react`'s
 * <ChatBot>: `/// <reference types="chat-bot-element/react-jsx" />` once in the app. React 19 sets a
 * prop as a property when the element has it (so `settings={{…}}` passes an object) and listens
 * to `onchat-bot-answer={…}` as the `chat-bot-answer` event.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { ChatBot, ChatBotOnEvents, ChatBotTemplateProps } from './template.js';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'chat-bot': DetailedHTMLProps<HTMLAttributes<ChatBot>, ChatBot> & ChatBotTemplateProps & ChatBotOnEvents;
    }
  }
}
