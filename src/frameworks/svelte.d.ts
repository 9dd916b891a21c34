/**
 * `<chat-bot>` in Svelte 5 templates (svelte-check): `/// <reference types="chat-bot-element/svelte" />`
 * once in the app. Svelte sets a prop as a property when the element has it, and listens to
 * `onchat-bot-answer={…}` as the `chat-bot-answer` event.
 */
import type { HTMLAttributes } from 'svelte/elements';
import type { ChatBot, ChatBotOnEvents, ChatBotTemplateProps } from './template.js';

declare module 'svelte/elements' {
  interface SvelteHTMLElements {
    'chat-bot': HTMLAttributes<ChatBot> & ChatBotTemplateProps & ChatBotOnEvents;
  }
}
