/**
 * /openapi.json on its own, no service: every status of every operation in the envelope of that
 * status, links that lead somewhere, and request schemas that refuse what the code refuses where
 * the two could part. The fuzzer (fuzz.test.ts) then holds the running service to the document.
 */
import { describe, expect, it } from 'vitest';
import { OPERATIONS, OPERATION_NAMES, checkBody, type OperationName } from '../../../src/protocol/index.ts';
import { readContract, type Json } from '../../support/openapi.ts';

const contract = readContract();
const NAMES = [...OPERATION_NAMES, 'Upload', 'GetFile'];
const SERIAL = '0f9c2a6b8e4d4c1fa3b7d5e6f8091a2b';
const failure = (status: number, Data: unknown = null) => ({
  status,
  contentType: 'application/json; charset=utf-8',
  text: JSON.stringify({ Data, Version: '1.0.0', Success: false, Code: status, Message: 'What was wrong' }),
});
const linksOf = (name: string) =>
  (contract.operation(name).responses['200']?.links ?? {}) as Record<
    string,
    { operationId: string; parameters?: Json; requestBody?: Json }
  >;

describe('the OpenAPI document', () => {
  it('gives every operation the failures it can answer, each in the envelope of its status', () => {
    for (const name of NAMES) {
      const keys = Object.keys(contract.operation(name).responses);
      expect(keys, `${name}: no failure left to a "default"`).not.toContain('default');
      const statuses = keys.map(Number);
      expect(statuses, name).toEqual(
        expect.arrayContaining([
          // A booking's token in the body is its operations' credential: no header is read.
          ...(name === 'ViewingCancel' || name === 'ViewingReschedule' ? [404, 429] : [401]),
          500,
          503,
          ...(name === 'ModelList' ? [] : [400]),
          ...(name === 'ModelList' || name === 'GetFile' ? [] : [413]),
        ]),
      );
      for (const status of statuses.filter((s) => s >= 400)) {
        expect(contract.answerErrors(name, failure(status)), `${name} ${status}`).toEqual([]);
        const other = failure(status);
        other.text = other.text.replace(`"Code":${status}`, '"Code":418');
        expect(contract.answerErrors(name, other), `${name} ${status} with another Code`).not.toEqual([]);
      }
    }
    expect(contract.answerErrors('RealEstateUpdate', failure(404, 0)), 'API.md: no listing matched, Data 0').toEqual(
      [],
    );
    expect(contract.answerErrors('Get', failure(404, 0))).not.toEqual([]);
    expect(contract.answerErrors('GetSession', failure(429, { RetryAfter: 30 }))).toEqual([]);
  });

  it('has the read of a file (API.md §3.7): its bytes, a range of them, and each failure in the envelope', () => {
    const op = contract.operation('GetFile');
    expect(`${op.method} ${op.path}`).toBe('get /chat/File/{id}');
    expect(Object.keys(op.responses).map(Number)).toEqual([200, 206, 400, 401, 403, 404, 416, 500, 503]);
    for (const status of [200, 206])
      expect(Object.keys(op.responses[status]!.content!)).toEqual(
        expect.arrayContaining(['image/png', 'image/jpeg', 'audio/wav', 'video/mp4']),
      );
    expect(contract.answerErrors('GetFile', { status: 200, contentType: 'image/png', text: '' })).toEqual([]);
    expect(contract.answerErrors('GetFile', { status: 200, contentType: 'text/html', text: '' })).not.toEqual([]);
    expect(contract.answerErrors('GetFile', failure(416))).toEqual([]);
    expect(contract.answerErrors('GetFile', failure(413))).not.toEqual([]);
  });

  it('links operations by fields the answer and the next request both have', () => {
    const has = (schema: unknown, path: string): boolean =>
      path
        .split('/')
        .slice(1)
        .reduce<unknown[]>(
          (at, key) =>
            at.flatMap((s) => branches(s)).flatMap((s) => [(s.properties as Json | undefined)?.[key]].filter(Boolean)),
          [schema],
        ).length > 0;
    for (const name of NAMES) {
      const op = contract.operation(name);
      for (const [title, link] of Object.entries(linksOf(name))) {
        const target = contract.operation(link.operationId);
        const at = `${name} → ${title}`;
        const expressions =
          JSON.stringify({ ...link.requestBody, ...link.parameters }).match(/\$(request|response)\.body#[^"]*/g) ?? [];
        for (const expression of expressions) {
          const [, side, path] = /^\$(request|response)\.body#(.*)$/.exec(expression)!;
          const schema =
            side === 'request' ? contract.bodySchema(name) : op.responses['200']?.content?.['application/json']?.schema;
          expect(has(schema, path!), `${at}: ${expression}`).toBe(true);
        }
        for (const field of Object.keys(link.requestBody ?? {}))
          expect(Object.keys(contract.bodySchema(link.operationId).properties as Json), at).toContain(field);
        for (const parameter of Object.keys(link.parameters ?? {}))
          expect(
            (target as { parameters?: { name: string }[] }).parameters?.map((p) => p.name),
            at,
          ).toContain(parameter);
      }
    }
  });

  it('links the steps a stateful tester chains: a session to questions, an upload to its check, a listing to its reads and writes', () => {
    const pairs = NAMES.flatMap((name) => Object.values(linksOf(name)).map((l) => `${name} → ${l.operationId}`));
    expect(pairs).toEqual(
      expect.arrayContaining([
        'GetSession → ClientAsk',
        'GetPreUploadUrl → Upload',
        'Upload → UploadSuccess',
        'UploadSuccess → GetFile',
        'RealEstateCreate → RealEstateGet',
        'RealEstateCreate → RealEstateUpdate',
        'RealEstateCreate → RealEstateDelete',
      ]),
    );
  });

  // Bodies where the document and the code could part: each accepted by both or refused by both.
  const CASES: [OperationName, Json][] = [
    ...['2024-02-29', '2023-02-29', '2024-13-01', '24-01-01', '2024-01-01T00:00:00Z', '２０２４-01-01'].map(
      (From): [OperationName, Json] => ['Insights', { SerialNumber: SERIAL, From, To: '2024-03-01' }],
    ),
    ...['ana@example.com', 'a@b', '', 'no-at-sign', 'a b@c.com', 'a@b..c', `a@${'b'.repeat(260)}`].map(
      (email): [OperationName, Json] => ['TalkToHuman', { sessionID: 1, email }],
    ),
    ...[
      'https://x.example/p',
      '',
      'HTTP://X.EXAMPLE',
      'ftp://x.example',
      'javascript:alert(1)',
      'http://',
      'http://a b',
      `https://x.example/${'a'.repeat(2000)}`,
    ].map((url): [OperationName, Json] => ['Edit', { serialNumber: SERIAL, ChatbotPrivacyPolicyUrl: url }]),
    ...['Español', '', 'C++', 'a'.repeat(51)].map((language): [OperationName, Json] => [
      'Edit',
      { serialNumber: SERIAL, AIResponseLanguage: language },
    ]),
    ...['America/New_York', 'UTC', 'Mars/Olympus', ''].map((zone): [OperationName, Json] => [
      'Edit',
      { serialNumber: SERIAL, TimeZone: zone },
    ]),
    ...['Oak', 'a\u0000b', '\ud800', '\ufeff', '😀'].map((name): [OperationName, Json] => [
      'Edit',
      { serialNumber: SERIAL, Name: name },
    ]),
    ['ClientAsk', { sessionID: 1, content: 'hi' }],
    ['ClientAsk', { sessionID: 1, content: ' \n' }],
    ['ClientAsk', { sessionID: 1, content: 'hi', fileIds: [1] }],
    ['ClientAsk', { sessionID: 1, content: '', chatAskType: 'Image', fileIds: [1, 2] }],
    ['ClientAsk', { sessionID: 1, content: 'look', chatAskType: 'Image' }],
    ['ClientAsk', { sessionID: 1, content: '', chatAskType: 'Audio', fileIds: [1, 2] }],
    ['ClientAsk', { sessionID: 1, content: '', chatAskType: 'Video', fileIds: [3] }],
    ['Feedback', { sessionID: 1, answerID: 2, rating: 'down', reasons: ['incorrect'], comment: 'Wrong city' }],
    ['Feedback', { sessionID: 1, answerID: 2, rating: 'up', reasons: ['incorrect'] }],
    ['Feedback', { sessionID: 1, answerID: 2, rating: 'up', comment: '  ' }],
    ['Feedback', { sessionID: 1, answerID: 2, rating: null, comment: 'x' }],
  ];

  it('refuses the bodies the service refuses, and accepts the ones it accepts', () => {
    for (const [name, body] of CASES) {
      const code = checkBody(OPERATIONS[name].body!, body);
      expect(
        contract.bodyErrors(name, body).length === 0,
        `${name} ${JSON.stringify(body)}: the code says ${code.ok ? 'yes' : code.message}`,
      ).toBe(code.ok);
    }
  });
});

function branches(schema: unknown): Json[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Json;
  return [
    s,
    ...['anyOf', 'oneOf', 'allOf'].flatMap((k) => (Array.isArray(s[k]) ? (s[k] as unknown[]).flatMap(branches) : [])),
  ];
}
