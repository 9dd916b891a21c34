/**
 * The public event of a person in the chat, apart from events.ts: only the chunk that follows a
 * person (controllers/live-controller.ts) makes it, on <chat-bot> itself, so the launcher every page
 * loads does not carry it. Listed in events.ts's ChatBotEventMap with the others.
 */
import { Base, init } from './event-base.ts';

/**
 * A person in the chat: an agent `joined`, sent a `message` (`text`, Markdown), or `left`; `name` is
 * the name they gave. A message while the panel is closed counts as unread, as an answer does.
 */
export class ChatBotAgentEvent extends Base {
  static readonly type = 'chat-bot-agent';
  constructor(
    readonly kind: 'joined' | 'message' | 'left',
    readonly name: string,
    readonly text: string,
  ) {
    super(ChatBotAgentEvent.type, init);
  }
}
