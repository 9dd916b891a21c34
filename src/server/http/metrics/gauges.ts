/**
 * The queues, read at each scrape rather than kept up to date: the outbox (a count in the
 * database), the offline engine's pace queue (engines/answer/pace.ts) and the database pool's waiting statements
 * (store/db-time.ts), the time of each database statement as the store reports it, and what the
 * listing catalogs hold.
 */
import { Gauge, Histogram, type Registry } from 'prom-client';
import { OFFLINE_MODEL, type Engines } from '../../engines/index.ts';
import type { Db } from '../../store/db.ts';
import type { DbTime } from '../../store/db-time.ts';
import { MAX_ATTEMPTS, unsentCount } from '../../store/outbox.ts';

/** What the gauges read. */
export interface MetricSources {
  db: Db;
  engines: Engines;
  /** The store's statement times (store/db-time.ts); no database times without it. */
  dbTime?: DbTime | undefined;
  /** What the listing catalogs hold (store/listing-search.ts `ListingCatalogs`). */
  listings?: { readonly held: { chatbots: number; bytes: number } } | undefined;
}

/** How long a scrape waits for the outbox's count: past it, the gauge is not a number (NaN) rather than the scrape late. */
const SCRAPE_READ_MS = 2_000;

/** Registers them on `registry`; returns how to stop hearing the store. */
export function queueMetrics(registry: Registry, sources: MetricSources): () => void {
  const registers = [registry];
  // Registered first, so read first: before this scrape's own statements (the outbox's) wait for a connection.
  const { dbTime } = sources;
  let stopTimes = () => undefined as void;
  if (dbTime) {
    new Gauge({
      name: 'chatbot_database_waiting',
      help: 'Statements waiting for a free database connection (the PostgreSQL pool is busy; 0 on the embedded database).',
      registers,
      collect() {
        this.set(dbTime.waiting());
      },
    });
    const statements = new Histogram({
      name: 'chatbot_database_seconds',
      help: 'Time a statement, or a transaction as a whole, held a database connection.',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      registers,
    });
    stopTimes = dbTime.listen((seconds) => statements.observe(seconds));
  }
  new Gauge({
    name: 'chatbot_pace_waiting',
    help: "Answers waiting for a turn of the event loop (the offline engine's pace queue).",
    registers,
    collect() {
      this.set(sources.engines.engineFor(OFFLINE_MODEL).waiting?.() ?? 0);
    },
  });
  const { listings } = sources;
  if (listings) {
    new Gauge({
      name: 'chatbot_listing_vocabularies',
      help: "Chatbots whose listings' vocabulary this process holds (the least recently asked go first past the bytes allowed).",
      registers,
      collect() {
        this.set(listings.held.chatbots);
      },
    });
    new Gauge({
      name: 'chatbot_listing_vocabularies_bytes',
      help: 'What those vocabularies and their remembered searches are counted as, in bytes (at most 64 MiB a process).',
      registers,
      collect() {
        this.set(listings.held.bytes);
      },
    });
  }
  // Every instance reads the one outbox: across WORKERS, one worker's count is the count.
  const unsent = (name: string, help: string, tried: 'pending' | 'failed') =>
    new Gauge({
      name,
      help: `${help} (NaN: the database did not answer within ${SCRAPE_READ_MS} ms).`,
      registers,
      aggregator: 'first',
      async collect() {
        this.set(await within(SCRAPE_READ_MS, unsentCount(sources.db, tried)).catch(() => Number.NaN));
      },
    });
  unsent('chatbot_outbox_pending', 'Emails not sent yet, to be tried again', 'pending');
  unsent('chatbot_outbox_failed', `Emails given up on after ${MAX_ATTEMPTS} attempts`, 'failed');

  return stopTimes;
}

/** `promise`, or a rejection once `ms` have passed. */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}
