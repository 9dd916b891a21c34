/**
 * Files of every type the service tells apart by content (API.md §3.7), built byte by byte.
 * Images are small but real; videos are a real header followed by padding, which is all a
 * service that looks at magic bytes reads. Files at the size limits are streamed (`sized`),
 * so a 100 MB video never sits in memory.
 */
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';

export const MiB = 1_048_576;

const ascii = (text: string) => Buffer.from(text, 'latin1');
const u16le = (n: number) => Buffer.from([n & 0xff, (n >>> 8) & 0xff]);
const u32le = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const u32be = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const bytes = (...parts: (Uint8Array | number[])[]) => new Uint8Array(Buffer.concat(parts.map((p) => Buffer.from(p))));

function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([ascii(type), data]);
  return Buffer.concat([u32be(data.length), body, u32be(crc32(body))]);
}

/** A valid PNG of width × height grey RGB pixels. */
export function png(width = 1, height = 1): Uint8Array {
  const header = Buffer.concat([u32be(width), u32be(height), Buffer.from([8, 2, 0, 0, 0])]);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', new Uint8Array()),
  );
}

/** A JFIF header (SOI, APP0) and the end-of-image marker. */
export function jpeg(): Uint8Array {
  return bytes(
    [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10],
    ascii('JFIF\0'),
    [0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00],
    [0xff, 0xd9],
  );
}

/** A lossless 1 × 1 WEBP: RIFF, WEBP, one VP8L chunk. */
export function webp(): Uint8Array {
  const vp8l = Buffer.from([0x2f, 0x00, 0x00, 0x00, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07]);
  // An odd-sized RIFF chunk is followed by one padding byte.
  const chunk = Buffer.concat([ascii('VP8L'), u32le(vp8l.length), vp8l, Buffer.from([0])]);
  return bytes(ascii('RIFF'), u32le(4 + chunk.length), ascii('WEBP'), chunk);
}

/**
 * A 1 × 1 GIF89a with a real block structure: one frame is a still image; more frames carry the
 * NETSCAPE looping extension and a graphic control block each, as animated GIFs do.
 */
export function gif({ frames = 1 }: { frames?: number } = {}): Uint8Array {
  const screen = [...u16le(1), ...u16le(1), 0x80, 0x00, 0x00];
  const palette = [0xff, 0xff, 0xff, 0x00, 0x00, 0x00];
  const looping = frames > 1 ? [0x21, 0xff, 0x0b, ...ascii('NETSCAPE2.0'), 0x03, 0x01, 0x00, 0x00, 0x00] : [];
  const frame = [
    ...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00], // graphic control: 100 ms delay
    ...[0x2c, ...u16le(0), ...u16le(0), ...u16le(1), ...u16le(1), 0x00], // image descriptor
    ...[0x02, 0x02, 0x44, 0x01, 0x00], // LZW minimum code size, one data sub-block, terminator
  ];
  return bytes(ascii('GIF89a'), screen, palette, looping, ...Array.from({ length: frames }, () => frame), [0x3b]);
}

/** The 44-byte RIFF/WAVE header of 16-bit mono PCM holding `dataBytes` of samples. */
export function wavHeader(dataBytes: number, sampleRate = 8000): Uint8Array {
  const format = Buffer.concat([u16le(1), u16le(1), u32le(sampleRate), u32le(sampleRate * 2), u16le(2), u16le(16)]);
  return bytes(
    ascii('RIFF'),
    u32le(36 + dataBytes),
    ascii('WAVE'),
    ascii('fmt '),
    u32le(format.length),
    format,
    ascii('data'),
    u32le(dataBytes),
  );
}

/** `seconds` of silence as 16-bit mono PCM WAV. */
export function wav({ seconds = 1, sampleRate = 8000 }: { seconds?: number; sampleRate?: number } = {}): Uint8Array {
  const dataBytes = Math.round(seconds * sampleRate) * 2;
  return padTo(wavHeader(dataBytes, sampleRate), 44 + dataBytes);
}

const VIDEO_PADDING = 1024;

/** An ISO base media file: an `ftyp` box with the isom brand, then padding. */
export function mp4(): Uint8Array {
  const ftyp = Buffer.concat([ascii('ftyp'), ascii('isom'), u32be(0x200), ascii('isomiso2avc1mp41')]);
  return padTo(bytes(u32be(ftyp.length + 4), ftyp), VIDEO_PADDING);
}

/** An EBML header naming `docType`, the start of a Segment of unknown size, then padding. */
function ebml(docType: string): Uint8Array {
  const element = (id: number[], value: number[]) => [...id, 0x80 | value.length, ...value];
  const header = [
    ...element([0x42, 0x86], [1]), // EBMLVersion
    ...element([0x42, 0xf7], [1]), // EBMLReadVersion
    ...element([0x42, 0xf2], [4]), // EBMLMaxIDLength
    ...element([0x42, 0xf3], [8]), // EBMLMaxSizeLength
    ...element([0x42, 0x82], [...ascii(docType)]), // DocType
    ...element([0x42, 0x87], [4]), // DocTypeVersion
    ...element([0x42, 0x85], [2]), // DocTypeReadVersion
  ];
  const segment = [0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];
  return padTo(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x80 | header.length], header, segment), VIDEO_PADDING);
}

/** Matroska: EBML with DocType "matroska". */
export const mkv = () => ebml('matroska');
/** WebM: the same EBML container with DocType "webm" (not an accepted type). */
export const webm = () => ebml('webm');

/** RIFF/AVI with the start of its `hdrl` list (an empty main header), then padding. */
export function avi(): Uint8Array {
  const hdrl = Buffer.concat([ascii('hdrl'), ascii('avih'), u32le(56), Buffer.alloc(56)]);
  const riff = Buffer.concat([ascii('AVI '), ascii('LIST'), u32le(hdrl.length), hdrl]);
  return padTo(bytes(ascii('RIFF'), u32le(VIDEO_PADDING - 8), riff), VIDEO_PADDING);
}

/** FLV version 1 with audio and video, PreviousTagSize0, then padding. */
export function flv(): Uint8Array {
  return padTo(bytes(ascii('FLV'), [0x01, 0x05], u32be(9), u32be(0)), VIDEO_PADDING);
}

/** An MPEG-2 program stream: a pack header, then padding. */
export function mpegPs(): Uint8Array {
  return padTo(
    bytes([0x00, 0x00, 0x01, 0xba, 0x44, 0x00, 0x04, 0x00, 0x04, 0x01, 0x01, 0x89, 0xc3, 0xf8]),
    VIDEO_PADDING,
  );
}

/** `head` followed by zeros up to exactly `size` bytes: the magic bytes stay where they were. */
export function padTo(head: Uint8Array, size: number): Uint8Array {
  if (size < head.length) throw new RangeError(`padTo: ${size} is shorter than the ${head.length}-byte header`);
  const out = new Uint8Array(size);
  out.set(head);
  return out;
}

/** Exactly `size` bytes — `head`, then zeros — generated chunk by chunk as they are read. */
export function sized(head: Uint8Array, size: number): Readable {
  if (size < head.length) throw new RangeError(`sized: ${size} is shorter than the ${head.length}-byte header`);
  const zeros = new Uint8Array(MiB);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0 && head.length > 0) {
        sent = head.length;
        this.push(head);
        return;
      }
      const n = Math.min(zeros.length, size - sent);
      sent += n;
      this.push(n > 0 ? zeros.subarray(0, n) : null);
    },
  });
}
