/**
 * ClientAsk's [ext] `locale` — the language the visitor reads, as their widget says it — through
 * the real service to a model server on loopback: the model is told to answer in the question's
 * language, and in the visitor's when the question does not tell; AIResponseLanguage, when the
 * owner set it, wins; a locale that is not a language tag is a 400 naming the field.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../../../src/client/index.ts';
import { createEngines } from '../../../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../../../src/server/engines/answer/offline.ts';
import { createOpenAiEngine } from '../../../../src/server/engines/model/openai.ts';
import { startFakeModelServer, textOf, type FakeModelServer } from '../../../support/fake-model-server.ts';
import { startService, type TestService } from '../../../support/service.ts';

const MODEL = 'fake-model';
let fake: FakeModelServer;
let service: TestService;

beforeAll(async () => {
  fake = await startFakeModelServer();
  service = await startService({
    engines: createEngines(createOfflineEngine(), {
      model: MODEL,
      engine: createOpenAiEngine({ baseUrl: fake.baseUrl, model: MODEL, tools: 'off' }),
    }),
  });
});
afterAll(async () => {
  await service?.close();
  await fake?.close();
});
beforeEach(() => fake.reset());

async function ask(serial: string, content: string, locale?: string | null) {
  const { client, sessionId } = await service.visitor(serial);
  return client.ask({
    sessionID: sessionId,
    content,
    clientMessageId: crypto.randomUUID(),
    ...(locale === undefined ? {} : { locale }),
  });
}

const systemPrompt = () => textOf(fake.requests.at(-1)!.body.messages[0]);

describe('the visitor’s locale', () => {
  it('reaches the model: the question’s language first, the visitor’s when the question does not tell', async () => {
    const serial = await service.newChatbot({ AIResponseLanguage: '' });
    await ask(serial, 'hola', 'es-MX');
    const system = systemPrompt();
    expect(system).toContain("Answer in the language of the visitor's question");
    expect(system).toContain('their page is in Mexican Spanish');
  });

  it('is not named when the widget does not send it (or sends null)', async () => {
    const serial = await service.newChatbot({ AIResponseLanguage: '' });
    await ask(serial, 'hello');
    expect(systemPrompt()).not.toContain('their page is in');
    await ask(serial, 'hello', null);
    expect(systemPrompt()).not.toContain('their page is in');
  });

  it('gives way to the owner’s AIResponseLanguage', async () => {
    const serial = await service.newChatbot({ AIResponseLanguage: 'French' });
    await ask(serial, 'hola', 'es-MX');
    const system = systemPrompt();
    expect(system).toContain('Always answer in French.');
    expect(system).not.toContain('Mexican Spanish');
  });

  it('that is not a language tag is refused with the field and its rule, and nothing is asked', async () => {
    const serial = await service.newChatbot();
    for (const bad of ['es_MX', 'español', 'e', `es-${'x'.repeat(70)}`]) {
      const error = await ask(serial, 'hola', bad).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).message).toMatch(/"locale" must be a language tag such as "es-MX"/);
    }
    expect(fake.requests).toHaveLength(0);
  });
});
