import { html, nothing, type TemplateResult } from 'lit';
import type { TranscriptMessage } from 'chat-bot-element';
import { ApiError } from 'chat-bot-element/client';
import { ConsolePage } from './console-page.ts';
import { conversationRoute } from './conversation-words.ts';
import { withTurns, type LiveConversation } from './live-state.ts';
import { LIVE_LIMITS } from 'chat-bot-element/rules';
import { TYPING, holdLine } from './live-words.ts';
import { renderTurn } from './transcript-turns.ts';
import { keep, kept } from './session.ts';

/** The widget shows an agent typing for a few seconds after each sign: one every 3 s keeps it shown. */
const TYPING_EVERY_MS = 3_000;
const NAME_KEY = 'chat-bot-console.agent-name';

const isConflict = (error: unknown) => error instanceof ApiError && error.status === 409;

/**
 * @summary A conversation on the Live page: its transcript (ConversationGet, then what the stream
 * brings), the visitor typing, and the agent's part — Join (ConversationTake, or take over from
 * another agent), replies in Markdown (ConversationReply, with ConversationTyping while writing) and
 * Leave (ConversationRelease).
 */
export class OwnerLiveConversation extends ConsolePage {
  static override properties = {
    sessionId: { attribute: false },
    heldBy: { attribute: false },
    released: { attribute: false },
    turns: { attribute: false },
    visitorTyping: { attribute: false },
    transcript: { state: true },
    sent: { state: true },
    mine: { state: true },
    agentName: { state: true },
    nameError: { state: true },
    holder: { state: true },
    replyError: { state: true },
  };

  /** The conversation's SessionID. */
  sessionId = 0;
  /** The agent who holds it, as the stream last said; null while the assistant answers. */
  heldBy: string | null = null;
  /** Who last let it go, and whether by inactivity. */
  released: LiveConversation['released'] = null;
  /** Its messages the stream brought since it was opened. */
  turns: TranscriptMessage[] = [];
  /** The visitor is typing now. */
  visitorTyping = false;

  private transcript: TranscriptMessage[] | null = null;
  /** Replies sent from here, shown before the stream echoes them. */
  private sent: TranscriptMessage[] = [];
  /** This agent holds the conversation. */
  private mine = false;
  private agentName = kept(NAME_KEY) ?? '';
  private nameError = '';
  /** Who held it when Join was refused: the owner may take over from them. */
  private holder: string | null = null;
  private replyError = '';
  /** The name this agent holds it by. */
  #heldAs = '';
  #asked = 0;
  #typedAt = 0;
  #sending = false;

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('sessionId')) {
      // Held under the name this owner uses (a reload, another tab): theirs to answer.
      this.#heldAs = this.heldBy !== null && this.heldBy === this.agentName.trim() ? this.heldBy : '';
      this.mine = this.#heldAs !== '';
      this.sent = [];
      this.holder = null;
      this.nameError = this.replyError = '';
    } else if (this.mine && (changed.has('heldBy') || changed.has('released'))) {
      // Another agent took it over, or the hold ended (left elsewhere, or idle).
      const otherHolds = this.heldBy !== null && this.heldBy !== this.#heldAs;
      const ended = this.heldBy === null && changed.has('released') && this.released?.name === this.#heldAs;
      if (otherHolds) this.status = `${this.heldBy} took the conversation over.`;
      if (ended)
        this.status = this.released?.idle ? 'You were released after inactivity.' : 'You left the conversation.';
      if (otherHolds || ended) this.mine = false;
    }
    if ((changed.has('sessionId') || changed.has('serialNumber')) && this.serialNumber && this.sessionId)
      void this.#load();
  }

  protected override updated(changed: Map<string, unknown>): void {
    // The reply box went with the hold, and focus with it: Join is where the owner can go on.
    const dropped = document.activeElement === document.body || document.activeElement === null;
    if (changed.get('mine') === true && !this.mine && dropped)
      this.querySelector<HTMLButtonElement>('form.join button[type="submit"]')?.focus();
  }

  protected override render(): TemplateResult {
    const hold = this.mine
      ? `You hold it as ${this.#heldAs}: the assistant is quiet while you do`
      : holdLine({ heldBy: this.heldBy, released: this.released });
    return html`<section class="live-conversation" aria-labelledby="live-conversation-heading">
      <h2 id="live-conversation-heading" tabindex="-1">Conversation ${this.sessionId}</h2>
      <p>${hold}. <a href=${conversationRoute(this.sessionId)}>Open its full record</a></p>
      <p role="status" class="status">${this.status}</p>
      ${this.#renderTranscript()}
      <p class="typing hint" aria-live="polite">${this.visitorTyping ? TYPING : ''}</p>
      ${this.mine ? this.#renderReply() : this.#renderJoin()}
    </section>`;
  }

  #renderTranscript(): TemplateResult {
    if (this.transcript === null) return this.status ? html`` : html`<p>Loading…</p>`;
    const messages = withTurns(this.transcript, [...this.turns, ...this.sent]);
    // Made once the transcript is read: what it held then is not announced, what comes after is.
    return html`<div role="log" aria-live="polite" aria-label="Messages of conversation ${this.sessionId}">
      ${messages.length ? html`<ol class="transcript">${messages.map((m) => renderTurn(m, this.client))}</ol>` : html`<p>Nothing has been said yet.</p>`}
    </div>`;
  }

  #renderJoin(): TemplateResult {
    const invalid = Boolean(this.nameError);
    return html`<form class="join" novalidate @submit=${this.#handleJoin}>
      <div class="field">
        <label for="agent-name">Your name, as the visitor sees it</label>
        <input id="agent-name" name="agentName" autocomplete="name" maxlength=${LIVE_LIMITS.agentNameChars} required .value=${this.agentName} aria-invalid=${invalid ? 'true' : 'false'} aria-describedby=${invalid ? 'agent-name-error' : nothing} @input=${this.#handleName} />
        ${invalid ? html`<span class="error" id="agent-name-error">${this.nameError}</span>` : nothing}
      </div>
      <div class="actions">
        <button type="submit" class="primary">Join</button>
        ${
          this.holder === null
            ? nothing
            : html`<p class="error" role="alert">${this.holder} holds this conversation.</p>
              <button type="button" class="take-over" @click=${this.#handleTakeOver}>Take over</button>`
        }
      </div>
    </form>`;
  }

  #renderReply(): TemplateResult {
    const invalid = Boolean(this.replyError);
    return html`<form class="reply" @submit=${this.#handleSend}>
      <div class="field">
        <label for="live-reply">Reply as ${this.#heldAs}</label>
        <textarea id="live-reply" name="reply" rows="3" aria-invalid=${invalid ? 'true' : 'false'} aria-describedby="live-reply-hint${invalid ? ' live-reply-error' : ''}" @keydown=${this.#handleKeydown} @input=${this.#handleTyping}></textarea>
        <span class="hint" id="live-reply-hint">Markdown. Enter sends; Shift+Enter starts a new line.</span>
        ${invalid ? html`<span class="error" id="live-reply-error" role="alert">${this.replyError}</span>` : nothing}
      </div>
      <div class="actions">
        <button type="submit" class="primary">Send</button>
        <button type="button" @click=${this.#handleLeave}>Leave</button>
      </div>
    </form>`;
  }

  async #load(): Promise<void> {
    const asked = ++this.#asked;
    this.transcript = null;
    this.status = '';
    try {
      const read = await this.client.conversationGet({ SerialNumber: this.serialNumber, SessionID: this.sessionId });
      if (asked === this.#asked) this.transcript = read.Messages;
    } catch (error) {
      if (asked === this.#asked) this.fail(error);
    }
  }

  /** Takes the conversation under the name given (from another agent with `force`); then the reply box has focus. */
  async #join(force: boolean): Promise<void> {
    const name = this.agentName.trim();
    if (!name) return this.#refuseName('Enter your name: the visitor sees it when you join.');
    this.nameError = '';
    try {
      const hold = await this.client.conversationTake({
        SerialNumber: this.serialNumber,
        SessionID: this.sessionId,
        Name: name,
        ...(force ? { Force: true } : {}),
      });
      this.#heldAs = hold.Name;
      this.mine = true;
      this.holder = null;
      await this.updateComplete;
      this.querySelector<HTMLTextAreaElement>('#live-reply')?.focus();
    } catch (error) {
      if (isConflict(error)) {
        const named = /^(.+) holds this conversation;/s.exec((error as Error).message)?.[1];
        this.holder = named ?? this.heldBy ?? 'Another agent';
        await this.updateComplete;
        this.querySelector<HTMLButtonElement>('.take-over')?.focus();
        return;
      }
      const refused = this.refusal(error);
      if (refused?.field === 'Name') return this.#refuseName(refused.message.replace('"Name"', 'Your name'));
      if (refused) this.status = refused.message;
    }
  }

  async #refuseName(message: string): Promise<void> {
    this.nameError = message;
    await this.updateComplete;
    this.querySelector<HTMLInputElement>('#agent-name')?.focus();
  }

  async #send(box: HTMLTextAreaElement): Promise<void> {
    const content = box.value.trimEnd();
    if (!content.trim()) {
      this.replyError = 'Write a reply first.';
      return;
    }
    if (this.#sending) return;
    this.#sending = true;
    try {
      const { MessageId, CreatedAt } = await this.client.conversationReply({
        SerialNumber: this.serialNumber,
        SessionID: this.sessionId,
        Content: content,
      });
      const turn = { Id: MessageId, Role: 'agent', AgentName: this.#heldAs, Content: content, CreatedAt } as const;
      this.sent = [
        ...this.sent,
        { ...turn, AskType: 'Text', Files: [], Status: 'complete', NoAnswer: false, Feedback: null },
      ];
      // What was typed while it went stays for the next reply.
      if (box.value.trimEnd() === content) box.value = '';
      this.replyError = '';
    } catch (error) {
      if (isConflict(error)) {
        this.mine = false;
        this.status = 'You no longer hold this conversation: join it again to reply.';
        return;
      }
      const refused = this.refusal(error);
      if (refused) this.replyError = refused.message.replace('"Content"', 'The reply');
    } finally {
      this.#sending = false;
    }
  }

  async #leave(): Promise<void> {
    try {
      await this.client.conversationRelease({ SerialNumber: this.serialNumber, SessionID: this.sessionId });
      this.mine = false;
    } catch (error) {
      this.fail(error);
    }
  }

  #handleName(event: InputEvent): void {
    this.agentName = (event.target as HTMLInputElement).value;
    keep(NAME_KEY, this.agentName.trim());
  }

  #handleJoin(event: SubmitEvent): void {
    event.preventDefault();
    void this.#join(false);
  }

  #handleTakeOver(): void {
    void this.#join(true);
  }

  #handleSend(event: SubmitEvent): void {
    event.preventDefault();
    const box = (event.target as HTMLFormElement).elements.namedItem('reply') as HTMLTextAreaElement;
    void this.#send(box);
  }

  #handleKeydown(event: KeyboardEvent): void {
    // Enter while composing (an IME choosing characters) is the composer's, not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    (event.target as HTMLTextAreaElement).form?.requestSubmit();
  }

  #handleTyping(): void {
    this.replyError = '';
    const now = Date.now();
    if (now - this.#typedAt < TYPING_EVERY_MS) return;
    this.#typedAt = now;
    void this.client
      .conversationTyping({ SerialNumber: this.serialNumber, SessionID: this.sessionId })
      .catch(() => undefined);
  }

  #handleLeave(): void {
    void this.#leave();
  }
}

customElements.define('owner-live-conversation', OwnerLiveConversation);
declare global {
  interface HTMLElementTagNameMap {
    'owner-live-conversation': OwnerLiveConversation;
  }
}
