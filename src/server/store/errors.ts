/**
 * What the stores refuse — the database's and the file store's — in their own words, not HTTP's:
 * the parts above say it to their callers (http/envelope.ts makes each the envelope's failure; the
 * listings command prints it).
 */

export type Refusal = 'invalid' | 'notFound' | 'conflict' | 'tooLarge' | 'unsupported' | 'unavailable';

export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly refusal: Refusal,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** What is asked cannot be stored as it is: the message names the field and the rule. */
export const invalidRecord = (message: string) => new StoreError('invalid', message);
/** What is asked clashes with what is stored (a key used, a row changed meanwhile). */
export const conflicting = (message: string) => new StoreError('conflict', message);
/** A file larger than its kind allows. */
export const tooLargeFile = (message: string) => new StoreError('tooLarge', message);
/** A file that is not of a kind taken. */
export const unsupportedFile = (message: string) => new StoreError('unsupported', message);
/** The storage cannot be reached just now; `cause`, what it said, is for the log. */
export const storageUnavailable = (cause?: unknown) =>
  new StoreError('unavailable', 'The service cannot reach its storage just now; please try again in a few seconds', {
    cause,
  });
