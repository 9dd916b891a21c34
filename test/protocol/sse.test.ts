import { describe, expect, it } from 'vitest';
import {
  createSseParser,
  encodeSseComment,
  encodeSseEvent,
  parseSse,
  type SseMessage,
} from '../../src/protocol/sse.ts';

function feed(chunks: string[]): SseMessage[] {
  const out: SseMessage[] = [];
  const parser = createSseParser((m) => out.push(m));
  for (const c of chunks) parser.push(c);
  parser.end();
  return out;
}

describe('SSE encoding', () => {
  it('writes one JSON data line per event, then a blank line', () => {
    expect(encodeSseEvent({ content: 'a\nb' })).toBe('data: {"content":"a\\nb"}\n\n');
    expect(encodeSseEvent({ Code: 500, Message: 'x' }, 'error')).toBe(
      'event: error\ndata: {"Code":500,"Message":"x"}\n\n',
    );
    expect(encodeSseComment('ping')).toBe(': ping\n\n');
  });

  it('round-trips through the parser', () => {
    const events = [
      { content: 'Hello ' },
      { content: 'wörld 👋\r\n' },
      { QuestionID: 1, AnswerID: 2, Answer: 'Hello wörld 👋\r\n', TotalToken: 3 },
    ];
    const text = events.map((e) => encodeSseEvent(e)).join('') + encodeSseEvent({ Code: 1, Message: 'm' }, 'error');
    const parsed = parseSse(text);
    expect(parsed.map((m) => JSON.parse(m.data))).toEqual([...events, { Code: 1, Message: 'm' }]);
    expect(parsed.map((m) => m.event)).toEqual(['', '', '', 'error']);
  });
});

describe('SSE parsing', () => {
  it('accepts LF, CRLF and CR line ends', () => {
    expect(parseSse('data: a\n\ndata: b\r\n\r\ndata: c\r\rdata: d\n\n').map((m) => m.data)).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
  });

  it('ignores comments, keep-alives and stray blank lines', () => {
    expect(parseSse(': ping\n\n\n\n: hi\ndata: x\n\n: ping\n\n\n').map((m) => m.data)).toEqual(['x']);
  });

  it('dispatches a last event that has no blank line after it', () => {
    expect(parseSse('data: a\n\ndata: last').map((m) => m.data)).toEqual(['a', 'last']);
    expect(parseSse('data: last\n').map((m) => m.data)).toEqual(['last']);
  });

  it('joins several data lines and keeps the space rule of the standard', () => {
    expect(parseSse('data:one\ndata:  two\ndata\n\n')[0]!.data).toBe('one\n two\n');
  });

  it('reads event, id and retry fields and skips unknown ones', () => {
    const [m] = parseSse('event: error\nid: 7\nretry: 50\nfoo: bar\ndata: {}\n\n');
    expect(m).toEqual({ event: 'error', id: '7', retry: 50, data: '{}' });
    expect(parseSse('retry: soon\ndata: x\n\n')[0]!.retry).toBeUndefined();
  });

  it('drops a leading byte-order mark', () => {
    expect(parseSse('\uFEFFdata: x\n\n')[0]!.data).toBe('x');
  });

  it('gives the same events however the input is cut into chunks', () => {
    const text = '\uFEFF: ping\r\n\r\ndata: {"content":"a"}\r\n\r\nevent: error\rdata: {"Code":1}\r\r\n\ndata: tail';
    const whole = parseSse(text);
    expect(whole.map((m) => m.data)).toEqual(['{"content":"a"}', '{"Code":1}', 'tail']);
    for (let i = 0; i <= text.length; i++) {
      for (let j = i; j <= text.length; j += 3) {
        expect(feed([text.slice(0, i), text.slice(i, j), text.slice(j)])).toEqual(whole);
      }
    }
    expect(feed([...text])).toEqual(whole);
  });
});
