/** `/openapi.json`: an OpenAPI 3.1 document generated from the protocol's schemas. */
import { API_VERSION, OPERATIONS, OPERATION_NAMES, type Credential } from '../protocol/index.ts';
import { Envelope, StreamError, StreamFinal, StreamFragment } from '../protocol/index.ts';
import type { TSchema } from 'typebox';

/** A plain JSON Schema: TypeBox's own `~` keys dropped, our `rule` shown as the description. */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('~')) continue;
    if (key === 'rule') {
      if (!('description' in schema)) out.description = value;
      continue;
    }
    out[key] = toJsonSchema(value);
  }
  return out;
}

const SECURITY: Record<Credential, string> = {
  apiKey: 'apiKey',
  sessionKey: 'ownerSessionKey',
  visitorToken: 'visitorToken',
};

export function openApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const name of OPERATION_NAMES) {
    const op = OPERATIONS[name];
    const envelope = { 'application/json': { schema: toJsonSchema(Envelope(op.data as TSchema)) } };
    const responses: Record<string, unknown> = {
      200: {
        description: 'Success: the envelope with Data',
        content:
          name === 'Export'
            ? {
                'text/csv': { description: 'Format csv: UTF-8 with a byte-order mark, one row per message (or vote)', schema: { type: 'string' } },
                'application/json': { description: 'Format json: {"From","To","Items":[…]}', schema: { type: 'object' } },
              }
            : name === 'ClientAsk'
            ? {
                ...envelope,
                'text/event-stream': {
                  description: 'With stream: true — `data:` events of fragments, then the final object; `event: error` on failure',
                  schema: toJsonSchema({ anyOf: [StreamFragment, StreamFinal, StreamError] }),
                },
              }
            : envelope,
      },
      default: { description: 'Failure: the envelope with Success false and Code equal to the HTTP status' },
    };
    paths[op.path] = {
      [op.method.toLowerCase()]: {
        operationId: name,
        summary: op.summary,
        security: [...op.credentials.map((c) => ({ [SECURITY[c]]: [] })), ...('visitorFlow' in op ? [{}] : [])],
        ...(op.body ? { requestBody: { required: true, content: { 'application/json': { schema: toJsonSchema(op.body) } } } } : {}),
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'chat-bot service',
      version: API_VERSION,
      description: 'Request property names are matched case-insensitively; unknown properties are rejected.',
    },
    paths,
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The owner API key (a "Bearer " prefix is accepted)' },
        ownerSessionKey: { type: 'apiKey', in: 'header', name: 'chatrobot-sessionkey', description: 'An owner session key from SessionKey' },
        visitorToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'A visitor token from GetSession (visitor flow)' },
      },
    },
  };
}
