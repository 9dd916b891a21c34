/**
 * Asking (API.md §3.5), as two functions the widget's panel imports alone — the client's index
 * carries every other operation and the event streams, which the panel never needs at once.
 */
import type { AskBody } from '../protocol/chat.ts';
import { routeOf } from '../protocol/paths.ts';
import { baseOf, callOperation, fetchOf, headersFor, type CallOptions, type ClientOptions } from './call.ts';
import { openStream, type AskStreamItem } from './stream.ts';

export type AskRequest = Omit<AskBody, 'stream'>;

/** Ask and wait for the whole answer (also `client.ask`; alone, for code that needs nothing else). */
export const ask = (options: ClientOptions, body: AskRequest, opts?: CallOptions) =>
  callOperation(options, 'ClientAsk', { ...body, stream: false }, opts);

/** Ask and read the answer as it is generated: fragments, then the final object (also `client.askStream`). */
export function askStream(options: ClientOptions, body: AskRequest, opts?: CallOptions): AsyncIterable<AskStreamItem> {
  return openStream({
    url: baseOf(options) + routeOf('ClientAsk').path,
    headers: headersFor(options, true),
    body: JSON.stringify({ ...body, stream: true }),
    fetch: fetchOf(options),
    signal: opts?.signal,
  });
}
