/**
 * Field builders for the schemas. Each carries a `rule`: the sentence a 400 Message uses after
 * the field's name ("ChatBubbleColor" must be …), so every rejection names the field and the rule.
 */
import { Type, type TSchema } from 'typebox';
import {
  LIMITS,
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
  Type.String({ pattern: RGB_PATTERN, maxLength: 40, rule: 'must be rgb(r,g,b) with each of r, g, b from 0 to 255' });

export const serialNumber = () =>
  Type.String({ pattern: '^[0-9a-fA-F]{32}$', rule: 'must be a chatbot serial number (32 hexadecimal characters)' });

export const fileId = () =>
  Type.String({ pattern: '^(?:[1-9][0-9]{0,14})?$', rule: 'must be the id of an uploaded file (digits) or empty' });

export const sessionId = () =>
  Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1, rule: 'must be a session id (a positive integer)' });

function refined<S extends TSchema>(base: S, rule: string, check: (v: string) => boolean) {
  return Type.Refine(
    base,
    (v) => typeof v === 'string' && check(v),
    () => rule,
  );
}

export const httpUrl = () =>
  refined(Type.String({ rule: 'must be an http(s) URL' }), 'must be an http(s) URL', isHttpUrl);

export const httpUrlOrEmpty = () =>
  refined(
    Type.String({ rule: `must be an http(s) URL of at most ${n(LIMITS.urlChars)} characters, or empty` }),
    `must be an http(s) URL of at most ${n(LIMITS.urlChars)} characters, or empty`,
    (v) => v === '' || isHttpUrl(v),
  );

/** An http(s) URL or null (an [ext] field a client may leave out). */
export const httpUrlOrNull = () => {
  const rule = `must be an http(s) URL of at most ${n(LIMITS.urlChars)} characters, or null`;
  return Type.Union([refined(Type.String({ rule }), rule, isHttpUrl), Type.Null()], { rule });
};

export const email = () =>
  refined(Type.String({ rule: 'must be an email address' }), 'must be an email address', isEmail);

export const emailOrEmpty = () =>
  refined(
    Type.String({ rule: 'must be an email address or empty' }),
    'must be an email address or empty',
    (v) => v === '' || isEmail(v),
  );

export const timeZone = () =>
  refined(
    Type.String({ rule: 'must be an IANA time zone name such as "America/New_York"' }),
    'must be an IANA time zone name such as "America/New_York"',
    (v) => canonicalTimeZone(v) !== null,
  );

export const hostnameOrEmpty = () =>
  refined(
    Type.String({ maxLength: 253, rule: 'must be a host name such as "chat.example.com", or empty' }),
    'must be a host name such as "chat.example.com", or empty',
    (v) => v === '' || toAsciiHost(v) !== null,
  );

export const domains = () =>
  Type.Refine(
    Type.String({
      maxLength: LIMITS.domainsChars,
      rule: 'must be host names separated by commas or new lines ("*.example.com" allowed)',
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
    Type.String({ maxLength: LIMITS.textSettingChars, rule: `must be at most ${LIMITS.suggestedMessageLines} lines (one suggestion per line)` }),
    `must be at most ${LIMITS.suggestedMessageLines} lines (one suggestion per line)`,
    (v) => suggestionLines(v).length <= LIMITS.suggestedMessageLines,
  );

export const languageName = () =>
  refined(
    Type.String({ rule: 'must be a full language name such as "Spanish", or empty' }),
    'must be a full language name such as "Spanish", or empty',
    isLanguageName,
  );

/** `X` or null — for settings of Edit, where null means "leave unchanged". */
export const nullable = <S extends TSchema>(s: S) =>
  Type.Union([s, Type.Null()], { rule: (s as { rule?: string }).rule ?? 'has an invalid value' });
