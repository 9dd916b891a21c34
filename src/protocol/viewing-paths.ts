/**
 * Where the viewing operations live [ext] (API.md §3.11). A module of its own, as the event streams
 * are: the widget's panel carries paths.ts and needs none of these; the slots chunk reads this one.
 * The visitor's ViewingCancel and the owner's share a name under two groups: the owner's is
 * `OwnerViewingCancel` in the operation table and the typed client.
 */
import type { ViewingOperation } from './paths.ts';

export const VIEWING_ROUTES: Readonly<Record<ViewingOperation, string>> = {
  ViewingSlots: '/chat/Chat/ViewingSlots',
  ViewingBook: '/chat/Chat/ViewingBook',
  ViewingCancel: '/chat/Chat/ViewingCancel',
  ViewingReschedule: '/chat/Chat/ViewingReschedule',
  OwnerViewingCancel: '/chat/Chatbot/ViewingCancel',
  ViewingList: '/chat/Chatbot/ViewingList',
};
