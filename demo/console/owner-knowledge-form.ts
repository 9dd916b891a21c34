import { html, nothing, type TemplateResult } from 'lit';
import type { KnowledgeKind, KnowledgeSource } from 'chat-bot-element';
import { ConsolePage, type Refusal } from './console-page.ts';
import { KINDS, formValues, wireValues, type KnowledgeField } from './knowledge-fields.ts';
import { sourceName } from './knowledge-words.ts';
import { idFor } from './session.ts';

/** What a document may be (the service judges it by its content: PDF, DOCX, Markdown or text). */
const DOCUMENT_TYPES =
  '.pdf,.docx,.md,.markdown,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/markdown,text/plain';

/** The form is done: `saved` is the source as the service stored it, or null when the owner cancelled. */
export class KnowledgeFormCloseEvent extends Event {
  constructor(
    readonly saved: KnowledgeSource | null,
    readonly created = false,
  ) {
    super('knowledge-form-close', { bubbles: true });
  }
}

/**
 * @summary A knowledge source's form: a new one of a Kind (KnowledgeAdd) or one to replace
 * (KnowledgeUpdate), with the fields of its Kind — a document's file uploaded first
 * (GetPreUploadUrl, the PUT, UploadSuccess); the service's refusal is shown at the field it names.
 * @fires knowledge-form-close - Saved or cancelled (KnowledgeFormCloseEvent).
 */
export class OwnerKnowledgeForm extends ConsolePage {
  static override properties = {
    kind: { attribute: false },
    source: { attribute: false },
    question: { attribute: false },
    values: { state: true },
    invalid: { state: true },
    busy: { state: true },
  };

  /** The Kind of a new source; an edited one keeps its own. */
  kind: KnowledgeKind = 'faq';
  /** The source to edit; null for a new one. */
  source: KnowledgeSource | null = null;
  /** A new FAQ entry's question, filled in (a visitor's, from Unanswered). */
  question = '';

  /** Where the owner starts: the Answer when the question came filled in (from Unanswered), else the first field. */
  get startField(): HTMLElement | null {
    const prefilled = !this.source && this.question && this.#kind === 'faq';
    return this.querySelector<HTMLElement>(
      prefilled ? `#${CSS.escape(idFor('knowledge', 'Content'))}` : 'input, textarea',
    );
  }

  private values: Record<string, string> = {};
  private invalid: Refusal | null = null;
  private busy = false;
  /** The document chosen to upload. */
  #file: File | null = null;

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('kind') || changed.has('source') || changed.has('question')) {
      this.values = formValues(this.#kind, this.source);
      if (!this.source && this.question && this.#kind === 'faq') this.values.Question = this.question;
      this.invalid = null;
      this.status = '';
    }
  }

  protected override render(): TemplateResult {
    const words = KINDS[this.#kind];
    const heading = this.source ? `Edit “${sourceName(this.source)}”` : `New ${words.one}`;
    return html`<form class="knowledge-form" novalidate aria-labelledby="knowledge-form-heading" @submit=${this.#handleSubmit} @input=${this.#handleInput}>
      <h3 id="knowledge-form-heading" dir="auto">${heading}</h3>
      ${words.fields.map((f) => this.#renderField(f))}
      ${this.invalid && !this.invalid.field ? html`<p class="error" role="alert">${this.invalid.message}</p>` : nothing}
      <div class="actions">
        <button type="submit" class="primary" ?disabled=${this.busy}>${this.source ? 'Save changes' : `Add the ${words.one}`}</button>
        <button type="button" @click=${this.#handleCancel}>Cancel</button>
        <p role="status" class="status">${this.status}</p>
      </div>
    </form>`;
  }

  #renderField(f: KnowledgeField): TemplateResult {
    const id = idFor('knowledge', f.name);
    const value = this.values[f.name] ?? '';
    const error = this.invalid?.field === f.name ? this.invalid.message : '';
    const described = [f.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || nothing;
    // An edited document keeps the file it was read from unless another is chosen.
    const required = f.required && !(f.input === 'file' && this.source);
    const [invalid, needed] = [error ? 'true' : 'false', required ? 'true' : 'false'];
    const input =
      f.input === 'file'
        ? html`<input id=${id} name=${f.name} type="file" accept=${DOCUMENT_TYPES} aria-required=${needed} aria-invalid=${invalid} aria-describedby=${described} @change=${this.#handleFile} />`
        : f.input === 'long' || f.input === 'lines'
          ? html`<textarea id=${id} name=${f.name} rows=${f.input === 'long' ? 8 : 3} maxlength=${f.input === 'long' && f.max ? f.max : nothing} .value=${value} aria-required=${needed} aria-invalid=${invalid} aria-describedby=${described}></textarea>`
          : html`<input id=${id} name=${f.name} type=${f.input === 'url' ? 'url' : 'text'} autocomplete=${f.input === 'url' ? 'url' : 'off'} maxlength=${f.max ?? nothing} .value=${value} aria-required=${needed} aria-invalid=${invalid} aria-describedby=${described} />`;
    return html`<div class="field">
      <label for=${id}>${f.label}${required ? html` <span aria-hidden="true">*</span>` : nothing}</label>${input}
      ${f.hint ? html`<span class="hint" id="${id}-hint">${f.hint}${f.input === 'file' && this.source ? ' Choose one only to replace the file it was read from.' : ''}</span>` : nothing}
      ${error ? html`<span class="error" id="${id}-error">${error}</span>` : nothing}
    </div>`;
  }

  get #kind(): KnowledgeKind {
    return this.source?.Kind ?? this.kind;
  }

  /** A required field left empty, said at it before asking the service. */
  #missing(): Refusal | null {
    const blank = KINDS[this.#kind].fields.find(
      (f) => f.required && (f.input === 'file' ? !this.#file && !this.source : !(this.values[f.name] ?? '').trim()),
    );
    return blank ? { field: blank.name, message: `${blank.label} is required.` } : null;
  }

  async #save(): Promise<void> {
    const refusal = this.#missing() ?? (await this.#send());
    if (!refusal) return;
    this.invalid = refusal;
    this.status = `Not saved: ${refusal.message}`;
    await this.updateComplete;
    if (refusal.field) this.querySelector<HTMLElement>(`#${CSS.escape(idFor('knowledge', refusal.field))}`)?.focus();
  }

  /** Saves and closes the form; the refusal to show when the service would not. */
  async #send(): Promise<Refusal | null> {
    const kindFields = KINDS[this.#kind].fields;
    const labels = new Map(kindFields.map((f) => [f.name as string, f.label]));
    this.busy = true;
    this.invalid = null;
    try {
      let fields = wireValues(this.#kind, this.values);
      if (kindFields.some((f) => f.input === 'file')) {
        // A new file, or the one an edited document was read from: an update replaces every field.
        const uploaded = this.#file ? await this.#upload(this.#file) : (this.source?.FileStoreId ?? '');
        if (typeof uploaded !== 'string') return uploaded;
        fields = { ...fields, FileStoreId: uploaded };
      }
      this.status = 'Saving…';
      const SerialNumber = this.serialNumber;
      const saved = this.source
        ? await this.client.knowledgeUpdate({ SerialNumber, Id: this.source.Id, ...fields })
        : await this.client.knowledgeAdd({ SerialNumber, Kind: this.#kind, ...fields });
      this.dispatchEvent(new KnowledgeFormCloseEvent(saved, !this.source));
      return null;
    } catch (error) {
      const refusal = this.refusal(error, (name) => labels.get(name));
      // A list's item (Phrasings[2]) is shown at its list; a field the form has no input for, above the buttons.
      const field = refusal?.field?.replace(/\[.*$/, '') ?? '';
      return refusal && { ...refusal, field: labels.has(field) ? field : null };
    } finally {
      this.busy = false;
    }
  }

  /** The chosen file uploaded and checked: its FileStoreId, or why not (null: the session ended). */
  async #upload(file: File): Promise<string | Refusal | null> {
    this.status = `Uploading ${file.name}…`;
    try {
      const reserved = await this.client.getPreUploadUrl({ fileName: file.name });
      await this.client.upload(reserved.PreUploadUrl, file);
      return (await this.client.uploadSuccess({ FileStoreId: reserved.FileStoreId })).FileStoreId;
    } catch (error) {
      const refusal = this.refusal(error);
      return refusal && { field: 'FileStoreId', message: `${file.name} was not uploaded: ${refusal.message}` };
    }
  }

  #handleFile(event: Event): void {
    this.#file = (event.target as HTMLInputElement).files?.[0] ?? null;
  }

  #handleInput(event: Event): void {
    const input = event.target as HTMLInputElement | HTMLTextAreaElement;
    if (input.name && input.type !== 'file') this.values = { ...this.values, [input.name]: input.value };
  }

  #handleSubmit(event: SubmitEvent): void {
    event.preventDefault();
    void this.#save();
  }

  #handleCancel(): void {
    this.dispatchEvent(new KnowledgeFormCloseEvent(null));
  }
}

customElements.define('owner-knowledge-form', OwnerKnowledgeForm);
declare global {
  interface HTMLElementTagNameMap {
    'owner-knowledge-form': OwnerKnowledgeForm;
  }
}
