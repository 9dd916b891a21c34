import { LitElement, html, type TemplateResult } from 'lit';
import { getFile } from '../../client/files.ts';
import { attachmentStyles } from './chat-bot-attachment.styles.ts';
import type { SessionSource } from '../media/upload.ts';
import { ContextController } from '../controllers/context-controller.ts';
import { chatContext } from '../chat-context.ts';
import type { Attachment } from '../message.ts';
import { mediaEn, type MediaStrings } from '../strings/media.ts';
import { fill } from '../strings/index.ts';

/**
 * @summary A file sent with a question, in the transcript: an image, a recording to play back, a video's name.
 */
export class ChatBotAttachment extends LitElement {
  static override styles = attachmentStyles;

  static override properties = {
    file: { attribute: false },
    url: { state: true },
    failed: { state: true },
  };

  /** The file. */
  file!: Attachment;
  /** The conversation, whose credentials it is fetched with (a visitor's files are theirs only), and the words. */
  readonly #chat = new ContextController(this, chatContext);

  private url = '';
  private failed = false;
  #loading = 0;

  protected override updated(): void {
    const conversation = this.#chat.value?.conversation;
    if (this.url || this.failed || this.#loading === this.file.id || !conversation || this.file.kind === 'Video')
      return;
    this.#loading = this.file.id;
    void this.#load(conversation);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = '';
    this.#loading = 0;
  }

  protected override render(): TemplateResult {
    const f = this.file;
    const t: MediaStrings = { ...mediaEn, ...this.#chat.value?.strings };
    if (f.kind === 'Video') return html`<span class="file">🎬 ${fill(t.videoOf, { name: f.name })}</span>`;
    if (this.failed) return html`<span class="file">${t.fileMissing}</span>`;
    if (!this.url) return html`<span class="file">…</span>`;
    return f.kind === 'Image'
      ? html`<img src=${this.url} alt=${fill(t.imageOf, { name: f.name })} />`
      : html`<audio controls src=${this.url} aria-label=${t.recordingOf}></audio>`;
  }

  async #load(conversation: SessionSource): Promise<void> {
    try {
      const { client } = await conversation.session();
      // A visitor's files are readable with their session's credential only (API.md §3.7).
      this.url = URL.createObjectURL(await getFile(client, this.file.id));
    } catch {
      this.failed = true;
    }
  }
}

if (!customElements.get('chat-bot-attachment')) customElements.define('chat-bot-attachment', ChatBotAttachment);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-attachment': ChatBotAttachment;
  }
}
