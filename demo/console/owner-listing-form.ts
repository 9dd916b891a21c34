import { html, nothing, type TemplateResult } from 'lit';
import { ApiError } from 'chat-bot-element/client';
import type { Listing, ListingCreateBody } from 'chat-bot-element';
import { KEY_TYPES } from 'chat-bot-element/rules';
import { ConsolePage, type Refusal } from './console-page.ts';
import { NavigateEvent } from './events.ts';
import {
  BLANK_LISTING,
  LISTING_GROUPS,
  LISTING_FIELDS,
  checkBeforeSending,
  toWire,
  type ListingField,
  type ListingFieldName,
} from './listing-fields.ts';
import { KEY_TYPE_LABELS, type KeyType } from './listing-words.ts';
import { idFor } from './session.ts';

type Extension = { Key: string; value: string };

/** Which stored value a KeyType names. */
/** The form's label of each field the service may name in a refusal. */
const LISTING_LABELS: Record<string, string> = {
  ...Object.fromEntries(LISTING_FIELDS.map((f) => [f.name, f.label])),
  Images: 'Images',
  ExtensionColumn: 'More facts',
};

const keyOf = (l: Listing, keyType: KeyType) =>
  keyType === 'NewOaks' ? l.Id : keyType === 'MLSNumber' ? l.MLSNumber : l.Url;

/**
 * @summary A listing's form: create (RealEstateCreate) or replace (RealEstateUpdate, by the KeyType
 * the owner picks), with every field, the image URLs and the ExtensionColumn key/value rows.
 */
export class OwnerListingForm extends ConsolePage {
  static override properties = {
    keyType: { attribute: false },
    key: { attribute: false },
    original: { state: true },
    values: { state: true },
    images: { state: true },
    extensions: { state: true },
    updateBy: { state: true },
    invalid: { state: true },
    busy: { state: true },
  };

  /** How the listing to edit is named; empty for a new listing. */
  keyType: KeyType | '' = '';
  /** The key of the listing to edit. */
  key = '';

  private original: Listing | null = null;
  private values: Record<ListingFieldName, string> = { ...BLANK_LISTING };
  private images: string[] = [];
  private extensions: Extension[] = [];
  private updateBy: KeyType = 'NewOaks';
  private invalid: Refusal | null = null;
  private busy = false;

  protected override willUpdate(changed: Map<string, unknown>): void {
    if ((changed.has('key') || changed.has('keyType') || changed.has('serialNumber')) && this.serialNumber)
      void this.#load();
  }

  protected override render(): TemplateResult {
    const editing = this.keyType !== '';
    const heading = !editing
      ? 'New listing'
      : this.original
        ? `Edit ${this.original.Address || this.original.MLSNumber}`
        : 'Edit a listing';
    return html`<h1 tabindex="-1">${heading}</h1>
      <p><a href="#/listings">Back to the listings</a></p>
      ${editing && !this.original ? html`<p role="status">${this.status || 'Loading the listing…'}</p>` : this.#renderForm(editing)}`;
  }

  #renderForm(editing: boolean): TemplateResult {
    return html`<form class="listing-form" novalidate @submit=${this.#handleSubmit} @input=${this.#handleInput} @change=${this.#handleInput}>
        ${LISTING_GROUPS.map((g) => html`<fieldset><legend>${g.heading}</legend>${g.fields.map((f) => this.#renderField(f))}</fieldset>`)}
        ${this.#renderImages()} ${this.#renderExtensions()}
        ${editing ? this.#renderUpdateBy() : nothing}
        ${this.invalid && !this.invalid.field ? html`<p class="error" role="alert">${this.invalid.message}</p>` : nothing}
        <div class="actions sticky">
          <button type="submit" class="primary" ?disabled=${this.busy}>${editing ? 'Save the listing' : 'Create the listing'}</button>
          <p role="status" class="status">${this.status}</p>
        </div>
      </form>`;
  }

  #renderField(f: ListingField): TemplateResult {
    const id = idFor('listing', f.name);
    const value = this.values[f.name];
    const error = this.#errorAt(f.name);
    const described = [f.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || nothing;
    const input =
      f.kind === 'choice'
        ? html`<select id=${id} name=${f.name} aria-invalid=${error ? 'true' : 'false'} aria-describedby=${error ? `${id}-error` : nothing}>
            ${f.required ? nothing : html`<option value="" ?selected=${value === ''}>None</option>`}
            ${f.choices!.map((c) => html`<option value=${c} ?selected=${value === c}>${f.labels?.[c] ?? c}</option>`)}
          </select>`
        : f.kind === 'long'
          ? html`<textarea id=${id} name=${f.name} rows="6" .value=${value} aria-invalid=${error ? 'true' : 'false'} aria-describedby=${error ? `${id}-error` : nothing}></textarea>`
          : html`<input id=${id} name=${f.name} inputmode=${f.kind === 'number' ? 'decimal' : f.kind === 'url' ? 'url' : nothing} autocomplete=${f.kind === 'url' ? 'url' : nothing} .value=${value} aria-required=${f.required ? 'true' : 'false'} aria-invalid=${error ? 'true' : 'false'} aria-describedby=${described} />`;
    return html`<div class="field"><label for=${id}>${f.label}${f.required ? html` <span aria-hidden="true">*</span>` : nothing}</label>${input}${f.hint ? html`<span class="hint" id="${id}-hint">${f.hint}</span>` : nothing}${error ? html`<span class="error" id="${id}-error">${error}</span>` : nothing}</div>`;
  }

  #renderImages(): TemplateResult {
    const listError = this.invalid?.field === 'Images' ? this.invalid.message : '';
    return html`<fieldset class="rows"><legend>Images</legend>
      <p class="hint">Addresses (http or https) of the photos; the first is the one the chat shows.</p>
      ${this.images.map((url, i) => {
        const id = idFor('listing', `Images[${i}]`);
        const error = this.#errorAt(`Images[${i}]`);
        return html`<div class="row"><label for=${id}>Image ${i + 1}</label>
          <input id=${id} data-image=${i} .value=${url} aria-invalid=${error ? 'true' : 'false'} aria-describedby=${error ? `${id}-error` : nothing} />
          <button type="button" aria-label="Remove image ${i + 1}" @click=${() => (this.images = this.images.filter((_, j) => j !== i))}>Remove</button>
          ${error ? html`<span class="error" id="${id}-error">${error}</span>` : nothing}</div>`;
      })}
      ${listError ? html`<span class="error">${listError}</span>` : nothing}
      <button type="button" @click=${() => this.#addRow('images')}>Add an image</button>
    </fieldset>`;
  }

  #renderExtensions(): TemplateResult {
    const listError = this.invalid?.field === 'ExtensionColumn' ? this.invalid.message : '';
    return html`<fieldset class="rows"><legend>More facts (ExtensionColumn)</legend>
      <p class="hint">Anything else about the home, as name and value (“Pool”: “Heated”). The chat can answer from them.</p>
      ${this.extensions.map((item, i) => {
        const keyId = idFor('listing', `ExtensionColumn[${i}].Key`);
        const valueId = idFor('listing', `ExtensionColumn[${i}].value`);
        const error =
          this.#errorAt(`ExtensionColumn[${i}].Key`) ||
          this.#errorAt(`ExtensionColumn[${i}].value`) ||
          this.#errorAt(`ExtensionColumn[${i}]`);
        return html`<div class="row"><label for=${keyId}>Name ${i + 1}</label><input id=${keyId} data-extension=${i} data-part="Key" .value=${item.Key} aria-invalid=${error ? 'true' : 'false'} aria-describedby=${error ? `${keyId}-error` : nothing} />
          <label for=${valueId}>Value ${i + 1}</label><input id=${valueId} data-extension=${i} data-part="value" .value=${item.value} />
          <button type="button" aria-label="Remove fact ${i + 1}" @click=${() => (this.extensions = this.extensions.filter((_, j) => j !== i))}>Remove</button>
          ${error ? html`<span class="error" id="${keyId}-error">${error}</span>` : nothing}</div>`;
      })}
      ${listError ? html`<span class="error">${listError}</span>` : nothing}
      <button type="button" @click=${() => this.#addRow('extensions')}>Add a fact</button>
    </fieldset>`;
  }

  #renderUpdateBy(): TemplateResult {
    return html`<fieldset><legend>Save it by</legend>
      <p class="hint">The update names the listing by one of its keys, as it is stored now (RealEstateUpdate's KeyType).</p>
      <div class="field"><label for="update-by">Key type</label>
        <select id="update-by" @change=${(e: Event) => (this.updateBy = (e.target as HTMLSelectElement).value as KeyType)}>
          ${KEY_TYPES.map((k) => html`<option value=${k} ?selected=${this.updateBy === k}>${KEY_TYPE_LABELS[k]}</option>`)}
        </select>
        <span class="hint">Key: <code>${keyOf(this.original!, this.updateBy)}</code></span></div>
    </fieldset>`;
  }

  #errorAt(path: string): string {
    return this.invalid?.field === path ? this.invalid.message : '';
  }

  async #load(): Promise<void> {
    this.invalid = null;
    this.status = '';
    if (!this.keyType) {
      this.original = null;
      this.values = { ...BLANK_LISTING };
      this.images = [''];
      this.extensions = [];
      return;
    }
    this.original = null;
    try {
      const listing = await this.client.realEstateGet({
        SerialNumber: this.serialNumber,
        Key: this.key,
        KeyType: this.keyType,
      });
      this.original = listing;
      this.updateBy = this.keyType;
      this.values = Object.fromEntries(
        LISTING_FIELDS.map((f) => [f.name, listing[f.name] === null ? '' : String(listing[f.name])]),
      ) as Record<ListingFieldName, string>;
      this.images = [...listing.Images];
      this.extensions = listing.ExtensionColumn.map((e) => ({ ...e }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        this.status = `No listing has the ${KEY_TYPE_LABELS[this.keyType].toLowerCase()} “${this.key}”.`;
      else this.fail(error);
    }
  }

  #body(): Omit<ListingCreateBody, 'SerialNumber'> {
    const fields = Object.fromEntries(LISTING_FIELDS.map((f) => [f.name, toWire(f, this.values[f.name])]));
    return {
      ...fields,
      Images: this.images.filter((url) => url.trim() !== ''),
      ExtensionColumn: this.extensions.filter((e) => e.Key.trim() !== '' || e.value.trim() !== ''),
    } as unknown as Omit<ListingCreateBody, 'SerialNumber'>;
  }

  async #save(): Promise<void> {
    // What is wrong before asking: said at its field, as the service's refusal would be.
    const early = checkBeforeSending(this.values);
    if (early) {
      this.invalid = early;
      this.status = `Not saved: ${early.message}`;
      await this.updateComplete;
      this.#inputFor(early.field)?.focus();
      return;
    }
    this.busy = true;
    this.status = 'Saving…';
    this.invalid = null;
    const name = this.values.Address || this.values.MLSNumber;
    try {
      if (this.original) {
        const Key = keyOf(this.original, this.updateBy);
        await this.client.realEstateUpdate({
          SerialNumber: this.serialNumber,
          Key,
          KeyType: this.updateBy,
          ...this.#body(),
        });
        this.dispatchEvent(new NavigateEvent('#/listings', `Saved ${name}.`));
      } else {
        await this.client.realEstateCreate({ SerialNumber: this.serialNumber, ...this.#body() });
        this.dispatchEvent(new NavigateEvent('#/listings', `Created ${name}. The chat can name it now.`));
      }
    } catch (error) {
      this.busy = false;
      const refusal = this.refusal(error, (name) => LISTING_LABELS[name]);
      if (!refusal) return;
      // A list item the form has no input for (one the service counted past) is shown at its list.
      const { field } = refusal;
      this.invalid = { ...refusal, field: field && !this.#inputFor(field) ? field.replace(/\[.*$/, '') : field };
      this.status = `Not saved: ${refusal.message}`;
      await this.updateComplete;
      if (this.invalid.field) this.#inputFor(this.invalid.field)?.focus();
      return;
    }
    this.busy = false;
  }

  #inputFor(path: string): HTMLElement | null {
    return this.querySelector<HTMLElement>(`#${CSS.escape(idFor('listing', path))}`);
  }

  #addRow(which: 'images' | 'extensions'): void {
    if (which === 'images') this.images = [...this.images, ''];
    else this.extensions = [...this.extensions, { Key: '', value: '' }];
  }

  #handleInput(event: Event): void {
    const input = event.target as HTMLInputElement;
    if (input.dataset.image !== undefined) {
      const i = Number(input.dataset.image);
      this.images = this.images.map((url, j) => (j === i ? input.value : url));
    } else if (input.dataset.extension !== undefined) {
      const i = Number(input.dataset.extension);
      const part = input.dataset.part as keyof Extension;
      this.extensions = this.extensions.map((e, j) => (j === i ? { ...e, [part]: input.value } : e));
    } else if (input.name && input.name in this.values) {
      this.values = { ...this.values, [input.name]: input.value };
    }
  }

  #handleSubmit(event: Event): void {
    event.preventDefault();
    void this.#save();
  }
}

customElements.define('owner-listing-form', OwnerListingForm);
declare global {
  interface HTMLElementTagNameMap {
    'owner-listing-form': OwnerListingForm;
  }
}
