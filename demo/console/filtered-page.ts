import { html, nothing, type PropertyDeclarations, type TemplateResult } from 'lit';
import { ConsolePage, type Refusal } from './console-page.ts';

/**
 * What the pages that read with filters from the address share (Conversations, Unanswered,
 * Insights): only the newest read's answer is shown, and a read the service refuses is said at
 * the filter it names, or as an alert when it names none.
 */
export class FilteredPage extends ConsolePage {
  static override properties: PropertyDeclarations = {
    invalid: { state: true },
  };

  /** Why the last read was refused, for the filter fields to show; null when it was not. */
  protected invalid: Refusal | null = null;
  /** The newest read: an older one may answer after it, and is then dropped. */
  #reads = 0;

  /** Reads with `request` and gives `show` its data, or null when the service refused it. */
  protected async read<T>(request: () => Promise<T>, show: (data: T | null) => void): Promise<void> {
    const mine = ++this.#reads;
    try {
      const data = await request();
      if (mine !== this.#reads) return;
      show(data);
      this.invalid = null;
      this.status = '';
    } catch (error) {
      if (mine !== this.#reads) return;
      show(null);
      this.invalid = this.refusal(error);
      // The status line announces a refusal shown at its field; one no field claims is an alert of its own.
      this.status = this.invalid?.field ? `Nothing shown. ${this.invalid.message}` : '';
    }
  }

  /** A refusal that names no filter. */
  protected renderUnclaimed(): TemplateResult | typeof nothing {
    return this.invalid && !this.invalid.field
      ? html`<p class="error" role="alert">${this.invalid.message}</p>`
      : nothing;
  }
}
