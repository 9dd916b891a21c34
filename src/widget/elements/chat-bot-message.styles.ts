import { css } from 'lit';

export const messageStyles = css`
  :host { display: block; }
  .row { display: flex; flex-direction: column; align-items: flex-start; gap: 4px; margin-block: 10px; }
  .row.user { align-items: flex-end; }
  .bubble {
    max-inline-size: 85%;
    padding: 10px 14px;
    border-radius: var(--_radius);
    background: var(--_bot-bubble, #f3f4f6);
    color: var(--_text);
    overflow-wrap: anywhere;
  }
  .user .bubble { background: var(--_user); color: var(--_on-user); white-space: pre-wrap; border-end-end-radius: 4px; }
  .assistant .bubble { border-end-start-radius: 4px; }
  .meta { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; font-size: 12px; color: var(--_muted); }
  .meta button {
    font: inherit;
    color: inherit;
    background: none;
    border: none;
    padding: 4px 6px;
    /* A 44 px target that does not make the row taller. */
    min-block-size: 44px;
    min-inline-size: 44px;
    margin-block: -10px;
    border-radius: 6px;
    cursor: pointer;
    text-decoration: underline;
  }
  .meta button:focus-visible { outline: 2px solid var(--_focus); outline-offset: 1px; }
  /* A thumb is outlined, and filled when pressed: the state shows in its shape, not only in a colour. */
  .vote svg { inline-size: 16px; fill: none; stroke: currentColor; stroke-width: 2; }
  [aria-pressed='true'] svg { fill: currentColor; }
  .vote + .vote svg { rotate: 180deg; }
  .files { display: flex; flex-wrap: wrap; gap: 6px; }
  .files.spaced { margin-block-end: 6px; }
  .note { color: var(--_muted); font-style: italic; }
  .error { color: var(--_error); }
  .typing { display: inline-flex; gap: 4px; padding-block: 6px; }
  .typing span { inline-size: 7px; block-size: 7px; border-radius: 50%; background: var(--_muted); animation: blink 1.2s infinite ease-in-out; }
  .typing span:nth-child(2) { animation-delay: 0.2s; }
  .typing span:nth-child(3) { animation-delay: 0.4s; }
  @keyframes blink { 0%, 80%, 100% { opacity: 0.25; } 40% { opacity: 1; } }
  @media (prefers-reduced-motion: reduce) { .typing span { animation: none; opacity: 0.6; } }
  .md > :first-child { margin-block-start: 0; }
  .md > :last-child { margin-block-end: 0; }
  .md p, .md ul, .md ol, .md pre, .md blockquote, .md table { margin-block: 0.5em; }
  .md ul, .md ol { padding-inline-start: 1.4em; }
  .md h1, .md h2, .md h3, .md h4, .md h5, .md h6 { font-size: 1.05em; margin-block: 0.6em 0.3em; }
  .md a { color: inherit; text-decoration: underline; }
  .md .md-host { font-size: 0.85em; color: var(--_muted); margin-inline-start: 0.25em; }
  .md .md-host::before { content: '('; }
  .md .md-host::after { content: ')'; }
  .md img { max-inline-size: 100%; border-radius: 8px; display: block; margin-block: 6px; }
  .md code { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.92em; background: rgb(0 0 0 / 0.06); padding: 0.1em 0.3em; border-radius: 4px; }
  .md pre { direction: ltr; text-align: left; overflow-x: auto; padding: 10px; background: rgb(0 0 0 / 0.06); border-radius: 8px; }
  .md pre code { background: none; padding: 0; }
  .md blockquote { border-inline-start: 3px solid var(--_border); padding-inline-start: 10px; margin-inline: 0; color: var(--_muted); }
  .md table { border-collapse: collapse; display: block; overflow-x: auto; }
  /* Cells break lines between words only (the bubble breaks anywhere, which would cut "Bedro/oms");
     a table wider than the bubble scrolls sideways. */
  .md th, .md td { border: 1px solid var(--_border); padding: 4px 8px; text-align: start; overflow-wrap: normal; }
  .md hr { border: none; border-block-start: 1px solid var(--_border); }
  @media (forced-colors: active) { .bubble { border: 1px solid CanvasText; } }
`;
