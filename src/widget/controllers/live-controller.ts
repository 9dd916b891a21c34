/**
 * A person in the chat (docs/PROTOCOL.md *A person in the chat*), in a chunk of its own: loaded the
 * first time the conversation is handed to a person — a lead sent while an agent was present, an
 * answer's handoff block, a question an agent holds, or a page loaded again while one holds it. It
 * follows the visitor's event stream (reconnecting with Last-Event-ID, client/events.ts): the agent
 * joining, their messages (as answers, under their name), their typing, their leaving; and it tells
 * the owner's console, at most every few seconds, that the visitor is typing. Closed when the agent
 * leaves or the panel goes.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { callOperation } from '../../client/call.ts';
import { isAbortError } from '../../client/errors.ts';
import { chatEvents } from '../../client/events.ts';
import { handoffOf } from '../../client/handoff.ts';
import type { AgentEvent } from '../../protocol/live.ts';
import { ChatBotAgentEvent } from '../agent-event.ts';
import { PanelActionEvent } from '../internal-events.ts';
import { message, type ChatMessage } from '../message.ts';
import { fill } from '../strings/index.ts';
import { handoffEn } from '../strings/handoff.ts';
import type { ClientOptions } from '../../client/call.ts';
import type { PanelEventDetail } from '../internal-events.ts';
import type { Strings } from '../strings/index.ts';

/** What the conversation keeps of a person in the chat, for a page loaded again. */
export interface LiveState {
  held: boolean;
  lastEventId: string;
}

/**
 * What of the conversation (conversation-controller.ts) a person in the chat needs: its messages,
 * what it keeps, its session, and the ways it shows, announces and tells what happened.
 */
export interface FollowedConversation {
  messages: ChatMessage[];
  readonly stored: { live?: LiveState | undefined };
  session(): Promise<{ client: ClientOptions; sessionId: number }>;
  changed(keep?: boolean): Promise<void>;
  announce(message: ChatMessage, text: string): void;
  tell(detail: PanelEventDetail): void;
}

/** How long an agent's typing shows without another word of it. */
const TYPING_MS = 6_000;
/** The visitor's typing is told at most this often. */
const TYPING_EVERY_MS = 3_000;

export class LiveController implements ReactiveController {
  #abort: AbortController | undefined;
  /** The agent's typing, shown as an answer being written, until their message or TYPING_MS. */
  #typing: ChatMessage | undefined;
  #typingTimer: ReturnType<typeof setTimeout> | undefined;
  #toldTypingAt = 0;
  /** The agent messages shown, by the service's id: a replayed one is not shown twice. */
  readonly #shown = new Set<number>();

  readonly #host: ReactiveControllerHost & HTMLElement;
  readonly #conversation: FollowedConversation;
  readonly #inputs: () => { strings: Strings };

  constructor(
    host: ReactiveControllerHost & EventTarget,
    conversation: FollowedConversation,
    inputs: () => { strings: Strings },
  ) {
    this.#host = host as ReactiveControllerHost & HTMLElement;
    this.#conversation = conversation;
    this.#inputs = inputs;
    host.addController(this);
    // The message box's typing (input events are composed: they reach the panel from the composer).
    host.addEventListener('input', this.#onInput);
    for (const m of conversation.messages) if (m.agentMessageId) this.#shown.add(m.agentMessageId);
  }

  hostDisconnected(): void {
    this.#stop();
  }

  /**
   * Follows the stream — or, given an answer's `text`, does what its handoff block asks: the form
   * opened below it (from the answer's `from` element), or, with an agent told, the stream.
   */
  follow(text?: string, from?: Element): void {
    const handoff = text === undefined ? { open: true, live: true } : handoffOf(text);
    if (!handoff?.open) return;
    if (!handoff.live) {
      from?.dispatchEvent(new PanelActionEvent({ kind: 'talk', text: handoff.about ?? '' }));
      return;
    }
    const c = this.#conversation;
    // A question the agent holds left its answer's place, empty: it is theirs to answer.
    c.messages = c.messages.filter(
      (m) => m.role !== 'assistant' || m.text || m.status !== 'streaming' || m === this.#typing,
    );
    this.#keep({ held: true, lastEventId: c.stored.live?.lastEventId ?? '' });
    if (!this.#abort) void this.#read((this.#abort = new AbortController()));
  }

  async #read(abort: AbortController): Promise<void> {
    try {
      const { client, sessionId } = await this.#conversation.session();
      const events = chatEvents(
        client,
        { sessionID: sessionId },
        { signal: abort.signal, lastEventId: this.#conversation.stored.live?.lastEventId || undefined },
      );
      for await (const e of events) {
        await this.#event(e.data);
        if (e.id && e.data.Type !== 'typing') this.#keep({ held: e.data.Type !== 'left', lastEventId: e.id });
        if (e.data.Type === 'left') break;
      }
    } catch (error) {
      // Refused (the session ended: a new one starts with the next question) or stopped: nothing to follow.
      if (!isAbortError(error)) this.#keep(undefined);
    } finally {
      if (this.#abort === abort) this.#stop();
    }
  }

  async #event(e: AgentEvent): Promise<void> {
    const t = { ...handoffEn, ...this.#inputs().strings };
    if (e.Type === 'typing') return this.#showTyping(e.Name);
    this.#hideTyping();
    if (e.Type === 'message') {
      if (!e.MessageId || this.#shown.has(e.MessageId)) return;
      this.#shown.add(e.MessageId);
      await this.#add({
        ...this.#message(`**${e.Name}**\n\n${e.Content ?? ''}`, e.CreatedAt),
        agentMessageId: e.MessageId,
      });
    } else
      await this.#add(
        this.#message(`_${fill(e.Type === 'joined' ? t.agentJoined : t.agentLeft, { name: e.Name })}_`, e.CreatedAt),
      );
    // Unread while the panel is closed (a message); public, on <chat-bot> itself (agent-event.ts).
    if (e.Type === 'message') this.#conversation.tell({ kind: 'agent' });
    const root = this.#host.getRootNode();
    (root instanceof ShadowRoot ? root.host : this.#host).dispatchEvent(
      new ChatBotAgentEvent(e.Type, e.Name, e.Content ?? ''),
    );
  }

  /** A message that arrived by itself: shown, announced to screen readers, and kept. */
  #add(m: ChatMessage): Promise<void> {
    const c = this.#conversation;
    c.messages = [...c.messages, m];
    c.announce(m, m.text);
    return c.changed(true);
  }

  /** What the conversation keeps of a person in the chat (for a page loaded again), stored now. */
  #keep(live: LiveState | undefined): void {
    this.#conversation.stored.live = live;
    void this.#conversation.changed(true);
  }

  /** A message of the agent's side, at the time the service gave it. */
  #message(text: string, at: string): ChatMessage {
    return { ...message('assistant', text, 'done'), at: Date.parse(at) || Date.now() };
  }

  #showTyping(name: string): void {
    clearTimeout(this.#typingTimer);
    this.#typingTimer = setTimeout(() => this.#hideTyping(), TYPING_MS);
    if (this.#typing) return;
    this.#typing = { ...this.#message('', new Date().toISOString()), status: 'streaming', agent: name };
    this.#conversation.messages = [...this.#conversation.messages, this.#typing];
    this.#host.requestUpdate();
  }

  #hideTyping(): void {
    clearTimeout(this.#typingTimer);
    if (!this.#typing) return;
    const typing = this.#typing;
    this.#typing = undefined;
    this.#conversation.messages = this.#conversation.messages.filter((m) => m !== typing);
    this.#host.requestUpdate();
  }

  readonly #onInput = (): void => {
    const now = Date.now();
    if (!this.#abort || now - this.#toldTypingAt < TYPING_EVERY_MS) return;
    this.#toldTypingAt = now;
    void this.#conversation
      .session()
      .then(({ client, sessionId }) => callOperation(client, 'Typing', { sessionID: sessionId }))
      .catch(() => undefined);
  };

  #stop(): void {
    this.#abort?.abort();
    this.#abort = undefined;
    this.#hideTyping();
  }
}
