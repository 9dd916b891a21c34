/**
 * One Chromium for the end-to-end lane: started once, and every file that needs no flags of its own
 * connects to it (test/support/chromium.ts launchChromium) — each page in a context of its own —
 * rather than starting a browser of its own.
 */
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from '../support/chromium.ts';

export default async function setup(project: TestProject) {
  const server = await launchChromiumServer();
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumEndpoint: string;
  }
}
