/**
 * Where each operation lives (API.md §3). Schema-free and policy-free on purpose: the client
 * imports this at run time; who may call what is the service's business (operations.ts).
 */

export interface OperationRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
}

export const ROUTES = {
  Add: { method: 'POST', path: '/chat/Chatbot/Add' },
  Edit: { method: 'POST', path: '/chat/Chatbot/Edit' },
  GetSession: { method: 'POST', path: '/chat/Chatbot/GetSession' },
  Get: { method: 'POST', path: '/chat/Chatbot/Get' },
  ModelList: { method: 'GET', path: '/chat/Chatbot/ModelList' },
  ClientAsk: { method: 'POST', path: '/chat/Chat/ClientAsk' },
  TalkToHuman: { method: 'POST', path: '/chat/Chat/TalkToHuman' },
  RealEstateCreate: { method: 'POST', path: '/chat/Chatbot/RealEstateCreate' },
  RealEstateUpdate: { method: 'POST', path: '/chat/Chatbot/RealEstateUpdate' },
  RealEstateDelete: { method: 'POST', path: '/chat/Chatbot/RealEstateDelete' },
  RealEstateList: { method: 'POST', path: '/chat/Chatbot/RealEstateList' },
  RealEstateGet: { method: 'POST', path: '/chat/Chatbot/RealEstateGet' },
  GetPreUploadUrl: { method: 'POST', path: '/chat/User/GetPreUploadUrl' },
  UploadSuccess: { method: 'POST', path: '/chat/User/UploadSuccess' },
  SessionKey: { method: 'POST', path: '/chat/User/SessionKey' },
  List: { method: 'POST', path: '/chat/Chatbot/List' },
  LeadList: { method: 'POST', path: '/chat/Chatbot/LeadList' },
  OutboxList: { method: 'POST', path: '/chat/Chatbot/OutboxList' },
  Feedback: { method: 'POST', path: '/chat/Chat/Feedback' },
  ConversationList: { method: 'POST', path: '/chat/Chatbot/ConversationList' },
  ConversationGet: { method: 'POST', path: '/chat/Chatbot/ConversationGet' },
  UnansweredList: { method: 'POST', path: '/chat/Chatbot/UnansweredList' },
  Insights: { method: 'POST', path: '/chat/Chatbot/Insights' },
  Export: { method: 'POST', path: '/chat/Chatbot/Export' },
} as const satisfies Record<string, OperationRoute>;

export type OperationName = keyof typeof ROUTES;

/** `GET {base}/chat/File/{id}` downloads a file. */
export const FILE_PATH_PREFIX = '/chat/File/';

/** Header names of API.md §2. */
export const HEADERS = {
  authorization: 'Authorization',
  sessionKey: 'chatrobot-sessionkey',
} as const;
