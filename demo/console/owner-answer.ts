import { LitElement, css, html, type PropertyValues, type TemplateResult } from 'lit';
import {
  ContextProvider,
  MarkdownView,
  answerFences,
  answerStyles,
  answerWordsEn,
  chatContext,
} from 'chat-bot-element/markdown';

/**
 * @summary An answer as the visitor saw it: its Markdown rendered by the widget's own renderer,
 * which builds DOM node by node and never parses HTML, so nothing in an answer can run; its
 * `listings` block as the widget's listing cards.
 *
 * A shadow root, unlike the console's other elements, and the cards' words, locale and image hosts
 * provided to them (chatContext), as the widget's panel provides them to a message's.
 */
export class OwnerAnswer extends LitElement {
  static override styles = [
    answerStyles,
    css`
      :host {
        display: block;
        --_text: #0f172a;
        --_surface: #fff;
        --_border: #94a3b8;
        --_muted: #475569;
        --_accent: #0b5cad;
        --_on-accent: #fff;
        --_focus: #0b5cad;
      }
      .md { overflow-wrap: anywhere; }
    `,
  ];

  static override properties = {
    text: {},
  };

  /** The answer's Markdown as stored, with its cards and suggestions blocks. */
  text = '';

  /** Photos load from the console's own host only (the demo's listings); any other image is a link. */
  readonly #imageHosts: readonly string[] = [location.hostname];

  constructor() {
    super();
    // The cards' words (the widget's English); the owner reads them: asking about a home and
    // talking to a person are the visitor's.
    new ContextProvider(this, chatContext).value = {
      strings: answerWordsEn,
      locale: 'en',
      imageHosts: this.#imageHosts,
      talk: false,
      actions: false,
    };
  }

  #view = new MarkdownView({ imageHosts: this.#imageHosts, fences: answerFences });

  protected override updated(changed: PropertyValues<this>): void {
    if (changed.has('text') && this.#view.text !== this.text) this.#view.set(this.text);
    const slot = this.renderRoot.querySelector('.content');
    if (slot && slot.firstChild !== this.#view.root) slot.replaceChildren(this.#view.root);
  }

  protected override render(): TemplateResult {
    return html`<div class="content" dir="auto"></div>`;
  }
}

customElements.define('owner-answer', OwnerAnswer);
declare global {
  interface HTMLElementTagNameMap {
    'owner-answer': OwnerAnswer;
  }
}
