import { LitElement, html, nothing, type TemplateResult } from 'lit';
import type { ViewingRange } from 'chat-bot-element/rules';
import { WEEK, faultyRanges, inputTime, nextRange, rangeName, wireEnd } from './viewing-hours.ts';

/** The owner changed the showing hours: `hours` is the whole new list. */
export class ViewingHoursChangeEvent extends Event {
  constructor(readonly hours: ViewingRange[]) {
    super('viewing-hours-change', { bubbles: true });
  }
}

/**
 * @summary The editor of the showing hours (ViewingHours): a row per day of the week, each with its
 * ranges — From and To as time inputs — a range added or removed with a button. The list keeps the
 * owner's order (a range never jumps while it is typed in); the settings page judges it and shows
 * what is wrong in `error`.
 * @fires viewing-hours-change - ViewingHoursChangeEvent, on every change.
 */
export class OwnerViewingHours extends LitElement {
  static override properties = {
    hours: { attribute: false },
    error: { attribute: false },
    hint: { attribute: false },
  };

  /** The ranges being edited. */
  hours: ViewingRange[] = [];
  /** What is wrong with them (the page's check or the service's), shown under the legend; '' for nothing. */
  error = '';
  /** What the setting is for. */
  hint = '';

  /** Focus on a range the service named (by its index), else the first at fault, else the first time (or Add button). */
  async focusFault(index: number | null): Promise<void> {
    await this.updateComplete;
    const named = index === null ? null : this.querySelector<HTMLElement>(`#hours-${index}-from`);
    const first = ['input[aria-invalid="true"]', 'input', 'button'].map((s) => this.querySelector<HTMLElement>(s));
    [named, ...first].find((el) => el)?.focus();
  }

  override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override render(): TemplateResult {
    const faulty = this.error ? faultyRanges(this.hours) : new Set<number>();
    const described = ['viewing-hours-hint', this.error ? 'setting-ViewingHours-error' : ''].filter(Boolean).join(' ');
    return html`<fieldset class="field viewing-hours" aria-describedby=${described}>
      <legend>Showing hours</legend>
      <span class="hint" id="viewing-hours-hint">${this.hint}</span>
      ${this.error ? html`<span class="error" id="setting-ViewingHours-error">${this.error}</span>` : nothing}
      <div class="week-days">${WEEK.map(([day, name]) => this.#renderDay(day, name, faulty))}</div>
    </fieldset>`;
  }

  #renderDay(day: number, name: string, faulty: Set<number>): TemplateResult {
    const ranges = this.hours.map((range, index) => ({ range, index })).filter(({ range }) => range.Day === day);
    return html`<div class="week-day" role="group" aria-labelledby="hours-day-${day}">
      <span class="day-name" id="hours-day-${day}">${name}</span>
      <div class="day-ranges">
        ${ranges.length ? ranges.map(({ range, index }) => this.#renderRange(range, index, faulty.has(index))) : html`<span class="hint">No viewings</span>`}
      </div>
      <button type="button" data-add-day=${day} @click=${() => this.#add(day)}>Add hours<span class="sr"> on ${name}</span></button>
    </div>`;
  }

  /** A range at fault is marked, and described by the error (the legend's hint is read once, with the group). */
  #renderRange(range: ViewingRange, index: number, faulty: boolean): TemplateResult {
    const id = `hours-${index}`;
    const name = rangeName(this.hours, index);
    const invalid = faulty ? 'true' : 'false';
    const described = faulty ? 'setting-ViewingHours-error' : nothing;
    return html`<div class="hours-range">
      <label for="${id}-from"><span class="sr">${name}, </span>From</label>
      <input type="time" id="${id}-from" data-index=${index} data-end="From" .value=${range.From} aria-invalid=${invalid} aria-describedby=${described} @input=${this.#handleTime} />
      <label for="${id}-to"><span class="sr">${name}, </span>To</label>
      <input type="time" id="${id}-to" data-index=${index} data-end="To" .value=${inputTime(range.To)} aria-invalid=${invalid} aria-describedby=${described} @input=${this.#handleTime} />
      <button type="button" @click=${() => this.#remove(index)}>Remove<span class="sr"> ${name}</span></button>
    </div>`;
  }

  async #add(day: number): Promise<void> {
    const hours = [...this.hours, nextRange(this.hours, day)];
    this.#change(hours);
    await this.updateComplete;
    this.querySelector<HTMLInputElement>(`#hours-${hours.length - 1}-from`)?.focus();
  }

  async #remove(index: number): Promise<void> {
    const day = this.hours[index]?.Day;
    this.#change(this.hours.filter((_, i) => i !== index));
    // The removed range's buttons are gone: the day's Add button is where the owner goes on.
    await this.updateComplete;
    this.querySelector<HTMLButtonElement>(`[data-add-day="${day}"]`)?.focus();
  }

  #change(hours: ViewingRange[]): void {
    this.hours = hours;
    this.dispatchEvent(new ViewingHoursChangeEvent(hours));
  }

  #handleTime(event: Event): void {
    const input = event.target as HTMLInputElement;
    const index = Number(input.dataset.index);
    const end = input.dataset.end === 'To' ? 'To' : 'From';
    // A time input may hold seconds (HH:MM:SS) when stepped so; the service takes minutes.
    const value = input.value.slice(0, 5);
    this.#change(this.hours.map((r, i) => (i === index ? { ...r, [end]: end === 'To' ? wireEnd(value) : value } : r)));
  }
}

customElements.define('owner-viewing-hours', OwnerViewingHours);
declare global {
  interface HTMLElementTagNameMap {
    'owner-viewing-hours': OwnerViewingHours;
  }
}
