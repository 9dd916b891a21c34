/** Events between the panel's own elements (they stay inside the panel: not composed). */

/** Something asked the panel to act: send, stop, retry an answer, or submit the handoff form. */
export class PanelActionEvent extends Event {
  static readonly type = 'chat-bot-action';
  constructor(
    readonly action: 'send' | 'stop' | 'retry' | 'handoff' | 'cancel-handoff',
    readonly data: { text?: string; id?: string; name?: string; email?: string; message?: string } = {},
  ) {
    super(PanelActionEvent.type, { bubbles: true });
  }
}
