/** Chatbot settings (API.md §3.1, 3.1a, 3.3): what Edit and Add take and what Get returns. */
import { Type, type Static, type TSchema, type TOptional, type TUnion, type TNull } from 'typebox';
import { FILE_SETTINGS, LIMITS, PRIVATE_SETTINGS } from './rules.ts';
import {
  boolean,
  domains,
  emailOrEmpty,
  fileId,
  hostnameOrEmpty,
  httpUrlOrEmpty,
  integer,
  languageName,
  nullable,
  requiredText,
  rgb,
  serialNumber,
  suggestions,
  text,
  timeZone,
  viewingHours,
} from './fields.ts';
import { VIEWING_LIMITS as V } from './rules.ts';

const longText = () => text(LIMITS.textSettingChars);

/** Every setting of Edit, each with its rule. */
export const SettingFields = {
  Name: requiredText(LIMITS.nameChars),
  Model: { ...requiredText(100), jsonSchema: { 'x-rule': 'The service checks that it is a Key ModelList lists.' } },
  SystemMessage: text(LIMITS.systemMessageChars),
  Temperature: integer(0, LIMITS.temperatureMax),
  TimeZone: timeZone(),
  AnswerSuffix: text(LIMITS.answerSuffixChars),
  ChatProfilePicture: fileId(),
  ChatIcon: fileId(),
  ChatBubbleAlign: integer(0, 1),
  ChatBubbleColor: rgb(),
  UserMessageColor: rgb(),
  ChatbotPopupOnce: boolean(),
  ChatbotPrivacyPolicyName: longText(),
  ChatbotPrivacyPolicyUrl: httpUrlOrEmpty(),
  ChatbotPrivacyPolicyDescription: longText(),
  EnablePushToTalk: boolean(),
  EnableUploadImage: boolean(),
  SocialPageUrl: httpUrlOrEmpty(),
  PhotoSocialUrl: httpUrlOrEmpty(),
  MessengerUrl: httpUrlOrEmpty(),
  RemoveChatLogOnBrowserClose: boolean(),
  SuggestedMessage: suggestions(),
  TalkToHumanEmail: emailOrEmpty(),
  TalkToHumanResponseMessage: longText(),
  UserInputPlaceholder: longText(),
  WelcomeMessage: longText(),
  RateLimitMessage: longText(),
  VerifyDomain: boolean(),
  Domains: domains(),
  RateLimitCount: integer(0, LIMITS.rateLimitCountMax),
  RateLimitTime: integer(0, LIMITS.rateLimitTimeMax),
  CustomDomain: hostnameOrEmpty(),
  EmailForDailyChatLogs: emailOrEmpty(),
  EmailForDailyLeads: emailOrEmpty(),
  AIResponseLanguage: languageName(),
  MessageLimit: integer(-1, LIMITS.messageLimitMax),
  /** [ext] The yearly rate, in percent, a monthly-payment estimate assumes when the visitor gives none. */
  MortgageRate: Type.Number({
    minimum: 0,
    maximum: LIMITS.mortgageRateMax,
    rule: `must be a yearly rate in percent from 0 to ${LIMITS.mortgageRateMax}`,
    description:
      '[ext] The yearly rate, in percent, a monthly-payment estimate assumes when the visitor gives none (default 6.5)',
  }),
  /** [ext] Viewings booked in the chat (API.md §3.11): the owner's showing hours in TimeZone; empty — no booking. */
  ViewingHours: viewingHours(),
  ViewingMinutes: integer(V.minutes.min, V.minutes.max),
  ViewingNoticeHours: integer(V.noticeHours.min, V.noticeHours.max),
  ViewingBufferMinutes: integer(V.bufferMinutes.min, V.bufferMinutes.max),
  ViewingDays: integer(V.days.min, V.days.max),
  /** [ext] Where a booking's invite goes (the agent's); empty — TalkToHumanEmail. */
  ViewingEmail: emailOrEmpty(),
};
export type SettingName = keyof typeof SettingFields;
export const SETTING_NAMES = Object.keys(SettingFields) as SettingName[];

type OptionalNullable<P extends Record<string, TSchema>> = {
  [K in keyof P]: TOptional<TUnion<[P[K], TNull]>>;
};
function optionalNullable<P extends Record<string, TSchema>>(props: P): OptionalNullable<P> {
  const out: Record<string, TSchema> = {};
  for (const [k, v] of Object.entries(props)) out[k] = Type.Optional(nullable(v));
  return out as OptionalNullable<P>;
}

/** Every setting with its value: what a chatbot holds. */
export const Settings = Type.Object(SettingFields, { additionalProperties: false });
export type Settings = Static<typeof Settings>;

/** `POST /chat/Chatbot/Edit`: an omitted or null setting is left unchanged. */
export const EditBody = Type.Object(
  { serialNumber: serialNumber(), ...optionalNullable(SettingFields) },
  { additionalProperties: false },
);
export type EditBody = Static<typeof EditBody>;

/** The record without the named keys; a name that is not one of its keys does not compile. */
const omit = <T extends object, K extends keyof T>(record: T, keys: readonly K[]): Omit<T, K> =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !(keys as readonly PropertyKey[]).includes(key))) as Omit<
    T,
    K
  >;

const settingsButTimeZone = omit(SettingFields, ['TimeZone']);

/** `POST /chat/Chatbot/Add` — `timeZone` is the TimeZone setting, required here. */
export const AddBody = Type.Object(
  {
    timeZone: timeZone(),
    type: Type.Literal(0, { rule: 'must be 0 (a generic chatbot)' }),
    ...optionalNullable(settingsButTimeZone),
  },
  { additionalProperties: false },
);
export type AddBody = Static<typeof AddBody>;

export const AddResult = Type.Object({ SerialNumber: Type.String() });
export type AddResult = Static<typeof AddResult>;

/** Body of Get and GetSession. */
export const SerialNumberBody = Type.Object({ serialNumber: serialNumber() }, { additionalProperties: false });
export type SerialNumberBody = Static<typeof SerialNumberBody>;

const resolvedFiles = {
  ChatProfilePictureUrl: Type.String({ description: 'URL of the profile picture, or empty' }),
  ChatIconUrl: Type.String({ description: 'URL of the launcher icon, or empty' }),
};

/** Get with the API key or an owner session key: every setting, and the file URLs. */
export const FullSettings = Type.Object({
  SerialNumber: Type.String(),
  ...SettingFields,
  ...resolvedFiles,
});
export type FullSettings = Static<typeof FullSettings>;

export { PRIVATE_SETTINGS, FILE_SETTINGS } from './rules.ts';

const publicFields = omit(SettingFields, [...PRIVATE_SETTINGS, ...FILE_SETTINGS]);
/** The stored settings a visitor sees as they are stored: every one but the private ones and the file ids. */
export const PUBLIC_STORED_SETTINGS = Object.keys(publicFields) as (keyof typeof publicFields)[];

/** Get with a visitor token or from an allowed origin: what the widget needs, nothing secret. */
export const PublicSettings = Type.Object({
  SerialNumber: Type.String(),
  ...publicFields,
  ...resolvedFiles,
  TalkToHumanEnabled: Type.Boolean(),
});
export type PublicSettings = Static<typeof PublicSettings>;
