/**
 * The test side of the wire server, usable from Node and from the browser: a fresh base URL
 * per test (scenario + nonce), the requests the server saw, and releasing a gated stream.
 */
import type { RecordedRequest } from './wire-server.ts';

export interface WireScenario {
  /** Give this to createClient: every request under it plays the scenario. */
  baseUrl: string;
  requests(): Promise<RecordedRequest[]>;
  /** Requests that were not CORS preflights. */
  posts(): Promise<RecordedRequest[]>;
  /** Lets a `stream-gated` answer send its next event. */
  release(): Promise<void>;
}

let counter = 0;

export function scenario(origin: string, name: string): WireScenario {
  const nonce = `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const requests = async () => (await (await fetch(`${origin}/__requests/${nonce}`)).json()) as RecordedRequest[];
  return {
    baseUrl: `${origin}/w/${name}/${nonce}`,
    requests,
    posts: async () => (await requests()).filter((r) => r.method === 'POST'),
    release: async () => void (await fetch(`${origin}/__release/${nonce}`, { method: 'POST' })),
  };
}
