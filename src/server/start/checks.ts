/**
 * What a start checks before it serves, so that a misconfiguration is said at once
 * rather than found by visitors: a setup that can only work as one instance while the database
 * could be shared, and a file store that cannot be written.
 */
import type { ServerConfig } from './config.ts';
import type { FileStore } from '../files/file-store.ts';

/**
 * Warnings for a start with DATABASE_URL — a database other instances may share — whose visitors
 * could only be served by this one: the visitor-token secret or the uploaded files in this
 * instance's DATA_DIR. (WORKERS of one machine share DATA_DIR: no warning is needed for them.)
 */
export function aloneWarnings(
  config: Pick<ServerConfig, 'databaseUrl' | 'sessionSecret' | 'files' | 'dataDir'>,
): string[] {
  if (!config.databaseUrl) return [];
  const warnings: string[] = [];
  if (!config.sessionSecret)
    warnings.push(
      'WARNING: SESSION_SECRET is not set, so visitor tokens are signed with DATA_DIR/session-secret, which only this instance has. ' +
        'Another instance on this database answers these visitors 401 ("The visitor token is not valid"). ' +
        'Give every instance the same SESSION_SECRET: `chat-bot-server secret` makes one (or copy the text of DATA_DIR/session-secret).',
    );
  if (config.files.kind === 'disk')
    warnings.push(
      `WARNING: FILES_URL=disk keeps uploaded files in ${config.dataDir}/files, on this instance only; ` +
        'another instance on this database answers 404 for them. Use FILES_URL=database or s3://bucket/prefix when instances share the database.',
    );
  return warnings;
}

/** The file store's check (files/file-store.ts), at start: one that cannot be written stops the start, saying where and why. */
export async function checkFileStore(files: FileStore, where: string): Promise<void> {
  try {
    await files.check();
  } catch (error) {
    const cause = error instanceof Error && error.message ? error.message : String(error);
    throw new Error(
      `The file store (${where}) cannot be used: ${cause}. Fix FILES_URL or the storage, then start again.`,
      { cause: error },
    );
  }
}
