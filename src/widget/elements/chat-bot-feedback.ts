import { LitElement, html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { feedbackStyles } from './chat-bot-feedback.styles.ts';
import { ContextController } from '../controllers/context-controller.ts';
import { chatContext, type ConversationPort } from '../chat-context.ts';
import type { ChatMessage, Vote } from '../message.ts';
import { feedbackEn } from '../strings/feedback.ts';
import { fill, type Strings } from '../strings/index.ts';

/** The longest comment (the protocol's LIMITS.feedbackCommentChars), and from how few characters left the count shows. */
const MAX = 500;
const NEAR = 100;

/** The reasons the service counts, each with the key of its words. */
const REASONS = [
  ['wrong-listing', 'reasonWrongListing'],
  ['not-helpful', 'reasonNotHelpful'],
  ['incorrect', 'reasonIncorrect'],
  ['too-long', 'reasonTooLong'],
] as const satisfies readonly (readonly [Vote['reasons'][number], keyof typeof feedbackEn])[];

/** What a vote needs of the conversation. */
export type Votes = Pick<ConversationPort, 'call' | 'changed' | 'tell' | 'failure'>;

/**
 * Rates a finished answer, or withdraws the vote (null): shown at once, kept with the
 * conversation, put back as it was — with the visitor's words for why — when the service refuses.
 */
async function rate(votes: Votes, answer: ChatMessage, vote: Vote | null): Promise<void> {
  const before = answer.feedback;
  answer.feedback = vote ?? undefined;
  void votes.changed();
  try {
    await votes.call('Feedback', { answerID: answer.answerId!, rating: null, ...vote });
    votes.tell({ kind: 'feedback', answerId: answer.answerId!, rating: null, reasons: [], comment: '', ...vote });
  } catch (error) {
    answer.feedback = before;
    throw new Error(votes.failure(error));
  } finally {
    await votes.changed(true);
  }
}

/**
 * @summary What a thumb under an answer does: stores the vote, says thanks (or why it was not
 * kept), and after a thumbs down asks why — reason chips (toggle buttons) and an optional comment.
 * Its code loads with the first thumb pressed, not with every chat.
 */
export class ChatBotFeedback extends LitElement {
  static override styles = feedbackStyles;
  static override properties = {
    answer: { attribute: false },
    said: { state: true },
    asking: { state: true },
    chosen: { state: true },
    comment: { state: true },
    busy: { state: true },
  };

  /** The answer voted on. */
  answer!: ChatMessage;
  /** The conversation the answer is in (votes are kept with it), and the words. */
  readonly #chat = new ContextController(this, chatContext);
  get #strings(): Strings {
    return this.#chat.value!.strings;
  }

  /**
   * A thumb was pressed: votes, or withdraws the vote when it was that thumb already; a new thumbs
   * down asks why, and when the form closes focus goes back to `thumb`.
   */
  press(rating: Vote['rating'], thumb: HTMLElement): Promise<void> {
    this.#thumb = thumb;
    return this.#inTurn(async () => {
      const again = this.answer.feedback?.rating === rating;
      this.asking = false;
      const kept = await this.#store(again ? null : { rating, reasons: [], comment: '' }, rating === 'up');
      this.asking = kept && rating === 'down' && !again;
    });
  }

  /** What the status line says: thanks, or why the vote was not kept. */
  private said = '';
  /** The reason form is open. */
  private asking = false;
  /** The reasons chosen, in the order of REASONS. */
  private chosen: Vote['reasons'] = [];
  private comment = '';
  /** A vote is being stored. */
  private busy = false;
  /** The thumb that opened the form. */
  #thumb: HTMLElement | null = null;
  /** The last vote asked for: each waits for the one before, so they reach the service in order and one put back never undoes a later one. */
  #queue: Promise<unknown> = Promise.resolve();

  protected override updated(changed: PropertyValues): void {
    // The form opens with focus on its first reason.
    if (changed.has('asking') && this.asking) this.renderRoot.querySelector('button')?.focus();
  }

  protected override render(): TemplateResult {
    const t = { ...feedbackEn, ...this.#strings };
    return html`<span role="status">${this.said}</span>${this.asking ? this.renderForm(t) : nothing}`;
  }

  private renderForm(t: typeof feedbackEn): TemplateResult {
    const left = MAX - this.comment.length;
    return html`<form aria-labelledby="title" aria-busy=${String(this.busy)} @submit=${this.handleSubmit} @keydown=${this.handleKeydown}>
      <p id="title">${t.feedbackTitle}</p>
      <div class="chips" role="group" aria-labelledby="title">
        ${REASONS.map(([reason, key]) => html`<button type="button" aria-pressed=${String(this.chosen.includes(reason))} @click=${() => this.handleReason(reason)}>${t[key]}</button>`)}
      </div>
      <label>${t.feedbackComment}<textarea rows="2" maxlength=${MAX} aria-describedby="left" .value=${this.comment} @input=${this.handleInput}></textarea></label>
      <span id="left" class="left">${left <= NEAR ? fill(t.feedbackLeft, { n: left }) : nothing}</span>
      <div class="actions">
        <button type="button" @click=${this.close}>${t.feedbackSkip}</button>
        <button type="submit" ?disabled=${this.busy}>${t.feedbackSend}</button>
      </div>
    </form>`;
  }

  #inTurn<T>(job: () => Promise<T>): Promise<T> {
    const turn = this.#queue.then(job);
    this.#queue = turn;
    return turn;
  }

  /** Stores the vote; true when it was kept, else the status line says why not. */
  async #store(vote: Vote | null, thank: boolean): Promise<boolean> {
    this.said = '';
    this.busy = true;
    try {
      await rate(this.#chat.value!.conversation!, this.answer, vote);
      if (thank) this.said = this.#strings.feedbackThanks ?? feedbackEn.feedbackThanks;
      return true;
    } catch (error) {
      this.said = error instanceof Error ? error.message : String(error);
      return false;
    } finally {
      this.busy = false;
    }
  }

  private handleReason(reason: Vote['reasons'][number]): void {
    const chosen = new Set(this.chosen);
    if (!chosen.delete(reason)) chosen.add(reason);
    this.chosen = REASONS.map(([r]) => r).filter((r) => chosen.has(r));
  }

  private handleInput(event: InputEvent): void {
    this.comment = (event.target as HTMLTextAreaElement).value;
  }

  private handleKeydown(event: KeyboardEvent): void {
    if (event.key !== 'Escape') return;
    // The form closes, not the panel around it.
    event.stopPropagation();
    this.close();
  }

  private async handleSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    // Not kept: the form stays, to try again, and the status line says why.
    const vote: Vote = { rating: 'down', reasons: this.chosen, comment: this.comment.trim() };
    if (await this.#inTurn(() => this.#store(vote, true))) this.close();
  }

  /** Closes the form (sent, skipped, or Escape) with focus back on the thumb that opened it. */
  private close(): void {
    this.asking = false;
    this.chosen = [];
    this.comment = '';
    this.#thumb?.focus();
  }
}

if (!customElements.get('chat-bot-feedback')) customElements.define('chat-bot-feedback', ChatBotFeedback);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-feedback': ChatBotFeedback;
  }
}
