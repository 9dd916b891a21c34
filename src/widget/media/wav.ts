/**
 * 16-bit PCM mono WAV from captured audio: a real RIFF/WAVE file (44-byte header, `fmt ` chunk
 * with PCM format 1, `data` chunk), not a webm stream with a .wav name.
 */

/** The size of the header this encoder writes. */
export const WAV_HEADER_BYTES = 44;

/**
 * Encodes mono samples in [-1, 1] (the AudioWorklet's Float32 blocks, in order) as 16-bit PCM.
 * Values outside the range are clipped; NaN is silence.
 */
export function encodeWav(blocks: readonly Float32Array[], sampleRate: number): Uint8Array<ArrayBuffer> {
  if (!Number.isInteger(sampleRate) || sampleRate < 1 || sampleRate > 0xffffffff / 2)
    throw new RangeError(`sampleRate must be a positive whole number of Hz, not ${sampleRate}`);
  const count = blocks.reduce((n, b) => n + b.length, 0);
  const dataBytes = count * 2;
  if (WAV_HEADER_BYTES - 8 + dataBytes > 0xffffffff) throw new RangeError('The recording is too long for one WAV file');
  const out = new Uint8Array(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(out.buffer);
  const ascii = (at: number, text: string) => {
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, WAV_HEADER_BYTES - 8 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // size of the fmt chunk
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // byte rate
  view.setUint16(32, 2, true); // block align
  view.setUint16(34, 16, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  let at = WAV_HEADER_BYTES;
  for (const block of blocks) {
    for (let i = 0; i < block.length; i++) {
      const s = Math.max(-1, Math.min(1, block[i]! || 0));
      view.setInt16(at, Math.round(s < 0 ? s * 0x8000 : s * 0x7fff), true);
      at += 2;
    }
  }
  return out;
}
