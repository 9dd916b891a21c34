import { LitElement, css, html, nothing, type TemplateResult } from 'lit';
import { addressText, parseCard } from '../../client/cards.ts';
import type { ListingCard } from '../../client/index.ts';
import type { loadable, safeUrl } from '../markdown/links.ts';
import { PanelActionEvent } from '../internal-events.ts';
import { AnswerContextController } from '../controllers/answer-context-controller.ts';
import { cardsEn } from '../strings/cards.ts';
import { fill, type Strings } from '../strings/index.ts';

type Words = Strings & typeof cardsEn;

/** Singular or plural of a `one|other` text, for n in this locale. */
const count = (forms: string, n: number, locale: string, number: Intl.NumberFormat) => {
  const [one, other = one] = forms.split('|') as [string, string?];
  return fill(new Intl.PluralRules(locale).select(n) === 'one' ? one : other, { n: number.format(n) });
};

/** The card's facts as text, in `locale` (the answer's language in the visitor's region where it is not the panel's). */
function factsOf(c: ListingCard, t: Words, locale: string) {
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
  const amount = c.SaleType === 'for_rent' ? c.RentPrice : c.SalePrice;
  const money =
    amount === null
      ? ''
      : `${c.CurrencySymbol}${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(amount)}`;
  return {
    address: addressText(c),
    price: !money ? t.priceOnRequest : c.SaleType === 'for_rent' ? fill(t.perMonth, { price: money }) : money,
    rooms: [
      c.Bedrooms ? count(t.bedrooms, c.Bedrooms, locale, number) : t.studio,
      count(t.bathrooms, c.Bathrooms, locale, number),
    ],
    area: `${number.format(c.BuildingArea)} ${c.AreaUnit === 'Square Meters' ? 'm²' : t.squareFeet}`,
  };
}

/**
 * @summary The listings an answer names, as cards: one card, or a carousel of several. Made by the
 * answer's renderer from its `listings` block, line by line as the block arrives.
 */
export class ChatBotListings extends LitElement {
  static override styles = css`
    :host { display: block; margin-block: 0.5em; }
    .track { display: grid; grid-auto-flow: column; grid-auto-columns: min(236px, 86%); gap: 8px; overflow-x: auto; scroll-snap-type: inline mandatory; overscroll-behavior-inline: contain; padding: 3px; margin: -3px; }
    .one { max-inline-size: 280px; }
    .card { scroll-snap-align: start; position: relative; display: flex; flex-direction: column; background: var(--_surface); color: var(--_text); border: 1px solid var(--_border); border-radius: 12px; overflow: hidden; }
    img, .photo { display: block; inline-size: 100%; aspect-ratio: 4 / 3; object-fit: cover; background: color-mix(in srgb, var(--_text) 8%, var(--_surface)); }
    .body { display: flex; flex-direction: column; gap: 4px; padding: 8px 10px 10px; flex: 1; }
    .price { margin: 0; font-size: 1.15em; font-weight: 700; }
    h3 { margin: 0; font-size: 1em; font-weight: 600; }
    a { color: inherit; }
    .facts { margin: 0; color: var(--_muted); font-size: 0.9em; }
    .badges { position: absolute; inset-block-start: 8px; inset-inline: 8px; display: flex; flex-wrap: wrap; gap: 4px; margin: 0; padding: 0; list-style: none; }
    .badges li { font-size: 12px; font-weight: 600; padding: 2px 8px; border-radius: 999px; background: var(--_surface); color: var(--_text); border: 1px solid var(--_border); }
    .badges li:first-child { background: var(--_accent); color: var(--_on-accent); border-color: transparent; }
    .actions { display: grid; gap: 6px; margin-block-start: auto; padding-block-start: 6px; }
    button { min-block-size: 44px; min-inline-size: 44px; padding: 0 10px; font: inherit; font-size: 14px; font-weight: 600; color: var(--_text); background: var(--_surface); border: 1px solid var(--_border); border-radius: 10px; cursor: pointer; }
    .actions button:first-child { background: var(--_accent); color: var(--_on-accent); border-color: transparent; }
    button:focus-visible, a:focus-visible { outline: 3px solid var(--_focus); outline-offset: 1px; }
    .controls { display: flex; align-items: center; justify-content: center; gap: 8px; margin-block-start: 6px; font-size: 13px; color: var(--_muted); }
    .controls button { font-size: 20px; line-height: 1; padding: 0; }
    .controls button[aria-disabled='true'] { opacity: 0.45; cursor: default; }
    :host(:dir(rtl)) .controls button { transform: scaleX(-1); }
    .skeleton { min-block-size: 260px; background: linear-gradient(90deg, color-mix(in srgb, var(--_text) 6%, var(--_surface)) 25%, color-mix(in srgb, var(--_text) 12%, var(--_surface)) 50%, color-mix(in srgb, var(--_text) 6%, var(--_surface)) 75%) 0 0 / 300% 100%; animation: shimmer 1.4s infinite linear; }
    @keyframes shimmer { to { background-position: -150% 0; } }
    pre { direction: ltr; text-align: left; overflow-x: auto; margin: 0; padding: 10px; background: rgb(0 0 0 / 0.06); border-radius: 8px; font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 0.92em; }
    .sr { position: absolute; inline-size: 1px; block-size: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    @media (prefers-reduced-motion: reduce) { .skeleton { animation: none; } }
    @media (forced-colors: active) { .card, .badges li { border: 1px solid CanvasText; } }
  `;

  static override properties = {
    lines: { attribute: false },
    final: { attribute: false },
    safeUrl: { attribute: false },
    loadable: { attribute: false },
    index: { state: true },
    said: { state: true },
  };

  /** The block's lines so far, the last one perhaps half-written. */
  lines: readonly string[] = [];
  /** The block is complete. */
  final = false;
  /** The answers' URL rules (markdown/links.ts), handed over so that their module stays in the panel's chunk. */
  safeUrl!: typeof safeUrl;
  loadable!: typeof loadable;
  /** The card at the start of the carousel. */
  private index = 0;
  /** What the carousel last said to screen readers (after Previous or Next). */
  private said = '';
  /** The card Previous or Next is bringing to the start: the scroll on its way there says nothing. */
  #going?: number;
  /** Scroll events and presses of Previous or Next so far, and their count at the last press. */
  #moves = 0;
  #pressed = -1;

  /** A link's URL (http(s) only) or, given the image hosts, a photo's (only from those, as answers' images); '' for none. */
  #url(href: string, hosts?: readonly string[]): string {
    const u = this.safeUrl(href);
    return u && (hosts ? this.loadable(u, hosts) : /^https?:$/.test(u.protocol)) ? u.href : '';
  }

  /**
   * What the cards show their listings with, from the panel (or the owner's console) they are in:
   * its words, locale, image hosts, and whether a person can be reached (chat-context.ts) — the
   * words and locale of the answer's language where it is not the panel's.
   */
  readonly #chat = new AnswerContextController(this, { en: cardsEn });

  protected override render(): TemplateResult | typeof nothing {
    const context = this.#chat.value;
    if (!context) return nothing;
    const { strings, locale, imageHosts, talk, actions = true } = context;
    const t: Words = { ...cardsEn, ...strings };
    const read = this.lines.map(parseCard);
    // A half-written last line is a card still arriving — or, once the block is final, one that never
    // will (the answer was stopped): it is left out.
    const broken = !read.at(-1);
    const cards = read.filter((c): c is ListingCard => c !== null);
    const waiting = !this.final && broken;
    // A block with anything else in it is shown as what it is: code.
    if (this.final && (!cards.length || cards.length < read.length - +broken))
      return html`<pre><code>${this.lines.join('\n')}</code></pre>`;
    const n = cards.length;
    const card = (c: ListingCard, i: number) =>
      this.#card(c, t, locale, imageHosts, actions && talk, actions, n > 1 || waiting ? i : -1, n);
    if (n === 1 && !waiting) return html`<div class="one">${card(cards[0]!, 0)}</div>`;
    const name = n ? count(t.homes, n, locale, new Intl.NumberFormat(locale)) : t.loadingHomes;
    // A group, not a region (APG allows either): a chat holds many carousels, often of as many
    // homes, and landmarks with the same name would crowd the page's landmark list.
    return html`<div class="carousel" role="group" aria-roledescription="carousel" aria-label=${name} aria-busy=${String(waiting)}>
      <div class="track" @scroll=${this.#handleScroll} @scrollend=${this.#handleScrollEnd} @focusin=${this.#handleFocus}>
        ${cards.map(card)}
        ${waiting ? html`<div class="card skeleton"><span class="sr">${t.loadingHomes}</span></div>` : nothing}
      </div>
      ${
        n > 1
          ? html`<div class="controls">
            <button type="button" aria-label=${t.previousHome} aria-disabled=${String(this.index === 0)} @click=${() => this.#go(-1, t, cards)}>‹</button>
            <span aria-hidden="true">${fill(t.slide, { i: this.index + 1, n })}</span>
            <button type="button" aria-label=${t.nextHome} aria-disabled=${String(this.index >= n - 1)} @click=${() => this.#go(1, t, cards)}>›</button>
          </div>`
          : nothing
      }
      <p class="sr" aria-live="polite">${this.said}</p>
    </div>`;
  }

  /** One card; `i` is its place in a carousel of n, or -1 alone. */
  #card(
    c: ListingCard,
    t: Words,
    locale: string,
    hosts: readonly string[],
    talk: boolean,
    actions: boolean,
    i: number,
    n: number,
  ): TemplateResult {
    const f = factsOf(c, t, locale);
    const photo = this.#url(c.Images[0] ?? '', hosts);
    const web = this.#url(c.Url);
    const badges = [
      c.SaleType === 'for_rent' ? t.forRent : t.forSale,
      { Active: t.active, PreOnMarket: t.comingSoon, Sold: t.sold }[c.Status],
      c.Tours === '3D' ? t.tour3d : c.Tours === 'OpenHouse' ? t.openHouse : '',
    ].filter(Boolean);
    const about = `${f.address} — ${f.price} (MLS ${c.MLSNumber})${web ? ` ${web}` : ''}`;
    return html`<div class="card" role="group" aria-roledescription=${i < 0 ? nothing : 'slide'} aria-label=${i < 0 ? f.address : `${fill(t.slide, { i: i + 1, n })}: ${f.address}`}>
      ${
        photo
          ? html`<img src=${photo} alt="" loading="lazy" decoding="async" referrerpolicy="no-referrer" />`
          : html`<div class="photo"></div>`
      }
      <ul class="badges">${badges.map((b) => html`<li>${b}</li>`)}</ul>
      <div class="body">
        <p class="price">${f.price}</p>
        <h3>${web ? html`<a href=${web} target="_blank" rel="noopener noreferrer nofollow" referrerpolicy="no-referrer"><bdi>${f.address}</bdi><span class="sr"> ${t.opensInNewTab}</span></a>` : html`<bdi>${f.address}</bdi>`}</h3>
        <p class="facts">${[...f.rooms, f.area, c.PropertyType].filter(Boolean).join(' · ')}</p>
        ${
          actions
            ? html`<div class="actions">
              <button type="button" @click=${() => this.#act('ask', fill(t.askAboutText, { address: f.address, mls: c.MLSNumber }))}>${t.askAbout}</button>
              ${talk ? html`<button type="button" @click=${() => this.#act('talk', about)}>${t.talkToPerson}</button>` : nothing}
            </div>`
            : nothing
        }
      </div>
    </div>`;
  }

  #act(kind: 'ask' | 'talk', text: string): void {
    this.dispatchEvent(new PanelActionEvent({ kind, text }));
  }

  get #track(): HTMLElement | null {
    return this.renderRoot.querySelector('.track');
  }

  /** Previous or Next: brings that card to the start and says which it is. */
  #go(step: number, t: Words, cards: ListingCard[]): void {
    const i = Math.min(Math.max(this.index + step, 0), cards.length - 1);
    if (i === this.index) return;
    this.index = this.#going = i;
    this.#pressed = ++this.#moves;
    const reduce = matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.#track?.children[i]?.scrollIntoView({
      block: 'nearest',
      inline: 'start',
      behavior: reduce ? 'auto' : 'smooth',
    });
    const f = factsOf(cards[i]!, t, this.#chat.value?.locale ?? 'en');
    this.said = `${fill(t.slide, { i: i + 1, n: cards.length })}: ${f.address}, ${f.price}`;
  }

  /**
   * The card nearest the start of the track is the current one — the last when the track is scrolled
   * to its end. While Previous or Next scrolls smoothly, the cards passed on the way are not: the
   * count moves once the card asked for is reached, or the scroll ends elsewhere (the reader took over).
   */
  #handleScroll(event: Event): void {
    this.#moves++;
    this.#place(event.currentTarget as HTMLElement);
  }

  /** The current card from where `track` is scrolled (see #handleScroll). */
  #place(track: HTMLElement): void {
    const [a, b] = track.children as unknown as HTMLElement[];
    const last = track.querySelectorAll('[role="group"]').length - 1,
      x = Math.abs(track.scrollLeft);
    const step = a && b ? Math.abs(b.offsetLeft - a.offsetLeft) : track.clientWidth;
    const i = x >= track.scrollWidth - track.clientWidth - 1 ? last : Math.min(Math.round(x / step), last);
    if (!step || (this.#going !== undefined && i !== this.#going)) return;
    this.#going = undefined;
    this.index = i;
  }

  /**
   * A scroll that ends settles the count — unless it is the end of a scroll from before Previous or
   * Next was pressed, reported late (Chromium does on a busy machine), or another scroll has begun
   * since: it is settled once three frames pass without a scroll or a press.
   */
  #handleScrollEnd(event: Event): void {
    const track = event.currentTarget as HTMLElement,
      at = this.#moves;
    if (this.#going !== undefined && at === this.#pressed) return;
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          if (at !== this.#moves) return;
          this.#going = undefined;
          this.#place(track);
        }),
      ),
    );
  }

  /** Tabbing into a card makes it the current one (the browser scrolls it into view). */
  #handleFocus(event: FocusEvent): void {
    const card = (event.target as Element).closest('.card');
    const i = [...(event.currentTarget as HTMLElement).children].indexOf(card!);
    if (i >= 0) this.index = i;
  }
}

if (!customElements.get('chat-bot-listings')) customElements.define('chat-bot-listings', ChatBotListings);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-listings': ChatBotListings;
  }
}
