import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { sourceOfLine } from '../../client/sources.ts';
import type { AnswerSource } from '../../client/index.ts';
import type { safeUrl } from '../markdown/links.ts';
import { AnswerContextController } from '../controllers/answer-context-controller.ts';
import { sourcesEn } from '../strings/sources.ts';

/**
 * @summary Where an answer came from — the owner's FAQ entries, pages and documents it quotes — as
 * a list of links under it ("Sources: Fees · Renting with us"). Made by the answer's renderer from
 * its `sources` block (docs/PROTOCOL.md), line by line as the block arrives.
 */
export class ChatBotSources extends LitElement {
  static override styles = css`
    :host { display: block; margin-block: 0.6em 0.2em; font-size: 0.88em; color: var(--_muted); }
    nav { display: flex; flex-wrap: wrap; gap: 0 0.4em; }
    ul { display: contents; list-style: none; }
    li + li::before { content: '·' / ''; margin-inline-end: 0.4em; }
    a { color: inherit; text-decoration: underline; text-underline-offset: 2px; }
    a:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; border-radius: 2px; }
    .sr { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    @media (forced-colors: active) { a { color: LinkText; } }
  `;

  static override properties = {
    lines: { attribute: false },
    final: { attribute: false },
    safeUrl: { attribute: false },
  };

  /** The block's lines so far, the last one perhaps half-written. */
  lines: readonly string[] = [];
  /** The block is complete. */
  final = false;
  /** The answers' URL rule (markdown/links.ts), handed over so that its module stays in the panel's chunk. */
  safeUrl!: typeof safeUrl;

  /** The panel's words and locale (chat-context.ts), in the answer's language. */
  readonly #chat = new AnswerContextController(this, { en: sourcesEn });

  /** The sources of the complete lines (the last one too, once the block is). */
  #sources(): AnswerSource[] {
    const complete = this.final ? this.lines : this.lines.slice(0, -1);
    return complete.map(sourceOfLine).filter((s): s is AnswerSource => s !== null);
  }

  /** A source's address, http(s) only; '' for none. */
  #href(source: AnswerSource): string {
    const url = source.url ? this.safeUrl(source.url) : undefined;
    return url && /^https?:$/.test(url.protocol) ? url.href : '';
  }

  protected override render(): TemplateResult | typeof nothing {
    const sources = this.#sources();
    if (!sources.length) return nothing;
    const t = { ...sourcesEn, ...this.#chat.value?.strings };
    return html`<nav aria-label=${t.sources}><span aria-hidden="true">${t.sources}: </span><ul>${sources.map((s) => {
      const href = this.#href(s);
      return html`<li>${href ? html`<a href=${href} target="_blank" rel="noopener noreferrer nofollow" referrerpolicy="no-referrer">${s.title}<span class="sr"> ${t.opensInNewTab}</span></a>` : s.title}</li>`;
    })}</ul></nav>`;
  }
}

if (!customElements.get('chat-bot-sources')) customElements.define('chat-bot-sources', ChatBotSources);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-sources': ChatBotSources;
  }
}
