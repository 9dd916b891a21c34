import { html, nothing, type TemplateResult } from 'lit';
import type { EditBody, FullSettings, Model, WidgetSettings } from 'chat-bot-element';
import type { ViewingRange } from 'chat-bot-element/rules';
import {
  NEVER_PUBLIC,
  SETTING_FIELDS,
  SETTING_GROUPS,
  type SettingField,
  type SettingName,
} from './settings-fields.ts';
import { messageOf } from './session.ts';
import { ConsolePage, type Refusal } from './console-page.ts';
import { hexToRgb, rgbToHex } from './color.ts';
import { hoursProblem, rangeIndexOf, rangeLabel } from './viewing-hours.ts';
import type { ViewingHoursChangeEvent } from './owner-viewing-hours.ts';
import './owner-viewing-hours.ts';
import './owner-viewing-week.ts';

/** The settings that are colours. */
const COLOR_FIELDS: readonly SettingName[] = SETTING_FIELDS.filter((f) => f.kind === 'color').map((f) => f.name);

type Value = string | number | boolean | ViewingRange[];
type Draft = Record<SettingName, Value>;
type Described = string | typeof nothing;
interface InputAttrs {
  id: string;
  described: Described;
  invalid: string;
}

/** A setting's value as Edit would send it: lists (the showing hours) compared by what they hold. */
const same = (a: Value | undefined, b: Value | undefined) =>
  Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;
/** The setting a refused field's path is about (`ViewingHours[2].From` → `ViewingHours`). */
const settingOf = (path: string) => path.replace(/[[.].*$/, '');

/** Every time zone this browser knows, offered as the owner types (made once: some 400 options). */
const TIME_ZONE_LIST = html`<datalist id="time-zones">${Intl.supportedValuesOf('timeZone').map((z) => html`<option value=${z}></option>`)}</datalist>`;

/**
 * @summary The settings editor: every setting of Edit, saved through the service (whose message
 * appears at the field it is about), with a live preview of the widget as a visitor would see it.
 */
export class OwnerSettings extends ConsolePage {
  static override properties = {
    saved: { state: true },
    draft: { state: true },
    models: { state: true },
    invalid: { state: true },
    busy: { state: true },
  };

  private saved: FullSettings | null = null;
  private draft: Draft | null = null;
  private models: Model[] = [];
  /** The service's message and the field it is about. */
  private invalid: Refusal | null = null;
  private busy = false;
  /** Each colour setting's last valid value: what the preview and the swatch keep while the typed one is not a colour yet. */
  #colors = new Map<SettingName, string>();

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('serialNumber') && this.serialNumber) void this.#load();
  }

  protected override render(): TemplateResult {
    const loaded = this.saved !== null && this.draft !== null;
    return html`<div class="settings-layout">
      <div class="settings-main">
        <h1 tabindex="-1">Settings</h1>
        ${loaded ? this.#renderForm() : html`<p role="status">${this.status || 'Loading the settings…'}</p>`}
      </div>
      ${loaded ? this.#renderPreview() : nothing}
    </div>`;
  }

  #renderForm(): TemplateResult {
    const unchanged = Object.keys(this.#changes()).length === 0;
    return html`<form class="settings" novalidate @submit=${this.#handleSubmit} @input=${this.#handleInput} @change=${this.#handleInput}>
      ${SETTING_GROUPS.map((group) => html`<fieldset><legend>${group.heading}</legend>${group.fields.map((f) => this.#renderField(f))}${group.fields.some((f) => f.kind === 'hours') ? this.#renderWeek() : nothing}</fieldset>`)}
      ${this.invalid && !this.invalid.field ? html`<p class="error" role="alert">${this.invalid.message}</p>` : nothing}
      <div class="actions sticky">
        <button type="submit" class="primary" ?disabled=${this.busy || unchanged}>Save changes</button>
        <button type="button" ?disabled=${this.busy || unchanged} @click=${this.#handleDiscard}>Discard changes</button>
        <p role="status" class="status">${this.status}</p>
      </div>
    </form>`;
  }

  /** The week of slots the viewing settings being edited make. */
  #renderWeek(): TemplateResult {
    const d = this.draft!;
    return html`<owner-viewing-week .hours=${this.#hours()} .minutes=${d.ViewingMinutes} .buffer=${d.ViewingBufferMinutes} .noticeHours=${d.ViewingNoticeHours} .days=${d.ViewingDays} .timeZone=${String(d.TimeZone)}></owner-viewing-week>`;
  }

  /** The showing hours being edited. */
  #hours(): ViewingRange[] {
    const hours = this.draft?.ViewingHours;
    return Array.isArray(hours) ? hours : [];
  }

  /** The real widget in a frame that holds its fixed-position launcher and panel. */
  #renderPreview(): TemplateResult {
    return html`<section class="preview" aria-labelledby="preview-heading">
      <div class="preview-frame">
        <h2 id="preview-heading" class="preview-label">Preview <span class="hint">— these settings, saved or not; answers come from the saved ones</span></h2>
        <chat-bot serial-number=${this.serialNumber} image-hosts=${location.hostname} .settings=${this.#previewSettings()}></chat-bot>
      </div>
    </section>`;
  }

  #renderField(f: SettingField): TemplateResult {
    const id = `setting-${f.name}`;
    const value = this.draft![f.name];
    const refused = this.invalid?.field && settingOf(this.invalid.field) === f.name;
    const error = refused ? this.invalid!.message : '';
    if (f.kind === 'hours')
      return html`<owner-viewing-hours .hours=${this.#hours()} .hint=${f.hint ?? ''} .error=${error || (hoursProblem(this.#hours()) ?? '')} @viewing-hours-change=${this.#handleHours}></owner-viewing-hours>`;
    const described: Described =
      [f.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || nothing;
    const hint = f.hint ? html`<span class="hint" id="${id}-hint">${f.hint}</span>` : nothing;
    const message = error ? html`<span class="error" id="${id}-error">${error}</span>` : nothing;
    const common: InputAttrs = { id, described, invalid: error ? 'true' : 'false' };
    if (f.kind === 'switch')
      return html`<div class="field check"><input type="checkbox" id=${id} name=${f.name} .checked=${value === true} aria-describedby=${common.described} aria-invalid=${common.invalid} /><label for=${id}>${f.label}</label>${hint}${message}</div>`;
    if (f.kind === 'align')
      return html`<fieldset class="field radios" aria-describedby=${common.described}><legend>${f.label}</legend>
        <label><input type="radio" name=${f.name} value="0" .checked=${value === 0} /> Bottom right</label>
        <label><input type="radio" name=${f.name} value="1" .checked=${value === 1} /> Bottom left</label>${message}</fieldset>`;
    return html`<div class="field"><label for=${id}>${f.label}</label>${this.#renderInput(f, common)}${hint}${message}</div>`;
  }

  #renderInput(f: SettingField, c: InputAttrs): TemplateResult {
    const value = String(this.draft![f.name] ?? '');
    switch (f.kind) {
      case 'long':
      case 'lines':
        return html`<textarea id=${c.id} name=${f.name} rows=${f.kind === 'lines' ? 4 : 3} .value=${value} aria-describedby=${c.described} aria-invalid=${c.invalid}></textarea>`;
      case 'number':
        return html`<input id=${c.id} name=${f.name} inputmode=${f.name === 'MortgageRate' ? 'decimal' : 'numeric'} .value=${value} aria-describedby=${c.described} aria-invalid=${c.invalid} />`;
      case 'model':
        return html`<select id=${c.id} name=${f.name} aria-describedby=${c.described} aria-invalid=${c.invalid}>
          ${this.models.map((m) => html`<option value=${m.Key} ?disabled=${!m.Status} ?selected=${m.Key === value}>${m.Value}${m.Status ? '' : ' (unavailable)'}</option>`)}
        </select>`;
      case 'timezone':
        return html`<input id=${c.id} name=${f.name} list="time-zones" autocomplete="off" .value=${value} aria-describedby=${c.described} aria-invalid=${c.invalid} />
          ${TIME_ZONE_LIST}`;
      case 'color':
        return html`<span class="color-pair"><input type="color" aria-label="Pick the ${f.label.toLowerCase()}" data-for=${f.name} .value=${rgbToHex(this.#shownColor(f.name)) ?? '#000000'} />
          <input id=${c.id} name=${f.name} .value=${value} aria-describedby=${c.described} aria-invalid=${c.invalid} /></span>`;
      case 'image':
        return this.#renderImage(f, c);
      default:
        return html`<input id=${c.id} name=${f.name} .value=${value} aria-describedby=${c.described} aria-invalid=${c.invalid} />`;
    }
  }

  #renderImage(f: SettingField, c: InputAttrs): TemplateResult {
    const fileId = String(this.draft![f.name] ?? '');
    return html`<span class="image-pick">
      ${fileId ? html`<img src=${this.client.fileUrl(fileId)} alt="The current ${f.label.toLowerCase()}" width="48" height="48" />` : html`<span class="none">None</span>`}
      <input type="file" id=${c.id} accept="image/png,image/jpeg,image/webp,image/gif" data-upload=${f.name} aria-describedby=${c.described} aria-invalid=${c.invalid} @change=${this.#handleUpload} />
      ${fileId ? html`<button type="button" @click=${() => this.#set(f.name, '')}>Remove</button>` : nothing}
    </span>`;
  }

  async #load(): Promise<void> {
    this.saved = null;
    this.status = '';
    try {
      const [settings, models] = await Promise.all([
        this.client.get({ serialNumber: this.serialNumber }),
        this.client.modelList(),
      ]);
      this.#adopt(settings as FullSettings);
      this.models = models;
    } catch (error) {
      this.#fail(error);
    }
  }

  #adopt(settings: FullSettings): void {
    this.saved = settings;
    const draft = {} as Draft;
    for (const group of SETTING_GROUPS)
      for (const f of group.fields) {
        const value = settings[f.name];
        draft[f.name] = Array.isArray(value) ? value.map((r) => ({ ...r })) : value;
      }
    this.draft = draft;
    this.invalid = null;
    this.#colors = new Map(COLOR_FIELDS.map((name) => [name, String(settings[name])]));
  }

  /** A colour setting as the preview shows it: the draft's when it is a colour, else the last that was. */
  #shownColor(name: SettingName): string {
    const value = String(this.draft?.[name] ?? '');
    return rgbToHex(value) ? value : (this.#colors.get(name) ?? value);
  }

  /** The settings that differ from the saved ones, as Edit takes them. */
  #changes(): Partial<Draft> {
    const out: Partial<Draft> = {};
    if (!this.saved || !this.draft) return out;
    for (const [name, value] of Object.entries(this.draft) as [SettingName, Draft[SettingName]][])
      if (!same(value, this.saved[name])) out[name] = value;
    return out;
  }

  /** What the preview widget shows: the draft, as the service would publish it. */
  #previewSettings(): Partial<WidgetSettings> {
    const d = this.draft!;
    const shown = Object.fromEntries(Object.entries(d).filter(([name]) => !NEVER_PUBLIC.has(name)));
    return {
      ...(shown as Partial<WidgetSettings>),
      ...Object.fromEntries(
        COLOR_FIELDS.filter((name) => !NEVER_PUBLIC.has(name)).map((name) => [name, this.#shownColor(name)]),
      ),
      ChatProfilePictureUrl: d.ChatProfilePicture ? this.client.fileUrl(String(d.ChatProfilePicture)) : '',
      ChatIconUrl: d.ChatIcon ? this.client.fileUrl(String(d.ChatIcon)) : '',
      TalkToHumanEnabled: String(d.TalkToHumanEmail).trim() !== '',
    };
  }

  #set(name: SettingName, value: Value): void {
    if (COLOR_FIELDS.includes(name) && rgbToHex(String(value))) this.#colors.set(name, String(value));
    this.draft = { ...this.draft!, [name]: value };
    this.status = '';
  }

  async #save(): Promise<void> {
    const changes = this.#changes();
    if (Object.keys(changes).length === 0) return;
    // The showing hours are judged here first, by the package's rule: the service would refuse them.
    const problem = 'ViewingHours' in changes ? hoursProblem(this.#hours()) : null;
    if (problem) {
      this.invalid = { field: 'ViewingHours', message: problem };
      this.status = `Not saved. ${problem}`;
      await this.#focusRefused();
      return;
    }
    this.busy = true;
    this.status = 'Saving…';
    try {
      await this.client.edit({ serialNumber: this.serialNumber, ...changes } as EditBody);
      this.#adopt((await this.client.get({ serialNumber: this.serialNumber })) as FullSettings);
      this.status = 'Saved. New visitors see the change at once; open chats on their next visit.';
    } catch (error) {
      this.#fail(error);
    } finally {
      this.busy = false;
    }
    await this.#focusRefused();
  }

  /** Focus on the field refused: its input, or for the showing hours the first range at fault (else the first input). */
  async #focusRefused(): Promise<void> {
    const bad = this.invalid?.field;
    if (!bad) return;
    await this.updateComplete;
    if (settingOf(bad) === 'ViewingHours')
      await this.querySelector('owner-viewing-hours')?.focusFault(rangeIndexOf(bad));
    else this.querySelector<HTMLElement>(`[name="${bad}"]`)?.focus();
  }

  #fail(error: unknown): void {
    // A field by its label; a range of the showing hours by its day and place.
    const labelOf = (path: string) =>
      rangeLabel(this.#hours(), path) ?? SETTING_FIELDS.find((f) => f.name === path)?.label;
    const refusal = this.refusal(error, labelOf);
    if (!refusal) return;
    this.invalid = refusal;
    this.status = `Not saved. ${refusal.message}`;
  }

  #handleInput(event: Event): void {
    const input = event.target as HTMLInputElement;
    if (input.type === 'file') return;
    if (input.dataset.for) {
      const rgb = hexToRgb(input.value);
      if (rgb) this.#set(input.dataset.for as SettingName, rgb);
      return;
    }
    const name = input.name as SettingName;
    if (!name) return;
    const kind = SETTING_FIELDS.find((f) => f.name === name)?.kind;
    if (kind === 'switch') this.#set(name, input.checked);
    else if (kind === 'align') this.#set(name, Number(input.value));
    else if (kind === 'number')
      this.#set(name, /^-?\d+(?:\.\d+)?$/.test(input.value.trim()) ? Number(input.value) : input.value);
    else this.#set(name, input.value);
  }

  async #handleUpload(event: Event): Promise<void> {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    const name = input.dataset.upload as SettingName;
    if (!file) return;
    this.status = `Uploading ${file.name}…`;
    try {
      const reserved = await this.client.getPreUploadUrl({ fileName: file.name });
      await this.client.upload(reserved.PreUploadUrl, file);
      const checked = await this.client.uploadSuccess({ FileStoreId: reserved.FileStoreId });
      this.#set(name, checked.FileStoreId);
      this.invalid = null;
      this.status = `${file.name} is ready; save to use it.`;
    } catch (error) {
      this.invalid = { field: name, message: messageOf(error) };
      this.status = `Not uploaded: ${messageOf(error)}`;
    }
    input.value = '';
  }

  #handleSubmit(event: Event): void {
    event.preventDefault();
    void this.#save();
  }

  #handleHours(event: ViewingHoursChangeEvent): void {
    this.#set('ViewingHours', event.hours);
    // The service's refusal of the hours no longer stands for the hours now typed; the page's own check follows them.
    if (this.invalid?.field && settingOf(this.invalid.field) === 'ViewingHours') this.invalid = null;
  }

  #handleDiscard(): void {
    if (this.saved) this.#adopt(this.saved);
    this.status = 'Changes discarded.';
  }
}

customElements.define('owner-settings', OwnerSettings);
declare global {
  interface HTMLElementTagNameMap {
    'owner-settings': OwnerSettings;
  }
}
