/** The answer stream without fetch-event-source: Node and workers (no document), fetch + the protocol's tolerant parser. */
import { createSseParser } from '../protocol/sse.ts';
import { errorFromResponse, networkError, send } from './http.ts';
import { interpret, isEventStream, type Source } from './stream-source.ts';

export const fromFetch: Source = async (request, push, signal) => {
  const res = await send(request.fetch, request.url, {
    method: 'POST',
    headers: { ...request.headers, Accept: 'text/event-stream' },
    body: request.body,
    signal,
  });
  if (!isEventStream(res)) throw await errorFromResponse(res, signal);
  const parser = createSseParser((m) => {
    const item = interpret(m, res.status);
    if (item) push(item);
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    let chunk: ReadableStreamReadResult<string>;
    try {
      chunk = await reader.read();
    } catch (error) {
      if (signal.aborted) return;
      throw networkError('interrupted', 'The stream was cut off', error);
    }
    if (chunk.done) return parser.end();
    parser.push(chunk.value);
  }
};

