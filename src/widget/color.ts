/** Owner colours and the text that stays readable on them (WCAG 2 relative luminance). */

export type Rgb = [number, number, number];

/** `rgb(r,g,b)` (spaces allowed) or `#rgb` / `#rrggbb`; null for anything else. */
export function parseColor(value: string | undefined): Rgb | null {
  if (!value) return null;
  const rgb = /^\s*rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)\s*$/i.exec(value);
  if (rgb) {
    const channels = rgb.slice(1, 4).map(Number) as Rgb;
    return channels.every((c) => c <= 255) ? channels : null;
  }
  const hex = /^\s*#([0-9a-f]{3}|[0-9a-f]{6})\s*$/i.exec(value);
  if (!hex) return null;
  const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Black or white, whichever contrasts more with `background`. The better of the two is always at
 * least 4.58:1 (the worst case is a mid grey), so the text always meets WCAG AA.
 */
export function textOn(background: Rgb): string {
  // contrast() with black is (L + 0.05) / 0.05, with white 1.05 / (L + 0.05): one luminance, no sort.
  const l = luminance(background) + 0.05;
  return l / 0.05 >= 1.05 / l ? '#000' : '#fff';
}

export const css = ([r, g, b]: Rgb) => `rgb(${r}, ${g}, ${b})`;
