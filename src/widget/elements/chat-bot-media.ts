/**
 * Images, push-to-talk and video — this module and what it imports load as one chunk, only for a
 * chatbot that takes them (EnableUploadImage, EnablePushToTalk) or a conversation that carries them.
 */
import { LitElement, html, nothing, type TemplateResult } from 'lit';
// Sent files are shown in the transcript by <chat-bot-attachment>: it comes in the same chunk.
import './chat-bot-attachment.ts';
import { mediaStyles } from './chat-bot-media.styles.ts';
import { PanelActionEvent } from '../internal-events.ts';
import { checkFiles, type Checked, type Refusal } from '../media/check.ts';
import { MicrophoneError } from '../media/recorder.ts';
import { uploadFile, type SessionSource } from '../media/upload.ts';
import type { Attachment } from '../message.ts';
import { ContextController } from '../controllers/context-controller.ts';
import { chatContext } from '../chat-context.ts';
import { PushToTalkController } from '../controllers/push-to-talk-controller.ts';
import type { WidgetSettings } from '../settings.ts';
import { mediaEn, type MediaStrings } from '../strings/media.ts';
import { fill } from '../strings/index.ts';

/** A file in the tray: uploading as soon as it is added. */
interface Item {
  checked: Checked;
  preview: string;
  progress: number;
  abort: AbortController;
  done: Promise<Attachment | null>;
  error?: string;
}

const REFUSALS: Record<Refusal, keyof MediaStrings> = {
  type: 'refusedType',
  animated: 'refusedAnimated',
  size: 'refusedSize',
  count: 'refusedCount',
  mixed: 'refusedMixed',
};

/**
 * @summary The media toolbar (attach, camera, hold to talk) and the tray of files waiting to go.
 */
export class ChatBotMedia extends LitElement {
  static override styles = mediaStyles;

  static override properties = {
    settings: { attribute: false },
    busy: { type: Boolean },
    items: { state: true },
    error: { state: true },
  };

  /** The settings in force: EnableUploadImage, EnablePushToTalk. */
  settings!: WidgetSettings;
  /** An answer is streaming: a recording waits. */
  busy = false;

  /** Checks files and puts those the service will take in the tray, uploading each at once. */
  async add(files: readonly File[]): Promise<void> {
    const { accepted, refused } = await checkFiles(
      files,
      this.items.map((i) => i.checked),
    );
    const t = this.#t;
    this.error = refused
      .map(({ file, reason, limitMB }) => fill(t[REFUSALS[reason]], { name: file.name, limit: limitMB }))
      .join(' ');
    for (const checked of accepted) {
      const abort = new AbortController();
      const item: Item = {
        checked,
        preview: checked.kind === 'Image' ? URL.createObjectURL(checked.file) : '',
        progress: 0,
        abort,
        done: Promise.resolve(null),
      };
      item.done = uploadFile(
        this.#conversation,
        checked.file,
        (p) => this.#update(item, { progress: p }),
        abort.signal,
      ).then(
        ({ id, kind }) => ({ id, kind, name: checked.file.name }),
        (error: unknown) => {
          if (!abort.signal.aborted)
            this.#update(item, {
              error: fill(t.uploadFailed, {
                name: checked.file.name,
                reason: error instanceof Error ? error.message : String(error),
              }),
            });
          return null;
        },
      );
      this.items = [...this.items, item];
    }
    this.#announceCount();
  }

  /**
   * What goes with the message: the tray's files once uploaded (the tray empties), or null when
   * one could not be uploaded (it stays, with its reason, for the visitor to remove).
   */
  async take(): Promise<Attachment[] | null> {
    const items = this.items;
    const files = await Promise.all(items.map((i) => i.done));
    if (files.some((f) => !f)) {
      this.error = items.flatMap((i) => (i.error ? [i.error] : [])).join(' ');
      return null;
    }
    for (const i of items) URL.revokeObjectURL(i.preview);
    this.items = this.items.filter((i) => !items.includes(i));
    this.#announceCount();
    return files as Attachment[];
  }

  private items: Item[] = [];
  /** What went wrong last: files refused or not uploaded, the microphone, the recording's upload. */
  private error = '';

  readonly #pushToTalk = new PushToTalkController(this);

  /** The conversation, whose session files are uploaded to, and the words (media words may be among them; English otherwise). */
  readonly #chat = new ContextController(this, chatContext);
  get #conversation(): SessionSource {
    return this.#chat.value!.conversation!;
  }

  get #t(): MediaStrings {
    return { ...mediaEn, ...this.#chat.value!.strings };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    for (const type of ['paste', 'dragover', 'drop']) this.getRootNode().addEventListener(type, this.#onFiles);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const type of ['paste', 'dragover', 'drop']) this.getRootNode().removeEventListener(type, this.#onFiles);
    for (const i of this.items) i.abort.abort();
  }

  /** Images or a video pasted or dropped anywhere on the panel come to the tray. */
  readonly #onFiles = (event: Event): void => {
    const data = event instanceof ClipboardEvent ? event.clipboardData : (event as DragEvent).dataTransfer;
    if (!this.settings.EnableUploadImage || !data?.types.includes('Files')) return;
    event.preventDefault();
    if (event.type !== 'dragover') void this.add([...data.files]);
  };

  #update(item: Item, change: Partial<Item>): void {
    Object.assign(item, change);
    this.items = [...this.items];
  }

  #remove(item: Item): void {
    item.abort.abort();
    URL.revokeObjectURL(item.preview);
    this.items = this.items.filter((i) => i !== item);
    this.error = '';
    this.#announceCount();
    this.renderRoot.querySelector<HTMLElement>('.tool')?.focus();
  }

  #announceCount(): void {
    this.dispatchEvent(new PanelActionEvent({ kind: 'attached', count: this.items.length }));
  }

  /** Records while the button is held; on release the recording is uploaded and sent as Audio with one fileId. */
  async #recordAndSend(): Promise<void> {
    if (this.#pushToTalk.held || this.busy) return;
    this.error = '';
    let file: File | null;
    try {
      file = await this.#pushToTalk.record();
    } catch (error) {
      const t = this.#t;
      this.error =
        error instanceof MicrophoneError ? (error.reason === 'denied' ? t.micDenied : t.micMissing) : String(error);
      return;
    }
    if (!file) return;
    try {
      const { id } = await uploadFile(this.#conversation, file, () => undefined, new AbortController().signal);
      this.dispatchEvent(new PanelActionEvent({ kind: 'send-files', files: [{ id, kind: 'Audio', name: file.name }] }));
    } catch (error) {
      this.error = fill(this.#t.uploadFailed, {
        name: this.#t.recordingOf,
        reason: error instanceof Error ? error.message : String(error),
      });
    }
  }

  protected override render(): TemplateResult {
    const t = this.#t;
    const s = this.settings;
    const talk = this.#pushToTalk;
    // A phone (a coarse pointer) gets the camera directly.
    const phone = matchMedia('(pointer: coarse)').matches;
    return html`
      <div class="bar">
        ${
          s.EnableUploadImage
            ? html`<button type="button" class="tool" aria-label=${t.attach} title=${t.attach} @click=${() => this.renderRoot.querySelector<HTMLInputElement>('#pick')!.click()}>${icon('M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6z')}</button>
              <input id="pick" type="file" multiple accept="image/png,image/jpeg,image/webp,image/gif,video/*,.mkv,.flv,.avi,.mpg,.mpeg,.ts" @change=${this.#picked} />
              ${
                phone
                  ? html`<button type="button" class="tool" aria-label=${t.camera} title=${t.camera} @click=${() => this.renderRoot.querySelector<HTMLInputElement>('#camera')!.click()}>${icon('M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm8-3h-3.2l-1.8-2H9L7.2 5H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2z')}</button>
                    <input id="camera" type="file" accept="image/*" capture="environment" @change=${this.#picked} />`
                  : nothing
              }`
            : nothing
        }
        ${
          s.EnablePushToTalk
            ? html`<button type="button" class="tool talk" aria-label=${t.talk} title=${t.talk} aria-pressed=${String(talk.recording)} ?disabled=${this.busy}
                @pointerdown=${this.#handlePointerDown} @pointerup=${() => talk.finish()} @pointerleave=${this.#handleSlideAway} @pointercancel=${() => talk.cancel()}
                @keydown=${this.#handleKeyDown} @keyup=${this.#handleKeyUp} @contextmenu=${(e: Event) => e.preventDefault()}>
                ${icon('M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9h-2z')}
              </button>`
            : nothing
        }
        ${
          talk.recording
            ? html`<div class="level" role="meter" aria-label=${t.recording} aria-valuemin="0" aria-valuemax="100" aria-valuenow=${Math.round(talk.level * 100)}><span style="inline-size:${Math.round(talk.level * 100)}%"></span></div>
              <span class="time" role="timer">${clock(talk.elapsed)}</span>`
            : nothing
        }
      </div>
      ${
        this.items.length
          ? html`<ul>
            ${this.items.map(
              (i) => html`<li>
                ${i.preview ? html`<img src=${i.preview} alt=${fill(t.imageOf, { name: i.checked.file.name })} />` : html`<div class="file">${i.checked.file.name}</div>`}
                ${i.progress < 1 && !i.error ? html`<progress max="1" .value=${i.progress} aria-label=${`${t.uploading} ${i.checked.file.name}`}></progress>` : nothing}
                <button type="button" class="remove" aria-label=${`${t.remove} ${i.checked.file.name}`} @click=${() => this.#remove(i)}><span aria-hidden="true">×</span></button>
              </li>`,
            )}
          </ul>`
          : nothing
      }
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
    `;
  }

  #picked(event: Event): void {
    const input = event.target as HTMLInputElement;
    void this.add([...(input.files ?? [])]);
    input.value = '';
  }

  // Push-to-talk: hold the button (pointer) or Space; release sends; sliding away or Escape cancels.

  #handlePointerDown(event: PointerEvent): void {
    if (event.button !== 0) return;
    event.preventDefault();
    void this.#recordAndSend();
  }

  #handleKeyDown(event: KeyboardEvent): void {
    if (event.key === ' ' && !event.repeat) {
      event.preventDefault();
      void this.#recordAndSend();
    } else if (event.key === 'Escape' && this.#pushToTalk.held) {
      event.stopPropagation();
      this.#pushToTalk.cancel();
    }
  }

  #handleKeyUp(event: KeyboardEvent): void {
    if (event.key === ' ') void this.#pushToTalk.finish();
  }

  #handleSlideAway(): void {
    if (this.#pushToTalk.held) this.#pushToTalk.cancel();
  }
}

function icon(path: string): TemplateResult {
  return html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d=${path}></path></svg>`;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

if (!customElements.get('chat-bot-media')) customElements.define('chat-bot-media', ChatBotMedia);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-media': ChatBotMedia;
  }
}
