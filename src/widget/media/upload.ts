/**
 * The three steps of API.md §3.7 for one file, with progress and cancel: GetPreUploadUrl, a PUT of
 * the bytes (XMLHttpRequest: fetch cannot report upload progress), UploadSuccess.
 */
import { ApiError, NetworkError } from '../../client/errors.ts';
import { callOperation, type ClientOptions } from '../../client/call.ts';
import { parseJson } from '../../client/json.ts';

export interface Uploaded {
  id: number;
  kind: 'Image' | 'Audio' | 'Video';
}

/** Where the visitor's session comes from (the conversation), made when first needed: files are uploaded to it and fetched with its credentials. */
export interface SessionSource {
  session(): Promise<{ client: ClientOptions; sessionId: number }>;
}

export async function uploadFile(
  source: SessionSource,
  file: Blob & { name?: string },
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<Uploaded> {
  const { client, sessionId } = await source.session();
  const { FileStoreId, PreUploadUrl } = await callOperation(
    client,
    'GetPreUploadUrl',
    { fileName: file.name || 'file', sessionID: sessionId },
    { signal },
  );
  await new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', PreUploadUrl);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = `The upload failed (${xhr.status})`;
      try {
        message = (parseJson(xhr.responseText) as { Message?: string }).Message || message;
      } catch {
        // not the envelope: keep the status
      }
      reject(new ApiError(xhr.status, xhr.status, message));
    };
    xhr.onerror = () => reject(new NetworkError('unreachable', 'The upload was cut off'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
  onProgress(1);
  const checked = await callOperation(client, 'UploadSuccess', { FileStoreId }, { signal });
  // Never a Document: the service takes those from owners only.
  return { id: Number(FileStoreId), kind: checked.Kind as Uploaded['kind'] };
}
