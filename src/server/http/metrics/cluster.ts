/**
 * WORKERS above 1: one scrape for the processes together. A scrape of the shared port would reach
 * one worker at random — its own counts, a different series each time — so with workers the
 * metrics are served by the primary on METRICS_PORT (start/config.ts requires it): it asks each worker
 * for its app's registry over the cluster's channel and adds them up (prom-client's `aggregate`:
 * counters and histograms summed, gauges summed unless they say otherwise — the outbox is counted
 * once, the event loop's delay is the worst). Our own small exchange rather than prom-client's
 * `clusterMetrics`, which reads a registry set module-wide and fails the whole scrape when one
 * worker is gone: here a worker that does not answer within ASK_MS is left out, and
 * `chatbot_workers_reporting` says how many answered. A worker replaced starts its counts at zero,
 * which Prometheus' `rate()` reads as a counter reset.
 */
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, Gauge, type Registry } from 'prom-client';

const ASK = 'chat-bot:metrics?';
const ANSWER = 'chat-bot:metrics';
/** How long the primary waits for each worker's numbers. */
const ASK_MS = 2_000;

type Snapshot = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;
type Asked = { type: typeof ASK; id: string };
type Answered = { type: typeof ANSWER; id: string; metrics: Snapshot };

const isMessage = <T extends { type: string; id: string }>(message: unknown, type: T['type']): message is T =>
  typeof message === 'object' &&
  message !== null &&
  (message as { type?: unknown }).type === type &&
  typeof (message as { id?: unknown }).id === 'string';

/** In a worker: answers the primary's asks with `registry`'s numbers; returns how to stop. */
export function answerPrimary(registry: Registry): () => void {
  const heard = (message: unknown) => {
    if (!isMessage<Asked>(message, ASK)) return;
    void registry
      .getMetricsAsJSON()
      .then((metrics) => process.send?.({ type: ANSWER, id: message.id, metrics } satisfies Answered));
  };
  process.on('message', heard);
  return () => void process.off('message', heard);
}

/** In the primary: every worker's numbers together, in Prometheus' text format. */
export async function workersMetrics(): Promise<string> {
  const id = randomUUID();
  const workers = Object.values(cluster.workers ?? {}).filter(
    (w): w is NonNullable<typeof w> => w !== undefined && w.isConnected(),
  );
  const answers = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<Snapshot | null>((resolve) => {
          const done = (snapshot: Snapshot | null) => {
            clearTimeout(timer);
            worker.off('message', heard);
            worker.off('exit', gone);
            resolve(snapshot);
          };
          const heard = (message: unknown) =>
            void (isMessage<Answered>(message, ANSWER) && message.id === id && done(message.metrics));
          const gone = () => done(null);
          const timer = setTimeout(gone, ASK_MS);
          worker.on('message', heard);
          worker.once('exit', gone);
          // A channel closing just now fails the send (not the primary): that worker is left out.
          worker.send({ type: ASK, id } satisfies Asked, (error) => void (error && gone()));
        }),
    ),
  );
  const answered = answers.filter((a) => a !== null);
  const together = AggregatorRegistry.aggregate(answered);
  new Gauge({
    name: 'chatbot_workers_reporting',
    help: 'Worker processes whose numbers this scrape includes.',
    registers: [together],
  }).set(answered.length);
  return together.metrics();
}
