/**
 * One Lit on a script-tag page. chat-bot.js — the launcher, a classic script — carries Lit and hands
 * these to the panel, whose build (`vite build --mode panel`) reads 'lit' as panel-lit.ts instead of
 * bundling a second copy. A page with two builds of the widget keeps the first one's. Bundlers'
 * builds (dist/lib) import lit as usual and never read this.
 */
import { LitElement, css, html, nothing } from 'lit';

export function shareLit(): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for('chat-bot.lit')] ??= { LitElement, css, html, nothing };
}
