import { css } from 'lit';

export const panelStyles = css`
  :host {
    display: block;
    --_bot-bubble: var(--chat-bot-bot-bubble, color-mix(in srgb, var(--_text) 7%, var(--_surface)));
  }
  .panel {
    display: flex;
    flex-direction: column;
    inline-size: min(400px, calc(100vw - 40px));
    block-size: min(640px, calc(100dvh - 120px));
    background: var(--_surface);
    color: var(--_text);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    box-shadow: var(--_shadow);
    overflow: hidden;
    position: relative;
  }
  .panel.inline { inline-size: 100%; block-size: 100%; box-shadow: none; }
  header {
    display: flex;
    align-items: center;
    gap: 10px;
    padding-block: 10px;
    padding-inline: 14px 10px;
    background: var(--_accent);
    color: var(--_on-accent);
    position: relative;
  }
  header img { inline-size: 32px; block-size: 32px; border-radius: 50%; object-fit: cover; }
  h2 { margin: 0; flex: 1; font-size: 16px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .icon {
    inline-size: 44px;
    block-size: 44px;
    border: none;
    border-radius: 10px;
    background: transparent;
    color: inherit;
    font-size: 22px;
    line-height: 1;
    cursor: pointer;
  }
  /* The ⋯ menu's own are chat-bot-menu.ts's, added when it first opens. */
  :focus-visible { outline: 3px solid var(--_focus); outline-offset: -3px; }
  .icon:focus-visible { outline-color: currentColor; }
  /* The view is placed by scroll-controller.ts alone: the browser's scroll anchoring moving it (content drawn
     above it, as a restored conversation's cards are) would read as the visitor's scroll. */
  .scroller { flex: 1; overflow-y: auto; overflow-anchor: none; overscroll-behavior: contain; padding: 4px 14px 10px; }
  .welcome { margin-block: 10px; max-inline-size: 85%; padding: 10px 14px; border-radius: var(--_radius); border-end-start-radius: 4px; background: var(--_bot-bubble); white-space: pre-line; overflow-wrap: anywhere; }
  .privacy { font-size: 13px; color: var(--_muted); margin: 8px 0; }
  .privacy a { color: inherit; }
  .suggestions { display: flex; flex-wrap: wrap; gap: 8px; margin-block: 8px; }
  /* The panel's round buttons: suggestion chips, earlier messages, the jump to new ones. */
  .chip, .earlier, .more button {
    min-block-size: 44px;
    border-radius: 22px;
    border: 1px solid var(--_border);
    background: var(--_surface);
    color: var(--_text);
    font: inherit;
    cursor: pointer;
  }
  .chip { padding: 6px 14px; border-color: var(--_accent); font-size: 14px; }
  .chip:hover { background: var(--_bot-bubble); }
  .earlier { display: block; margin: 8px auto; padding: 0 14px; }
  /* Its own strip above the composer: it never covers a line or a photo. */
  .more { text-align: center; padding: 4px; border-block-start: 1px solid var(--_border); }
  .more button { padding: 0 16px; border: none; background: var(--_accent); color: var(--_on-accent); }
  /* One row: the media's tools (chat-bot-media is display: contents), then the message box; the
     photo tray and the media's errors take whole rows above them (order: -1, flex-basis: 100%). */
  .bottom { display: flex; flex-wrap: wrap; align-items: end; border-block-start: 1px solid var(--_border); }
  chat-bot-composer { flex: 1; min-inline-size: 0; }
  .sr { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
  @media (max-width: 479px) {
    /* A full-screen sheet the size of the visual viewport (--_vh, --_vt: set on the panel from
       visualViewport), so the on-screen keyboard never covers the composer; clear of notches. */
    .panel:not(.inline) {
      position: fixed;
      inset: var(--_vt, 0) 0 auto;
      inline-size: 100%;
      block-size: var(--_vh, 100dvh);
      border-radius: 0;
      border: none;
      padding: 0 env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left);
      box-sizing: border-box;
    }
    .panel:not(.inline) header { padding-block-start: max(10px, env(safe-area-inset-top)); }
  }
  @media (forced-colors: active) {
    header { border-block-end: 1px solid CanvasText; }
    .chip, .earlier, .more button { border: 1px solid ButtonText; }
  }
`;
