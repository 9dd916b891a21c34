import { html, type TemplateResult } from 'lit';
import type { ExportBody } from 'chat-bot-element';
import { ConsolePage } from './console-page.ts';
import { rangeBody, type Range } from './date-range.ts';

type Of = ExportBody['Of'];
type Format = ExportBody['Format'];

const EXPORTS: [Of, Format][] = [
  ['conversations', 'csv'],
  ['conversations', 'json'],
  ['feedback', 'csv'],
  ['feedback', 'json'],
];

/** The file name the service gave (Content-Disposition), if any. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim());
    } catch {
      // Not percent-encoding after all: the plain name, if there is one.
    }
  }
  return /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;]+)/i.exec(disposition)?.slice(1).find(Boolean)?.trim() ?? null;
}

/**
 * @summary The export of a range of days (Export): conversations or feedback as CSV or JSON,
 * downloaded as a file.
 */
export class OwnerExport extends ConsolePage {
  static override properties = {
    range: { attribute: false },
    busy: { state: true },
  };

  /** The days to export; without them, the service's default (the last 30 days). */
  range: Range = { from: '', to: '' };

  private busy = false;
  /** The last file's address, kept until the next one (or leaving the page): the download may still be reading it. */
  #url = '';

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#forget();
  }

  protected override render(): TemplateResult {
    const { from, to } = this.range;
    // The service's own choice without both ends: 30 days from or to the one given, else the last 30.
    const days =
      from && to
        ? `from ${from} to ${to} (the days chosen above)`
        : from
          ? `of the 30 days from ${from}`
          : to
            ? `of the 30 days up to ${to}`
            : 'of the last 30 days (choose days above for others)';
    return html`<section class="export" aria-labelledby="export-heading">
      <h2 id="export-heading">Export</h2>
      <p class="hint">The conversations or the feedback ${days}, as a spreadsheet (CSV) or as JSON.</p>
      <div class="actions">
        ${EXPORTS.map(([of, format]) => html`<button type="button" ?disabled=${this.busy} @click=${() => this.#download(of, format)}>Export ${of} ${format.toUpperCase()}</button>`)}
      </div>
      <p role="status" class="status">${this.status}</p>
    </section>`;
  }

  async #download(of: Of, format: Format): Promise<void> {
    this.busy = true;
    this.status = `Preparing the ${of} ${format.toUpperCase()}…`;
    try {
      const res = await this.client.export({
        SerialNumber: this.serialNumber,
        ...rangeBody(this.range),
        Format: format,
        Of: of,
      });
      const blob = await res.blob();
      const { from, to } = this.range;
      const name =
        fileNameOf(res.headers.get('Content-Disposition')) ?? `${of}-${from || 'start'}-${to || 'today'}.${format}`;
      this.#forget();
      this.#url = URL.createObjectURL(blob);
      const link = Object.assign(document.createElement('a'), { href: this.#url, download: name });
      link.click();
      this.status = `Downloaded ${name}.`;
    } catch (error) {
      const refusal = this.refusal(error);
      if (refusal) this.status = `Not exported. ${refusal.message}`;
    } finally {
      this.busy = false;
    }
  }

  #forget(): void {
    if (this.#url) URL.revokeObjectURL(this.#url);
    this.#url = '';
  }
}

customElements.define('owner-export', OwnerExport);
declare global {
  interface HTMLElementTagNameMap {
    'owner-export': OwnerExport;
  }
}
