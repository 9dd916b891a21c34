/**
 * Every status an operation of /openapi.json can answer, each with the envelope's schema. The
 * failures are one table (API.md §1's, FAILURE) of who can meet each one, read from what the
 * operation takes — a body, an id, a credential — or, where only its handler knows, a short list
 * that says why; so a new operation gets its statuses without anyone copying them.
 */
import { AnyEnvelope, Envelope, FAILURE, OPERATIONS, type OperationName } from '../../../protocol/index.ts';
import type { TSchema } from 'typebox';
import { toJsonSchema } from './json-schema.ts';
import { THROTTLED } from '../throttle.ts';

/** An operation of the document: API.md's, the PUT of an upload's bytes between two of them, and a file's read. */
export type DocOperation = OperationName | 'Upload' | 'GetFile';

type Json = Record<string, unknown>;
type Why = Partial<Record<DocOperation, string>>;

const bodyOf = (op: DocOperation): TSchema | null => (op === 'Upload' || op === 'GetFile' ? null : OPERATIONS[op].body);
/** The operations at an address of their own, with no JSON body: whose 400 is about the address. */
const byAddress = (op: DocOperation) => op === 'Upload' || op === 'GetFile';
const fieldsOf = (op: DocOperation) => Object.keys((bodyOf(op) as { properties?: Json } | null)?.properties ?? {});

/** Body fields that name something stored: a wrong one is a 404. */
const ID_FIELDS: ReadonlySet<string> = new Set(['serialNumber', 'SerialNumber', 'sessionID', 'FileStoreId', 'token']);
/** Operations whose body's token is the credential: no header is read (401, 403 cannot be). */
const byToken = (op: DocOperation) => op !== 'Upload' && op !== 'GetFile' && 'bodyToken' in OPERATIONS[op];

const CONFLICTS: Why = {
  RealEstateCreate: 'A listing of the chatbot already has this MLSNumber or Url',
  RealEstateUpdate: 'Another listing of the chatbot already has this MLSNumber or Url',
  ClientAsk: 'The clientMessageId was already used for a different question in this session',
  Feedback: 'The answer is still being written, or failed',
  UploadSuccess: 'The bytes of the file are not in place yet',
  Upload: 'Bytes were already uploaded to this URL',
  ViewingSlots: 'The listing is sold or not on the market yet, or the chatbot has no showing hours',
  ViewingBook: 'The slot is taken, or is not a free slot (outside the hours, past, inside the notice, too far ahead)',
  ViewingCancel: 'The booking is already cancelled, or has begun',
  ViewingReschedule: 'The booking is cancelled or has begun, or the new start is not a free slot',
  OwnerViewingCancel: 'The booking is already cancelled, or has begun',
};
const UNSUPPORTED: Why = {
  ClientAsk: 'A file is not of the kind chatAskType names',
  UploadSuccess: 'The file is not of a type the service accepts',
  Upload: 'The upload is empty',
};
/** ClientAsk is refused by its chatbot's own limits; visitors' calls by the service's throttles. */
const OWN_LIMITS: Why = {
  ClientAsk: 'RateLimitCount or MessageLimit is reached (the Message is the RateLimitMessage)',
};
/** Operations counted under another throttle's name: a booking's cancel and move are its page's (ViewingManage). */
const THROTTLED_AS: Partial<Record<DocOperation, string>> = {
  ViewingCancel: 'ViewingManage',
  ViewingReschedule: 'ViewingManage',
};
const tooMany = (op: DocOperation) => {
  const throttled = (THROTTLED as readonly string[]).includes(THROTTLED_AS[op] ?? op)
    ? "a visitor's calls reached the service's bound (Retry-After says when to call again)"
    : undefined;
  const reasons = [OWN_LIMITS[op], throttled].filter(Boolean);
  return reasons.length ? `Too many: ${reasons.join('; or ')}` : null;
};

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
};

interface Failure {
  status: number;
  /** Why the operation may answer so, or null when it cannot. */
  why: (op: DocOperation) => string | null | undefined;
  /** Data's schema, when not null. */
  data?: Json;
  /** Operations whose Data is another (a zero value API.md documents). */
  dataOf?: Partial<Record<DocOperation, Json>>;
  headers?: Json;
}

const FAILURES: Failure[] = [
  {
    status: FAILURE.invalid,
    why: (op) =>
      byAddress(op)
        ? 'The address is not valid'
        : bodyOf(op)
          ? 'The body breaks a rule: the Message names the field and the rule (docs/PROTOCOL.md)'
          : null,
  },
  {
    status: FAILURE.unauthenticated,
    why: (op) =>
      op === 'Upload'
        ? 'The upload URL is not valid or has expired, or a credential sent beside it is not valid'
        : op === 'GetFile'
          ? "A credential sent is not valid, or none was sent for a visitor's file"
          : byToken(op)
            ? null
            : 'A credential sent is not valid, or none was sent where one is needed',
  },
  {
    status: FAILURE.forbidden,
    why: (op) =>
      op === 'Upload' || byToken(op)
        ? null
        : op === 'GetFile'
          ? "The credential is not the file's session's, nor its chatbot's owner's"
          : 'The credential is of a kind the operation does not take, or does not give access to what the body names',
  },
  {
    status: FAILURE.notFound,
    why: (op) =>
      op === 'GetFile'
        ? 'No file has this id, or its bytes were not checked (UploadSuccess) yet'
        : fieldsOf(op).some((f) => ID_FIELDS.has(f))
          ? 'What the body names does not exist'
          : null,
    // API.md's one documented zero: RealEstateUpdate answers a key that matches no listing with Data 0.
    dataOf: { RealEstateUpdate: { enum: [null, 0] } },
  },
  { status: FAILURE.conflict, why: (op) => CONFLICTS[op] },
  {
    status: FAILURE.tooLarge,
    why: (op) =>
      op === 'Upload' ? 'The file is larger than its kind allows' : bodyOf(op) ? 'The body is larger than 1 MB' : null,
  },
  { status: FAILURE.unsupportedType, why: (op) => UNSUPPORTED[op] },
  {
    status: FAILURE.rangeNotSatisfiable,
    why: (op) => (op === 'GetFile' ? 'The Range starts past the end of the file' : null),
    headers: {
      'Content-Range': { description: 'The size of the file: `bytes */<size>`', schema: { type: 'string' } },
    },
  },
  {
    status: FAILURE.rateLimited,
    why: tooMany,
    data: {
      anyOf: [
        { type: 'null' },
        {
          type: 'object',
          required: ['RetryAfter'],
          additionalProperties: false,
          properties: { RetryAfter: { type: 'integer', minimum: 0 } },
        },
      ],
    },
    headers: retryAfter,
  },
  { status: FAILURE.internal, why: () => "Something went wrong on the service's side (a bug: it is logged)" },
  {
    status: FAILURE.unavailable,
    why: () => 'The database or the model server cannot answer just now',
    headers: retryAfter,
  },
  {
    status: FAILURE.insufficientStorage,
    why: (op) => (op === 'Upload' ? 'The service has no room to store the file just now' : null),
  },
];

const anyEnvelope = toJsonSchema(AnyEnvelope) as { properties: Json };

/** The envelope of a success: Data of the operation's shape, Code 200, an empty Message. */
export function successEnvelope(data: TSchema): Json {
  const envelope = toJsonSchema(Envelope(data)) as { properties: Json };
  return {
    ...envelope,
    additionalProperties: false,
    properties: { ...envelope.properties, Success: { const: true }, Code: { const: 200 }, Message: { const: '' } },
  };
}

/** The envelope of every failure: Success false, a Message that says what was wrong (Code and Data per status). */
export const failureEnvelope: Json = {
  ...anyEnvelope,
  additionalProperties: false,
  properties: { ...anyEnvelope.properties, Success: { const: false }, Message: { type: 'string', minLength: 1 } },
};

const SCHEMAS = '#/components/schemas/';
const failureOf = (status: number, data: Json | undefined) => ({
  allOf: [
    { $ref: `${SCHEMAS}Failure` },
    { type: 'object', properties: { Code: { const: status }, Data: data ?? { type: 'null' } } },
  ],
});

/** The document's shared schemas of failures: the envelope, and the envelope of each status (`Failure404`). */
export function failureSchemas(): Record<string, Json> {
  return {
    Failure: failureEnvelope,
    ...Object.fromEntries(FAILURES.map(({ status, data }) => [`Failure${status}`, failureOf(status, data)])),
  };
}

/** The failures an operation can answer with, by status, each with the envelope's schema. */
export function failureResponses(op: DocOperation): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const { status, why, dataOf, headers } of FAILURES) {
    const description = why(op);
    if (!description) continue;
    const own = dataOf?.[op];
    const schema = own ? failureOf(status, own) : { $ref: `${SCHEMAS}Failure${status}` };
    out[status] = { description, ...(headers ? { headers } : {}), content: { 'application/json': { schema } } };
  }
  return out;
}
