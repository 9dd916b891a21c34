/** Events between the panel's own elements (they stay inside the panel: not composed). */

/** Something asked the panel to act: send, stop, retry an answer, or close the handoff form. */
export class PanelActionEvent extends Event {
  static readonly type = 'chat-bot-action';
  constructor(
    readonly action: 'send' | 'stop' | 'retry' | 'cancel-handoff',
    readonly data: { text?: string; id?: string } = {},
  ) {
    super(PanelActionEvent.type, { bubbles: true });
  }
}
