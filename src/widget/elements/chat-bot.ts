import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { chatBotStyles } from './chat-bot.styles.ts';
import { css as rgb, parseColor, textOn } from '../color.ts';
import {
  ChatBotAnswerEvent,
  ChatBotCloseEvent,
  ChatBotErrorEvent,
  ChatBotFeedbackEvent,
  ChatBotHandoffEvent,
  ChatBotOpenEvent,
  ChatBotSendEvent,
  ChatBotUnreadEvent,
} from '../events.ts';
import type { PanelEvent } from '../internal-events.ts';
import type { PanelInputs } from '../panel-contract.ts';
import { LocaleWordsController } from '../controllers/locale-words-controller.ts';
import { PanelLoaderController } from '../controllers/panel-loader-controller.ts';
import { SettingsController } from '../controllers/settings-controller.ts';
import type { WidgetSettings } from '../settings.ts';
import { createStorage, isNewBrowserSession, keys, type WidgetStorage } from '../storage.ts';
import { formatLocale, isRtl, type Strings } from '../strings/index.ts';
import { WelcomePopupController } from '../controllers/welcome-popup-controller.ts';

// Without a DOM (server-side rendering) the defaults still read: importing never throws.
const browserLocale = () => globalThis.navigator?.language ?? 'en';
/** An attribute read as one of its values, the first for any other (the property takes what it is given). */
const oneOf = (...values: string[]) => ({
  fromAttribute: (value: string | null) => (values.includes(value!) ? value : values[0]),
});
const chatIcon = html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z"/></svg>`;

/**
 * Where photos may load from: the page's `image-hosts`, and the service's own origin (scheme, host
 * and port: not another server on its host) — its photos and the owner's uploads come from there,
 * and it has the conversation already, so nothing leaks to it.
 */
const photoHosts = (list: string, base: string): string[] => {
  const hosts = list.split(/[\s,]+/);
  try {
    const { origin } = new URL(base, location.href);
    if (origin !== 'null') hosts.push(origin);
  } catch {
    // No address for the service: no host of its own.
  }
  return hosts.filter(Boolean);
};
/** An attribute on unless written `"false"` (`stream`, `read-aloud`). */
const onUnlessFalse = { fromAttribute: (value: string | null) => value !== 'false' };

/**
 * @summary An AI chat for your site: a launcher that opens a panel where answers stream in.
 *
 * @fires chat-bot-open - The panel opened.
 * @fires chat-bot-close - The panel closed.
 * @fires chat-bot-send - The visitor sent a message (`text`, `fileIds`).
 * @fires chat-bot-answer - An answer is complete (`text`, `questionId`, `answerId`).
 * @fires chat-bot-error - Something failed (`code`: the service's Code, or 0 for the network; `message`).
 * @fires chat-bot-handoff - The visitor asked to talk to a person (`name`, `email`, `message`).
 * @fires chat-bot-feedback - The visitor rated an answer, changed or withdrew the vote; the service stored it (`answerId`, `rating`: `up`, `down` or null, `reasons`, `comment`).
 * @fires chat-bot-agent - A person in the chat joined, sent a message or left (`kind`: `joined`, `message` or `left`; `name`; `text`).
 * @fires chat-bot-unread - Answers the visitor has not seen (they came while the panel was closed or the page hidden) were counted again (`count`; 0 once seen).
 *
 * @csspart launcher - The round button that opens the chat.
 * @csspart badge - The count on the launcher of answers not seen.
 * @csspart popup - The welcome message beside the closed launcher.
 * @csspart panel - The chat panel.
 * @csspart header - The panel's title bar.
 * @csspart message - Each message (with `user-message` or `assistant-message`).
 * @csspart user-message - The visitor's messages.
 * @csspart assistant-message - The answers.
 * @csspart bubble - The bubble of each message.
 * @csspart composer - The message box and its buttons.
 *
 * @cssproperty --chat-bot-accent - Launcher, header and accents (default: the chatbot's ChatBubbleColor).
 * @cssproperty --chat-bot-on-accent - Text on the accent (default: black or white, whichever reads better).
 * @cssproperty --chat-bot-user-bubble - The visitor's bubbles (default: UserMessageColor).
 * @cssproperty --chat-bot-on-user-bubble - Text in the visitor's bubbles.
 * @cssproperty --chat-bot-font - The font family.
 * @cssproperty --chat-bot-radius - Corner radius of the panel and bubbles.
 * @cssproperty --chat-bot-z-index - Stacking of the floating launcher and panel.
 * @cssproperty --chat-bot-surface - Panel background.
 * @cssproperty --chat-bot-text - Text colour.
 * @cssproperty --chat-bot-muted - Secondary text: times, notes, the privacy notice.
 * @cssproperty --chat-bot-border - Borders and dividers.
 * @cssproperty --chat-bot-focus - The focus ring.
 * @cssproperty --chat-bot-error - Error text.
 * @cssproperty --chat-bot-bot-bubble - The answers' bubbles (default: a tint of the text colour on the surface).
 */
export class ChatBot extends LitElement {
  static override styles = chatBotStyles;
  // Reflected, as attributes a page may style by; an initial value (useDefault) reflects nothing.
  static override properties = {
    serialNumber: { attribute: 'serial-number', reflect: true, useDefault: true },
    baseUrl: { attribute: 'base-url', reflect: true, useDefault: true },
    apiKey: { attribute: 'api-key', reflect: true },
    open: { type: Boolean, reflect: true, useDefault: true },
    mode: { reflect: true, useDefault: true, converter: oneOf('bubble', 'inline') },
    theme: { reflect: true, useDefault: true, converter: oneOf('auto', 'light', 'dark') },
    locale: { reflect: true, useDefault: true },
    stream: { reflect: true, useDefault: true, converter: onUnlessFalse },
    imageHosts: { attribute: 'image-hosts', reflect: true, useDefault: true },
    sound: { type: Boolean, reflect: true, useDefault: true },
    notifyTitle: { attribute: 'notify-title', type: Boolean, reflect: true, useDefault: true },
    readAloud: { attribute: 'read-aloud', reflect: true, useDefault: true, converter: onUnlessFalse },
    pageContext: { attribute: 'page-context', reflect: true },
    listing: { reflect: true },
    settings: { attribute: false },
    strings: { attribute: false },
  };
  /** How the panel's code is loaded: set by the entry (a chunk beside the script, or the bundler's import). */
  static loadPanel: (() => Promise<unknown>) | null = null;

  /** The chatbot's serial number (required). */
  serialNumber = '';
  /** The service's origin (default: the page's origin). */
  baseUrl: string = globalThis.location?.origin ?? '';
  /** An owner API key, only for trusted, non-public pages: anyone can read it from a public page. */
  apiKey: string | undefined;
  /** Whether the panel is open (setting it opens or closes the panel, as show() and hide()). */
  open = false;
  /** `bubble` (a launcher and a floating panel, the default) or `inline` (the panel fills its container). */
  mode: 'bubble' | 'inline' = 'bubble';
  /** `light`, `dark` or `auto` (the default: as the visitor's system). */
  theme: 'light' | 'dark' | 'auto' = 'auto';
  /** The interface language (en, es, fr, de, pt, zh, ar; others read as en) and the format of times (default: the browser's). */
  locale: string = browserLocale();
  /** Stream answers as they are generated (default true; `stream="false"` waits for whole answers). */
  stream = true;
  /** Hosts whose images an answer may show (`img.example.com`, `*.cdn.example`); others become links. */
  imageHosts = '';
  /** A short chime when an answer arrives unseen (panel closed, page hidden); off by default, and silent until the visitor has used the page (autoplay rules). */
  sound = false;
  /** The tab's title flashes "(1) New message" while answers wait unseen in a hidden tab; off by default (the title is the page's). */
  notifyTitle = false;
  /** "Read aloud" under each answer where the browser has voices (default true; `read-aloud="false"` hides it). */
  readAloud = true;
  /** `on` (the default): each question says which page it is asked from (origin and path only), so "this house" on a listing's page means that listing; `off` sends nothing. */
  pageContext: 'on' | 'off' | undefined;
  /** The listing this page shows, for an SPA whose addresses are not the listings' Urls: its Id, MLS number or Url. */
  listing: string | undefined;
  /** Settings given by the page; they win over the ones fetched from the service. */
  settings: Partial<WidgetSettings> | undefined;
  /** Replacements for any of the widget's words. */
  strings: Partial<Strings> | undefined;

  /** Opens the panel (loading it first if needed) and moves focus to the message box. */
  async show(): Promise<void> {
    const panel = await this.#panel.load();
    if (!panel) this.open = false;
    if (!panel || this.#shown) return;
    this.#shown = this.open = true;
    this.requestUpdate();
    await this.updateComplete;
    this.#emit(new ChatBotOpenEvent());
    this.#seen();
    panel.focusComposer();
  }
  /** Closes the panel and gives focus back to the launcher if it was inside. */
  hide(): void {
    if (!this.#shown || this.mode === 'inline') return;
    const hadFocus = !!this.shadowRoot?.activeElement;
    this.#shown = this.open = false;
    this.requestUpdate();
    // On a phone the launcher shows again with the update.
    if (hadFocus) void this.updateComplete.then(() => this.#launcher?.focus());
    this.#emit(new ChatBotCloseEvent());
  }
  async toggle(): Promise<void> {
    if (this.#shown) this.hide();
    else await this.show();
  }
  /** Sends a message as if the visitor typed it (opening nothing); `fileIds` are images already uploaded in the visitor's session. */
  async send(text: string, fileIds: readonly number[] = []): Promise<void> {
    // The page names images by id: the message shows them, fetched by id, under no name.
    await (
      await this.#panel.load()
    )?.send(
      text,
      fileIds.map((id) => ({ id, kind: 'Image', name: '' })),
    );
  }
  /** Forgets the conversation in this browser and starts a new one. */
  async clearHistory(): Promise<void> {
    if (this.#panel.panel) return this.#panel.panel.clearHistory();
    await this.#storage?.delete(keys.conversation(this.serialNumber));
  }

  /** The panel is open and drawn (`open` may be set before it is loaded). */
  #shown = false;
  /** Answers that came while the panel was closed or the page hidden, not seen since. */
  #unread = 0;
  #storage: WidgetStorage | null = null;
  readonly #settings = new SettingsController(
    this,
    () =>
      this.#storage && this.serialNumber
        ? { baseUrl: this.baseUrl, serialNumber: this.serialNumber, apiKey: this.apiKey, storage: this.#storage }
        : null,
    (serialNumber) => this.#settingsIn(serialNumber),
  );
  // A locale given is the language's first choice; by default, the browser's list.
  readonly #words = new LocaleWordsController(this, () =>
    this.locale === browserLocale() ? navigator.languages : [this.locale],
  );
  readonly #popup = new WelcomePopupController(this, () => this.#shown || this.mode === 'inline');
  readonly #panel = new PanelLoaderController(
    this,
    () => ChatBot.loadPanel?.(),
    async () => {
      await this.updateComplete;
      await Promise.all([this.#settings.ready, this.#words.load()]);
    },
    (message) => this.#emit(new ChatBotErrorEvent(0, message)),
  );
  /** The owner's colours, under the page's --chat-bot-* properties. */
  readonly #themeSheet = typeof CSSStyleSheet === 'undefined' ? null : new CSSStyleSheet();
  #theme = '';

  get #merged(): WidgetSettings {
    return this.#settings.merged(this.settings);
  }

  get #launcher(): HTMLButtonElement | null {
    return this.renderRoot.querySelector('.launcher');
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#storage ??= createStorage();
    document.addEventListener('visibilitychange', this.#seen);
    if (this.mode === 'inline' || this.open) void this.show();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener('visibilitychange', this.#seen);
    this.#shown = false;
  }

  /** One more answer unseen, or (`count` 0) all seen: drawn on the launcher, told to the page. */
  #count(count: number): void {
    if (count === this.#unread) return;
    this.#unread = count;
    this.requestUpdate();
    this.#emit(new ChatBotUnreadEvent(count));
  }

  /** The panel is open in a visible page: what came is seen. */
  readonly #seen = () => {
    if (this.#shown && !document.hidden) this.#count(0);
  };

  protected override createRenderRoot() {
    const root = super.createRenderRoot() as ShadowRoot;
    if (this.#themeSheet) root.adoptedStyleSheets.push(this.#themeSheet);
    return root;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('open') && this.open !== this.#shown) {
      if (this.open) void this.show();
      else this.hide();
    }
    const s = this.#merged;
    const accent = parseColor(s.ChatBubbleColor) ?? [29, 78, 216];
    const user = parseColor(s.UserMessageColor) ?? [229, 231, 235];
    const theme =
      `:host{--_accent:var(--chat-bot-accent,${rgb(accent)});--_on-accent:var(--chat-bot-on-accent,${textOn(accent)});` +
      `--_user:var(--chat-bot-user-bubble,${rgb(user)});--_on-user:var(--chat-bot-on-user-bubble,${textOn(user)})}`;
    // Only new colours restyle the shadow root: opening, closing and the popup update it too.
    if (theme !== this.#theme) this.#themeSheet?.replaceSync((this.#theme = theme));
  }

  protected override render() {
    const s = this.#merged;
    const t = this.#words.words(this.strings);
    const lang = this.#words.language;
    const inline = this.mode === 'inline';
    const unread = this.#shown ? 0 : this.#unread;
    const name = this.#shown
      ? t.closeChat
      : unread
        ? `${t.openChat}, ${t.unread!.replace('{n}', `${unread}`)}`
        : t.openChat;
    // The panel (once its code is in); the welcome beside the closed launcher (pressed, it opens the
    // chat; × puts it away); the launcher, named with the answers not seen, fetching the panel's code
    // at the first sign of intent.
    return html`<div class="root${s.ChatBubbleAlign === 1 ? ' left' : ''}${inline ? ' inline' : ''}" lang=${lang} dir=${isRtl(lang) ? 'rtl' : nothing}>${this.#renderPanel(s, t as Strings, inline)}<div
      class="popup" part="popup" role="status" ?hidden=${inline || this.#shown || !this.#popup.visible}><button type="button" class="text" @click=${this.show}>${s.WelcomeMessage}</button><button
      type="button" class="dismiss" aria-label=${t.dismiss} @click=${this.#dismissPopup}>×</button></div><button type="button" class="launcher" part="launcher" aria-haspopup="dialog"
      aria-expanded=${this.#shown} aria-label=${name} ?hidden=${inline} @click=${this.toggle} @pointerenter=${this.#prefetch} @focus=${this.#prefetch}
      @touchstart=${{ handleEvent: this.#prefetch, passive: true }}>${s.ChatIconUrl ? html`<img src=${s.ChatIconUrl} alt="">` : chatIcon}${
        unread ? html`<span class="badge" part="badge" aria-hidden="true">${unread}</span>` : nothing
      }</button></div>`;
  }

  /** The panel, once its code is in, given what it needs as one value (panel-contract.ts); hidden, not removed, while closed. */
  #renderPanel(settings: WidgetSettings, strings: Strings, inline: boolean) {
    if (!this.#panel.ready) return nothing;
    const inputs: PanelInputs = {
      serialNumber: this.serialNumber,
      baseUrl: this.baseUrl,
      apiKey: this.apiKey,
      settings,
      strings,
      locale: formatLocale(this.locale),
      stream: this.stream,
      imageHosts: photoHosts(this.imageHosts, this.baseUrl),
      inline,
      storage: this.#storage!,
      readAloud: this.readAloud,
      listing: this.pageContext !== 'off' && this.listing,
    };
    return html`<chat-bot-panel part="panel" exportparts="header,message,user-message,assistant-message,bubble,composer" ?hidden=${!inline && !this.#shown} .inputs=${inputs} @chat-bot-panel=${this.#onPanelEvent}></chat-bot-panel>`;
  }

  /** First intent: fetch the panel's code while the visitor reaches for the button. */
  readonly #prefetch = () => void this.#panel.load();

  readonly #dismissPopup = () => {
    if (this.#popup.dismiss()) this.#launcher?.focus();
  };

  /** The chatbot's settings are in: a log kept only for the browser session goes, the welcome may show. */
  async #settingsIn(serialNumber: string): Promise<void> {
    const s = this.#merged;
    const storage = this.#storage!;
    if (s.RemoveChatLogOnBrowserClose && isNewBrowserSession(serialNumber))
      await storage.delete(keys.conversation(serialNumber));
    await this.#popup.maybeShow(s, storage, serialNumber);
  }

  /** Every public event goes out here (the events are listed, with their data, in the JSDoc above). */
  #emit(event: Event): void {
    this.dispatchEvent(event);
  }

  /** What the panel tells, made public. */
  readonly #onPanelEvent = ({ detail: d }: PanelEvent): void => {
    if (d.kind === 'close') return this.hide();
    // An answer (or the reply to a lead) the visitor cannot see now: counted, and heard or shown in the title if the page asked.
    if ((d.kind === 'answer' || d.kind === 'handoff' || d.kind === 'agent') && (!this.#shown || document.hidden)) {
      this.#count(this.#unread + 1);
      this.#panel.panel?.notify(this.#unread, this.sound, this.notifyTitle);
    }
    // A person's message: counted, and made public by the chunk that follows them (agent-event.ts).
    if (d.kind === 'agent') return;
    this.#emit(
      d.kind === 'send'
        ? new ChatBotSendEvent(d.text, d.fileIds)
        : d.kind === 'answer'
          ? new ChatBotAnswerEvent(d.text, d.questionId, d.answerId)
          : d.kind === 'error'
            ? new ChatBotErrorEvent(d.code, d.message)
            : d.kind === 'feedback'
              ? new ChatBotFeedbackEvent(d.answerId, d.rating, d.reasons, d.comment)
              : new ChatBotHandoffEvent(d.name, d.email, d.message),
    );
  };
}

/** Defines <chat-bot> unless the page already has it (the file loaded twice, or two builds). */
export function defineChatBot(): void {
  if (typeof customElements !== 'undefined' && !customElements.get('chat-bot'))
    customElements.define('chat-bot', ChatBot);
}

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot': ChatBot;
  }
}
