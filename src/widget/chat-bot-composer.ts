import { LitElement, html, type TemplateResult } from 'lit';
import { composerStyles } from './chat-bot-composer.styles.ts';
import { PanelActionEvent } from './internal-events.ts';
import type { Strings } from './strings.ts';

/**
 * @summary Where the visitor writes: Enter sends, Shift+Enter starts a new line; Stop while an answer streams.
 * @csspart composer - The form.
 */
export class ChatBotComposer extends LitElement {
  static override styles = composerStyles;
  static override properties = {
    strings: { attribute: false },
    placeholder: {},
    busy: { type: Boolean },
    attached: { type: Boolean },
    empty: { state: true },
  };

  /** The widget's words. */
  strings!: Strings;
  /** The placeholder (UserInputPlaceholder). */
  placeholder = '';
  /** Files wait in the tray: Send works with no text. */
  attached = false;
  /** An answer is streaming: offer Stop instead of Send. */
  busy = false;

  /** Puts the caret in the message box. */
  override focus(): void {
    this.#textarea?.focus();
  }

  /** Puts text in the message box, for the visitor to change or send, with the caret after it. */
  prefill(text: string): void {
    const box = this.#textarea;
    if (!box) return;
    box.value = text;
    this.empty = !text.trim();
    box.focus();
    box.setSelectionRange(text.length, text.length);
  }

  private empty = true;
  get #textarea(): HTMLTextAreaElement | null {
    return this.renderRoot.querySelector('textarea');
  }

  protected override render(): TemplateResult {
    const t = this.strings;
    return html`<form part="composer" @submit=${this.#handleSubmit}>
      <label for="message">${t.message}</label>
      <textarea id="message" rows="1" maxlength="8000" placeholder=${this.placeholder || t.placeholder} @keydown=${this.#handleKeydown} @input=${this.#handleInput}></textarea>
      ${this.busy
        ? html`<button type="button" class="stop" @click=${this.#handleStop}>${t.stop}</button>`
        : html`<button type="submit" ?disabled=${this.empty && !this.attached}>${t.send}</button>`}
    </form>`;
  }

  #handleInput(): void {
    this.empty = !this.#textarea?.value.trim();
  }

  #handleKeydown(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      this.#submit();
    }
  }

  #handleSubmit(event: SubmitEvent): void {
    event.preventDefault();
    this.#submit();
  }

  #handleStop(): void {
    this.dispatchEvent(new PanelActionEvent({ kind: 'stop' }));
  }

  #submit(): void {
    const text = this.#textarea?.value.trim() ?? '';
    if ((!text && !this.attached) || this.busy) return;
    this.#textarea!.value = '';
    this.empty = true;
    this.dispatchEvent(new PanelActionEvent({ kind: 'send', text }));
  }
}

if (!customElements.get('chat-bot-composer')) customElements.define('chat-bot-composer', ChatBotComposer);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-composer': ChatBotComposer;
  }
}
