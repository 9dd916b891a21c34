/** The service's settings, from the environment (API.md §5, and a few marked [ext]). */
import { join } from 'node:path';
import { filesSetting, type FilesSetting } from './files/stores.ts';
import { FIRST_TOKEN_TIMEOUT_MS, IDLE_TIMEOUT_MS, RETRIES } from './engines/openai.ts';
import { LOG_LEVELS, type LogLevel } from './logging.ts';
import { STALL_MS } from './sse-reply.ts';
import { parseThrottles, type Throttles } from './throttle.ts';

export interface ServerConfig {
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** [ext] FILES_URL: where uploaded files' bytes live (files/stores.ts). */
  files: FilesSetting;
  apiKey: string | undefined;
  llm:
    | {
        baseUrl: string;
        apiKey: string | undefined;
        model: string;
        transcriptionModel: string;
        tools: 'auto' | 'on' | 'off';
        /** [ext] LLM_TIMEOUT_MS, LLM_IDLE_TIMEOUT_MS, LLM_RETRIES (engines/openai.ts). */
        firstTokenTimeoutMs: number;
        idleTimeoutMs: number;
        retries: number;
      }
    | undefined;
  sessionSecret: string | undefined;
  smtpUrl: string | undefined;
  /** [ext] The From of outgoing email. */
  smtpFrom: string;
  trustProxy: boolean;
  /** [ext] Where visitors reach the service (the demo listings' links); default http://localhost:PORT. */
  publicUrl: string;
  /** [ext] The offline engine's pause between words, to look like typing (0 = none). */
  offlineWordDelayMs: number;
  /** [ext] How many processes serve on the one port (node:cluster); above 1 only with DATABASE_URL. */
  workers: number;
  /** [ext] STREAM_STALL_MS: how long a visitor's answer stream may take nothing before it is cut. */
  streamStallMs: number;
  /** LOG_LEVEL: the least a log line must be to be written (logging.ts); info unless set. */
  logLevel: LogLevel;
  /** [ext] THROTTLE: the bounds of GetSession, TalkToHuman, Feedback and uploads per session and address (throttle.ts). */
  throttles: Throttles;
  /**
   * [ext] METRICS_TOKEN, METRICS_PORT: `/metrics` (metrics/http.ts) on PORT for a scrape bearing the
   * token, or on a listener of its own at METRICS_PORT (the token then asked there); neither: none.
   */
  metrics: { token: string | undefined; port: number | undefined };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > max) throw new Error(`${name} must be an integer from 0 to ${max} (got "${raw}")`);
  return n;
}

const flag = (value: string | undefined) => value !== undefined && !/^(|0|false|no|off)$/i.test(value.trim());

/** METRICS_TOKEN and METRICS_PORT, checked: a token worth the name, a port that is not PORT, and a port for WORKERS. */
function metricsSetting(env: NodeJS.ProcessEnv, port: number, workers: number): ServerConfig['metrics'] {
  const token = env.METRICS_TOKEN || undefined;
  const metricsPort = integer(env, 'METRICS_PORT', 0, 65_535) || undefined;
  if (token !== undefined && !/^[\x21-\x7e]{16,}$/.test(token)) throw new Error('METRICS_TOKEN must be at least 16 characters, without spaces (for example: openssl rand -hex 32)');
  if (metricsPort !== undefined && metricsPort === port) throw new Error(`METRICS_PORT must not be PORT (${port}): it is a listener of its own`);
  // Each worker counts its own; only the primary, on a port of its own, can add them up (metrics/cluster.ts).
  if (token !== undefined && metricsPort === undefined && workers > 1) throw new Error('METRICS_TOKEN with WORKERS above 1 needs METRICS_PORT: the workers\' numbers are added up there');
  return { token, port: metricsPort };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = integer(env, 'PORT', 8787, 65_535);
  const host = env.HOST || '127.0.0.1';
  if (env.LLM_BASE_URL && !env.LLM_MODEL) throw new Error('LLM_MODEL must name the model to use when LLM_BASE_URL is set');
  const tools = (env.LLM_TOOLS || 'auto').trim().toLowerCase();
  if (tools !== 'auto' && tools !== 'on' && tools !== 'off') throw new Error(`LLM_TOOLS must be auto, on or off (got "${env.LLM_TOOLS}")`);
  const workers = integer(env, 'WORKERS', 1, 64) || 1;
  const logLevel = (env.LOG_LEVEL || 'info').trim().toLowerCase() as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${env.LOG_LEVEL}")`);
  // PGlite is a database inside one process: a second process cannot open it.
  if (workers > 1 && !env.DATABASE_URL) throw new Error(`WORKERS above 1 needs DATABASE_URL: the embedded database belongs to one process (got WORKERS=${workers})`);
  return {
    host,
    port,
    dataDir: env.DATA_DIR || join(process.cwd(), '.data'),
    databaseUrl: env.DATABASE_URL || undefined,
    files: filesSetting(env.FILES_URL, env.DATABASE_URL || undefined),
    apiKey: env.CHATBOT_API_KEY || undefined,
    llm: env.LLM_BASE_URL
      ? {
          baseUrl: env.LLM_BASE_URL,
          apiKey: env.LLM_API_KEY || undefined,
          model: env.LLM_MODEL!,
          transcriptionModel: env.LLM_TRANSCRIPTION_MODEL || 'whisper-1',
          tools,
          firstTokenTimeoutMs: integer(env, 'LLM_TIMEOUT_MS', FIRST_TOKEN_TIMEOUT_MS, 600_000) || FIRST_TOKEN_TIMEOUT_MS,
          idleTimeoutMs: integer(env, 'LLM_IDLE_TIMEOUT_MS', IDLE_TIMEOUT_MS, 600_000) || IDLE_TIMEOUT_MS,
          retries: integer(env, 'LLM_RETRIES', RETRIES, 5),
        }
      : undefined,
    sessionSecret: env.SESSION_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM || 'chat-bot <no-reply@localhost>',
    trustProxy: flag(env.TRUST_PROXY),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/(?<!\/)\/+$/, ''),
    offlineWordDelayMs: integer(env, 'OFFLINE_WORD_DELAY_MS', 0, 5_000),
    workers,
    streamStallMs: integer(env, 'STREAM_STALL_MS', STALL_MS, 3_600_000) || STALL_MS,
    logLevel,
    throttles: parseThrottles(env.THROTTLE),
    metrics: metricsSetting(env, port, workers),
  };
}
