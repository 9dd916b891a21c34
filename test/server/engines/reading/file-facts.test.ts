/** What the service reads from an attached file's bytes: image sizes, WAV lengths, video containers. */
import { describe, expect, it } from 'vitest';
import { imageFacts, wavFacts } from '../../../../src/server/engines/reading/file-facts.ts';
import { describeFacts } from '../../../../src/server/engines/writing/en.ts';
import { gif, png, wav, wavHeader, webp } from '../../../support/media.ts';

const u16be = (n: number) => [n >> 8, n & 0xff];
const u16le = (n: number) => [n & 0xff, n >> 8];

/** A JPEG with an EXIF-sized APP1 segment before its baseline frame header. */
function jpegOf(width: number, height: number, app1 = 3000): Uint8Array {
  return Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xe1,
    ...u16be(app1 + 2),
    ...new Array<number>(app1).fill(0x41),
    0xff,
    0xdb,
    ...u16be(67),
    ...new Array<number>(65).fill(1),
    0xff,
    0xc0,
    ...u16be(17),
    8,
    ...u16be(height),
    ...u16be(width),
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ]);
}

/** A lossy WEBP header (VP8 key frame) and an extended one (VP8X). */
function webpVp8(width: number, height: number): Uint8Array {
  const frame = [0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a, ...u16le(width), ...u16le(height), 0, 0];
  return Uint8Array.from([
    ...Buffer.from('RIFF'),
    0,
    0,
    0,
    0,
    ...Buffer.from('WEBPVP8 '),
    frame.length,
    0,
    0,
    0,
    ...frame,
  ]);
}
function webpVp8x(width: number, height: number): Uint8Array {
  const w = width - 1;
  const h = height - 1;
  return Uint8Array.from([
    ...Buffer.from('RIFF'),
    0,
    0,
    0,
    0,
    ...Buffer.from('WEBPVP8X'),
    10,
    0,
    0,
    0,
    0x10,
    0,
    0,
    0,
    w & 0xff,
    (w >> 8) & 0xff,
    w >> 16,
    h & 0xff,
    (h >> 8) & 0xff,
    h >> 16,
  ]);
}

describe('imageFacts', () => {
  it('reads the size of each accepted format', () => {
    expect(imageFacts(png(1200, 800))).toEqual({ kind: 'Image', format: 'PNG', width: 1200, height: 800 });
    expect(imageFacts(gif())).toEqual({ kind: 'Image', format: 'GIF', width: 1, height: 1 });
    expect(imageFacts(webp())).toEqual({ kind: 'Image', format: 'WEBP', width: 1, height: 1 });
    expect(imageFacts(webpVp8(640, 480))).toEqual({ kind: 'Image', format: 'WEBP', width: 640, height: 480 });
    expect(imageFacts(webpVp8x(4000, 3000))).toEqual({ kind: 'Image', format: 'WEBP', width: 4000, height: 3000 });
    expect(imageFacts(jpegOf(1920, 1080))).toEqual({ kind: 'Image', format: 'JPEG', width: 1920, height: 1080 });
  });

  it('finds a JPEG frame header after large metadata, and gives up on a broken one', () => {
    expect(imageFacts(jpegOf(300, 200, 60_000))).toMatchObject({ width: 300, height: 200 });
    const broken = jpegOf(300, 200);
    broken[4 + 3002] = 0x00; // the marker after APP1 is not a marker
    expect(imageFacts(broken)).toBeNull();
    expect(imageFacts(Uint8Array.from([0xff, 0xd8, 0xff]))).toBeNull();
    expect(imageFacts(new Uint8Array(40))).toBeNull();
  });
});

describe('wavFacts', () => {
  it('reads the length from the data chunk and the byte rate', () => {
    expect(wavFacts(wav({ seconds: 2, sampleRate: 8000 }))).toEqual({
      kind: 'Audio',
      format: 'WAV',
      duration: 2,
      sampleRate: 8000,
      channels: 1,
      bitsPerSample: 16,
    });
  });

  it('skips chunks before the data, odd-sized ones with their padding byte', () => {
    const head = wavHeader(16_000, 16_000);
    const list = [...Buffer.from('LIST'), 3, 0, 0, 0, 1, 2, 3, 0];
    const file = Uint8Array.from([
      ...head.subarray(0, 36),
      ...list,
      ...head.subarray(36),
      ...new Array<number>(16_000).fill(0),
    ]);
    expect(wavFacts(file)?.duration).toBe(0.5);
  });

  it('takes the file size when a live recorder left the data size unset', () => {
    const file = wav({ seconds: 1, sampleRate: 8000 });
    new DataView(file.buffer, file.byteOffset).setUint32(40, 0xffffffff, true);
    expect(wavFacts(file)?.duration).toBe(1);
  });

  it('is null for what is not a readable WAV', () => {
    expect(wavFacts(webp())).toBeNull();
    expect(wavFacts(wavHeader(100).subarray(0, 30))).toBeNull();
  });
});

describe('describeFacts', () => {
  it('puts each kind into words', () => {
    expect(describeFacts({ kind: 'Image', format: 'PNG', width: 1200, height: 800 }, 'Image')).toBe(
      'a PNG image, 1,200 × 800 pixels',
    );
    expect(
      describeFacts(
        { kind: 'Audio', format: 'WAV', duration: 4.25, sampleRate: 16_000, channels: 1, bitsPerSample: 16 },
        'Audio',
      ),
    ).toBe('a recording of 4.3 seconds (WAV, 16 kHz, mono, 16-bit)');
    expect(describeFacts({ kind: 'Video', container: 'an MP4', size: 12_582_912 }, 'Video')).toBe(
      'an MP4 video of 12 MB',
    );
    expect(describeFacts(null, 'Audio')).toBe('a recording');
  });
});
