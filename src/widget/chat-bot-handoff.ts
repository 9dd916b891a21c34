import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { property } from 'lit/decorators.js';
import { PanelActionEvent } from './internal-events.ts';
import type { Strings } from './strings.ts';

/**
 * @summary The "Talk to a person" form: name, email and a message for the team.
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
    .error { color: var(--_error, #b91c1c); }
  `;

  /** The widget's words. */
  @property({ attribute: false }) strings!: Strings;
  /** Sending is under way. */
  @property({ type: Boolean }) busy = false;
  /** Why the last try failed. */
  @property() error = '';

  /** Moves focus to the first field. */
  override focus(): void {
    this.renderRoot.querySelector('input')?.focus();
  }

  protected override render(): TemplateResult {
    const t = this.strings;
    return html`<form @submit=${this.handleSubmit} aria-labelledby="title" aria-busy=${String(this.busy)}>
      <h3 id="title">${t.handoffTitle}</h3>
      <p>${t.handoffIntro}</p>
      <label>${t.name}<input name="name" autocomplete="name" maxlength="200" /></label>
      <label>${t.email}<input name="email" type="email" autocomplete="email" maxlength="254" required /></label>
      <label>${t.handoffMessage}<textarea name="message" rows="3" maxlength="5000"></textarea></label>
      ${this.error ? html`<p class="error" role="alert">${this.error}</p>` : nothing}
      <div class="actions">
        <button type="button" @click=${this.handleCancel}>${t.cancel}</button>
        <button type="submit" ?disabled=${this.busy}>${t.handoffSubmit}</button>
      </div>
    </form>`;
  }

  private handleSubmit(event: SubmitEvent): void {
    event.preventDefault();
    const data = new FormData(event.target as HTMLFormElement);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    this.dispatchEvent(new PanelActionEvent('handoff', { name: field('name'), email: field('email'), message: field('message') }));
  }

  private handleCancel(): void {
    this.dispatchEvent(new PanelActionEvent('cancel-handoff'));
  }
}

if (!customElements.get('chat-bot-handoff')) customElements.define('chat-bot-handoff', ChatBotHandoff);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-handoff': ChatBotHandoff;
  }
}
