/**
 * Field builders for the schemas. Each carries a `rule`: the sentence a 400 Message uses after
 * the field's name ("ChatBubbleColor" must be …), so every rejection names the field and the rule.
 *
 * A field checked by hand (a refinement) also carries `jsonSchema`: the keywords /openapi.json
 * gives it (server/http/openapi/document.ts) — a pattern or a format where one says the check, and `x-rule`, in
 * words, what no keyword can. They stay out of the schema's own keywords so that validation and
 * its messages remain the code's; a test holds the two to each other (test/server/http/fuzz.test.ts).
 */
import { Type, type TSchema } from 'typebox';
import {
  EMAIL_PATTERN,
  HTTP_URL_PATTERN,
  LANGUAGE_NAME_CHARS,
  LANGUAGE_PATTERN,
  HH_MM_PATTERN,
  LIMITS,
  RGB_MAX_LENGTH,
  VIEWING_LIMITS,
  viewingHoursProblem,
  RGB_PATTERN,
  canonicalTimeZone,
  invalidDomainEntry,
  isEmail,
  isHttpUrl,
  isLanguageName,
  splitDomains,
  suggestionLines,
  toAsciiHost,
} from './rules.ts';

const n = (x: number) => x.toLocaleString('en-US');

export const text = (max: number) =>
  Type.String({ maxLength: max, rule: `must be text of at most ${n(max)} characters` });

export const requiredText = (max: number) =>
  Type.String({ minLength: 1, maxLength: max, rule: `must be text of 1 to ${n(max)} characters` });

export const integer = (min: number, max: number) =>
  Type.Integer({ minimum: min, maximum: max, rule: `must be an integer from ${n(min)} to ${n(max)}` });

export const nonNegative = (rule = 'must be a number ≥ 0') => Type.Number({ minimum: 0, rule });

export const boolean = () => Type.Boolean({ rule: 'must be true or false' });

export const oneOf = <const V extends readonly string[]>(values: V) =>
  Type.Enum<[...V]>([...values], { rule: `must be one of ${values.map((v) => `"${v}"`).join(', ')}` });

/** An enumeration that may also be empty (an optional listing field set to "none"). */
export const oneOfOrEmpty = <const V extends readonly string[]>(values: V) =>
  Type.Enum<[...V, '']>([...values, ''], {
    rule: `must be one of ${values.map((v) => `"${v}"`).join(', ')} or empty`,
  });

export const rgb = () =>
  Type.String({
    pattern: RGB_PATTERN,
    maxLength: RGB_MAX_LENGTH,
    rule: 'must be rgb(r,g,b) with each of r, g, b from 0 to 255',
  });

export const serialNumber = () =>
  Type.String({ pattern: '^[0-9a-fA-F]{32}$', rule: 'must be a chatbot serial number (32 hexadecimal characters)' });

export const fileId = () =>
  Type.String({
    pattern: '^(?:[1-9][0-9]{0,14})?$',
    rule: 'must be the id of an uploaded file (digits) or empty',
    jsonSchema: {
      'x-rule': 'The service checks that the id is an image its owner uploaded and confirmed with UploadSuccess.',
    },
  });

export const sessionId = () =>
  Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1, rule: 'must be a session id (a positive integer)' });

function refined<S extends TSchema>(base: S, rule: string, check: (v: string) => boolean) {
  return Type.Refine(
    base,
    (v) => typeof v === 'string' && check(v),
    () => rule,
  );
}

const urlKeywords = {
  format: 'uri',
  pattern: HTTP_URL_PATTERN,
  maxLength: LIMITS.urlChars,
  'x-rule':
    'The service also parses it by the URL Standard (url.spec.whatwg.org): a host that ends in a number must be an IPv4 address, and an internationalised one must convert to ASCII.',
};
const emailKeywords = { format: 'email', pattern: EMAIL_PATTERN, maxLength: LIMITS.emailChars };
/** Either the keywords or the empty string. */
const orEmpty = (keywords: Record<string, unknown>) => ({ anyOf: [{ const: '' }, keywords] });

export const httpUrl = () =>
  refined(
    Type.String({ rule: 'must be an http(s) URL', jsonSchema: urlKeywords }),
    'must be an http(s) URL',
    isHttpUrl,
  );

export const httpUrlOrEmpty = () =>
  refined(
    Type.String({
      rule: `must be an http(s) URL of at most ${n(LIMITS.urlChars)} characters, or empty`,
      jsonSchema: orEmpty(urlKeywords),
    }),
    `must be an http(s) URL of at most ${n(LIMITS.urlChars)} characters, or empty`,
    (v) => v === '' || isHttpUrl(v),
  );

/** An http(s) URL or null (an [ext] field a client may leave out). */
export const httpUrlOrNull = () => {
  const rule = `must be an http(s) URL of at most ${n(LIMITS.urlChars)} characters, or null`;
  return Type.Union([refined(Type.String({ rule, jsonSchema: urlKeywords }), rule, isHttpUrl), Type.Null()], { rule });
};

export const email = () =>
  refined(
    Type.String({ rule: 'must be an email address', jsonSchema: emailKeywords }),
    'must be an email address',
    isEmail,
  );

export const emailOrEmpty = () =>
  refined(
    Type.String({ rule: 'must be an email address or empty', jsonSchema: orEmpty(emailKeywords) }),
    'must be an email address or empty',
    (v) => v === '' || isEmail(v),
  );

/** Documented as the list of canonical names (server/http/openapi/document.ts); the service also takes them in any case, and IANA's aliases. */
export const timeZone = () =>
  refined(
    Type.String({
      rule: 'must be an IANA time zone name such as "America/New_York"',
      jsonSchema: { $ref: '#/components/schemas/TimeZone' },
    }),
    'must be an IANA time zone name such as "America/New_York"',
    (v) => canonicalTimeZone(v) !== null,
  );

export const hostnameOrEmpty = () =>
  refined(
    Type.String({
      maxLength: 253,
      rule: 'must be a host name such as "chat.example.com", or empty',
      jsonSchema: {
        'x-rule':
          'A host name as the URL Standard reads one (internationalised names allowed), each label of 1 to 63 letters, digits or hyphens once in ASCII.',
      },
    }),
    'must be a host name such as "chat.example.com", or empty',
    (v) => v === '' || toAsciiHost(v) !== null,
  );

export const domains = () =>
  Type.Refine(
    Type.String({
      maxLength: LIMITS.domainsChars,
      rule: 'must be host names separated by commas or new lines ("*.example.com" allowed)',
      jsonSchema: { 'x-rule': `Each entry a host name, or "*." and one; at most ${LIMITS.domainEntries} entries.` },
    }),
    (v) => typeof v === 'string' && invalidDomainEntry(v) === null && splitDomains(v).length <= LIMITS.domainEntries,
    (v) => {
      const bad = typeof v === 'string' ? invalidDomainEntry(v) : null;
      return bad === null
        ? `must list at most ${LIMITS.domainEntries} host names`
        : `must be host names separated by commas or new lines ("*.example.com" allowed); "${bad.slice(0, 60)}" is not one`;
    },
  );

export const suggestions = () =>
  refined(
    Type.String({
      maxLength: LIMITS.textSettingChars,
      rule: `must be at most ${LIMITS.suggestedMessageLines} lines (one suggestion per line)`,
      jsonSchema: { 'x-rule': `At most ${LIMITS.suggestedMessageLines} lines that are not blank.` },
    }),
    `must be at most ${LIMITS.suggestedMessageLines} lines (one suggestion per line)`,
    (v) => suggestionLines(v).length <= LIMITS.suggestedMessageLines,
  );

export const languageName = () =>
  refined(
    Type.String({
      rule: 'must be a full language name such as "Spanish", or empty',
      jsonSchema: { pattern: LANGUAGE_PATTERN, maxLength: LANGUAGE_NAME_CHARS },
    }),
    'must be a full language name such as "Spanish", or empty',
    isLanguageName,
  );

/** `HH:MM` on a 24-hour clock (24:00 as a range's end). */
export const clockTime = () =>
  Type.String({ pattern: HH_MM_PATTERN, rule: 'must be a time as HH:MM on a 24-hour clock, such as "09:30"' });

/** ViewingHours [ext]: the owner's showing hours, ranges by ISO day; each From before its To, none overlapping. */
export const viewingHours = () =>
  Type.Refine(
    Type.Array(
      Type.Object(
        {
          Day: Type.Integer({
            minimum: 1,
            maximum: 7,
            rule: 'must be an ISO day of the week from 1 (Monday) to 7 (Sunday)',
          }),
          From: clockTime(),
          To: clockTime(),
        },
        { additionalProperties: false, rule: 'must be a range { "Day": 1–7, "From": "HH:MM", "To": "HH:MM" }' },
      ),
      {
        maxItems: VIEWING_LIMITS.hoursRanges,
        rule: `must be a list of at most ${VIEWING_LIMITS.hoursRanges} ranges { "Day": 1–7, "From": "HH:MM", "To": "HH:MM" }`,
        jsonSchema: { 'x-rule': 'Each range has From before To, and no two ranges of one day overlap.' },
      },
    ),
    (v) => Array.isArray(v) && viewingHoursProblem(v) === null,
    (v) => viewingHoursProblem(Array.isArray(v) ? v : []) ?? 'must be a list of ranges',
  );

/** `X` or null — for settings of Edit, where null means "leave unchanged". */
export const nullable = <S extends TSchema>(s: S) =>
  Type.Union([s, Type.Null()], { rule: (s as { rule?: string }).rule ?? 'has an invalid value' });
