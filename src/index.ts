/**
 * Entry for bundlers: `import 'chat-bot'` or `import { createClient } from 'chat-bot'`.
 * Exports the typed client and the protocol's types (types only: no schema reaches a bundle).
 */
export {
  createClient,
  ApiError,
  NetworkError,
  abortError,
  isAbortError,
  type Client,
  type ClientOptions,
  type Credentials,
  type CallOptions,
  type AskStreamItem,
  type NetworkErrorCode,
} from './client/index.ts';
export type * from './protocol/index.ts';
