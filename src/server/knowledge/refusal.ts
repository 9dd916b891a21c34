/**
 * Why the service did not read an owner's page (knowledge/fetch.ts, html.ts) or document
 * (documents.ts), in a sentence the owner can act on. Apart from the readers, so that what only
 * tells a refusal (the syncer, the extraction thread's side in the service) loads none of them.
 */

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

/** A page whose HTML is past what the reader takes (html.ts): too large, or nested too deep. */
export class HtmlRefused extends Error {
  override name = 'HtmlRefused';
  readonly code = 'too-large';
}

/** Why a document is refused: not a kind the service reads, a password, no text, too big, damaged. */
export type UnreadableCode = 'type' | 'encrypted' | 'empty' | 'too-large' | 'corrupt';

/** A document the service will not read; its message is for the owner who uploaded it. */
export class DocumentUnreadable extends Error {
  override name = 'DocumentUnreadable';
  constructor(
    readonly code: UnreadableCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
