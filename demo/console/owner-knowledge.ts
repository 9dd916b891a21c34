import { html, nothing, type TemplateResult } from 'lit';
import { keyed } from 'lit/directives/keyed.js';
import type { KnowledgeKind, KnowledgeSource } from 'chat-bot-element';
import { ConsolePage } from './console-page.ts';
import { NavigateEvent } from './events.ts';
import { pageLink, timeOf } from './conversation-words.ts';
import { KINDS, KIND_NAMES, readByService } from './knowledge-fields.ts';
import { STATE_WORDS, capitalized, reading, sourceName } from './knowledge-words.ts';
import { KnowledgeListController } from './knowledge-list-controller.ts';
import type { KnowledgeFormCloseEvent } from './owner-knowledge-form.ts';
import './owner-knowledge-form.ts';
import './owner-knowledge-search.ts';

/** The form open on the page: a new source of a Kind (a FAQ entry perhaps with its question), or a source to edit. */
interface Editing {
  kind: KnowledgeKind;
  source: KnowledgeSource | null;
  question: string;
}

const sources = (n: number) => `${n} ${n === 1 ? 'source' : 'sources'}`;

/**
 * @summary Knowledge: the chatbot's sources — FAQ entries, texts, web pages, sitemaps, documents —
 * a page at a time (KnowledgeList), added, edited and deleted here (KnowledgeAdd, KnowledgeUpdate,
 * KnowledgeDelete), where the service's reading of each stands, and "Try a question" beside them
 * (KnowledgeSearch). `?answer=` in the address opens a new FAQ entry for that question.
 */
export class OwnerKnowledge extends ConsolePage {
  static override properties = {
    query: { attribute: false },
    editing: { state: true },
    doomed: { state: true },
  };

  /** The query of the console's address: `answer=<a visitor's question>` opens a new FAQ entry for it. */
  query = '';

  /** Arriving with a visitor's question (`?answer=`), the owner starts at its answer. */
  override get landing(): HTMLElement | null {
    return (this.#fromAddress && this.querySelector('owner-knowledge-form')?.startField) || super.landing;
  }

  private editing: Editing | null = null;
  /** The source the confirmation asks about. */
  private doomed: KnowledgeSource | null = null;
  /** The form was opened by the address (`?answer=`). */
  #fromAddress = false;
  /** What opened the form (a selector), for focus to go back to when it closes unsaved. */
  #opener = '';

  #list = new KnowledgeListController(
    this,
    (query) => this.client.knowledgeList({ SerialNumber: this.serialNumber, ...query }),
    (message) => (this.status = message),
    (error) => this.fail(error),
  );

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('serialNumber') && this.serialNumber) {
      this.editing = null;
      this.#list.parent = null;
      void this.#list.load(1);
    }
    const answer = changed.has('query') ? (new URLSearchParams(this.query).get('answer') ?? '').trim() : '';
    if (answer) {
      this.editing = { kind: 'faq', source: null, question: answer };
      this.#fromAddress = true;
      this.#opener = '';
    }
  }

  /** Done once the form is drawn too: the console focuses its field on arrival. */
  protected override async getUpdateComplete(): Promise<boolean> {
    const done = await super.getUpdateComplete();
    await this.querySelector('owner-knowledge-form')?.updateComplete;
    return done;
  }

  protected override render(): TemplateResult {
    const parent = this.#list.parent;
    const e = this.editing;
    return html`<h1 tabindex="-1">Knowledge</h1>
      <p class="hint">What the chatbot knows about your business beside its listings: your FAQ, texts, the pages of your site and your documents. The chat answers visitors’ questions from them and names the source under its answer.</p>
      <div class="knowledge-layout">
        <section aria-labelledby="sources-heading">
          <h2 id="sources-heading" tabindex="-1" dir="auto">${parent ? `Pages of “${sourceName(parent)}”` : 'Sources'}</h2>
          ${parent ? html`<p><button type="button" @click=${() => this.#showPages(null)}>Back to every source</button></p>` : this.#renderToolbar()}
          ${e ? keyed(`${e.kind}:${e.source?.Id ?? e.question}`, html`<owner-knowledge-form .client=${this.client} .serialNumber=${this.serialNumber} .kind=${e.kind} .source=${e.source} .question=${e.question} @knowledge-form-close=${this.#handleFormClose}></owner-knowledge-form>`) : nothing}
          <p role="status" class="status" id="knowledge-status">${this.status}</p>
          ${this.#list.items === null ? html`<p>Loading…</p>` : this.#renderTable(this.#list.items)}
        </section>
        <owner-knowledge-search .client=${this.client} .serialNumber=${this.serialNumber}></owner-knowledge-search>
      </div>
      <dialog id="confirm-knowledge-delete" aria-labelledby="confirm-knowledge-heading" @close=${this.#handleConfirmClose}>
        <form method="dialog">
          <h2 id="confirm-knowledge-heading" dir="auto">Delete “${this.doomed ? sourceName(this.doomed) : ''}”?</h2>
          <p>The chat stops answering from it at once${this.doomed?.Kind === 'sitemap' ? ', and from the pages read from it' : ''}. This cannot be undone.</p>
          <div class="actions"><button value="cancel" autofocus>Keep</button><button value="delete" class="danger">Delete</button></div>
        </form>
      </dialog>`;
  }

  #renderToolbar(): TemplateResult {
    return html`<div class="toolbar">
      <div class="actions">${KIND_NAMES.map((k) => html`<button type="button" data-add=${k} @click=${() => this.#open({ kind: k, source: null, question: '' }, `[data-add="${k}"]`)}>${KINDS[k].add}</button>`)}</div>
      <div class="filters"><button type="button" @click=${() => this.#resync(null)}>Re-sync all</button>
        <label for="knowledge-kind">Show</label>
        <select id="knowledge-kind" @change=${this.#handleKind}><option value="">Every kind</option>${KIND_NAMES.map((k) => html`<option value=${k} ?selected=${this.#list.kind === k}>${capitalized(KINDS[k].many)}</option>`)}</select></div>
    </div>`;
  }

  #renderTable(items: KnowledgeSource[]): TemplateResult {
    const l = this.#list;
    if (items.length === 0)
      return html`<p>${l.parent ? 'No page read from it yet.' : l.kind ? `No ${KINDS[l.kind].many} yet.` : 'No sources yet: add one, and the chat answers from it.'}</p>`;
    // On a narrow screen each row is a card, its cells labelled as the headers (console.css).
    return html`<table class="knowledge-table">
        <caption>${sources(l.total)}, page ${l.page} of ${l.pages}</caption>
        <thead><tr>
          <th scope="col">Title or question</th><th scope="col">Kind</th><th scope="col">Address</th><th scope="col" class="number">Passages</th><th scope="col">State</th><th scope="col">Last updated</th><th scope="col"><span class="sr">Actions</span></th>
        </tr></thead>
        <tbody>${items.map((s) => this.#renderRow(s))}</tbody>
      </table>
      <nav class="pager" aria-label="Pages of sources">
        <button type="button" ?disabled=${l.page <= 1} @click=${() => this.#goTo(l.page - 1)}>Previous page</button>
        <span>Page ${l.page} of ${l.pages}</span>
        <button type="button" ?disabled=${l.page >= l.pages} @click=${() => this.#goTo(l.page + 1)}>Next page</button>
      </nav>`;
  }

  #renderRow(s: KnowledgeSource): TemplateResult {
    const named = html`<span class="sr"> “${sourceName(s)}”</span>`;
    const read =
      readByService(s.Kind) && s.SyncedAt
        ? html`<br /><span class="hint">Last read ${timeOf(s.SyncedAt)}</span>`
        : nothing;
    return html`<tr>
      <th scope="row" dir="auto">${sourceName(s)}</th>
      <td data-label="Kind">${capitalized(KINDS[s.Kind].one)}</td>
      <td data-label="Address" class="url">${pageLink(s.Url)}</td>
      <td data-label="Passages" class="number">${s.Passages}</td>
      <td data-label="State">${STATE_WORDS[s.State]}${s.State === 'failed' && s.Error ? html`: <span dir="auto">${s.Error}</span>` : nothing}${read}</td>
      <td data-label="Last updated">${timeOf(s.UpdatedAt)}</td>
      <td><div class="row-actions">
        ${s.Kind === 'sitemap' ? html`<button type="button" @click=${() => this.#showPages(s)}>Pages${named}</button>` : nothing}
        ${readByService(s.Kind) ? html`<button type="button" ?disabled=${reading(s)} @click=${() => this.#resync(s)}>Re-sync${named}</button>` : nothing}
        ${s.Parent ? nothing : this.#renderChanges(s, named)}
      </div></td>
    </tr>`;
  }

  /** Edit and Delete, for the owner's own sources (a sitemap's pages change with the sitemap). */
  #renderChanges(s: KnowledgeSource, named: TemplateResult): TemplateResult {
    return html`<button type="button" data-edit=${s.Id} @click=${() => this.#open({ kind: s.Kind, source: s, question: '' }, `[data-edit="${s.Id}"]`)}>Edit${named}</button>
      <button type="button" @click=${() => this.#confirmDelete(s)}>Delete${named}</button>`;
  }

  #goTo(page: number): void {
    this.status = '';
    void this.#list.load(page);
  }

  /** A sitemap's pages (read by the service, changed through the sitemap), or with null the owner's own sources again. */
  async #showPages(sitemap: KnowledgeSource | null): Promise<void> {
    this.editing = null;
    this.#list.parent = sitemap;
    this.#list.items = null;
    this.requestUpdate();
    this.#goTo(1);
    await this.#focus('#sources-heading');
  }

  async #open(editing: Editing, opener: string): Promise<void> {
    this.#leaveAddress();
    this.editing = editing;
    this.#opener = opener;
    await this.updateComplete;
    const form = this.querySelector('owner-knowledge-form');
    await form?.updateComplete;
    form?.startField?.focus();
  }

  /** Takes `?answer=` out of the address once its form is closed or replaced, so a reload does not open it again. */
  #leaveAddress(): void {
    if (!this.#fromAddress) return;
    this.#fromAddress = false;
    this.dispatchEvent(new NavigateEvent('#/knowledge'));
  }

  /** Focus after the list changed: the element `selector` finds, or the list's heading when it is gone. */
  async #focus(selector: string): Promise<void> {
    await this.updateComplete;
    const heading = '#sources-heading';
    (this.querySelector<HTMLElement>(selector || heading) ?? this.querySelector<HTMLElement>(heading))?.focus();
  }

  async #confirmDelete(source: KnowledgeSource): Promise<void> {
    this.doomed = source;
    await this.updateComplete;
    const dialog = this.querySelector<HTMLDialogElement>('#confirm-knowledge-delete')!;
    // Escape leaves returnValue as it was: the last confirmation's answer must not stand for this one.
    dialog.returnValue = '';
    dialog.showModal();
  }

  /** Asks the service to read a page, sitemap or document — or with null every one — again now (KnowledgeSync); the list shows them being read. */
  async #resync(source: KnowledgeSource | null): Promise<void> {
    try {
      const { Scheduled } = await this.client.knowledgeSync({
        SerialNumber: this.serialNumber,
        ...(source ? { Id: source.Id } : {}),
      });
      const what = source ? `“${sourceName(source)}”` : `${Scheduled} ${Scheduled === 1 ? 'source' : 'sources'}`;
      this.status =
        source || Scheduled
          ? `${what} will be read again in a moment.`
          : 'There is no web page, sitemap or document to read again.';
      await this.#list.load();
    } catch (error) {
      this.fail(error);
    }
  }

  async #delete(source: KnowledgeSource): Promise<void> {
    try {
      await this.client.knowledgeDelete({ SerialNumber: this.serialNumber, Ids: [source.Id] });
      if (this.editing?.source?.Id === source.Id) this.editing = null;
      this.status = `Deleted “${sourceName(source)}”.`;
      await this.#list.load(this.#list.after(1));
      await this.#focus('#sources-heading');
    } catch (error) {
      this.fail(error);
    }
  }

  async #handleFormClose(event: KnowledgeFormCloseEvent): Promise<void> {
    const { saved, created } = event;
    this.editing = null;
    this.#leaveAddress();
    if (!saved) return this.#focus(this.#opener);
    const now = readByService(saved.Kind) ? 'The service reads it now.' : 'The chat answers from it now.';
    this.status = `${created ? 'Added' : 'Saved'} “${sourceName(saved)}”. ${now}`;
    // The most recently changed come first: the saved source leads page 1.
    await this.#list.load(1);
    await this.#focus(`[data-edit="${saved.Id}"]`);
  }

  #handleKind(event: Event): void {
    this.#list.kind = (event.target as HTMLSelectElement).value as KnowledgeKind | '';
    this.#goTo(1);
  }

  #handleConfirmClose(event: Event): void {
    if ((event.target as HTMLDialogElement).returnValue === 'delete' && this.doomed) void this.#delete(this.doomed);
  }
}

customElements.define('owner-knowledge', OwnerKnowledge);
declare global {
  interface HTMLElementTagNameMap {
    'owner-knowledge': OwnerKnowledge;
  }
}
