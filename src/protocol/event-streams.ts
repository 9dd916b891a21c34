/**
 * Where the event streams live [ext] (API.md §3.10): GET `…/Events` of their group, with a query.
 * A module of its own, read by client/events.ts and the operation table alone: the widget's panel,
 * which carries paths.ts, needs neither, and a shared module's exports join the panel's chunk.
 */
import type { EventStream } from './paths.ts';

export const EVENT_STREAMS: Readonly<Record<EventStream, string>> = {
  ChatbotEvents: '/chat/Chatbot/Events',
  ChatEvents: '/chat/Chat/Events',
};
