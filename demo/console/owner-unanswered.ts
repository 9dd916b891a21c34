import { html, nothing, type TemplateResult } from 'lit';
import type { NoAnswerReason, UnansweredGroup, UnansweredPage, UnansweredQuestion } from 'chat-bot-element';
import { FilteredPage } from './filtered-page.ts';
import { NavigateEvent } from './events.ts';
import { conversationRoute, reasonLabel, timeOf, when } from './conversation-words.ts';
import { conversationsRoute } from './owner-conversations.ts';
import { answerRoute } from './knowledge-words.ts';
import { dayLabel, dayParam, pageParam, rangeBody, rangeFields, rangeOf, routeWith, type Range } from './date-range.ts';

const PAGE_SIZE = 20;

interface Filters extends Range {
  page: number;
}

function filtersOf(query: string): Filters {
  const params = new URLSearchParams(query);
  return { from: dayParam(params, 'from'), to: dayParam(params, 'to'), page: pageParam(params) };
}

const unansweredRoute = (f: Filters) => routeWith('#/unanswered', { from: f.from, to: f.to, page: f.page });
const times = (n: number) => (n === 1 ? 'once' : `${n} times`);

/** The kinds of miss, each a different task for the owner: why the answer was marked NoAnswer, or only rated down. */
type Miss = NoAnswerReason | 'rated-down';

/** Each kind's section, in the order the page shows them: its heading, and what the owner can do about it. */
const MISSES: Record<Miss, { heading: string; todo: TemplateResult }> = {
  unknown: {
    heading: 'Questions the assistant had no answer for',
    todo: html`Nothing in your listings or knowledge says it: add an answer as a FAQ entry, and the next visitor who asks gets it.`,
  },
  'cannot-filter': {
    heading: 'What visitors wanted homes filtered by that your listings don’t say',
    todo: html`The assistant showed homes but could not pick the ones with this: mention it in the descriptions or features of the <a href="#/listings">listings</a> that have it, or answer it as a FAQ entry.`,
  },
  'unsure-reading': {
    heading: 'Questions the assistant wasn’t sure it read right',
    todo: html`It asked the visitor what they meant: add an answer with the visitor’s wording, so the next visitor who puts it that way is understood.`,
  },
  'rated-down': {
    heading: 'Answers visitors rated down',
    todo: html`The assistant answered, but the visitor found it no help: open the conversation to see why, then add an answer, correct a listing, or change the instructions in Settings.`,
  },
};
const MISS_ORDER = Object.keys(MISSES) as Miss[];
/** A group's kind of miss; one marked NoAnswer without a reason counts as unknown, as the service counts it. */
const missOf = (g: UnansweredGroup): Miss => g.NoAnswerReason ?? (g.NoAnswer ? 'unknown' : 'rated-down');

/**
 * @summary Unanswered: the questions the chatbot could not answer or whose answers were rated down
 * (UnansweredList), in a section for each kind of miss (no answer, a filter the listings cannot
 * take, a reading it was unsure of, rated down) saying what the owner can do about it; grouped by
 * likeness, the most asked first, each with "Add an answer" and each question linked to its conversation.
 */
export class OwnerUnanswered extends FilteredPage {
  static override properties = {
    query: { attribute: false },
    data: { state: true },
  };

  /** The days and page, as the query of the console's address (`from=2025-01-01&to=2025-01-31`). */
  query = '';

  private data: UnansweredPage | null = null;
  #filters: Filters = filtersOf('');

  protected override willUpdate(changed: Map<string, unknown>): void {
    if ((changed.has('query') || changed.has('serialNumber')) && this.serialNumber) {
      this.#filters = filtersOf(this.query);
      void this.#load();
    }
  }

  protected override render(): TemplateResult {
    return html`<h1 tabindex="-1">Unanswered questions</h1>
      <p class="hint">What visitors asked that the chatbot could not answer, or whose answer they rated down — by kind of miss, similar questions together, so the next visitor gets an answer.</p>
      <form class="filters" aria-label="Days" @submit=${this.#handleFilter}>
        ${rangeFields('unanswered', this.#filters, this.invalid)}
        <button type="submit">Show</button>
      </form>
      ${this.renderUnclaimed()}
      <p role="status" class="status">${this.status}</p>
      ${this.data === null ? (this.invalid ? nothing : html`<p>Loading…</p>`) : this.#renderGroups(this.data)}`;
  }

  #renderGroups(data: UnansweredPage): TemplateResult {
    const f = this.#filters;
    const span = `${dayLabel(data.From, true)} to ${dayLabel(data.To, true)}`;
    if (data.Items.length === 0)
      return html`<p>Every question from ${span} was answered, and no answer was rated down.</p>`;
    const pages = Math.max(1, Math.ceil(data.Total / PAGE_SIZE));
    return html`<p>
        ${data.Total} ${data.Total === 1 ? 'kind of question' : 'kinds of question'} from ${span}, out of ${data.Considered} ${data.Considered === 1 ? 'question' : 'questions'} looked at${data.Considered >= 2000 ? ' (the newest 2,000; choose fewer days to see older ones)' : ''}.
        <a href=${conversationsRoute({ from: data.From, to: data.To, flag: 'unanswered' })}>Conversations with an unanswered question</a>
      </p>
      ${MISS_ORDER.map((miss) => this.#renderSection(miss, data.Items))}
      <nav class="pager" aria-label="Pages of unanswered questions">
        <button type="button" ?disabled=${f.page <= 1} @click=${() => this.#goTo(f.page - 1)}>Previous page</button>
        <span>Page ${f.page} of ${pages}</span>
        <button type="button" ?disabled=${f.page >= pages} @click=${() => this.#goTo(f.page + 1)}>Next page</button>
      </nav>`;
  }

  /** One kind of miss: its heading, what to do about it, and its groups among the page's (none: no section). */
  #renderSection(miss: Miss, items: UnansweredGroup[]): TemplateResult | typeof nothing {
    const groups = items.filter((g) => missOf(g) === miss);
    if (!groups.length) return nothing;
    return html`<section class="miss" aria-labelledby="miss-${miss}">
      <h2 id="miss-${miss}">${MISSES[miss].heading}</h2>
      <p class="hint">${MISSES[miss].todo}</p>
      <ol class="groups">${groups.map((g) => this.#renderGroup(g))}</ol>
    </section>`;
  }

  #renderGroup(g: UnansweredGroup): TemplateResult {
    const counts = [
      `Asked ${times(g.Count)}`,
      g.NoAnswer ? `${g.NoAnswer} without an answer` : '',
      g.RatedDown ? `${g.RatedDown} rated down` : '',
    ].filter(Boolean);
    return html`<li class="group">
      <h3 class="question" dir="auto">${g.Question}</h3>
      <p>${counts.join(' · ')} · last ${timeOf(g.LastAt)}</p>
      <p><button type="button" @click=${() => this.dispatchEvent(new NavigateEvent(answerRoute(g.Question)))}>Add an answer<span class="sr"> to “${g.Question}”</span></button></p>
      <details>
        <summary>${g.Questions.length === 1 ? 'The question' : `The ${g.Questions.length} newest questions`}</summary>
        <ul class="asked">${g.Questions.map((q) => this.#renderQuestion(q))}</ul>
      </details>
    </li>`;
  }

  #renderQuestion(q: UnansweredQuestion): TemplateResult {
    const marks = [q.NoAnswer ? 'No answer' : '', q.RatedDown ? 'Rated down' : ''].filter(Boolean);
    return html`<li>
      <p><span dir="auto">${q.Content}</span> <span class="hint">· ${timeOf(q.CreatedAt)}</span></p>
      ${marks.length ? html`<ul class="badges">${marks.map((m) => html`<li class="badge">${m}</li>`)}</ul>` : nothing}
      ${q.Reasons.length ? html`<p>Why: ${q.Reasons.map(reasonLabel).join(', ')}</p>` : nothing}
      ${q.Comment ? html`<blockquote dir="auto">${q.Comment}</blockquote>` : nothing}
      <p><a href=${conversationRoute(q.SessionID)}>Open the conversation<span class="sr"> of ${when(q.CreatedAt)}</span></a></p>
    </li>`;
  }

  #load(): Promise<void> {
    return this.read(
      () =>
        this.client.unansweredList({
          SerialNumber: this.serialNumber,
          Page: this.#filters.page,
          PageSize: PAGE_SIZE,
          ...rangeBody(this.#filters),
        }),
      (data) => (this.data = data),
    );
  }

  #goTo(page: number): void {
    this.dispatchEvent(new NavigateEvent(unansweredRoute({ ...this.#filters, page })));
  }

  #handleFilter(event: SubmitEvent): void {
    event.preventDefault();
    const route = unansweredRoute({ ...rangeOf(event.target as HTMLFormElement), page: 1 });
    if (location.hash === route) void this.#load();
    else this.dispatchEvent(new NavigateEvent(route));
  }
}

customElements.define('owner-unanswered', OwnerUnanswered);
declare global {
  interface HTMLElementTagNameMap {
    'owner-unanswered': OwnerUnanswered;
  }
}
