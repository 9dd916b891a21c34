import { LitElement, html, nothing, type TemplateResult } from 'lit';
import './chat-bot-booking.ts';
import { slotsStyles } from './chat-bot-slots.styles.ts';
import type { Problem } from './chat-bot-booking.ts';
import { ApiError } from '../../client/errors.ts';
import { parseSlots, type OfferedSlot } from '../../protocol/slots.ts';
import type { ChatContext } from '../chat-context.ts';
import { AnswerContextController } from '../controllers/answer-context-controller.ts';
import type { safeUrl } from '../markdown/links.ts';
import { fill, type Language } from '../strings/index.ts';
import { slotsWords } from '../strings/slots-languages.ts';
import type { SlotsStrings } from '../strings/slots.ts';
import {
  book,
  bookedLine,
  bookedSlots,
  byDay,
  clock,
  confirm,
  foreignZone,
  freeSlots,
  slotKey,
  type BookedLine,
  type Visitor,
} from '../viewing.ts';

/**
 * The booking whose confirmation takes focus when it is drawn: the one just made in this page
 * (a confirmation restored after a reload takes none). An id, so two widgets on a page never mix.
 */
let focusOnDraw = '';

/**
 * @summary The times an answer offers to see a listing (its `slots` block, docs/PROTOCOL.md), as
 * buttons in a group per day, in the chatbot's time zone; a time picked opens the booking form
 * (<chat-bot-booking>) below them, and the booking's confirmation is added to the chat — itself an
 * answer with a `slots` block, which this element draws as its two links (Add to calendar, Change
 * or cancel). Made by an answer's renderer, line by line as the block arrives; its code is a chunk of
 * its own, loaded the first time an answer has a slots block (cards.ts).
 */
export class ChatBotSlots extends LitElement {
  static override styles = slotsStyles;
  static override properties = {
    lines: { attribute: false },
    final: { attribute: false },
    safeUrl: { attribute: false },
    chosen: { state: true },
    note: { state: true },
  };

  /** The block's lines so far (the last may be half-written while the answer streams). */
  lines: readonly string[] = [];
  /** The block is complete. */
  final = false;
  /** The answers' URL rule: what may be a link. */
  safeUrl: typeof safeUrl | undefined;

  /** The time picked: the form is open for it. */
  private chosen: OfferedSlot | undefined;
  /** What the service said when a time could not be booked. */
  private note = '';

  /** A listing's free times as the service gave them after one was taken, in place of those offered. */
  readonly #fresh = new Map<string, OfferedSlot[]>();
  /** Times booked here: no longer offered. */
  readonly #gone = new Set<string>();
  /** The time zone the service named with fresh times. */
  #zone: string | undefined;
  /** What the visitor wrote in the form, for the next time picked. */
  #draft: Visitor = { name: '', email: '', phone: '' };

  /** The panel's conversation, words, locale and settings (chat-context.ts), in the answer's language. */
  readonly #chat = new AnswerContextController(this, slotsWords);

  /** The built-in language of the locale, whose words the block shows. */
  get #lang(): Language {
    const lang = this.#chat.value!.locale.split('-')[0]!.toLowerCase();
    return Object.hasOwn(slotsWords, lang) ? (lang as Language) : 'en';
  }

  /** The block's words, under the page's `strings`. */
  get #words(): SlotsStrings {
    return { ...slotsWords[this.#lang], ...this.#chat.value!.strings };
  }

  /** The times to show: those offered (or fresh ones), but those booked here. */
  #slots(offered = parseSlots(this.lines.join('\n'))): OfferedSlot[] {
    // Booked in this conversation, here or before a reload: its confirmation says which.
    const booked = bookedSlots(this.#chat.value?.conversation?.messages ?? []);
    const listings = [...new Set(offered.map((s) => s.listing))];
    return listings
      .flatMap((l) => this.#fresh.get(l) ?? offered.filter((s) => s.listing === l))
      .filter((s) => !this.#gone.has(slotKey(s)) && !booked.has(slotKey(s)));
  }

  protected override updated(): void {
    const booked = this.lines.map(bookedLine).find((b) => b);
    const link = this.renderRoot.querySelector('a');
    if (link && booked?.booked === focusOnDraw) {
      focusOnDraw = '';
      link.focus();
    }
  }

  protected override render(): TemplateResult | typeof nothing {
    const chat = this.#chat.value;
    if (!chat) return nothing;
    const booked = this.lines.map(bookedLine).find((b) => b);
    if (booked) return this.#renderBooked(booked, chat);
    const t = this.#words;
    const offered = parseSlots(this.lines.join('\n'));
    // A block with no time in it — not one: shown as the code it is (while it streams, nothing yet).
    if (!offered.length) return this.final ? html`<pre>${this.lines.join('\n')}</pre>` : nothing;
    const slots = this.#slots(offered);
    // Every time was booked here: the confirmation below says so.
    if (!slots.length && !this.#fresh.size) return nothing;
    const c = clock(chat.locale, this.#zone ?? chat.settings?.TimeZone);
    const zone = foreignZone(c, chat.locale);
    const picked = this.chosen && slotKey(this.chosen);
    return html`<div role="group" aria-label=${t.slotsTimes}>
        ${this.note ? html`<p class="note" role="alert" tabindex="-1">${this.note}</p>` : nothing}
        <div class="days">
          ${byDay(slots, c).map(
            (d, i) => html`<div role="group" aria-labelledby="day-${i}">
              <p class="date" id="day-${i}">${d.day}</p>
              <div class="times">
                ${d.slots.map((s) =>
                  chat.conversation
                    ? html`<button type="button" data-key=${slotKey(s)} aria-pressed=${slotKey(s) === picked} @click=${() => this.#pick(s)}>${c.time(new Date(s.start))}</button>`
                    : html`<span>${c.time(new Date(s.start))}</span>`,
                )}
              </div>
            </div>`,
          )}
        </div>
        ${slots.length ? nothing : html`<p class="zone">${t.slotsNone}</p>`}
        ${zone ? html`<p class="zone">${fill(t.slotsZone, { zone })}</p>` : nothing}
      </div>
      ${
        this.chosen
          ? html`<chat-bot-booking .words=${t} .when=${this.#when(this.chosen, c)} .draft=${this.#draft} .book=${this.#book} @cancel=${this.handleCancel}></chat-bot-booking>`
          : nothing
      }`;
  }

  /** A booking's confirmation: its calendar file and its page to change or cancel it, if they are web addresses. */
  #renderBooked(b: BookedLine, chat: ChatContext): TemplateResult {
    const t = this.#words;
    let own = '';
    try {
      own = new URL(chat.baseUrl || '/', location.href).origin;
    } catch {
      // No origin of its own to compare with: every link names its host.
    }
    const link = (href: string, text: string, calendar: boolean) => {
      const u = this.safeUrl?.(href);
      if (!u || !/^https?:$/.test(u.protocol)) return nothing;
      // Not the service's own address: its host is named, as an answer's links name theirs.
      const host = u.origin === own ? nothing : html` <span class="host">(${u.host})</span>`;
      return calendar
        ? html`<a href=${u.href} download>${text}${host}</a>`
        : html`<a href=${u.href} target="_blank" rel="noopener noreferrer">${text}${host}<span class="sr"> ${chat.strings.opensInNewTab}</span></a>`;
    };
    return html`<p class="links">${link(b.calendar, t.addToCalendar, true)}${link(b.manage, t.manageBooking, false)}</p>`;
  }

  /** The time picked, in words: "Viewing on Saturday, March 7 at 11:00 AM". */
  #when(s: OfferedSlot, c: ReturnType<typeof clock>): string {
    const at = new Date(s.start);
    return fill(this.#words.bookSlot, { day: c.day(at), time: c.time(at) });
  }

  /** Opens the form for a time, focus on its first field. */
  async #pick(s: OfferedSlot): Promise<void> {
    this.chosen = s;
    this.note = '';
    await this.updateComplete;
    const form = this.renderRoot.querySelector('chat-bot-booking')!;
    await form.updateComplete;
    form.focus();
  }

  /** Books the time picked: the confirmation goes into the chat; a time taken meanwhile is refreshed; anything else goes to the form. */
  readonly #book = async (visitor: Visitor): Promise<Problem | undefined> => {
    const chat = this.#chat.value!;
    const conversation = chat.conversation!;
    const slot = this.chosen!;
    const t = this.#words;
    this.#draft = visitor;
    try {
      const booking = await book(conversation, slot, visitor);
      this.#gone.add(slotKey(slot));
      this.chosen = undefined;
      focusOnDraw = booking.Id;
      await confirm(conversation, booking, t, chat.locale, this.#lang);
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiError)) return { message: conversation.failure(error) };
      // The service names the field it refuses: `"email" must be …`.
      const field = /^"(name|email|phone)"/.exec(error.message)?.[1] as keyof Visitor | undefined;
      if (error.status === 400 && field) return { field, message: error.message };
      if (error.status === 409) return void (await this.#taken(slot, error.message || t.bookTaken));
      const message = conversation.failure(error);
      return { message: error.status === 429 ? chat.settings?.RateLimitMessage || t.bookWait : message };
    }
  };

  /**
   * The time could not be booked (taken meanwhile, or no longer free): the service's words, and the
   * listing's times again as they are now — those offered that are still free, else the next free
   * ones — with focus on the first.
   */
  async #taken(slot: OfferedSlot, said: string): Promise<void> {
    const offered = this.#slots().filter((s) => s.listing === slot.listing);
    this.chosen = undefined;
    this.note = said;
    try {
      const free = await freeSlots(this.#chat.value!.conversation!, slot.listing);
      const now = new Set(free.slots.map(slotKey));
      const still = offered.filter((s) => slotKey(s) !== slotKey(slot) && now.has(slotKey(s)));
      this.#zone = free.timeZone;
      this.#fresh.set(slot.listing, still.length ? still : free.slots.slice(0, Math.max(offered.length, 6)));
    } catch {
      // Not bookable any more (sold, no showing hours): the service said why.
      this.#fresh.set(slot.listing, []);
    }
    this.requestUpdate();
    await this.updateComplete;
    const root = this.renderRoot;
    (root.querySelector<HTMLElement>('.times button') ?? root.querySelector<HTMLElement>('.note'))?.focus();
  }

  private handleCancel(): void {
    const picked = this.chosen && slotKey(this.chosen);
    this.chosen = undefined;
    // Back to the time that opened the form.
    void this.updateComplete.then(() =>
      [...this.renderRoot.querySelectorAll<HTMLElement>('.times button')]
        .find((b) => b.dataset.key === picked)
        ?.focus(),
    );
  }
}

if (!customElements.get('chat-bot-slots')) customElements.define('chat-bot-slots', ChatBotSlots);

declare global {
  interface HTMLElementTagNameMap {
    'chat-bot-slots': ChatBotSlots;
  }
}
