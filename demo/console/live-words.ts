/** How the Live page names who holds a conversation, who asked for a person, and what it tells the owner. */
import type { Handoff, LiveConversation } from './live-state.ts';

/** A visitor by the name they gave, or as a visitor when they gave none. */
export const visitorName = (name: string | null | undefined) => name?.trim() || 'A visitor';

/** Who answers in a conversation now: an agent who holds it, or the assistant (and why, when an agent just left). */
export function holdLine(c: Pick<LiveConversation, 'heldBy' | 'released'>): string {
  if (c.heldBy) return `${c.heldBy} holds it`;
  if (c.released?.idle) return `${c.released.name} was released after inactivity; the assistant answers`;
  if (c.released) return `${c.released.name} left; the assistant answers`;
  return 'The assistant answers';
}

/** What a request for a person says in the page's log and in a notification. */
export function handoffLine(h: Handoff): string {
  const who = visitorName(h.Name);
  return `${who} asked for a person${h.Message ? `: ${h.Message}` : '.'}`;
}

/** A conversation's name in the list: the visitor's, when they asked for a person, and its number. */
export const conversationName = (c: Pick<LiveConversation, 'sessionId' | 'asked'>) =>
  c.asked?.trim() ? `${c.asked.trim()} — conversation ${c.sessionId}` : `Conversation ${c.sessionId}`;

/** A message as one line of the list (the list shows its start; the transcript the whole). */
export function lastLine(c: LiveConversation): string {
  if (!c.last) return 'No message yet';
  return `${c.last.agent ?? 'Visitor'}: ${c.last.text.replace(/\s+/g, ' ').trim()}`;
}

export const TYPING = 'Visitor is typing…';
