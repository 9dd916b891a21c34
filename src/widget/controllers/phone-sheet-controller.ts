/**
 * On a phone the open panel is a full-screen sheet: it follows the visual viewport (so the
 * on-screen keyboard never covers the composer), the page behind it does not scroll, and Back
 * closes it. After each update of its element (the panel) the sheet is put up or taken down as
 * the element wants, on screens under 480 px.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface SheetHost extends ReactiveControllerHost, HTMLElement {}

export class PhoneSheetController implements ReactiveController {
  readonly #host: SheetHost;
  readonly #wanted: () => boolean;
  readonly #close: () => void;
  readonly #box: () => HTMLElement | null | undefined;
  /** The history.back() calls sheets made themselves, closing, whose popstate has not come yet. */
  static #ownBacks = 0;
  /** The sheets up now. */
  static readonly #up = new Set<PhoneSheetController>();
  /**
   * One listener for every widget (adding the same function again adds nothing). A Back a sheet
   * made itself closes nothing — whichever sheet made it, even one since removed — and a sheet put
   * up meanwhile gets its history entry now; the visitor's Back closes the sheets that are up.
   */
  static readonly #onPopState = (): void => {
    const own = PhoneSheetController.#ownBacks > 0;
    if (own) PhoneSheetController.#ownBacks--;
    for (const sheet of PhoneSheetController.#up) {
      if (inSheetEntry()) continue;
      if (!own) sheet.#close();
      else if (!PhoneSheetController.#ownBacks) pushSheetEntry();
    }
  };

  #isUp = false;
  #pageOverflow = '';
  readonly #phone = typeof matchMedia === 'undefined' ? null : matchMedia('(max-width: 479px)');

  /**
   * `wanted`: whether the element's panel is open as a floating panel; `close`: closes it (Back);
   * `box`: the element that carries the sheet's size (`--_vh`, `--_vt`).
   */
  constructor(host: SheetHost, wanted: () => boolean, close: () => void, box: () => HTMLElement | null | undefined) {
    this.#host = host;
    this.#wanted = wanted;
    this.#close = close;
    this.#box = box;
    host.addController(this);
  }

  hostConnected(): void {
    addEventListener('popstate', PhoneSheetController.#onPopState);
    this.#phone?.addEventListener('change', this.#screenChanged);
  }

  hostDisconnected(): void {
    this.#phone?.removeEventListener('change', this.#screenChanged);
    this.#fit(false);
  }

  hostUpdated(): void {
    this.#fit(this.#wanted() && !!this.#phone?.matches && this.#host.isConnected);
  }

  readonly #screenChanged = (): void => this.#host.requestUpdate();

  #fit(up: boolean): void {
    if (up === this.#isUp) return;
    this.#isUp = up;
    const page = document.documentElement.style;
    const viewport = window.visualViewport;
    if (up) {
      this.#pageOverflow = page.overflow;
      page.overflow = 'hidden';
      viewport?.addEventListener('resize', this.#follow);
      viewport?.addEventListener('scroll', this.#follow);
      this.#follow();
      PhoneSheetController.#up.add(this);
      // Put up before the Back of a close arrived: the entry is pushed when it has (#onPopState).
      if (!PhoneSheetController.#ownBacks) pushSheetEntry();
    } else {
      page.overflow = this.#pageOverflow;
      viewport?.removeEventListener('resize', this.#follow);
      viewport?.removeEventListener('scroll', this.#follow);
      this.#box()?.style.removeProperty('--_vh');
      this.#box()?.style.removeProperty('--_vt');
      PhoneSheetController.#up.delete(this);
      if (inSheetEntry()) {
        PhoneSheetController.#ownBacks++;
        history.back();
      }
    }
  }

  readonly #follow = (): void => {
    const viewport = window.visualViewport;
    const box = this.#box();
    if (!viewport || !box) return;
    box.style.setProperty('--_vh', `${viewport.height}px`);
    box.style.setProperty('--_vt', `${viewport.offsetTop}px`);
  };
}

/** The history entry of an open sheet: the page's own state, marked, so that Back closes the sheet. */
const pushSheetEntry = () => history.pushState({ ...(history.state as object | null), chatBotSheet: true }, '');
const inSheetEntry = () => !!(history.state as { chatBotSheet?: boolean } | null)?.chatBotSheet;
