/**
 * What every route needs, built once per app by http/app.ts and passed down: no module-level state —
 * caches, timers and prepared statements are the app's, released by its onClose.
 */
import type { AnswersSettled } from '../store/answers-settled.ts';
import type { LiveBus } from '../store/live-bus.ts';
import type { LeaseHolder } from '../store/answer-lease.ts';
import type { ListingCatalogs } from '../store/listing-search.ts';
import type { Reads } from '../store/messages.ts';
import type { Db } from '../store/db.ts';
import type { Urgency } from '../store/pglite/urgency.ts';
import type { Engines } from '../engines/index.ts';
import type { Lexicon } from '../engines/languages/lexicon.ts';
import type { FileStore } from '../files/file-store.ts';
import type { Throttles } from './throttle.ts';
import type { Metrics } from './metrics/types.ts';
import type { Shutdown } from './shutdown.ts';
import type { KnowledgeSyncer } from '../knowledge/sync.ts';
import type { PassageEmbedder } from '../knowledge/embed.ts';
import type { KnowledgeVectors } from '../store/knowledge.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface ServiceContext {
  /** Which statements go first on the embedded database: a question's, before its first words (store/pglite/urgency.ts). */
  urgency: Urgency;
  db: Db;
  /** Every question's reads, prepared once (store/messages.ts). */
  reads: Reads;
  /** The chatbots' listings for the answer engines: searched in the database, their vocabulary held per version (store/listing-search.ts). */
  listings: ListingCatalogs;
  /** The leases of the answers this app writes, renewed together (store/answer-lease.ts). */
  leases: LeaseHolder;
  clock: Clock;
  /** HMAC key of visitor tokens and upload URLs (SESSION_SECRET). */
  secret: Buffer;
  /** Where uploaded files' bytes live (files/file-store.ts). */
  files: FileStore;
  engines: Engines;
  /** The languages' dictionaries the engines read questions with (engines/languages/lexicon.ts). */
  lexicon: Lexicon;
  /** Silence after which a stream gets a `: ping` comment (API.md: 15 s). */
  pingMs: number;
  /** How long a reader may take nothing before its stream is cut (STREAM_STALL_MS; http/sse-reply.ts). */
  stallMs: number;
  /** Where a question asked again waits for the answer an earlier request is still writing. */
  answers: AnswersSettled;
  /** Where live events reach this app's streams, raised on any instance (store/live-bus.ts). */
  live: LiveBus;
  /** An agent's hold without a reply for this long is released by itself (AGENT_IDLE_MINUTES). */
  agentIdleMs: number;
  /** The event streams open on this app, renewed together (http/routes/live.ts). */
  liveStreams: Set<string>;
  /** The bounds of the visitor operations other than ClientAsk (http/throttle.ts; THROTTLE). */
  throttles: Throttles;
  /** [ext] PUBLIC_URL: where the service is reached; emails link to the console with it (a path alone without it). */
  publicUrl?: string;
  /** What reads the owner's pages, sitemaps and documents into the knowledge, in the background (knowledge/sync.ts). */
  knowledge: KnowledgeSyncer;
  /** With an embedding model (LLM_EMBEDDING_MODEL): how questions are compared with the passages by meaning, and what embeds the passages. */
  vectors?: KnowledgeVectors;
  embedding?: PassageEmbedder;
  /** What this app counts and times, for /metrics (http/metrics/index.ts). */
  metrics: Metrics;
  /** Whether the app drains for a shutdown, and the answer streams it ends when the drain time is over (http/shutdown.ts). */
  shutdown: Shutdown;
  /**
   * Chatbots that serve no visitor — to a page, a visitor token or no credential they do not exist
   * (404) — while their owner still reads them: the demo chatbot an earlier start made, with DEMO off.
   */
  notServed: ReadonlySet<string>;
}
