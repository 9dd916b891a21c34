/**
 * What the Live page knows of the chatbot's conversations now, folded from the owner's events
 * (`client.events`): the requests for a person, and each conversation seen with its newest message
 * and who holds it. Each event gives a new state, so the page re-renders on it.
 */
import type { TranscriptMessage } from 'chat-bot-element';
import type { OwnerEvent, OwnerEvents } from 'chat-bot-element/client';

/** A visitor's request for a person, with its event id (two requests of one session are two). */
export type Handoff = OwnerEvents['handoff'] & { id: string };

export interface LiveConversation {
  sessionId: number;
  /** The id of its newest event: the list shows the newest activity first. */
  order: number;
  /** Its newest message: the visitor's question or an agent's reply (by name). */
  last: { agent: string | null; text: string; at: string } | null;
  /** The agent who holds it, or null while the assistant answers. */
  heldBy: string | null;
  /** Who last let it go, and whether that was by itself after AGENT_IDLE_MINUTES without a reply. */
  released: { name: string; idle: boolean } | null;
  /** The name the visitor gave when asking for a person (possibly ''), or null if they did not ask. */
  asked: string | null;
}

export interface LiveState {
  /** Newest first. */
  handoffs: Handoff[];
  conversations: ReadonlyMap<number, LiveConversation>;
}

/** A long-open page keeps this many of each; the oldest go first. */
const KEPT_HANDOFFS = 50;
const KEPT_CONVERSATIONS = 100;

export const emptyLive = (): LiveState => ({ handoffs: [], conversations: new Map() });

/** The conversations, newest activity first. */
export const byActivity = (state: LiveState): LiveConversation[] =>
  [...state.conversations.values()].sort((a, b) => b.order - a.order);

export function fold(state: LiveState, m: OwnerEvent): LiveState {
  const order = Number(m.id) || 0;
  const sessionId = m.data.SessionID;
  const known = state.conversations.get(sessionId);
  const seen: LiveConversation = known ?? {
    sessionId,
    order,
    last: null,
    heldBy: null,
    released: null,
    asked: null,
  };
  let next: LiveConversation | null = null;
  let handoffs = state.handoffs;
  switch (m.event) {
    case 'handoff':
      handoffs = [{ ...m.data, id: m.id }, ...handoffs].slice(0, KEPT_HANDOFFS);
      next = { ...seen, order, asked: m.data.Name };
      break;
    case 'message':
      next = { ...seen, order, last: { agent: null, text: m.data.Content, at: m.data.CreatedAt } };
      break;
    case 'taken':
      next = { ...seen, order, heldBy: m.data.Name, released: null };
      break;
    // Replies and releases belong to conversations already seen (a take comes first).
    case 'reply':
      if (known) next = { ...known, order, last: { agent: m.data.Name, text: m.data.Content, at: m.data.CreatedAt } };
      break;
    case 'released':
      if (known) next = { ...known, order, heldBy: null, released: { name: m.data.Name, idle: m.data.Idle === true } };
      break;
    case 'typing':
      break;
  }
  if (!next) return state;
  const conversations = new Map(state.conversations).set(sessionId, next);
  if (conversations.size > KEPT_CONVERSATIONS) {
    const oldest = [...conversations.values()].reduce((a, b) => (b.order < a.order ? b : a));
    conversations.delete(oldest.sessionId);
  }
  return { handoffs, conversations };
}

/** A message event as a transcript's turn, to add to the conversation shown; null for the other events. */
export function turnOf(m: OwnerEvent): TranscriptMessage | null {
  if (m.event !== 'message' && m.event !== 'reply') return null;
  const common = { AskType: 'Text', Files: [], Status: 'complete', NoAnswer: false, Feedback: null };
  return m.event === 'message'
    ? { ...common, Id: m.data.MessageId, Role: 'question', Content: m.data.Content, CreatedAt: m.data.CreatedAt }
    : {
        ...common,
        Id: m.data.MessageId,
        Role: 'agent',
        AgentName: m.data.Name,
        Content: m.data.Content,
        CreatedAt: m.data.CreatedAt,
      };
}

/** The transcript as read, and after it the turns that came since, each once, in order. */
export function withTurns(read: readonly TranscriptMessage[], more: readonly TranscriptMessage[]): TranscriptMessage[] {
  const ids = new Set(read.map((m) => m.Id));
  const added = new Map<number, TranscriptMessage>();
  for (const m of more) if (!ids.has(m.Id)) added.set(m.Id, m);
  return [...read, ...[...added.values()].sort((a, b) => a.Id - b.Id)];
}
