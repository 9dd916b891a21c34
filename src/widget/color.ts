/** Owner colours and the text that stays readable on them (WCAG 2 relative luminance). */
import { parseRgb } from '../protocol/rules.ts';

export type Rgb = [number, number, number];

/** An owner's colour, read by the service's rule (protocol/rules.ts `parseRgb`); null for anything else. */
export const parseColor = (value: string | undefined): Rgb | null => (value ? parseRgb(value) : null);

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
