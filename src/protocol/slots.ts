/**
 * The slots block in answers [ext] (docs/PROTOCOL.md *Viewings*): free times to see a listing, which
 * the widget draws as buttons grouped by day — in a chunk of its own, like the handoff. One JSON
 * object per line: `{"listing","start","end"}` (the listing's Id, ISO 8601 instants). Schema-free:
 * the client imports it at run time.
 */
import { blockLine } from './answer.ts';

/** The info string of the slots' block [ext]. */
export const SLOTS_INFO = 'slots';

/** A free slot an answer offers. */
export interface OfferedSlot {
  listing: string;
  start: string;
  end: string;
}

/** The slots block for these slots ('' for none). */
export const slotsBlock = (slots: readonly OfferedSlot[]): string =>
  slots.length
    ? `\`\`\`${SLOTS_INFO}\n${slots.map((s) => blockLine({ listing: s.listing, start: s.start, end: s.end })).join('\n')}\n\`\`\``
    : '';

const isInstant = (v: unknown): v is string => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));

/** The slots of a block's body: its lines that are slots; others are skipped. */
export function parseSlots(body: string): OfferedSlot[] {
  const out: OfferedSlot[] = [];
  for (const line of body.split('\n')) {
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch {
      continue;
    }
    const o = (typeof v === 'object' && v !== null ? v : {}) as Record<string, unknown>;
    if (typeof o.listing === 'string' && o.listing.length <= 200 && isInstant(o.start) && isInstant(o.end))
      out.push({ listing: o.listing, start: o.start, end: o.end });
  }
  return out;
}
