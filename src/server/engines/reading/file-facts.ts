/**
 * What can be known of an attached file without a model: an image's format and size in pixels, a
 * WAV recording's length and format, a video's container. Read from the bytes, never the name —
 * through `AttachedFile`, which the service gives the engines for each file of a question.
 */

/** A file attached to a question: its kind and size, and its bytes from wherever the service keeps them. */
export interface AttachedFile {
  id: number;
  kind: 'Image' | 'Audio' | 'Video';
  mimeType: string;
  size: number;
  /** Up to `bytes` bytes from the start of the file. */
  head(bytes: number): Promise<Buffer>;
  /** All of its bytes. */
  whole(): Promise<Buffer>;
}

export interface ImageFacts {
  kind: 'Image';
  format: 'PNG' | 'JPEG' | 'GIF' | 'WEBP';
  width: number;
  height: number;
}

export interface AudioFacts {
  kind: 'Audio';
  format: 'WAV';
  /** Seconds, from the data chunk and the byte rate. */
  duration: number;
  sampleRate: number;
  channels: number;
  bitsPerSample: number;
}

export interface VideoFacts {
  kind: 'Video';
  /** The container's name with its article: "an MP4". */
  container: string;
  size: number;
}

export type FileFacts = ImageFacts | AudioFacts | VideoFacts;

/** A JPEG's size is in its frame header, which may follow large metadata: read this much. */
const HEAD_BYTES = 256 * 1024;

const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) =>
  ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!);
const u32le = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)) + b[at + 3]! * 0x1000000;
const text = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

/** Width and height of a PNG, JPEG, GIF or WEBP; null when the header cannot be read. */
export function imageFacts(b: Uint8Array): ImageFacts | null {
  if (b.length >= 24 && text(b, 1, 3) === 'PNG' && text(b, 12, 4) === 'IHDR')
    return { kind: 'Image', format: 'PNG', width: u32be(b, 16), height: u32be(b, 20) };
  if (b.length >= 10 && text(b, 0, 3) === 'GIF')
    return { kind: 'Image', format: 'GIF', width: u16le(b, 6), height: u16le(b, 8) };
  if (b.length >= 30 && text(b, 0, 4) === 'RIFF' && text(b, 8, 4) === 'WEBP') {
    const chunk = text(b, 12, 4);
    if (chunk === 'VP8X') return { kind: 'Image', format: 'WEBP', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
    if (chunk === 'VP8L' && b[20] === 0x2f) {
      const bits = u32le(b, 21);
      return { kind: 'Image', format: 'WEBP', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a)
      return { kind: 'Image', format: 'WEBP', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    return null;
  }
  if (b[0] === 0xff && b[1] === 0xd8) {
    // Walk the segments to the first start-of-frame (SOF0–SOF15 but DHT, JPG and DAC).
    let p = 2;
    while (p + 9 < b.length) {
      if (b[p] !== 0xff) return null;
      const marker = b[p + 1]!;
      if (marker === 0xff) {
        p++;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { kind: 'Image', format: 'JPEG', width: u16be(b, p + 7), height: u16be(b, p + 5) };
      p += 2 + u16be(b, p + 2);
    }
  }
  return null;
}

/** Length and format of a RIFF/WAVE file; `fileSize` stands in for a data size left unset by a live recorder. */
export function wavFacts(b: Uint8Array, fileSize = b.length): AudioFacts | null {
  if (b.length < 12 || text(b, 0, 4) !== 'RIFF' || text(b, 8, 4) !== 'WAVE') return null;
  let p = 12;
  let fmt: { channels: number; sampleRate: number; byteRate: number; bitsPerSample: number } | null = null;
  while (p + 8 <= b.length) {
    const id = text(b, p, 4);
    const size = u32le(b, p + 4);
    if (id === 'fmt ' && p + 24 <= b.length)
      fmt = {
        channels: u16le(b, p + 10),
        sampleRate: u32le(b, p + 12),
        byteRate: u32le(b, p + 16),
        bitsPerSample: u16le(b, p + 22),
      };
    if (id === 'data') {
      if (!fmt || fmt.byteRate === 0) return null;
      const data = Math.min(size, fileSize - p - 8);
      return {
        kind: 'Audio',
        format: 'WAV',
        duration: data / fmt.byteRate,
        sampleRate: fmt.sampleRate,
        channels: fmt.channels,
        bitsPerSample: fmt.bitsPerSample,
      };
    }
    p += 8 + size + (size & 1);
  }
  return null;
}

/** Each container's name, with the article it takes. */
const CONTAINERS: Record<string, string> = {
  'video/mp4': 'an MP4',
  'video/x-matroska': 'a Matroska (MKV)',
  'video/x-msvideo': 'an AVI',
  'video/x-flv': 'a Flash Video (FLV)',
  'video/mpeg': 'an MPEG',
  'video/mp2t': 'an MPEG transport stream',
};

/** What the bytes of an attached file say about it; null when its header cannot be read. */
export async function factsOf(file: AttachedFile): Promise<FileFacts | null> {
  if (file.kind === 'Video')
    return { kind: 'Video', container: CONTAINERS[file.mimeType] ?? `a ${file.mimeType}`, size: file.size };
  const head = await file.head(Math.min(HEAD_BYTES, file.size));
  return file.kind === 'Image' ? imageFacts(head) : wavFacts(head, file.size);
}
