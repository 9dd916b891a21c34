/** Events between the panel's own elements (composed, to come out of a message's shadow root; the panel stops them). */
import type { Attachment } from './conversation.ts';

/**
 * Something asked the panel to act: send (text, or a recording's files), stop, retry an answer,
 * close the handoff form, note how many files wait in the tray (`attached`, with `count`), put a
 * question in the message box (`ask`, with `text`), or open the handoff form about a listing
 * (`talk`, with `text` naming it).
 */
export class PanelActionEvent extends Event {
  static readonly type = 'chat-bot-action';
  constructor(
    readonly action: 'send' | 'stop' | 'retry' | 'cancel-handoff' | 'attached' | 'ask' | 'talk',
    readonly data: { text?: string; id?: string; files?: Attachment[]; count?: number } = {},
  ) {
    super(PanelActionEvent.type, { bubbles: true, composed: true });
  }
}
