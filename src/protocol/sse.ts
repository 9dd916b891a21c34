/**
 * Server-sent events framing (WHATWG HTML §9.2) for the answer stream of API.md §3.5.
 * Schema-free: the client imports the parser at run time.
 */

/** One dispatched event. `event` is '' for the default ("message") type. */
export interface SseMessage {
  event: string;
  data: string;
  id: string;
  retry?: number;
}

/** One event: a single `data:` line of JSON (JSON never holds a raw newline), then a blank line; `id`: its id line first. */
export function encodeSseEvent(data: unknown, event?: string, id?: number | string): string {
  return `${id === undefined ? '' : `id: ${id}\n`}${event ? `event: ${event}\n` : ''}data: ${JSON.stringify(data)}\n\n`;
}

/** A comment line (`: ping`), which every conforming reader ignores; keeps proxies from timing out. */
export function encodeSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]+/g, ' ')}\n\n`;
}

export interface SseParser {
  /** Feeds the next decoded chunk; it may end anywhere, even between `\r` and `\n`. */
  push(chunk: string): void;
  /** Ends the input. Unlike EventSource, a last event without its blank line is still dispatched. */
  end(): void;
}

/**
 * A tolerant, incremental parser: LF, CRLF and CR line ends, a leading BOM, comments, fields
 * without a colon or without the space after it, several `data:` lines joined with `\n`,
 * unknown fields ignored. Events with no data (keep-alives, stray blank lines) are not dispatched.
 */
export function createSseParser(onMessage: (message: SseMessage) => void): SseParser {
  let buffer = '';
  let first = true;
  let pendingCR = false;
  let data: string[] = [];
  let event = '';
  let lastId = '';
  let retry: number | undefined;

  const dispatch = () => {
    if (data.length > 0)
      onMessage({ event, data: data.join('\n'), id: lastId, ...(retry === undefined ? {} : { retry }) });
    data = [];
    event = '';
    retry = undefined;
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };

  return {
    push(chunk) {
      if (first && chunk.length > 0) {
        first = false;
        if (chunk.charCodeAt(0) === 0xfeff) chunk = chunk.slice(1);
      }
      // A CR that ended the previous chunk already ended its line; a LF right after it is the same line end.
      if (pendingCR && chunk.startsWith('\n')) chunk = chunk.slice(1);
      pendingCR = false;
      // Only the new text can hold a line end: the kept buffer is one unfinished line.
      let i = buffer.length;
      buffer += chunk;
      let start = 0;
      for (; i < buffer.length; i++) {
        const c = buffer.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        line(buffer.slice(start, i));
        if (c === 13) {
          if (i + 1 === buffer.length) pendingCR = true;
          else if (buffer.charCodeAt(i + 1) === 10) i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    end() {
      if (buffer !== '') line(buffer);
      buffer = '';
      dispatch();
    },
  };
}

/** Parses a whole stream body at once (tests, `app.inject` bodies). */
export function parseSse(text: string): SseMessage[] {
  const out: SseMessage[] = [];
  const parser = createSseParser((m) => out.push(m));
  parser.push(text);
  parser.end();
  return out;
}

/**
 * The parser as a TransformStream — decoded text in, messages out — for a pipeline its reader
 * drives: nothing is parsed, or read from the network, before the reader asks for the next message.
 */
export function sseMessages(): TransformStream<string, SseMessage> {
  let parser: SseParser;
  return new TransformStream({
    start: (controller) => void (parser = createSseParser((m) => controller.enqueue(m))),
    transform: (chunk) => parser.push(chunk),
    flush: () => parser.end(),
  });
}
