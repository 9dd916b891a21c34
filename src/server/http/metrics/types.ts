/**
 * What the service records (index.ts makes it): the shape alone, which the service context carries
 * (http/context.ts) without importing what the metrics read.
 */
import type { Registry } from 'prom-client';

export type EngineKind = 'offline' | 'model';
export type Refusal = 'rate' | 'month' | 'throttle';

/** One answer being timed (http/generation.ts), from the start of its generation. */
export interface AnswerTiming {
  /** At each fragment sent: the first one's time is the visitor's wait for words. */
  fragment(): void;
  /** The engine's next step, its time counted as the engine's (not the reader's, who may hold it back). */
  engine<T>(step: Promise<T>): Promise<T>;
  /** At its last fragment (before its outcome is stored). */
  done(outcome: 'complete' | 'partial' | 'failed'): void;
}

export interface Metrics {
  registry: Registry;
  /** A request answered (`request`: Fastify's, to find what `refused` noted of it). */
  request(request: object, operation: string, status: number, seconds: number): void;
  answer(engine: EngineKind): AnswerTiming;
  /** An answer stream opened: counted open until the function returned is called (again: nothing). */
  streamOpened(): () => void;
  /** A live event stream opened (http/routes/live.ts), an owner's or a visitor's: counted open until the function returned is called. */
  liveStreamOpened(kind: 'owner' | 'visitor'): () => void;
  /**
   * Why `request` is refused with a 429: RateLimitCount/RateLimitTime (`rate`) or MessageLimit
   * (`month`), http/limits.ts. A 429 with no reason noted is the service's own throttle (`throttle`).
   */
  refused(request: object, reason: Refusal): void;
  close(): void;
}
