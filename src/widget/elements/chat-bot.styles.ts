/** The styles of <chat-bot>: the launcher, the welcome popup, and where the panel sits. */
import { css } from 'lit';

export const chatBotStyles = css`
:host {
  --_accent: var(--chat-bot-accent, rgb(29, 78, 216));
  --_on-accent: var(--chat-bot-on-accent, #fff);
  --_radius: var(--chat-bot-radius, 16px);
  --_font: var(--chat-bot-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  --_surface: var(--chat-bot-surface, #fff);
  --_text: var(--chat-bot-text, #111827);
  --_muted: var(--chat-bot-muted, #4b5563);
  --_border: var(--chat-bot-border, #d1d5db);
  --_shadow: 0 8px 28px rgb(0 0 0 / 0.18);
  --_focus: var(--chat-bot-focus, #2563eb);
  --_error: var(--chat-bot-error, #b91c1c);
  display: contents;
}
:host([theme='dark']) {
  --_surface: var(--chat-bot-surface, #111827);
  --_text: var(--chat-bot-text, #f3f4f6);
  --_muted: var(--chat-bot-muted, #cbd5e1);
  --_border: var(--chat-bot-border, #374151);
  --_focus: var(--chat-bot-focus, #93c5fd);
  --_error: var(--chat-bot-error, #fca5a5);
}
@media (prefers-color-scheme: dark) {
  :host(:not([theme='light'])) {
    --_surface: var(--chat-bot-surface, #111827);
    --_text: var(--chat-bot-text, #f3f4f6);
    --_muted: var(--chat-bot-muted, #cbd5e1);
    --_border: var(--chat-bot-border, #374151);
    --_focus: var(--chat-bot-focus, #93c5fd);
    --_error: var(--chat-bot-error, #fca5a5);
  }
}
:host([mode='inline']) { display: block; block-size: 100%; }
[hidden] { display: none !important; }
.root {
  /* Nothing the page sets on <chat-bot> (fonts, spacing, transforms of text…) is inherited inside. */
  all: initial;
  position: fixed;
  /* ChatBubbleAlign is physical: bottom right or bottom left, whatever the direction; 20 px from
     the screen's edges, and from a notch or a home bar where the phone has one. */
  bottom: calc(20px + env(safe-area-inset-bottom, 0px));
  right: calc(20px + env(safe-area-inset-right, 0px));
  z-index: var(--chat-bot-z-index, 2147483000);
  display: flex;
  flex-direction: column;
  align-items: flex-end;
  gap: 12px;
  font: 15px/1.45 var(--_font);
  color: var(--_text);
}
.root.left { right: auto; left: calc(20px + env(safe-area-inset-left, 0px)); align-items: flex-start; }
.root:dir(rtl) { align-items: flex-start; }
.root.left:dir(rtl) { align-items: flex-end; }
.root.inline, .inline chat-bot-panel { position: static; display: block; block-size: 100%; }
.launcher {
  inline-size: 56px;
  block-size: 56px;
  border-radius: 50%;
  border: none;
  padding: 0;
  display: grid;
  place-items: center;
  background: var(--_accent);
  color: var(--_on-accent);
  box-shadow: var(--_shadow);
  cursor: pointer;
  transition: transform 0.15s ease;
  position: relative;
}
/* Answers that came while the panel was closed or the page hidden (the count is in the launcher's name too). */
.badge {
  position: absolute;
  inset-block-start: -4px;
  inset-inline-end: -4px;
  min-inline-size: 22px;
  padding-inline: 5px;
  box-sizing: border-box;
  border-radius: 11px;
  background: #b91c1c;
  color: #fff;
  font: 600 12px/22px system-ui, sans-serif;
}
.launcher:hover { transform: scale(1.05); }
.launcher:focus-visible, .popup button:focus-visible { outline: 3px solid var(--_focus); outline-offset: 3px; }
.launcher svg { inline-size: 28px; block-size: 28px; fill: currentColor; }
.launcher img { inline-size: 100%; block-size: 100%; border-radius: 50%; object-fit: cover; }
.popup {
  position: relative;
  /* Its border and padding included: on a phone it keeps the same 20 px from the other edge. */
  box-sizing: border-box;
  max-inline-size: min(300px, calc(100vw - 40px - env(safe-area-inset-left, 0px) - env(safe-area-inset-right, 0px)));
  background: var(--_surface);
  color: var(--_text);
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
  box-shadow: var(--_shadow);
  padding: 12px 48px 12px 14px;
}
.popup .text { all: unset; display: block; cursor: pointer; white-space: pre-line; overflow-wrap: anywhere; }
.popup .dismiss {
  position: absolute;
  inset-block-start: 4px;
  inset-inline-end: 4px;
  inline-size: 44px;
  block-size: 44px;
  border: none;
  border-radius: 50%;
  background: transparent;
  color: var(--_muted);
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
}
@media (max-width: 479px) {
  /* The open panel covers the screen, the launcher too. */
  :host([open]) .launcher { display: none; }
}
@media (prefers-reduced-motion: reduce) {
  .launcher { transition: none; }
  .launcher:hover { transform: none; }
}
@media (forced-colors: active) {
  .launcher, .popup, .badge { border: 2px solid CanvasText; }
}
`;
