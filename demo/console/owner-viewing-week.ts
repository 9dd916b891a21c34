import { LitElement, html, type TemplateResult } from 'lit';
import { VIEWING_LIMITS, type ViewingRange } from 'chat-bot-element/rules';
import { clockLabel, hoursProblem, weekSlots, withinLimits } from './viewing-hours.ts';

const slots = (n: number) => `${n} ${n === 1 ? 'slot' : 'slots'}`;

/**
 * @summary The week of viewing slots the settings being edited make (dayStarts), day by day, as the
 * owner edits them — saved or not. The service lays the same shape on real days, leaving out what
 * is too soon (the notice), too far (the days ahead) or booked.
 */
export class OwnerViewingWeek extends LitElement {
  static override properties = {
    hours: { attribute: false },
    minutes: { attribute: false },
    buffer: { attribute: false },
    noticeHours: { attribute: false },
    days: { attribute: false },
    timeZone: { attribute: false },
  };

  /** The showing hours. */
  hours: ViewingRange[] = [];
  /** ViewingMinutes as typed (a number, or the text of one not yet valid). */
  minutes: unknown = VIEWING_LIMITS.minutes.default;
  /** ViewingBufferMinutes as typed. */
  buffer: unknown = VIEWING_LIMITS.bufferMinutes.default;
  /** ViewingNoticeHours as typed. */
  noticeHours: unknown = VIEWING_LIMITS.noticeHours.default;
  /** ViewingDays as typed. */
  days: unknown = VIEWING_LIMITS.days.default;
  /** The chatbot's TimeZone, the hours' clock. */
  timeZone = '';

  override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override render(): TemplateResult {
    return html`<section class="viewing-week" aria-labelledby="viewing-week-heading">
      <h2 id="viewing-week-heading">A week of slots</h2>
      ${this.#renderWeek()}
    </section>`;
  }

  #renderWeek(): TemplateResult {
    const minutes = withinLimits(this.minutes, VIEWING_LIMITS.minutes);
    const buffer = withinLimits(this.buffer, VIEWING_LIMITS.bufferMinutes);
    if (this.hours.length === 0)
      return html`<p class="summary">No showing hours: visitors cannot book a viewing, and the assistant offers a person instead.</p>`;
    if (hoursProblem(this.hours))
      return html`<p class="summary">The slots show once the showing hours are right (see above).</p>`;
    if (minutes === null || buffer === null)
      return html`<p class="summary">The slots show once the viewing’s length and the gap between viewings are numbers within their limits.</p>`;
    const week = weekSlots(this.hours, minutes, buffer);
    const total = week.reduce((n, d) => n + d.starts.length, 0);
    // Only the total is announced: the day-by-day list would be read out at every keystroke.
    return html`<p class="summary" aria-live="polite">${slots(total)} a week, ${minutes} minutes each${buffer ? `, ${buffer} minutes apart` : ''}, in the chatbot’s time zone${this.timeZone ? ` (${this.timeZone})` : ''}.</p>
      <p class="hint">${this.#reach()}</p>
      <dl class="week-slots">
        ${week.map(
          (d) => html`<div>
            <dt>${d.name} <span class="hint">(${slots(d.starts.length)})</span></dt>
            <dd>${d.starts.length ? html`<ul class="slot-times">${d.starts.map((m) => html`<li>${clockLabel(m)}</li>`)}</ul>` : html`<span class="hint">No viewings</span>`}</dd>
          </div>`,
        )}
      </dl>`;
  }

  /** How far ahead and how soon a visitor can book, as far as the typed numbers say. */
  #reach(): string {
    const notice = withinLimits(this.noticeHours, VIEWING_LIMITS.noticeHours);
    const days = withinLimits(this.days, VIEWING_LIMITS.days);
    const soonest =
      notice === null
        ? ''
        : notice === 0
          ? 'any free slot from now'
          : `a slot at least ${notice} ${notice === 1 ? 'hour' : 'hours'} ahead`;
    const furthest = days === null ? '' : `up to ${days} ${days === 1 ? 'day' : 'days'} ahead`;
    const reach = [soonest, furthest].filter(Boolean).join(', ');
    return `Visitors can book ${reach || 'a free slot'}; a booked slot is no longer offered.`;
  }
}

customElements.define('owner-viewing-week', OwnerViewingWeek);
declare global {
  interface HTMLElementTagNameMap {
    'owner-viewing-week': OwnerViewingWeek;
  }
}
