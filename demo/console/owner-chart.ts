import { LitElement, html, type PropertyValues, type TemplateResult } from 'lit';
import type uPlot from 'uplot';
import { PALETTE, drawChart, hourLabel, type ChartSpec } from './charts.ts';
import { dayLabel } from './date-range.ts';

/**
 * @summary One chart of the Insights page, readable three ways: a sentence saying what it shows
 * (also the picture's accessible name), the picture, and a table of the same numbers.
 */
export class OwnerChart extends LitElement {
  static override properties = {
    heading: {},
    summary: {},
    spec: { attribute: false },
    format: { attribute: false },
  };

  /** What the chart shows, as its heading. */
  heading = '';
  /** What it shows in one sentence: the figures that matter. */
  summary = '';
  /** Its data. */
  spec!: ChartSpec;
  /** A value as the table writes it. */
  format: (value: number | null) => string = (v) => (v === null ? '—' : v.toLocaleString());

  #plot: uPlot | null = null;
  #resize = new ResizeObserver(() => this.#fit());

  override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back on the page after leaving it (which let its picture go).
    if (this.hasUpdated && !this.#plot) this.#draw();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize.disconnect();
    this.#plot?.destroy();
    this.#plot = null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('spec')) this.#draw();
  }

  protected override render(): TemplateResult {
    const spec = this.spec;
    const id = `chart-${this.heading.toLowerCase().replace(/\W+/g, '-')}`;
    const rows =
      spec.x.kind === 'days'
        ? spec.x.days.map((d) => dayLabel(d, true))
        : Array.from({ length: 24 }, (_, h) => hourLabel(h));
    return html`<figure class="chart" aria-labelledby="${id}-heading">
      <h2 id="${id}-heading">${this.heading}</h2>
      <p class="summary">${this.summary}</p>
      ${
        spec.series.length > 1
          ? html`<ul class="legend" aria-hidden="true">${spec.series.map((s, i) => html`<li><span class="key" style="--key: ${PALETTE[i % PALETTE.length]!.stroke}" data-dash=${i % PALETTE.length}></span>${s.label}</li>`)}</ul>`
          : ''
      }
      <div class="plot" role="img" aria-label=${this.summary}></div>
      <details>
        <summary>Table: ${this.heading}</summary>
        <div class="table-scroll" tabindex="0" role="region" aria-label="Table: ${this.heading}">
          <table>
            <caption>${this.heading}</caption>
            <thead><tr><th scope="col">${spec.x.kind === 'days' ? 'Day' : 'Hour'}</th>${spec.series.map((s) => html`<th scope="col">${s.label}</th>`)}</tr></thead>
            <tbody>${rows.map((label, i) => html`<tr><th scope="row">${label}</th>${spec.series.map((s) => html`<td class="number">${this.format(s.values[i] ?? null)}</td>`)}</tr>`)}</tbody>
          </table>
        </div>
      </details>
    </figure>`;
  }

  #draw(): void {
    const target = this.querySelector<HTMLElement>('.plot')!;
    this.#plot?.destroy();
    this.#plot = drawChart(this.spec, target, Math.max(240, target.clientWidth));
    this.#resize.observe(target);
  }

  /** The chart follows its box's width (a window made narrower or wider). */
  #fit(): void {
    const target = this.querySelector<HTMLElement>('.plot');
    const width = Math.max(240, target?.clientWidth ?? 0);
    if (this.#plot && Math.abs(this.#plot.width - width) > 1) this.#plot.setSize({ width, height: this.#plot.height });
  }
}

customElements.define('owner-chart', OwnerChart);
declare global {
  interface HTMLElementTagNameMap {
    'owner-chart': OwnerChart;
  }
}
