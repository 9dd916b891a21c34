/**
 * The extraction thread (knowledge/extract-thread.ts): pages and documents read into Markdown in a
 * worker thread, as on the service's own thread but without holding it — the same results, the
 * owner's refusals kept as theirs, and a reading that takes too long or too much memory ended with
 * a reason while the next one still works.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { extractDocument } from '../../../src/server/knowledge/documents.ts';
import { extractionThread } from '../../../src/server/knowledge/extract-thread.ts';
import { MAX_DEPTH, htmlToMarkdown } from '../../../src/server/knowledge/html.ts';
import { DocumentUnreadable, HtmlRefused } from '../../../src/server/knowledge/refusal.ts';
import { docxFile, pdfFile } from '../../support/documents.ts';

const thread = extractionThread();
afterAll(() => thread.close());

const PAGE = `<!doctype html><html><head><title>Renting with Harbor Homes</title></head><body>
<nav><a href="/">Home</a> · <a href="/about">About</a></nav>
<main><h1>Renting with us</h1><h2>Leases</h2><p>Our standard lease runs <b>12 months</b>.</p>
<h2>Deposits</h2><p>One month's rent, returned within 30 days.</p></main>
<footer>© Harbor Homes</footer></body></html>`;

/** A page of many sections: a second or so of Readability on the service's thread. */
const bigPage = (sections: number) =>
  `<!doctype html><html><head><title>Guide</title></head><body><main>${Array.from(
    { length: sections },
    (_, i) => `<section><h2>Part ${i}</h2><p>${'Words about renting and buying a home. '.repeat(12)}</p></section>`,
  ).join('')}</main></body></html>`;

const failure = async (p: Promise<unknown>): Promise<Error> => {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return error as Error;
};

describe('the extraction thread', () => {
  it('reads a page as the service’s own thread would', async () => {
    expect(await thread.html(PAGE, 'https://harbor.example/renting')).toEqual(
      htmlToMarkdown(PAGE, 'https://harbor.example/renting'),
    );
  });

  it('reads a PDF and a DOCX as the service’s own thread would, the caller keeping its bytes', async () => {
    const pdf = pdfFile({ pages: [['Opening hours', 'We open at nine.']], title: 'Owner Guide' });
    const size = pdf.length;
    expect(await thread.document(pdf, 'pdf', 'guide.pdf')).toEqual(await extractDocument(pdf, 'pdf', 'guide.pdf'));
    expect(pdf.length).toBe(size);
    const docx = docxFile([{ text: 'Fees', style: 'Heading1' }, { text: 'Buying with us costs nothing.' }]);
    expect(await thread.document(docx, 'docx', 'fees.docx')).toEqual(await extractDocument(docx, 'docx', 'fees.docx'));
  });

  it('keeps the owner’s refusals as theirs: a page nested too deep, a PDF behind a password', async () => {
    const deep = await failure(thread.html(`${'<div>'.repeat(MAX_DEPTH + 10)}x`, 'https://harbor.example/deep'));
    expect(deep).toBeInstanceOf(HtmlRefused);
    expect(deep.message).toContain(`nests more than ${MAX_DEPTH}`);
    const locked = await failure(thread.document(pdfFile({ pages: [['Secret']], encrypted: true }), 'pdf', 'x.pdf'));
    expect(locked).toBeInstanceOf(DocumentUnreadable);
    expect((locked as DocumentUnreadable).code).toBe('encrypted');
  });

  it('leaves the service’s thread free while it reads', async () => {
    let turns = 0;
    let going = true;
    const spin = () => {
      turns++;
      if (going) setImmediate(spin);
    };
    setImmediate(spin);
    const read = await thread.html(bigPage(1_500), 'https://harbor.example/guide');
    going = false;
    expect(read.markdown).toContain('Part 1499');
    // Readability over this page takes far longer than one turn: on this thread, the turns would stop meanwhile.
    expect(turns).toBeGreaterThan(50);
  });

  it('ends a reading past its time with a reason, and reads the next in a new thread', async () => {
    const hasty = extractionThread({ timeoutMs: 50 });
    try {
      const late = await failure(hasty.html(bigPage(3_000), 'https://harbor.example/guide'));
      expect(late).toBeInstanceOf(HtmlRefused);
      expect(late.message).toBe('reading the page took longer than 50 ms');
      const lateDoc = await failure(hasty.document(pdfFile({ pages: [['Hello']] }), 'pdf', 'a.pdf'));
      // Its new thread may not even have started within 50 ms: a reason either way.
      expect(lateDoc).toBeInstanceOf(DocumentUnreadable);
    } finally {
      await hasty.close();
    }
    const patient = extractionThread();
    try {
      expect((await patient.html(PAGE, 'https://harbor.example/renting')).title).toBe('Renting with Harbor Homes');
    } finally {
      await patient.close();
    }
  });

  it('ends a reading that needs more memory than a thread is given, with a reason', async () => {
    const small = extractionThread({ heapMb: 8 });
    try {
      const error = await failure(small.html(bigPage(20_000), 'https://harbor.example/guide'));
      expect(error).toBeInstanceOf(HtmlRefused);
      expect(error.message).toBe('reading the page needed more memory than a reading is given');
    } finally {
      await small.close();
    }
  });
});
