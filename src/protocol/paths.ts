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
 * ModelList. Written as names, not as a table of paths, because this ships in the widget.
 */
const GROUPS = {
  Chatbot: ['Add', 'Edit', 'GetSession', 'Get', 'ModelList', 'RealEstateCreate', 'RealEstateUpdate', 'RealEstateDelete', 'RealEstateList', 'RealEstateGet', 'List', 'LeadList', 'OutboxList', 'ConversationList', 'ConversationGet', 'UnansweredList', 'Insights', 'Export'],
  Chat: ['ClientAsk', 'TalkToHuman', 'Feedback'],
  User: ['GetPreUploadUrl', 'UploadSuccess', 'SessionKey'],
} as const;

export type OperationName = (typeof GROUPS)[keyof typeof GROUPS][number];

export const ROUTES = Object.fromEntries(
  Object.entries(GROUPS).flatMap(([group, names]) => names.map((name) => [name, { method: name === 'ModelList' ? 'GET' : 'POST', path: `/chat/${group}/${name}` }])),
) as Record<OperationName, OperationRoute>;



/** `GET {base}/chat/File/{id}` downloads a file. */
export const FILE_PATH_PREFIX = '/chat/File/';

/** Header names of API.md §2. */
export const HEADERS = {
  authorization: 'Authorization',
  sessionKey: 'chatrobot-sessionkey',
} as const;
