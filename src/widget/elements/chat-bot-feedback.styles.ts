import { css } from 'lit';

export const feedbackStyles = css`
  /* Its status line sits in the answer's row of actions, after the thumbs; the form takes a line of its own below. */
  :host { display: contents; }
  form { flex: 1 0 100%; box-sizing: border-box; min-inline-size: 0; max-inline-size: 360px; display: grid; gap: 8px; padding: 10px 12px; margin-block: 4px; border: 1px solid var(--_border); border-radius: var(--_radius); font-size: 14px; color: var(--_text); }
  p { margin: 0; font-weight: 600; }
  .chips, .actions { display: flex; flex-wrap: wrap; gap: 6px; }
  .actions { justify-content: flex-end; }
  label { display: grid; gap: 4px; }
  textarea { font: inherit; font-size: 16px; color: var(--_text); background: var(--_surface); border: 1px solid var(--_border); border-radius: 8px; padding: 6px 10px; resize: vertical; box-sizing: border-box; }
  .left { color: var(--_muted); font-size: 12px; }
  .left:empty { display: none; }
  button { min-block-size: 44px; min-inline-size: 44px; padding: 0 12px; border: 1px solid var(--_border); border-radius: 22px; background: var(--_surface); color: var(--_text); font: inherit; cursor: pointer; }
  .chips [aria-pressed='true'], [type='submit'] { background: var(--_accent); color: var(--_on-accent); border-color: transparent; }
  [type='submit'] { font-weight: 600; }
  :focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
  @media (forced-colors: active) {
    form, button { border: 1px solid ButtonText; }
    .chips [aria-pressed='true'] { border-width: 3px; }
  }
`;
