import { html, nothing, type TemplateResult } from 'lit';
import type { KnowledgeHit, KnowledgeSearchResult } from 'chat-bot-element';
import { ConsolePage } from './console-page.ts';
import { KINDS } from './knowledge-fields.ts';
import { capitalized } from './knowledge-words.ts';
import { pageLink } from './conversation-words.ts';

/** How much of a passage a result shows: enough to recognise it. */
const EXCERPT_CHARS = 280;
const LIMIT = 5;

const score = (n: number) => n.toFixed(2);
/** The start of a passage as plain text: Markdown's marks (**, `, # before a heading) and blank lines left out. */
function excerpt(markdown: string): string {
  const text = markdown.replace(/[*`]+|^#+ /gm, '').replace(/\n{2,}/g, '\n');
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS).replace(/\s+\S*$/, '')}…` : text;
}

/**
 * @summary "Try a question": the passages of the knowledge a visitor's question finds
 * (KnowledgeSearch), best first, with their scores, and whether the offline engine would answer
 * from the best one.
 */
export class OwnerKnowledgeSearch extends ConsolePage {
  static override properties = {
    result: { state: true },
    asked: { state: true },
    busy: { state: true },
  };

  private result: KnowledgeSearchResult | null = null;
  /** The question the result is for. */
  private asked = '';
  private busy = false;

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has('serialNumber')) this.result = null;
  }

  protected override render(): TemplateResult {
    return html`<section class="try" aria-labelledby="try-heading">
      <h2 id="try-heading">Try a question</h2>
      <p class="hint">What a visitor’s question finds in the knowledge, and whether the offline engine would answer it.</p>
      <form role="search" aria-label="Try a question" novalidate @submit=${this.#handleSubmit}>
        <div class="field"><label for="try-question">A visitor’s question</label>
          <input id="try-question" name="question" type="search" maxlength="500" placeholder="Do you charge a fee to tenants?" /></div>
        <button type="submit" ?disabled=${this.busy}>Try it</button>
      </form>
      <p role="status" class="status">${this.status}</p>
      ${this.result?.Items.length ? this.#renderHits(this.result) : nothing}
    </section>`;
  }

  #renderHits(result: KnowledgeSearchResult): TemplateResult {
    return html`<ol class="hits" aria-label="Passages found for “${this.asked}”">${result.Items.map((h) => this.#renderHit(h, result))}</ol>`;
  }

  #renderHit(h: KnowledgeHit, { Threshold: threshold, SimilarityBar: bar }: KnowledgeSearchResult): TemplateResult {
    const answers = h.Score >= threshold;
    return html`<li class="hit">
      <h3 dir="auto">${h.Title}</h3>
      <p class="hint">${capitalized(KINDS[h.Kind].one)}${h.Heading && h.Heading !== h.Title ? html` · <span dir="auto">${h.Heading}</span>` : nothing}${h.Url ? html` · ${pageLink(h.Url)}` : nothing}</p>
      <p class="excerpt" dir="auto">${excerpt(h.Text)}</p>
      <p class="score">
        <span class="bar-cell"><span class="bar" aria-hidden="true" style="inline-size: ${(h.Score * 6).toFixed(2)}rem"></span>Score ${score(h.Score)}</span>
        ${bar === null ? nothing : html`<span>Words ${score(h.Words)} · Similarity ${h.Similarity === null ? 'not among the nearest' : `${score(h.Similarity)} (answers from ${score(bar)})`}</span>`}
        <span class="badge">${answers ? 'Would answer' : 'Below the threshold'}</span>
      </p>
    </li>`;
  }

  /** What the status line says of a result: how many passages, and the engine's verdict. */
  #summary({ Items, Threshold }: KnowledgeSearchResult): string {
    const best = Items[0];
    if (!best) return 'No passage found: the offline engine would not answer this question.';
    const found = `${Items.length} ${Items.length === 1 ? 'passage' : 'passages'} found.`;
    return best.Score >= Threshold
      ? `${found} The offline engine would answer from “${best.Title}” (score ${score(best.Score)}; it answers from ${score(Threshold)}).`
      : `${found} The offline engine would not answer: the best scores ${score(best.Score)}, below ${score(Threshold)}.`;
  }

  async #search(question: string): Promise<void> {
    this.busy = true;
    this.status = 'Searching…';
    try {
      const result = await this.client.knowledgeSearch({
        SerialNumber: this.serialNumber,
        Query: question,
        Limit: LIMIT,
      });
      this.result = result;
      this.asked = question;
      this.status = this.#summary(result);
    } catch (error) {
      this.result = null;
      const refusal = this.refusal(error);
      if (refusal) this.status = refusal.message;
    } finally {
      this.busy = false;
    }
  }

  #handleSubmit(event: SubmitEvent): void {
    event.preventDefault();
    const question = String(new FormData(event.target as HTMLFormElement).get('question') ?? '').trim();
    if (question) void this.#search(question);
    else this.status = 'Type a question to try.';
  }
}

customElements.define('owner-knowledge-search', OwnerKnowledgeSearch);
declare global {
  interface HTMLElementTagNameMap {
    'owner-knowledge-search': OwnerKnowledgeSearch;
  }
}
