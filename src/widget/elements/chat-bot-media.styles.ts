import { css } from 'lit';

export const mediaStyles = css`
  /* Its parts are laid out in the panel's bottom row: the tools beside the message box, the tray
     and errors on rows of their own above it. */
  :host { display: contents; }
  button { font: inherit; cursor: pointer; }
  button:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
  .sr { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  .bar { display: flex; align-items: center; gap: 4px; padding: 0 0 10px 8px; }
  .tool { inline-size: 44px; block-size: 44px; border: none; border-radius: 12px; background: none; color: var(--_text); display: grid; place-items: center; }
  .tool:hover { background: var(--_bot-bubble); }
  .tool[aria-pressed='true'] { background: var(--_accent); color: var(--_on-accent); }
  .tool svg { inline-size: 22px; block-size: 22px; fill: currentColor; }
  .level { flex: 1; min-inline-size: 64px; block-size: 6px; border-radius: 3px; background: var(--_border); overflow: hidden; }
  .level span { display: block; block-size: 100%; background: var(--_accent); }
  .time { font-variant-numeric: tabular-nums; color: var(--_muted); font-size: 13px; }
  ul { order: -1; flex-basis: 100%; display: flex; flex-wrap: wrap; gap: 8px; margin: 0; padding: 8px 10px 0; list-style: none; }
  li { position: relative; inline-size: 72px; }
  li img, li .file { inline-size: 72px; block-size: 72px; object-fit: cover; border-radius: 10px; display: grid; place-items: center; background: var(--_bot-bubble); font-size: 11px; overflow: hidden; text-align: center; word-break: break-all; }
  li progress { inline-size: 100%; block-size: 6px; }
  li .remove { position: absolute; inset-block-start: -10px; inset-inline-end: -10px; inline-size: 44px; block-size: 44px; border: none; background: none; padding: 0; display: grid; place-items: center; }
  li .remove span { inline-size: 24px; block-size: 24px; border-radius: 50%; background: var(--_text); color: var(--_surface); line-height: 24px; font-size: 16px; }
  .error { order: -1; flex-basis: 100%; color: var(--_error); font-size: 13px; margin: 6px 10px 0; }
  input[type='file'] { display: none; }
  @media (prefers-reduced-motion: reduce) { .level span { transition: none; } }
  @media (forced-colors: active) { .tool, li img, li .file { border: 1px solid ButtonText; } }
`;
