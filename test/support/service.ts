/**
 * The real reference service on 127.0.0.1:0 for tests: a fresh database (test/support/database.ts)
 * — PGlite in memory, or (when the project sets TEST_DB=postgres) a new database on DATABASE_URL's
 * server — an owner with an API key, a clock tests can move, and helpers to make chatbots and visitors.
 *
 * `startService()` with no options is the worker's plain service: the files a worker runs one after
 * another (vitest.config.ts, isolate: false) share it — each makes chatbots of its own on it and
 * gets it with its clock back at real time; `close()` leaves it to the next file — instead of each
 * loading a database (about 1.5 CPU-seconds on PGlite). With any option, or `own: true` for a file
 * that reads the whole database, the service is the file's own.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { createClient, type Client, type Credentials } from '../../src/client/index.ts';
import type { AddBody } from '../../src/protocol/index.ts';
import { buildApp, type AppOptions, type TrustProxy } from '../../src/server/http/app.ts';
import { DEMO_SERIAL } from '../../src/server/demo/agency.ts';
import { demoSite } from '../../src/server/demo/site.ts';
import type { Timeouts } from '../../src/server/http/timeouts.ts';
import { NO_THROTTLES, type Throttles } from '../../src/server/http/throttle.ts';
import { createApiKey, ensureOwner } from '../../src/server/start/bootstrap.ts';
import { createEngines, type Engines } from '../../src/server/engines/index.ts';
import { createOfflineEngine } from '../../src/server/engines/answer/offline.ts';
import { lexicon } from './lexicon.ts';
import { openStore, type Db, type Store } from '../../src/server/store/db.ts';
import { freshDatabase, newServiceFilesDir } from './database.ts';
import type { StoreKind, TestFileStore } from './file-stores.ts';
import type { FileStore } from '../../src/server/files/file-store.ts';

/** A clock that runs with real time, but can be set or moved. */
export class TestClock {
  private offset = 0;
  private frozen: number | null = null;
  now = (): Date => new Date(this.frozen ?? Date.now() + this.offset);
  set(at: Date | string): void {
    this.frozen = new Date(at).getTime();
  }
  advance(ms: number): void {
    if (this.frozen !== null) this.frozen += ms;
    else this.offset += ms;
  }
  /** Back to real time. */
  reset(): void {
    this.offset = 0;
    this.frozen = null;
  }
}

export interface TestService {
  origin: string;
  app: FastifyInstance;
  db: Db;
  store: Store;
  /** The PostgreSQL database of this service (postgres project), or undefined for in-memory PGlite. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** The file store the test chose (`files`), with what it holds of a file. */
  files?: TestFileStore;
  apiKey: string;
  ownerId: number;
  clock: TestClock;
  secret: Buffer;
  /** A client of this service with the given credentials. */
  client(credentials?: Credentials): Client;
  /** The owner's client (API key). */
  owner: Client;
  /** A new chatbot of the owner, with these settings. */
  newChatbot(settings?: Partial<AddBody>): Promise<string>;
  /** A new visitor session on the chatbot: its id, token, and a client holding the token. */
  visitor(serialNumber: string): Promise<{ sessionId: number; token: string; client: Client }>;
  close(): Promise<void>;
}

export interface ServiceOptions {
  /** A service of the file's own, not the worker's shared one (for a file that reads or changes the whole database). */
  own?: boolean;
  engines?: Engines;
  clock?: TestClock;
  /** Share this store instead of opening one (several instances on one database). */
  store?: Store;
  /** The URL `store` was opened on, if it is PostgreSQL. */
  databaseUrl?: string | undefined;
  secret?: Buffer;
  dataDir?: string;
  /** The file store to use (test/support/file-stores.ts); the disk in `dataDir` without it. */
  files?: StoreKind;
  /** A file store the test made itself (services sharing one bucket), instead of `files`. */
  fileStore?: FileStore;
  trustProxy?: TrustProxy;
  /** PUBLIC_URL: the service's links are made from it. */
  publicUrl?: string;
  /** DEMO off: no demo site (src/server/demo/site.ts), and the demo chatbot serves no visitor; on unless false. */
  demo?: boolean;
  pingMs?: number;
  /** Shorter connection timeouts (src/server/http/timeouts.ts), for a test of them. */
  timeouts?: Partial<Timeouts>;
  /** A log, for a test of it (src/server/http/logging.ts); none without it. */
  logger?: AppOptions['logger'];
  /** `/metrics` on the service's port, with or without a token (src/server/http/metrics/scrape.ts); none without it. */
  metrics?: AppOptions['metrics'];
  /** The visitor operations' throttles (src/server/http/throttle.ts), for a test of them; none without it. */
  throttles?: Throttles;
  /** How the owner's pages are fetched (http/app.ts knowledgeFetch): `allowPrivate` for a test site on 127.0.0.1. */
  knowledgeFetch?: AppOptions['knowledgeFetch'];
  /** The model server's embeddings (http/app.ts embeddings): the knowledge searched by meaning too. */
  embeddings?: AppOptions['embeddings'];
  /** Adds routes of the test's own (a page to load in a browser) before the service listens. */
  routes?: (app: FastifyInstance) => void;
}

/** The worker's plain service, started by the first file that asks for one. */
let plain: Promise<TestService> | undefined;

export async function startService(options: ServiceOptions = {}): Promise<TestService> {
  const { own = false, ...rest } = options;
  if (own || Object.keys(rest).length) return openService(rest);
  plain ??= openService({});
  const shared = await plain;
  shared.clock.reset();
  return { ...shared, close: async () => undefined };
}

async function openService(options: ServiceOptions): Promise<TestService> {
  const database = options.store ? null : await freshDatabase();
  const store = options.store ?? (await openStore(database!.options));
  const dataDir = options.dataDir ?? (await newServiceFilesDir());
  const clock = options.clock ?? new TestClock();
  const secret = options.secret ?? randomBytes(32);
  const ownerId = await ensureOwner(store.db, clock.now());
  const apiKey = await createApiKey(store.db, ownerId, 'test');
  // Imported only when asked for: the S3 client and server are not every test's to load.
  const files = options.files
    ? await (await import('./file-stores.ts')).testFileStore(options.files, { db: store.db, dataDir })
    : undefined;
  const app = await buildApp({
    lexicon,
    db: store.db,
    answers: store.answers,
    live: store.live,
    dbTime: store.time,
    secret,
    dataDir,
    ...(files ? { files: files.store } : options.fileStore ? { files: options.fileStore } : {}),
    engines: options.engines ?? createEngines(createOfflineEngine()),
    clock,
    trustProxy: options.trustProxy ?? false,
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
    ...(options.demo === false ? { notServed: [DEMO_SERIAL] } : { site: demoSite }),
    ...(options.pingMs ? { pingMs: options.pingMs } : {}),
    ...(options.timeouts ? { timeouts: options.timeouts } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.metrics ? { metrics: options.metrics } : {}),
    throttles: options.throttles ?? NO_THROTTLES,
    ...(options.knowledgeFetch ? { knowledgeFetch: options.knowledgeFetch } : {}),
    ...(options.embeddings ? { embeddings: options.embeddings } : {}),
  });
  options.routes?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const client = (credentials: Credentials = {}) => createClient({ baseUrl: origin, ...credentials });
  const owner = client({ apiKey });
  return {
    origin,
    app,
    db: store.db,
    store,
    databaseUrl: database?.url ?? (options.store ? options.databaseUrl : undefined),
    dataDir,
    ...(files ? { files } : {}),
    apiKey,
    ownerId,
    clock,
    secret,
    client,
    owner,
    newChatbot: async (settings = {}) =>
      (await owner.add({ timeZone: 'America/Chicago', type: 0, ...settings })).SerialNumber,
    visitor: async (serialNumber) => {
      const session = await client().getSession({ serialNumber });
      return {
        sessionId: session.SessionID,
        token: session.VisitorToken!,
        client: client({ visitorToken: session.VisitorToken }),
      };
    },
    close: async () => {
      await app.close();
      await files?.close();
      if (!options.store) {
        await store.close();
        await database!.drop();
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}
