/**
 * What the launcher (<chat-bot>, loaded at once) and the panel (loaded on first intent) agree on:
 * the panel's inputs and methods (the events it sends up are in internal-events.ts).
 */
import type { Attachment } from './message.ts';
import type { ConversationConfig } from './controllers/conversation-controller.ts';
import type { Language, Strings } from './strings/index.ts';

/**
 * Everything the launcher gives the panel, as one value (its `inputs`): what the conversation is
 * given, and what only the panel draws with. A new value draws the panel again.
 */
export interface PanelInputs extends ConversationConfig {
  /** Offer "Read aloud" where the browser has voices. */
  readAloud: boolean;
  /** Fill the container instead of floating. */
  inline: boolean;
}

export interface PanelElement extends HTMLElement {
  inputs: PanelInputs;
  send(text: string, files?: readonly Attachment[]): Promise<void>;
  clearHistory(): Promise<void>;
  focusComposer(): void;
  /** `count` answers wait unseen: a chime (`sound`) and the tab's title (`title`), as the page chose. */
  notify(count: number, sound: boolean, title: boolean): void;
}

/** The panel's class, as <chat-bot> finds it in the registry once the panel's code is loaded. */
export interface PanelClass extends CustomElementConstructor {
  loadStrings(lang: Language): Promise<Partial<Strings>>;
}

/** The tag the panel's code defines. */
export const PANEL_TAG = 'chat-bot-panel';
