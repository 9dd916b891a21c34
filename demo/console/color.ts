/** The colour picker speaks #rrggbb; the service speaks rgb(r, g, b). */
import { parseRgb } from 'chat-bot-element/rules';

export function rgbToHex(value: string): string | null {
  const rgb = parseRgb(value);
  return rgb ? `#${rgb.map((n) => n.toString(16).padStart(2, '0')).join('')}` : null;
}

export function hexToRgb(value: string): string | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(value);
  return m
    ? `rgb(${m
        .slice(1, 4)
        .map((h) => parseInt(h, 16))
        .join(', ')})`
    : null;
}
