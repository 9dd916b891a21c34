/**
 * The service's metrics, what a scrape of `/metrics` reads in Prometheus' text format
 * (prom-client; served by http/metrics/scrape.ts). One registry per app, never prom-client's global one: tests
 * build many apps in one process, and two apps must not add to each other's counts; what it holds
 * (the event-loop monitor, the store's listener) is released when the app closes.
 *
 * Labels are few and bounded, so a scraper's series stay few: an operation's name or a route's
 * pattern, never an address; an engine's kind, never a model's name; a status code.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { OFFLINE_MODEL, type Engines } from '../../engines/index.ts';
import { queueMetrics, type MetricSources } from './gauges.ts';
import { processMetrics } from './process.ts';
import type { EngineKind, Metrics, Refusal } from './types.ts';

/** The engine's kind, for labels: the offline engine is whatever the model `offline` gets. */
export const engineKind = (engines: Engines, engine: unknown): EngineKind =>
  engine === engines.engineFor(OFFLINE_MODEL) ? 'offline' : 'model';

const ANSWER_BUCKETS = [0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120, 300];

export function createMetrics(sources: MetricSources): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const histogram = (name: string, help: string, buckets: number[], labelNames: string[]) =>
    new Histogram({ name, help, buckets, labelNames, registers });
  const requests = new Counter({
    name: 'chatbot_requests_total',
    help: 'Requests answered, by operation (or route) and HTTP status.',
    labelNames: ['operation', 'status'],
    registers,
  });
  const durations = histogram(
    'chatbot_request_duration_seconds',
    'Time to answer a request, to its last byte (a stream: the whole answer).',
    [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    ['operation'],
  );
  const firstFragment = histogram(
    'chatbot_answer_first_fragment_seconds',
    'From the start of an answer to its first fragment.',
    [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
    ['engine'],
  );
  const answers = histogram(
    'chatbot_answer_seconds',
    'From the start of an answer to its last fragment, by engine and outcome.',
    ANSWER_BUCKETS,
    ['engine', 'outcome'],
  );
  const engineTime = histogram(
    'chatbot_engine_seconds',
    'Time inside the engine for one answer (not waiting for the reader).',
    ANSWER_BUCKETS,
    ['engine'],
  );
  const streams = new Gauge({ name: 'chatbot_streams_open', help: 'Answer streams open now.', registers });
  const liveStreams = new Gauge({
    name: 'chatbot_live_streams_open',
    help: "Live event streams open now: the owners' (an agent present) and the visitors'.",
    labelNames: ['kind'],
    registers,
  });
  const refusals = new Counter({
    name: 'chatbot_rate_limited_total',
    help: "Requests refused with a 429, by operation and reason: a chatbot's rate (RateLimitCount) or month (MessageLimit) limit, or the service's throttle.",
    labelNames: ['operation', 'reason'],
    registers,
  });
  const reasons = new WeakMap<object, Refusal>();
  const stopQueues = queueMetrics(registry, sources);
  const stopProcess = processMetrics(registry);

  return {
    registry,
    request(request, operation, status, seconds) {
      requests.inc({ operation, status });
      durations.observe({ operation }, seconds);
      if (status === 429) refusals.inc({ operation, reason: reasons.get(request) ?? 'throttle' });
    },
    answer(engine) {
      const start = performance.now();
      let inEngine = 0;
      let first = true;
      return {
        fragment() {
          if (first) firstFragment.observe({ engine }, (performance.now() - start) / 1000);
          first = false;
        },
        async engine(step) {
          const since = performance.now();
          try {
            return await step;
          } finally {
            inEngine += performance.now() - since;
          }
        },
        done(outcome) {
          answers.observe({ engine, outcome }, (performance.now() - start) / 1000);
          engineTime.observe({ engine }, inEngine / 1000);
        },
      };
    },
    streamOpened() {
      streams.inc();
      let open = true;
      return () => {
        if (open) streams.dec();
        open = false;
      };
    },
    liveStreamOpened(kind) {
      liveStreams.inc({ kind });
      let open = true;
      return () => {
        if (open) liveStreams.dec({ kind });
        open = false;
      };
    },
    refused: (request, reason) => void reasons.set(request, reason),
    close() {
      stopQueues();
      stopProcess();
      registry.clear();
    },
  };
}
