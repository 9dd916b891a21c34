/**
 * Documents an owner might upload, made here byte by byte rather than downloaded: a PDF written
 * as PDF syntax with its cross-reference table, and ZIP archives (a DOCX among them) deflated by
 * node:zlib. Small enough to read, real enough for unpdf and mammoth.
 */
import { crc32, deflateRawSync } from 'node:zlib';

const latin1 = (text: string) => Buffer.from(text, 'latin1');
/** A PDF string literal: its delimiters and backslash escaped (PDF 32000, 7.3.4.2). */
const pdfString = (text: string) => `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;

export interface PdfOptions {
  /** Each page's lines of text, top to bottom; a page with none has no text at all. */
  pages: readonly (readonly string[])[];
  /** The Info dictionary's Title. */
  title?: string;
  /** Encrypted for a user password the reader is not given (an Encrypt dictionary whose /U no empty password matches). */
  encrypted?: boolean;
}

/** A PDF of Helvetica text, one content stream per page, with a correct xref table. */
export function pdfFile({ pages, title, encrypted = false }: PdfOptions): Uint8Array {
  const font = 3 + pages.length * 2;
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${3 + i * 2} 0 R`).join(' ')}] /Count ${pages.length} >>`,
  ];
  for (const [i, lines] of pages.entries()) {
    const text = lines.map((line, n) => `${n === 0 ? '72 720 Td' : '0 -16 Td'} ${pdfString(line)} Tj`).join('\n');
    const stream = lines.length ? `BT /F1 12 Tf\n${text}\nET` : '';
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${4 + i * 2} 0 R >>`,
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    );
  }
  objects.push('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const trailer = [`/Size ${objects.length + 1 + (title ? 1 : 0) + (encrypted ? 1 : 0)}`, '/Root 1 0 R'];
  if (title) {
    objects.push(`<< /Title ${pdfString(title)} >>`);
    trailer.push(`/Info ${objects.length} 0 R`);
  }
  if (encrypted) {
    const bytes = (seed: number) =>
      Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) & 0xff).toString(16).padStart(2, '0')).join('');
    objects.push(`<< /Filter /Standard /V 1 /R 2 /O <${bytes(1)}> /U <${bytes(2)}> /P -44 >>`);
    trailer.push(`/Encrypt ${objects.length} 0 R`, `/ID [<${bytes(3).slice(0, 32)}> <${bytes(3).slice(0, 32)}>]`);
  }
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [i, object] of objects.entries()) {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  }
  const xref = body.length;
  // Each xref entry is exactly 20 bytes, its end of line included (7.5.4).
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< ${trailer.join(' ')} >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(latin1(body));
}

/** A ZIP archive of the given entries, each deflated, with local headers and a central directory. */
export function zipFile(entries: Readonly<Record<string, string | Uint8Array>>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content);
    const packed = deflateRawSync(data);
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0, deflate
    local.writeUInt16LE(0x0800, 6); // names in UTF-8
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc32(data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(data), 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += local.length + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A DOCX paragraph: plain, in a heading style, or a bulleted list item. */
export type DocxParagraph = { text: string; style?: 'Heading1' | 'Heading2'; bullet?: true };

/** The parts of a DOCX Word would write, cut to what mammoth reads: the document, its styles, its bullets. */
export function docxParts(paragraphs: readonly DocxParagraph[], documentXml?: string): Record<string, string> {
  const body = paragraphs.map(({ text, style, bullet }) => {
    const properties = [
      style ? `<w:pStyle w:val="${style}"/>` : '',
      bullet ? '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr>' : '',
    ].join('');
    return `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
  });
  const style = (id: string, name: string) =>
    `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/></w:style>`;
  return {
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/></Types>',
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${TYPE}/officeDocument" Target="word/document.xml"/></Relationships>`,
    'word/document.xml':
      documentXml ??
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}"><w:body>${body.join('')}</w:body></w:document>`,
    'word/_rels/document.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${RELS}"><Relationship Id="rId1" Type="${TYPE}/styles" Target="styles.xml"/><Relationship Id="rId2" Type="${TYPE}/numbering" Target="numbering.xml"/></Relationships>`,
    'word/styles.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:styles xmlns:w="${W}"><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>${style('Heading1', 'heading 1')}${style('Heading2', 'heading 2')}</w:styles>`,
    'word/numbering.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:numbering xmlns:w="${W}"><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`,
  };
}

/** A DOCX of the given paragraphs. */
export const docxFile = (paragraphs: readonly DocxParagraph[]) => zipFile(docxParts(paragraphs));
