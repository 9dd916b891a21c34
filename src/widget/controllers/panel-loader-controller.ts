/**
 * The panel, loaded on the visitor's first intent: its code once (a chunk beside the script, or the
 * bundler's import), then — once what it starts with is ready — the element, which <chat-bot>
 * renders from then on.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { PANEL_TAG, type PanelElement } from '../panel-contract.ts';

export interface PanelHost extends ReactiveControllerHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class PanelLoaderController implements ReactiveController {
  readonly #host: PanelHost;
  readonly #code: () => Promise<unknown> | undefined;
  readonly #inputs: () => Promise<unknown>;
  readonly #failed: (message: string) => void;
  /** The panel's code is here and its inputs ready: the element draws the panel. */
  ready = false;
  #loading: Promise<PanelElement | null> | null = null;
  #drawn: ((panel: PanelElement | null) => void) | null = null;

  /**
   * `code`: loads the panel's code; `inputs`: resolves when the panel's inputs are ready (the
   * settings, the words); `failed`: told why the panel could not be loaded (then tried again on
   * the next intent).
   */
  constructor(
    host: PanelHost,
    code: () => Promise<unknown> | undefined,
    inputs: () => Promise<unknown>,
    failed: (message: string) => void,
  ) {
    this.#host = host;
    this.#code = code;
    this.#inputs = inputs;
    this.#failed = failed;
    host.addController(this);
  }

  /** The panel, if it is drawn. */
  get panel(): PanelElement | null {
    return this.ready ? this.#host.renderRoot.querySelector<PanelElement>(PANEL_TAG) : null;
  }

  /** Loads the panel once and resolves with it, drawn (null when it could not be loaded). */
  load(): Promise<PanelElement | null> {
    this.#loading ??= (async () => {
      if (!customElements.get(PANEL_TAG)) await this.#code();
      await this.#inputs();
      if (!customElements.get(PANEL_TAG)) return null;
      const drawn = new Promise<PanelElement | null>((resolve) => (this.#drawn = resolve));
      this.ready = true;
      this.#host.requestUpdate();
      return drawn;
    })().catch((error: unknown) => {
      this.#loading = null;
      this.#failed(`The chat could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
      return null;
    });
    return this.#loading;
  }

  hostUpdated(): void {
    const panel = this.#drawn && this.panel;
    if (!panel) return;
    this.#drawn!(panel);
    this.#drawn = null;
  }
}
