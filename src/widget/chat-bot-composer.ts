import { LitElement, html, type TemplateResult } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { composerStyles } from './chat-bot-composer.styles.ts';
import { PanelActionEvent } from './internal-events.ts';
import type { Strings } from './strings.ts';

/**
 * @summary Where the visitor writes: Enter sends, Shift+Enter starts a new line; Stop while an answer streams.
 * @csspart composer - The form.
 */
export class ChatBotComposer extends LitElement {
  static override styles = composerStyles;

  /** The widget's words. */
  @property({ attribute: false }) strings!: Strings;
  /** The placeholder (UserInputPlaceholder). */
  @property() placeholder = '';
  /** An answer is streaming: offer Stop instead of Send. */
  @property({ type: Boolean }) busy = false;

  /** Puts the caret in the message box. */
  override focus(): void {
    this.textarea?.focus();
  }

  @state() private empty = true;
  @query('textarea') private textarea?: HTMLTextAreaElement;

  protected override render(): TemplateResult {
    const t = this.strings;
    return html`<form part="composer" @submit=${this.handleSubmit}>
      <label for="message">${t.message}</label>
      <textarea id="message" rows="1" maxlength="8000" placeholder=${this.placeholder || t.placeholder} @keydown=${this.handleKeydown} @input=${this.handleInput}></textarea>
      ${this.busy
        ? html`<button type="button" class="stop" @click=${this.handleStop}>${t.stop}</button>`
        : html`<button type="submit" ?disabled=${this.empty}>${t.send}</button>`}
    </form>`;
  }

  private handleInput(): void {
    this.empty = !this.textarea?.value.trim();
  }

  private handleKeydown(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      this.submit();
    }
  }

  private handleSubmit(event: SubmitEvent): void {
    event.preventDefault();
    this.submit();
  }

  private handleStop(): void {
    this.dispatchEvent(new PanelActionEvent('stop'));
  }

  private submit(): void {
    const text = this.textarea?.value.trim() ?? '';
    if (!text || this.busy) return;
    this.textarea!.value = '';
    this.empty = true;
    this.dispatchEvent(new PanelActionEvent('send', { text }));
  }
}

if (!customElements.get('chat-bot-composer')) customElements.define('chat-bot-composer', ChatBotComposer);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-composer': ChatBotComposer;
  }
}
