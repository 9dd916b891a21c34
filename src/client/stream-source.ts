/**
 * What both sources of the answer stream share (fetch-event-source in browsers, stream-fetch.ts
 * elsewhere): the request a source is given, the items it pushes, and how it reads one SSE message.
 */
import type { StreamFinal } from '../protocol/chat.ts';
import type { SseMessage } from '../protocol/sse.ts';
import { ApiError } from './errors.ts';
import { contentType, type FetchLike } from './http.ts';
import { parseJson } from './json.ts';

/** One item of `askStream`: every fragment, then — last — the final object. */
export type AskStreamItem = { kind: 'fragment'; content: string } | ({ kind: 'final' } & StreamFinal);

export interface StreamRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  fetch: FetchLike;
  signal?: AbortSignal | undefined;
}

export type Push = (item: AskStreamItem | Error) => void;
export type Source = (request: StreamRequest, push: Push, signal: AbortSignal) => Promise<void>;

/** Turns one SSE message into a stream item; empty and unknown events are skipped. */
export function interpret(message: SseMessage, status: number): AskStreamItem | Error | null {
  if (!message.data.trim()) return null;
  let payload: unknown;
  try {
    payload = parseJson(message.data);
  } catch {
    return new ApiError(status, 502, 'The service sent a stream event that is not JSON');
  }
  const p = (typeof payload === 'object' && payload !== null ? payload : {}) as Record<string, unknown>;
  if (message.event === 'error') {
    const code = typeof p.Code === 'number' ? p.Code : 500;
    return new ApiError(status, code, typeof p.Message === 'string' && p.Message ? p.Message : `The answer failed (${code})`);
  }
  if (message.event !== '' && message.event !== 'message') return null;
  if (typeof p.Answer === 'string' && typeof p.QuestionID === 'number' && typeof p.AnswerID === 'number')
    return { kind: 'final', QuestionID: p.QuestionID, AnswerID: p.AnswerID, Answer: p.Answer, TotalToken: Number(p.TotalToken ?? 0) };
  if (typeof p.content === 'string') return { kind: 'fragment', content: p.content };
  return null;
}

export const isEventStream = (res: Response) => res.ok && contentType(res).startsWith('text/event-stream');
