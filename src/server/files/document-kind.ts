/**
 * What an uploaded document is, by its content: a PDF by its header, a DOCX by its ZIP entry
 * word/document.xml, text by being UTF-8 — its name only telling Markdown from plain text.
 */

export type DocumentKind = 'pdf' | 'docx' | 'markdown' | 'text';

/** Each kind's media type, as the service serves the file (files/sniff.ts MIME_TYPES). */
export const DOCUMENT_TYPES = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  markdown: 'text/markdown; charset=utf-8',
  text: 'text/plain; charset=utf-8',
} as const satisfies Record<DocumentKind, string>;

/** How much of a file's start `documentKind` should see: Word writes word/document.xml among its first entries. */
export const KIND_HEAD_BYTES = 64 * 1024;

const MARKDOWN_NAMES: readonly string[] = ['.md', '.markdown'];
const PDF_HEADER = Buffer.from('%PDF-');
const DOCX_ENTRY = 'word/document.xml';

/** Whether `at` starts a ZIP local header (name at +30) or central directory header (name at +46) named `name`. */
function zipEntryAt(head: Buffer, name: string, at: number): boolean {
  const named = (header: number, signature: number, lengthAt: number) =>
    header >= 0 && head.readUInt32LE(header) === signature && head.readUInt16LE(header + lengthAt) === name.length;
  return named(at - 30, 0x04034b50, 26) || named(at - 46, 0x02014b50, 28);
}

/**
 * What a file is, from its first bytes (KIND_HEAD_BYTES, or all of it): a PDF by its header, a DOCX
 * by a ZIP entry named word/document.xml (a plain ZIP or an XLSX is not one), Markdown or text by
 * being UTF-8 without NUL bytes (Markdown when named .md or .markdown); null for anything else.
 */
export function documentKind(head: Uint8Array, fileName: string): DocumentKind | null {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  // At the very start, though readers look a KiB further: a text about PDFs may quote the header.
  if (bytes.subarray(0, 5).equals(PDF_HEADER)) return 'pdf';
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) {
    for (let at = bytes.indexOf(DOCX_ENTRY); at >= 0; at = bytes.indexOf(DOCX_ENTRY, at + 1))
      if (zipEntryAt(bytes, DOCX_ENTRY, at)) return 'docx';
    return null;
  }
  if (bytes.includes(0) || utf8(head, true) === null) return null;
  const name = fileName.toLowerCase();
  return MARKDOWN_NAMES.some((ending) => name.endsWith(ending)) ? 'markdown' : 'text';
}

/** UTF-8 text without its BOM, or null; `partial` lets the bytes end inside a character (a file's head). */
export function utf8(bytes: Uint8Array, partial = false): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: partial });
  } catch {
    return null;
  }
}
