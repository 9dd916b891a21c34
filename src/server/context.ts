/** What every route needs, built once by app.ts and passed down: no module-level state. */
import type { AnswersSettled } from './store/answers-settled.ts';
import type { Db } from './store/db.ts';
import type { Engines } from './engines/index.ts';
import type { FileStore } from './files/file-store.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ServiceContext {
  db: Db;
  clock: Clock;
  /** HMAC key of visitor tokens and upload URLs (SESSION_SECRET). */
  secret: Buffer;
  /** Where uploaded files' bytes live (files/file-store.ts). */
  files: FileStore;
  engines: Engines;
  /** Silence after which a stream gets a `: ping` comment (API.md: 15 s). */
  pingMs: number;
  /** How long a reader may take nothing before its stream is cut (STREAM_STALL_MS; sse-reply.ts). */
  stallMs: number;
  /** Where a question asked again waits for the answer an earlier request is still writing. */
  answers: AnswersSettled;
}

/** What the background jobs (the outbox, the digests) use: they run outside requests, and in the CLI. */
export type JobContext = Pick<ServiceContext, 'db' | 'clock'>;
