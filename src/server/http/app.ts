/** The reference service as a Fastify app: the API, the widget's files, the console, and a site given to it (the demo's). Nothing here listens (main.ts does). */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { LIMITS } from '../../protocol/index.ts';
import { systemClock, type Clock, type ServiceContext } from './context.ts';
import type { Engines } from '../engines/index.ts';
import { answerClientErrors, answerServerRefusals, requireHost } from './client-errors.ts';
import { installErrorHandling, installJsonParsing, invalid, sendFailure } from './envelope.ts';
import { diskStore } from '../files/disk-store.ts';
import { PARTIAL_IDLE_MS, PARTIAL_SWEEP_MS, type FileStore } from '../files/file-store.ts';
import { packageRoot } from './package-root.ts';
import { openApiDocument } from './openapi/document.ts';
import { installCors } from './origins.ts';
import { chatbotRoutes } from './routes/chatbot.ts';
import { chatRoutes } from './routes/chat.ts';
import { fileRoutes } from './routes/files.ts';
import { inboxRoutes } from './routes/inbox.ts';
import { conversationRoutes } from './routes/conversations.ts';
import { feedbackRoutes } from './routes/feedback.ts';
import { listingRoutes } from './routes/listings.ts';
import { knowledgeRoutes } from './routes/knowledge.ts';
import { createFetcher } from '../knowledge/fetch.ts';
import { knowledgeSyncer } from '../knowledge/sync.ts';
import { passageEmbedder } from '../knowledge/embed.ts';
import { extractionThread } from '../knowledge/extract-thread.ts';
import type { Embedder } from '../engines/model/embeddings.ts';
import { createLexicon, type Lexicon } from '../engines/languages/lexicon.ts';
import { ARRAY_SCAN, vectorMode } from '../store/knowledge-vectors.ts';
import type { KnowledgeVectors } from '../store/knowledge.ts';
import { PING_MS, STALL_MS } from './sse-reply.ts';
import { serverTimeouts, TIMEOUTS, type Timeouts } from './timeouts.ts';
import { loggerOptions, type LogDestination, type LogLevel } from './logging.ts';
import { healthRoutes } from './probes.ts';
import { installShutdown } from './shutdown.ts';
import { DEFAULT_THROTTLES, sweepThrottles, type Throttles } from './throttle.ts';
import { createMetrics } from './metrics/index.ts';
import { installMetrics } from './metrics/scrape.ts';
import { LeaseHolder, SWEEP_MS, sweepLapsed } from '../store/answer-lease.ts';
import { answersSettled, type AnswersSettled } from '../store/answers-settled.ts';
import { liveBus, type LiveBus } from '../store/live-bus.ts';
import { AGENT_IDLE_MINUTES, LIVE_SWEEP_MS, liveRoutes, sweepLive } from './routes/live.ts';
import { viewingRoutes } from './routes/viewings.ts';
import { viewingPages } from './viewing-page.ts';
import { sendViewingReminders } from '../mail/viewing-mail.ts';
import type { Db } from '../store/db.ts';
import type { DbTime } from '../store/db-time.ts';
import { ListingCatalogs } from '../store/listing-search.ts';
import { embeddedUpkeep, UPKEEP_MS } from '../store/pglite/upkeep.ts';
import { setTimeout as delay } from 'node:timers/promises';
import { urgencyOf } from '../store/pglite/urgency.ts';
import { prepareReads } from '../store/messages.ts';

/** Whose X-Forwarded-For / -Proto / -Host to believe: none, every hop, a count of hops, or their addresses (Fastify's trustProxy). */
export type TrustProxy = boolean | number | string;

/**
 * A website served at `/` beside the service — the demo agency's (demo/site.ts) — given the app, its
 * context and where the build's files are (dist/). It serves its files with the reply's `sendFile`.
 */
export type Site = (app: FastifyInstance, ctx: ServiceContext, widgetDir: string) => Promise<void>;

export interface AppOptions {
  db: Db;
  /** HMAC key of visitor tokens (SESSION_SECRET). */
  secret: Buffer;
  /** Uploaded files go to `dataDir/files`, unless `files` says where. */
  dataDir: string;
  /** Where uploaded files' bytes live (FILES_URL; files/stores.ts); the disk in `dataDir` without it. */
  files?: FileStore;
  engines: Engines;
  clock?: Clock;
  /** Whose X-Forwarded-For / -Proto / -Host to believe (TRUST_PROXY, start/config.ts): none unless given. */
  trustProxy?: TrustProxy;
  /** Where the built widget is (dist/): `/chat-bot.js` and its lazy chunks are served from it. */
  widgetDir?: string;
  /** A site at `/` (DEMO: the demo agency's, demo/site.ts); without one, `/` leads to the console. */
  site?: Site;
  /**
   * Chatbots that serve no visitor — to a page, a visitor token or no credential they do not exist
   * (404) — while their owner still reads them: with DEMO off, the demo chatbot an earlier start made.
   */
  notServed?: readonly string[];
  /** The log (http/logging.ts): its level, and where its lines go (standard output unless given); none without it. */
  logger?: false | { level: LogLevel; destination?: LogDestination };
  /** Silence after which a stream gets a `: ping` comment; 15 s unless a test wants it sooner. */
  pingMs?: number;
  /** STREAM_STALL_MS: how long a visitor's stream may take nothing before it is cut (default 60 s). */
  stallMs?: number;
  /** How long a connection may take over a request's parts (http/timeouts.ts); the defaults unless a test wants them sooner. */
  timeouts?: Partial<Timeouts>;
  /**
   * Where a question asked again waits for its answer still being written: the store's
   * (`store.answers`), which on PostgreSQL also hears the other instances; without it, this app's own.
   */
  answers?: AnswersSettled;
  /** Where live events reach this app's streams (`store.live`; store/live-bus.ts); without it, this app's own. */
  live?: LiveBus;
  /** How long an agent's hold lasts without a reply before the assistant answers again (AGENT_IDLE_MINUTES). */
  agentIdleMinutes?: number;
  /** The visitor operations' throttles (http/throttle.ts; THROTTLE): the defaults unless given. */
  throttles?: Throttles;
  /** PUBLIC_URL, when set: the service's links (upload URLs, files, the console in emails) are made from it. */
  publicUrl?: string;
  /**
   * `/metrics` on this app's port (http/metrics/scrape.ts): with `token`, only for a scrape bearing it
   * (METRICS_TOKEN); `{}`, for anyone (a test's). Without it, or `false`, no route: the numbers are
   * still kept, in `app.metrics`, for main.ts to serve on METRICS_PORT.
   */
  metrics?: { token?: string | undefined } | false;
  /** The store's statement times (`store.time`), for the database metrics; none without it. */
  dbTime?: DbTime;
  /**
   * How the owner's pages are fetched (knowledge/fetch.ts): `allowPrivate` lets the service read
   * private, loopback and link-local addresses (KNOWLEDGE_FETCH_PRIVATE, for development); its own
   * origin (`ownOrigin`, PUBLIC_URL: the demo's site is served by the service) it reads always.
   */
  knowledgeFetch?: { allowPrivate?: boolean; ownOrigin?: string };
  /**
   * The model server's embeddings (LLM_EMBEDDING_MODEL: engines/model/embeddings.ts): the owner's
   * passages are embedded in the background and questions compared with them by meaning too.
   */
  embeddings?: Embedder;
  /**
   * The languages' dictionaries the engines read questions with (engines/languages/lexicon.ts); the
   * app makes its own when not given (a test process gives every app one, read once).
   */
  lexicon?: Lexicon;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const root = packageRoot();
  const widgetDir = options.widgetDir ?? join(root, 'dist');
  const timeouts = { ...TIMEOUTS, ...options.timeouts };
  const server = serverTimeouts(timeouts);
  const app: FastifyInstance = Fastify({
    logger: options.logger ? loggerOptions(options.logger.level, options.logger.destination) : false,
    // Each request's id, in its log lines (reqId) and in its response (x-request-id).
    genReqId: () => randomUUID(),
    // What Fastify refuses before any route (an address that is not valid percent-encoding): in the
    // envelope like every other error, and without the address, whose query may hold a token.
    // Its id goes back and into the log, as for every request (the hooks that do it run after routing).
    frameworkErrors: (error, req, reply) => {
      reply.header('x-request-id', req.id);
      req.log.info({ code: error.code }, 'request refused before routing');
      return sendFailure(
        reply,
        error.code === 'FST_ERR_BAD_URL'
          ? invalid('The address is not valid: it has a "%" that is not followed by two hexadecimal digits of UTF-8')
          : invalid('The request is not valid HTTP for this service'),
      );
    },
    // What Node refuses before Fastify sees a request (unreadable, too large, too slow): the envelope too.
    clientErrorHandler: answerClientErrors(timeouts, () => app.log),
    forceCloseConnections: true,
    bodyLimit: LIMITS.jsonBodyBytes,
    ...server,
    // Node's own Host check answers without the envelope: requireHost (http/client-errors.ts) makes it.
    http: { ...server.http, requireHostHeader: false },
    // A hop count as the function proxy-addr makes of one (Fastify's types take no number).
    trustProxy: typeof options.trustProxy === 'number' ? trustHops(options.trustProxy) : (options.trustProxy ?? false),
    // Numeric ids and keys in URLs, no surprises: /chat/File/12 and /chat/File/12/ are the same.
    routerOptions: { ignoreTrailingSlash: true },
  });
  const listings = new ListingCatalogs(options.db);
  const files = options.files ?? diskStore(join(options.dataDir, 'files'));
  // The owner's pages and documents read into text away from the visitors' thread.
  // Closed by the syncer, once the reading it may be doing is over (knowledge/sync.ts close).
  const extractor = extractionThread();
  const ctx: ServiceContext = {
    db: options.db,
    reads: prepareReads(options.db),
    listings,
    urgency: urgencyOf(options.db),
    leases: new LeaseHolder(options.db),
    clock: options.clock ?? systemClock,
    secret: options.secret,
    files,
    engines: options.engines,
    lexicon: options.lexicon ?? createLexicon(),
    pingMs: options.pingMs ?? PING_MS,
    stallMs: options.stallMs ?? STALL_MS,
    answers: options.answers ?? answersSettled(),
    live: options.live ?? liveBus(options.db),
    agentIdleMs: (options.agentIdleMinutes ?? AGENT_IDLE_MINUTES) * 60_000,
    liveStreams: new Set(),
    throttles: options.throttles ?? DEFAULT_THROTTLES,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    metrics: createMetrics({ db: options.db, engines: options.engines, dbTime: options.dbTime, listings }),
    knowledge: knowledgeSyncer({
      db: options.db,
      files,
      extractor,
      reader: createFetcher({
        extract: extractor.html,
        allowPrivate: options.knowledgeFetch?.allowPrivate ?? false,
        ...(options.knowledgeFetch?.ownOrigin ? { ownOrigin: new URL(options.knowledgeFetch.ownOrigin).origin } : {}),
      }),
      now: () => (options.clock ?? systemClock).now(),
      unexpected: (error, source) => app.log.error({ err: error, source }, 'reading a knowledge source failed'),
      read: () => ctx.embedding?.kick(),
    }),
    ...(options.embeddings ? await embeddingsOf(app, options.db, options.embeddings) : {}),
    shutdown: installShutdown(app),
    notServed: new Set(options.notServed ?? []),
  };
  answerServerRefusals(app.server, timeouts, () => app.log);

  app.addHook('onClose', async () => ctx.leases.close());
  // A bus of its own (no store's given) is the app's to end.
  if (!options.live) app.addHook('onClose', async () => ctx.live.close());
  installJsonParsing(app);
  installErrorHandling(app);
  requireHost(app);
  installCors(app);
  // Before the routes: every request is counted.
  installMetrics(app, ctx.metrics, options.metrics ?? false);
  chatbotRoutes(app, ctx);
  chatRoutes(app, ctx);
  listingRoutes(app, ctx);
  knowledgeRoutes(app, ctx);
  inboxRoutes(app, ctx);
  feedbackRoutes(app, ctx);
  conversationRoutes(app, ctx);
  liveRoutes(app, ctx);
  viewingRoutes(app, ctx);
  viewingPages(app, ctx);
  fileRoutes(app, ctx);
  sweepLapsedAnswers(app, ctx);
  sweeping(app, LIVE_SWEEP_MS, 'live holds and streams', () => sweepLive(ctx));
  sweepPartialFiles(app, ctx);
  sweeping(app, THROTTLE_SWEEP_MS, 'throttle windows', () => sweepThrottles(ctx.db, ctx.clock.now()));
  // A booking's reminder a day before (claimed by one instance: store/viewings.ts claimReminders).
  sweeping(app, REMINDER_SWEEP_MS, 'viewing reminders', () => sendViewingReminders(ctx));
  keepEmbeddedDatabase(app, ctx);
  readKnowledge(app, ctx);

  // Serialized once (about 135 KB): a request for it costs no JSON work.
  const openapi = JSON.stringify(openApiDocument());
  app.get('/openapi.json', (_req, reply) => reply.type('application/json; charset=utf-8').send(openapi));

  healthRoutes(app, ctx);
  // The owner's console, built by `npm run build` from demo/console into dist/demo-console; its
  // registration gives the reply its sendFile, which a site's files use too.
  const consoleDir = join(widgetDir, 'demo-console');
  await app.register(fastifyStatic, { root: consoleDir, prefix: '/console/', index: false });
  app.get('/console/', (_req, reply) => reply.sendFile('index.html', consoleDir));
  if (options.site) await options.site(app, ctx, widgetDir);
  else app.get('/', (_req, reply) => reply.redirect('/console/'));
  // The script-tag file and the chunks it loads lazily, beside it on the same origin. Pages on other
  // sites import the chunks as modules, which needs CORS.
  const widgetHeaders = {
    'cache-control': 'public, max-age=300',
    'cross-origin-resource-policy': 'cross-origin',
    'access-control-allow-origin': '*',
  };
  app.get('/chat-bot.js', (_req, reply) => reply.headers(widgetHeaders).sendFile('chat-bot.js', widgetDir));
  app.get<{ Params: { chunk: string } }>('/chat-bot.:chunk', (req, reply) =>
    /^[\w.-]+\.js(\.map)?$/.test(req.params.chunk) && !req.params.chunk.includes('..')
      ? reply.headers(widgetHeaders).sendFile(`chat-bot.${req.params.chunk}`, widgetDir)
      : reply.callNotFound(),
  );
  return app;
}

/** Trusts the `hops` proxies nearest the service: X-Forwarded-For's last `hops` entries are theirs. */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** How often bookings starting within a day are looked for, to send their reminders. */
const REMINDER_SWEEP_MS = 5 * 60_000;
/** How often the throttles' ended windows are removed. */
const THROTTLE_SWEEP_MS = 60_000;

/**
 * Runs `sweep` once the app is ready (or `first`: once it listens, and after a wait) and every
 * `everyMs` after, until it closes; a sweep that fails is logged and tried again at the next.
 */
function sweeping(
  app: FastifyInstance,
  everyMs: number,
  what: string,
  sweep: () => Promise<unknown>,
  first: { when: 'onReady' | 'onListen'; afterMs: number } = { when: 'onReady', afterMs: 0 },
): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    void sweep().catch((error: unknown) => app.log.warn({ err: error }, `sweep of ${what} failed; trying again later`));
  const start = () => {
    run();
    timer = setInterval(run, everyMs).unref();
  };
  app.addHook(first.when, async () => {
    if (first.afterMs) timer ??= setTimeout(start, first.afterMs).unref();
    else start();
  });
  app.addHook('onClose', async () => {
    // The first run's wait, or the runs after it: clearTimeout and clearInterval clear either.
    clearTimeout(timer);
  });
}

/** A pass deferred by waiting statements is tried again after this, up to UPKEEP_RETRIES times, before the next sweep. */
const UPKEEP_RETRY_MS = 2_000;
const UPKEEP_RETRIES = 5;

/** The embedded database's statistics and dead rows kept as autovacuum keeps PostgreSQL's (store/pglite/upkeep.ts); each step logged. */
function keepEmbeddedDatabase(app: FastifyInstance, ctx: ServiceContext): void {
  const upkeep = embeddedUpkeep(ctx.db);
  if (!upkeep) return;
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
  });
  sweeping(app, UPKEEP_MS, "the embedded database's statistics", async () => {
    // A pass that stepped aside for waiting statements (a start is busy) is tried again shortly, a few times.
    for (let tries = 0; !closing; tries++) {
      const pass = await upkeep();
      for (const step of pass.steps) app.log.info(step, `embedded database: ${step.did} of ${step.table}`);
      if (!pass.deferred || tries === UPKEEP_RETRIES) return;
      await delay(UPKEEP_RETRY_MS, undefined, { ref: false });
    }
  });
}

/** What uploads left unfinished, removed from the file store at start and every PARTIAL_SWEEP_MS (files/file-store.ts). */
function sweepPartialFiles(app: FastifyInstance, ctx: ServiceContext): void {
  sweeping(app, PARTIAL_SWEEP_MS, 'partial uploads', async () => {
    // The real time, not the service clock: the store dates what it holds by the system clock.
    const removed = await ctx.files.sweep(new Date(Date.now() - PARTIAL_IDLE_MS));
    if (removed) app.log.warn({ removed }, 'partial uploads left by gone requests removed');
  });
}

/**
 * Answers whose writer is gone (store/answer-lease.ts) marked failed once the app is ready and
 * every SWEEP_MS after, by every instance (the statement is the same whoever runs it). A sweep the
 * database refuses is tried again at the next.
 */
function sweepLapsedAnswers(app: FastifyInstance, ctx: ServiceContext): void {
  sweeping(app, SWEEP_MS, 'answers left streaming', async () => {
    const ids = await sweepLapsed(ctx.db);
    if (ids.length) app.log.warn({ answers: ids }, 'answers whose writer was gone marked failed');
  });
}

/**
 * The embeddings' two halves: the question's comparison, by pgvector where the database has it (a
 * PostgreSQL without it compares arrays in SQL: said once at the start), and the passages' embedder.
 */
async function embeddingsOf(app: FastifyInstance, db: Db, embedder: Embedder) {
  const { mode, reason } = await vectorMode(db);
  if (reason)
    app.log.warn(
      { reason, scan: ARRAY_SCAN },
      'pgvector is not available: the knowledge compares embeddings in SQL, over each chatbot’s newest passages only',
    );
  const vectors: KnowledgeVectors = {
    embedder,
    mode,
    failed: (error) =>
      app.log.warn({ err: error }, 'the model server did not embed a question: searched by its words alone'),
  };
  const embedding = passageEmbedder({
    db,
    embedder,
    failed: (error) => app.log.error({ err: error }, 'embedding the knowledge’s passages failed; tried again later'),
  });
  return { vectors, embedding };
}

/** How often the knowledge due a reading is looked for (knowledge/sync.ts: daily, and what waits), and how long after the start first. */
const KNOWLEDGE_SWEEP_MS = 10 * 60_000;
const KNOWLEDGE_FIRST_MS = 3_000;

/**
 * The owner's pages, sitemaps and documents read in the background: what waits, what a gone
 * instance left, what was read a day ago — from when the app listens (the demo reads its own site).
 */
function readKnowledge(app: FastifyInstance, ctx: ServiceContext): void {
  // A moment after the start's own work (the embedded database's upkeep) has gone first.
  sweeping(
    app,
    KNOWLEDGE_SWEEP_MS,
    'the knowledge due a reading',
    async () => {
      ctx.embedding?.kick();
      return ctx.knowledge.due();
    },
    { when: 'onListen', afterMs: KNOWLEDGE_FIRST_MS },
  );
  app.addHook('onClose', async () => {
    await ctx.knowledge.close();
    await ctx.embedding?.close();
  });
}
