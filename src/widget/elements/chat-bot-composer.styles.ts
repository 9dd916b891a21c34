import { css } from 'lit';

export const composerStyles = css`
  /* (A flex item of the panel's bottom row: a block without :host's display.) */
  form { display: flex; flex-wrap: wrap; align-items: flex-end; gap: 0 8px; padding: 10px 12px; }
  /* Under the box, taking room only when it says something. */
  .note { flex-basis: 100%; margin: 0; font-size: 13px; color: var(--_muted); }
  .note:not(:empty) { margin-block-start: 6px; }
  label { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  textarea {
    flex: 1;
    resize: none;
    font: inherit;
    font-size: 16px;
    color: var(--_text);
    background: var(--_surface);
    border: 1px solid var(--_border);
    border-radius: 12px;
    padding: 10px 12px;
    min-block-size: 44px;
    max-block-size: 140px;
    field-sizing: content;
    box-sizing: border-box;
  }
  textarea::placeholder { color: var(--_muted); opacity: 1; }
  textarea:focus-visible, button:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
  button {
    min-inline-size: 44px;
    min-block-size: 44px;
    border: none;
    border-radius: 12px;
    padding: 0 14px;
    font: inherit;
    font-weight: 600;
    background: var(--_accent);
    color: var(--_on-accent);
    cursor: pointer;
  }
  button.stop { background: var(--_surface); color: var(--_text); border: 1px solid var(--_border); }
  button:disabled { opacity: 0.55; cursor: default; }
  @media (forced-colors: active) { button { border: 1px solid ButtonText; } }
`;
