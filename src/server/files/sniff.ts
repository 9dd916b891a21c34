/**
 * What a file is, by its content (magic bytes), never by its name (API.md §3.7): Image PNG, JPEG,
 * WEBP, GIF; Audio WAV; Video MP4, MKV, AVI, FLV, MPEG. An animated GIF is not an accepted image.
 * [ext] Document: a PDF, a ZIP (a DOCX, told apart at UploadSuccess: knowledge/documents.ts) or
 * UTF-8 text — an owner's, for the knowledge; a visitor's is refused (http/routes/files.ts).
 */
import type { FileKind } from '../../protocol/index.ts';
import { utf8 } from './document-kind.ts';

/** The media types of the files the service takes, as it serves them (`GET /chat/File/{id}`, /openapi.json). */
export const MIME_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'audio/wav',
  'video/mp4',
  'video/x-matroska',
  'video/x-msvideo',
  'video/x-flv',
  'video/mpeg',
  'video/mp2t',
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/markdown; charset=utf-8',
  'text/plain; charset=utf-8',
] as const;

export interface Sniffed {
  kind: FileKind;
  mimeType: (typeof MIME_TYPES)[number];
}

/** Enough of the start of a file to tell every accepted type apart (MPEG-TS needs three packets). */
export const SNIFF_BYTES = 512;

const ascii = (b: Uint8Array, at: number, text: string) => [...text].every((ch, i) => b[at + i] === ch.charCodeAt(0));
const bytes = (b: Uint8Array, at: number, values: number[]) => values.every((v, i) => b[at + i] === v);

const MP4_BRANDS = [
  'isom',
  'iso2',
  'iso3',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'M4VH',
  'M4VP',
  'dash',
  'mmp4',
  'f4v ',
  'MSNV',
  'NDAS',
  'XAVC',
];

export function sniff(head: Uint8Array): Sniffed | null {
  if (bytes(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'Image', mimeType: 'image/png' };
  if (bytes(head, 0, [0xff, 0xd8, 0xff])) return { kind: 'Image', mimeType: 'image/jpeg' };
  if (ascii(head, 0, 'GIF87a') || ascii(head, 0, 'GIF89a')) return { kind: 'Image', mimeType: 'image/gif' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return { kind: 'Image', mimeType: 'image/webp' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return { kind: 'Audio', mimeType: 'audio/wav' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return { kind: 'Video', mimeType: 'video/x-msvideo' };
  if (ascii(head, 4, 'ftyp') && MP4_BRANDS.some((brand) => ascii(head, 8, brand)))
    return { kind: 'Video', mimeType: 'video/mp4' };
  // Matroska and WebM share EBML; only Matroska is accepted, told apart by the DocType.
  if (bytes(head, 0, [0x1a, 0x45, 0xdf, 0xa3]) && Buffer.from(head.subarray(0, 64)).includes('matroska'))
    return { kind: 'Video', mimeType: 'video/x-matroska' };
  if (ascii(head, 0, 'FLV') && head[3] === 1) return { kind: 'Video', mimeType: 'video/x-flv' };
  if (bytes(head, 0, [0x00, 0x00, 0x01, 0xba]) || bytes(head, 0, [0x00, 0x00, 0x01, 0xb3]))
    return { kind: 'Video', mimeType: 'video/mpeg' };
  if (head.length >= 377 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47)
    return { kind: 'Video', mimeType: 'video/mp2t' };
  if (ascii(head, 0, '%PDF-')) return { kind: 'Document', mimeType: 'application/pdf' };
  if (bytes(head, 0, [0x50, 0x4b, 0x03, 0x04]))
    return { kind: 'Document', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' };
  if (isText(head)) return { kind: 'Document', mimeType: 'text/plain; charset=utf-8' };
  return null;
}

/** UTF-8 without NUL or other control characters than tab, line breaks and form feed (a character cut at the end allowed). */
const isText = (head: Uint8Array) =>
  head.length > 0 &&
  !head.some((b) => b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) &&
  utf8(head, true) !== null;
/** The number of frames of a GIF (stops counting at 2), or -1 when it is not a well-formed GIF. */
export function gifFrames(gif: Uint8Array): number {
  const skipTable = (packed: number, p: number) => (packed & 0x80 ? p + 3 * 2 ** ((packed & 0x07) + 1) : p);
  const skipSubBlocks = (p: number) => {
    while (p < gif.length) {
      const size = gif[p++]!;
      if (size === 0) return p;
      p += size;
    }
    return -1;
  };
  if (gif.length < 13) return -1;
  let p = skipTable(gif[10]!, 13);
  let frames = 0;
  while (p >= 0 && p < gif.length) {
    const block = gif[p++];
    if (block === 0x3b) return frames > 0 ? frames : -1;
    if (block === 0x21) p = skipSubBlocks(p + 1);
    else if (block === 0x2c) {
      if (++frames > 1) return frames;
      p = skipTable(gif[p + 8] ?? 0, p + 9) + 1;
      p = skipSubBlocks(p);
    } else return -1;
  }
  return frames > 0 ? frames : -1;
}

/** How much of a file `refusal` needs, beside whole GIFs (≤ 20 MB): the WAV chunk headers. */
export const HEAD_BYTES = 4096;

/**
 * Why an accepted type is still refused (an animated or broken GIF, a WAV without its format or
 * data chunk), or null. `head` is the file's first HEAD_BYTES; `whole` reads all of it (GIFs only).
 */
export async function refusal(
  sniffed: Sniffed,
  head: Uint8Array,
  whole: () => Promise<Uint8Array>,
): Promise<string | null> {
  if (sniffed.mimeType === 'image/gif') {
    const frames = gifFrames(await whole());
    if (frames < 0) return 'The GIF image is damaged';
    if (frames > 1) return 'Animated GIF images are not accepted; send a still image';
  }
  if (sniffed.kind === 'Audio') {
    const chunks = Buffer.from(head.subarray(12));
    if (!chunks.includes('fmt ') || !chunks.includes('data'))
      return 'The WAV file holds no audio (no "fmt " or "data" chunk)';
  }
  return null;
}
