import { html, nothing, type TemplateResult } from 'lit';
import type { Counted, Insights } from 'chat-bot-element';
import { FilteredPage } from './filtered-page.ts';
import { NavigateEvent } from './events.ts';
import type { ChartSpec } from './charts.ts';
import { dayLabel, dayParam, lastDays, rangeBody, rangeFields, rangeOf, routeWith, type Range } from './date-range.ts';
import {
  answeredRate,
  answeredSummary,
  duration,
  feedbackSummary,
  hoursSummary,
  leadsSummary,
  liveSummary,
  priceBandName,
  questionsSummary,
  titleCase,
  topSummary,
} from './insights-words.ts';
import './owner-chart.ts';
import './owner-export.ts';

const PRESETS = [7, 30, 90] as const;
const insightsRoute = (range: Range) => routeWith('#/insights', { from: range.from, to: range.to });
const percent = (v: number | null) => (v === null ? '—' : `${v}%`);

/**
 * @summary Insights (Insights): questions, conversations, answered rate, ratings and leads per day,
 * the busiest hours in the chatbot's time zone, how the requests for a person made while an agent
 * was present were answered, and what visitors searched for, over a range of days; each chart also
 * in words and as a table.
 */
export class OwnerInsights extends FilteredPage {
  static override properties = {
    query: { attribute: false },
    data: { state: true },
  };

  /** The days, as the query of the console's address (`from=2025-01-01&to=2025-01-31`). */
  query = '';

  private data: Insights | null = null;
  #range: Range = { from: '', to: '' };

  protected override willUpdate(changed: Map<string, unknown>): void {
    if ((changed.has('query') || changed.has('serialNumber')) && this.serialNumber) {
      const params = new URLSearchParams(this.query);
      this.#range = { from: dayParam(params, 'from'), to: dayParam(params, 'to') };
      void this.#load();
    }
  }

  protected override render(): TemplateResult {
    const d = this.data;
    // The range shown: the one asked for, or the service's own choice (the last 30 days).
    const shown = { from: this.#range.from || d?.From || '', to: this.#range.to || d?.To || '' };
    return html`<h1 tabindex="-1">Insights</h1>
      <div class="toolbar">
        <form class="filters" aria-label="Days" @submit=${this.#handleRange}>
          ${rangeFields('insights', shown, this.invalid)}
          <button type="submit">Show</button>
        </form>
        <div class="presets" role="group" aria-label="Quick ranges">
          ${PRESETS.map((n) => {
            const range = lastDays(n, d?.TimeZone);
            const on = shown.from === range.from && shown.to === range.to;
            return html`<button type="button" aria-pressed=${String(on)} @click=${() => this.dispatchEvent(new NavigateEvent(insightsRoute(range)))}>Last ${n} days</button>`;
          })}
        </div>
      </div>
      ${this.renderUnclaimed()}
      <p role="status" class="status">${this.status}</p>
      ${d ? this.#renderInsights(d) : this.invalid ? nothing : html`<p>Loading…</p>`}`;
  }

  #renderInsights(d: Insights): TemplateResult {
    const days = { kind: 'days', days: d.Days.map((x) => x.Day) } as const;
    const chart = (heading: string, summary: string, spec: ChartSpec, format?: (v: number | null) => string) =>
      html`<owner-chart .heading=${heading} .summary=${summary} .spec=${spec} .format=${format ?? ((v: number | null) => (v ?? 0).toLocaleString())}></owner-chart>`;
    return html`<p>From ${dayLabel(d.From, true)} to ${dayLabel(d.To, true)}, in the chatbot’s time zone (${d.TimeZone}).</p>
      <div class="charts">
        ${chart('Questions and conversations per day', questionsSummary(d.Days), {
          x: days,
          series: [
            { label: 'Questions', values: d.Days.map((x) => x.Questions) },
            { label: 'Conversations', values: d.Days.map((x) => x.Conversations) },
          ],
        })}
        ${chart('Answered rate per day', answeredSummary(d.Days), { x: days, percent: true, series: [{ label: 'Answered', values: d.Days.map(answeredRate) }] }, percent)}
        ${chart('Ratings per day', feedbackSummary(d.Days), {
          x: days,
          series: [
            { label: 'Thumbs up', values: d.Days.map((x) => x.Up) },
            { label: 'Thumbs down', values: d.Days.map((x) => x.Down) },
          ],
        })}
        ${chart('Leads per day', leadsSummary(d.Days), { x: days, bars: true, series: [{ label: 'Leads', values: d.Days.map((x) => x.Leads) }] })}
        ${chart('Busiest hours', hoursSummary(d.Hours, d.TimeZone), { x: { kind: 'hours' }, bars: true, series: [{ label: 'Questions', values: d.Hours }] })}
      </div>
      <section class="live-figures" aria-labelledby="live-figures-heading">
        <h2 id="live-figures-heading">A person in the chat</h2>
        <p>${liveSummary(d.Live)}</p>
        <dl class="facts">
          <div><dt>Requests while someone was on the Live page</dt><dd>${d.Live.Handoffs.toLocaleString()}</dd></div>
          <div><dt>Answered live</dt><dd>${d.Live.Answered.toLocaleString()}</dd></div>
          <div><dt>Median time to first reply</dt><dd>${d.Live.MedianFirstReplySeconds === null ? '—' : duration(d.Live.MedianFirstReplySeconds)}</dd></div>
        </dl>
      </section>
      <h2>What visitors searched for</h2>
      <div class="tops">
        ${this.#renderTop(['Cities', 'City'], 'cities', d.Cities, titleCase)} ${this.#renderTop(['Property types', 'Property type'], 'property types', d.PropertyTypes, titleCase)}
        ${this.#renderTop(['Price bands', 'Price band'], 'prices', d.PriceBands, priceBandName)}
      </div>
      <owner-export .client=${this.client} .serialNumber=${this.serialNumber} .range=${{ from: d.From, to: d.To }}></owner-export>`;
  }

  /** A most-asked list: a table whose bars are its picture. */
  #renderTop(
    [heading, column]: [string, string],
    what: string,
    items: Counted[],
    name: (raw: string) => string,
  ): TemplateResult {
    const named = items.map((i) => ({ name: name(i.Name), count: i.Count }));
    const most = Math.max(1, ...named.map((i) => i.count));
    return html`<section class="top">
      <h3>${heading}</h3>
      <p class="summary">${topSummary(what, named)}</p>
      ${
        named.length
          ? html`<table>
            <caption class="sr">${heading} searched for, most asked first</caption>
            <thead><tr><th scope="col">${column}</th><th scope="col">Searches</th></tr></thead>
            <tbody>${named.map((i) => html`<tr><th scope="row">${i.name}</th><td><div class="bar-cell"><span class="bar" style="inline-size: ${Math.round((100 * i.count) / most)}%"></span><span class="number">${i.count}</span></div></td></tr>`)}</tbody>
          </table>`
          : nothing
      }
    </section>`;
  }

  #load(): Promise<void> {
    return this.read(
      () => this.client.insights({ SerialNumber: this.serialNumber, ...rangeBody(this.#range) }),
      (data) => (this.data = data),
    );
  }

  #handleRange(event: SubmitEvent): void {
    event.preventDefault();
    const route = insightsRoute(rangeOf(event.target as HTMLFormElement));
    if (location.hash === route) void this.#load();
    else this.dispatchEvent(new NavigateEvent(route));
  }
}

customElements.define('owner-insights', OwnerInsights);
declare global {
  interface HTMLElementTagNameMap {
    'owner-insights': OwnerInsights;
  }
}
