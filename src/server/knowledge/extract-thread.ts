/**
 * Pages and documents read into Markdown in a thread of their own (extract-worker.mjs): a 2 MB page
 * takes Readability a second or two and a large PDF longer, which on the service's thread would
 * hold every visitor's request meanwhile. One reading at a time; each within EXTRACT_TIMEOUT_MS and
 * the thread's memory limit — past either, the thread is ended (a new one starts for the next) and
 * the owner is told why. The thread ends itself after IDLE_MS without work, and never keeps the
 * process alive.
 */
import { Worker } from 'node:worker_threads';
import type { DocumentKind } from '../files/document-kind.ts';
import type { ExtractedDocument } from './documents.ts';
import type { ExtractJob, Extracted } from './extract-job.ts';
import { DocumentUnreadable, HtmlRefused } from './refusal.ts';

const WORKER = new URL('./extract-worker.mjs', import.meta.url);
/** The longest a reading may take. */
export const EXTRACT_TIMEOUT_MS = 60_000;
/** The thread's heap: pdf.js and mammoth need a few hundred MB for the largest documents accepted (20 MB). */
export const EXTRACT_HEAP_MB = 1_024;
/** An idle thread ends after this long. */
const IDLE_MS = 60_000;

export interface Extractor {
  /** A page's main content and title; throws HtmlRefused. */
  html(html: string, url: string): Promise<{ title: string; markdown: string }>;
  /** A document's text; throws DocumentUnreadable. */
  document(bytes: Uint8Array, type: DocumentKind | null, fileName: string): Promise<ExtractedDocument>;
  close(): Promise<void>;
}

interface WireError {
  name: string;
  message: string;
  code?: string;
  stack?: string;
}

/** The thread's error as the service's own: the owner's reasons stay theirs, anything else keeps its stack. */
function errorOf(e: WireError): Error {
  if (e.name === 'HtmlRefused') return new HtmlRefused(e.message);
  if (e.name === 'DocumentUnreadable')
    return new DocumentUnreadable((e.code ?? 'corrupt') as DocumentUnreadable['code'], e.message);
  const error = new Error(e.message);
  error.name = e.name;
  if (e.stack) error.stack = e.stack;
  return error;
}

/** What the owner is told when the thread could not finish: too long, or too much memory. */
function overrun(job: ExtractJob, why: string): Error {
  return job.kind === 'html'
    ? new HtmlRefused(`reading the page ${why}`)
    : new DocumentUnreadable('too-large', `Reading the document ${why}.`);
}

export function extractionThread(options: { timeoutMs?: number; heapMb?: number } = {}): Extractor {
  const timeoutMs = options.timeoutMs ?? EXTRACT_TIMEOUT_MS;
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | undefined;
  let next = 1;
  /** The reading in progress: one at a time, the next waits for it. */
  let line: Promise<unknown> = Promise.resolve();
  let closed = false;

  const start = (): Worker => {
    const w = new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? EXTRACT_HEAP_MB } });
    w.unref();
    return w;
  };
  const end = (w: Worker) => {
    if (worker === w) worker = null;
    void w.terminate();
  };

  function run(job: ExtractJob, transfer: ArrayBuffer[]): Promise<Extracted> {
    if (closed) return Promise.reject(new Error('The extraction thread is closed'));
    clearTimeout(idle);
    const w = (worker ??= start());
    // Held while it reads: a reading in progress is not dropped by a process that would otherwise end.
    w.ref();
    const id = next++;
    return new Promise<Extracted>((resolve, reject) => {
      const settle = () => {
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
        w.unref();
        if (worker === w) idle = setTimeout(() => end(w), IDLE_MS).unref();
      };
      const timer = setTimeout(() => {
        settle();
        end(w);
        reject(
          overrun(
            job,
            `took longer than ${timeoutMs >= 1_000 ? `${Math.round(timeoutMs / 1_000)} s` : `${timeoutMs} ms`}`,
          ),
        );
      }, timeoutMs);
      const onMessage = (m: { id: number; ok: boolean; result?: Extracted; error?: WireError }) => {
        if (m.id !== id) return;
        settle();
        if (m.ok) resolve(m.result!);
        else reject(errorOf(m.error!));
      };
      const onError = (error: Error & { code?: string }) => {
        settle();
        end(w);
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? overrun(job, 'needed more memory than a reading is given')
            : error,
        );
      };
      const onExit = (code: number) => {
        settle();
        if (worker === w) worker = null;
        reject(new Error(`The extraction thread stopped (exit code ${code})`));
      };
      w.on('message', onMessage);
      w.once('error', onError);
      w.once('exit', onExit);
      w.postMessage({ id, job }, transfer);
    });
  }

  /** After the one before it, whatever became of that. */
  function queued<T>(work: () => Promise<T>): Promise<T> {
    const done = line.then(work, work);
    line = done.catch(() => undefined);
    return done;
  }

  return {
    html: (html, url) =>
      queued(() => run({ kind: 'html', html, url }, []) as Promise<{ title: string; markdown: string }>),
    document: (bytes, type, fileName) =>
      queued(() => {
        // A copy of its own, handed over rather than copied again: the caller keeps its bytes.
        const own = bytes.slice();
        return run({ kind: 'document', bytes: own, type, fileName }, [
          own.buffer as ArrayBuffer,
        ]) as Promise<ExtractedDocument>;
      }),
    /** Ends the thread now: a reading in progress fails (the syncer leaves its source to be read again). */
    async close() {
      closed = true;
      clearTimeout(idle);
      const w = worker;
      worker = null;
      if (w) await w.terminate();
      await line;
    },
  };
}
