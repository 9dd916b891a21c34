/**
 * /openapi.json as a tester reads it: Ajv (JSON Schema 2020-12, OpenAPI 3.1's dialect, strict)
 * compiles the document's schemas, so a test can ask whether a request body is one the document
 * accepts, and whether an answer is one it documents. Formats: `date` is asserted (a real calendar
 * day, as the service checks); `email` and `uri` are hints, the pattern beside each is the rule.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parseSse } from '../../src/protocol/index.ts';
import { openApiDocument } from '../../src/server/http/openapi/document.ts';

export type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface Operation {
  path: string;
  method: string;
  requestBody?: { content: Record<string, { schema?: Json }> };
  responses: Record<string, { content?: Record<string, { schema?: Json }>; links?: Record<string, Json> }>;
}

export interface Contract {
  doc: Json;
  operation(name: string): Operation;
  /** The request body's schema, its `$ref`s resolved. */
  bodySchema(name: string): Json;
  /** Why the document refuses this body ([] when it accepts it). */
  bodyErrors(name: string, body: unknown): string[];
  /** Why the document does not describe this answer ([] when it does). */
  answerErrors(name: string, answer: { status: number; contentType: string; text: string }): string[];
}

/** `{ $ref, …siblings }` with the target in place (2020-12 applies both: an allOf of them). */
function resolve(doc: Json, schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map((s) => resolve(doc, s));
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) if (key !== '$ref') out[key] = resolve(doc, value);
  if (typeof schema.$ref !== 'string') return out;
  const target = schema.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((at, part) => (isObject(at) ? at[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), doc);
  if (!isObject(target)) throw new Error(`${schema.$ref} is not in the document`);
  return Object.keys(out).length
    ? { ...out, allOf: [...((out.allOf as unknown[]) ?? []), resolve(doc, target)] }
    : resolve(doc, target);
}

const describe = (validate: ValidateFunction) =>
  (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}`);

export function readContract(doc: Json = openApiDocument()): Contract {
  const ajv = new Ajv2020({ strict: true, allErrors: false });
  addFormats(ajv, ['date']);
  ajv.addFormat('email', true).addFormat('uri', true);
  ajv.addKeyword('x-rule');
  const operations = new Map<string, Operation>();
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>))
    for (const [method, op] of Object.entries(item))
      operations.set(String(op.operationId), { ...(op as unknown as Operation), path, method });
  const compiled = new Map<unknown, ValidateFunction>();
  const validator = (schema: unknown) => {
    let v = compiled.get(schema);
    if (!v) compiled.set(schema, (v = ajv.compile(resolve(doc, schema) as Json)));
    return v;
  };
  const operation = (name: string) => {
    const op = operations.get(name);
    if (!op) throw new Error(`${name} is not an operation of the document`);
    return op;
  };
  const bodySchemaOf = (name: string) => operation(name).requestBody?.content['application/json']?.schema;
  return {
    doc,
    operation,
    bodySchema: (name) => resolve(doc, bodySchemaOf(name)) as Json,
    bodyErrors(name, body) {
      const validate = validator(bodySchemaOf(name));
      return validate(body) ? [] : describe(validate);
    },
    answerErrors(name, answer) {
      const response = operation(name).responses[String(answer.status)];
      if (!response) return [`HTTP ${answer.status} is not a status the document gives ${name}`];
      const type = answer.contentType.split(';')[0]!.trim();
      const schema = response.content?.[type]?.schema;
      if (!schema)
        return [`${type || 'no Content-Type'} is not what the document gives ${name}'s HTTP ${answer.status}`];
      // A file (an export's CSV, a file's bytes) is described by its media type only.
      if (type !== 'application/json' && type !== 'text/event-stream') return [];
      const validate = validator(schema);
      const values =
        type === 'text/event-stream'
          ? parseSse(answer.text).map((e) => JSON.parse(e.data) as unknown)
          : [JSON.parse(answer.text) as unknown];
      return values.flatMap((value) => (validate(value) ? [] : describe(validate)));
    },
  };
}

/** A schema and the schemas it holds as alternatives (anyOf, oneOf, allOf), all of which apply or may. */
const alternatives = (schema: Json): Json[] => [
  schema,
  ...['anyOf', 'oneOf', 'allOf'].flatMap((k) =>
    Array.isArray(schema[k]) ? (schema[k] as unknown[]).filter(isObject).flatMap(alternatives) : [],
  ),
];

/**
 * Whether the document gives in words (`x-rule`) a rule about this field of a body: a field as a
 * 400 names it (`Images[0]`, `ExtensionColumn[1].Key`), or null for the body as a whole.
 */
export function ruleInWords(bodySchema: Json, field: string | null): boolean {
  let at = [bodySchema];
  for (const step of field === null ? [] : field.split(/\.|(?=\[)/)) {
    at = at.flatMap(alternatives).flatMap((s) => {
      const next = step.startsWith('[') ? s.items : isObject(s.properties) ? s.properties[step] : undefined;
      return isObject(next) ? [next] : [];
    });
  }
  return at.flatMap(alternatives).some((s) => 'x-rule' in s);
}
