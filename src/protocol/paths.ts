/**
 * Where each operation lives and who may call it (API.md §2–3). Schema-free on purpose:
 * the client imports this at run time without pulling any schema into a visitor's bundle.
 */

/** A credential of API.md §2. */
export type Credential = 'apiKey' | 'sessionKey' | 'visitorToken';

export interface OperationRoute {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** Credentials the operation accepts. */
  readonly credentials: readonly Credential[];
  /** Also open without any credential, to pages the chatbot allows (the visitor flow). */
  readonly visitorFlow?: true;
}

const owner = ['apiKey'] as const;
const ownerOrSession = ['apiKey', 'sessionKey'] as const;
const anyone = ['apiKey', 'sessionKey', 'visitorToken'] as const;
const visitorOrOwner = ['apiKey', 'visitorToken'] as const;

export const ROUTES = {
  Add: { method: 'POST', path: '/chat/Chatbot/Add', credentials: owner },
  Edit: { method: 'POST', path: '/chat/Chatbot/Edit', credentials: owner },
  GetSession: { method: 'POST', path: '/chat/Chatbot/GetSession', credentials: ['apiKey', 'visitorToken'], visitorFlow: true },
  Get: { method: 'POST', path: '/chat/Chatbot/Get', credentials: anyone, visitorFlow: true },
  ModelList: { method: 'GET', path: '/chat/Chatbot/ModelList', credentials: ownerOrSession },
  ClientAsk: { method: 'POST', path: '/chat/Chat/ClientAsk', credentials: visitorOrOwner },
  TalkToHuman: { method: 'POST', path: '/chat/Chat/TalkToHuman', credentials: visitorOrOwner },
  RealEstateCreate: { method: 'POST', path: '/chat/Chatbot/RealEstateCreate', credentials: ownerOrSession },
  RealEstateUpdate: { method: 'POST', path: '/chat/Chatbot/RealEstateUpdate', credentials: ownerOrSession },
  RealEstateDelete: { method: 'POST', path: '/chat/Chatbot/RealEstateDelete', credentials: ownerOrSession },
  RealEstateList: { method: 'POST', path: '/chat/Chatbot/RealEstateList', credentials: ownerOrSession },
  RealEstateGet: { method: 'POST', path: '/chat/Chatbot/RealEstateGet', credentials: ownerOrSession },
  GetPreUploadUrl: { method: 'POST', path: '/chat/User/GetPreUploadUrl', credentials: anyone },
  UploadSuccess: { method: 'POST', path: '/chat/User/UploadSuccess', credentials: anyone },
  SessionKey: { method: 'POST', path: '/chat/User/SessionKey', credentials: owner },
} as const satisfies Record<string, OperationRoute>;

export type OperationName = keyof typeof ROUTES;
export const OPERATION_NAMES = Object.keys(ROUTES) as OperationName[];

/** `GET {base}/chat/File/{id}` downloads a file. */
export const FILE_PATH_PREFIX = '/chat/File/';

/** Header names of API.md §2. */
export const HEADERS = {
  authorization: 'Authorization',
  sessionKey: 'chatrobot-sessionkey',
} as const;
