/**
 * Request validation as API.md §1 wants it: property names matched case-insensitively, unknown
 * properties rejected with the field probably meant, and one Message naming the field and its rule.
 */
import type { Static, TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string; field: string | null };

type Node = TSchema & {
  rule?: string;
  type?: string;
  anyOf?: Node[];
  properties?: Record<string, Node>;
  required?: string[];
  items?: Node;
  additionalProperties?: boolean;
};
type Obj = Record<string, unknown>;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Each schema's check, compiled on its first use and kept with it: TypeBox's interpreted check took
 * ~130 ms for a 500-listing RealEstateImport, all of it holding the event loop; compiled, ~8. A
 * pure function of a schema that never changes — the same for every app in the process.
 */
const compiled = new WeakMap<TSchema, (value: unknown) => boolean>();
function fits(schema: TSchema, value: unknown): boolean {
  let check = compiled.get(schema);
  if (!check) {
    const validator = Compile(schema);
    check = (v) => validator.Check(v);
    compiled.set(schema, check);
  }
  return check(value);
}

/** Validates a parsed JSON body against an operation's schema. */
export function checkBody<S extends TSchema>(schema: S, body: unknown): Checked<Static<S>> {
  if (!isObject(body)) return { ok: false, message: 'The body must be a JSON object', field: null };
  const normalized = normalize(schema as Node, body, '');
  if (!normalized.ok) return normalized;
  if (fits(schema, normalized.value)) return { ok: true, value: normalized.value as Static<S> };
  const { field, message } = explain(schema as Node, normalized.value, '');
  return { ok: false, message, field };
}

/** The object (or array) branch of a nullable union that fits the value. */
function branchFor(schema: Node, value: unknown): Node {
  if (!schema.anyOf) return schema;
  const kind = Array.isArray(value) ? 'array' : isObject(value) ? 'object' : null;
  const fit = schema.anyOf.find((s) => (kind ? s.type === kind : s.type !== 'null'));
  return fit ? { ...fit, rule: schema.rule ?? fit.rule } : schema;
}

// An unpaired UTF-16 surrogate: text that no UTF-8 store can hold.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * text()'s rule as a JSON Schema pattern, for /openapi.json: no NUL, no unpaired surrogate (read
 * with Unicode code points, as JSON Schema's patterns are, a pair is one character and a lone
 * surrogate is not text). `TEXT_PATTERN_NOT_EMPTY` is the same for text that must not be empty,
 * which a leading byte-order mark does not make so (it is dropped).
 */
export const TEXT_PATTERN = '^[^\\u0000\\uD800-\\uDFFF]*$';
export const TEXT_PATTERN_NOT_EMPTY = '^\\uFEFF*[^\\u0000\\uD800-\\uDFFF\\uFEFF][^\\u0000\\uD800-\\uDFFF]*$';

/**
 * Text as every store can keep it: no NUL (PostgreSQL refuses it), no unpaired surrogate, and
 * no leading byte-order mark (invisible, and dropped by some readers: not content).
 */
function text(value: string, path: string): Checked<unknown> {
  const field = path || 'body';
  if (value.includes('\u0000'))
    return { ok: false, message: `"${field}" must not contain the NUL character (U+0000)`, field: path || null };
  if (LONE_SURROGATE.test(value))
    return {
      ok: false,
      message: `"${field}" must be well-formed text (it holds an unpaired surrogate)`,
      field: path || null,
    };
  return { ok: true, value: value.replace(/^\uFEFF+/, '') };
}

/** An object schema's property names by their lower case, once per schema (an import's 500 listings share one). */
const lowered = new WeakMap<object, Map<string, string>>();
function lowerNames(properties: object): Map<string, string> {
  let names = lowered.get(properties);
  if (!names) {
    names = new Map(Object.keys(properties).map((k) => [k.toLowerCase(), k]));
    lowered.set(properties, names);
  }
  return names;
}

function normalize(schema: Node, value: unknown, path: string): Checked<unknown> {
  if (typeof value === 'string') return text(value, path);
  const s = branchFor(schema, value);
  if (s.type === 'array' && s.items && Array.isArray(value)) {
    const out: unknown[] = [];
    for (const [i, item] of value.entries()) {
      const r = normalize(s.items, item, `${path}[${i}]`);
      if (!r.ok) return r;
      out.push(r.value);
    }
    return { ok: true, value: out };
  }
  if (s.type !== 'object' || !s.properties || !isObject(value)) return { ok: true, value };
  const byLower = lowerNames(s.properties);
  const out: Obj = {};
  const seen = new Map<string, string>();
  for (const [given, v] of Object.entries(value)) {
    const name = byLower.get(given.toLowerCase());
    const at = path ? `${path}.${given}` : given;
    if (!name) {
      const guess = closest(given, Object.keys(s.properties));
      const hint = guess ? ` — did you mean "${guess}"?` : '';
      return { ok: false, message: `Unknown field "${at}"${hint}`, field: at };
    }
    if (seen.has(name))
      return {
        ok: false,
        message: `Field "${name}" is given twice (as "${seen.get(name)}" and "${given}")`,
        field: name,
      };
    seen.set(name, given);
    const r = normalize(s.properties[name]!, v, path ? `${path}.${name}` : name);
    if (!r.ok) return r;
    out[name] = r.value;
  }
  return { ok: true, value: out };
}

/** Finds the first failing field, depth first in schema order, and says which rule it breaks. */
function explain(schema: Node, value: unknown, path: string): { field: string | null; message: string } {
  const s = branchFor(schema, value);
  if (s.type === 'object' && s.properties && isObject(value)) {
    const missing = (s.required ?? []).find((k) => !(k in value));
    if (missing) return at(join(path, missing), 'is required');
    for (const [k, child] of Object.entries(s.properties)) {
      if (k in value && !Value.Check(child, value[k])) return explain(child, value[k], join(path, k));
    }
  } else if (s.type === 'array' && s.items && Array.isArray(value)) {
    const arrayAlone = { ...s, items: {} } as Node;
    if (Value.Check(arrayAlone, value)) {
      const i = value.findIndex((item) => !Value.Check(s.items!, item));
      if (i >= 0) return explain(s.items, value[i], `${path}[${i}]`);
    }
  }
  const refined = Value.Errors(schema, value).find((e) => e.keyword === '~refine' && e.instancePath === '');
  if (refined && !path) return { field: null, message: refined.message };
  const rule = refined?.message ?? s.rule ?? schema.rule ?? Value.Errors(schema, value)[0]?.message ?? 'is invalid';
  // A refinement whose message differs from the static rule already describes the value itself.
  const describesValue = refined !== undefined && refined.message !== (s.rule ?? schema.rule);
  return at(path, rule, describesValue ? undefined : value);
}

function at(field: string, rule: string, value?: unknown): { field: string; message: string } {
  return { field, message: `"${field}" ${rule}${preview(value)}` };
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

function preview(value: unknown): string {
  if (value === undefined || isObject(value) || Array.isArray(value)) return '';
  const json = JSON.stringify(value);
  return ` (got ${json.length > 40 ? `${json.slice(0, 37)}…` : json})`;
}

/** The candidate within a small edit distance of `given`, or that it abbreviates (case-insensitive). */
export function closest(given: string, candidates: readonly string[]): string | null {
  const g = given.toLowerCase();
  if (g.length >= 3) {
    const prefixed = candidates.find((c) => c.toLowerCase().startsWith(g));
    if (prefixed) return prefixed;
  }
  let best: string | null = null;
  let bestDistance = Math.max(1, Math.floor(g.length / 3)) + 1;
  for (const c of candidates) {
    const d = distance(g, c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

/** Edit distance counting a swap of two neighbours as one edit (optimal string alignment). */
function distance(a: string, b: string): number {
  if (Math.abs(a.length - b.length) > 3) return Infinity;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) {
      const prev = rows[i - 1]!;
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      cur[j] = d;
    }
    rows.push(cur);
  }
  return rows[a.length]![b.length]!;
}
