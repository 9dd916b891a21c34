/**
 * Follows the conversation down while the reader is at the bottom, and never pulls them down when
 * they have scrolled up to read: then `unseen` is set and a "new messages" button can offer it.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** How close to the bottom still counts as at the bottom (px). */
const SLACK = 48;

export class ScrollController implements ReactiveController {
  /** Something arrived below while the reader was scrolled up. */
  unseen = false;

  #scroller: HTMLElement | undefined;
  #pinned = true;
  /** Where the last scroll event found the scroller. */
  #top = 0;
  readonly #resize = new ResizeObserver(() => this.#contentChanged());
  readonly #onScroll = () => {
    const s = this.#scroller;
    if (!s) return;
    const atBottom = s.scrollHeight - s.scrollTop - s.clientHeight <= SLACK;
    // Only the reader moving up lets go. A scroll event reports a scroll to the bottom after
    // layout, so content that grew meanwhile (the chips under a finished answer, a card) makes
    // it look short of the bottom; the resize observer, called next, follows it down.
    const pinned = atBottom || (this.#pinned && s.scrollTop >= this.#top);
    this.#top = s.scrollTop;
    if (pinned !== this.#pinned || (atBottom && this.unseen)) {
      this.#pinned = pinned;
      if (atBottom) this.unseen = false;
      this.#host.requestUpdate();
    }
  };

  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  /** Watches this scrolling element and the content inside it. */
  attach(scroller: HTMLElement, content: HTMLElement): void {
    if (this.#scroller === scroller) return;
    this.hostDisconnected(); // lets go of the one watched before
    this.#scroller = scroller;
    scroller.addEventListener('scroll', this.#onScroll, { passive: true });
    this.#resize.observe(content);
    this.toBottom();
  }

  /** Stops watching. */
  hostDisconnected(): void {
    this.#scroller?.removeEventListener('scroll', this.#onScroll);
    this.#resize.disconnect();
    this.#scroller = undefined;
  }

  /** The content grew (a fragment, a message): follow it, or note it for later. */
  #contentChanged(): void {
    if (this.#pinned) this.toBottom();
    else if (!this.unseen) {
      this.unseen = true;
      this.#host.requestUpdate();
    }
  }

  /** Goes to the newest message (the visitor asked for it, or sent one). */
  toBottom(): void {
    const s = this.#scroller;
    if (!s) return;
    s.scrollTop = s.scrollHeight;
    this.#pinned = true;
    if (this.unseen) {
      this.unseen = false;
      this.#host.requestUpdate();
    }
  }
}
