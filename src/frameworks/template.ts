/**
 * What a template may write on <chat-bot>, for the typings of each framework (`chat-bot-element/vue`,
 * `chat-bot-element/svelte`, `chat-bot-element/react-jsx`, `chat-bot-element/preact-jsx`, `chat-bot-element/solid-jsx`): its
 * attributes, its public properties and its public events. Types only.
 */
import type { ChatBot } from '../widget/elements/chat-bot.ts';
import type { ChatBotEventMap } from '../widget/events.ts';

/** The attributes, as written in HTML (`serial-number="…"`): strings, and `open` as a boolean attribute. */
export interface ChatBotAttributes {
  'serial-number'?: string;
  'base-url'?: string;
  'api-key'?: string;
  open?: boolean | '';
  mode?: ChatBot['mode'];
  theme?: ChatBot['theme'];
  locale?: string;
  stream?: boolean | 'true' | 'false';
  'image-hosts'?: string;
  sound?: boolean | '';
  'notify-title'?: boolean | '';
  'read-aloud'?: boolean | 'true' | 'false';
  'page-context'?: 'on' | 'off';
  listing?: string;
}

/** The public properties, set as properties by frameworks that do (React 19, Preact, Vue, Svelte, Solid's `prop:`). */
export type ChatBotProperties = Partial<
  Pick<
    ChatBot,
    | 'serialNumber'
    | 'baseUrl'
    | 'apiKey'
    | 'open'
    | 'mode'
    | 'theme'
    | 'locale'
    | 'stream'
    | 'imageHosts'
    | 'sound'
    | 'notifyTitle'
    | 'readAloud'
    | 'pageContext'
    | 'listing'
    | 'settings'
    | 'strings'
  >
>;

/** Either, by either name (`serial-number="…"` or `serialNumber={…}`); where both exist, either type (`stream="false"` or `stream={false}`). */
export type ChatBotTemplateProps = {
  [K in keyof ChatBotAttributes | keyof ChatBotProperties]?:
    | (K extends keyof ChatBotAttributes ? ChatBotAttributes[K] : never)
    | (K extends keyof ChatBotProperties ? ChatBotProperties[K] : never);
};

/** Listeners as `on` + the event's name (`onchat-bot-answer`): how React 19, Preact and Svelte 5 listen to a custom element. */
export type ChatBotOnEvents = { [K in keyof ChatBotEventMap as `on${K}`]?: (event: ChatBotEventMap[K]) => void };

export type { ChatBot, ChatBotEventMap };
