/** The public events of `<chat-bot>`: each bubbles, crosses shadow boundaries, and carries its data. */
import type { ChatBotAgentEvent } from './agent-event.ts';
import { Base, init } from './event-base.ts';

export class ChatBotOpenEvent extends Base {
  static readonly type = 'chat-bot-open';
  constructor() {
    super(ChatBotOpenEvent.type, init);
  }
}

export class ChatBotCloseEvent extends Base {
  static readonly type = 'chat-bot-close';
  constructor() {
    super(ChatBotCloseEvent.type, init);
  }
}

/** The visitor sent a message. */
export class ChatBotSendEvent extends Base {
  static readonly type = 'chat-bot-send';
  constructor(
    readonly text: string,
    readonly fileIds: readonly number[] = [],
  ) {
    super(ChatBotSendEvent.type, init);
  }
}

/** An answer is complete. */
export class ChatBotAnswerEvent extends Base {
  static readonly type = 'chat-bot-answer';
  constructor(
    readonly text: string,
    readonly questionId: number,
    readonly answerId: number,
  ) {
    super(ChatBotAnswerEvent.type, init);
  }
}

/** Something failed: the service's Code (HTTP status), or 0 for the network, and a message. */
export class ChatBotErrorEvent extends Base {
  static readonly type = 'chat-bot-error';
  constructor(
    readonly code: number,
    readonly message: string,
  ) {
    super(ChatBotErrorEvent.type, init);
  }
}

/** The visitor asked to talk to a person (TalkToHuman succeeded). */
export class ChatBotHandoffEvent extends Base {
  static readonly type = 'chat-bot-handoff';
  constructor(
    readonly name: string,
    readonly email: string,
    readonly message: string,
  ) {
    super(ChatBotHandoffEvent.type, init);
  }
}

/**
 * The visitor rated an answer, or changed or withdrew their vote (`rating` null); the service has
 * stored it. A thumbs down fires once at the click, and again when reasons or a comment are sent.
 */
export class ChatBotFeedbackEvent extends Base {
  static readonly type = 'chat-bot-feedback';
  constructor(
    readonly answerId: number,
    readonly rating: 'up' | 'down' | null,
    readonly reasons: readonly string[],
    readonly comment: string,
  ) {
    super(ChatBotFeedbackEvent.type, init);
  }
}

/**
 * Answers the visitor has not seen — that came while the panel was closed or the page hidden —
 * counted again: one more arrived, or they were seen (`count` 0).
 */
export class ChatBotUnreadEvent extends Base {
  static readonly type = 'chat-bot-unread';
  constructor(readonly count: number) {
    super(ChatBotUnreadEvent.type, init);
  }
}

/** The public events by name (`addEventListener('chat-bot-answer', …)` is typed by it, and so are the frameworks' templates). */
export interface ChatBotEventMap {
  'chat-bot-open': ChatBotOpenEvent;
  'chat-bot-close': ChatBotCloseEvent;
  'chat-bot-send': ChatBotSendEvent;
  'chat-bot-answer': ChatBotAnswerEvent;
  'chat-bot-error': ChatBotErrorEvent;
  'chat-bot-handoff': ChatBotHandoffEvent;
  'chat-bot-feedback': ChatBotFeedbackEvent;
  'chat-bot-unread': ChatBotUnreadEvent;
  'chat-bot-agent': ChatBotAgentEvent;
}

declare global {
  interface GlobalEventHandlersEventMap extends ChatBotEventMap {}
}
