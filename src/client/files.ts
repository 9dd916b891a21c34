/**
 * A file of the service: where it is served, and downloading it with a credential. Apart from
 * call.ts so that only code that shows files carries it (in the widget, the media chunk).
 */
import { FILE_PATH_PREFIX } from '../protocol/paths.ts';
import { baseOf, fetchOf, headersFor, type CallOptions, type ClientOptions } from './call.ts';
import { NetworkError, abortError } from './errors.ts';
import { readEnvelope, send } from './http.ts';

/** Where a file is served: `GET {base}/chat/File/{id}`. */
export const fileUrl = (options: ClientOptions, fileStoreId: string | number) =>
  `${baseOf(options)}${FILE_PATH_PREFIX}${encodeURIComponent(String(fileStoreId))}`;

/** Downloads a file with the options' credential (a visitor's own files need it); the service's ApiError when refused. */
export async function getFile(options: ClientOptions, fileStoreId: string | number, opts?: CallOptions): Promise<Blob> {
  const res = await send(fetchOf(options), fileUrl(options, fileStoreId), {
    headers: headersFor(options, false),
    signal: opts?.signal ?? null,
  });
  if (!res.ok) await readEnvelope(res, opts?.signal);
  try {
    return await res.blob();
  } catch (error) {
    if (opts?.signal?.aborted) throw abortError();
    throw new NetworkError('interrupted', 'The file download was cut off', { cause: error });
  }
}
