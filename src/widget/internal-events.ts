/** Events between the panel's own elements (they stay inside the panel: not composed). */
import type { Attachment } from './conversation.ts';

/**
 * Something asked the panel to act: send (text, or a recording's files), stop, retry an answer,
 * close the handoff form, or note how many files wait in the tray (`attached`, with `count`).
 */
export class PanelActionEvent extends Event {
  static readonly type = 'chat-bot-action';
  constructor(
    readonly action: 'send' | 'stop' | 'retry' | 'cancel-handoff' | 'attached',
    readonly data: { text?: string; id?: string; files?: Attachment[]; count?: number } = {},
  ) {
    super(PanelActionEvent.type, { bubbles: true });
  }
}
