/**
 * The typed client of API.md: one method per operation, each credential in the header API.md
 * names, failures as ApiError / NetworkError, aborts as AbortError. Runs in browsers and Node.
 */
import { FILE_PATH_PREFIX, HEADERS, ROUTES, type OperationName } from '../protocol/paths.ts';
import type { BodyOf, DataOf } from '../protocol/operations.ts';
import type { AskBody } from '../protocol/chat.ts';
import type { UploadResult } from '../protocol/files.ts';
import { readEnvelope, send, type FetchLike } from './http.ts';
import { openStream, type AskStreamItem } from './stream.ts';
import { NetworkError, abortError } from './errors.ts';

export { ApiError, NetworkError, abortError, isAbortError, type NetworkErrorCode } from './errors.ts';
export type { AskStreamItem } from './stream.ts';
export type { FetchLike } from './http.ts';

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

export type Client = ReturnType<typeof createClient>;
type AskRequest = Omit<AskBody, 'stream'>;
/** What `upload` sends: any bytes fetch can send (a Node Buffer too). */
export type UploadBody = Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>;

export function createClient(options: ClientOptions) {
  const base = options.baseUrl.replace(/\/+$/, '');
  // Looked up per call, so a fetch patched after the client was made is the one used.
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  function headers(json: boolean): Record<string, string> {
    const h: Record<string, string> = { Accept: 'application/json' };
    if (json) h['Content-Type'] = 'application/json';
    const authorization = options.apiKey ?? options.visitorToken;
    if (authorization) h[HEADERS.authorization] = authorization;
    if (options.sessionKey) h[HEADERS.sessionKey] = options.sessionKey;
    return h;
  }

  async function call<N extends OperationName>(name: N, body: unknown, opts?: CallOptions): Promise<DataOf<N>> {
    const route = ROUTES[name];
    const post = route.method === 'POST';
    const res = await send(fetchImpl, base + route.path, {
      method: route.method,
      headers: headers(post),
      body: post ? JSON.stringify(body ?? {}) : null,
      signal: opts?.signal ?? null,
    });
    return readEnvelope<DataOf<N>>(res, opts?.signal);
  }

  const op =
    <N extends OperationName>(name: N) =>
    (body: BodyOf<N>, opts?: CallOptions) =>
      call(name, body, opts);

  return {
    baseUrl: base,
    /** A client with these credentials replacing the current ones (given keys only). */
    withCredentials: (credentials: Credentials) => createClient({ ...options, ...credentials }),

    add: op('Add'),
    edit: op('Edit'),
    /** Without an API key this is the visitor flow: Data carries VisitorToken and ExpiresAt. */
    getSession: op('GetSession'),
    /** Every setting for owners; the public ones for visitors. */
    get: op('Get'),
    modelList: (opts?: CallOptions) => call('ModelList', null, opts),
    sessionKey: (opts?: CallOptions) => call('SessionKey', {}, opts),

    /** Ask and wait for the whole answer. */
    ask: (body: AskRequest, opts?: CallOptions) => call('ClientAsk', { ...body, stream: false }, opts),
    /** Ask and read the answer as it is generated: fragments, then the final object. */
    askStream: (body: AskRequest, opts?: CallOptions): AsyncIterable<AskStreamItem> =>
      openStream({
        url: base + ROUTES.ClientAsk.path,
        headers: headers(true),
        body: JSON.stringify({ ...body, stream: true }),
        fetch: fetchImpl,
        signal: opts?.signal,
      }),
    talkToHuman: op('TalkToHuman'),

    realEstateCreate: op('RealEstateCreate'),
    realEstateUpdate: op('RealEstateUpdate'),
    realEstateDelete: op('RealEstateDelete'),
    realEstateList: op('RealEstateList'),
    realEstateGet: op('RealEstateGet'),

    getPreUploadUrl: op('GetPreUploadUrl'),
    /**
     * Step 2: PUT the raw bytes to a PreUploadUrl. No credential is sent: the URL carries its
     * own short-lived permission and may point at another host.
     */
    upload: async (preUploadUrl: string, bytes: UploadBody, opts?: CallOptions): Promise<UploadResult> => {
      const init: RequestInit & { duplex?: 'half' } = {
        method: 'PUT',
        headers: { 'Content-Type': 'application/octet-stream', Accept: 'application/json' },
        // fetch sends any view of bytes; TypeScript's BodyInit admits only those over an ArrayBuffer.
        body: bytes as BodyInit,
        signal: opts?.signal ?? null,
      };
      if (bytes instanceof ReadableStream) init.duplex = 'half';
      return readEnvelope<UploadResult>(await send(fetchImpl, preUploadUrl, init), opts?.signal);
    },
    uploadSuccess: op('UploadSuccess'),

    /** Where a file is served; profile pictures and icons need no credential. */
    fileUrl: (fileStoreId: string | number) => `${base}${FILE_PATH_PREFIX}${encodeURIComponent(String(fileStoreId))}`,
    /** Downloads a file with this client's credential (a visitor's own files need it). */
    getFile: async (fileStoreId: string | number, opts?: CallOptions): Promise<Blob> => {
      const url = `${base}${FILE_PATH_PREFIX}${encodeURIComponent(String(fileStoreId))}`;
      const res = await send(fetchImpl, url, { headers: headers(false), signal: opts?.signal ?? null });
      if (!res.ok) await readEnvelope(res, opts?.signal);
      try {
        return await res.blob();
      } catch (error) {
        if (opts?.signal?.aborted) throw abortError();
        throw new NetworkError('interrupted', 'The file download was cut off', { cause: error });
      }
    },
  };
}
