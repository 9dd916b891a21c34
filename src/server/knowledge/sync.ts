/**
 * Reading what the service fetches or extracts for the owner's knowledge, in the background: a
 * page (by its ETag and Last-Modified: a page that did not change is not read again), a sitemap
 * (its pages become sources of their own under it; a page it no longer lists is removed), a
 * document (its file's text). Each source is claimed before it is read, so two instances on one
 * database never read it at once; what it read replaces its passages in one transaction. A
 * reading that fails leaves the passages of the last good one and says why (State failed, Error).
 * One source at a time per app, queued: a sitemap of 200 pages never holds the service.
 */
import { createHash } from 'node:crypto';
import { KNOWLEDGE_LIMITS } from '../../protocol/index.ts';
import type { Db } from '../store/db-types.ts';
import {
  claimSource,
  dueSources,
  failSource,
  finishSource,
  sitemapPages,
  type ClaimedSource,
} from '../store/knowledge-sync.ts';
import type { FileStore } from '../files/file-store.ts';
import { textPassages } from '../engines/knowledge/passages.ts';
import { DocumentUnreadable } from './refusal.ts';
import { documentKind } from '../files/document-kind.ts';
import type { Extractor } from './extract-thread.ts';

/** What reads pages and sitemaps for the service (knowledge/fetch.ts createFetcher). */
export interface PageReader {
  fetchPage(
    url: string,
    previous?: { etag: string; lastModified: string },
  ): Promise<
    | { status: 'unchanged' }
    | { status: 'fetched'; url: string; title: string; markdown: string; etag: string; lastModified: string }
  >;
  readSitemap(url: string, limit: number): Promise<string[]>;
}

export interface SyncDeps {
  db: Db;
  files: FileStore;
  reader: PageReader;
  /** What reads a document's text, away from the service's thread (extract-thread.ts); closed with the syncer. */
  extractor: Pick<Extractor, 'document' | 'close'>;
  now(): Date;
  /** A failure the owner cannot act on (the database, a bug): logged with its stack. */
  unexpected(error: unknown, source: number): void;
  /** A source was read (its passages may be new): what embeds passages looks (knowledge/embed.ts). */
  read?(): void;
}

/** A page, sitemap or document is read again once a day. */
export const SYNC_EVERY_MS = 24 * 3_600_000;

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64url');

/** Why a reading failed, in words for the owner: what the fetcher or the extractor said, else a generic line. */
function reasonOf(error: unknown): string | null {
  if (error instanceof Error && (error.name === 'FetchRefused' || error.name === 'DocumentUnreadable'))
    return error.message;
  return null;
}

/**
 * What a reading got, written: its title (the owner's, else the text's own), and its passages when
 * its text differs from the last reading's (by hash); `validators`, what the page said of itself.
 */
function keep(
  deps: SyncDeps,
  source: ClaimedSource,
  read: { title: string; markdown: string; url?: string },
  validators: { etag: string; lastModified: string },
  now: Date,
): Promise<void> {
  const title = source.ownTitle || read.title;
  const hash = hashOf(`${title}\n${read.markdown}`);
  const passages = hash === source.previous.contentHash ? null : textPassages(title, read.markdown, read.url);
  return finishSource(deps.db, source, { passages, title, ...validators, hash }, now);
}

/** Reads `source`; returns what to read next (a sitemap's pages). */
async function read(deps: SyncDeps, source: ClaimedSource): Promise<number[]> {
  const now = deps.now();
  if (source.kind === 'page') {
    const got = await deps.reader.fetchPage(source.url, source.previous);
    if (got.status === 'unchanged') await finishSource(deps.db, source, null, now);
    else {
      const page = { title: got.title || new URL(got.url).pathname, markdown: got.markdown, url: got.url };
      await keep(deps, source, page, { etag: got.etag, lastModified: got.lastModified }, now);
    }
    return [];
  }
  if (source.kind === 'sitemap') {
    const urls = await deps.reader.readSitemap(source.url, KNOWLEDGE_LIMITS.sitemapPages);
    const pages = await sitemapPages(deps.db, source, urls, now);
    await finishSource(deps.db, source, null, now);
    return pages;
  }
  if (source.kind === 'document') {
    if (!source.file) throw new DocumentUnreadable('corrupt', 'The document’s file is gone: upload it again.');
    const bytes = await deps.files.whole(source.file);
    const doc = await deps.extractor.document(bytes, documentKind(bytes, source.file.fileName), source.file.fileName);
    await keep(deps, source, doc, { etag: '', lastModified: '' }, now);
  }
  return [];
}

export function knowledgeSyncer(deps: SyncDeps) {
  const queue: number[] = [];
  let running: Promise<void> | null = null;
  let closed = false;

  const one = async (id: number) => {
    const source = await claimSource(deps.db, id, deps.now());
    if (!source) return;
    try {
      schedule(await read(deps, source));
      deps.read?.();
    } catch (error) {
      const reason = reasonOf(error);
      if (!reason) deps.unexpected(error, id);
      await failSource(deps.db, id, reason ?? 'The service could not read it; it will try again later', deps.now());
    }
  };
  const drain = async () => {
    while (queue.length && !closed) {
      const id = queue.shift()!;
      await one(id).catch((error: unknown) => deps.unexpected(error, id));
    }
  };
  /** Starts reading what waits, unless a reading runs: one at a time; what came in as it ended, next. */
  const kick = (): void => {
    if (running || closed || !queue.length) return;
    running = drain().finally(() => {
      running = null;
      kick();
    });
  };

  /** Reads these sources again, after those already waiting. */
  const schedule = (ids: readonly number[]): void => {
    for (const id of ids) if (!queue.includes(id)) queue.push(id);
    kick();
  };

  return {
    schedule,
    /** Schedules what waits for its first reading, what a gone instance left half-read, and what was read a day ago. */
    async due(): Promise<number> {
      const now = deps.now();
      const ids = await dueSources(deps.db, now, new Date(now.getTime() - SYNC_EVERY_MS));
      schedule(ids);
      return ids.length;
    },
    /** Resolves once nothing is waiting (tests; a shutdown). */
    async settled(): Promise<void> {
      while (running) await running;
    },
    async close(): Promise<void> {
      closed = true;
      queue.length = 0;
      await running;
      await deps.extractor.close();
    },
  };
}
export type KnowledgeSyncer = ReturnType<typeof knowledgeSyncer>;
