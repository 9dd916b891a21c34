/**
 * What the launcher (<chat-bot>, loaded at once) and the panel (loaded on first intent) agree on:
 * the panel's inputs and methods (the events it sends up are in internal-events.ts).
 */
import type { Attachment } from './message.ts';
import type { WidgetSettings } from './settings.ts';
import type { WidgetStorage } from './storage.ts';
import type { Language, Strings } from './strings/index.ts';

export interface PanelInputs {
  serialNumber: string;
  baseUrl: string;
  apiKey: string | undefined;
  settings: WidgetSettings;
  strings: Strings;
  locale: string;
  stream: boolean;
  readAloud: boolean;
  imageHosts: readonly string[];
  /** The listing the page names itself (Id, MLS number or Url), or empty; false when page-context is off: nothing is said of the page. */
  listing: string | undefined | false;
  inline: boolean;
  storage: WidgetStorage;
}

export interface PanelElement extends HTMLElement, PanelInputs {
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
