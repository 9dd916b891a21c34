/** One request and its envelope: the transport under every client method. */
import type { EnvelopeOf } from '../protocol/envelope.ts';
import { ApiError, NetworkError, abortError, type NetworkErrorCode } from './errors.ts';
import { parseJson } from './json.ts';

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function isEnvelope(v: unknown): v is EnvelopeOf<unknown> {
  return isRecord(v) && 'Data' in v && typeof v.Success === 'boolean' && typeof v.Code === 'number';
}

/** fetch, with a failure to get any response turned into a NetworkError (or the AbortError). */
export async function send(fetchImpl: FetchLike, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetchImpl(url, init);
  } catch (error) {
    if (init.signal?.aborted) throw abortError();
    throw networkError('unreachable', 'Could not reach the service', error);
  }
}

/** The response's envelope Data, or the ApiError it describes. */
export async function readEnvelope<T>(res: Response, signal?: AbortSignal | null): Promise<T> {
  const body = await readJson(res, signal);
  if (!isEnvelope(body)) throw withoutEnvelope(res);
  if (!res.ok || !body.Success) {
    const message = typeof body.Message === 'string' && body.Message ? body.Message : `Request failed (${body.Code})`;
    throw new ApiError(res.status, body.Code, message, body.Data);
  }
  return body.Data as T;
}

/** The ApiError a response that is not the expected one stands for (used before a stream opens). */
export async function errorFromResponse(res: Response, signal?: AbortSignal | null): Promise<Error> {
  const body = await readJson(res, signal).catch((e: unknown) => e);
  if (body instanceof Error) return body;
  if (isEnvelope(body) && !body.Success) return new ApiError(res.status, body.Code, body.Message, body.Data);
  if (res.ok)
    return new ApiError(
      res.status,
      502,
      `Expected an event stream but the service answered ${contentType(res) || 'no content type'}`,
    );
  return withoutEnvelope(res);
}

export function contentType(res: Response): string {
  return (res.headers.get('content-type') ?? '').toLowerCase();
}

async function readJson(res: Response, signal?: AbortSignal | null): Promise<unknown> {
  let text: string;
  try {
    text = await res.text();
  } catch (error) {
    if (signal?.aborted) throw abortError();
    throw networkError('interrupted', 'The response was cut off', error);
  }
  try {
    return parseJson(text);
  } catch {
    return undefined;
  }
}

function withoutEnvelope(res: Response): ApiError {
  return res.ok
    ? new ApiError(res.status, 502, 'The service answered without an envelope')
    : new ApiError(
        res.status,
        res.status,
        `The service answered ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`,
      );
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The request failed on its way: what broke, and the error that said so. */
export function networkError(code: NetworkErrorCode, what: string, error: unknown): NetworkError {
  return new NetworkError(code, `${what} (${describe(error)})`, { cause: error });
}
