/**
 * The protocol's TypeBox schemas as /openapi.json's plain JSON Schema (draft 2020-12, which
 * OpenAPI 3.1 uses). A request body is documented as strictly as the service checks it: the
 * keywords each hand-checked field carries in `jsonSchema` (protocol/fields.ts), and the text rule
 * every string of a body keeps (protocol/validate.ts). A response keeps the schema's own keywords.
 */
import { TEXT_PATTERN, TEXT_PATTERN_NOT_EMPTY } from '../../../protocol/index.ts';

/** Which side of the wire a schema describes. */
export type SchemaUse = 'request' | 'response';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Keywords that already say what a string may hold, so the text rule need not be added.
const CONSTRAINED = ['pattern', 'enum', 'const', '$ref', 'anyOf'];

/** A plain JSON Schema: TypeBox's own `~` keys dropped, our `rule` shown as the description. */
export function toJsonSchema(schema: unknown, use: SchemaUse = 'response'): unknown {
  if (Array.isArray(schema)) return schema.map((item) => toJsonSchema(item, use));
  if (!isObject(schema)) return schema;
  const out: Json = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('~') || key === 'jsonSchema') continue;
    if (key === 'rule') {
      if (!('description' in schema)) out.description = value;
      continue;
    }
    out[key] = toJsonSchema(value, use);
  }
  if (use === 'response') return out;
  if (isObject(schema.jsonSchema)) Object.assign(out, toJsonSchema(schema.jsonSchema, use));
  // Every string of a body is text a store can keep (no NUL, no lone surrogate), whatever its field.
  if (out.type === 'string' && !CONSTRAINED.some((k) => k in out))
    out.pattern = typeof out.minLength === 'number' && out.minLength > 0 ? TEXT_PATTERN_NOT_EMPTY : TEXT_PATTERN;
  return out;
}
