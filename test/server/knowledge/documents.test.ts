/**
 * Documents an owner uploads as the text their chatbot searches: what each file is by its
 * content, and its text — a PDF's pages and title, a Word document's headings as Markdown —
 * or a refusal an owner can read. Every file is made by test/support/documents.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  documentKind,
  DocumentUnreadable,
  extractDocument,
  KIND_HEAD_BYTES,
  MAX_DOCUMENT_CHARS,
} from '../../../src/server/knowledge/documents.ts';
import { docxMarkdown } from '../../../src/server/knowledge/docx-markdown.ts';
import { textPassages } from '../../../src/server/engines/knowledge/passages.ts';
import { docxFile, docxParts, pdfFile, zipFile } from '../../support/documents.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

const guidePdf = () =>
  pdfFile({
    title: 'Owner Guide',
    pages: [
      ['Opening hours', 'We open at nine (weekdays).'],
      ['Parking', 'Park behind the office.'],
    ],
  });

const guideDocx = () =>
  docxFile([
    { text: 'Visiting Oakridge', style: 'Heading1' },
    { text: 'The office is on Main Street.' },
    { text: 'What to bring', style: 'Heading2' },
    { text: 'Bring these papers & a pen:' },
    { text: 'Photo ID', bullet: true },
    { text: 'Proof of income', bullet: true },
    { text: 'We copy them while you wait.' },
  ]);

/** A refusal by its code; its message is for owners, so it is a sentence, not a stack. */
async function refusal(reading: Promise<unknown>): Promise<DocumentUnreadable> {
  const error = await reading.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocumentUnreadable);
  expect((error as DocumentUnreadable).name).toBe('DocumentUnreadable');
  expect((error as DocumentUnreadable).message).toMatch(/^The .+\.$/);
  return error as DocumentUnreadable;
}

describe('what a document is', () => {
  it('is a PDF by its header, whatever its name', () => {
    expect(documentKind(guidePdf(), 'guide.pdf')).toBe('pdf');
    expect(documentKind(guidePdf(), 'guide.txt')).toBe('pdf');
  });

  it('is text, not a PDF, when a text file is named .pdf or merely quotes the header', () => {
    expect(documentKind(utf8('Just some notes.'), 'notes.pdf')).toBe('text');
    expect(documentKind(utf8('A PDF starts with %PDF-1.7.'), 'notes.txt')).toBe('text');
  });

  it('is a DOCX when a ZIP holds word/document.xml, seen in the first bytes of the file', () => {
    const docx = guideDocx();
    expect(documentKind(docx, 'guide.zip')).toBe('docx');
    expect(documentKind(docx.subarray(0, KIND_HEAD_BYTES), 'guide.docx')).toBe('docx');
    // After the other parts, as LibreOffice orders them (Word writes it third).
    const { 'word/document.xml': document, ...rest } = docxParts([{ text: 'Late entry' }]);
    expect(documentKind(zipFile({ ...rest, 'word/document.xml': document! }), 'late.docx')).toBe('docx');
  });

  it('is nothing the service reads when a ZIP holds no word/document.xml: a plain ZIP, an XLSX', () => {
    expect(documentKind(zipFile({ 'notes.txt': 'word/document.xml is not here' }), 'notes.docx')).toBeNull();
    const xlsx = zipFile({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' });
    expect(documentKind(xlsx, 'sheet.docx')).toBeNull();
  });

  it('is Markdown when UTF-8 text is named .md or .markdown, and text otherwise', () => {
    const text = utf8('# Hours\n\nWe open at nine.');
    expect(documentKind(text, 'hours.md')).toBe('markdown');
    expect(documentKind(text, 'HOURS.MARKDOWN')).toBe('markdown');
    expect(documentKind(text, 'hours.txt')).toBe('text');
    expect(documentKind(text, 'hours')).toBe('text');
  });

  it('is text even when the head given ends inside a character', () => {
    const head = utf8('Café crème');
    expect(documentKind(head.subarray(0, 4), 'menu.txt')).toBe('text');
  });

  it('is null for binary junk, NUL bytes or text that is not UTF-8', () => {
    expect(documentKind(new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0x89, 0x50]), 'junk.md')).toBeNull();
    expect(documentKind(new Uint8Array([0x48, 0x69, 0x00, 0x21]), 'nul.txt')).toBeNull();
    expect(documentKind(Buffer.from('Hello', 'utf16le'), 'utf16.txt')).toBeNull();
    expect(documentKind(Buffer.from('Café au lait', 'latin1'), 'latin1.txt')).toBeNull();
  });
});

describe('a PDF', () => {
  it('is read page by page, a blank line between pages, titled by its metadata', async () => {
    const doc = await extractDocument(guidePdf(), 'pdf', 'owner-guide.pdf');
    expect(doc).toEqual({
      title: 'Owner Guide',
      markdown: 'Opening hours\nWe open at nine (weekdays).\n\nParking\nPark behind the office.',
      pages: 2,
    });
  });

  it('without a Title is titled by its file name', async () => {
    const doc = await extractDocument(pdfFile({ pages: [['Hello']] }), 'pdf', 'uploads/price list.v2.pdf');
    expect(doc.title).toBe('price list.v2');
  });

  it('is refused when it needs a password', async () => {
    const error = await refusal(extractDocument(pdfFile({ pages: [['Secret']], encrypted: true }), 'pdf', 'x.pdf'));
    expect(error.code).toBe('encrypted');
  });

  it('is refused when it holds no text, as a scan would', async () => {
    const error = await refusal(extractDocument(pdfFile({ pages: [[], []] }), 'pdf', 'scan.pdf'));
    expect(error.code).toBe('empty');
    expect(error.message).toContain('scanned image');
  });

  it('is refused when it is damaged', async () => {
    const error = await refusal(extractDocument(utf8('%PDF-1.7\nnot a PDF after all'), 'pdf', 'bad.pdf'));
    expect(error.code).toBe('corrupt');
  });

  it('is refused past 500 pages', async () => {
    const pages = Array.from({ length: 501 }, (_, i) => [`Page ${i + 1}`]);
    const error = await refusal(extractDocument(pdfFile({ pages }), 'pdf', 'long.pdf'));
    expect(error.code).toBe('too-large');
  });
});

describe('a Word document', () => {
  it('keeps its headings as # lines, its paragraphs, and its bulleted list as - items', async () => {
    const doc = await extractDocument(guideDocx(), 'docx', 'visiting.docx');
    expect(doc).toEqual({
      title: 'Visiting Oakridge',
      markdown: [
        '# Visiting Oakridge',
        '',
        'The office is on Main Street.',
        '',
        '## What to bring',
        '',
        'Bring these papers & a pen:',
        '',
        '- Photo ID',
        '- Proof of income',
        '',
        'We copy them while you wait.',
      ].join('\n'),
    });
  });

  it('splits into passages under its headings', async () => {
    const doc = await extractDocument(guideDocx(), 'docx', 'visiting.docx');
    expect(textPassages(doc.title, doc.markdown).map((p) => p.heading)).toEqual([
      'Visiting Oakridge',
      'Visiting Oakridge › What to bring',
    ]);
  });

  it('without a heading is titled by its file name', async () => {
    const doc = await extractDocument(docxFile([{ text: 'Only a paragraph.' }]), 'docx', 'memo.docx');
    expect(doc).toEqual({ title: 'memo', markdown: 'Only a paragraph.' });
  });

  it('is refused when its archive is cut short or its document is not XML', async () => {
    const docx = guideDocx();
    expect((await refusal(extractDocument(docx.subarray(0, docx.length / 2), 'docx', 'cut.docx'))).code).toBe(
      'corrupt',
    );
    const broken = zipFile({ ...docxParts([]), 'word/document.xml': '<w:document><w:body><w:p>' });
    expect((await refusal(extractDocument(broken, 'docx', 'broken.docx'))).code).toBe('corrupt');
  });

  it('is refused when it holds no text', async () => {
    expect((await refusal(extractDocument(docxFile([]), 'docx', 'blank.docx'))).code).toBe('empty');
  });
});

describe("mammoth's HTML as Markdown", () => {
  it('writes numbered and nested lists, table rows, and keeps text that would read as Markdown syntax', () => {
    const html = [
      '<h3>Fees <strong>2026</strong></h3>',
      '<ol><li>Apply</li><li>Pay<ul><li>by card</li><li>by transfer</li></ul></li></ol>',
      '<table><tr><td><p>Rent</p></td><td><p>1 | 2</p></td></tr><tr><td><p>Deposit</p></td><td><p>£900</p></td></tr></table>',
      '<p># not a heading<br />second &amp; line &lt;b&gt;</p>',
      '<p><img src="" />```not a fence</p>',
    ].join('');
    expect(docxMarkdown(html)).toBe(
      [
        '### Fees 2026',
        '',
        '1. Apply',
        '2. Pay',
        '  - by card',
        '  - by transfer',
        '',
        '| Rent | 1 \\| 2 |',
        '| Deposit | £900 |',
        '',
        '\\# not a heading',
        'second & line <b>',
        '',
        '\\```not a fence',
      ].join('\n'),
    );
  });
});

describe('Markdown and plain text', () => {
  it('are kept as written, without a BOM and with LF line ends; Markdown is titled by its first heading', async () => {
    const markdown = utf8('\uFEFF# Opening hours ##\r\n\r\nWe open at nine.\r\n');
    expect(await extractDocument(markdown, 'markdown', 'hours.md')).toEqual({
      title: 'Opening hours',
      markdown: '# Opening hours ##\n\nWe open at nine.\n',
    });
    expect(await extractDocument(utf8('# Not a title here\nJust text.'), 'text', 'notes.txt')).toEqual({
      title: 'notes',
      markdown: '# Not a title here\nJust text.',
    });
  });

  it('are refused when empty, or when the bytes are not UTF-8 text', async () => {
    expect((await refusal(extractDocument(utf8(' \n\t\n'), 'text', 'blank.txt'))).code).toBe('empty');
    expect((await refusal(extractDocument(new Uint8Array([0xc3, 0x28]), 'text', 'bad.txt'))).code).toBe('type');
  });

  it('are refused when they are no kind the service reads', async () => {
    expect((await refusal(extractDocument(new Uint8Array([0, 1, 2]), null, 'image.png'))).code).toBe('type');
  });
});

describe('the limits', () => {
  it('refuse a file over 20 MB before reading it', async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 1).fill(0x61);
    expect((await refusal(extractDocument(big, 'text', 'big.txt'))).code).toBe('too-large');
  });

  it('cut the text at 1,000,000 characters rather than refuse it', async () => {
    const long = await extractDocument(utf8('word '.repeat(240_000)), 'text', 'long.txt');
    expect(long.markdown.length).toBe(MAX_DOCUMENT_CHARS);
    expect(long.truncated).toBe(true);
    const short = await extractDocument(utf8('word '.repeat(1_000)), 'text', 'short.txt');
    expect(short.truncated).toBeUndefined();
  });

  it('never cut a character in two', async () => {
    // 'a' then emoji of two UTF-16 units each: the limit falls between the halves of one.
    const doc = await extractDocument(utf8(`a${'😀'.repeat(MAX_DOCUMENT_CHARS / 2)}`), 'text', 'emoji.txt');
    expect(doc.markdown.length).toBe(MAX_DOCUMENT_CHARS - 1);
    expect(doc.markdown.endsWith('😀')).toBe(true);
  });
});
