import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { messageStyles } from './chat-bot-message.styles.ts';
import type { ChatMessage, Vote } from '../message.ts';
import { PanelActionEvent } from '../internal-events.ts';
import { MarkdownView } from '../markdown/index.ts';
import { answerFences } from '../cards.ts';
import { answerProse } from '../../client/answers.ts';
import type { ChatContext } from '../chat-context.ts';
import type { Strings } from '../strings/index.ts';

/**
 * @summary One message of the conversation: the visitor's text, or an answer rendered from Markdown.
 * @csspart bubble - The bubble.
 */
export class ChatBotMessage extends LitElement {
  static override styles = messageStyles;
  static override properties = {
    message: { attribute: false },
    chat: { attribute: false },
    view: { attribute: false },
    status: {},
    typing: { type: Boolean },
    vote: { attribute: false },
    speaking: { attribute: false },
    copied: { state: true },
  };

  /** The message. */
  message!: ChatMessage;
  /** The view an answer streams into; without one, the answer is rendered from its text. */
  view: MarkdownView | undefined;
  /** The message's status, given apart: the message object itself changes in place as it streams. */
  status: ChatMessage['status'] = 'done';
  /** The answer has not begun: show that it is being written. */
  typing = false;
  /** The visitor's vote on the answer, given apart (like `status`). */
  vote: Vote | undefined;
  /** It is being read aloud (set by read-aloud.ts). */
  speaking = false;

  private copied = false;
  #ownView: MarkdownView | undefined;
  /** The panel's words, locale, image hosts and reading voice (chat-context.ts). */
  chat!: ChatContext;

  protected override updated(): void {
    // Only an answer that has begun has a .content slot.
    const slot = this.renderRoot.querySelector('.content');
    if (!slot) return;
    let view = this.view;
    if (!view) {
      // An answer not streamed in this page is rendered from its text, again only when it changes.
      view = this.#ownView ??= new MarkdownView({ imageHosts: this.chat.imageHosts, fences: answerFences });
      if (view.text !== this.message.text) view.set(this.message.text);
    }
    if (slot.firstChild !== view.root) slot.replaceChildren(view.root);
  }

  protected override render(): TemplateResult {
    const m = this.message;
    const { strings: t, locale, speech } = this.chat;
    const time = new Date(m.at);
    const status = this.status;
    // No white space around the bubble's parts: a visitor's bubble shows theirs as typed (pre-wrap).
    return html`<div class="row ${m.role}">
      <div class="bubble" part="bubble" dir="auto" lang=${m.lang || nothing}>${
        m.files?.length
          ? html`<div class="files ${m.text ? 'spaced' : ''}">${m.files.map((f) => html`<chat-bot-attachment .file=${f}></chat-bot-attachment>`)}</div>`
          : nothing
      }${
        m.role === 'user'
          ? m.text
          : this.typing
            ? html`<span class="typing" role="img" aria-label=${t.typing}><span></span><span></span><span></span></span>`
            : html`<div class="content"></div>`
      }</div>
      ${status === 'failed' ? html`<div class="error" role="alert">${m.error ?? t.failed}</div>` : nothing}
      <div class="meta">
        <time datetime=${time.toISOString()}>${time.toLocaleTimeString(locale, { hour: 'numeric', minute: '2-digit' })}</time>
        ${status === 'stopped' ? html`<span class="note">${t.stopped}</span>` : nothing}
        ${
          m.role === 'assistant' && status === 'done' && m.text
            ? html`<button type="button" @click=${this.#handleCopy}>${this.copied ? t.copied : t.copy}</button>${
                speech
                  ? html`<button type="button" @click=${() => this.#read()}>${this.speaking ? t.stopReading : t.readAloud}</button>`
                  : nothing
              }`
            : nothing
        }
        ${
          m.role === 'assistant' && (status === 'failed' || status === 'stopped')
            ? html`<button type="button" @click=${this.#handleRetry}>${t.retry}</button>`
            : nothing
        }
        ${status === 'done' && m.answerId ? this.#renderVote(t) : nothing}
      </div>
    </div>`;
  }

  /**
   * Thumbs up and down (toggle buttons), and <chat-bot-feedback>: what became of the vote, and
   * the reason form, in the words `t`. Its code loads with the first thumb pressed; until then it is an empty element.
   */
  #renderVote(t: Strings): TemplateResult {
    return html`${(['up', 'down'] as const).map(
      (r) =>
        html`<button type="button" class="vote" aria-label=${r === 'up' ? t.helpful : t.notHelpful} aria-pressed=${this.vote?.rating === r} @click=${(e: Event) => this.#handleVote(r, e.currentTarget as HTMLElement)}>${thumb}</button>`,
    )}<chat-bot-feedback .answer=${this.message}></chat-bot-feedback>`;
  }

  async #handleCopy(): Promise<void> {
    try {
      // The prose: the listings and suggestions blocks are data for the cards and chips, not words to paste.
      await navigator.clipboard.writeText(answerProse(this.message.text));
      this.copied = true;
      setTimeout(() => (this.copied = false), 2000);
    } catch {
      // Clipboard refused (an insecure page, a sandboxed frame): select the text instead.
      getSelection()?.selectAllChildren(this.renderRoot.querySelector('.bubble')!);
    }
  }

  /** Reads the answer aloud, or stops (`stop`, or pressed while it reads); the code loads with the first press. */
  async #read(stop?: boolean): Promise<void> {
    const reader = await import('../media/read-aloud.ts');
    if (stop) reader.stop(this);
    else reader.toggle(this, this.renderRoot.querySelector<HTMLElement>('.content')!.innerText, this.chat.speech!);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // Gone (a new chat, the widget removed): so is its reading.
    if (this.speaking) void this.#read(true);
  }

  #handleRetry(): void {
    this.dispatchEvent(new PanelActionEvent({ kind: 'retry', id: this.message.id }));
  }

  /** What a thumb does — the call, thanks, the reason form — is <chat-bot-feedback>'s, loaded with the first one pressed. */
  async #handleVote(rating: Vote['rating'], thumb: HTMLElement): Promise<void> {
    await import('./chat-bot-feedback.ts');
    await this.renderRoot.querySelector('chat-bot-feedback')!.press(rating, thumb);
  }
}

/** A thumb pointing up, drawn with lines, filled when pressed (CSS); turned over for thumbs down. */
const thumb = html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M7 10v11H3V10zm0 11h11l3-8v-3h-7l1-5-2-2-6 7"/></svg>`;

if (!customElements.get('chat-bot-message')) customElements.define('chat-bot-message', ChatBotMessage);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-message': ChatBotMessage;
  }
}
