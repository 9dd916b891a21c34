/**
 * What an element tree shares, given once by the element that has it and taken by those beneath
 * that need it: the web components community's context protocol
 * (github.com/webcomponents-cg/community-protocols, proposals/context.md) in the few lines the
 * widget needs — every byte of it reaches each visitor — where @lit/context would bring its whole
 * package. A `context-request` event goes up from the element that asks, through shadow roots, to
 * the nearest element that provides that context, which answers at once and again whenever what it
 * provides changes. Elements from other libraries on the page speak the same protocol.
 */
/** A context: the key a provider and those that ask agree on, typed by what it carries. */
export type Context<T> = string & { readonly __value?: T };

export type Callback<T> = (value: T, unsubscribe?: () => void) => void;

/** The protocol's request, `context-request`: `callback` is called with the value, and again on each change when `subscribe`. */
export interface ContextRequest<T> extends Event {
  context: Context<T>;
  callback: Callback<T>;
  subscribe?: boolean;
}

/**
 * Gives the value last set to each element beneath `host` that asks for `context`, and gives it
 * again each time one is set (set it before anything beneath is drawn: the host's willUpdate).
 */
export class ContextProvider<T> {
  readonly #asking = new Set<Callback<T>>();
  #value!: T;

  constructor(host: HTMLElement, context: Context<T>) {
    host.addEventListener('context-request', (event) => {
      const { context: asked, callback, subscribe } = event as ContextRequest<T>;
      if (asked !== context) return;
      event.stopPropagation();
      if (subscribe) this.#asking.add(callback);
      callback(this.#value, () => this.#asking.delete(callback));
    });
  }

  get value(): T {
    return this.#value;
  }

  set value(value: T) {
    this.#value = value;
    // Those subscribed were given their way to let go with the first value.
    for (const callback of this.#asking) callback(value);
  }
}
