/**
 * The handoff block in answers [ext] (docs/PROTOCOL.md *A person in the chat*): the way to a person,
 * where the answer offers one. Apart from answer.ts, whose reading of prose every chat loads: the
 * widget reads this one in a chunk of its own. Schema-free: the client imports it at run time.
 */
import { blockLine } from './answer.ts';

/** The info string of the handoff's block [ext]: the widget draws the way to a person where the answer says it (docs/PROTOCOL.md). */
export const HANDOFF_INFO = 'handoff';

/**
 * What the handoff block says: `open` — the visitor asked for a person, the form opens in place (else
 * it is offered as a button); `live` — an agent was present and has been told, no form is needed;
 * `about` — the home the request is about, sent with the lead.
 */
export interface Handoff {
  open: boolean;
  live?: boolean;
  about?: string;
}

/** The handoff block, on one line of JSON. */
export const handoffBlock = (handoff: Handoff): string => `\`\`\`${HANDOFF_INFO}\n${blockLine(handoff)}\n\`\`\``;

/** The handoff an answer carries, if any (the first block; a line that is not JSON is an offer). */
export function handoffOf(text: string): Handoff | null {
  const body = new RegExp(`(?:^|\\n)\`\`\`${HANDOFF_INFO}\\n([^\\n]*)`).exec(text)?.[1];
  if (body === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return { open: false };
  }
  const v = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  return {
    open: v.open === true,
    ...(v.live === true ? { live: true } : {}),
    ...(typeof v.about === 'string' && v.about ? { about: v.about.slice(0, 500) } : {}),
  };
}
