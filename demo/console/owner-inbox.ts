import { html, nothing, type TemplateResult } from 'lit';
import type { Lead, OutboxEmail } from 'chat-bot-element';
import { ConsolePage } from './console-page.ts';

const PAGE_SIZE = 10;
const KIND_LABELS: Record<OutboxEmail['Kind'], string> = {
  handoff: 'Handoff',
  'chat-log-digest': 'Daily conversations',
  'lead-digest': 'Daily leads',
  'viewing-booked': 'Viewing booked',
  'viewing-rescheduled': 'Viewing moved',
  'viewing-cancelled': 'Viewing cancelled',
  'viewing-reminder': 'Viewing reminder',
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

interface Paged<T> {
  page: number;
  items: T[] | null;
  total: number;
}

/**
 * @summary Leads and outbox: who asked for a person (LeadList) and every email the service
 * queued for the owner (OutboxList) — sent, waiting, or failing with its last error.
 */
export class OwnerInbox extends ConsolePage {
  static override properties = {
    leads: { state: true },
    emails: { state: true },
  };

  private leads: Paged<Lead> = { page: 1, items: null, total: 0 };
  private emails: Paged<OutboxEmail> = { page: 1, items: null, total: 0 };
  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('serialNumber') && this.serialNumber) {
      void this.#loadLeads(1);
      void this.#loadEmails(1);
    }
  }

  protected override render(): TemplateResult {
    return html`<h1 tabindex="-1">Leads and outbox</h1>
      <p role="status" class="status">${this.status}</p>
      <section aria-labelledby="leads-heading">
        <h2 id="leads-heading">Leads</h2>
        ${this.#renderTable(
          this.leads,
          'leads',
          'No visitor has asked for a person yet.',
          ['When', 'Name', 'Email', 'Message', 'Session'],
          (l) =>
            html`<tr><td>${when(l.CreatedAt)}</td><td>${l.Name || '—'}</td><td>${l.Email ? html`<a href="mailto:${l.Email}">${l.Email}</a>` : '—'}</td><td class="message">${l.Message || '—'}</td><td>${l.SessionID}</td></tr>`,
        )}
      </section>
      <section aria-labelledby="outbox-heading">
        <h2 id="outbox-heading">Outbox</h2>
        <p class="hint">Handoffs, viewings’ calendar invites and daily digests. Without SMTP_URL the service keeps them here instead of sending them.</p>
        ${this.#renderTable(
          this.emails,
          'emails',
          'No email has been queued yet.',
          ['When', 'Kind', 'To', 'Subject', 'State'],
          (e) =>
            html`<tr><td>${when(e.CreatedAt)}</td><td>${KIND_LABELS[e.Kind]}</td><td>${e.To}</td>
            <td><details><summary>${e.Subject}</summary><pre>${e.Body}</pre></details>${this.#renderCalendar(e)}</td>
            <td>${e.SentAt ? `Sent ${when(e.SentAt)}` : e.LastError ? `Failing after ${e.Attempts} ${e.Attempts === 1 ? 'try' : 'tries'}: ${e.LastError}` : 'Waiting'}</td></tr>`,
        )}
      </section>`;
  }

  /** The calendar invite sent with an email (a viewing's), as the text the calendar reads. */
  #renderCalendar(e: OutboxEmail): TemplateResult | typeof nothing {
    if (!e.Calendar) return nothing;
    const method = /^METHOD:(\w+)/m.exec(e.Calendar)?.[1];
    const what = method === 'CANCEL' ? 'Calendar cancellation' : 'Calendar invite';
    return html`<details class="calendar"><summary>${what} (.ics)<span class="sr"> sent with “${e.Subject}”</span></summary><pre>${e.Calendar}</pre></details>`;
  }

  #renderTable<T>(
    paged: Paged<T>,
    which: 'leads' | 'emails',
    empty: string,
    headings: string[],
    row: (item: T) => TemplateResult,
  ): TemplateResult {
    if (paged.items === null) return html`<p>Loading…</p>`;
    if (paged.items.length === 0) return html`<p>${empty}</p>`;
    const pages = Math.max(1, Math.ceil(paged.total / PAGE_SIZE));
    const load = (page: number) => (which === 'leads' ? this.#loadLeads(page) : this.#loadEmails(page));
    return html`<table>
        <caption class="sr">${which === 'leads' ? 'Leads' : 'Emails'}, newest first: ${paged.total} in all, page ${paged.page} of ${pages}</caption>
        <thead><tr>${headings.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
        <tbody>${paged.items.map(row)}</tbody>
      </table>
      <nav class="pager" aria-label="Pages of ${which === 'leads' ? 'leads' : 'emails'}">
        <button type="button" ?disabled=${paged.page <= 1} @click=${() => load(paged.page - 1)}>Newer</button>
        <span>Page ${paged.page} of ${pages}</span>
        <button type="button" ?disabled=${paged.page >= pages} @click=${() => load(paged.page + 1)}>Older</button>
      </nav>`;
  }

  #loadLeads(page: number): Promise<void> {
    return this.#loadPage(page, this.client.leadList, (leads) => (this.leads = leads));
  }

  #loadEmails(page: number): Promise<void> {
    return this.#loadPage(page, this.client.outboxList, (emails) => (this.emails = emails));
  }

  async #loadPage<T>(
    page: number,
    read: (body: { SerialNumber: string; Page: number; PageSize: number }) => Promise<{ Items: T[]; Total: number }>,
    show: (paged: Paged<T>) => void,
  ): Promise<void> {
    try {
      const data = await read({ SerialNumber: this.serialNumber, Page: page, PageSize: PAGE_SIZE });
      show({ page, items: data.Items, total: data.Total });
    } catch (error) {
      this.fail(error);
    }
  }
}

customElements.define('owner-inbox', OwnerInbox);
declare global {
  interface HTMLElementTagNameMap {
    'owner-inbox': OwnerInbox;
  }
}
