/**
 * What the panel's chunks get for `import … from 'lit'` in the script-tag build: the launcher's Lit
 * (shared-lit.ts), which is always loaded first — it loads the panel. The names are those the panel
 * uses; the build stops on any other import of Lit (vite.config.ts).
 */
import type * as Lit from 'lit';

const lit = (globalThis as Record<symbol, typeof Lit>)[Symbol.for('chat-bot.lit')]!;
export const { LitElement, css, html, nothing } = lit;
