import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { composerStyles } from './chat-bot-composer.styles.ts';
import { PanelActionEvent } from '../internal-events.ts';
import { fill, type Strings } from '../strings/index.ts';

/** The most a message holds (the protocol's LIMITS.askContentChars), and from how few characters left the count shows. */
const MAX = 8000;
const NEAR = 500;

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
    length: { state: true },
    cut: { state: true },
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
    this.#handleInput();
    box.focus();
    box.setSelectionRange(text.length, text.length);
  }

  /** The text's length, and whether it is only white space. */
  private length = 0;
  private empty = true;
  /** The last paste was cut to fit (the box takes MAX characters): said until the text is shorter. */
  private cut = false;
  get #textarea(): HTMLTextAreaElement | null {
    return this.renderRoot.querySelector('textarea');
  }

  protected override render(): TemplateResult {
    const t = this.strings;
    const left = MAX - this.length;
    return html`<form part="composer" @submit=${this.#handleSubmit}>
      <label for="message">${t.message}</label>
      <textarea id="message" rows="1" maxlength=${MAX} aria-describedby="left" placeholder=${this.placeholder || t.placeholder} @keydown=${this.#handleKeydown} @input=${this.#handleInput} @paste=${this.#handlePaste}></textarea>
      ${
        this.busy
          ? html`<button type="button" class="stop" @click=${this.#handleStop}>${t.stop}</button>`
          : html`<button type="submit" ?disabled=${this.empty && !this.attached}>${t.send}</button>`
      }
      <p id="left" class="note">${left <= NEAR && !this.cut ? fill(t.charactersLeft, { n: left }) : nothing}</p>
      <p class="note" role="status">${this.cut ? fill(t.pasteCut, { n: MAX }) : nothing}</p>
    </form>`;
  }

  #handleInput(): void {
    const text = this.#textarea?.value ?? '';
    this.length = text.length;
    this.empty = !text.trim();
    if (this.length < MAX) this.cut = false;
  }

  /** The box keeps what fits of a paste (maxlength) and says nothing: this says it. */
  #handlePaste(event: ClipboardEvent): void {
    const box = this.#textarea!;
    const pasted = event.clipboardData?.getData('text').length ?? 0;
    if (box.value.length - (box.selectionEnd - box.selectionStart) + pasted > MAX) this.cut = true;
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
    this.#handleInput();
    this.dispatchEvent(new PanelActionEvent({ kind: 'send', text }));
  }
}

if (!customElements.get('chat-bot-composer')) customElements.define('chat-bot-composer', ChatBotComposer);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-composer': ChatBotComposer;
  }
}
