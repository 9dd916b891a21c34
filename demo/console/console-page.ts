import { LitElement, type PropertyDeclarations } from 'lit';
import type { Client } from 'chat-bot-element/client';
import { SessionEndedEvent } from './events.ts';
import { fieldOf, messageOf, sessionEnded } from './session.ts';

/** The service's message about a save, and the field it names (null: the whole request). */
export interface Refusal {
  field: string | null;
  message: string;
}

/**
 * What every page of the console shares: the signed-in client and the chatbot it works on, a
 * status line, light DOM (the console's one stylesheet styles every page), and what to do with a
 * failure no field claims.
 */
export class ConsolePage extends LitElement {
  static override properties: PropertyDeclarations = {
    client: { attribute: false },
    serialNumber: { attribute: false },
    status: { state: true },
  };

  /** The signed-in client. */
  client!: Client;
  /** The chatbot the page works on. */
  serialNumber = '';

  protected status = '';

  /** What takes focus when the owner moves to this page: its heading, unless the page has a better place to start. */
  get landing(): HTMLElement | null {
    return this.querySelector('h1');
  }

  override createRenderRoot(): HTMLElement {
    return this;
  }

  /** An ended session sends the owner back to sign in; anything else is said in the status line. */
  protected fail(error: unknown): void {
    if (sessionEnded(error)) this.dispatchEvent(new SessionEndedEvent());
    else this.status = messageOf(error);
  }

  /**
   * Why a save failed, for the form to show at its field; null when the session ended instead. The
   * service names a field by its wire name (`"ChatBubbleColor" must be…`); the owner reads its label
   * (`Chat colour must be…`) when `labelOf` knows it — by its path, or by the list it is an item of.
   */
  protected refusal(error: unknown, labelOf: (name: string) => string | undefined = () => undefined): Refusal | null {
    if (sessionEnded(error)) {
      this.dispatchEvent(new SessionEndedEvent());
      return null;
    }
    const field = fieldOf(error);
    const label = field ? (labelOf(field) ?? labelOf(field.replace(/[[.].*$/, ''))) : undefined;
    const message = messageOf(error);
    return { field, message: label && field ? message.replace(`"${field}"`, label) : message };
  }
}
