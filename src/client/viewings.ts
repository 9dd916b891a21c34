/**
 * The viewing operations [ext] (API.md §3.11) as functions: at the paths of protocol/viewing-paths.ts,
 * never through routeOf — so the widget's panel, which carries routeOf, carries none of them; its
 * slots chunk imports this module alone.
 */
import type { ViewingOperation } from '../protocol/paths.ts';
import type { BodyOf, DataOf } from '../protocol/operations.ts';
import { VIEWING_ROUTES } from '../protocol/viewing-paths.ts';
import { baseOf, fetchOf, headersFor, type CallOptions, type ClientOptions } from './call.ts';
import { readEnvelope, send } from './http.ts';

/** Calls a viewing operation and returns its Data, or throws ApiError / NetworkError / AbortError. */
export async function callViewing<N extends ViewingOperation>(
  options: ClientOptions,
  name: N,
  body: BodyOf<N>,
  opts?: CallOptions,
): Promise<DataOf<N>> {
  const res = await send(fetchOf(options), baseOf(options) + VIEWING_ROUTES[name], {
    method: 'POST',
    headers: headersFor(options, true),
    body: JSON.stringify(body),
    signal: opts?.signal ?? null,
  });
  return readEnvelope<DataOf<N>>(res, opts?.signal);
}
