/**
 * Starts the loopback servers every test project talks to and hands their origins to tests
 * (`inject('wireOrigin')`). The reference service of src/server plugs in here beside it.
 */
import type { TestProject } from 'vitest/node';
import { startWireServer } from '../support/wire-server.ts';

export default async function setup(project: TestProject) {
  const wire = await startWireServer();
  project.provide('wireOrigin', wire.origin);
  return () => wire.close();
}

declare module 'vitest' {
  export interface ProvidedContext {
    wireOrigin: string;
  }
}
