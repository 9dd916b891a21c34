/**
 * One request of the page fetcher (knowledge/fetch.ts): connected to checked addresses only, its
 * body decompressed and read within a byte cap, its type checked, all within a signal's time.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupAddress } from 'node:dns';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { pinned } from './address.ts';
import { FetchRefused, megabytes } from './refusal.ts';

export interface Want {
  what: 'page' | 'sitemap' | 'robots.txt';
  accept: string;
  /** The media types taken (null: any), named in a refusal as `expected`. */
  types: ReadonlySet<string> | null;
  expected: string;
  /** Past `cap` bytes the body is refused, or, when `truncate`, cut there. */
  cap: number;
  truncate: boolean;
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const mediaType = (headers: IncomingHttpHeaders) => (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();

/** `promise`, unless `signal` aborts first: then a timeout refusal. */
export function within<T>(promise: Promise<T>, signal: AbortSignal, refusal: () => FetchRefused): Promise<T> {
  if (signal.aborted) return Promise.reject(refusal());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(refusal());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

const decompressed = (response: IncomingMessage): Readable | null => {
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  if (encoding === 'identity') return response;
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? createGunzip()
      : encoding === 'deflate'
        ? createInflate()
        : encoding === 'br'
          ? createBrotliDecompress()
          : null;
  return decoder && response.pipe(decoder);
};

/** One request to `url`, connected to `addresses` only; a success's body read within `want`. */
export function exchange(
  url: URL,
  addresses: readonly LookupAddress[],
  headers: Record<string, string>,
  want: Want,
  signal: AbortSignal,
  tooLate: () => FetchRefused,
): Promise<Answer> {
  if (signal.aborted) return Promise.reject(tooLate());
  return new Promise<Answer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    let body: Readable | null = null;
    const settle = (error: Error | null, answer?: Answer) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      request.destroy();
      // A decompressor stops inflating what it already holds only when destroyed (a small bomb is large).
      body?.destroy();
      if (error) reject(error);
      else resolve(answer!);
    };
    const onAbort = () => settle(tooLate());
    const unreachable = (error: NodeJS.ErrnoException) =>
      settle(new FetchRefused('status', `${url.host} could not be reached (${error.code ?? error.message})`));
    const tooLarge = () =>
      settle(new FetchRefused('too-large', `the ${want.what} is larger than ${megabytes(want.cap)}`));
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { agent: false, headers, lookup: pinned(addresses) }, (response) => {
      const status = response.statusCode ?? 0;
      const done = () => settle(null, { status, headers: response.headers, body: Buffer.concat(chunks) });
      response.on('error', unreachable);
      if (status < 200 || status > 299) return done();
      const type = mediaType(response.headers);
      if (want.types && !want.types.has(type))
        return settle(
          new FetchRefused('type', `the ${want.what} is ${type || 'of no stated type'}, not ${want.expected}`),
        );
      if (!want.truncate && Number(response.headers['content-length']) > want.cap) return tooLarge();
      body = decompressed(response);
      if (!body)
        return settle(new FetchRefused('type', `the ${want.what} is compressed in a way the service does not read`));
      body.on('data', (chunk: Buffer) => {
        if (settled) return;
        if (size + chunk.length <= want.cap) {
          chunks.push(chunk);
          size += chunk.length;
        } else if (!want.truncate) tooLarge();
        else {
          chunks.push(chunk.subarray(0, want.cap - size));
          size = want.cap;
          done();
        }
      });
      body.on('end', done);
      body.on('error', unreachable);
    });
    request.on('error', unreachable);
    signal.addEventListener('abort', onAbort, { once: true });
    request.end();
  });
}

const CHARSET = /charset\s*=\s*["']?([\w.:-]{1,40})/i;

/** A page's text, in the charset its Content-Type names, else its `<meta>` in the first KB, else UTF-8. */
export function textOf(answer: Answer): string {
  const declared =
    CHARSET.exec(answer.headers['content-type'] ?? '')?.[1] ??
    CHARSET.exec(answer.body.subarray(0, 1024).toString('latin1'))?.[1];
  try {
    return new TextDecoder(declared ?? 'utf-8').decode(answer.body);
  } catch {
    return new TextDecoder().decode(answer.body);
  }
}
