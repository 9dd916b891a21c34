/**
 * The links of /openapi.json (OpenAPI 3.1 Link Objects on 200 responses): which operation's answer
 * feeds which next one, so that a stateful tester or a generated client can chain them. A link's
 * `requestBody` holds only the fields it carries over — runtime expressions such as
 * `$response.body#/Data/SessionID` — the caller supplies the rest.
 */
import type { DocOperation } from './responses.ts';

export interface Link {
  operationId: DocOperation;
  description: string;
  parameters?: Record<string, unknown>;
  requestBody?: Record<string, unknown>;
}

const chatbot = (field: 'serialNumber' | 'SerialNumber') => ({ [field]: '$response.body#/Data/SerialNumber' });
const session = { sessionID: '$response.body#/Data/SessionID' };
const sessionVia =
  'In the session GetSession started. In the visitor flow its VisitorToken is the credential (Authorization), which a link cannot carry: a header of security, not a parameter.';
const listing = { SerialNumber: '$request.body#/SerialNumber', KeyType: 'NewOaks' };
const file = { FileStoreId: '$response.body#/Data/FileStoreId' };

/** The links of each operation's 200 response, by name. */
export const LINKS: Partial<Record<DocOperation, Record<string, Link>>> = {
  Add: {
    Get: { operationId: 'Get', description: 'Read the new chatbot', requestBody: chatbot('serialNumber') },
    Edit: { operationId: 'Edit', description: 'Change its settings', requestBody: chatbot('serialNumber') },
    GetSession: {
      operationId: 'GetSession',
      description: 'Start a chat session with it',
      requestBody: chatbot('serialNumber'),
    },
  },
  GetSession: {
    ClientAsk: { operationId: 'ClientAsk', description: `Ask. ${sessionVia}`, requestBody: session },
    TalkToHuman: {
      operationId: 'TalkToHuman',
      description: `Hand the conversation to a person. ${sessionVia}`,
      requestBody: session,
    },
    GetPreUploadUrl: {
      operationId: 'GetPreUploadUrl',
      description: `Reserve a file for a question. ${sessionVia}`,
      requestBody: session,
    },
  },
  ClientAsk: {
    Feedback: {
      operationId: 'Feedback',
      description: 'Rate the answer (messageid is its id)',
      requestBody: { sessionID: '$request.body#/sessionID', answerID: '$response.body#/Data/messageid' },
    },
  },
  GetPreUploadUrl: {
    Upload: {
      operationId: 'Upload',
      description:
        'PUT the bytes to PreUploadUrl (`$response.body#/Data/PreUploadUrl`) itself: its query holds the `token` parameter, which no runtime expression can take out of the URL',
      parameters: { id: '$response.body#/Data/FileStoreId' },
    },
  },
  Upload: {
    UploadSuccess: {
      operationId: 'UploadSuccess',
      description: 'Check the uploaded file by its content',
      requestBody: file,
    },
  },
  UploadSuccess: {
    GetFile: {
      operationId: 'GetFile',
      description: "Read the checked file's bytes (a visitor's with the same credential)",
      parameters: { id: '$response.body#/Data/FileStoreId' },
    },
  },
  RealEstateCreate: {
    RealEstateGet: {
      operationId: 'RealEstateGet',
      description: 'Read the new listing by its Id',
      requestBody: { ...listing, Key: '$response.body#/Data' },
    },
    RealEstateUpdate: {
      operationId: 'RealEstateUpdate',
      description: 'Replace the new listing (every field)',
      requestBody: { ...listing, Key: '$response.body#/Data' },
    },
    RealEstateDelete: {
      operationId: 'RealEstateDelete',
      description: 'Delete the new listing',
      requestBody: { ...listing, Keys: ['$response.body#/Data'] },
    },
  },
};
