/** The service's settings, from the environment (API.md §5, and a few marked [ext]). */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { defaultDataDir } from '../http/package-root.ts';
import { POOL_SIZE } from '../store/db.ts';
import { filesSetting, type FilesSetting } from '../files/stores.ts';
import { FIRST_TOKEN_TIMEOUT_MS, IDLE_TIMEOUT_MS, RETRIES } from '../engines/model/openai.ts';
import { LOG_LEVELS, type LogLevel } from '../http/logging.ts';
import { STALL_MS } from '../http/sse-reply.ts';
import { AGENT_IDLE_MINUTES } from '../http/routes/live.ts';
import { SHUTDOWN_DRAIN_MS } from '../http/shutdown.ts';
import { CONNECT_PATIENCE_MS } from '../store/connect.ts';
import { parseThrottles, type Throttles } from '../http/throttle.ts';
import { secretFrom, weakKeyReason } from './bootstrap.ts';
import { DEMO_RATE_LIMIT } from '../demo/agency.ts';
import type { TrustProxy } from '../http/app.ts';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** [ext] DATABASE_POOL_SIZE: PostgreSQL connections per process (docs/OPERATING.md, "Sizing"). */
  databasePoolSize: number;
  /** [ext] FILES_URL: where uploaded files' bytes live (files/stores.ts). */
  files: FilesSetting;
  /**
   * [ext] DEMO: `on` — the demo agency's site at `/` and its chatbot (offline engine, rate-limited);
   * `model` — the same, its chatbot answering with LLM_MODEL; `off` — neither: no chatbot the owner
   * did not make serves a visitor (one an earlier start made is kept for its owner: http/app.ts
   * `notServed`). Off unless set; `npm start` sets it on (`serve --demo`).
   */
  demo: 'off' | 'on' | 'model';
  /** [ext] DEMO_RATE_LIMIT: the demo chatbot's questions per address, `count/seconds` (10/60); `0` none — for a kiosk, or tests from one address. */
  demoRateLimit: { count: number; seconds: number };
  /** CHATBOT_API_KEY: the first start's owner API key (start/bootstrap.ts seedApiKey); never a weak one. */
  apiKey: string | undefined;
  llm:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        transcriptionModel: string;
        tools: 'auto' | 'on' | 'off';
        /** [ext] LLM_TIMEOUT_MS, LLM_IDLE_TIMEOUT_MS, LLM_RETRIES (engines/model/openai.ts). */
        firstTokenTimeoutMs: number;
        idleTimeoutMs: number;
        retries: number;
        /** [ext] LLM_EMBEDDING_MODEL, LLM_EMBEDDING_MIN_SIMILARITY (engines/model/embeddings.ts): none, no vectors. */
        embedding: { model: string; minSimilarity: number } | undefined;
      }
    | undefined;
  /** SESSION_SECRET: 32+ random bytes as base64url, the format of DATA_DIR/session-secret (start/bootstrap.ts secretFrom). */
  sessionSecret: string | undefined;
  smtpUrl: string | undefined;
  /** [ext] The From of outgoing email. */
  smtpFrom: string;
  /**
   * [ext] TRUST_PROXY: which proxies' X-Forwarded-For / -Proto / -Host are believed (Fastify's
   * trustProxy): false (none), a hop count, or addresses and CIDR ranges; `true` (every hop) only
   * when asked for as `all`, for it lets a visitor choose their own address.
   */
  trustProxy: TrustProxy;
  /** PUBLIC_URL when it is set: then the service's links (upload URLs, files) are made from it, not from the request. */
  publicUrlGiven: string | undefined;
  /** [ext] Where visitors reach the service (the demo listings' links); default http://localhost:PORT. */
  publicUrl: string;
  /**
   * [ext] KNOWLEDGE_FETCH_PRIVATE: `true` lets the service read owners' pages on private, loopback
   * and link-local addresses (development: a site on this machine); off, only public addresses and
   * PUBLIC_URL itself are read (knowledge/fetch.ts).
   */
  knowledgeFetchPrivate: boolean;
  /** [ext] The offline engine's pause between words, to look like typing (0 = none). */
  offlineWordDelayMs: number;
  /** [ext] How many processes serve on the one port (node:cluster); above 1 only with DATABASE_URL. */
  workers: number;
  /** [ext] STREAM_STALL_MS: how long a visitor's answer stream may take nothing before it is cut. */
  streamStallMs: number;
  /**
   * [ext] SHUTDOWN_DRAIN_MS: after SIGTERM, how long answers still streaming may take to finish
   * before they are ended with a 503 for their visitors to ask again (http/shutdown.ts).
   */
  shutdownDrainMs: number;
  /** [ext] DATABASE_CONNECT_PATIENCE_MS: how long a start keeps trying to reach DATABASE_URL (store/connect.ts). */
  databaseConnectPatienceMs: number;
  /** LOG_LEVEL: the least a log line must be to be written (http/logging.ts); info unless set. */
  logLevel: LogLevel;
  /** [ext] AGENT_IDLE_MINUTES: a conversation an agent holds without a reply this long is released (http/routes/live.ts). */
  agentIdleMinutes: number;
  /** [ext] THROTTLE: the bounds of GetSession, TalkToHuman, Feedback and uploads per session and address (http/throttle.ts). */
  throttles: Throttles;
  /**
   * [ext] METRICS_TOKEN, METRICS_PORT: `/metrics` (http/metrics/scrape.ts) on PORT for a scrape bearing the
   * token, or on a listener of its own at METRICS_PORT (the token then asked there); neither: none.
   */
  metrics: { token: string | undefined; port: number | undefined };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max)
    throw new Error(`${name} must be an integer from 0 to ${max} (got "${raw}")`);
  return n;
}

/** METRICS_TOKEN and METRICS_PORT, checked: a token worth the name, a port that is not PORT, and a port for WORKERS. */
function metricsSetting(env: NodeJS.ProcessEnv, port: number, workers: number): ServerConfig['metrics'] {
  const token = env.METRICS_TOKEN || undefined;
  const metricsPort = integer(env, 'METRICS_PORT', 0, 65_535) || undefined;
  if (token !== undefined && !/^[\x21-\x7e]{16,}$/.test(token))
    throw new Error('METRICS_TOKEN must be at least 16 characters, without spaces (for example: openssl rand -hex 32)');
  if (metricsPort !== undefined && metricsPort === port)
    throw new Error(`METRICS_PORT must not be PORT (${port}): it is a listener of its own`);
  // Each worker counts its own; only the primary, on a port of its own, can add them up (http/metrics/cluster.ts).
  if (token !== undefined && metricsPort === undefined && workers > 1)
    throw new Error("METRICS_TOKEN with WORKERS above 1 needs METRICS_PORT: the workers' numbers are added up there");
  return { token, port: metricsPort };
}

/**
 * TRUST_PROXY: unset or off — none; a number — that many proxies in front (the address is the one
 * the farthest of them saw); addresses or CIDR ranges, comma-separated — the proxies at those
 * addresses (loopback, a private network…); `all` — every hop, which believes whatever a visitor
 * writes in X-Forwarded-For (only behind a proxy that replaces the header). The old `on`/`true`/`1`
 * meant `all`; it is now one hop, which a proxy that appends to the header (nginx's
 * $proxy_add_x_forwarded_for) needs.
 */
export function trustProxySetting(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (/^(|0|false|no|off)$/i.test(value)) return false;
  if (/^(1|true|on|yes)$/i.test(value)) return 1;
  if (/^all$/i.test(value)) return true;
  if (/^\d{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((e) => e.trim());
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const maxBits = family === 6 ? 128 : 32;
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
    if (!family || !bitsOk || extra !== undefined)
      throw new Error(
        `TRUST_PROXY must be off, a number of proxies, "all", or addresses and CIDR ranges separated by commas (got "${entry}")`,
      );
  }
  return entries.join(',');
}

function knowledgeFetchPrivateSetting(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw new Error(`KNOWLEDGE_FETCH_PRIVATE must be true or false (got "${raw}")`);
}

function demoRateLimitSetting(raw: string | undefined): ServerConfig['demoRateLimit'] {
  const value = (raw ?? '').trim();
  if (value === '') return { ...DEMO_RATE_LIMIT };
  if (/^(0|off)$/i.test(value)) return { count: 0, seconds: 0 };
  const match = /^(\d{1,7})\/(\d{1,7})$/.exec(value);
  if (!match || Number(match[2]) < 1)
    throw new Error(`DEMO_RATE_LIMIT must be count/seconds (like 10/60) or 0 for none (got "${raw}")`);
  return { count: Number(match[1]), seconds: Number(match[2]) };
}

function demoSetting(raw: string | undefined): ServerConfig['demo'] {
  const value = (raw ?? '').trim().toLowerCase();
  if (/^(|0|false|no|off)$/.test(value)) return 'off';
  if (/^(1|true|on|yes)$/.test(value)) return 'on';
  if (value === 'model') return 'model';
  throw new Error(`DEMO must be on, off or model (got "${raw}")`);
}

/** CHATBOT_API_KEY, refused when weak: a key that guards every chatbot of the owner. */
function apiKeySetting(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const weak = weakKeyReason(raw);
  if (weak)
    throw new Error(
      `CHATBOT_API_KEY is too weak: ${weak}. Leave it unset and the first start makes one, or make one with \`chat-bot-server create-key\` (a key of 32 random bytes).`,
    );
  return raw;
}

/** LLM_EMBEDDING_MIN_SIMILARITY's default: high enough that only a close paraphrase answers by meaning alone with most models. */
export const MIN_SIMILARITY = 0.75;

function similaritySetting(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return MIN_SIMILARITY;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > 1)
    throw new Error(`LLM_EMBEDDING_MIN_SIMILARITY must be a number above 0 and at most 1 (got "${raw}")`);
  return n;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env, 'PORT', 8787, 65_535);
  const host = env.HOST || '127.0.0.1';
  if (env.LLM_BASE_URL && !env.LLM_MODEL)
    throw new Error('LLM_MODEL must name the model to use when LLM_BASE_URL is set');
  if (env.LLM_EMBEDDING_MODEL && !env.LLM_BASE_URL)
    throw new Error('LLM_EMBEDDING_MODEL needs LLM_BASE_URL: the model server that makes the embeddings');
  const tools = (env.LLM_TOOLS || 'auto').trim().toLowerCase();
  if (tools !== 'auto' && tools !== 'on' && tools !== 'off')
    throw new Error(`LLM_TOOLS must be auto, on or off (got "${env.LLM_TOOLS}")`);
  const workers = integer(env, 'WORKERS', 1, 64) || 1;
  const logLevel = (env.LOG_LEVEL || 'info').trim().toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel))
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  // PGlite is a database inside one process: a second process cannot open it.
  if (workers > 1 && !env.DATABASE_URL)
    throw new Error(
      `WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process (got WORKERS=${workers})`,
    );
  return {
    host,
    port,
    dataDir: env.DATA_DIR ? resolve(env.DATA_DIR) : defaultDataDir(env),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: integer(env, 'DATABASE_POOL_SIZE', POOL_SIZE, 1_000) || POOL_SIZE,
    files: filesSetting(env.FILES_URL, env.DATABASE_URL || undefined),
    apiKey: apiKeySetting(env.CHATBOT_API_KEY),
    demo: demoSetting(env.DEMO),
    demoRateLimit: demoRateLimitSetting(env.DEMO_RATE_LIMIT),
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL,
          apiKey: env.LLM_API_KEY || undefined,
          model: env.LLM_MODEL!,
          transcriptionModel: env.LLM_TRANSCRIPTION_MODEL || 'whisper-1',
          tools,
          firstTokenTimeoutMs:
            integer(env, 'LLM_TIMEOUT_MS', FIRST_TOKEN_TIMEOUT_MS, 600_000) || FIRST_TOKEN_TIMEOUT_MS,
          idleTimeoutMs: integer(env, 'LLM_IDLE_TIMEOUT_MS', IDLE_TIMEOUT_MS, 600_000) || IDLE_TIMEOUT_MS,
          retries: integer(env, 'LLM_RETRIES', RETRIES, 5),
          embedding: env.LLM_EMBEDDING_MODEL
            ? {
                model: env.LLM_EMBEDDING_MODEL.trim(),
                minSimilarity: similaritySetting(env.LLM_EMBEDDING_MIN_SIMILARITY),
              }
            : undefined,
        }
      : undefined,
    // Checked now: a secret of the wrong form stops the start, rather than every visitor's token (start/bootstrap.ts).
    sessionSecret: env.SESSION_SECRET
      ? (secretFrom(env.SESSION_SECRET, 'SESSION_SECRET'), env.SESSION_SECRET.trim())
      : undefined,
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || 'chat-bot <no-reply@localhost>',
    trustProxy: trustProxySetting(env.TRUST_PROXY),
    publicUrlGiven: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/(?<!\/)\/+$/, '') : undefined,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/(?<!\/)\/+$/, ''),
    knowledgeFetchPrivate: knowledgeFetchPrivateSetting(env.KNOWLEDGE_FETCH_PRIVATE),
    offlineWordDelayMs: integer(env, 'OFFLINE_WORD_DELAY_MS', 0, 5_000),
    workers,
    streamStallMs: integer(env, 'STREAM_STALL_MS', STALL_MS, 3_600_000) || STALL_MS,
    shutdownDrainMs: integer(env, 'SHUTDOWN_DRAIN_MS', SHUTDOWN_DRAIN_MS, 3_600_000),
    databaseConnectPatienceMs: integer(env, 'DATABASE_CONNECT_PATIENCE_MS', CONNECT_PATIENCE_MS, 3_600_000),
    logLevel,
    throttles: parseThrottles(env.THROTTLE),
    agentIdleMinutes: integer(env, 'AGENT_IDLE_MINUTES', AGENT_IDLE_MINUTES, 24 * 60) || AGENT_IDLE_MINUTES,
    metrics: metricsSetting(env, port, workers),
  };
}
