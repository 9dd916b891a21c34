/**
 * Starts the real reference service for the browser tests (PGlite in memory) and hands them its
 * origin, an owner API key and a chatbot (`inject('apiOrigin')`, `inject('apiKey')`, `inject('serialNumber')`).
 */
import type { TestProject } from 'vitest/node';
import { startService } from '../support/service.ts';

export default async function setup(project: TestProject) {
  const service = await startService();
  project.provide('apiOrigin', service.origin);
  project.provide('apiKey', service.apiKey);
  project.provide('serialNumber', await service.newChatbot({ Name: 'Browser test bot' }));
  return () => service.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiOrigin: string;
    apiKey: string;
    serialNumber: string;
  }
}
