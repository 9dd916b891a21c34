/**
 * `/openapi.json`: an OpenAPI 3.1 document generated from the protocol's schemas, as strict as the
 * service (docs/PROTOCOL.md, "The OpenAPI document"): request bodies with the patterns, formats
 * and cross-field rules the code checks, every status each operation can answer with the envelope's
 * schema, and the links from one operation's answer to the next operations.
 */
import {
  API_VERSION,
  OPERATIONS,
  OPERATION_NAMES,
  UploadResult,
  timeZoneNames,
  type Credential,
} from '../../../protocol/index.ts';
import { StreamError, StreamFinal, StreamFragment } from '../../../protocol/index.ts';
import type { TSchema } from 'typebox';
import { filePaths } from './file-paths.ts';
import { LINKS } from './links.ts';
import { failureResponses, failureSchemas, successEnvelope, type DocOperation } from './responses.ts';
import { toJsonSchema } from './json-schema.ts';

export { toJsonSchema } from './json-schema.ts';

type Json = Record<string, unknown>;

const SECURITY: Record<Credential, string> = {
  apiKey: 'apiKey',
  sessionKey: 'ownerSessionKey',
  visitorToken: 'visitorToken',
};

/** The 200 response: the envelope with the operation's Data (or its file, or its stream), and its links. */
function success(name: DocOperation, data: TSchema): Json {
  const envelope = { 'application/json': { schema: successEnvelope(data) } };
  const content =
    name === 'Export'
      ? {
          'text/csv': {
            description: 'Format csv: UTF-8 with a byte-order mark, one row per message (or vote)',
            schema: { type: 'string' },
          },
          'application/json': { description: 'Format json: {"From","To","Items":[…]}', schema: { type: 'object' } },
        }
      : name === 'ClientAsk'
        ? {
            ...envelope,
            'text/event-stream': {
              description:
                'With stream: true — `data:` events of fragments, then the final object; `event: error` on failure',
              schema: toJsonSchema({ anyOf: [StreamFragment, StreamFinal, StreamError] }),
            },
          }
        : name === 'ChatbotEvents' || name === 'ChatEvents'
          ? { 'text/event-stream': { description: EVENTS[name], schema: { type: 'string' } } }
          : envelope;
  const links = LINKS[name];
  return { description: 'Success: the envelope with Data', content, ...(links ? { links } : {}) };
}

/** What the two live event streams carry [ext] (docs/PROTOCOL.md, *A person in the chat*). */
const EVENTS = {
  ChatbotEvents:
    'Until the client goes: events each with an `id:` (send the last as Last-Event-ID to replay what was missed, kept an hour; without it, the last 10 minutes) and a `: ping` comment after 15 s of silence. ' +
    '`handoff` {SessionID, Name, Email, Message, CreatedAt}; `message` {SessionID, Content, CreatedAt, MessageId} (a visitor asked); ' +
    '`reply` {SessionID, Name, Content, CreatedAt, MessageId} (an agent answered); `typing` {SessionID, CreatedAt}; `taken` {SessionID, Name}; `released` {SessionID, Name, Idle?}. ' +
    'While one is open for a chatbot an agent is present: TalkToHuman answers Live true.',
  ChatEvents:
    "Until the client goes: `agent` events each with an `id:` (Last-Event-ID replays, as the owner's stream) — {Type: joined | message | typing | left, Name, Content?, MessageId?, CreatedAt}; a `: ping` comment after 15 s of silence.",
} as const;

/** A GET operation's input, as query parameters (the event streams), and the Last-Event-ID it resumes from. */
function queryParameters(schema: TSchema): Json[] {
  const json = toJsonSchema(schema, 'request') as { properties?: Record<string, Json>; required?: string[] };
  return [
    ...Object.entries(json.properties ?? {}).map(([name, property]) => ({
      name,
      in: 'query',
      required: (json.required ?? []).includes(name),
      schema: property,
    })),
    {
      name: 'Last-Event-ID',
      in: 'header',
      required: false,
      description: 'The id of the last event received: the events after it are sent first',
      schema: { type: 'string', pattern: '^[0-9]{1,15}$' },
    },
  ];
}

const responses = (name: DocOperation, data: TSchema) => ({ 200: success(name, data), ...failureResponses(name) });

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const name of OPERATION_NAMES) {
    const op = OPERATIONS[name];
    paths[op.path] = {
      [op.method.toLowerCase()]: {
        operationId: name,
        summary: op.summary,
        security: [...op.credentials.map((c) => ({ [SECURITY[c]]: [] })), ...('visitorFlow' in op ? [{}] : [])],
        ...(op.body && op.method === 'GET'
          ? { parameters: queryParameters(op.body) }
          : op.body
            ? {
                requestBody: {
                  required: true,
                  content: { 'application/json': { schema: toJsonSchema(op.body, 'request') } },
                },
              }
            : {}),
        responses: responses(name, op.data),
      },
    };
  }
  Object.assign(paths, filePaths(responses('Upload', UploadResult)));
  return {
    openapi: '3.1.0',
    info: {
      title: 'chat-bot service',
      version: API_VERSION,
      description: [
        'Request property names are matched case-insensitively; unknown properties are rejected.',
        'The request schemas are as strict as the service: a body they accept is not refused with a 400, unless for a rule no keyword can say, which `x-rule` says in words (a URL parsed by the URL Standard, two fields compared, a file or a model that must exist).',
        'They are stricter only about spellings the service forgives: a property name in another case, a leading byte-order mark in a text value, a time zone alias, spaces around a URL.',
      ].join(' '),
    },
    paths,
    components: {
      schemas: {
        ...failureSchemas(),
        TimeZone: {
          type: 'string',
          description: 'A canonical IANA time zone name; the service also takes other cases and IANA aliases',
          enum: timeZoneNames(),
        },
      },
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'The owner API key (a "Bearer " prefix is accepted)',
        },
        ownerSessionKey: {
          type: 'apiKey',
          in: 'header',
          name: 'chatrobot-sessionkey',
          description: 'An owner session key from SessionKey',
        },
        visitorToken: {
          type: 'apiKey',
          in: 'header',
          name: 'Authorization',
          description: 'A visitor token from GetSession (visitor flow)',
        },
      },
    },
  };
}
