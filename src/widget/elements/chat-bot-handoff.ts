import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { HANDOFF_INFO, handoffOf } from '../../client/handoff.ts';
import { PanelActionEvent } from '../internal-events.ts';
import { message } from '../message.ts';
import { AnswerContextController } from '../controllers/answer-context-controller.ts';
import { handoffEn } from '../strings/handoff.ts';
import type { Strings } from '../strings/index.ts';

/**
 * @summary The "Talk to a person" form: name, email and a message for the team. Made by an answer's
 * renderer from its `handoff` block (docs/PROTOCOL.md), it is the way to a person where the answer
 * offers one: a button that opens the form below the answer (an answer that opens it, or that told
 * an agent, shows nothing here: the conversation does that, controllers/live-controller.ts).
 */
export class ChatBotHandoff extends LitElement {
  static override styles = css`
    :host { display: block; }
    form { display: grid; gap: 10px; padding: 12px; margin: 10px 0; border: 1px solid var(--_border); border-radius: var(--_radius); }
    h3 { margin: 0; font-size: 1em; }
    p { margin: 0; color: var(--_muted); }
    label { display: grid; gap: 4px; font-size: 14px; }
    input, textarea { font: inherit; font-size: 16px; color: var(--_text); background: var(--_surface); border: 1px solid var(--_border); border-radius: 8px; padding: 8px 10px; min-block-size: 44px; box-sizing: border-box; }
    input:focus-visible, textarea:focus-visible, button:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
    .actions { display: flex; gap: 8px; justify-content: flex-end; }
    button { min-block-size: 44px; min-inline-size: 44px; padding: 0 14px; border-radius: 10px; font: inherit; font-weight: 600; cursor: pointer; border: 1px solid var(--_border); background: var(--_surface); color: var(--_text); }
    button[type='submit'] { background: var(--_accent); color: var(--_on-accent); border-color: transparent; }
    .error { color: var(--_error); }
    .about { color: var(--_text); overflow-wrap: anywhere; }
    .offer { margin-block: 0.6em 0.2em; }
  `;

  static override properties = {
    lines: { attribute: false },
    final: { attribute: false },
    about: { attribute: false },
    busy: { state: true },
    error: { state: true },
  };

  /** The widget's words (chat-context.ts); an answer's button, in the answer's language. */
  readonly #chat = new AnswerContextController(this, { en: handoffEn });
  get #strings(): Strings {
    return this.#chat.value!.strings;
  }
  /** The listing the visitor asks about (from its card): shown, and sent after the message. */
  about = '';
  /** Made from an answer's handoff block: its lines (one JSON object), and whether the block is complete. */
  lines: string[] | undefined;
  final = false;
  /** Sending is under way. */
  private busy = false;
  /** Why the last try failed. */
  private error = '';

  /** Moves focus to the first field. */
  override focus(): void {
    this.renderRoot.querySelector('input')?.focus();
  }

  protected override render(): TemplateResult | typeof nothing {
    if (!this.#chat.value) return nothing;
    const t = { ...handoffEn, ...this.#strings };
    if (this.lines) {
      const handoff = this.final ? handoffOf(`\`\`\`${HANDOFF_INFO}\n${this.lines.join('\n')}`) : null;
      return handoff && !handoff.open
        ? html`<button type="button" class="offer" @click=${() => this.dispatchEvent(new PanelActionEvent({ kind: 'talk', text: handoff.about ?? '' }))}>${t.handoffTitle}</button>`
        : nothing;
    }
    return html`<form @submit=${this.handleSubmit} aria-labelledby="title" aria-busy=${String(this.busy)}>
      <h3 id="title">${t.handoffTitle}</h3>
      <p>${t.handoffIntro}</p>
      ${this.about ? html`<p class="about"><strong>${t.handoffAbout}:</strong> ${this.about}</p>` : nothing}
      <label>${t.name}<input name="name" autocomplete="name" maxlength="200" /></label>
      <label>${t.email}<input name="email" type="email" autocomplete="email" maxlength="254" required /></label>
      <label>${t.handoffMessage}<textarea name="message" rows="3" maxlength=${5000 - this.#attached().length}></textarea></label>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      <div class="actions">
        <button type="button" @click=${this.handleCancel}>${t.cancel}</button>
        <button type="submit" ?disabled=${this.busy}>${t.handoffSubmit}</button>
      </div>
    </form>`;
  }

  private async handleSubmit(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    this.busy = true;
    this.error = '';
    try {
      await this.#send({
        name: field('name'),
        email: field('email'),
        message: (field('message') + this.#attached()).trim(),
      });
    } catch (error) {
      this.error = error instanceof Error ? error.message : this.#strings.failed;
    } finally {
      this.busy = false;
    }
  }

  /**
   * Sends the lead to a person (TalkToHuman): the service's reply, or the chatbot's own, becomes an
   * answer, drawn as the form closes. Here, not in the conversation: its code loads with the form,
   * not with every chat.
   */
  async #send(lead: { name: string; email: string; message: string }): Promise<void> {
    const { conversation, settings } = this.#chat.value!;
    const c = conversation!;
    const { Message, Live } = await c.call('TalkToHuman', lead);
    if (Live) c.follow();
    c.messages = [...c.messages, message('assistant', Message || settings!.TalkToHumanResponseMessage, 'done')];
    c.tell({ kind: 'handoff', ...lead });
    this.handleCancel();
    await c.changed(true);
  }

  /** What goes after the visitor's message: the listing, on a line of its own. */
  #attached(): string {
    return this.about ? `\n\n${this.#strings.handoffAbout ?? handoffEn.handoffAbout}: ${this.about}` : '';
  }

  private handleCancel(): void {
    this.dispatchEvent(new PanelActionEvent({ kind: 'cancel-handoff' }));
  }
}

if (!customElements.get('chat-bot-handoff')) customElements.define('chat-bot-handoff', ChatBotHandoff);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-handoff': ChatBotHandoff;
  }
}
