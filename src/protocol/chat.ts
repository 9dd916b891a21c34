/** Sessions, asking, the answer stream, models and the handoff (API.md §3.2, 3.4, 3.5, 3.8). */
import { Type, type Static } from 'typebox';
import { CHAT_ASK_TYPES, LIMITS, NO_ANSWER_REASONS } from './rules.ts';
import { emailOrEmpty, httpUrlOrNull, oneOf, sessionId, text } from './fields.ts';

export const GetSessionResult = Type.Object({
  SessionID: Type.Integer(),
  VisitorToken: Type.Optional(Type.String({ description: '[ext] visitor flow only' })),
  ExpiresAt: Type.Optional(Type.String({ description: '[ext] visitor flow only; ISO 8601' })),
});
export type GetSessionResult = Static<typeof GetSessionResult>;

export const SessionKeyBody = Type.Object({}, { additionalProperties: false });
export type SessionKeyBody = Static<typeof SessionKeyBody>;
export const SessionKeyResult = Type.Object({ SessionKey: Type.String(), ExpiresAt: Type.String() });
export type SessionKeyResult = Static<typeof SessionKeyResult>;

export const Model = Type.Object({ Key: Type.String(), Value: Type.String(), Status: Type.Boolean() });
export type Model = Static<typeof Model>;
export const ModelListResult = Type.Array(Model);
export type ModelListResult = Static<typeof ModelListResult>;

export type ChatAskType = (typeof CHAT_ASK_TYPES)[number];

interface AskShape {
  content?: unknown;
  chatAskType?: unknown;
  fileIds?: unknown;
}

/** The cross-field rules of ClientAsk, or null when the body keeps them. */
export function askRuleBroken(body: AskShape): string | null {
  const type = (body.chatAskType ?? 'Text') as ChatAskType;
  const files = Array.isArray(body.fileIds) ? body.fileIds : [];
  if (type === 'Text') {
    if (typeof body.content === 'string' && body.content.trim() === '')
      return '"content" must not be empty when chatAskType is Text';
    if (files.length > 0) return '"fileIds" is only allowed when chatAskType is Image, Audio or Video';
    return null;
  }
  if (type === 'Image' && (files.length < 1 || files.length > LIMITS.imagesPerAsk))
    return `"fileIds" must hold 1 to ${LIMITS.imagesPerAsk} image files when chatAskType is Image`;
  if ((type === 'Audio' || type === 'Video') && files.length !== 1)
    return `"fileIds" must hold exactly one file when chatAskType is ${type}`;
  return null;
}

/** askRuleBroken's rules as JSON Schema, for /openapi.json: one branch per kind of question. */
const askKinds = {
  oneOf: [
    {
      description: 'Text (or no chatAskType): content not blank, no files',
      properties: {
        chatAskType: { enum: ['Text', null] },
        content: { type: 'string', pattern: '\\S' },
        fileIds: { anyOf: [{ type: 'null' }, { type: 'array', maxItems: 0 }] },
      },
    },
    {
      description: `Image: 1 to ${LIMITS.imagesPerAsk} image files`,
      required: ['chatAskType', 'fileIds'],
      properties: {
        chatAskType: { const: 'Image' },
        fileIds: { type: 'array', minItems: 1, maxItems: LIMITS.imagesPerAsk },
      },
    },
    {
      description: 'Audio or Video: exactly one file',
      required: ['chatAskType', 'fileIds'],
      properties: { chatAskType: { enum: ['Audio', 'Video'] }, fileIds: { type: 'array', minItems: 1, maxItems: 1 } },
    },
  ],
};

/** `POST /chat/Chat/ClientAsk`. */
export const AskBody = Type.Refine(
  Type.Object(
    {
      sessionID: sessionId(),
      content: text(LIMITS.askContentChars),
      chatAskType: Type.Optional(
        Type.Union([oneOf(CHAT_ASK_TYPES), Type.Null()], {
          rule: 'must be one of "Text", "Audio", "Image", "Video" or null',
        }),
      ),
      stream: Type.Optional(Type.Boolean({ rule: 'must be true or false' })),
      fileIds: Type.Optional(
        Type.Union([Type.Array(Type.Integer({ minimum: 1 }), { maxItems: LIMITS.imagesPerAsk }), Type.Null()], {
          rule: `must be a list of at most ${LIMITS.imagesPerAsk} file ids (positive integers)`,
          jsonSchema: {
            'x-rule': 'Each a file of this session confirmed with UploadSuccess, of the kind chatAskType names.',
          },
        }),
      ),
      clientMessageId: Type.Optional(
        Type.String({
          pattern: `^[\\x21-\\x7E]{1,${LIMITS.clientMessageIdChars}}$`,
          rule: `must be 1 to ${LIMITS.clientMessageIdChars} printable characters without spaces`,
        }),
      ),
      page: Type.Optional({
        ...httpUrlOrNull(),
        description:
          "[ext] The address of the page the visitor asks from (the widget sends its origin and path); the service ignores any query or fragment and matches it to a listing's Url",
      }),
      locale: Type.Optional(
        Type.Union([Type.String({ pattern: '^[A-Za-z]{2,8}(?:-[A-Za-z0-9]{1,8})*$', maxLength: 64 }), Type.Null()], {
          rule: 'must be a language tag such as "es-MX" (BCP 47, at most 64 characters), or null',
          description:
            "[ext] The language the visitor reads (the widget's locale): a model answers in the language of the question, in this one when the question does not tell; AIResponseLanguage, when the owner set it, wins over both",
        }),
      ),
      listing: Type.Optional(
        Type.Union([Type.String({ minLength: 1, maxLength: LIMITS.urlChars }), Type.Null()], {
          rule: `must be text of 1 to ${LIMITS.urlChars.toLocaleString('en-US')} characters (a listing's Id, MLS number or Url), or null`,
          description:
            '[ext] The listing the page shows, named by the page itself: its Id, MLS number or Url; it wins over `page`',
        }),
      ),
    },
    { additionalProperties: false, jsonSchema: askKinds },
  ),
  (v) => askRuleBroken(v) === null,
  (v) => askRuleBroken(v) ?? 'breaks a rule of ClientAsk',
);
export type AskBody = Static<typeof AskBody>;

/** Non-stream Data of ClientAsk. */
export const AskResult = Type.Object({
  messageid: Type.Integer(),
  content: Type.String(),
  totalToken: Type.Integer(),
  noAnswer: Type.Boolean(),
  /** [ext] Why it is marked noAnswer (rules.ts NO_ANSWER_REASONS); absent when it is not. */
  noAnswerReason: Type.Optional(oneOf(NO_ANSWER_REASONS)),
  /** [ext] The language the answer is written in ("es"), when the engine knows it. */
  language: Type.Optional(Type.String()),
  /** [ext] An agent holds the conversation: the question went to them, no answer was written (`content` empty). */
  HeldBy: Type.Optional(Type.String()),
});
export type AskResult = Static<typeof AskResult>;

/** Stream event 1: the next fragment of the answer. */
export const StreamFragment = Type.Object({ content: Type.String() });
export type StreamFragment = Static<typeof StreamFragment>;

/** Stream event 2, last: the whole answer; the fragments concatenate to exactly `Answer`. */
export const StreamFinal = Type.Object({
  QuestionID: Type.Integer(),
  AnswerID: Type.Integer(),
  Answer: Type.String(),
  TotalToken: Type.Integer(),
  /** [ext] The language the answer is written in ("es"), when the engine knows it: the widget marks the answer with it. */
  Language: Type.Optional(Type.String()),
  /** [ext] An agent holds the conversation: the question went to them, no answer was written (`Answer` empty, AnswerID 0). */
  HeldBy: Type.Optional(Type.String()),
});
export type StreamFinal = Static<typeof StreamFinal>;

/** `event: error` — a failure after the stream started; the stream ends after it. */
export const StreamError = Type.Object({
  Code: Type.Integer(),
  Message: Type.String(),
  /** [ext] Seconds after which asking again (the same clientMessageId) is expected to be answered: sent when the service ended the stream for a restart. */
  RetryAfter: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type StreamError = Static<typeof StreamError>;

/** `POST /chat/Chat/TalkToHuman` [ext]. */
export const TalkToHumanBody = Type.Object(
  {
    sessionID: sessionId(),
    name: Type.Optional(text(200)),
    email: Type.Optional(emailOrEmpty()),
    message: Type.Optional(text(LIMITS.handoffMessageChars)),
  },
  { additionalProperties: false },
);
export type TalkToHumanBody = Static<typeof TalkToHumanBody>;
export const TalkToHumanResult = Type.Object({
  Message: Type.String(),
  /** [ext] An agent is present: the request went to their console at once, and someone is coming. */
  Live: Type.Boolean(),
});
export type TalkToHumanResult = Static<typeof TalkToHumanResult>;
