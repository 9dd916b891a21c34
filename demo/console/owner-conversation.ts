import { html, nothing, type TemplateResult } from 'lit';
import type { Transcript } from 'chat-bot-element';
import { ConsolePage } from './console-page.ts';
import { flagBadges, pageLink, timeOf } from './conversation-words.ts';
import { renderTurn } from './transcript-turns.ts';

/**
 * @summary One conversation as the visitor saw it (ConversationGet): the questions with the files
 * they sent, the answers with their listing cards, what became of each answer and how the visitor
 * rated it, an agent's replies under the agent's name, and the details they left for a person.
 */
export class OwnerConversation extends ConsolePage {
  static override properties = {
    sessionId: { attribute: false },
    back: { attribute: false },
    transcript: { state: true },
  };

  /** The conversation's SessionID. */
  sessionId = 0;
  /** The list the owner came from (a filtered view keeps its filters). */
  back = { href: '#/conversations', label: 'Conversations' };

  private transcript: Transcript | null = null;
  #asked = 0;

  protected override willUpdate(changed: Map<string, unknown>): void {
    if ((changed.has('sessionId') || changed.has('serialNumber')) && this.serialNumber && this.sessionId)
      void this.#load();
  }

  protected override render(): TemplateResult {
    const t = this.transcript;
    return html`<p class="back"><a href=${this.back.href}>Back to ${this.back.label}</a></p>
      <h1 tabindex="-1">Conversation ${this.sessionId}</h1>
      <p role="status" class="status">${this.status}</p>
      ${t ? this.#renderTranscript(t) : this.status ? nothing : html`<p>Loading…</p>`}`;
  }

  #renderTranscript(t: Transcript): TemplateResult {
    const questions = t.Messages.filter((m) => m.Role === 'question').length;
    const agents = [...new Set(t.Messages.flatMap((m) => (m.Role === 'agent' ? [m.AgentName || 'An agent'] : [])))];
    return html`<dl class="facts">
        <div><dt>Started</dt><dd>${timeOf(t.StartedAt)}</dd></div>
        <div><dt>On the page</dt><dd>${pageLink(t.PageUrl)}</dd></div>
        <div><dt>Opened by</dt><dd>${t.OpenedBy === 'owner' ? 'You (the owner)' : 'A visitor'}</dd></div>
        <div><dt>Questions</dt><dd>${questions}</dd></div>
        ${agents.length ? html`<div><dt>Agents who replied</dt><dd>${agents.join(', ')}</dd></div>` : nothing}
        ${t.Flags.length ? html`<div><dt>Flags</dt><dd>${flagBadges(t.Flags)}</dd></div>` : nothing}
      </dl>
      <section aria-labelledby="transcript-heading">
        <h2 id="transcript-heading">Transcript</h2>
        ${
          t.Messages.length
            ? html`<ol class="transcript">${t.Messages.map((m) => renderTurn(m, this.client))}</ol>`
            : html`<p>Nothing was asked in this conversation.</p>`
        }
      </section>
      ${
        t.Leads.length
          ? html`<section aria-labelledby="leads-heading">
            <h2 id="leads-heading">${t.Leads.length === 1 ? 'Lead' : 'Leads'}</h2>
            <ul class="leads">${t.Leads.map(
              (l) => html`<li>
              <p><strong>${l.Name || 'No name given'}</strong>${l.Email ? html` · <a href="mailto:${l.Email}">${l.Email}</a>` : nothing} · ${timeOf(l.CreatedAt)}</p>
              ${l.Message ? html`<p class="message">${l.Message}</p>` : nothing}
            </li>`,
            )}</ul>
          </section>`
          : nothing
      }`;
  }

  async #load(): Promise<void> {
    const asked = ++this.#asked;
    this.transcript = null;
    this.status = '';
    try {
      const transcript = await this.client.conversationGet({
        SerialNumber: this.serialNumber,
        SessionID: this.sessionId,
      });
      if (asked === this.#asked) this.transcript = transcript;
    } catch (error) {
      if (asked === this.#asked) this.fail(error);
    }
  }
}

customElements.define('owner-conversation', OwnerConversation);
declare global {
  interface HTMLElementTagNameMap {
    'owner-conversation': OwnerConversation;
  }
}
