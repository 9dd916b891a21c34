/** Responses read as data only: a page's polluted Object.prototype is never a field of one. */
import { afterEach, describe, expect, it } from 'vitest';
import { parseJson } from '../../src/client/json.ts';
import { interpret } from '../../src/client/stream.ts';

const POLLUTED = { Answer: 'POLLUTED', QuestionID: 1, AnswerID: 2, Success: true, Data: {}, Message: 'POLLUTED' };

function pollute(): void {
  for (const [k, v] of Object.entries(POLLUTED))
    Object.defineProperty(Object.prototype, k, { value: v, enumerable: true, configurable: true, writable: true });
}
afterEach(() => {
  for (const k of Object.keys(POLLUTED)) delete (Object.prototype as Record<string, unknown>)[k];
});

describe('parseJson', () => {
  it('reads what JSON.parse reads, objects without a prototype', () => {
    const value = parseJson('{"a":{"b":[1,{"c":null}]},"__proto__":{"x":1}}') as Record<string, unknown>;
    expect(JSON.stringify(value)).toBe('{"a":{"b":[1,{"c":null}]},"__proto__":{"x":1}}');
    expect(Object.getPrototypeOf(value)).toBeNull();
    expect(Object.getPrototypeOf((value.a as { b: object[] }).b[1])).toBeNull();
    expect(Array.isArray((value.a as { b: unknown }).b)).toBe(true);
    expect((value as { x?: unknown }).x).toBeUndefined();
  });

  it('sees no field a polluted Object.prototype adds', () => {
    pollute();
    const envelope = parseJson('{"Code":200}') as Record<string, unknown>;
    expect([envelope.Success, envelope.Data, envelope.Message]).toEqual([undefined, undefined, undefined]);
  });
});

describe('an answer stream on a page that polluted Object.prototype', () => {
  it('still reads a fragment as a fragment, not as the final object', () => {
    pollute();
    expect(interpret({ event: '', data: '{"content":"Hello"}', id: '', retry: undefined } as never, 200)).toEqual({
      kind: 'fragment',
      content: 'Hello',
    });
  });
});
