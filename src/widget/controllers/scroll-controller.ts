/**
 * Where the conversation's view goes, as the best chat apps do it:
 * - When the visitor sends, their question goes to the top of the view and the answer grows below
 *   it (the content's parent is made at least that tall while the answer is short: a minimum
 *   height, so that content getting shorter — the typing dots giving way to a line — never moves
 *   the view; on the parent, so that this observer never resizes what it observes).
 * - The view follows new content only while its end is in view, and never so far that the start
 *   of the answer being written leaves the view: a long answer stops with its start at the top.
 * - A reader who scrolled away is never pulled: `unseen` is set while there is content below that
 *   they have not had in view; `next()` ("New messages") takes them to the end in one go. When
 *   that strip goes at the end, the view grows by its height and nothing in it moves (the room
 *   below holds it).
 * - Only this controller places the view: the scroller has no scroll anchoring (`overflow-anchor:
 *   none`), whose moves — a restored conversation's cards drawn above the view once the panel's
 *   code has loaded — would be taken for the reader's and stop the view following.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the end still counts as at the end (px). */
const SLACK = 48;
/** Room above the question at the top of the view (px). */
const GAP = 8;

/** Where `el`'s top (or bottom) is, in the scroller's content coordinates. */
const at = (s: HTMLElement, el: Element, bottom?: boolean) => {
  const box = el.getBoundingClientRect();
  return (bottom ? box.bottom : box.top) - s.getBoundingClientRect().top + s.scrollTop;
};

export class ScrollController implements ReactiveController {
  /** There is content below the view the reader has not had in view. */
  unseen = false;

  #scroller: HTMLElement | undefined;
  #content!: HTMLElement;
  #list!: Element;
  /** The last question sent: the view does not follow past the start of its answer. */
  #anchor: HTMLElement | undefined;
  /** The question stays at the top: the reader has not scrolled since sending it. */
  #held = false;
  /** The view follows new content: the reader was at the end when they last scrolled. */
  #pinned = true;
  /** The newest message the reader has had in view, and how much of it from its top (px). */
  #seen: Element | null = null;
  #seenTo = 0;
  /** Where this controller last put the view: a scroll event elsewhere is the reader's. */
  #set = -Infinity;
  /** Where the view was at the last scroll event or placing. */
  #top = 0;
  /** The view's height as "New messages" was going (0: it is not): the view grows by the strip's then. */
  #leaving = 0;
  /** Down to where (content coordinates) the room below reaches, since the strip went with the view at the end. */
  #floor = 0;
  readonly #resize = new ResizeObserver(() => this.#changed());
  readonly #onScroll = () => {
    const s = this.#scroller!,
      top = s.scrollTop;
    // Not the reader: where this controller put the view, or short of it at the most the view can
    // scroll now (the content or the view changed size since; the resize observer places it again).
    if (Math.abs(top - this.#set) > 1 && !(top < this.#set && top + s.clientHeight > s.scrollHeight - 1)) {
      // The reader scrolled: the view follows again only once they are back at the end.
      this.#held = false;
      this.#pinned = this.#below() <= SLACK;
      this.#set = -Infinity;
      this.#look();
    }
    // Where this controller put the view it looked already: looking again when the scroll event
    // comes, a frame later, could find content grown since and not yet followed — and flash the strip.
    this.#top = top;
  };

  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    (this.#host = host).addController(this);
  }

  /** Watches the scrolling element, the content in it (in an element of its own), and the list of messages in that. */
  attach(scroller: HTMLElement, content: HTMLElement, list: Element): void {
    if (this.#scroller === scroller) return;
    this.hostDisconnected(); // lets go of the one watched before
    this.#scroller = scroller;
    this.#content = content;
    this.#list = list;
    scroller.addEventListener('scroll', this.#onScroll, { passive: true });
    this.#resize.observe(scroller);
    this.#resize.observe(content);
    this.follow();
  }

  hostDisconnected(): void {
    this.#scroller?.removeEventListener('scroll', this.#onScroll);
    this.#resize.disconnect();
    this.#scroller = undefined;
  }

  /**
   * The visitor sent `question`: it goes to the top of the view, its answer below it. Without one:
   * to the end of the conversation (what was asked for is there: a form, its reply).
   */
  follow(question?: HTMLElement): void {
    this.#anchor = question;
    this.#held = !!question;
    this.#pinned = true;
    this.#floor = 0;
    this.#changed();
  }

  /** Takes the reader to the end in one go, as chat apps' "jump to the newest" does, and follows new content again from there. */
  next(): void {
    this.#held = false;
    this.#pinned = true;
    this.#scroller!.scrollTo({
      top: this.#scroller!.scrollHeight,
      behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
    });
    // Everything is the reader's now: the strip goes at once, not when the scroll arrives.
    this.#seen = this.#list.lastElementChild;
    this.#seenTo = Infinity;
    this.#look();
  }

  /** How much content is below the view (px; a little room below the content counted). */
  #below(): number {
    const s = this.#scroller!;
    return at(s, this.#content, true) + GAP - s.scrollTop - s.clientHeight;
  }

  /** The content or the view changed size (a fragment, a message, the keyboard): keeps the room below, the view, and what is unseen. */
  #changed(): void {
    const s = this.#scroller;
    // Hidden (the panel closed): nothing to measure.
    if (!s?.clientHeight) return;
    const q = this.#anchor?.isConnected ? this.#anchor : (this.#anchor = undefined);
    const answer = q?.nextElementSibling;
    // Where following stops: the question at the top, or its answer's start at 40 % when the question is long.
    const stop = q ? Math.max(at(s, q) - GAP, answer ? at(s, answer) - s.clientHeight * 0.4 : 0) : Infinity;
    // "New messages" went with the view at the end: the view grew by the strip's height, and the
    // browser moved the content down with it (the scroll position clamped). It goes back where the
    // reader had it, and the room below keeps it there until they scroll up or send.
    const clamped = !!this.#leaving && s.clientHeight > this.#leaving && s.scrollTop < this.#top - 1;
    if (s.clientHeight > this.#leaving) this.#leaving = 0;
    if (clamped) this.#floor = this.#top + s.clientHeight;
    // Room for the question to reach the top, whatever the answer does not fill yet.
    const room = this.#content.parentElement!;
    const reach = Math.max(
      q ? stop + s.clientHeight : 0,
      Math.min(this.#floor, Math.max(this.#top, s.scrollTop) + s.clientHeight),
    );
    room.style.minBlockSize = reach ? `${reach - at(s, room)}px` : '';
    if (clamped) this.#set = s.scrollTop = this.#top;
    let top = this.#below() + s.scrollTop;
    // Following stops at the answer's start, unless the reader is past it already.
    if (s.scrollTop <= stop + 1) top = Math.min(top, stop);
    if (this.#held || (this.#pinned && top > s.scrollTop)) this.#set = s.scrollTop = this.#held ? stop : top;
    this.#top = s.scrollTop;
    this.#look();
  }

  /** Notes how far the reader has seen the newest message, and whether anything below is unseen. */
  #look(): void {
    const last = this.#list.lastElementChild,
      box = last?.getBoundingClientRect();
    const to = box ? Math.min(box.bottom, this.#scroller!.getBoundingClientRect().bottom) - box.top : 0;
    // Held under its question, the answer is seen as far as the view shows it now (less, when the
    // strip below appears); elsewhere, as far as the reader has had it in view.
    if (last !== this.#seen ? to > 0 : to > this.#seenTo || this.#held) [this.#seen, this.#seenTo] = [last!, to];
    const unseen = !!box && this.#below() > SLACK && (last !== this.#seen || box.height - this.#seenTo > SLACK);
    if (unseen !== this.unseen) {
      this.unseen = unseen;
      if (!unseen) this.#leaving = this.#scroller!.clientHeight;
      // Drawn in the next frame: the strip it shows resizes the scroller, which this observes — within
      // a resize observer's callback that would be a loop (an error for the page), and within the
      // panel's updated() an update in an update.
      requestAnimationFrame(() => this.#host.requestUpdate());
    }
  }
}
