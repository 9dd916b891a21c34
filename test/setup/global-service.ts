/**
 * The real reference service for the browser tests (PGlite in memory), with two engines: the
 * offline one, and "scripted" — the OpenAI-compatible engine in front of a fake model server whose
 * replies a test scripts through the control server. Tests get `apiOrigin`, an owner `apiKey`,
 * a chatbot (`serialNumber`) and `controlOrigin` through `inject`.
 */
import type { TestProject } from 'vitest/node';
import { createEngines } from '../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../src/server/engines/answer/offline.ts';
import { createOpenAiEngine } from '../../src/server/engines/model/openai.ts';
import { startControlServer } from '../support/control-server.ts';
import { startFakeModelServer } from '../support/fake-model-server.ts';
import { startService } from '../support/service.ts';
import { lexicon } from '../support/lexicon.ts';

export default async function setup(project: TestProject) {
  const model = await startFakeModelServer();
  const engines = createEngines(createOfflineEngine(), {
    model: 'scripted',
    engine: createOpenAiEngine({ baseUrl: model.baseUrl, model: 'scripted' }),
  });
  // The browser tests ask in every language: each dictionary is decoded before they start, not in the
  // time a test waits for an answer (a decode holds the service's thread for up to 1.4 s, more on a busy machine).
  lexicon.warm(['en', 'es', 'fr', 'de', 'pt', 'ar']);
  const service = await startService({ engines });
  const control = await startControlServer(service, model);
  project.provide('apiOrigin', service.origin);
  project.provide('apiKey', service.apiKey);
  project.provide('controlOrigin', control.origin);
  project.provide('serialNumber', await service.newChatbot({ Name: 'Browser test bot', Model: 'offline' }));
  return async () => {
    await control.close();
    await service.close();
    await model.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiOrigin: string;
    apiKey: string;
    serialNumber: string;
    controlOrigin: string;
  }
}
