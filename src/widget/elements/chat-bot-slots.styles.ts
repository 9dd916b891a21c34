import { css } from 'lit';

/** What the times an answer offers and the booking form share: buttons, links, focus, errors. */
const shared = css`
  button { min-block-size: 44px; min-inline-size: 44px; padding: 0 12px; font: inherit; font-size: 14px; font-weight: 600; color: var(--_text); background: var(--_surface); border: 1px solid var(--_border); border-radius: 10px; cursor: pointer; }
  button:hover { background: color-mix(in srgb, var(--_accent) 12%, var(--_surface)); }
  button:focus-visible, a:focus-visible, input:focus-visible, [tabindex='-1']:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
  .error { margin: 0; color: var(--_error); font-size: 14px; }
  .sr { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

export const slotsStyles = [
  shared,
  css`
    :host { display: block; margin-block: 0.6em 0.2em; }
    .days { display: grid; gap: 10px; }
    .date { margin: 0 0 4px; font-weight: 600; }
    .times { display: flex; flex-wrap: wrap; gap: 6px; margin: 0; padding: 0; list-style: none; }
    button[aria-pressed='true'] { background: var(--_accent); color: var(--_on-accent); border-color: transparent; }
    .zone, .note { margin: 8px 0 0; color: var(--_muted); font-size: 13px; }
    .note { color: var(--_error); }
    .links { display: flex; flex-wrap: wrap; gap: 6px 14px; margin: 0; }
    .links a { display: inline-flex; align-items: center; min-block-size: 44px; color: inherit; font-weight: 600; }
    .host { font-weight: 400; color: var(--_muted); }
    pre { direction: ltr; text-align: left; overflow-x: auto; margin: 0; padding: 10px; background: rgb(0 0 0 / 0.06); border-radius: 8px; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.92em; }
    @media (forced-colors: active) {
      button { border: 1px solid ButtonText; }
      button[aria-pressed='true'] { background: Highlight; color: HighlightText; forced-color-adjust: none; }
    }
  `,
];

export const bookingStyles = [
  shared,
  css`
    :host { display: block; }
    form { display: grid; gap: 10px; padding: 12px; margin-block-start: 10px; border: 1px solid var(--_border); border-radius: var(--_radius); background: var(--_surface); color: var(--_text); }
    h3 { margin: 0; font-size: 1em; }
    .when { margin: 0; }
    .field { display: grid; gap: 4px; font-size: 14px; }
    input { font: inherit; font-size: 16px; color: var(--_text); background: var(--_surface); border: 1px solid var(--_border); border-radius: 8px; padding: 8px 10px; min-block-size: 44px; box-sizing: border-box; inline-size: 100%; }
    input[aria-invalid='true'] { border-color: var(--_error); border-width: 2px; }
    .actions { display: flex; flex-wrap: wrap; gap: 8px; justify-content: flex-end; }
    button[type='submit'] { background: var(--_accent); color: var(--_on-accent); border-color: transparent; }
    button[aria-disabled='true'] { opacity: 0.6; cursor: progress; }
    @media (forced-colors: active) { form, input { border: 1px solid CanvasText; } }
  `,
];
