import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { PanelActionEvent } from '../internal-events.ts';
import type { WidgetSettings } from '../settings.ts';
import type { Strings } from '../strings/index.ts';

/** A link the owner gave, when it is one a page may follow (http or https). */
const httpUrl = (value: string) => (/^https?:\/\//i.test(value) ? value : '');

/**
 * The menu's looks, added to the panel's own (its shadow root): the menu draws into the panel's
 * tree, where its buttons and links are found and focused as the panel's.
 */
const menuStyles = css`
  .menu {
    position: absolute;
    inset-block-start: 100%;
    inset-inline-end: 8px;
    z-index: 2;
    margin: 4px 0 0;
    padding: 6px;
    list-style: none;
    min-inline-size: 200px;
    background: var(--_surface);
    color: var(--_text);
    border: 1px solid var(--_border);
    border-radius: 12px;
    box-shadow: var(--_shadow);
  }
  .menu a, .menu button {
    display: flex;
    align-items: center;
    inline-size: 100%;
    min-block-size: 44px;
    padding: 0 10px;
    box-sizing: border-box;
    border: none;
    border-radius: 8px;
    background: none;
    color: inherit;
    font: inherit;
    text-align: start;
    text-decoration: none;
    cursor: pointer;
  }
  .menu a:hover, .menu button:hover { background: var(--_bot-bubble); }
`;

/**
 * @summary The panel's ⋯ menu: a new chat, a person (when the owner has one) and the owner's links.
 * Its code loads the first time it is opened: most conversations never open it.
 */
export class ChatBotMenu extends LitElement {
  static override properties = {
    settings: { attribute: false },
    strings: { attribute: false },
  };

  /** The settings in force. */
  settings!: WidgetSettings;
  /** The widget's words. */
  strings!: Strings;

  /** Moves focus to the first item. */
  override focus(): void {
    this.querySelector<HTMLElement>('a, button')?.focus();
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    const root = this.getRootNode();
    if (root instanceof ShadowRoot && !root.adoptedStyleSheets.includes(menuStyles.styleSheet!))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, menuStyles.styleSheet!];
  }

  protected override render(): TemplateResult {
    const { settings: s, strings: t } = this;
    const links = [
      [httpUrl(s.SocialPageUrl), t.socialPage],
      [httpUrl(s.PhotoSocialUrl), t.photoSocial],
      [httpUrl(s.MessengerUrl), t.messenger],
    ].filter(([url]) => url);
    return html`<ul class="menu" id="menu">
      <li><button type="button" @click=${() => this.#act({ kind: 'new-chat' })}>${t.newChat}</button></li>
      ${s.TalkToHumanEnabled ? html`<li><button type="button" @click=${() => this.#act({ kind: 'talk', text: '' })}>${t.talkToPerson}</button></li>` : nothing}
      ${links.map(([url, label]) => html`<li><a href=${url!} target="_blank" rel="noopener noreferrer">${label} <span class="sr">${t.opensInNewTab}</span></a></li>`)}
    </ul>`;
  }

  #act(action: ConstructorParameters<typeof PanelActionEvent>[0]): void {
    this.dispatchEvent(new PanelActionEvent(action));
  }
}

if (!customElements.get('chat-bot-menu')) customElements.define('chat-bot-menu', ChatBotMenu);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-menu': ChatBotMenu;
  }
}
