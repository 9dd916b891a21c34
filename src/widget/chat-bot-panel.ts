import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import './chat-bot-composer.ts';
import './chat-bot-message.ts';
import { panelStyles } from './chat-bot-panel.styles.ts';
import type { ChatBotComposer } from './chat-bot-composer.ts';
import type { ChatBotHandoff } from './chat-bot-handoff.ts';
import { ConversationController, type ChatMessage } from './conversation.ts';
import { PanelActionEvent } from './internal-events.ts';
import { PANEL_TAG, PanelEvent, type PanelElement, type PanelEventDetail } from './panel-contract.ts';
import { ScrollController } from './scroll.ts';
import { DEFAULT_SETTINGS, suggestions, type WidgetSettings } from './settings.ts';
import type { WidgetStorage } from './storage.ts';
import type { Strings } from './strings.ts';

/** How many messages are drawn at first; earlier ones come on request. */
const WINDOW = 60;
const httpUrl = (value: string) => /^https?:\/\//i.test(value) ? value : '';

/**
 * @summary The chat panel: header, the conversation as a log, and the composer. Made by <chat-bot>.
 * @csspart header - The panel's title bar.
 */
export class ChatBotPanel extends LitElement implements PanelElement {
  static override styles = panelStyles;

  /** The chatbot's serial number. */
  @property({ attribute: false }) serialNumber = '';
  /** The service's origin. */
  @property({ attribute: false }) baseUrl = '';
  /** An owner API key (trusted pages only). */
  @property({ attribute: false }) apiKey: string | undefined;
  /** The settings in force. */
  @property({ attribute: false }) settings: WidgetSettings = DEFAULT_SETTINGS;
  /** The widget's words. */
  @property({ attribute: false }) strings!: Strings;
  /** Locale of times. */
  @property({ attribute: false }) locale = 'en';
  /** Stream answers. */
  @property({ attribute: false }) stream = true;
  /** Hosts answers may show images from. */
  @property({ attribute: false }) imageHosts: readonly string[] = [];
  /** Fill the container instead of floating. */
  @property({ type: Boolean, reflect: true }) inline = false;
  /** Where the conversation is kept. */
  @property({ attribute: false }) storage!: WidgetStorage;

  send(text: string, fileIds: readonly number[] = []): Promise<void> {
    this.follower.toBottom();
    return this.conversation.send(text, fileIds);
  }

  clearHistory(): Promise<void> {
    return this.conversation.clear();
  }

  focusComposer(): void {
    void this.updateComplete.then(() => this.composer?.focus());
  }

  @state() private menuOpen = false;
  @state() private handoff: 'closed' | 'open' | 'sending' = 'closed';
  @state() private handoffError = '';
  @state() private window = WINDOW;

  private readonly conversation = new ConversationController(this, {
    config: () => ({ storage: this.storage, serialNumber: this.serialNumber, baseUrl: this.baseUrl, apiKey: this.apiKey, stream: this.stream, imageHosts: this.imageHosts, settings: this.settings, strings: this.strings }),
    emit: (detail) => this.emit(detail),
  });
  private readonly follower = new ScrollController(this);
  @query('chat-bot-composer') private composer?: ChatBotComposer;
  @query('chat-bot-handoff') private handoffForm?: ChatBotHandoff;
  @query('.scroller') private scrollArea?: HTMLElement;
  @query('.content') private content?: HTMLElement;

  protected override updated(): void {
    if (this.scrollArea && this.content) this.follower.attach(this.scrollArea, this.content);
  }

  protected override render(): TemplateResult {
    const s = this.settings;
    const t = this.strings;
    const c = this.conversation;
    const hidden = Math.max(0, c.messages.length - this.window);
    const empty = c.loaded && c.messages.length === 0;
    return html`<section class="panel ${this.inline ? 'inline' : ''}" role="dialog" aria-labelledby="title" @keydown=${this.handleKeydown} @chat-bot-action=${this.handleAction}>
      ${this.renderHeader()}
      <div class="scroller" tabindex="0" aria-label=${t.chat}>
        <div class="content">
          ${hidden ? html`<button type="button" class="earlier" @click=${this.handleEarlier}>${t.earlier}</button>` : nothing}
          <!-- While an answer streams the log is busy: assistive technology waits, then reads it once. -->
          <div role="log" aria-live="polite" aria-relevant="additions" aria-label=${t.chat} aria-busy=${String(c.busy)}>
            ${s.WelcomeMessage ? html`<div class="welcome">${s.WelcomeMessage}</div>` : nothing}
            ${repeat(c.messages.slice(hidden), (m) => m.id, (m) => this.renderMessage(m))}
          </div>
          ${empty ? this.renderPrivacy() : nothing}
          ${empty ? this.renderSuggestions() : nothing}
          ${this.handoff !== 'closed'
            ? html`<chat-bot-handoff .strings=${t} ?busy=${this.handoff === 'sending'} .error=${this.handoffError}></chat-bot-handoff>`
            : nothing}
        </div>
      </div>
      ${this.follower.unseen ? html`<button type="button" class="new-messages" @click=${() => this.follower.toBottom()}>${t.newMessages}</button>` : nothing}
      <chat-bot-composer .strings=${t} .placeholder=${s.UserInputPlaceholder} ?busy=${c.busy}></chat-bot-composer>
    </section>`;
  }

  private renderHeader(): TemplateResult {
    const s = this.settings;
    const t = this.strings;
    const links = [
      [httpUrl(s.SocialPageUrl), t.socialPage],
      [httpUrl(s.PhotoSocialUrl), t.photoSocial],
      [httpUrl(s.MessengerUrl), t.messenger],
    ].filter(([url]) => url);
    return html`<header part="header">
      ${s.ChatProfilePictureUrl ? html`<img src=${s.ChatProfilePictureUrl} alt="" />` : nothing}
      <h2 id="title">${s.Name}</h2>
      <button type="button" class="icon" aria-label=${t.menu} aria-haspopup="true" aria-expanded=${String(this.menuOpen)} aria-controls="menu" @click=${this.handleMenu}>⋯</button>
      ${this.inline ? nothing : html`<button type="button" class="icon" aria-label=${t.closeChat} @click=${() => this.emit({ kind: 'close' })}>×</button>`}
      ${this.menuOpen
        ? html`<ul class="menu" id="menu">
            <li><button type="button" @click=${this.handleNewChat}>${t.newChat}</button></li>
            ${s.TalkToHumanEnabled ? html`<li><button type="button" @click=${this.handleTalk}>${t.talkToPerson}</button></li>` : nothing}
            ${links.map(([url, label]) => html`<li><a href=${url!} target="_blank" rel="noopener noreferrer">${label} <span class="sr">${t.opensInNewTab}</span></a></li>`)}
          </ul>`
        : nothing}
    </header>`;
  }

  private renderMessage(m: ChatMessage): TemplateResult {
    return html`<chat-bot-message .message=${m} .view=${this.conversation.viewOf(m)} .status=${m.status} ?typing=${m.status === 'streaming' && m.text === ''} .strings=${this.strings} .locale=${this.locale} .imageHosts=${this.imageHosts}></chat-bot-message>`;
  }

  private renderPrivacy(): TemplateResult | typeof nothing {
    const s = this.settings;
    const url = httpUrl(s.ChatbotPrivacyPolicyUrl);
    if (!url && !s.ChatbotPrivacyPolicyDescription) return nothing;
    return html`<p class="privacy">
      ${s.ChatbotPrivacyPolicyDescription}
      ${url ? html`${this.strings.privacy} <a href=${url} target="_blank" rel="noopener noreferrer">${s.ChatbotPrivacyPolicyName || this.strings.privacyDefault}</a>.` : nothing}
    </p>`;
  }

  private renderSuggestions(): TemplateResult | typeof nothing {
    const chips = suggestions(this.settings);
    if (!chips.length) return nothing;
    return html`<div class="suggestions">${chips.map((text) => html`<button type="button" class="chip" @click=${() => void this.send(text)}>${text}</button>`)}</div>`;
  }

  private emit(detail: PanelEventDetail): void {
    this.dispatchEvent(new PanelEvent(detail));
  }

  private handleKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (this.menuOpen) this.menuOpen = false;
    else if (this.handoff === 'open') this.handoff = 'closed';
    else if (!this.inline) this.emit({ kind: 'close' });
  }

  private async handleAction(event: PanelActionEvent): Promise<void> {
    const { action, data } = event;
    if (action === 'send' && data.text) await this.send(data.text);
    else if (action === 'stop') this.conversation.stop();
    else if (action === 'retry' && data.id) await this.conversation.retry(data.id);
    else if (action === 'cancel-handoff') this.handoff = 'closed';
    else if (action === 'handoff') await this.submitHandoff({ name: data.name ?? '', email: data.email ?? '', message: data.message ?? '' });
  }

  private async submitHandoff(lead: { name: string; email: string; message: string }): Promise<void> {
    this.handoff = 'sending';
    this.handoffError = '';
    try {
      await this.conversation.handoff(lead);
      this.handoff = 'closed';
      this.follower.toBottom();
    } catch (error) {
      this.handoff = 'open';
      this.handoffError = error instanceof Error ? error.message : this.strings.failed;
    }
  }

  private handleMenu(): void {
    this.menuOpen = !this.menuOpen;
  }

  private async handleNewChat(): Promise<void> {
    this.menuOpen = false;
    this.handoff = 'closed';
    await this.conversation.clear();
    this.focusComposer();
  }

  private async handleTalk(): Promise<void> {
    this.menuOpen = false;
    // The form is seldom used: its code loads when asked for, not with every chat.
    await import('./chat-bot-handoff.ts');
    this.handoff = 'open';
    await this.updateComplete;
    this.handoffForm?.focus();
    this.follower.toBottom();
  }

  private handleEarlier(): void {
    this.window += WINDOW;
  }
}

if (!customElements.get(PANEL_TAG)) customElements.define(PANEL_TAG, ChatBotPanel);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-panel': ChatBotPanel;
  }
}
