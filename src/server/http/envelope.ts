/**
 * The envelope on every reply, the failure table of API.md §1, and the one error handler:
 * a malformed request is a 4xx naming what was wrong; anything unexpected is a generic 500.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FAILURE, failure, success } from '../../protocol/index.ts';
import { StoreError, type Refusal } from '../store/errors.ts';
import { databaseUnavailable } from '../store/unavailable.ts';

/**
 * A failure the service reports on purpose: its Code (= HTTP status), Message and Data; `cause`,
 * what a part the service needs said, goes to the log with a 5xx (installErrorHandling), never to the caller.
 */
export class Failure extends Error {
  override readonly name = 'Failure';
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export const invalid = (message: string) => new Failure(FAILURE.invalid, message);
export const unauthenticated = (message: string) => new Failure(FAILURE.unauthenticated, message);
export const forbidden = (message: string) => new Failure(FAILURE.forbidden, message);
export const notFound = (message: string, data: unknown = null) => new Failure(FAILURE.notFound, message, data);
export const conflict = (message: string) => new Failure(FAILURE.conflict, message);
export const tooLarge = (message: string) => new Failure(FAILURE.tooLarge, message);
export const unsupported = (message: string) => new Failure(FAILURE.unsupportedType, message);
/** A 429; with `retryAfter`, the seconds until the bound lets the caller in again — in the Retry-After header and as Data.RetryAfter [ext]. */
export const rateLimited = (message: string, retryAfter?: number) =>
  new Failure(FAILURE.rateLimited, message, retryAfter === undefined ? null : { RetryAfter: retryAfter });
/** Seconds a client is asked to wait after a 503 (Retry-After): about what a database restart takes. */
export const RETRY_AFTER_S = 5;
/** A 507; `cause`, what the store said, goes to the log. */
export const insufficientStorage = (cause?: unknown) =>
  new Failure(
    FAILURE.insufficientStorage,
    'The service has no room to store this file just now; please try again later',
    null,
    { cause },
  );
/** A 503; `cause`, what the part that cannot answer said, goes to the log. */
export const unavailable = (
  message = 'The service cannot reach its storage just now; please try again in a few seconds',
  cause?: unknown,
) => new Failure(FAILURE.unavailable, message, null, { cause });

/** Each refusal of the stores (store/errors.ts) as the envelope's failure. */
const REFUSALS: Record<Refusal, number> = {
  invalid: FAILURE.invalid,
  notFound: FAILURE.notFound,
  conflict: FAILURE.conflict,
  tooLarge: FAILURE.tooLarge,
  unsupported: FAILURE.unsupportedType,
  unavailable: FAILURE.unavailable,
};

/** A refusal of the stores as the failure the caller is told; its cause goes on with it, for the log. */
export const failureOf = (error: StoreError): Failure =>
  new Failure(REFUSALS[error.refusal], error.message, null, { cause: error.cause });

export function sendSuccess(reply: FastifyReply, data: unknown): FastifyReply {
  return reply.code(200).type('application/json; charset=utf-8').send(success(data));
}

export function sendFailure(reply: FastifyReply, error: Failure): FastifyReply {
  if (error.code === FAILURE.unavailable) reply.header('retry-after', String(RETRY_AFTER_S));
  const retryAfter = (error.data as { RetryAfter?: unknown } | null)?.RetryAfter;
  if (error.code === FAILURE.rateLimited && typeof retryAfter === 'number')
    reply.header('retry-after', String(retryAfter));
  return reply
    .code(error.code)
    .type('application/json; charset=utf-8')
    .send(failure(error.code, error.message, error.data));
}

/** Fastify's own request errors, in the words of the contract. */
function fromFastify(error: FastifyError): Failure | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return tooLarge('The body is larger than 1 MB (1,048,576 bytes)');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return invalid('The body must be a JSON object');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return invalid('The body is not valid JSON');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return invalid('The Content-Length header does not match the body');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new Failure(FAILURE.unsupportedType, 'The body must be JSON (Content-Type: application/json)');
    default:
      break;
  }
  // Only Fastify's own request errors are the caller's fault; anything else is ours (a 500).
  const status = error.statusCode ?? 500;
  if (typeof error.code === 'string' && error.code.startsWith('FST_') && status >= 400 && status < 500)
    return new Failure(status, 'The request could not be read');
  return null;
}

/** UTF-8 as it must be: a byte sequence that is not UTF-8 throws, and a BOM is kept, to be refused by its name. */
const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * JSON parsing for every body, whatever its Content-Type says (SEED's examples send none), by
 * Fastify's safe parser, which refuses `__proto__` and `constructor.prototype` keys. One rule for
 * text that is not valid Unicode: refused with a 400, never stored changed — bytes that are not
 * UTF-8 here, as an escaped unpaired surrogate (`"\ud800"`) is by the schemas (protocol/validate.ts).
 * A leading byte-order mark is refused too (RFC 8259 §8.1: JSON is sent without one), by its name:
 * Fastify's parser would drop it silently, and plain JSON.parse would call the body not JSON.
 */
export function installJsonParsing(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = UTF8.decode(body as Buffer);
    } catch {
      return done(invalid('The body is not valid UTF-8 text'), undefined);
    }
    if (text === '') return done(null, undefined);
    if (text.startsWith('\uFEFF'))
      return done(
        invalid('The body must not begin with a byte-order mark (U+FEFF): JSON is sent without one (RFC 8259 §8.1)'),
        undefined,
      );
    parseJson(request, text, (error, value) => {
      if (!error) return done(null, value);
      // Fastify says only "not valid JSON"; if plain JSON.parse reads it, the refusal was the keys.
      try {
        JSON.parse(text);
      } catch {
        return done(invalid('The body is not valid JSON'), undefined);
      }
      done(invalid('The body must not set "__proto__" or "constructor.prototype"'), undefined);
    });
  });
}

export function installErrorHandling(app: FastifyInstance): void {
  // The request's id goes back with its response, to find its log lines by (http/logging.ts).
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  app.setErrorHandler((thrown: FastifyError | Failure | StoreError, request: FastifyRequest, reply: FastifyReply) => {
    const error = thrown instanceof StoreError ? failureOf(thrown) : thrown;
    if (error instanceof Failure) {
      // A part that cannot serve (the model server, the file storage gone, refusing us or full) says
      // why in the log, with its stack — not to the caller.
      if (error.code >= 500 && error.cause) request.log.warn({ err: error.cause, status: error.code }, error.message);
      return sendFailure(reply, error);
    }
    const known = fromFastify(error);
    if (known) return sendFailure(reply, known);
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return sendFailure(reply, unavailable());
    }
    request.log.error({ err: error }, 'unexpected error');
    return sendFailure(reply, new Failure(FAILURE.internal, 'Something went wrong on our side; please try again'));
  });
  app.setNotFoundHandler((request, reply) =>
    sendFailure(reply, notFound(`Nothing is at ${request.method} ${request.url.split('?')[0]}`)),
  );
}
