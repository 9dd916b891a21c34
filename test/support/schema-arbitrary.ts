/**
 * Request bodies drawn from /openapi.json's schemas, the way a schema-driven tester draws them:
 * values that keep each keyword (a pattern through fast-check's stringMatching, a branch of a
 * oneOf), and the same bodies broken in one place — a required field dropped, an unknown one
 * added, a value of another type, a text one character too long, a number past its bound. Which
 * of them the document accepts is not decided here but by the document (test/support/openapi.ts).
 */
import fc from 'fast-check';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const num = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/** Optional properties a body gets at most, and items an array: small bodies, each about a few fields. */
const FEW = 3;

const day = fc
  .date({ min: new Date('2000-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

function stringOf(s: Json): fc.Arbitrary<string> {
  const min = num(s.minLength, 0);
  const max = num(s.maxLength, Number.MAX_SAFE_INTEGER);
  const fits = (v: string) => v.length >= min && v.length <= max;
  const drawn =
    typeof s.pattern === 'string'
      ? fc.stringMatching(new RegExp(s.pattern, 'u'))
      : fc.string({ minLength: min, maxLength: Math.min(max, 24) });
  return (s.format === 'date' ? fc.oneof(day, drawn) : drawn).filter(fits);
}

/**
 * A property's schema within one branch of its object's oneOf: the branch's keywords win, on the
 * base's alternative of the same type (so an Image question's fileIds keep their items).
 */
function within(base: Json, branch: Json | undefined): Json {
  if (!branch) return base;
  const { anyOf, enum: _e, const: _c, ...rest } = base;
  if (!['type', 'enum', 'const', 'anyOf'].some((k) => k in branch)) return { ...base, ...branch };
  const fit = Array.isArray(anyOf) ? anyOf.find((b) => isObject(b) && b.type === branch.type) : undefined;
  return { ...rest, ...(isObject(fit) ? fit : {}), ...branch };
}

function objectOf(s: Json): fc.Arbitrary<Json> {
  const properties = (s.properties ?? {}) as Record<string, Json>;
  const branches = Array.isArray(s.oneOf) ? (s.oneOf as Json[]) : [{}];
  return fc.nat({ max: branches.length - 1 }).chain((i) => {
    const branch = branches[i]!;
    const own = (branch.properties ?? {}) as Record<string, Json>;
    const required = new Set([...((s.required as string[]) ?? []), ...((branch.required as string[]) ?? [])]);
    const optional = Object.keys(properties).filter((k) => !required.has(k));
    return fc.subarray(optional, { maxLength: Math.min(FEW, optional.length) }).chain((picked) => {
      const keys = [...Object.keys(properties).filter((k) => required.has(k)), ...picked];
      return fc.record(Object.fromEntries(keys.map((k) => [k, valueOf(within(properties[k]!, own[k]))])));
    });
  });
}

/** A value the schema's keywords describe (a few keywords of our documents aside, which Ajv then judges). */
export function valueOf(schema: Json): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const { allOf, anyOf, oneOf, ...rest } = schema;
  if (Array.isArray(allOf)) return valueOf(Object.assign({}, rest, ...(allOf as Json[])));
  if (Array.isArray(anyOf)) return fc.oneof(...(anyOf as Json[]).map((b) => valueOf({ ...rest, ...b })));
  if (Array.isArray(oneOf) && rest.type !== 'object')
    return fc.oneof(...(oneOf as Json[]).map((b) => valueOf({ ...rest, ...b })));
  switch (rest.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: num(rest.minimum, -(2 ** 31)), max: num(rest.maximum, 2 ** 31 - 1) });
    case 'number':
      return fc.double({
        min: num(rest.minimum, -1e9),
        max: num(rest.maximum, 1e9),
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return stringOf(rest);
    case 'array': {
      const items = valueOf(isObject(rest.items) ? rest.items : {});
      const minLength = num(rest.minItems, 0);
      const maxLength = Math.max(minLength, Math.min(num(rest.maxItems, FEW), FEW));
      return rest.uniqueItems
        ? fc.uniqueArray(items, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
        : fc.array(items, { minLength, maxLength });
    }
    case 'object':
      return objectOf(schema);
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

type Break = 'drop' | 'unknown' | 'retype' | 'tooLong' | 'pastBound';
const OTHER_TYPES: unknown[] = [12.5, -1, 'text', true, [], {}, null];

/** The body broken in one place, when the schema gives that place (else unchanged). */
function broken(schema: Json, body: Json, how: Break, key: string, other: unknown, name: string): Json {
  const out = { ...body };
  const property = ((schema.properties ?? {}) as Record<string, Json>)[key];
  if (how === 'drop') delete out[((schema.required as string[]) ?? [])[0] ?? key];
  else if (how === 'unknown') out[name] = other;
  else if (how === 'retype') out[key] = other;
  else if (how === 'tooLong' && typeof property?.maxLength === 'number') out[key] = 'a'.repeat(property.maxLength + 1);
  else if (how === 'pastBound' && typeof property?.maximum === 'number') out[key] = property.maximum + 1;
  else if (how === 'pastBound' && typeof property?.minimum === 'number') out[key] = property.minimum - 1;
  return out;
}

/** Bodies of an operation: mostly as its schema describes them, often broken in one place. */
export function bodyOf(schema: Json): fc.Arbitrary<Json> {
  const valid = objectOf(schema);
  const keys = Object.keys((schema.properties ?? {}) as Json);
  if (!keys.length) return fc.oneof(valid, fc.constant({ unknown: 1 }));
  const known = new Set(keys.map((k) => k.toLowerCase()));
  const unknownName = fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((n) => !known.has(n.toLowerCase()) && n !== '__proto__');
  const how = fc.constantFrom<Break>('drop', 'unknown', 'retype', 'tooLong', 'pastBound');
  const breaking = fc
    .tuple(valid, how, fc.constantFrom(...keys), fc.constantFrom(...OTHER_TYPES), unknownName)
    .map(([body, h, key, other, name]) => broken(schema, body, h, key, other, name));
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 2, arbitrary: breaking });
}
