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
  'ChatbotEvents',
  'ConversationTake',
  'ConversationReply',
  'ConversationRelease',
  'ConversationTyping',
] as const;
export const CHAT_OPERATIONS = ['ClientAsk', 'TalkToHuman', 'Feedback', 'ChatEvents', 'Typing'] as const;
export const USER_OPERATIONS = ['GetPreUploadUrl', 'UploadSuccess', 'SessionKey'] as const;

export type OperationName = (typeof CHATBOT_OPERATIONS | typeof CHAT_OPERATIONS | typeof USER_OPERATIONS)[number];

const isIn = (names: readonly OperationName[], name: OperationName) => names.includes(name);

/** The two event streams [ext] are both `…/Events`, of their group: GET, as ModelList. */
const isEvents = (name: OperationName) => name === 'ChatEvents' || name === 'ChatbotEvents';

/** Where an operation lives. */
export const routeOf = (name: OperationName): OperationRoute => ({
  method: name === 'ModelList' || isEvents(name) ? 'GET' : 'POST',
  path: `/chat/${isIn(CHAT_OPERATIONS, name) ? 'Chat' : isIn(USER_OPERATIONS, name) ? 'User' : 'Chatbot'}/${isEvents(name) ? 'Events' : name}`,
});

/** `GET {base}/chat/File/{id}` downloads a file. */
export const FILE_PATH_PREFIX = '/chat/File/';

/** Header names of API.md §2. */
export const HEADERS = {
  authorization: 'Authorization',
  sessionKey: 'chatrobot-sessionkey',
} as const;
