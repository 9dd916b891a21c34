/**
 * The widget's words. The launcher carries its three in every language; the panel's are English's
 * (in the panel's chunk) or es, fr, de, pt, zh or ar (chunks of their own, loaded with the panel:
 * src/widget/strings/) — and an answer written in another language than the panel's shows its
 * cards, times, sources and chips in that one's, loaded with the first such answer
 * (controllers/answer-context-controller.ts). `strings` on <chat-bot> overrides any of the panel's language's.
 */
import type { CardsStrings } from './cards.ts';
import type { FeedbackStrings } from './feedback.ts';
import type { HandoffStrings } from './handoff.ts';
import type { MediaStrings } from './media.ts';
import type { NotifyStrings } from './notify.ts';
import type { SlotsStrings } from './slots.ts';
import type { SourcesStrings } from './sources.ts';

/** The launcher's words: they ship in every language at once (launcherWords, below). */
export interface LauncherStrings {
  openChat: string;
  closeChat: string;
  dismiss: string;
}

/** The panel's words in English (the launcher's are in launcherWords with every language's). */
export const en = {
  chat: 'Chat',
  menu: 'More options',
  newChat: 'New chat',
  talkToPerson: 'Talk to a person',
  message: 'Message',
  placeholder: 'Type your message…',
  send: 'Send',
  stop: 'Stop',
  retry: 'Retry',
  copy: 'Copy',
  copied: 'Copied',
  /** The thumbs under an answer (toggle buttons). */
  helpful: 'Helpful',
  notHelpful: 'Not helpful',
  newMessages: 'New messages',
  earlier: 'Show earlier messages',
  /** The name of the chips under an answer that send what the visitor might say next. */
  followUps: 'Suggested follow-ups',
  typing: 'Typing…',
  stopped: 'Stopped',
  /** An answer that failed for a reason the visitor can only retry: the assistant unavailable for now (a 503), or a broken stream. */
  failed: 'The assistant could not answer just now. Please try again.',
  offline: 'Could not reach the chat service. Check your connection and try again.',
  /** `{link}` is where the link to the privacy policy goes. */
  privacy: 'By chatting you agree to our {link}.',
  privacyDefault: 'privacy policy',
  socialPage: 'Our page',
  photoSocial: 'Our photos',
  messenger: 'Message us',
  opensInNewTab: '(opens in a new tab)',
  /**
   * After "Open chat" in the launcher's name while it counts answers not seen (a count appears only
   * once the panel is there: these words come with it).
   */
  unread: '{n} unread',
  /** Under an answer, where the browser can speak: reads it aloud; while it reads, stops. */
  readAloud: 'Read aloud',
  stopReading: 'Stop reading',
  /** Under the message box, near the most a message holds. */
  charactersLeft: '{n} characters left',
  /** A paste was longer than the message box takes: what the visitor is told. */
  pasteCut: 'Only the first {n} characters were pasted: a message holds no more.',
};

/**
 * Every word; the handoff form's, the media's, the cards', the feedback form's and the tab title's
 * are in strings/handoff.ts, strings/media.ts, strings/cards.ts, strings/feedback.ts and
 * strings/notify.ts, loaded with them.
 */
export type Strings = LauncherStrings &
  typeof en &
  Partial<HandoffStrings> &
  Partial<MediaStrings> &
  Partial<CardsStrings> &
  Partial<SourcesStrings> &
  Partial<FeedbackStrings> &
  Partial<NotifyStrings> &
  // The viewings' words, in every language, are in the slots' chunk (strings/slots.ts), not the locales'.
  Partial<SlotsStrings>;
/** What a locale's chunk holds: everything but the launcher's words. */
export type PanelStrings = typeof en &
  HandoffStrings &
  MediaStrings &
  CardsStrings &
  SourcesStrings &
  FeedbackStrings &
  NotifyStrings;

/** A text with its `{name}`-style places filled. */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (all, key: string) => String(values[key] ?? all));

/** The languages with built-in words. */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'zh', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

const launcherWords: Record<Language, [string, string, string]> = {
  en: ['Open chat', 'Close chat', 'Dismiss'],
  es: ['Abrir chat', 'Cerrar chat', 'Descartar'],
  fr: ['Ouvrir la discussion', 'Fermer la discussion', 'Ignorer'],
  de: ['Chat öffnen', 'Chat schließen', 'Ausblenden'],
  pt: ['Abrir chat', 'Fechar chat', 'Dispensar'],
  zh: ['打开聊天', '关闭聊天', '关闭提示'],
  ar: ['فتح الدردشة', 'إغلاق الدردشة', 'تجاهل'],
};

/** A valid BCP 47 tag for Intl (times, dates), or `en` when the given one is not. */
export function formatLocale(tag: string): string {
  try {
    return Intl.getCanonicalLocales(tag)[0] ?? 'en';
  } catch {
    return 'en';
  }
}

/** The built-in language for a locale: `pt-BR` → pt, `zh-Hant-TW` → zh; en when there is none. */
export function languageOf(...tags: readonly string[]): Language {
  for (const tag of tags) {
    const lang = tag.toLowerCase().split(/[-_]/)[0] as Language;
    // The launcher's words are in every built-in language, and only in those.
    if (Object.hasOwn(launcherWords, lang)) return lang;
  }
  return 'en';
}

/** Whether a built-in language is written right to left: Arabic is the only one. */
export const isRtl = (lang: Language): boolean => lang === 'ar';

/** The launcher's words in a language (the panel's, English's too, come with the panel's code). */
export function launcherStrings(lang: Language): LauncherStrings {
  const [openChat, closeChat, dismiss] = launcherWords[lang];
  return { openChat, closeChat, dismiss };
}
