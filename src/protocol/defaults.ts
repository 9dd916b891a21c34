/**
 * The settings' defaults, written once for the service (a new chatbot's settings) and the widget
 * (what it runs on before, or without, its chatbot's settings). Schema-free — types only from
 * settings.ts — so the widget imports it at run time.
 */
import type { PublicSettings, Settings } from './settings.ts';

/** The settings a chatbot keeps that a visitor sees (not the file URLs or TalkToHumanEnabled: the service works those out). */
export type StoredPublicSettings = Pick<Settings, Extract<keyof PublicSettings, keyof Settings>>;

/** Each one's default: empty texts, no extras, the name and the colours of a chatbot nobody has set up. */
export const PUBLIC_DEFAULTS: StoredPublicSettings = {
  Name: 'Assistant',
  TimeZone: 'UTC',
  ChatBubbleAlign: 0,
  ChatBubbleColor: 'rgb(29, 78, 216)',
  UserMessageColor: 'rgb(229, 231, 235)',
  ChatbotPopupOnce: false,
  ChatbotPrivacyPolicyName: '',
  ChatbotPrivacyPolicyUrl: '',
  ChatbotPrivacyPolicyDescription: '',
  EnablePushToTalk: false,
  EnableUploadImage: false,
  SocialPageUrl: '',
  PhotoSocialUrl: '',
  MessengerUrl: '',
  RemoveChatLogOnBrowserClose: false,
  SuggestedMessage: '',
  TalkToHumanResponseMessage: '',
  // Empty: the widget shows its own, in the visitor's language.
  UserInputPlaceholder: '',
  WelcomeMessage: '',
  RateLimitMessage: '',
  AIResponseLanguage: '',
};

/** [ext] MortgageRate's default: the yearly rate, in percent, a payment estimate assumes when the visitor gives none. */
export const DEFAULT_MORTGAGE_RATE = 6.5;
