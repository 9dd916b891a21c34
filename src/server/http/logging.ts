/**
 * The service's log: Fastify's own pino logger, JSON lines, each request's lines carrying
 * its id (`reqId`), which the response also carries (`x-request-id`) so a visitor's report can be
 * found. What is logged of a request is its method, its path without the query string (upload URLs
 * carry a token there) and the client's address; credentials never — the headers that hold them
 * are not logged, and any that reach a logged object are replaced by "[redacted]". Every 5xx and
 * every unexpected error is logged with its stack (http/envelope.ts); a 4xx is the client's and logged at
 * info with the request. A request refused before it could be read (http/client-errors.ts) is logged by
 * its parser's code only: Node's error holds its raw bytes, credentials included.
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Where log lines go: standard output unless a test collects them. */
export interface LogDestination {
  write(line: string): void;
}

/** Paths of a logged object whose values are credentials, wherever a caller puts them. */
const REDACT = [
  'req.headers.authorization',
  'req.headers["chatrobot-sessionkey"]',
  'req.headers.cookie',
  'headers.authorization',
  'headers["chatrobot-sessionkey"]',
  'apiKey',
  'token',
  'visitorToken',
  'sessionKey',
  '*.apiKey',
  '*.token',
  '*.visitorToken',
  '*.sessionKey',
];

/** The logger's options for Fastify. */
export function loggerOptions(
  level: LogLevel,
  destination?: LogDestination,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: {
      req: (req: FastifyRequest) => ({ method: req.method, path: req.url.split('?')[0], remoteAddress: req.ip }),
    },
    ...(destination ? { stream: destination } : {}),
  };
}
