/** The widget's WAV encoder, in Node: a real RIFF/WAVE file whose samples read back as recorded. */
import { describe, expect, it } from 'vitest';
import { WAV_HEADER_BYTES, encodeWav } from '../../../../src/widget/media/wav.ts';
import { wavFacts } from '../../../../src/server/engines/reading/file-facts.ts';
import { sniff } from '../../../../src/server/files/sniff.ts';

/** A reader written apart from the encoder: RIFF chunks walked, fmt checked, samples as Int16. */
function decode(file: Uint8Array) {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tag = (at: number) => String.fromCharCode(...file.subarray(at, at + 4));
  expect([tag(0), tag(8)]).toEqual(['RIFF', 'WAVE']);
  expect(view.getUint32(4, true)).toBe(file.length - 8);
  let fmt: Record<string, number> | null = null;
  for (let p = 12; p + 8 <= file.length;) {
    const size = view.getUint32(p + 4, true);
    if (tag(p) === 'fmt ')
      fmt = {
        size,
        format: view.getUint16(p + 8, true),
        channels: view.getUint16(p + 10, true),
        rate: view.getUint32(p + 12, true),
        byteRate: view.getUint32(p + 16, true),
        align: view.getUint16(p + 20, true),
        bits: view.getUint16(p + 22, true),
      };
    if (tag(p) === 'data') {
      expect(p + 8 + size).toBe(file.length);
      const samples = Array.from({ length: size / 2 }, (_, i) => view.getInt16(p + 8 + i * 2, true));
      return { fmt: fmt!, samples };
    }
    p += 8 + size + (size & 1);
  }
  throw new Error('no data chunk');
}

describe('encodeWav', () => {
  it('writes a 44-byte PCM header: mono, 16-bit, the given rate, the data size', () => {
    const file = encodeWav([new Float32Array(100)], 16_000);
    expect(file.length).toBe(WAV_HEADER_BYTES + 200);
    expect(decode(file).fmt).toEqual({
      size: 16,
      format: 1,
      channels: 1,
      rate: 16_000,
      byteRate: 32_000,
      align: 2,
      bits: 16,
    });
    expect(sniff(file)).toEqual({ kind: 'Audio', mimeType: 'audio/wav' });
    expect(wavFacts(file)).toMatchObject({
      duration: 100 / 16_000,
      sampleRate: 16_000,
      channels: 1,
      bitsPerSample: 16,
    });
  });

  it('maps [-1, 1] onto the full 16-bit range, clips beyond it, and reads NaN as silence', () => {
    const file = encodeWav([Float32Array.from([-1, -0.5, 0, 0.5, 1, 1.5, -2, Number.NaN, 1 / 32767])], 8000);
    expect(decode(file).samples).toEqual([-32768, -16384, 0, 16384, 32767, 32767, -32768, 0, 1]);
  });

  it('round-trips random audio in blocks of odd lengths, each sample within one step', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const blocks = [1, 3, 127, 128, 0, 333].map((n) => Float32Array.from({ length: n }, random));
    const file = encodeWav(blocks, 44_100);
    const { samples } = decode(file);
    const recorded = blocks.flatMap((b) => [...b]);
    expect(samples).toHaveLength(recorded.length);
    expect(samples.length % 2).toBe(0);
    samples.forEach((s, i) =>
      expect(Math.abs(s / (recorded[i]! < 0 ? 32768 : 32767) - recorded[i]!)).toBeLessThanOrEqual(1 / 32767),
    );
  });

  it('writes an empty recording as a valid file with no samples', () => {
    const file = encodeWav([], 48_000);
    expect(file.length).toBe(WAV_HEADER_BYTES);
    expect(decode(file).samples).toEqual([]);
  });

  it('refuses a sample rate that is not a positive whole number', () => {
    for (const rate of [0, -8000, 44_100.5, Number.NaN]) expect(() => encodeWav([], rate)).toThrow(/sampleRate/);
  });
});
