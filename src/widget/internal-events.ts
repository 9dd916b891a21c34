/**
 * The events inside <chat-bot>, one typed path: the panel's elements ask the panel to act
 * (PanelActionEvent), and the panel and its conversation tell <chat-bot> what happened
 * (PanelEvent), which <chat-bot> makes public (events.ts). Both carry a `detail` told apart by
 * its `kind`. The launcher imports this module: it holds no more than the two classes.
 */
import type { Attachment } from './message.ts';

// Without a DOM (server-side rendering) the classes must still be definable: importing never throws.
const Base = (globalThis.Event ?? class {}) as typeof Event;

/**
 * What an element asks of the panel: send the message box's text (with the tray's files), send
 * files alone (a recording), stop, retry an answer, close the handoff form, note how many files
 * wait in the tray, put a question in the message box (`ask`), or open the handoff form about a
 * listing (`talk`, `text` naming it).
 */
export type PanelAction =
  | { kind: 'send'; text: string }
  | { kind: 'send-files'; files: Attachment[] }
  | { kind: 'stop' }
  | { kind: 'retry'; id: string }
  | { kind: 'cancel-handoff' }
  | { kind: 'attached'; count: number }
  | { kind: 'ask'; text: string }
  | { kind: 'talk'; text: string }
  | { kind: 'new-chat' };

/** An element asks the panel to act (composed, to come out of a message's shadow root; the panel stops it). */
export class PanelActionEvent extends Base {
  constructor(readonly detail: PanelAction) {
    // No static `type` (the panel listens with @chat-bot-action): a static field would keep this
    // class in the launcher's bundle, which never uses it.
    super('chat-bot-action', { bubbles: true, composed: true });
  }
}

/** What the panel tells <chat-bot>: each becomes one of its public events, `close` closes it. */
export type PanelEventDetail =
  | { kind: 'close' }
  | { kind: 'send'; text: string; fileIds: readonly number[] }
  | { kind: 'answer'; text: string; questionId: number; answerId: number }
  | { kind: 'error'; code: number; message: string }
  | { kind: 'handoff'; name: string; email: string; message: string }
  /** A person's message arrived: counted as unread when not seen (its public event is agent-event.ts's). */
  | { kind: 'agent' }
  | { kind: 'feedback'; answerId: number; rating: 'up' | 'down' | null; reasons: readonly string[]; comment: string };

/** The panel tells <chat-bot> (not composed: it stays inside <chat-bot>). */
export class PanelEvent extends Base {
  constructor(readonly detail: PanelEventDetail) {
    // <chat-bot> listens with @chat-bot-panel.
    super('chat-bot-panel', { bubbles: true });
  }
}
