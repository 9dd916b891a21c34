/**
 * Every setting of Edit as the console's editor shows it: grouped, labelled, with the kind of input
 * it needs and a hint in the owner's words. The service remains the judge of every value — the
 * editor shows its message at the field. A test checks this covers every setting (SETTING_NAMES).
 */
import type { FullSettings } from 'chat-bot-element';
import { FILE_SETTINGS, PRIVATE_SETTINGS, VIEWING_LIMITS as V } from 'chat-bot-element/rules';

export type SettingName = Exclude<keyof FullSettings, 'SerialNumber' | 'ChatProfilePictureUrl' | 'ChatIconUrl'>;

export type SettingKind =
  'text' | 'long' | 'lines' | 'number' | 'switch' | 'color' | 'model' | 'timezone' | 'align' | 'image' | 'hours';

export interface SettingField {
  name: SettingName;
  label: string;
  kind: SettingKind;
  hint?: string;
}

export interface SettingGroup {
  heading: string;
  fields: SettingField[];
}

const f = (name: SettingName, label: string, kind: SettingKind, hint?: string): SettingField => ({
  name,
  label,
  kind,
  ...(hint ? { hint } : {}),
});

export const SETTING_GROUPS: SettingGroup[] = [
  {
    heading: 'Assistant',
    fields: [
      f('Name', 'Name', 'text', 'Shown in the chat header. 1–100 characters.'),
      f('Model', 'Model', 'model'),
      f(
        'SystemMessage',
        'Instructions for the model',
        'long',
        'How the assistant should behave. Up to 20,000 characters.',
      ),
      f('Temperature', 'Temperature', 'number', '0 (precise) to 10 (inventive).'),
      f(
        'AIResponseLanguage',
        'Answer language',
        'text',
        'A language name such as Spanish: a model always answers in it. Empty: a model answers in the language of each question (the visitor’s, when the question does not tell). The built-in offline engine reads and writes English, Spanish, French, Portuguese, German, Arabic and Chinese: it answers in this language when it is one of them, else in the language of each question (its words decide; on a tie the conversation’s, then the visitor’s widget language).',
      ),
      f('AnswerSuffix', 'Text after every answer', 'long', 'Up to 1,000 characters.'),
      f('TimeZone', 'Time zone', 'timezone', 'An IANA name such as America/New_York.'),
      f(
        'MortgageRate',
        'Mortgage rate for estimates (%)',
        'number',
        'The yearly rate a monthly-payment estimate assumes when the visitor names none, 0 to 25 (6.5 to start).',
      ),
    ],
  },
  {
    heading: 'Look',
    fields: [
      f('ChatBubbleColor', 'Chat colour', 'color', 'rgb(r, g, b): the launcher, header and buttons.'),
      f('UserMessageColor', 'Visitor message colour', 'color', 'rgb(r, g, b).'),
      f('ChatBubbleAlign', 'Launcher position', 'align'),
      f('ChatProfilePicture', 'Profile picture', 'image', 'PNG, JPEG, WEBP or a still GIF, up to 20 MB.'),
      f('ChatIcon', 'Launcher icon', 'image', 'PNG, JPEG, WEBP or a still GIF, up to 20 MB.'),
    ],
  },
  {
    heading: 'Conversation',
    fields: [
      f('WelcomeMessage', 'Welcome message', 'long', 'The first message, also shown as a popup by the launcher.'),
      f('ChatbotPopupOnce', 'Show the welcome popup only once per browser', 'switch'),
      f('SuggestedMessage', 'Suggested questions', 'lines', 'One per line, at most 10.'),
      f(
        'UserInputPlaceholder',
        'Input placeholder',
        'text',
        'Empty shows the widget’s own words in the visitor’s language.',
      ),
      f('RemoveChatLogOnBrowserClose', 'Forget the conversation when the browser closes', 'switch'),
      f('EnableUploadImage', 'Let visitors send images', 'switch'),
      f('EnablePushToTalk', 'Let visitors speak (push to talk)', 'switch'),
    ],
  },
  {
    heading: 'Talk to a person',
    fields: [
      f('TalkToHumanEmail', 'Email for handoffs', 'text', 'Empty hides the “Talk to a person” button.'),
      f('TalkToHumanResponseMessage', 'Message after a handoff', 'long'),
    ],
  },
  {
    heading: 'Viewings',
    fields: [
      f(
        'ViewingHours',
        'Showing hours',
        'hours',
        'When visitors can book a viewing in the chat, in the chatbot’s time zone (Time zone above). None: no booking — the assistant offers a person instead. 00:00 as an end is midnight.',
      ),
      f(
        'ViewingMinutes',
        'Length of a viewing (minutes)',
        'number',
        `${V.minutes.min} to ${V.minutes.max} (${V.minutes.default} to start).`,
      ),
      f(
        'ViewingBufferMinutes',
        'Gap between viewings (minutes)',
        'number',
        `Kept free after each slot, ${V.bufferMinutes.min} to ${V.bufferMinutes.max}.`,
      ),
      f(
        'ViewingNoticeHours',
        'Notice (hours)',
        'number',
        `How soon a slot can be booked at the earliest, ${V.noticeHours.min} to ${V.noticeHours.max} hours ahead (${V.noticeHours.default} to start).`,
      ),
      f(
        'ViewingDays',
        'Days ahead',
        'number',
        `How far ahead visitors can book, ${V.days.min} to ${V.days.max} days (${V.days.default} to start).`,
      ),
      f(
        'ViewingEmail',
        'Email for bookings',
        'text',
        'The agent who gets each booking’s calendar invite. Empty: the email for handoffs.',
      ),
    ],
  },
  {
    heading: 'Privacy and links',
    fields: [
      f('ChatbotPrivacyPolicyName', 'Privacy policy name', 'text'),
      f('ChatbotPrivacyPolicyUrl', 'Privacy policy address', 'text', 'An http(s) address.'),
      f('ChatbotPrivacyPolicyDescription', 'Privacy notice', 'long'),
      f('SocialPageUrl', 'Social page', 'text', 'An http(s) address or empty.'),
      f('PhotoSocialUrl', 'Photo page', 'text', 'An http(s) address or empty.'),
      f('MessengerUrl', 'Messenger link', 'text', 'An http(s) address or empty.'),
    ],
  },
  {
    heading: 'Access and limits',
    fields: [
      f('VerifyDomain', 'Only answer on my domains', 'switch'),
      f(
        'Domains',
        'Domains',
        'lines',
        'Host names, one per line or separated by commas; *.example.com for subdomains. They restrict the chatbot only while "Only answer on my domains" is on — saving domains turns it on unless you turn it off.',
      ),
      f('CustomDomain', 'Custom domain', 'text', 'A host name.'),
      f('RateLimitCount', 'Questions per visitor', 'number', '0 turns the rate limit off.'),
      f('RateLimitTime', 'In how many seconds', 'number'),
      f('RateLimitMessage', 'Message when the limit is reached', 'long'),
      f('MessageLimit', 'Messages per month', 'number', '-1 for unlimited.'),
    ],
  },
  {
    heading: 'Daily email',
    fields: [
      f('EmailForDailyChatLogs', 'Send the day’s conversations to', 'text', 'An email address or empty.'),
      f('EmailForDailyLeads', 'Send the day’s leads to', 'text', 'An email address or empty.'),
    ],
  },
];

export const SETTING_FIELDS: SettingField[] = SETTING_GROUPS.flatMap((g) => g.fields);

/**
 * What the preview leaves out, as the service does for visitors: the settings never public
 * (API.md §3.3) and the file ids it publishes as URLs instead.
 */
export const NEVER_PUBLIC: ReadonlySet<string> = new Set([...PRIVATE_SETTINGS, ...FILE_SETTINGS]);
