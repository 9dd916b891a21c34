/**
 * `<chat-bot>` in Solid JSX: `/// <reference types="chat-bot-element/solid-jsx" />` once in the app.
 * Attributes as in HTML, properties with `prop:` (`prop:settings={{…}}`), events with `on:`
 * (`on:chat-bot-answer={…}`).
 */
// Used, though no rule sees it: without this import TypeScript finds no `HTMLAttributes` in the
// JSX namespace augmented below (test/package.test.ts type-checks a Solid template against it).
// eslint-disable-next-line @typescript-eslint/no-unused-vars
import type { JSX } from 'solid-js';
import type { ChatBot, ChatBotAttributes, ChatBotEventMap, ChatBotProperties } from './template.js';

type SolidProperties = { [K in keyof ChatBotProperties as `prop:${K}`]?: ChatBotProperties[K] };
type SolidEvents = { [K in keyof ChatBotEventMap as `on:${K}`]?: (event: ChatBotEventMap[K]) => void };

declare module 'solid-js' {
  namespace JSX {
    interface IntrinsicElements {
      'chat-bot': JSX.HTMLAttributes<ChatBot> & ChatBotAttributes & SolidProperties & SolidEvents;
    }
  }
}
