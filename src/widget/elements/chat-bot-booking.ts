import { LitElement, html, nothing, type TemplateResult } from 'lit';
import { bookingStyles } from './chat-bot-slots.styles.ts';
import type { SlotsStrings } from '../strings/slots.ts';
import type { Visitor } from '../viewing.ts';

/** The form's fields. */
type Field = keyof Visitor;
/** What went wrong with a try: at a field (the visitor's to fix), or on the whole. */
export type Problem = { field?: Field | undefined; message: string };

/**
 * @summary The booking form under the times an answer offers (<chat-bot-slots>): the time picked,
 * the visitor's name and email (required) and phone (optional). A field's error is shown under it,
 * read with it, and focus goes to the first field to fix. Sending is <chat-bot-slots>'s (`book`).
 */
export class ChatBotBooking extends LitElement {
  static override styles = bookingStyles;
  static override properties = {
    when: { attribute: false },
    words: { attribute: false },
    draft: { attribute: false },
    book: { attribute: false },
    errors: { state: true },
    error: { state: true },
    busy: { state: true },
  };

  /** The time picked, in words ("Viewing on Saturday, March 7 at 11:00 AM"). */
  when = '';
  /** The form's words. */
  words!: SlotsStrings;
  /** What the visitor wrote before (another time picked after one was taken). */
  draft: Visitor = { name: '', email: '', phone: '' };
  /** Books; resolves with what went wrong, or nothing (the form then goes). */
  book!: (visitor: Visitor) => Promise<Problem | undefined>;

  /** Moves focus to the first field. */
  override focus(): void {
    this.#input('name')?.focus();
  }

  /** Each field's error. */
  private errors: Partial<Record<Field, string>> = {};
  /** What went wrong on the whole (the service busy, unreachable). */
  private error = '';
  /** Booking is under way. */
  private busy = false;

  #input(field: Field): HTMLInputElement | null {
    return this.renderRoot.querySelector(`#${field}`);
  }

  protected override render(): TemplateResult {
    const t = this.words;
    const errors = this.errors;
    // The errors together, said once when they appear (each is also read with its field).
    const said = Object.values(errors).join(' ');
    return html`<form novalidate aria-labelledby="title" aria-busy=${String(this.busy)} @submit=${this.handleSubmit} @keydown=${this.handleKeydown}>
      <h3 id="title">${t.bookTitle}</h3>
      <p class="when">${this.when}</p>
      <p class="sr" role="alert">${said}</p>
      ${this.#renderField('name', t.bookName, 'text', 'name', 100, true)}
      ${this.#renderField('email', t.bookEmail, 'email', 'email', 254, true)}
      ${this.#renderField('phone', t.bookPhone, 'tel', 'tel', 40, false)}
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      <div class="actions">
        <button type="button" @click=${this.handleCancel}>${t.bookCancel}</button>
        <button type="submit" aria-disabled=${String(this.busy)}>${t.bookSubmit}</button>
      </div>
    </form>`;
  }

  #renderField(field: Field, label: string, type: string, autocomplete: string, max: number, required: boolean) {
    const error = this.errors[field];
    return html`<div class="field">
      <label for=${field}>${label}</label>
      <input id=${field} name=${field} type=${type} autocomplete=${autocomplete} maxlength=${max} ?required=${required} .value=${this.draft[field]} aria-invalid=${error ? 'true' : nothing} aria-describedby=${error ? `${field}-error` : nothing} />
      ${error ? html`<p class="error" id="${field}-error">${error}</p>` : nothing}
    </div>`;
  }

  /** The visitor's details as written; the errors of those missing or malformed, by field. */
  #read(): { visitor: Visitor; errors: Partial<Record<Field, string>> } {
    const t = this.words;
    const value = (field: Field) => this.#input(field)!.value.trim();
    const visitor = { name: value('name'), email: value('email'), phone: value('phone') };
    const errors: Partial<Record<Field, string>> = {};
    if (!visitor.name) errors.name = t.bookNameMissing;
    if (!visitor.email) errors.email = t.bookEmailMissing;
    else if (this.#input('email')!.validity.typeMismatch) errors.email = t.bookEmailInvalid;
    return { visitor, errors };
  }

  /** Shows what went wrong, and puts focus on the first field to fix. */
  async #show(errors: Partial<Record<Field, string>>, error = ''): Promise<void> {
    this.errors = errors;
    this.error = error;
    await this.updateComplete;
    const first = (['name', 'email', 'phone'] as const).find((f) => errors[f]);
    if (first) this.#input(first)!.focus();
  }

  private async handleSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    if (this.busy) return;
    const { visitor, errors } = this.#read();
    this.draft = visitor;
    if (Object.keys(errors).length) return this.#show(errors);
    this.busy = true;
    await this.#show({});
    try {
      const problem = await this.book(visitor);
      if (problem)
        await this.#show(
          problem.field ? { [problem.field]: problem.message } : {},
          problem.field ? '' : problem.message,
        );
    } finally {
      this.busy = false;
    }
  }

  private handleKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    // The form closes, not the panel.
    event.stopPropagation();
    this.handleCancel();
  }

  private handleCancel(): void {
    this.dispatchEvent(new Event('cancel'));
  }
}

if (!customElements.get('chat-bot-booking')) customElements.define('chat-bot-booking', ChatBotBooking);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-booking': ChatBotBooking;
  }
}
