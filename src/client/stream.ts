/**
 * The answer stream of ClientAsk (API.md §3.5) as an async iterable: fragments, then the final
 * object. A question is never sent twice: one POST per call, no retry, whatever happens.
 */
import { fetchEventSource } from '@microsoft/fetch-event-source';
import { ApiError, NetworkError, abortError, isAbortError } from './errors.ts';
import { errorFromResponse, networkError, type FetchLike } from './http.ts';
import { interpret, isEventStream, type AskStreamItem, type Source, type StreamRequest } from './stream-source.ts';

export async function* openStream(request: StreamRequest): AsyncGenerator<AskStreamItem, void, undefined> {
  const { signal } = request;
  if (signal?.aborted) throw abortError();
  const queue: (AskStreamItem | Error | 'end')[] = [];
  let wake: (() => void) | null = null;
  const put = (x: AskStreamItem | Error | 'end') => {
    queue.push(x);
    wake?.();
  };
  const stop = new AbortController();
  const onAbort = () => {
    stop.abort();
    put(abortError());
  };
  // Removed when the stream ends: `stop` is aborted then.
  signal?.addEventListener('abort', onAbort, { once: true, signal: stop.signal });
  // Browsers get fetch-event-source (as the product requires); Node and workers the protocol's
  // parser, loaded only there so that no browser downloads it.
  const source: Source = typeof document === 'undefined' ? (await import('./stream-fetch.ts')).fromFetch : fromEventSource;
  source(request, put, stop.signal).then(
    () => put('end'),
    (error: unknown) => put(error instanceof Error ? error : new Error(String(error))),
  );
  try {
    for (;;) {
      if (!queue.length) await new Promise<void>((r) => (wake = r));
      wake = null;
      const next = queue.shift()!;
      if (signal?.aborted) throw abortError();
      if (next === 'end') throw new NetworkError('interrupted', 'The stream ended before the final answer');
      if (next instanceof Error) throw next;
      yield next;
      if (next.kind === 'final') return;
    }
  } finally {
    stop.abort();
  }
}

/**
 * Browsers: @microsoft/fetch-event-source, configured so it can never re-send the question
 * (its traps: TOOLCHAIN.md §6) — no reconnect on hidden tabs, no retry, ok-and-type checked.
 */
const fromEventSource: Source = async (request, push, signal) => {
  let opened = false;
  try {
    await fetchEventSource(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal,
      openWhenHidden: true,
      fetch: terminated(request.fetch),
      async onopen(res) {
        if (!isEventStream(res)) throw await errorFromResponse(res, signal);
        opened = true;
      },
      onmessage(m) {
        const item = interpret(m, 200);
        if (item instanceof Error) throw item;
        if (item) push(item);
      },
      onerror(error: unknown) {
        throw error;
      },
    });
  } catch (error) {
    if (error instanceof ApiError || isAbortError(error) || error instanceof NetworkError) throw error;
    if (signal.aborted) return;
    throw opened ? networkError('interrupted', 'The stream was cut off', error) : networkError('unreachable', 'Could not reach the service', error);
  }
};

/**
 * fetch-event-source drops a last event that is not followed by a blank line (unlike our
 * parser); ending every body with one more line end makes both read the same events.
 */
function terminated(fetchImpl: FetchLike): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const res = await fetchImpl(String(input), init);
    if (!res.body || !isEventStream(res)) return res;
    const ending = new Uint8Array([10, 10]); // "\n\n"
    const body = res.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({ flush: (controller) => controller.enqueue(ending) }),
    );
    // The response itself is the init: its status, statusText and headers carry over.
    return new Response(body, res);
  }) as typeof fetch;
}
