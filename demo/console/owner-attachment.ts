import { LitElement, html, type TemplateResult } from 'lit';
import type { Client } from 'chat-bot-element/client';
import type { TranscriptFile } from 'chat-bot-element';

/**
 * @summary A file a visitor sent (an image, a recording, a video), shown and playable. Files are
 * served only with the owner's credential in a header, so it is fetched (getFile) and shown from
 * a blob URL, which is let go when the element leaves the page.
 */
export class OwnerAttachment extends LitElement {
  static override properties = {
    client: { attribute: false },
    file: { attribute: false },
    url: { state: true },
    failed: { state: true },
  };

  /** The signed-in client. */
  client!: Client;
  /** The file. */
  file!: TranscriptFile;

  private url = '';
  private failed = false;
  #loading = 0;

  override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.file && !this.url) void this.#load();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = '';
    this.#loading = 0;
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('file') && this.file && this.#loading !== this.file.Id) void this.#load();
  }

  protected override render(): TemplateResult {
    const f = this.file;
    if (this.failed) return html`<span class="file">${f.Name || `File ${f.Id}`} could not be loaded.</span>`;
    if (!this.url) return html`<span class="file">Loading ${f.Name || 'the file'}…</span>`;
    switch (f.Kind) {
      case 'Image':
        return html`<img src=${this.url} alt="Image the visitor sent: ${f.Name}" />`;
      case 'Audio':
        return html`<audio controls src=${this.url} aria-label="Recording the visitor sent: ${f.Name}"></audio>`;
      case 'Video':
        return html`<video controls src=${this.url} aria-label="Video the visitor sent: ${f.Name}"></video>`;
      default:
        return html`<a href=${this.url} download=${f.Name}>${f.Name}</a>`;
    }
  }

  async #load(): Promise<void> {
    const id = (this.#loading = this.file.Id);
    try {
      const blob = await this.client.getFile(id);
      // Gone from the page, or showing another file, by the time it arrived.
      if (this.#loading !== id) return;
      if (this.url) URL.revokeObjectURL(this.url);
      this.url = URL.createObjectURL(blob);
      this.failed = false;
    } catch {
      if (this.#loading === id) this.failed = true;
    }
  }
}

customElements.define('owner-attachment', OwnerAttachment);
declare global {
  interface HTMLElementTagNameMap {
    'owner-attachment': OwnerAttachment;
  }
}
