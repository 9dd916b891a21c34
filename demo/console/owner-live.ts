import { html, nothing, type TemplateResult } from 'lit';
import type { TranscriptMessage } from 'chat-bot-element';
import { isAbortError, type OwnerEvent } from 'chat-bot-element/client';
import { ConsolePage } from './console-page.ts';
import { timeOf } from './conversation-words.ts';
import { LiveAlerts, type NotifyPermission } from './live-alert.ts';
import {
  byActivity,
  emptyLive,
  fold,
  turnOf,
  type Handoff,
  type LiveConversation,
  type LiveState,
} from './live-state.ts';
import { conversationName, handoffLine, holdLine, lastLine, visitorName } from './live-words.ts';
import { keep, kept } from './session.ts';
import './owner-live-conversation.ts';

/** A visitor's typing shows this long after the last sign of it (the widget sends one at most every 3 s). */
const TYPING_SHOWN_MS = 6_000;
/**
 * A stream opens with the last 10 minutes' events: what happened before the page opened is shown
 * but does not sound. Events from a little before count as new, for clocks that differ by seconds.
 */
const NEW_SLACK_MS = 30_000;
const SOUND_KEY = 'chat-bot-console.live-sound';

type Connection = 'connecting' | 'open' | 'lost' | 'ended';
const CONNECTION_LINES: Record<Connection, string> = {
  connecting: 'Connecting…',
  open: 'Connected: while this page is open you are present for this chatbot.',
  lost: 'The connection broke; reconnecting…',
  ended: '',
};

/**
 * @summary Live: the chatbot's conversations now, from the owner's event stream (held open while
 * the page is) — visitors' requests for a person, with a tone and a notification, and each
 * conversation's newest message and who holds it; the chosen one to read, join, answer and leave.
 */
export class OwnerLive extends ConsolePage {
  static override properties = {
    live: { state: true },
    connection: { state: true },
    selected: { state: true },
    turns: { state: true },
    visitorTyping: { state: true },
    permission: { state: true },
    sound: { state: true },
  };

  private live: LiveState = emptyLive();
  private connection: Connection = 'connecting';
  private selected: number | null = null;
  /** The selected conversation's messages that came by the stream since it was chosen. */
  private turns: TranscriptMessage[] = [];
  private visitorTyping = false;
  private sound = kept(SOUND_KEY) !== 'off';
  readonly #alerts = new LiveAlerts();
  private permission: NotifyPermission = this.#alerts.permission;
  #abort: AbortController | null = null;
  #opened = 0;
  #typingTimer: ReturnType<typeof setTimeout> | undefined;

  override connectedCallback(): void {
    super.connectedCallback();
    // Back in the page after leaving it (the element kept): present again.
    if (this.hasUpdated && this.serialNumber && !this.#abort) this.#listen();
  }

  override disconnectedCallback(): void {
    this.#stop();
    this.#alerts.close();
    super.disconnectedCallback();
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if ((changed.has('serialNumber') || changed.has('client')) && this.serialNumber) this.#listen();
  }

  protected override render(): TemplateResult {
    const conversations = byActivity(this.live);
    return html`<h1 tabindex="-1">Live</h1>
      <p class="hint">A visitor who asks for a person while this page is open is told someone is here, and the request comes here instead of by email.</p>
      <div class="toolbar">
        <p role="status" class="status">${this.status || CONNECTION_LINES[this.connection]}</p>
        <div class="actions">
          <label class="inline-check"><input type="checkbox" .checked=${this.sound} @change=${this.#handleSound} /> Sound for new requests</label>
          ${this.#renderPermission()}
        </div>
      </div>
      <section aria-labelledby="handoffs-heading">
        <h2 id="handoffs-heading">Requests for a person</h2>
        <div role="log" aria-live="polite" aria-labelledby="handoffs-heading">
          ${
            this.live.handoffs.length
              ? html`<ol class="handoffs">${this.live.handoffs.map((h) => this.#renderHandoff(h))}</ol>`
              : html`<p>No one has asked for a person in the last 10 minutes.</p>`
          }
        </div>
      </section>
      <div class="live-layout">
        <section aria-labelledby="now-heading">
          <h2 id="now-heading">Conversations now</h2>
          ${
            conversations.length
              ? html`<ul class="live-list">${conversations.map((c) => this.#renderConversation(c))}</ul>`
              : html`<p>No visitor has written in the last 10 minutes.</p>`
          }
        </section>
        ${this.#renderSelected()}
      </div>`;
  }

  #renderPermission(): TemplateResult | typeof nothing {
    if (this.permission === 'default')
      return html`<button type="button" @click=${this.#handleAllow}>Allow notifications</button>`;
    if (this.permission === 'denied')
      return html`<span class="hint">Notifications are blocked for this site in the browser's settings.</span>`;
    return nothing;
  }

  #renderHandoff(h: Handoff): TemplateResult {
    const c = this.live.conversations.get(h.SessionID);
    return html`<li class="handoff">
      <p><strong>${visitorName(h.Name)}</strong>${h.Email ? html` · <a href="mailto:${h.Email}">${h.Email}</a>` : nothing} · ${timeOf(h.CreatedAt)}</p>
      ${h.Message ? html`<p class="message" dir="auto">${h.Message}</p>` : nothing}
      <p class="hint">${c?.heldBy ? `${c.heldBy} joined` : 'Waiting for someone to join'}</p>
      <button type="button" @click=${() => this.#select(h.SessionID)}>Open<span class="sr"> the conversation with ${visitorName(h.Name)}</span></button>
    </li>`;
  }

  #renderConversation(c: LiveConversation): TemplateResult {
    return html`<li class="live-item">
      <button type="button" class="link" aria-current=${c.sessionId === this.selected ? 'true' : nothing} @click=${() => this.#select(c.sessionId)}>${conversationName(c)}</button>
      <p class="last" dir="auto">${lastLine(c)}</p>
      <p class="hint">${holdLine(c)}${c.last ? html` · ${timeOf(c.last.at)}` : nothing}</p>
    </li>`;
  }

  #renderSelected(): TemplateResult {
    const id = this.selected;
    if (id === null)
      return html`<p class="hint live-pick">Open a request or a conversation to read it, join it and answer the visitor.</p>`;
    const c = this.live.conversations.get(id);
    return html`<owner-live-conversation .client=${this.client} .serialNumber=${this.serialNumber} .sessionId=${id} .heldBy=${c?.heldBy ?? null} .released=${c?.released ?? null} .turns=${this.turns} .visitorTyping=${this.visitorTyping}></owner-live-conversation>`;
  }

  /** Opens the chatbot's stream, closing the one before: the page starts again from the last 10 minutes. */
  #listen(): void {
    this.#stop();
    const abort = (this.#abort = new AbortController());
    this.live = emptyLive();
    this.selected = null;
    this.turns = [];
    this.status = '';
    this.connection = 'connecting';
    this.#opened = Date.now();
    const onConnection = (open: boolean) => {
      if (!abort.signal.aborted) this.connection = open ? 'open' : 'lost';
    };
    void (async () => {
      try {
        for await (const m of this.client.events(
          { SerialNumber: this.serialNumber },
          { signal: abort.signal, onConnection },
        )) {
          // A stream closed for another chatbot says nothing more to this page.
          if (abort.signal.aborted) return;
          this.#receive(m);
        }
      } catch (error) {
        if (abort.signal.aborted || isAbortError(error)) return;
        this.connection = 'ended';
        this.fail(error);
      }
    })();
  }

  #stop(): void {
    this.#abort?.abort();
    this.#abort = null;
    this.#typing(false);
  }

  #receive(m: OwnerEvent): void {
    this.live = fold(this.live, m);
    const isNew = 'CreatedAt' in m.data && Date.parse(m.data.CreatedAt) >= this.#opened - NEW_SLACK_MS;
    if (m.data.SessionID === this.selected) {
      const turn = turnOf(m);
      if (turn) this.turns = [...this.turns, turn];
      if (m.event === 'message') this.#typing(false);
      if (m.event === 'typing' && isNew) this.#typing(true);
    }
    if (m.event === 'handoff' && isNew) this.#call({ ...m.data, id: m.id });
  }

  /** A new request: the tone, and a notification when the owner is elsewhere. */
  #call(h: Handoff): void {
    if (this.sound) this.#alerts.beep();
    this.#alerts.notify('A visitor asked for a person', handoffLine(h), `handoff-${h.SessionID}`, () =>
      this.#select(h.SessionID),
    );
  }

  #typing(on: boolean): void {
    clearTimeout(this.#typingTimer);
    this.visitorTyping = on;
    if (on) this.#typingTimer = setTimeout(() => (this.visitorTyping = false), TYPING_SHOWN_MS);
  }

  /** Shows a conversation, and moves focus to it (below the list on a phone). */
  async #select(sessionId: number): Promise<void> {
    if (sessionId !== this.selected) {
      this.selected = sessionId;
      this.turns = [];
      this.#typing(false);
    }
    await this.updateComplete;
    const shown = this.querySelector('owner-live-conversation');
    await shown?.updateComplete;
    shown?.querySelector<HTMLElement>('h2')?.focus();
  }

  async #handleAllow(): Promise<void> {
    this.permission = await this.#alerts.askPermission();
  }

  #handleSound(event: Event): void {
    this.sound = (event.target as HTMLInputElement).checked;
    keep(SOUND_KEY, this.sound ? 'on' : 'off');
  }
}

customElements.define('owner-live', OwnerLive);
declare global {
  interface HTMLElementTagNameMap {
    'owner-live': OwnerLive;
  }
}
