import { html, type TemplateResult } from 'lit';
import type { Listing } from 'chat-bot-element';
import { KEY_TYPES, LISTING_STATUSES, SALE_TYPES } from 'chat-bot-element/rules';
import { ConsolePage } from './console-page.ts';
import { NavigateEvent } from './events.ts';
import { KEY_TYPE_LABELS, SALE_TYPE_LABELS, editRoute, priceOf, type KeyType } from './listing-words.ts';

const PAGE_SIZE = 10;

/**
 * @summary The listings manager: a page of the chatbot's listings (RealEstateList) with search and
 * filters, selection and bulk delete (RealEstateDelete), and opening a listing by any KeyType.
 */
export class OwnerListings extends ConsolePage {
  static override properties = {
    notice: { attribute: false },
    page: { state: true },
    items: { state: true },
    total: { state: true },
    selected: { state: true },
  };

  /** What the last page of the console did (a listing saved), said once. */
  notice = '';

  private page = 1;
  private items: Listing[] | null = null;
  private total = 0;
  private selected = new Set<string>();
  #filters = { Query: '', Status: '', SaleType: '' };

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('serialNumber') && this.serialNumber) void this.#load(1);
    if (changed.has('notice') && this.notice) this.status = this.notice;
  }

  protected override render(): TemplateResult {
    const pages = Math.max(1, Math.ceil(this.total / PAGE_SIZE));
    return html`<h1 tabindex="-1">Listings</h1>
      <div class="toolbar">
        <button type="button" class="primary" @click=${() => this.dispatchEvent(new NavigateEvent('#/listings/new'))}>New listing</button>
        <form class="open-by-key" @submit=${this.#handleOpenByKey} aria-label="Open a listing by its key">
          <label for="key-type">Open by</label>
          <select id="key-type" name="keyType">${KEY_TYPES.map((k) => html`<option value=${k}>${KEY_TYPE_LABELS[k]}</option>`)}</select>
          <label for="key" class="sr">Key</label>
          <input id="key" name="key" placeholder="MLS number, address or id" required />
          <button type="submit">Open</button>
        </form>
      </div>
      <form class="filters" role="search" aria-label="Listings" @submit=${this.#handleFilter}>
        <label for="query">Search</label>
        <input id="query" name="Query" type="search" .value=${this.#filters.Query} placeholder="Words in the address, city or description" />
        <label for="status-filter">Status</label>
        <select id="status-filter" name="Status"><option value="">Any</option>${LISTING_STATUSES.map((s) => html`<option ?selected=${this.#filters.Status === s}>${s}</option>`)}</select>
        <label for="sale-filter">For</label>
        <select id="sale-filter" name="SaleType"><option value="">Sale or rent</option>${SALE_TYPES.map((s) => html`<option value=${s} ?selected=${this.#filters.SaleType === s}>${SALE_TYPE_LABELS[s]}</option>`)}</select>
        <button type="submit">Search</button>
      </form>
      <p role="status" class="status">${this.status}</p>
      ${this.items === null ? html`<p>Loading…</p>` : this.#renderTable(pages)}
      <dialog id="confirm-delete" aria-labelledby="confirm-heading" @close=${this.#handleConfirmClose}>
        <form method="dialog">
          <h2 id="confirm-heading">Delete ${this.selected.size} ${this.selected.size === 1 ? 'listing' : 'listings'}?</h2>
          <p>The chat stops naming ${this.selected.size === 1 ? 'it' : 'them'} at once. This cannot be undone.</p>
          <div class="actions"><button value="cancel" autofocus>Keep</button><button value="delete" class="danger">Delete</button></div>
        </form>
      </dialog>`;
  }

  #renderTable(pages: number): TemplateResult {
    const items = this.items!;
    if (items.length === 0)
      return html`<p>No listings match. ${this.total === 0 ? 'Create one with “New listing”.' : ''}</p>`;
    const all = items.every((l) => this.selected.has(l.Id));
    return html`<div class="bulk">
        <button type="button" class="danger" ?disabled=${this.selected.size === 0} @click=${this.#handleDeleteSelected}>Delete selected (${this.selected.size})</button>
      </div>
      <table class="listings-table">
        <caption>${this.total} ${this.total === 1 ? 'listing' : 'listings'}, page ${this.page} of ${pages}</caption>
        <thead><tr>
          <th scope="col"><input type="checkbox" aria-label="Select every listing on this page" .checked=${all} @change=${this.#handleSelectAll} /></th>
          <th scope="col">Address</th><th scope="col">Price</th><th scope="col">Beds / baths</th><th scope="col">Status</th><th scope="col">MLS number</th><th scope="col"><span class="sr">Actions</span></th>
        </tr></thead>
        <tbody>${items.map((l) => this.#renderRow(l))}</tbody>
      </table>
      <nav class="pager" aria-label="Pages of listings">
        <button type="button" ?disabled=${this.page <= 1} @click=${() => this.#goTo(this.page - 1)}>Previous page</button>
        <span>Page ${this.page} of ${pages}</span>
        <button type="button" ?disabled=${this.page >= pages} @click=${() => this.#goTo(this.page + 1)}>Next page</button>
      </nav>`;
  }

  #renderRow(l: Listing): TemplateResult {
    const where = [l.Address, l.City].filter(Boolean).join(', ') || l.Url;
    return html`<tr>
      <td><input type="checkbox" aria-label="Select ${where}" .checked=${this.selected.has(l.Id)} @change=${(e: Event) => this.#toggle(l.Id, (e.target as HTMLInputElement).checked)} /></td>
      <td>${where}</td>
      <td>${priceOf(l)}</td>
      <td>${l.Bedrooms} / ${l.Bathrooms}</td>
      <td>${l.Status}, ${SALE_TYPE_LABELS[l.SaleType].toLowerCase()}</td>
      <td>${l.MLSNumber}</td>
      <td><a href=${editRoute('NewOaks', l.Id)} aria-label="Edit ${where}">Edit</a></td>
    </tr>`;
  }

  /** Shows a page once it has arrived, so the caption never names a page whose rows are not there yet. */
  async #load(pageNumber = this.page): Promise<void> {
    try {
      const { Query, Status, SaleType } = this.#filters;
      const page = await this.client.realEstateList({
        SerialNumber: this.serialNumber,
        Page: pageNumber,
        PageSize: PAGE_SIZE,
        ...(Query.trim() ? { Query } : {}),
        ...(Status ? { Status: Status as Listing['Status'] } : {}),
        ...(SaleType ? { SaleType: SaleType as Listing['SaleType'] } : {}),
      });
      this.page = pageNumber;
      this.items = page.Items;
      this.total = page.Total;
    } catch (error) {
      this.fail(error);
    }
  }

  #goTo(page: number): void {
    this.status = '';
    void this.#load(page);
  }

  #toggle(id: string, on: boolean): void {
    const next = new Set(this.selected);
    if (on) next.add(id);
    else next.delete(id);
    this.selected = next;
  }

  async #deleteSelected(): Promise<void> {
    const keys = [...this.selected];
    try {
      const { SuccessCount } = await this.client.realEstateDelete({
        SerialNumber: this.serialNumber,
        Keys: keys,
        KeyType: 'NewOaks',
      });
      this.selected = new Set();
      this.status = `Deleted ${SuccessCount} ${SuccessCount === 1 ? 'listing' : 'listings'}.`;
      const last = Math.max(1, Math.ceil((this.total - SuccessCount) / PAGE_SIZE));
      await this.#load(Math.min(this.page, last));
    } catch (error) {
      this.fail(error);
    }
  }

  #handleFilter(event: SubmitEvent): void {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    this.#filters = {
      Query: String(data.get('Query') ?? ''),
      Status: String(data.get('Status') ?? ''),
      SaleType: String(data.get('SaleType') ?? ''),
    };
    this.selected = new Set();
    this.#goTo(1);
  }

  #handleOpenByKey(event: SubmitEvent): void {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const key = String(data.get('key') ?? '').trim();
    if (key) this.dispatchEvent(new NavigateEvent(editRoute(String(data.get('keyType')) as KeyType, key)));
  }

  #handleSelectAll(event: Event): void {
    const on = (event.target as HTMLInputElement).checked;
    const next = new Set(this.selected);
    for (const l of this.items ?? [])
      if (on) next.add(l.Id);
      else next.delete(l.Id);
    this.selected = next;
  }

  #handleDeleteSelected(): void {
    this.querySelector<HTMLDialogElement>('#confirm-delete')?.showModal();
  }

  #handleConfirmClose(event: Event): void {
    if ((event.target as HTMLDialogElement).returnValue === 'delete') void this.#deleteSelected();
  }
}

customElements.define('owner-listings', OwnerListings);
declare global {
  interface HTMLElementTagNameMap {
    'owner-listings': OwnerListings;
  }
}
