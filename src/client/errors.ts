/** The client's typed failures. */

/**
 * The service answered with a failure: an envelope with `Success: false`, a non-2xx status, or
 * an `event: error` inside a stream. `code` is the envelope's Code (equal to the HTTP status for
 * envelope failures; for a stream error the HTTP status is the 200 that opened the stream).
 * A response that breaks the contract itself (no envelope, a malformed event) has code 502.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status of the response. */
  readonly status: number;
  /** The envelope's (or the stream error's) Code. */
  readonly code: number;
  /** The envelope's Data: null, or the zero value an operation documents (RealEstateUpdate: 0). */
  readonly data: unknown;

  constructor(status: number, code: number, message: string, data: unknown = null) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

export type NetworkErrorCode =
  /** No response: the service could not be reached. */
  | 'unreachable'
  /** The connection broke (or the stream ended) before the response was complete. */
  | 'interrupted';

/** The network failed; nothing can be said about what the service did. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly code: NetworkErrorCode;

  constructor(code: NetworkErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** What every aborted call rejects with: a DOMException named AbortError, as fetch uses. */
export function abortError(): DOMException {
  return new DOMException('The request was aborted', 'AbortError');
}

export function isAbortError(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}
