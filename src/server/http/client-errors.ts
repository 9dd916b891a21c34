/**
 * What Node's HTTP server refuses before any route sees a request: a request line or a
 * header it cannot parse, a body whose length is ambiguous, headers larger than it reads, a request
 * that does not arrive in time (http/timeouts.ts). Node hands these to the server's 'clientError'
 * listener — Fastify's `clientErrorHandler` — whose default answers `{"error":…,"statusCode":N}`;
 * a body that falls silent past the idle limit Node closes without a word; a missing Host and an
 * `Expect` it cannot meet it answers with an empty 400 and 417. Here each is the envelope
 * like every other failure, naming the rule that was broken, echoing nothing of the request (its
 * bytes may hold a credential), and closing the connection: after a request that cannot be read,
 * where the next one would begin is unknown.
 */
import { maxHeaderSize, STATUS_CODES, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { FAILURE, failure } from '../../protocol/index.ts';
import { invalid, sendFailure } from './envelope.ts';
import type { Timeouts } from './timeouts.ts';

/** What Node passes with a client error: a code (llhttp's `HPE_*`, or Node's `ERR_*`). */
interface ClientError extends Error {
  code?: string;
}

const seconds = (ms: number) => `${(ms / 1000).toLocaleString('en-US')} s`;
const bytes = (n: number) => `${n / 1024} KB (${n.toLocaleString('en-US')} bytes)`;

/** llhttp's refusals, by what the request broke (RFC 9112). */
const FRAMING: ReadonlySet<string> = new Set([
  'HPE_INVALID_TRANSFER_ENCODING',
  'HPE_UNEXPECTED_CONTENT_LENGTH',
  'HPE_INVALID_CONTENT_LENGTH',
]);
const REQUEST_LINE: ReadonlySet<string> = new Set([
  'HPE_INVALID_METHOD',
  'HPE_INVALID_URL',
  'HPE_INVALID_VERSION',
  'HPE_INVALID_CONSTANT',
]);
const CHUNKS: ReadonlySet<string> = new Set([
  'HPE_INVALID_CHUNK_SIZE',
  'HPE_CHUNK_EXTENSIONS_OVERFLOW',
  'HPE_INVALID_EOF_STATE',
]);

/** The status and Message of a client error; `headersRead` tells a stalled body from stalled headers. */
export function clientRefusal(
  code: string | undefined,
  timeouts: Pick<Timeouts, 'headersMs' | 'requestMs'>,
  headersRead: boolean,
): { status: number; message: string } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return {
      status: FAILURE.timeout,
      message: headersRead
        ? `The whole request, its body included, must arrive within ${seconds(timeouts.requestMs)}`
        : `The request's headers must arrive within ${seconds(timeouts.headersMs)}`,
    };
  if (code === 'HPE_HEADER_OVERFLOW')
    return {
      status: FAILURE.headersTooLarge,
      message: `The request's headers must be at most ${bytes(maxHeaderSize)} in all`,
    };
  const message =
    code && FRAMING.has(code)
      ? "The body's length must be given one way: one Content-Length of digits, or Transfer-Encoding ending in chunked — never both (RFC 9112 §6)"
      : code && REQUEST_LINE.has(code)
        ? 'The request line must be a method, a target and HTTP/1.1, each separated by one space (RFC 9112 §3)'
        : code && CHUNKS.has(code)
          ? 'A chunked body must be chunks of a hexadecimal size, each followed by CRLF (RFC 9112 §7.1)'
          : 'The request is not valid HTTP/1.1: each header must be a name, a colon and a value on one line (RFC 9112 §5)';
  return { status: FAILURE.invalid, message };
}

/** A socket with the response Node has begun for it, if any: not in Node's types, yet what its own 'clientError' and 'timeout' fallbacks read. */
type HttpSocket = Socket & { _httpMessage?: { headersSent?: boolean; req?: { complete?: boolean } } | null };

/** The refusal in the envelope, ended and closed once written: the answer goes out before the connection does. */
function refuse(socket: Socket, status: number, message: string): void {
  const body = JSON.stringify(failure(status, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
  socket.destroySoon();
}

/** Fastify's `clientErrorHandler`: the refusal in the envelope, then the connection closed. */
export function answerClientErrors(timeouts: Timeouts, log: () => FastifyBaseLogger) {
  return (error: ClientError, raw: Socket): void => {
    const socket = raw as HttpSocket;
    // A connection the client reset, or one already gone: there is nobody to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    // Bytes that came after a refusal already sent: the parser fails on them again.
    if (socket.writableEnded) return void socket.destroy();
    const response = socket._httpMessage ?? null;
    const { status, message } = clientRefusal(error.code, timeouts, response !== null);
    // The code only: the error's rawPacket holds the request's bytes, credentials included.
    log().info({ code: error.code, status }, 'request refused before it was read');
    // A response already under way (a route answered before the body came) must not get a second one inside it.
    if (!socket.writable || response?.headersSent) return void socket.destroy();
    refuse(socket, status, message);
  };
}

/**
 * What Node answers by itself unless the server listens, answered in the envelope instead. The idle
 * limit (http/timeouts.ts `idleMs`, Fastify's connectionTimeout), where Node closes a silent connection
 * without a word: a request whose body stopped coming is told so with a 408, as one cut by the
 * whole-request limit is; anything else silent — a keep-alive connection between requests, a request
 * still being worked on, a response under way — is closed as Node closes it. An `Expect` other than
 * 100-continue, which Node answers with a bare 417.
 */
export function answerServerRefusals(server: Server, timeouts: Timeouts, log: () => FastifyBaseLogger): void {
  server.on('timeout', (raw: Socket) => {
    const socket = raw as HttpSocket;
    const response = socket._httpMessage;
    if (!socket.writable || !response || response.headersSent || response.req?.complete !== false)
      return void socket.destroy();
    log().info({ code: 'idle', status: FAILURE.timeout }, 'request refused before it was read');
    refuse(
      socket,
      FAILURE.timeout,
      `The request's body must not fall silent for more than ${seconds(timeouts.idleMs)} before it is complete`,
    );
  });
  server.on('checkExpectation', (_req, res) => {
    const body = JSON.stringify(
      failure(FAILURE.expectationFailed, 'The Expect header may only be 100-continue (RFC 9110 §10.1.1)'),
    );
    res.writeHead(FAILURE.expectationFailed, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      // The body it announced may follow, or not: the next request's start is unknown.
      connection: 'close',
    });
    res.end(body);
  });
}

/**
 * An HTTP/1.1 request without a Host header: Node's own check answers a bare 400, so it is turned
 * off (http/app.ts, `requireHostHeader`) and made here, before any route, in the envelope.
 */
export function requireHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersion !== '1.1' || request.headers.host !== undefined) return;
    reply.header('connection', 'close');
    return sendFailure(reply, invalid('An HTTP/1.1 request must have a Host header (RFC 9112 §3.2)'));
  });
}
