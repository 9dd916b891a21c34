import { html, type TemplateResult } from 'lit';
import type { ConversationFlag, ConversationSummary } from 'chat-bot-element';
import { FilteredPage } from './filtered-page.ts';
import { NavigateEvent } from './events.ts';
import { FLAGS, FLAG_LABELS, conversationRoute, flagBadges, isFlag, pageLink, timeOf } from './conversation-words.ts';
import { dayParam, pageParam, rangeBody, rangeFields, rangeOf, routeWith, type Range } from './date-range.ts';
import './owner-export.ts';

const PAGE_SIZE = 20;

interface Filters extends Range {
  flag: ConversationFlag | '';
  q: string;
  page: number;
}

function filtersOf(query: string): Filters {
  const params = new URLSearchParams(query);
  const flag = params.get('flag') ?? '';
  return {
    from: dayParam(params, 'from'),
    to: dayParam(params, 'to'),
    flag: isFlag(flag) ? flag : '',
    q: params.get('q') ?? '',
    page: pageParam(params),
  };
}

/** The Conversations page with these filters: what a link from another page opens. */
export const conversationsRoute = (f: Partial<Filters>) =>
  routeWith('#/conversations', { from: f.from, to: f.to, flag: f.flag, q: f.q?.trim(), page: f.page });

/**
 * @summary Conversations: every session of the chatbot, newest first, a page at a time
 * (ConversationList), filtered by days and flag and searched by the service; the filters live in
 * the address, so a link opens the same view.
 */
export class OwnerConversations extends FilteredPage {
  static override properties = {
    query: { attribute: false },
    items: { state: true },
    total: { state: true },
  };

  /** The filters, as the query of the console's address (`from=2025-01-01&flag=unanswered&q=pool&page=2`). */
  query = '';

  private items: ConversationSummary[] | null = null;
  private total = 0;
  #filters: Filters = filtersOf('');

  protected override willUpdate(changed: Map<string, unknown>): void {
    if ((changed.has('query') || changed.has('serialNumber')) && this.serialNumber) {
      this.#filters = filtersOf(this.query);
      void this.#load();
    }
  }

  protected override render(): TemplateResult {
    const f = this.#filters;
    return html`<h1 tabindex="-1">Conversations</h1>
      <form class="filters" role="search" aria-label="Conversations" @submit=${this.#handleFilter}>
        ${rangeFields('conversations', f, this.invalid)}
        <label for="flag-filter">Flag</label>
        <select id="flag-filter" name="flag"><option value="">Any</option>${FLAGS.map((k) => html`<option value=${k} ?selected=${f.flag === k}>${FLAG_LABELS[k]}</option>`)}</select>
        <label for="conversation-query">Search</label>
        <input id="conversation-query" name="q" type="search" .value=${f.q} placeholder="Words in the questions and answers" />
        <button type="submit">Show</button>
      </form>
      ${this.renderUnclaimed()}
      <p role="status" class="status">${this.status}</p>
      ${this.items === null ? html`<p>Loading…</p>` : this.#renderTable(this.items)}
      <owner-export .client=${this.client} .serialNumber=${this.serialNumber} .range=${{ from: f.from, to: f.to }}></owner-export>`;
  }

  #renderTable(items: ConversationSummary[]): TemplateResult {
    const f = this.#filters;
    const filtered = Boolean(f.from || f.to || f.flag || f.q.trim());
    if (items.length === 0)
      return html`<p>${filtered ? 'No conversation matches.' : 'No visitor has chatted yet.'}</p>`;
    const pages = Math.max(1, Math.ceil(this.total / PAGE_SIZE));
    return html`<table class="conversations-table">
        <caption>${this.total} ${this.total === 1 ? 'conversation' : 'conversations'}${filtered ? ' found' : ''}, newest first: page ${f.page} of ${pages}</caption>
        <thead><tr><th scope="col">Started</th><th scope="col">On the page</th><th scope="col">Questions</th><th scope="col">First question</th><th scope="col">Flags</th></tr></thead>
        <tbody>${items.map(
          (c) => html`<tr>
          <td>${timeOf(c.StartedAt)}</td>
          <td class="url">${pageLink(c.PageUrl)}</td>
          <td class="number">${c.Questions}</td>
          <td class="message"><a href=${conversationRoute(c.SessionID)}>${c.FirstQuestion || `Conversation ${c.SessionID} (no question)`}</a></td>
          <td>${flagBadges(c.Flags)}</td>
        </tr>`,
        )}</tbody>
      </table>
      <nav class="pager" aria-label="Pages of conversations">
        <button type="button" ?disabled=${f.page <= 1} @click=${() => this.#goTo(f.page - 1)}>Previous page</button>
        <span>Page ${f.page} of ${pages}</span>
        <button type="button" ?disabled=${f.page >= pages} @click=${() => this.#goTo(f.page + 1)}>Next page</button>
      </nav>`;
  }

  #load(): Promise<void> {
    const { flag, q, page } = this.#filters;
    return this.read(
      () =>
        this.client.conversationList({
          SerialNumber: this.serialNumber,
          Page: page,
          PageSize: PAGE_SIZE,
          ...rangeBody(this.#filters),
          ...(flag ? { Flag: flag } : {}),
          ...(q.trim() ? { Query: q.trim() } : {}),
        }),
      (data) => {
        this.items = data?.Items ?? [];
        this.total = data?.Total ?? 0;
      },
    );
  }

  #goTo(page: number): void {
    this.dispatchEvent(new NavigateEvent(conversationsRoute({ ...this.#filters, page })));
  }

  #handleFilter(event: SubmitEvent): void {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const flag = String(data.get('flag') ?? '');
    const next = { ...rangeOf(form), flag: isFlag(flag) ? flag : '', q: String(data.get('q') ?? ''), page: 1 } as const;
    // The same filters again still ask the service again (someone may have chatted since).
    const route = conversationsRoute(next);
    if (location.hash === route) void this.#load();
    else this.dispatchEvent(new NavigateEvent(route));
  }
}

customElements.define('owner-conversations', OwnerConversations);
declare global {
  interface HTMLElementTagNameMap {
    'owner-conversations': OwnerConversations;
  }
}
