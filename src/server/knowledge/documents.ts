/**
 * A document an owner uploads to their chatbot's knowledge — PDF, DOCX, Markdown or plain text —
 * as a titled Markdown text for `textPassages`, or a refusal its owner can read. What a file is
 * comes from its content (files/document-kind.ts). PDFs are read by unpdf (pdf.js); DOCX by mammoth,
 * whose HTML becomes Markdown (docx-markdown.ts) so that the document's headings still split its
 * passages. Only a PDF that needs a password to open is refused as encrypted: one that every
 * viewer opens without asking (its owner password only sets permissions) is read.
 */
import mammoth from 'mammoth';
import { getDocumentProxy } from 'unpdf';
import { utf8, type DocumentKind } from '../files/document-kind.ts';
import { docxMarkdown, firstHeading } from './docx-markdown.ts';
import { DocumentUnreadable } from './refusal.ts';

export { documentKind, KIND_HEAD_BYTES, type DocumentKind } from '../files/document-kind.ts';
export { DocumentUnreadable, type UnreadableCode } from './refusal.ts';

export interface ExtractedDocument {
  title: string;
  markdown: string;
  /** A PDF's number of pages. */
  pages?: number;
  /** The text was cut at MAX_DOCUMENT_CHARS. */
  truncated?: boolean;
}

export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const MAX_PDF_PAGES = 500;
/** Extracted text past this many characters is cut, not refused: the start of a long manual still answers. */
export const MAX_DOCUMENT_CHARS = 1_000_000;

/** A file's name without its folders and extension: a document's title when it names none. */
function baseName(fileName: string): string {
  const name = fileName.slice(Math.max(fileName.lastIndexOf('/'), fileName.lastIndexOf('\\')) + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name).trim() || 'Untitled document';
}

/** A document's text, titled, as Markdown; throws DocumentUnreadable with a message for its owner. */
export async function extractDocument(
  bytes: Uint8Array,
  kind: DocumentKind | null,
  fileName: string,
): Promise<ExtractedDocument> {
  if (bytes.length > MAX_DOCUMENT_BYTES) throw new DocumentUnreadable('too-large', 'The file is larger than 20 MB.');
  if (kind === null)
    throw new DocumentUnreadable('type', 'The file is not a PDF, a Word document (.docx), Markdown or plain text.');
  const read = kind === 'pdf' ? await readPdf(bytes) : kind === 'docx' ? await readDocx(bytes) : readText(bytes, kind);
  const text = read.markdown.replace(/\r\n?/g, '\n');
  if (!text.trim()) throw new DocumentUnreadable('empty', read.empty);
  // Never between the halves of a surrogate pair: the character would be lost, not cut.
  let end = Math.min(text.length, MAX_DOCUMENT_CHARS);
  const last = text.charCodeAt(end - 1);
  if (end < text.length && last >= 0xd800 && last <= 0xdbff) end--;
  return {
    title: read.title?.trim() || baseName(fileName),
    markdown: text.slice(0, end),
    ...(read.pages === undefined ? {} : { pages: read.pages }),
    ...(end < text.length ? { truncated: true } : {}),
  };
}

interface Read {
  title: string | undefined;
  markdown: string;
  pages?: number;
  /** Why the document is refused when it holds no text. */
  empty: string;
}

function readText(bytes: Uint8Array, kind: 'markdown' | 'text'): Read {
  const text = utf8(bytes);
  if (text === null || text.includes('\0'))
    throw new DocumentUnreadable(
      'type',
      'The file is not plain text (UTF-8), so it cannot be read as Markdown or text.',
    );
  return {
    title: kind === 'markdown' ? firstHeading(text) : undefined,
    markdown: text,
    empty: 'The file holds no text.',
  };
}

async function readPdf(bytes: Uint8Array): Promise<Read> {
  // A copy, a plain Uint8Array of its own: pdf.js takes over what it is given, and a Buffer (the
  // file store's) is no plain array — it may be a view into Node's shared pool.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 }).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'PasswordException')
      throw new DocumentUnreadable('encrypted', 'The PDF is protected by a password; upload a copy without one.');
    throw new DocumentUnreadable('corrupt', 'The PDF could not be read; it may be damaged.', { cause: error });
  });
  try {
    if (pdf.numPages > MAX_PDF_PAGES)
      throw new DocumentUnreadable('too-large', `The PDF has more than ${MAX_PDF_PAGES} pages.`);
    const info: unknown = (await pdf.getMetadata()).info;
    const title =
      info && typeof info === 'object' && 'Title' in info && typeof info.Title === 'string' ? info.Title : '';
    const pages: string[] = [];
    let length = 0;
    // One page at a time, and no further than the text kept: a 500-page PDF's text is not all held twice.
    for (let number = 1; number <= pdf.numPages && length <= MAX_DOCUMENT_CHARS; number++) {
      const content = await (await pdf.getPage(number)).getTextContent();
      const text = content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
        .join('')
        .trim();
      if (text) pages.push(text);
      length += text.length + 2;
    }
    return {
      title,
      markdown: pages.join('\n\n'),
      pages: pdf.numPages,
      empty: 'The PDF holds no text — a scanned image? The service does not read images of text.',
    };
  } catch (error) {
    if (error instanceof DocumentUnreadable) throw error;
    throw new DocumentUnreadable('corrupt', 'The PDF could not be read; it may be damaged.', { cause: error });
  } finally {
    await pdf.destroy();
  }
}

async function readDocx(bytes: Uint8Array): Promise<Read> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // Images are left out: their bytes would become data: URLs in the HTML, and no text is read from them.
  const convertImage = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));
  const html = await mammoth.convertToHtml({ buffer }, { convertImage }).catch((error: unknown) => {
    const message = 'The Word document could not be read; it may be damaged, or not a .docx.';
    throw new DocumentUnreadable('corrupt', message, { cause: error });
  });
  const markdown = docxMarkdown(html.value);
  return { title: firstHeading(markdown), markdown, empty: 'The Word document holds no text.' };
}
