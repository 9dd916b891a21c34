import { html, nothing, type TemplateResult } from 'lit';
import { ApiError } from 'chat-bot-element/client';
import type { FullSettings, Viewing, ViewingPage } from 'chat-bot-element';
import { FilteredPage } from './filtered-page.ts';
import { NavigateEvent } from './events.ts';
import { dayLabel } from './date-range.ts';
import {
  cancellable,
  dayHeading,
  emptyLine,
  groupViewings,
  listingName,
  shortDay,
  stateWords,
  tabRange,
  timeRange,
  viewingFiltersOf,
  viewingsRoute,
  whenLine,
  type ViewingFilters,
  type ViewingGroupOf,
} from './viewing-words.ts';

const PAGE_SIZE = 20;

/** What the page knows of the chatbot: its clock, and whether visitors can book at all. */
interface Chatbot {
  serialNumber: string;
  timeZone: string;
  bookable: boolean;
}

/**
 * @summary Viewings: the bookings visitors made in the chat (ViewingList), upcoming or past, a page at
 * a time, by day or by listing, in the chatbot's time zone; a booked one cancelled by the owner
 * after a confirmation (OwnerViewingCancel), the visitor told by email. The filters live in the address.
 */
export class OwnerViewings extends FilteredPage {
  static override properties = {
    query: { attribute: false },
    data: { state: true },
    chatbot: { state: true },
    doomed: { state: true },
  };

  /** The filters, as the query of the console's address (`show=past&state=cancelled&group=listing&page=2`). */
  query = '';

  private data: ViewingPage | null = null;
  private chatbot: Chatbot | null = null;
  /** The booking the confirmation asks about. */
  private doomed: Viewing | null = null;
  #filters: ViewingFilters = viewingFiltersOf('');

  protected override willUpdate(changed: Map<string, unknown>): void {
    if ((changed.has('query') || changed.has('serialNumber')) && this.serialNumber) {
      this.#filters = viewingFiltersOf(this.query);
      void this.#load();
    }
  }

  protected override render(): TemplateResult {
    const f = this.#filters;
    const c = this.chatbot;
    const tab = (show: ViewingFilters['show'], label: string) =>
      html`<a href=${viewingsRoute({ ...f, show, page: 1 })} aria-current=${f.show === show ? 'page' : nothing}>${label}</a>`;
    return html`<h1 tabindex="-1">Viewings</h1>
      <p class="hint">The viewings visitors booked in the chat${c ? html`, in the chatbot’s time zone (${c.timeZone})` : nothing}. Each visitor got a calendar invite by email; cancelling a viewing here sends them the calendar’s cancellation.</p>
      ${c && !c.bookable ? html`<p class="notice">Visitors cannot book a viewing now: there are no showing hours. <a href="#/settings">Set showing hours in Settings → Viewings</a> so visitors can book.</p>` : nothing}
      <nav class="tabs" aria-label="Which viewings">${tab('upcoming', 'Upcoming')} ${tab('past', 'Past')}</nav>
      <form class="filters" aria-label="Viewings shown" @submit=${this.#handleFilter}>
        <label for="viewings-state">State</label>
        <select id="viewings-state" name="state">
          <option value="" ?selected=${!f.state}>Booked or cancelled</option>
          <option value="booked" ?selected=${f.state === 'booked'}>Booked</option>
          <option value="cancelled" ?selected=${f.state === 'cancelled'}>Cancelled</option>
        </select>
        <label for="viewings-group">Group by</label>
        <select id="viewings-group" name="group">
          <option value="day" ?selected=${f.group === 'day'}>Day</option>
          <option value="listing" ?selected=${f.group === 'listing'}>Listing</option>
        </select>
        <button type="submit">Show</button>
      </form>
      ${this.renderUnclaimed()}
      <p role="status" class="status">${this.status}</p>
      ${this.data === null || c === null ? (this.invalid ? nothing : html`<p>Loading…</p>`) : this.#renderList(this.data, c)}
      ${this.#renderConfirm()}`;
  }

  #renderList(data: ViewingPage, c: Chatbot): TemplateResult {
    const f = this.#filters;
    if (data.Total === 0) return html`<p>${emptyLine(f, c.bookable)}</p>`;
    const range = tabRange(f.show, c.timeZone);
    const pages = Math.max(1, Math.ceil(data.Total / PAGE_SIZE));
    return html`<p>
        ${data.Total} ${data.Total === 1 ? 'viewing' : 'viewings'} from ${dayLabel(range.from, true)} to ${dayLabel(range.to, true)}, soonest first${pages > 1 ? `; page ${f.page} of ${pages}` : ''}.
      </p>
      ${groupViewings(data.Items, f.group, c.timeZone).map((g) => this.#renderGroup(g, c.timeZone))}
      <nav class="pager" aria-label="Pages of viewings">
        <button type="button" ?disabled=${f.page <= 1} @click=${() => this.#goTo(f.page - 1)}>Previous page</button>
        <span>Page ${f.page} of ${pages}</span>
        <button type="button" ?disabled=${f.page >= pages} @click=${() => this.#goTo(f.page + 1)}>Next page</button>
      </nav>`;
  }

  #renderGroup(g: ViewingGroupOf, timeZone: string): TemplateResult {
    const byDay = this.#filters.group === 'day';
    const listing = g.items[0]!.Listing;
    const id = `viewings-${byDay ? g.key : listing.Id}`;
    const heading = byDay
      ? dayHeading(g.key, timeZone)
      : html`${this.#listingLink(listing)}${listing.MLSNumber ? html` <span class="hint">MLS ${listing.MLSNumber}</span>` : nothing}`;
    return html`<section class="viewing-group" aria-labelledby=${id}>
      <h2 id=${id}>${heading}</h2>
      <table class="viewings-table" data-by=${this.#filters.group}>
        <caption class="sr">${g.items.length} ${g.items.length === 1 ? 'viewing' : 'viewings'}${byDay ? ` on ${dayHeading(g.key, timeZone)}` : ` of ${listingName(listing)}`}</caption>
        <thead><tr>
          <th scope="col" class="col-when">${byDay ? 'Time' : 'Day and time'}</th>${byDay ? html`<th scope="col">Listing</th>` : nothing}<th scope="col" class="col-visitor">Visitor</th><th scope="col">Note</th><th scope="col" class="col-state">State</th><th scope="col" class="col-actions"><span class="sr">Actions</span></th>
        </tr></thead>
        <tbody>${g.items.map((v) => this.#renderRow(v, timeZone, byDay))}</tbody>
      </table>
    </section>`;
  }

  #renderRow(v: Viewing, timeZone: string, byDay: boolean): TemplateResult {
    const when = byDay ? timeRange(v, timeZone) : whenLine(v, timeZone);
    const state = stateWords(v);
    return html`<tr>
      <th scope="row" id="viewing-${v.Id}" tabindex="-1"><time datetime=${v.Start}>${when}</time></th>
      ${byDay ? html`<td data-label="Listing">${this.#listingLink(v.Listing)}</td>` : nothing}
      <td data-label="Visitor" class="visitor">
        <span dir="auto">${v.Name || 'A visitor'}</span>
        ${v.Email ? html`<br /><a href="mailto:${v.Email}">${v.Email}</a>` : nothing}
        ${v.Phone ? html`<br /><a href="tel:${v.Phone.replace(/[^\d+]/g, '')}">${v.Phone}</a>` : nothing}
        <br /><a href="#/conversations/${v.SessionID}" class="hint">Conversation ${v.SessionID}</a>
      </td>
      <td data-label="Note" class="message" dir="auto">${v.Note || '—'}</td>
      <td data-label="State"><span class="badge" data-state=${v.State}>${state}</span>${v.CancelledAt ? html`<br /><span class="hint">on ${shortDay(v.CancelledAt, timeZone)}</span>` : nothing}</td>
      <td>${cancellable(v) ? html`<button type="button" data-cancel=${v.Id} @click=${() => this.#confirmCancel(v)}>Cancel<span class="sr"> the viewing of ${listingName(v.Listing)}, ${whenLine(v, timeZone)}, with ${v.Name || 'a visitor'}</span></button>` : nothing}</td>
    </tr>`;
  }

  #listingLink(l: Viewing['Listing']): TemplateResult | string {
    if (!/^https?:\/\//i.test(l.Url)) return listingName(l);
    return html`<a href=${l.Url} target="_blank" rel="noopener noreferrer">${listingName(l)}<span class="sr"> (opens in a new tab)</span></a>`;
  }

  #renderConfirm(): TemplateResult {
    const v = this.doomed;
    const zone = this.chatbot?.timeZone ?? '';
    return html`<dialog id="confirm-viewing-cancel" aria-labelledby="confirm-viewing-heading" aria-describedby="confirm-viewing-what" @close=${this.#handleConfirmClose}>
      <form method="dialog">
        <h2 id="confirm-viewing-heading">Cancel this viewing?</h2>
        <p id="confirm-viewing-what">${v ? html`<span dir="auto">${v.Name || 'A visitor'}</span> at ${listingName(v.Listing)}, ${whenLine(v, zone)}. The visitor and the agent get the calendar’s cancellation by email, and the slot is free to book again.` : nothing}</p>
        <div class="actions"><button value="keep" autofocus>Keep it</button><button value="cancel" class="danger">Cancel the viewing</button></div>
      </form>
    </dialog>`;
  }

  /** The chatbot's time zone and hours first (the days a tab reads are its days), then the page. */
  async #load(): Promise<void> {
    const serialNumber = this.serialNumber;
    if (this.chatbot?.serialNumber !== serialNumber) {
      this.chatbot = null;
      try {
        const settings = (await this.client.get({ serialNumber })) as FullSettings;
        if (serialNumber !== this.serialNumber) return;
        this.chatbot = { serialNumber, timeZone: settings.TimeZone, bookable: settings.ViewingHours.length > 0 };
      } catch (error) {
        this.fail(error);
        return;
      }
    }
    const f = this.#filters;
    const range = tabRange(f.show, this.chatbot.timeZone);
    await this.read(
      () =>
        this.client.viewingList({
          SerialNumber: serialNumber,
          From: range.from,
          To: range.to,
          Page: f.page,
          PageSize: PAGE_SIZE,
          ...(f.state ? { State: f.state } : {}),
        }),
      (data) => (this.data = data),
    );
  }

  async #confirmCancel(v: Viewing): Promise<void> {
    this.doomed = v;
    await this.updateComplete;
    const dialog = this.querySelector<HTMLDialogElement>('#confirm-viewing-cancel')!;
    // Escape leaves returnValue as it was: the last confirmation's answer must not stand for this one.
    dialog.returnValue = '';
    dialog.showModal();
  }

  /** Cancels, reads the page again and says what happened; focus goes to the booking's row (now cancelled), or the heading. */
  async #cancel(v: Viewing): Promise<void> {
    const zone = this.chatbot?.timeZone ?? '';
    const what = `the viewing of ${listingName(v.Listing)}, ${whenLine(v, zone)}, with ${v.Name || 'a visitor'}`;
    this.status = `Cancelling ${what}…`;
    let said: string;
    try {
      await this.client.ownerViewingCancel({ SerialNumber: this.serialNumber, Id: v.Id });
      said = `Cancelled ${what}. They get the calendar’s cancellation by email.`;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 409)) return this.fail(error);
      said = `${what.charAt(0).toUpperCase()}${what.slice(1)} was already cancelled.`;
    }
    await this.#load();
    this.status = said;
    await this.updateComplete;
    (this.querySelector<HTMLElement>(`#viewing-${CSS.escape(v.Id)}`) ?? this.querySelector<HTMLElement>('h1'))?.focus();
  }

  #goTo(page: number): void {
    this.dispatchEvent(new NavigateEvent(viewingsRoute({ ...this.#filters, page })));
  }

  #handleFilter(event: SubmitEvent): void {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const state = data.get('state');
    const route = viewingsRoute({
      show: this.#filters.show,
      state: state === 'booked' || state === 'cancelled' ? state : '',
      group: data.get('group') === 'listing' ? 'listing' : 'day',
      page: 1,
    });
    if (location.hash === route) void this.#load();
    else this.dispatchEvent(new NavigateEvent(route));
  }

  #handleConfirmClose(event: Event): void {
    if ((event.target as HTMLDialogElement).returnValue === 'cancel' && this.doomed) void this.#cancel(this.doomed);
  }
}

customElements.define('owner-viewings', OwnerViewings);
declare global {
  interface HTMLElementTagNameMap {
    'owner-viewings': OwnerViewings;
  }
}
