/**
 * What the extraction thread does (extract-worker.mjs runs it; extract-thread.ts asks): an owner's
 * page or document read into Markdown — Readability over linkedom, pdf.js, mammoth — work that takes
 * a second or more for a large page or PDF, away from the thread that answers visitors.
 */
import { htmlToMarkdown } from './html.ts';
import { extractDocument, type DocumentKind, type ExtractedDocument } from './documents.ts';

export type ExtractJob =
  | { kind: 'html'; html: string; url: string }
  | { kind: 'document'; bytes: Uint8Array; type: DocumentKind | null; fileName: string };

export type Extracted = { title: string; markdown: string } | ExtractedDocument;

export function runJob(job: ExtractJob): Promise<Extracted> | Extracted {
  return job.kind === 'html' ? htmlToMarkdown(job.html, job.url) : extractDocument(job.bytes, job.type, job.fileName);
}
