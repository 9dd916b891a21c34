/** What every public event of <chat-bot> is made of (events.ts, agent-event.ts). */

export const init = { bubbles: true, composed: true } as const;
// Definable without a DOM (server-side rendering, a bare JavaScript context): importing never throws.
export const Base = (globalThis.Event ?? class {}) as typeof Event;
