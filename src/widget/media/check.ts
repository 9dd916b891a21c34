/**
 * The browser's look at a file before it is uploaded: what it is by its first bytes (never its name
 * or the browser's guess), and whether the service will take it — so a visitor hears at once, in
 * words, why a file is refused. The service checks again (API.md §3.7); this only saves the upload.
 */

export type MediaKind = 'Image' | 'Audio' | 'Video';

export const MiB = 1_048_576;
/** The service's limits (API.md §3.7); a limit includes itself. */
export const LIMITS: Record<MediaKind, number> = { Image: 20 * MiB, Audio: 40 * MiB, Video: 100 * MiB };
/** How many images one message carries; a video goes alone. */
export const MAX_IMAGES = 10;

/** [kind, name, offset, signature]: `?` in a signature matches any byte. */
const SIGNATURES: readonly [MediaKind, string, number, string][] = [
  ['Image', 'PNG', 0, '\x89PNG\r\n\x1a\n'],
  ['Image', 'JPEG', 0, '\xff\xd8\xff'],
  ['Image', 'GIF', 0, 'GIF8'],
  ['Image', 'WEBP', 0, 'RIFF????WEBP'],
  ['Audio', 'WAV', 0, 'RIFF????WAVE'],
  ['Video', 'AVI', 0, 'RIFF????AVI '],
  ['Video', 'MP4', 4, 'ftyp'],
  ['Video', 'MKV', 0, '\x1a\x45\xdf\xa3'],
  ['Video', 'FLV', 0, 'FLV\x01'],
  ['Video', 'MPEG', 0, '\x00\x00\x01\xba'],
  ['Video', 'MPEG', 0, '\x00\x00\x01\xb3'],
];

const matches = (head: Uint8Array, at: number, signature: string) =>
  [...signature].every((ch, i) => ch === '?' || head[at + i] === ch.charCodeAt(0));

/** The kind and format of a file from its first bytes, or null when the service would not take it. */
export function identify(head: Uint8Array): { kind: MediaKind; format: string } | null {
  for (const [kind, format, at, signature] of SIGNATURES) {
    if (!matches(head, at, signature)) continue;
    // WebM shares Matroska's EBML header; only Matroska is accepted.
    if (format === 'MKV' && !new TextDecoder('latin1').decode(head.subarray(0, 64)).includes('matroska')) return null;
    return { kind, format };
  }
  // MPEG transport stream: a sync byte every 188 bytes.
  if (head.length >= 377 && head[0] === 0x47 && head[188] === 0x47 && head[376] === 0x47)
    return { kind: 'Video', format: 'MPEG' };
  return null;
}

/** More than one frame: walks a GIF's blocks (the whole file is needed; images are ≤ 20 MB). */
export function isAnimatedGif(gif: Uint8Array): boolean {
  const table = (flags: number) => (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0);
  let p = 13 + table(gif[10] ?? 0);
  let frames = 0;
  while (p < gif.length) {
    const block = gif[p++];
    if (block === 0x2c) {
      if (++frames > 1) return true;
      p += 9 + table(gif[p + 8] ?? 0) + 1; // descriptor, local table, LZW code size
    } else if (block === 0x21)
      p++; // extension label
    else return false; // trailer, or damage: the service will say
    while (p < gif.length && gif[p] !== 0) p += gif[p]! + 1; // data sub-blocks
    p++;
  }
  return false;
}

/** Why a file cannot go with this message. */
export type Refusal = 'type' | 'animated' | 'size' | 'count' | 'mixed';

export interface Checked {
  file: File;
  kind: MediaKind;
  format: string;
}

/**
 * Sorts files picked, pasted or dropped into those that can go with a message already carrying
 * `held` (images, or one video) and those refused, each with its reason. Images and videos only:
 * recordings come from push-to-talk.
 */
export async function checkFiles(
  files: readonly File[],
  held: readonly Checked[],
): Promise<{ accepted: Checked[]; refused: { file: File; reason: Refusal; limitMB: number }[] }> {
  const accepted: Checked[] = [];
  const refused: { file: File; reason: Refusal; limitMB: number }[] = [];
  for (const file of files) {
    const found = identify(new Uint8Array(await file.slice(0, 512).arrayBuffer()));
    const all = [...held, ...accepted];
    const reason: Refusal | null =
      !found || found.kind === 'Audio'
        ? 'type'
        : file.size > LIMITS[found.kind]
          ? 'size'
          : found.format === 'GIF' && isAnimatedGif(new Uint8Array(await file.arrayBuffer()))
            ? 'animated'
            : all.some((c) => c.kind === 'Video') || (found.kind === 'Video' && all.length > 0)
              ? 'mixed'
              : all.length >= MAX_IMAGES
                ? 'count'
                : null;
    if (reason) refused.push({ file, reason, limitMB: found ? LIMITS[found.kind] / MiB : 0 });
    else accepted.push({ file, kind: found!.kind, format: found!.format });
  }
  return { accepted, refused };
}
