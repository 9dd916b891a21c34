/** Why the service did not fetch an owner's page (knowledge/fetch.ts), in a sentence the owner can act on. */

export type RefusalCode =
  'address' | 'robots' | 'too-large' | 'timeout' | 'type' | 'status' | 'redirects' | 'host' | 'url';

/** Why a page was not fetched, in a sentence the owner can act on. */
export class FetchRefused extends Error {
  override name = 'FetchRefused';
  constructor(
    readonly code: RefusalCode,
    message: string,
  ) {
    super(message);
  }
}

/** A size in words: "2 MB", "100 KB". */
export const megabytes = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(bytes / 1024)} KB`;
