/** One operation of the API, as a function: what every client method uses, importable alone. */
import { HEADERS, routeOf, type RoutedOperation } from '../protocol/paths.ts';
import type { BodyOf, DataOf } from '../protocol/operations.ts';
import { readEnvelope, send, type FetchLike } from './http.ts';

export interface Credentials {
  /** The owner's API key (`Authorization`). Never put it in a public page. */
  apiKey?: string | undefined;
  /** An owner session key (`chatrobot-sessionkey`), as issued by `sessionKey()`. */
  sessionKey?: string | undefined;
  /** A visitor token (`Authorization`), as issued by `getSession()` without an API key. */
  visitorToken?: string | undefined;
}

export interface ClientOptions extends Credentials {
  /** The service origin, e.g. `https://chat.example.com` ('' = the page's own origin). */
  baseUrl: string;
  /** A fetch to use instead of the global one. */
  fetch?: FetchLike | undefined;
}

export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** The headers of a request with these credentials. */
export function headersFor(options: Credentials, json: boolean): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json' };
  if (json) h['Content-Type'] = 'application/json';
  const authorization = options.apiKey ?? options.visitorToken;
  if (authorization) h[HEADERS.authorization] = authorization;
  if (options.sessionKey) h[HEADERS.sessionKey] = options.sessionKey;
  return h;
}

export const baseOf = (options: ClientOptions) => options.baseUrl.replace(/(?<!\/)\/+$/, '');

// Looked up per call, so a fetch patched after the client was made is the one used.
export const fetchOf = (options: ClientOptions): FetchLike =>
  options.fetch ?? ((input, init) => globalThis.fetch(input, init));

/** Calls an operation and returns its Data, or throws ApiError / NetworkError / AbortError. */
export async function callOperation<N extends RoutedOperation>(
  options: ClientOptions,
  name: N,
  body: unknown,
  opts?: CallOptions,
): Promise<DataOf<N>> {
  const route = routeOf(name);
  const post = route.method === 'POST';
  const res = await send(fetchOf(options), baseOf(options) + route.path, {
    method: route.method,
    headers: headersFor(options, post),
    body: post ? JSON.stringify(body ?? {}) : null,
    signal: opts?.signal ?? null,
  });
  return readEnvelope<DataOf<N>>(res, opts?.signal);
}

/**
 * Downloads an export [ext] (CSV or JSON of conversations or feedback): the Response, its body not
 * yet read, so it can be streamed to a file; the service's ApiError when refused.
 */
export async function exportFile(
  options: ClientOptions,
  body: BodyOf<'Export'>,
  opts?: CallOptions,
): Promise<Response> {
  const res = await send(fetchOf(options), baseOf(options) + routeOf('Export').path, {
    method: 'POST',
    headers: { ...headersFor(options, true), Accept: 'text/csv, application/json' },
    body: JSON.stringify(body),
    signal: opts?.signal ?? null,
  });
  if (!res.ok) await readEnvelope(res, opts?.signal);
  return res;
}
