/**
 * Shared rules of API.md: limits, enumerations and the checks behind them.
 * Pure functions over strings and numbers — no schema library, no DOM, no node:*.
 */

const MiB = 1_048_576;

/** Every numeric limit of the contract in one place (API.md §3–4 and our decisions). */
export const LIMITS = {
  jsonBodyBytes: MiB,
  nameChars: 100,
  systemMessageChars: 20_000,
  answerSuffixChars: 1_000,
  textSettingChars: 2_000,
  suggestedMessageLines: 10,
  domainsChars: 10_000,
  domainEntries: 200,
  askContentChars: 8_000,
  clientMessageIdChars: 64,
  imagesPerAsk: 10,
  imageBytes: 20 * MiB,
  audioBytes: 40 * MiB,
  videoBytes: 100 * MiB,
  /** A document for the owner's knowledge [ext]. */
  documentBytes: 20 * MiB,
  fileNameChars: 255,
  listingDescriptionChars: 20_000,
  listingTextChars: 500,
  listingImages: 100,
  extensionItems: 50,
  extensionKeyChars: 200,
  extensionValueChars: 2_000,
  deleteKeys: 1_000,
  /** Listings in one RealEstateImport [ext]. */
  importItems: 500,
  pageSizeMax: 100,
  pageSizeDefault: 20,
  queryChars: 500,
  urlChars: 2_000,
  emailChars: 254,
  handoffMessageChars: 5_000,
  rateLimitCountMax: 1_000_000,
  rateLimitTimeMax: 31 * 24 * 3600,
  messageLimitMax: 100_000_000,
  temperatureMax: 10,
  /** The highest MortgageRate, in percent a year. */
  mortgageRateMax: 25,
  minYearBuilt: 1600,
  /** A visitor's comment on an answer rated down [ext]. */
  feedbackCommentChars: 500,
  /** The console's reads of conversations [ext]: the longest date range, and search words. */
  rangeDaysMax: 366,
  searchChars: 200,
} as const;

/** The live chat's limits [ext] (API.md §3.10): the console checks an agent's name against them too. */
export const LIVE_LIMITS = {
  /** An agent's display name. */
  agentNameChars: 60,
  /** An agent's reply. */
  agentReplyChars: 20_000,
  /** Open event streams per session, and per client address. */
  streamsPerSession: 3,
  streamsPerAddress: 20,
  /** How long the events are kept to be replayed (Last-Event-ID), in minutes. */
  replayMinutes: 60,
} as const;

/** The knowledge's limits [ext] (apart from LIMITS, which the widget carries: it never needs these). */
export const KNOWLEDGE_LIMITS = {
  /** Sources per chatbot, and each one's size. */
  knowledgeSources: 2_000,
  knowledgeTitleChars: 200,
  faqQuestionChars: 300,
  faqAnswerChars: 5_000,
  faqPhrasings: 10,
  knowledgeTextChars: 200_000,
  knowledgeDeleteIds: 1_000,
  knowledgeSearchResults: 20,
  /** Pages read from one sitemap. */
  sitemapPages: 200,
} as const;

// The form of a day, `YYYY-MM-DD`: `[0-9]`, as `\d` is wider in some regular expression dialects.
const DAY = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
/** The same as a JSON Schema pattern, for /openapi.json (kept a literal above, which test/linear-reading.test.ts reads). */
export const DAY_PATTERN = DAY.source;

/** `YYYY-MM-DD`, a real calendar day. */
export function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** Days from `from` to `to`, both counted (1 for one day); ≤ 0 when `to` is before `from`. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** The largest value accepted for YearBuilt: next year, as of `now`. */
export function maxYearBuilt(now: Date = new Date()): number {
  return now.getUTCFullYear() + 1;
}

export const SALE_TYPES = ['for_sale', 'for_rent'] as const;
export const LISTING_STATUSES = ['Active', 'PreOnMarket', 'Sold'] as const;
export const AREA_UNITS = ['Square Feet', 'Square Meters'] as const;
export const TOURS = ['OpenHouse', '3D'] as const;
export const SPACE_TYPES = ['Entire place', 'Room'] as const;
export const KEY_TYPES = ['NewOaks', 'MLSNumber', 'URL'] as const;

/** Settings that never reach a visitor (API.md §3.3); the public ones are every other (settings.ts derives them). */
export const PRIVATE_SETTINGS = [
  'SystemMessage',
  'Model',
  'Temperature',
  'AnswerSuffix',
  'TalkToHumanEmail',
  'EmailForDailyChatLogs',
  'EmailForDailyLeads',
  'Domains',
  'VerifyDomain',
  'CustomDomain',
  'RateLimitCount',
  'RateLimitTime',
  'MessageLimit',
  'MortgageRate',
  'ViewingHours',
  'ViewingMinutes',
  'ViewingNoticeHours',
  'ViewingBufferMinutes',
  'ViewingDays',
  'ViewingEmail',
] as const;
/** Settings a visitor gets only as the URL of the file they name (ChatProfilePictureUrl, ChatIconUrl). */
export const FILE_SETTINGS = ['ChatProfilePicture', 'ChatIcon'] as const;
export const CHAT_ASK_TYPES = ['Text', 'Audio', 'Image', 'Video'] as const;

/**
 * [ext] Why an answer is marked noAnswer: the knowledge and listings hold nothing for it
 * (`unknown`), the question asks for something the listings cannot be filtered by
 * (`cannot-filter`: "a pool"), or the engine was not sure it read the question right
 * (`unsure-reading`: a word it could only guess, asked back). The console groups Unanswered by it.
 */
export const NO_ANSWER_REASONS = ['unknown', 'cannot-filter', 'unsure-reading'] as const;
export type NoAnswerReason = (typeof NO_ANSWER_REASONS)[number];
/** What a file is; a Document (PDF, DOCX, Markdown, text) is an owner's, for the knowledge [ext]. */
export const FILE_KINDS = ['Image', 'Audio', 'Video', 'Document'] as const;

/** `rgb(r,g,b)` in any case (as CSS reads it), each part 0–255 (leading zeros allowed), spaces allowed around every part. */
export const RGB_PATTERN =
  '^\\s*[rR][gG][bB]\\(\\s*(0*(?:25[0-5]|2[0-4]\\d|1\\d\\d|\\d\\d?))\\s*,\\s*(0*(?:25[0-5]|2[0-4]\\d|1\\d\\d|\\d\\d?))\\s*,\\s*(0*(?:25[0-5]|2[0-4]\\d|1\\d\\d|\\d\\d?))\\s*\\)\\s*$';
/** The longest colour the service's field takes (fields.ts `rgb()`). */
export const RGB_MAX_LENGTH = 40;
const rgbRe = new RegExp(RGB_PATTERN);

/**
 * The three channels of an `rgb(r,g,b)` string, or null when it breaks the rule. The one reading of
 * a colour: the service's field holds it to the same pattern and length, the widget paints with it
 * (widget/color.ts), the console's picker converts with it (test/protocol/colors.test.ts feeds all
 * three the same strings).
 */
export function parseRgb(value: string): [number, number, number] | null {
  if (value.length > RGB_MAX_LENGTH) return null;
  const m = rgbRe.exec(value);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name in its ASCII (punycode) form, lower-cased, or null when it is not one.
 * Internationalised names are converted with the platform's URL parser (IDNA).
 */
export function toAsciiHost(name: string): string | null {
  const trimmed = name.trim().replace(/\.$/, '');
  if (!trimmed || /[\s/?#@:\\[\]]/.test(trimmed)) return null;
  let host: string;
  try {
    host = new URL(`http://${trimmed}`).hostname;
  } catch {
    return null;
  }
  if (host.length > 253) return null;
  return host.split('.').every((l) => LABEL.test(l)) ? host : null;
}

/** A Domains entry: a host name, or `*.` followed by one (which matches its subdomains only). */
export function normalizeDomainPattern(entry: string): string | null {
  const wildcard = entry.trim().startsWith('*.');
  const host = toAsciiHost(wildcard ? entry.trim().slice(2) : entry);
  if (!host) return null;
  return wildcard ? `*.${host}` : host;
}

/** Splits a Domains setting (commas or new lines) into its non-empty entries. */
export function splitDomains(value: string): string[] {
  return value
    .split(/[,\r\n]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The first entry of a Domains setting that is not a valid pattern, or null when all are. */
export function invalidDomainEntry(value: string): string | null {
  return splitDomains(value).find((d) => normalizeDomainPattern(d) === null) ?? null;
}

/**
 * Does `host` (any case, IDN allowed, no scheme or port) match one of the patterns?
 * `*.example.com` matches `a.example.com` and `a.b.example.com`, not `example.com`.
 */
export function hostMatches(host: string, patterns: readonly string[]): boolean {
  const h = toAsciiHost(host);
  if (!h) return false;
  return patterns.some((p) => {
    const pattern = normalizeDomainPattern(p);
    if (!pattern) return false;
    return pattern.startsWith('*.') ? h.endsWith(pattern.slice(1)) : h === pattern;
  });
}

// The WHATWG "valid e-mail address" production (what <input type=email> accepts).
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** The same as a JSON Schema pattern, for /openapi.json. */
export const EMAIL_PATTERN = EMAIL.source;

export function isEmail(value: string): boolean {
  return value.length <= LIMITS.emailChars && EMAIL.test(value);
}

// The parts of an http(s) URL as the URL Standard reads one (url.spec.whatwg.org), short of what
// only its parser can say (IDNA, a host that ends in a number); no NUL, no lone surrogate anywhere.
const NOT_TEXT = '\\u0000\\uD800-\\uDFFF';
const URL_USERINFO = `(?:[^\\s/?#@\\\\${NOT_TEXT}]*@)?`;
/** No forbidden domain code point: controls, space, # / : < > ? @ [ \ ] ^ | % and DEL. */
const URL_HOST = `[^\\s/?#@\\\\:\\[\\]<>^|%\\u0001-\\u001F\\u007F${NOT_TEXT}]+`;
/** 0 to 65535, leading zeros allowed, or nothing after the colon. */
const URL_PORT = '(?::0*(?:[0-9]{0,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?';
const URL_REST = `(?:[/?#][^${NOT_TEXT}]*)?`;

/**
 * An http(s) URL as /openapi.json gives it. isHttpUrl forgives more spellings (the URL Standard
 * drops leading spaces and reads `http:host`), which the document need not invite; what the
 * pattern cannot say the document says in words.
 */
export const HTTP_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://${URL_USERINFO}${URL_HOST}${URL_PORT}${URL_REST}$`;

/** An absolute http: or https: URL with a host, at most LIMITS.urlChars long. */
export function isHttpUrl(value: string): boolean {
  if (value.length > LIMITS.urlChars) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The canonical IANA name of a time zone (`america/new_york` → `America/New_York`), or null. */
export function canonicalTimeZone(value: string): string | null {
  if (!value || value.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The canonical time zone names this runtime knows, sorted; Intl's list leaves out UTC. */
export const timeZoneNames = (): string[] => [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])].sort();

/** The non-blank lines of a SuggestedMessage setting, trimmed. */
export function suggestionLines(value: string): string[] {
  return value
    .split(/\r?\n/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const LANGUAGE = /^[\p{L}\p{M} ()'-]*$/u;
/** The same as a JSON Schema pattern (which reads Unicode, as the `u` flag does), for /openapi.json. */
export const LANGUAGE_PATTERN = LANGUAGE.source;
export const LANGUAGE_NAME_CHARS = 50;

/** A language name as AIResponseLanguage takes it: letters, spaces, hyphens, brackets. */
export function isLanguageName(value: string): boolean {
  return value.length <= LANGUAGE_NAME_CHARS && LANGUAGE.test(value);
}

/** Viewings booked in the chat [ext] (API.md §3.11): the settings' ranges and defaults. */
export const VIEWING_LIMITS = {
  minutes: { min: 15, max: 240, default: 30 },
  noticeHours: { min: 0, max: 168, default: 12 },
  bufferMinutes: { min: 0, max: 120, default: 0 },
  days: { min: 1, max: 60, default: 14 },
  /** Ranges in ViewingHours. */
  hoursRanges: 50,
  /** A visitor's name, phone and note on a booking. */
  nameChars: 100,
  phoneChars: 40,
  noteChars: 1_000,
  /** Slots one ViewingSlots answer lists at most. */
  slotsMax: 500,
} as const;

/** [ext] The viewing settings' defaults: no showing hours — no booking — until the owner sets them. */
export const VIEWING_DEFAULTS = {
  ViewingHours: [] as ViewingRange[],
  ViewingMinutes: VIEWING_LIMITS.minutes.default as number,
  ViewingNoticeHours: VIEWING_LIMITS.noticeHours.default as number,
  ViewingBufferMinutes: VIEWING_LIMITS.bufferMinutes.default as number,
  ViewingDays: VIEWING_LIMITS.days.default as number,
  ViewingEmail: '',
};

/** A range of the owner's showing hours: an ISO day (Monday 1 … Sunday 7), from and to in the chatbot's TimeZone. */
export interface ViewingRange {
  Day: number;
  From: string;
  To: string;
}

/** `HH:MM` on a 24-hour clock, 00:00–23:59 (and 24:00 as a range's end: midnight). */
export const HH_MM_PATTERN = '^(?:[01][0-9]|2[0-3]):[0-5][0-9]$|^24:00$';
const HH_MM = new RegExp(HH_MM_PATTERN);

/** Minutes after midnight of `HH:MM`; null when it is not one. */
export function minutesOfDay(value: string): number | null {
  if (!HH_MM.test(value)) return null;
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

/**
 * What is wrong with showing hours, as the end of a 400's sentence ("must not overlap: …"), or null:
 * each range's From before its To, and no two ranges of one day overlapping.
 */
export function viewingHoursProblem(hours: readonly ViewingRange[]): string | null {
  const byDay = new Map<number, [number, number, ViewingRange][]>();
  for (const r of hours) {
    const from = minutesOfDay(r.From);
    const to = minutesOfDay(r.To);
    if (from === null || to === null) return `must have times as HH:MM (got ${JSON.stringify(r)})`;
    if (from >= to)
      return `must have From before To in each range (${DAY_NAMES[r.Day - 1] ?? r.Day} ${r.From}–${r.To})`;
    byDay.set(r.Day, [...(byDay.get(r.Day) ?? []), [from, to, r]]);
  }
  for (const [day, ranges] of byDay) {
    ranges.sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < ranges.length; i++)
      if (ranges[i]![0] < ranges[i - 1]![1])
        return `must not have overlapping ranges (${DAY_NAMES[day - 1]} ${ranges[i - 1]![2].From}–${ranges[i - 1]![2].To} and ${ranges[i]![2].From}–${ranges[i]![2].To})`;
  }
  return null;
}

/**
 * The starts of a day's slots, in minutes after midnight: each range cut into `minutes`-long slots
 * from its From, `buffer` minutes apart, the last ending by its To. The week's shape the console
 * previews; the service lays it on real days (store/viewing-slots.ts).
 */
export function dayStarts(hours: readonly ViewingRange[], day: number, minutes: number, buffer: number): number[] {
  const out: number[] = [];
  for (const r of hours) {
    if (r.Day !== day) continue;
    const from = minutesOfDay(r.From);
    const to = minutesOfDay(r.To);
    if (from === null || to === null) continue;
    for (let t = from; t + minutes <= to; t += minutes + buffer) out.push(t);
  }
  return out.sort((a, b) => a - b);
}

/** A reader of instants in `timeZone` to the second, on a 24-hour clock: made once for many (making one costs far more than using it). */
export const zoneFormat = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
