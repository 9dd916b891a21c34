import { LitElement, html, nothing, type TemplateResult } from 'lit';
// The elements it draws, in the order they appear (this order also compresses best).
import './chat-bot-message.ts';
import './chat-bot-composer.ts';
import { panelStyles } from './chat-bot-panel.styles.ts';
import type { ChatBotComposer } from './chat-bot-composer.ts';
import type { ChatBotMessage } from './chat-bot-message.ts';
import { ConversationController } from '../controllers/conversation-controller.ts';
import { PanelEvent, type PanelActionEvent } from '../internal-events.ts';
import type { Attachment } from '../message.ts';
import { parseSuggestions } from '../../client/answers.ts';
import { loadStrings } from '../strings/locales.ts';
import type { Language, Strings } from '../strings/index.ts';
import { PANEL_TAG, type PanelElement, type PanelInputs } from '../panel-contract.ts';
import { ScrollController } from '../controllers/scroll-controller.ts';
import { ContextProvider } from '../context.ts';
import { chatContext } from '../chat-context.ts';
import { suggestions } from '../settings.ts';

/** Images, recordings and video: their code loads only where the chatbot takes them, or a message carries them. */
const loadMedia = () => import('./chat-bot-media.ts');

/** How many messages are drawn at first; earlier ones come on request. */
const WINDOW = 60;
/** A phone's screen, where the open panel is a sheet (phone-sheet-controller.ts; the panel's CSS has the same width). */
const PHONE = typeof matchMedia === 'undefined' ? null : matchMedia('(max-width: 479px)');
const httpUrl = (value: string) => (/^https?:\/\//i.test(value) ? value : '');

/**
 * @summary The chat panel: header, the conversation as a log, and the composer. Made by <chat-bot>.
 * @csspart header - The panel's title bar.
 */
export class ChatBotPanel extends LitElement implements PanelElement {
  static override styles = panelStyles;
  static override properties = {
    inputs: { attribute: false },
    // The attribute, set by <chat-bot> while the panel is closed (its own [hidden] rule hides it); observed for the phone sheet.
    hidden: { type: Boolean },
    menuOpen: { state: true },
    handoff: { state: true },
    window: { state: true },
    spoken: { state: true },
    attached: { state: true },
    voices: { state: true },
  };
  /** The panel's words in a built-in language (a chunk per language). */
  static loadStrings = loadStrings;

  /** What <chat-bot> gives: the chatbot, its settings and words, where the conversation is kept (panel-contract.ts). */
  inputs!: PanelInputs;

  /** Sends a question with the files it carries (already uploaded in this session). */
  send(text: string, files: readonly Attachment[] = []): Promise<void> {
    this.#asking = true;
    return this.#conversation.send(text, files).finally(() => (this.#asking = false));
  }

  async clearHistory(): Promise<void> {
    await this.#conversation.clear();
    // A new conversation starts at the top, with no room kept below an old one.
    this.#follower.follow();
  }

  focusComposer(): void {
    void this.updateComplete.then(() => this.#composer?.focus());
  }

  notify(count: number, sound: boolean, title: boolean): void {
    // Their code loads only for a page that asked for them, the first time an answer waits unseen.
    if (sound || title) void import('../notify.ts').then((n) => n.notify(count, sound, title, this.inputs.strings));
  }

  private menuOpen = false;
  /** The talk-to-a-person form is open. */
  private handoff = false;
  private window = WINDOW;
  /** Files wait in the media tray. */
  private attached = false;
  /** What the status region says: each finished answer, once. */
  private spoken = '';
  /** The words of the languages answers were written in, other than the panel's (chips are named in them), by language. */
  readonly #said: Partial<Record<Language, Partial<Strings>>> = {};

  readonly #conversation = new ConversationController(
    this,
    () => this.inputs,
    (m, text) => this.#announce(m.status === 'stopped' ? `${text} ${this.inputs.strings.stopped}` : text),
  );
  readonly #follower = new ScrollController(this);
  /**
   * On a phone, the open floating panel is a full-screen sheet: its layout is the panel's CSS; what
   * follows the on-screen keyboard, locks the page and makes Back close it (phone-sheet-controller.ts) is a
   * chunk of its own, loaded when the screen is a phone's — at once, or when a window narrows to
   * one — so a desktop never fetches it. It acts only through its hooks (after each update, on
   * disconnection).
   */
  #sheet: Promise<void> | undefined;
  readonly #loadSheet = () => {
    this.#sheet ??= import('../controllers/phone-sheet-controller.ts').then(({ PhoneSheetController }) => {
      new PhoneSheetController(
        this,
        () => !this.hidden && !this.inputs.inline,
        () => this.#close(),
        () => this,
      );
      this.requestUpdate();
    });
  };
  /** A question is being sent: once drawn, it goes to the top of the view. */
  #asking = false;
  get #composer(): ChatBotComposer | null {
    return this.renderRoot.querySelector('chat-bot-composer');
  }

  /** What every element beneath shares (chat-context.ts): the conversation, the words, the locale, the image hosts, whether a person can be reached, the reading voice. */
  readonly #chat = new ContextProvider(this, chatContext);

  protected override willUpdate(changed: Map<PropertyKey, unknown>): void {
    const inputs = this.inputs;
    const s = inputs.settings;
    if (s.EnableUploadImage || s.EnablePushToTalk) void loadMedia();
    // Given again only when what it is made of changed: each value given draws every element beneath
    // again. The inputs' words, locale and image hosts, with the conversation.
    if (changed.has('inputs') || changed.has('voices'))
      this.#chat.value = {
        ...inputs,
        conversation: this.#conversation,
        talk: s.TalkToHumanEnabled,
        // Where the browser can speak, answers can be read aloud in the chatbot's language.
        speech: inputs.readAloud && this.voices ? s.AIResponseLanguage || inputs.locale : '',
      };
  }

  protected override updated(): void {
    // render() always draws these three.
    const find = (selector: string) => this.renderRoot.querySelector<HTMLElement>(selector)!;
    const list = find('.messages');
    this.#follower.attach(find('.scroller'), find('.content'), list);
    this.#drawMessages(list);
    const [q, a] = this.#conversation.messages.slice(-2);
    if (this.#asking && a?.status === 'streaming' && q?.role === 'user') {
      this.#asking = false;
      this.#follower.follow(this.#drawn.get(q.id)!);
    }
  }

  /** One <chat-bot-message> per message, kept by id: a new one is added, none is drawn again. */
  readonly #drawn = new Map<string, ChatBotMessage>();

  /** Puts the shown messages in `list`, in order, reusing each one's element (a small keyed list). */
  #drawMessages(list: Element): void {
    const shown = this.#conversation.messages.slice(-this.window);
    const ids = new Set(shown.map((m) => m.id));
    for (const [id, el] of this.#drawn) {
      if (ids.has(id)) continue;
      el.remove();
      this.#drawn.delete(id);
    }
    let next = list.firstChild;
    for (const m of shown) {
      let el = this.#drawn.get(m.id);
      if (!el) {
        el = document.createElement('chat-bot-message');
        el.setAttribute('exportparts', 'bubble');
        this.#drawn.set(m.id, el);
      }
      el.setAttribute('part', `message ${m.role}-message`);
      Object.assign(el, {
        message: m,
        view: this.#conversation.viewOf(m),
        status: m.status,
        typing: m.status === 'streaming' && !m.text,
        vote: m.feedback,
        chat: this.#chat.value,
      });
      if (m.files) void loadMedia();
      if (el === next) next = el.nextSibling;
      else list.insertBefore(el, next);
    }
  }

  protected override render(): TemplateResult {
    const { settings: s, strings: t, inline } = this.inputs;
    const c = this.#conversation;
    const hidden = c.messages.length > this.window;
    const empty = c.loaded && !c.messages.length;
    return html`<section class="panel ${inline ? 'inline' : ''}" role="dialog" aria-labelledby="title" @keydown=${this.#handleKeydown} @chat-bot-action=${this.#handleAction}>
      ${this.#renderHeader()}
      <div class="scroller" tabindex="0" aria-label=${t.chat}>
        <!-- Room below the content while an answer is short (scroll-controller.ts) -->
        <div><div class="content">
          ${hidden ? html`<button type="button" class="earlier" @click=${this.#handleEarlier}>${t.earlier}</button>` : nothing}
          <!-- The log is not live: screen readers that ignore aria-busy would read an answer fragment by fragment. The status region below reads each answer once, when it is complete. -->
          <div role="log" aria-live="off" aria-label=${t.chat} aria-busy=${c.busy}>
            ${s.WelcomeMessage ? html`<div class="welcome">${s.WelcomeMessage}</div>` : nothing}
            <div class="messages"></div>
          </div>
          ${empty ? this.#renderPrivacy() : nothing}
          ${empty ? this.#renderChips(suggestions(s)) : this.#renderFollowUps(t)}
          ${this.handoff ? html`<chat-bot-handoff></chat-bot-handoff>` : nothing}
        </div></div>
      </div>
      ${this.#follower.unseen ? html`<div class="more"><button type="button" @click=${() => this.#follower.next()}>${t.newMessages}</button></div>` : nothing}
      <!-- One row: the media's tools beside the message box; the photo tray above them both. -->
      <div class="bottom">
        ${
          s.EnableUploadImage || s.EnablePushToTalk
            ? html`<chat-bot-media .settings=${s} ?busy=${c.busy}></chat-bot-media>`
            : nothing
        }
        <chat-bot-composer part="composer" .strings=${t} .placeholder=${s.UserInputPlaceholder} ?busy=${c.busy} ?attached=${this.attached}></chat-bot-composer>
      </div>
      <div class="sr" role="status">${this.spoken}</div>
    </section>`;
  }

  #renderHeader(): TemplateResult {
    const { settings: s, strings: t, inline } = this.inputs;
    // Not a landmark: the page has its own banner, and the dialog is already named by this title.
    return html`<header part="header" role="none">
      ${s.ChatProfilePictureUrl ? html`<img src=${s.ChatProfilePictureUrl} alt="" />` : nothing}
      <h2 id="title">${s.Name}</h2>
      <button type="button" class="icon" aria-label=${t.menu} aria-haspopup="true" aria-expanded=${this.menuOpen} aria-controls="menu" @click=${this.#handleMenu}>⋯</button>
      ${inline ? nothing : html`<button type="button" class="icon" aria-label=${t.closeChat} @click=${this.#close}>×</button>`}
      ${this.menuOpen ? html`<chat-bot-menu .settings=${s} .strings=${t}></chat-bot-menu>` : nothing}
    </header>`;
  }

  #renderPrivacy(): TemplateResult | typeof nothing {
    const { settings: s, strings: t, locale } = this.inputs;
    const url = httpUrl(s.ChatbotPrivacyPolicyUrl);
    if (!url && !s.ChatbotPrivacyPolicyDescription) return nothing;
    const [before, after] = t.privacy.split('{link}');
    // The owner's name for the policy is in the site's language: inside a sentence in another
    // (a Spanish visitor's), the sentence's own words name it.
    const page = document.documentElement.lang.split('-')[0]!.toLowerCase();
    const name = ((!page || locale.toLowerCase().startsWith(page)) && s.ChatbotPrivacyPolicyName) || t.privacyDefault;
    return html`<p class="privacy">
      ${s.ChatbotPrivacyPolicyDescription}
      ${url ? html`${before}<a href=${url} target="_blank" rel="noopener noreferrer">${name}</a>${after}` : nothing}
    </p>`;
  }

  /** Chips that send their text as the visitor's message: the owner's suggestions, or an answer's follow-ups (`label` names them, in `lang`). */
  #renderChips(chips: readonly string[], label?: string, lang?: string): TemplateResult | typeof nothing {
    if (!chips.length) return nothing;
    return html`<div class="suggestions" role="group" lang=${lang ?? nothing} aria-label=${label ?? nothing}>
      ${chips.map((text) => html`<button type="button" class="chip" dir="auto" @click=${(e: MouseEvent) => this.#handleChip(e, text)}>${text}</button>`)}
    </div>`;
  }

  /**
   * The last answer's follow-ups, once it is complete, named in its language (`t`: the panel's words);
   * none while an answer streams (the visitor's next message makes them an older answer's).
   */
  #renderFollowUps(t: Strings): TemplateResult | typeof nothing {
    const c = this.#conversation,
      m = c.messages.at(-1),
      lang = m?.lang?.slice(0, 2) as Language;
    if (m?.role !== 'assistant' || m.status !== 'done' || c.busy) return nothing;
    // Another language than the panel's (its <chat-bot>'s): its words load once; until they are in, and
    // for a language with none, the panel's name the chips.
    if (lang && lang !== this.parentElement!.lang && !this.#said[lang]) {
      this.#said[lang] = t;
      void loadStrings(lang).then((words) => ((this.#said[lang] = words), this.requestUpdate()), Boolean);
    }
    return this.#renderChips(parseSuggestions(m.text), (this.#said[lang] ?? t).followUps, m.lang);
  }

  /** Empties the status region, then fills it: the same text twice in a row is read twice. */
  #announce(text: string): void {
    clearTimeout(this.#speaking);
    this.spoken = '';
    this.#speaking = setTimeout(() => (this.spoken = text.trim()), 150);
  }

  #speaking: ReturnType<typeof setTimeout> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    if (PHONE?.matches) this.#loadSheet();
    else PHONE?.addEventListener('change', this.#loadSheet, { once: true });
    this.#listVoices();
    globalThis.speechSynthesis?.addEventListener('voiceschanged', this.#listVoices);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    PHONE?.removeEventListener('change', this.#loadSheet);
    globalThis.speechSynthesis?.removeEventListener('voiceschanged', this.#listVoices);
    clearTimeout(this.#speaking);
  }

  /** The browser has voices (Chromium lists them a moment after the page loads, and says so: voiceschanged). */
  private voices = 0;
  readonly #listVoices = () => {
    this.voices = globalThis.speechSynthesis?.getVoices().length ?? 0;
  };

  /** Asks <chat-bot> to close the panel (it closes it, and says so). */
  #close(): void {
    this.dispatchEvent(new PanelEvent({ kind: 'close' }));
  }

  #handleKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (this.menuOpen) void this.#handleMenu();
    else if (this.handoff) this.handoff = false;
    else if (!this.inputs.inline) this.#close();
  }

  async #handleAction(event: PanelActionEvent): Promise<void> {
    event.stopPropagation();
    const a = event.detail;
    if (a.kind === 'send-files') await this.send('', a.files);
    else if (a.kind === 'send' && (a.text || this.attached)) {
      // What waits in the tray goes with the text, once uploaded; nothing is sent if an upload failed.
      const files = this.attached ? await this.renderRoot.querySelector('chat-bot-media')?.take() : [];
      if (files) await this.send(a.text, files);
    } else if (a.kind === 'attached') this.attached = !!a.count;
    else if (a.kind === 'stop') this.#conversation.stop();
    else if (a.kind === 'retry') await this.#conversation.retry(a.id);
    else if (a.kind === 'ask') this.#composer?.prefill(a.text);
    else if (a.kind === 'talk') await this.#handleTalk(a.text);
    else if (a.kind === 'new-chat') await this.#handleNewChat();
    else if (a.kind === 'cancel-handoff') {
      // The form closed, sent or not: the end of the conversation (the lead's reply) is followed.
      this.handoff = false;
      this.#follower.follow();
      this.focusComposer();
    }
  }

  /** Opens the menu with focus on its first item, or closes it with focus back on its button. */
  async #handleMenu(): Promise<void> {
    // Seldom opened: its code loads the first time (chat-bot-menu.ts).
    if (!this.menuOpen) await import('./chat-bot-menu.ts');
    this.menuOpen = !this.menuOpen;
    await this.updateComplete;
    const menu = this.renderRoot.querySelector('chat-bot-menu');
    await menu?.updateComplete;
    (menu ?? this.renderRoot.querySelector<HTMLElement>('[aria-controls=menu]'))?.focus();
  }

  async #handleNewChat(): Promise<void> {
    this.menuOpen = false;
    this.handoff = false;
    await this.clearHistory();
    this.focusComposer();
  }

  /** Opens the form, about a listing when a card asked; an open form is refreshed and focused again. */
  async #handleTalk(about = ''): Promise<void> {
    this.menuOpen = false;
    // The form is seldom used: its code loads when asked for, not with every chat.
    await import('./chat-bot-handoff.ts');
    this.handoff = true;
    await this.updateComplete;
    const form = this.renderRoot.querySelector('chat-bot-handoff')!;
    form.about = about;
    form.focus();
    this.#follower.follow();
  }

  #handleChip(event: MouseEvent, text: string): void {
    // The chip goes away with the send. Pressed by keyboard (a click of detail 0), focus moves on
    // to the message box; a tap leaves it be, so a phone's keyboard does not cover the answer.
    if (!event.detail) this.focusComposer();
    void this.send(text);
  }

  #handleEarlier(): void {
    this.window += WINDOW;
  }
}

if (!customElements.get(PANEL_TAG)) customElements.define(PANEL_TAG, ChatBotPanel);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-panel': ChatBotPanel;
  }
}
