/**
 * `<chat-bot>` as a global component in Vue templates (vue-tsc, Volar):
 * `/// <reference types="chat-bot-element/vue" />` once in the app, and `isCustomElement` for the tag in
 * the compiler options. Vue sets a prop as a property when the element has it (`:settings="…"`)
 * and listens to `@chat-bot-answer` as the `chat-bot-answer` event.
 */
import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';
import type { ChatBot, ChatBotEventMap, ChatBotTemplateProps } from './template.js';

type VueEvents = {
  [K in keyof ChatBotEventMap as `on${Capitalize<CamelCase<K>>}`]?: (event: ChatBotEventMap[K]) => void;
};
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

declare module 'vue' {
  interface GlobalComponents {
    'chat-bot': new () => ChatBot & {
      /** For template type-checking only: not a property of the element. */
      $props: HTMLAttributes & PublicProps & ChatBotTemplateProps & VueEvents;
      /** For template type-checking only: not a method of the element. */
      $emit: EmitFn<{ [K in keyof ChatBotEventMap]: (event: ChatBotEventMap[K]) => void }>;
    };
  }
}
