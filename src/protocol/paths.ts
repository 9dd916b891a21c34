/**
 * Where each operation lives (API.md §3). Schema-free and policy-free on purpose: the client
 * imports this at run time; who may call what is the service's business (operations.ts).
 */

export interface OperationRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
}

/**
 * Every operation's name by the group its path is under: `/chat/{group}/{name}`, all POST but
 * ModelList. Written as names, not as a table of paths, because this ships in the widget — and
 * routeOf() reads only the two short groups, so the widget never carries the Chatbot one.
 */
export const CHATBOT_OPERATIONS = [
  'Add',
  'Edit',
  'GetSession',
  'Get',
  'ModelList',
  'RealEstateCreate',
  'RealEstateUpdate',
  'RealEstateDelete',
  'RealEstateList',
  'RealEstateGet',
  'RealEstateImport',
  'List',
  'LeadList',
  'OutboxList',
  'ConversationList',
  'ConversationGet',
  'UnansweredList',
  'Insights',
  'Export',
  'KnowledgeList',
  'KnowledgeAdd',
  'KnowledgeUpdate',
  'KnowledgeDelete',
  'KnowledgeSearch',
  'KnowledgeSync',
  'ConversationTake',
  'ConversationReply',
  'ConversationRelease',
  'ConversationTyping',
] as const;
export const CHAT_OPERATIONS = ['ClientAsk', 'TalkToHuman', 'Feedback', 'Typing'] as const;
export const USER_OPERATIONS = ['GetPreUploadUrl', 'UploadSuccess', 'SessionKey'] as const;

/** An operation a route answers with an envelope (every one but the event streams). */
export type RoutedOperation = (typeof CHATBOT_OPERATIONS | typeof CHAT_OPERATIONS | typeof USER_OPERATIONS)[number];
/** The event streams [ext] (event-streams.ts): GET `…/Events` of their group, never through routeOf. */
export type EventStream = 'ChatbotEvents' | 'ChatEvents';
/** The viewing operations [ext] (viewing-paths.ts): POST, never through routeOf. */
export type ViewingOperation =
  'ViewingSlots' | 'ViewingBook' | 'ViewingCancel' | 'ViewingReschedule' | 'OwnerViewingCancel' | 'ViewingList';
export type OperationName = RoutedOperation | EventStream | ViewingOperation;

const isIn = (names: readonly RoutedOperation[], name: RoutedOperation) => names.includes(name);

/** Where an operation lives. */
export const routeOf = (name: RoutedOperation): OperationRoute => ({
  method: name === 'ModelList' ? 'GET' : 'POST',
  path: `/chat/${isIn(CHAT_OPERATIONS, name) ? 'Chat' : isIn(USER_OPERATIONS, name) ? 'User' : 'Chatbot'}/${name}`,
});

/** `GET {base}/chat/File/{id}` downloads a file. */
export const FILE_PATH_PREFIX = '/chat/File/';

/** Header names of API.md §2. */
export const HEADERS = {
  authorization: 'Authorization',
  sessionKey: 'chatrobot-sessionkey',
} as const;
