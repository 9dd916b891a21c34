/** The asking side of the context protocol (../context.ts), as a reactive controller. */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Callback, Context } from '../context.ts';

/** Asks for `context` when its host connects, and updates the host with each value given; lets go when it disconnects. */
export class ContextController<T> implements ReactiveController {
  /** What the provider gave; undefined until the host is connected under one. */
  value: T | undefined;
  #unsubscribe: (() => void) | undefined;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly context: Context<T>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    const take: Callback<T> = (value, unsubscribe) => {
      this.#unsubscribe ??= unsubscribe;
      if (value === this.value) return;
      this.value = value;
      this.host.requestUpdate();
    };
    // The event as the protocol describes it, its fields on a plain Event: a class of its own costs bytes.
    const request = new Event('context-request', { bubbles: true, composed: true });
    this.host.dispatchEvent(Object.assign(request, { context: this.context, callback: take, subscribe: true }));
  }

  hostDisconnected(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
  }
}
