/**
 * What the launcher (<chat-bot>, loaded at once) and the panel (loaded on first intent) agree on:
 * the panel's inputs and methods, and the events it sends up for <chat-bot> to make public.
 */
import type { WidgetSettings } from './settings.ts';
import type { WidgetStorage } from './storage.ts';
import type { Language, Strings } from './strings.ts';

export interface PanelInputs {
  serialNumber: string;
  baseUrl: string;
  apiKey: string | undefined;
  settings: WidgetSettings;
  strings: Strings;
  locale: string;
  stream: boolean;
  imageHosts: readonly string[];
  inline: boolean;
  storage: WidgetStorage;
}

export interface PanelElement extends HTMLElement, PanelInputs {
  send(text: string, fileIds?: readonly number[]): Promise<void>;
  clearHistory(): Promise<void>;
  focusComposer(): void;
}

/** The panel's class, as <chat-bot> finds it in the registry once the panel's code is loaded. */
export interface PanelClass extends CustomElementConstructor {
  loadStrings(lang: Language): Promise<Partial<Strings>>;
}

export type PanelEventDetail =
  | { kind: 'close' }
  | { kind: 'send'; text: string; fileIds: readonly number[] }
  | { kind: 'answer'; text: string; questionId: number; answerId: number }
  | { kind: 'error'; code: number; message: string }
  | { kind: 'handoff'; name: string; email: string; message: string }
  | { kind: 'feedback'; answerId: number; rating: 'up' | 'down' | null; reasons: readonly string[]; comment: string };

/** The one event the panel sends up (not composed: it stays inside <chat-bot>). */
export class PanelEvent extends ((globalThis.Event ?? class {}) as typeof Event) {
  static readonly type = 'chat-bot-panel';
  constructor(readonly detail: PanelEventDetail) {
    super(PanelEvent.type, { bubbles: true });
  }
}

/** The tag the panel's code defines. */
export const PANEL_TAG = 'chat-bot-panel';
