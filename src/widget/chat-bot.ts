import { chatBotStyles } from './chat-bot.styles.ts';
import { css, parseColor, textOn } from './color.ts';
import { ChatBotAnswerEvent, ChatBotCloseEvent, ChatBotErrorEvent, ChatBotFeedbackEvent, ChatBotHandoffEvent, ChatBotOpenEvent, ChatBotSendEvent } from './events.ts';
import { PanelEvent } from './internal-events.ts';
import { PANEL_TAG, type PanelClass, type PanelElement } from './panel-contract.ts';
import { DEFAULT_SETTINGS, cachedSettings, fetchSettings, type WidgetSettings } from './settings.ts';
import { createStorage, isNewBrowserSession, keys, type WidgetStorage } from './storage.ts';
import { en, formatLocale, isRtl, languageOf, launcherStrings, type Language, type Strings } from './strings.ts';

// Without a DOM (server-side rendering) the class must still be definable: importing never throws.
const Base = (globalThis.HTMLElement ?? class {}) as typeof HTMLElement;
const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: Node[]) {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
}

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
 *
 * @csspart launcher - The round button that opens the chat.
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
export class ChatBot extends Base {
  static readonly observedAttributes = ['serial-number', 'base-url', 'api-key', 'open', 'mode', 'theme', 'locale', 'stream', 'image-hosts'];
  /** How the panel's code is loaded: set by the entry (a chunk beside the script, or the bundler's import). */
  static loadPanel: (() => Promise<unknown>) | null = null;

  /** The chatbot's serial number (required). */
  get serialNumber(): string {
    return this.getAttribute('serial-number') ?? '';
  }
  set serialNumber(value: string) {
    this.setAttribute('serial-number', value);
  }
  /** The service's origin (default: the page's origin). */
  get baseUrl(): string {
    return this.getAttribute('base-url') ?? (typeof location === 'undefined' ? '' : location.origin);
  }
  set baseUrl(value: string) {
    this.setAttribute('base-url', value);
  }
  /** An owner API key, only for trusted, non-public pages: anyone can read it from a public page. */
  get apiKey(): string | undefined {
    return this.getAttribute('api-key') ?? undefined;
  }
  set apiKey(value: string | undefined) {
    if (value) this.setAttribute('api-key', value);
    else this.removeAttribute('api-key');
  }
  /** Whether the panel is open (reflects). */
  get open(): boolean {
    return this.hasAttribute('open');
  }
  set open(value: boolean) {
    if (value) void this.show();
    else this.hide();
  }
  /** `bubble` (a launcher and a floating panel, the default) or `inline` (the panel fills its container). */
  get mode(): 'bubble' | 'inline' {
    return this.getAttribute('mode') === 'inline' ? 'inline' : 'bubble';
  }
  set mode(value: 'bubble' | 'inline') {
    this.setAttribute('mode', value);
  }
  /** `light`, `dark` or `auto` (the default: as the visitor's system). */
  get theme(): 'light' | 'dark' | 'auto' {
    const t = this.getAttribute('theme');
    return t === 'light' || t === 'dark' ? t : 'auto';
  }
  set theme(value: 'light' | 'dark' | 'auto') {
    this.setAttribute('theme', value);
  }
  /** The interface language (en, es, fr, de, pt, zh, ar; others read as en) and the format of times (default: the browser's). */
  get locale(): string {
    return this.getAttribute('locale') ?? (typeof navigator === 'undefined' ? 'en' : navigator.language);
  }
  set locale(value: string) {
    this.setAttribute('locale', value);
  }
  /** Stream answers as they are generated (default true; `stream="false"` waits for whole answers). */
  get stream(): boolean {
    return this.getAttribute('stream') !== 'false';
  }
  set stream(value: boolean) {
    this.setAttribute('stream', String(value));
  }
  /** Hosts whose images an answer may show (`img.example.com`, `*.cdn.example`); others become links. */
  get imageHosts(): string {
    return this.getAttribute('image-hosts') ?? '';
  }
  set imageHosts(value: string) {
    this.setAttribute('image-hosts', value);
  }
  /** Settings given by the page; they win over the ones fetched from the service. */
  get settings(): Partial<WidgetSettings> | undefined {
    return this.#pageSettings;
  }
  set settings(value: Partial<WidgetSettings> | undefined) {
    this.#pageSettings = value;
    this.#apply();
  }
  /** Replacements for any of the widget's words. */
  get strings(): Partial<Strings> | undefined {
    return this.#pageStrings;
  }
  set strings(value: Partial<Strings> | undefined) {
    this.#pageStrings = value;
    this.#apply();
  }

  /** Opens the panel (loading it first if needed) and moves focus to the message box. */
  async show(): Promise<void> {
    const panel = await this.#ensurePanel();
    if (!panel || this.#opened) return;
    this.#opened = true;
    this.toggleAttribute('open', true);
    this.#dismissPopup(false);
    this.#fitSheet();
    this.#render();
    this.#emit(new ChatBotOpenEvent());
    panel.focusComposer();
  }
  /** Closes the panel and gives focus back to the launcher if it was inside. */
  hide(): void {
    if (!this.#opened || this.mode === 'inline') return;
    const hadFocus = this.shadowRoot?.activeElement !== null && this.shadowRoot?.activeElement !== undefined;
    this.#opened = false;
    this.toggleAttribute('open', false);
    this.#fitSheet();
    this.#render();
    if (hadFocus) this.#launcher?.focus();
    this.#emit(new ChatBotCloseEvent());
  }
  toggle(): Promise<void> {
    if (this.#opened) this.hide();
    else return this.show();
    return Promise.resolve();
  }
  /** Sends a message as if the visitor typed it (opening nothing). */
  async send(text: string, fileIds: readonly number[] = []): Promise<void> {
    await (await this.#ensurePanel())?.send(text, fileIds);
  }
  /** Forgets the conversation in this browser and starts a new one. */
  async clearHistory(): Promise<void> {
    if (this.#panel) return this.#panel.clearHistory();
    await this.#storage?.delete(keys.conversation(this.serialNumber));
  }

  #pageSettings: Partial<WidgetSettings> | undefined;
  #pageStrings: Partial<Strings> | undefined;
  /** The panel's words in `dictLang`, from its chunk (English needs none). */
  #dict: Partial<Strings> = {};
  #dictLang: Language = 'en';
  /** Open as a full-screen sheet on a phone: page scroll locked, a history entry for Back. */
  #sheet = false;
  /** The history.back() calls widgets made themselves, closing a sheet, whose popstate has not come yet. */
  static #ownBacks = 0;
  /** The widgets whose sheet is open. */
  static readonly #sheets = new Set<ChatBot>();
  /**
   * One listener for every widget (adding the same function again adds nothing). A Back a widget
   * made itself closes nothing — whichever widget made it, even one since removed — and a sheet
   * opened meanwhile gets its history entry now; the visitor's Back closes the open sheets.
   */
  static readonly #onPopState = (): void => {
    const own = ChatBot.#ownBacks > 0;
    if (own) ChatBot.#ownBacks--;
    for (const bot of ChatBot.#sheets) {
      if (inSheetEntry()) continue;
      if (!own) bot.hide();
      else if (!ChatBot.#ownBacks) pushSheetEntry();
    }
  };
  #pageOverflow = '';
  readonly #phone = typeof matchMedia === 'undefined' ? null : matchMedia('(max-width: 479px)');
  #serviceSettings: Partial<WidgetSettings> = {};
  #storage: WidgetStorage | null = null;
  #panel: PanelElement | null = null;
  #panelLoading: Promise<PanelElement | null> | null = null;
  #opened = false;
  #popupVisible = false;
  /** The icon the launcher shows (ChatIconUrl; empty for the built-in one). */
  #icon: string | undefined;
  #ready: Promise<void> = Promise.resolve();
  #settingsCall = 0;
  readonly #themeSheet = typeof CSSStyleSheet === 'undefined' ? null : new CSSStyleSheet();
  #root?: HTMLDivElement;
  #launcher?: HTMLButtonElement;
  #popup?: HTMLDivElement;
  #popupText?: HTMLButtonElement;

  connectedCallback(): void {
    this.#storage ??= createStorage();
    if (!this.shadowRoot) this.#build();
    this.#ready = this.#loadSettings();
    addEventListener('popstate', ChatBot.#onPopState);
    this.#phone?.addEventListener('change', this.#fitSheet);
    if (this.mode === 'inline' || this.hasAttribute('open')) void this.show();
  }

  disconnectedCallback(): void {
    this.#phone?.removeEventListener('change', this.#fitSheet);
    this.#opened = false;
    this.#fitSheet();
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (!this.shadowRoot || old === value) return;
    if (name === 'open') {
      if (value !== null && !this.#opened) void this.show();
      else if (value === null && this.#opened) this.hide();
    } else if (name === 'serial-number' || name === 'base-url' || name === 'api-key') this.#ready = this.#loadSettings();
    else this.#apply();
    if (name === 'locale') void this.#loadWords();
  }

  /** The built-in language of the words: the `locale` attribute's, else the first of the browser's we have. */
  get #language(): Language {
    const tag = this.getAttribute('locale');
    return tag ? languageOf(tag) : languageOf(...(typeof navigator === 'undefined' ? [] : navigator.languages));
  }

  /** The words in force: English, the language's, then the page's. */
  get #words(): Strings {
    const lang = this.#language;
    return { ...en, ...launcherStrings(lang), ...(this.#dictLang === lang ? this.#dict : {}), ...this.#pageStrings };
  }

  /** Loads the panel's words for the language (once the panel's code is there). */
  async #loadWords(): Promise<void> {
    const lang = this.#language;
    const Panel = customElements.get(PANEL_TAG) as PanelClass | undefined;
    if (lang === this.#dictLang || !Panel) return;
    const dict = await Panel.loadStrings(lang).catch(() => null);
    if (!dict || lang !== this.#language) return;
    this.#dict = dict;
    this.#dictLang = lang;
    this.#apply();
  }

  /**
   * On a phone the open panel is a full-screen sheet: it follows the visual viewport (so the
   * on-screen keyboard never covers the composer), the page behind it does not scroll, and Back
   * closes it. Called whenever the panel opens or closes or the screen crosses 480 px.
   */
  readonly #fitSheet = (): void => {
    const want = this.#opened && this.mode !== 'inline' && !!this.#phone?.matches && this.isConnected;
    if (want === this.#sheet) return;
    this.#sheet = want;
    const page = document.documentElement.style;
    const viewport = window.visualViewport;
    if (want) {
      this.#pageOverflow = page.overflow;
      page.overflow = 'hidden';
      viewport?.addEventListener('resize', this.#followViewport);
      viewport?.addEventListener('scroll', this.#followViewport);
      this.#followViewport();
      ChatBot.#sheets.add(this);
      // Opened before the Back of a close arrived: the entry is pushed when it has (#onPopState).
      if (!ChatBot.#ownBacks) pushSheetEntry();
    } else {
      page.overflow = this.#pageOverflow;
      viewport?.removeEventListener('resize', this.#followViewport);
      viewport?.removeEventListener('scroll', this.#followViewport);
      this.#root?.style.removeProperty('--_vh');
      this.#root?.style.removeProperty('--_vt');
      ChatBot.#sheets.delete(this);
      if (inSheetEntry()) {
        ChatBot.#ownBacks++;
        history.back();
      }
    }
  };

  readonly #followViewport = (): void => {
    const viewport = window.visualViewport;
    if (!viewport || !this.#root) return;
    this.#root.style.setProperty('--_vh', `${viewport.height}px`);
    this.#root.style.setProperty('--_vt', `${viewport.offsetTop}px`);
  };


  /** The settings now in force: defaults, then the service's, then the page's. */
  get #merged(): WidgetSettings {
    return { ...DEFAULT_SETTINGS, ...this.#serviceSettings, ...this.#pageSettings };
  }

  #build(): void {
    const shadow = this.attachShadow({ mode: 'open' });
    const base = new CSSStyleSheet();
    base.replaceSync(chatBotStyles);
    shadow.adoptedStyleSheets = this.#themeSheet ? [base, this.#themeSheet] : [base];
    this.#launcher = el('button', { type: 'button', className: 'launcher' });
    this.#launcher.setAttribute('part', 'launcher');
    this.#launcher.setAttribute('aria-haspopup', 'dialog');
    this.#popupText = el('button', { type: 'button', className: 'text' });
    const dismiss = el('button', { type: 'button', className: 'dismiss', textContent: '×' });
    this.#popup = el('div', { className: 'popup', hidden: true }, this.#popupText, dismiss);
    this.#popup.setAttribute('part', 'popup');
    this.#popup.setAttribute('role', 'status');
    this.#root = el('div', { className: 'root' }, this.#popup, this.#launcher);
    shadow.append(this.#root);
    this.#launcher.addEventListener('click', () => void this.toggle());
    // First intent: fetch the panel's code while the visitor reaches for the button.
    for (const type of ['pointerenter', 'focus', 'touchstart'] as const) this.#launcher.addEventListener(type, () => void this.#ensurePanel(), { passive: true });
    this.#popupText.addEventListener('click', () => void this.show());
    dismiss.addEventListener('click', () => this.#dismissPopup(true));
    this.#render();
  }

  async #loadSettings(): Promise<void> {
    // Frameworks set bindings one by one on an element already in the page (@lit/react in a layout
    // effect): wait for the rest of this task's, so one request goes where they all say.
    const call = ++this.#settingsCall;
    await 0;
    const storage = this.#storage;
    if (call !== this.#settingsCall || !storage || !this.serialNumber) return;
    const source = { baseUrl: this.baseUrl, serialNumber: this.serialNumber, apiKey: this.apiKey, storage };
    this.#serviceSettings = (await cachedSettings(source)) ?? {};
    this.#apply();
    const refreshed = fetchSettings(source).then((fresh) => {
      this.#serviceSettings = fresh;
      this.#apply();
    });
    // Without a cache the first visit waits for the service; with one, the refresh runs behind.
    if (!Object.keys(this.#serviceSettings).length) await refreshed.catch(() => undefined);
    else refreshed.catch(() => undefined);
    if (this.#merged.RemoveChatLogOnBrowserClose && isNewBrowserSession(this.serialNumber)) await storage.delete(keys.conversation(this.serialNumber));
    await this.#maybeShowPopup();
  }

  #apply(): void {
    if (!this.shadowRoot) return;
    const s = this.#merged;
    const accent = parseColor(s.ChatBubbleColor) ?? [29, 78, 216];
    const user = parseColor(s.UserMessageColor) ?? [229, 231, 235];
    // Colours from settings are defaults under the page's own --chat-bot-* properties.
    this.#themeSheet?.replaceSync(
      `:host{--_accent:var(--chat-bot-accent,${css(accent)});--_on-accent:var(--chat-bot-on-accent,${textOn(accent)});` +
        `--_user:var(--chat-bot-user-bubble,${css(user)});--_on-user:var(--chat-bot-on-user-bubble,${textOn(user)})}`,
    );
    this.#render();
    if (this.#panel) Object.assign(this.#panel, this.#panelInputs());
  }

  #render(): void {
    if (!this.#root || !this.#launcher || !this.#popup || !this.#popupText) return;
    const s = this.#merged;
    const t = this.#words;
    const lang = this.#language;
    const inline = this.mode === 'inline';
    this.#root.className = `root${s.ChatBubbleAlign === 1 ? ' left' : ''}${inline ? ' inline' : ''}`;
    // The words' language and direction; any other language inherits the page's direction (a dir="rtl" host).
    this.#root.lang = lang;
    if (isRtl(lang)) this.#root.dir = 'rtl';
    else this.#root.removeAttribute('dir');
    this.#launcher.hidden = inline;
    this.#launcher.setAttribute('aria-expanded', String(this.#opened));
    this.#launcher.setAttribute('aria-label', this.#opened ? t.closeChat : t.openChat);
    // Only a new icon replaces the launcher's content: a press that begins on the old icon and ends
    // on a new one would be no click at all (a page that sets settings as the visitor clicks).
    if (this.#icon !== s.ChatIconUrl) {
      this.#icon = s.ChatIconUrl;
      this.#launcher.replaceChildren(s.ChatIconUrl ? el('img', { src: s.ChatIconUrl, alt: '' }) : chatIcon());
    }
    this.#popupText.textContent = s.WelcomeMessage;
    this.#popup.hidden = inline || this.#opened || !this.#popupVisible;
    this.#popup.querySelector('.dismiss')?.setAttribute('aria-label', t.dismiss);
    if (this.#panel) this.#panel.hidden = !inline && !this.#opened;
  }

  async #maybeShowPopup(): Promise<void> {
    const s = this.#merged;
    if (!s.WelcomeMessage || this.#opened || this.mode === 'inline' || !this.#storage) return;
    const flags = (await this.#storage.get<{ popupSeen?: boolean }>(keys.flags(this.serialNumber))) ?? {};
    const conversation = await this.#storage.get<{ messages?: unknown[] }>(keys.conversation(this.serialNumber));
    if ((s.ChatbotPopupOnce && flags.popupSeen) || conversation?.messages?.length) return;
    this.#popupVisible = true;
    this.#render();
    if (s.ChatbotPopupOnce) await this.#storage.set(keys.flags(this.serialNumber), { ...flags, popupSeen: true });
  }

  #dismissPopup(byVisitor: boolean): void {
    if (!this.#popupVisible) return;
    this.#popupVisible = false;
    this.#render();
    if (byVisitor) this.#launcher?.focus();
  }

  #panelInputs() {
    return {
      serialNumber: this.serialNumber,
      baseUrl: this.baseUrl,
      apiKey: this.apiKey,
      settings: this.#merged,
      strings: this.#words,
      locale: formatLocale(this.locale),
      stream: this.stream,
      imageHosts: this.imageHosts.split(/[\s,]+/).filter(Boolean),
      inline: this.mode === 'inline',
      storage: this.#storage!,
    };
  }

  /** Loads the panel's code once, then makes the panel (waiting for the settings it starts with). */
  #ensurePanel(): Promise<PanelElement | null> {
    this.#panelLoading ??= (async () => {
      if (!customElements.get(PANEL_TAG)) await ChatBot.loadPanel?.();
      await Promise.all([this.#ready, this.#loadWords()]);
      if (!customElements.get(PANEL_TAG) || !this.#root) return null;
      const panel = document.createElement(PANEL_TAG) as PanelElement;
      Object.assign(panel, this.#panelInputs());
      panel.setAttribute('part', 'panel');
      panel.setAttribute('exportparts', 'header, message, user-message, assistant-message, bubble, composer');
      panel.addEventListener(PanelEvent.type, (e) => this.#onPanelEvent(e as PanelEvent));
      this.#root.prepend(panel);
      this.#panel = panel;
      this.#render();
      return panel;
    })().catch((error: unknown) => {
      this.#panelLoading = null;
      this.#emit(new ChatBotErrorEvent(0, `The chat could not be loaded: ${error instanceof Error ? error.message : String(error)}`));
      return null;
    });
    return this.#panelLoading;
  }

  #onPanelEvent({ detail: d }: PanelEvent): void {
    if (d.kind === 'close') this.hide();
    else if (d.kind === 'send') this.#emit(new ChatBotSendEvent(d.text, d.fileIds));
    else if (d.kind === 'answer') this.#emit(new ChatBotAnswerEvent(d.text, d.questionId, d.answerId));
    else if (d.kind === 'error') this.#emit(new ChatBotErrorEvent(d.code, d.message));
    else if (d.kind === 'feedback') this.#emit(new ChatBotFeedbackEvent(d.answerId, d.rating, d.reasons, d.comment));
    else this.#emit(new ChatBotHandoffEvent(d.name, d.email, d.message));
  }

  /** Every public event goes out here (the events are listed, with their data, in the JSDoc above). */
  #emit(event: Event): void {
    this.dispatchEvent(event);
  }
}

/** The history entry of an open sheet: the page's own state, marked, so that Back closes the sheet. */
const pushSheetEntry = () => history.pushState({ ...(history.state as object | null), chatBotSheet: true }, '');
const inSheetEntry = () => !!(history.state as { chatBotSheet?: boolean } | null)?.chatBotSheet;

function chatIcon(): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', 'M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2z');
  svg.append(path);
  return svg;
}

/** Defines <chat-bot> unless the page already has it (the file loaded twice, or two builds). */
export function defineChatBot(): void {
  if (typeof customElements !== 'undefined' && !customElements.get('chat-bot')) customElements.define('chat-bot', ChatBot);
}

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot': ChatBot;
  }
}
