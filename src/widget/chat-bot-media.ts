/**
 * Images, push-to-talk and video — loaded only for a chatbot that takes them (EnableUploadImage,
 * EnablePushToTalk) or a conversation that carries them. <chat-bot-media> is the toolbar and the
 * tray above the composer; <chat-bot-attachment> shows a sent file in the transcript.
 */
import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { getFile, type ClientOptions } from '../client/index.ts';
import type { Attachment } from './conversation.ts';
import { PanelActionEvent } from './internal-events.ts';
import { checkFiles, type Checked, type Refusal } from './media/check.ts';
import { MicrophoneError, startRecording, type Recording } from './media/recorder.ts';
import { uploadFile } from './media/upload.ts';
import type { WidgetSettings } from './settings.ts';
import { mediaEn, type MediaStrings } from './strings-media.ts';
import { fill, type Strings } from './strings.ts';

type Session = () => Promise<{ client: ClientOptions; sessionId: number }>;

/** A file in the tray: uploading as soon as it is added. */
interface Item {
  checked: Checked;
  preview: string;
  progress: number;
  abort: AbortController;
  done: Promise<Attachment | null>;
  error?: string;
}

/** The longest recording, in seconds. */
const MAX_SECONDS = 120;

const REFUSALS: Record<Refusal, keyof MediaStrings> = {
  type: 'refusedType',
  animated: 'refusedAnimated',
  size: 'refusedSize',
  count: 'refusedCount',
  mixed: 'refusedMixed',
};

const shared = css`
  button { font: inherit; cursor: pointer; }
  button:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
  .sr { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;

/**
 * @summary The media toolbar (attach, camera, hold to talk) and the tray of files waiting to go.
 */
export class ChatBotMedia extends LitElement {
  static override styles = [
    shared,
    css`
      :host { display: block; border-block-start: 1px solid var(--_border); }
      .bar { display: flex; align-items: center; gap: 4px; padding: 4px 8px 0; }
      .tool { inline-size: 44px; block-size: 44px; border: none; border-radius: 12px; background: none; color: var(--_text); display: grid; place-items: center; }
      .tool:hover { background: var(--_bot-bubble); }
      .tool[aria-pressed='true'] { background: var(--_accent); color: var(--_on-accent); }
      .tool svg { inline-size: 22px; block-size: 22px; fill: currentColor; }
      .level { flex: 1; block-size: 6px; border-radius: 3px; background: var(--_border); overflow: hidden; }
      .level span { display: block; block-size: 100%; background: var(--_accent); }
      .time { font-variant-numeric: tabular-nums; color: var(--_muted); font-size: 13px; }
      ul { display: flex; flex-wrap: wrap; gap: 8px; margin: 0; padding: 8px 10px 0; list-style: none; }
      li { position: relative; inline-size: 72px; }
      li img, li .file { inline-size: 72px; block-size: 72px; object-fit: cover; border-radius: 10px; display: grid; place-items: center; background: var(--_bot-bubble); font-size: 11px; overflow: hidden; text-align: center; word-break: break-all; }
      li progress { inline-size: 100%; block-size: 6px; }
      li .remove { position: absolute; inset-block-start: -10px; inset-inline-end: -10px; inline-size: 44px; block-size: 44px; border: none; background: none; padding: 0; display: grid; place-items: center; }
      li .remove span { inline-size: 24px; block-size: 24px; border-radius: 50%; background: var(--_text); color: var(--_surface); line-height: 24px; font-size: 16px; }
      .error { color: var(--_error); font-size: 13px; margin: 6px 10px 0; }
      input[type='file'] { display: none; }
      @media (prefers-reduced-motion: reduce) { .level span { transition: none; } }
      @media (forced-colors: active) { .tool, li img, li .file { border: 1px solid ButtonText; } }
    `,
  ];

  static override properties = {
    strings: { attribute: false },
    settings: { attribute: false },
    session: { attribute: false },
    busy: { type: Boolean },
    items: { state: true },
    error: { state: true },
    recording: { state: true },
    level: { state: true },
    elapsed: { state: true },
  };

  /** The widget's words (media words may be among them; English otherwise). */
  strings!: Strings & Partial<MediaStrings>;
  /** The settings in force: EnableUploadImage, EnablePushToTalk. */
  settings!: WidgetSettings;
  /** The session files are uploaded to. */
  session!: Session;
  /** An answer is streaming: a recording waits. */
  busy = false;

  private items: Item[] = [];
  private error = '';
  private recording = false;
  private level = 0;
  private elapsed = 0;
  #recorder: Recording | null = null;
  #starting: Promise<void> | null = null;
  #timer = 0;

  get #t(): MediaStrings {
    return { ...mediaEn, ...this.strings };
  }

  /** Checks files and puts those the service will take in the tray, uploading each at once. */
  async add(files: readonly File[]): Promise<void> {
    const { accepted, refused } = await checkFiles(files, this.items.map((i) => i.checked));
    const t = this.#t;
    this.error = refused.map(({ file, reason, limitMB }) => fill(t[REFUSALS[reason]], { name: file.name, limit: limitMB })).join(' ');
    for (const checked of accepted) {
      const abort = new AbortController();
      const item: Item = { checked, preview: checked.kind === 'Image' ? URL.createObjectURL(checked.file) : '', progress: 0, abort, done: Promise.resolve(null) };
      item.done = uploadFile(this.session, checked.file, (p) => this.#update(item, { progress: p }), abort.signal).then(
        ({ id, kind }) => ({ id, kind, name: checked.file.name }),
        (error: unknown) => {
          if (!abort.signal.aborted) this.#update(item, { error: fill(t.uploadFailed, { name: checked.file.name, reason: error instanceof Error ? error.message : String(error) }) });
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

  override connectedCallback(): void {
    super.connectedCallback();
    for (const type of ['paste', 'dragover', 'drop']) this.getRootNode().addEventListener(type, this.#onFiles);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const type of ['paste', 'dragover', 'drop']) this.getRootNode().removeEventListener(type, this.#onFiles);
    this.#cancelRecording();
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
    this.dispatchEvent(new PanelActionEvent('attached', { count: this.items.length }));
  }

  protected override render(): TemplateResult {
    const t = this.#t;
    const s = this.settings;
    // A phone (a coarse pointer) gets the camera directly.
    const phone = matchMedia('(pointer: coarse)').matches;
    return html`
      <div class="bar">
        ${s.EnableUploadImage
          ? html`<button type="button" class="tool" aria-label=${t.attach} title=${t.attach} @click=${() => this.renderRoot.querySelector<HTMLInputElement>('#pick')!.click()}>${icon('M16.5 6v11.5a4 4 0 0 1-8 0V5a2.5 2.5 0 0 1 5 0v10.5a1 1 0 0 1-2 0V6H10v9.5a2.5 2.5 0 0 0 5 0V5a4 4 0 0 0-8 0v12.5a5.5 5.5 0 0 0 11 0V6z')}</button>
              <input id="pick" type="file" multiple accept="image/png,image/jpeg,image/webp,image/gif,video/*,.mkv,.flv,.avi,.mpg,.mpeg,.ts" @change=${this.#picked} />
              ${phone
                ? html`<button type="button" class="tool" aria-label=${t.camera} title=${t.camera} @click=${() => this.renderRoot.querySelector<HTMLInputElement>('#camera')!.click()}>${icon('M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm8-3h-3.2l-1.8-2H9L7.2 5H4a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2z')}</button>
                    <input id="camera" type="file" accept="image/*" capture="environment" @change=${this.#picked} />`
                : nothing}`
          : nothing}
        ${s.EnablePushToTalk
          ? html`<button type="button" class="tool talk" aria-label=${t.talk} title=${t.talk} aria-pressed=${String(this.recording)} ?disabled=${this.busy}
                @pointerdown=${this.#pointerDown} @pointerup=${this.#finish} @pointerleave=${this.#slideAway} @pointercancel=${this.#cancelRecording}
                @keydown=${this.#keyDown} @keyup=${this.#keyUp} @contextmenu=${(e: Event) => e.preventDefault()}>
                ${icon('M12 14a3 3 0 0 0 3-3V5a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.9V21h2v-3.1a7 7 0 0 0 6-6.9h-2z')}
              </button>`
          : nothing}
        ${this.recording
          ? html`<div class="level" role="meter" aria-label=${t.recording} aria-valuemin="0" aria-valuemax="100" aria-valuenow=${Math.round(this.level * 100)}><span style="inline-size:${Math.round(this.level * 100)}%"></span></div>
              <span class="time" role="timer">${clock(this.elapsed)}</span>`
          : nothing}
      </div>
      ${this.items.length
        ? html`<ul>
            ${this.items.map(
              (i) => html`<li>
                ${i.preview ? html`<img src=${i.preview} alt=${fill(t.imageOf, { name: i.checked.file.name })} />` : html`<div class="file">${i.checked.file.name}</div>`}
                ${i.progress < 1 && !i.error ? html`<progress max="1" .value=${i.progress} aria-label=${`${t.uploading} ${i.checked.file.name}`}></progress>` : nothing}
                <button type="button" class="remove" aria-label=${`${t.remove} ${i.checked.file.name}`} @click=${() => this.#remove(i)}><span aria-hidden="true">×</span></button>
              </li>`,
            )}
          </ul>`
        : nothing}
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
    `;
  }

  #picked(event: Event): void {
    const input = event.target as HTMLInputElement;
    void this.add([...(input.files ?? [])]);
    input.value = '';
  }

  // Push-to-talk: hold the button (pointer) or Space; release sends; sliding away or Escape cancels.

  #pointerDown(event: PointerEvent): void {
    if (event.button !== 0) return;
    event.preventDefault();
    void this.#start();
  }

  #keyDown(event: KeyboardEvent): void {
    if (event.key === ' ' && !event.repeat) {
      event.preventDefault();
      void this.#start();
    } else if (event.key === 'Escape' && this.#starting) {
      event.stopPropagation();
      this.#cancelRecording();
    }
  }

  #keyUp(event: KeyboardEvent): void {
    if (event.key === ' ') void this.#finish();
  }

  #slideAway(): void {
    if (this.#starting) this.#cancelRecording();
  }

  #start(): Promise<void> {
    if (this.#starting || this.busy) return this.#starting ?? Promise.resolve();
    this.error = '';
    this.#starting = (async () => {
      try {
        this.#recorder = await startRecording((level) => (this.level = level));
      } catch (error) {
        this.#starting = null;
        const t = this.#t;
        this.error = error instanceof MicrophoneError ? (error.reason === 'denied' ? t.micDenied : t.micMissing) : String(error);
        return;
      }
      if (!this.#starting) return this.#recorder.cancel(); // released or cancelled while starting
      this.recording = true;
      const began = performance.now();
      this.#timer = window.setInterval(() => {
        this.elapsed = (performance.now() - began) / 1000;
        if (this.elapsed >= MAX_SECONDS) void this.#finish();
      }, 250);
    })();
    return this.#starting;
  }

  /** Release: the recording is uploaded and sent as Audio with one fileId. */
  async #finish(): Promise<void> {
    const starting = this.#starting;
    if (!starting) return;
    // Released: the pointerleave a touch screen sends after pointerup is not a slide away.
    this.#starting = null;
    await starting;
    const recorder = this.#recorder;
    this.#stopTimer();
    if (!recorder) return;
    const { wav, seconds } = await recorder.stop();
    if (seconds < 0.3) return; // a tap, not a recording
    const file = new File([wav], `recording-${new Date().toISOString().replace(/[:.]/g, '-')}.wav`, { type: 'audio/wav' });
    try {
      const { id } = await uploadFile(this.session, file, () => undefined, new AbortController().signal);
      this.dispatchEvent(new PanelActionEvent('send', { files: [{ id, kind: 'Audio', name: file.name }] }));
    } catch (error) {
      this.error = fill(this.#t.uploadFailed, { name: this.#t.recordingOf, reason: error instanceof Error ? error.message : String(error) });
    }
  }

  #cancelRecording(): void {
    this.#recorder?.cancel();
    this.#stopTimer();
  }

  #stopTimer(): void {
    clearInterval(this.#timer);
    this.#starting = null;
    this.#recorder = null;
    this.recording = false;
    this.level = 0;
    this.elapsed = 0;
  }
}

/**
 * @summary A file sent with a question, in the transcript: an image, a recording to play back, a video's name.
 */
export class ChatBotAttachment extends LitElement {
  static override styles = [
    shared,
    css`
      :host { display: block; }
      img { display: block; max-inline-size: 220px; max-block-size: 220px; border-radius: 10px; }
      audio { display: block; inline-size: 240px; max-inline-size: 100%; }
      .file { font-size: 13px; }
    `,
  ];

  static override properties = {
    file: { attribute: false },
    session: { attribute: false },
    strings: { attribute: false },
    url: { state: true },
    failed: { state: true },
  };

  /** The file. */
  file!: Attachment;
  /** The credentials it is fetched with: a visitor's files are theirs only. */
  session: Session | undefined;
  /** The widget's words. */
  strings: Partial<MediaStrings> | undefined;
  private url = '';
  private failed = false;
  #loading = 0;

  protected override updated(): void {
    if (this.url || this.failed || this.#loading === this.file.id || !this.session || this.file.kind === 'Video') return;
    this.#loading = this.file.id;
    void this.#load(this.session);
  }

  async #load(session: Session): Promise<void> {
    try {
      const { client } = await session();
      // A visitor's files are readable with their session's credential only (API.md §3.7).
      this.url = URL.createObjectURL(await getFile(client, this.file.id));
    } catch {
      this.failed = true;
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = '';
    this.#loading = 0;
  }

  protected override render(): TemplateResult {
    const f = this.file;
    const t: MediaStrings = { ...mediaEn, ...this.strings };
    if (f.kind === 'Video') return html`<span class="file">🎬 ${fill(t.videoOf, { name: f.name })}</span>`;
    if (this.failed) return html`<span class="file">${t.fileMissing}</span>`;
    if (!this.url) return html`<span class="file">…</span>`;
    return f.kind === 'Image'
      ? html`<img src=${this.url} alt=${fill(t.imageOf, { name: f.name })} />`
      : html`<audio controls src=${this.url} aria-label=${t.recordingOf}></audio>`;
  }
}

function icon(path: string): TemplateResult {
  return html`<svg viewBox="0 0 24 24" aria-hidden="true"><path d=${path}></path></svg>`;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, '0')}`;

if (!customElements.get('chat-bot-media')) customElements.define('chat-bot-media', ChatBotMedia);
if (!customElements.get('chat-bot-attachment')) customElements.define('chat-bot-attachment', ChatBotAttachment);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-media': ChatBotMedia;
    'chat-bot-attachment': ChatBotAttachment;
  }
}
