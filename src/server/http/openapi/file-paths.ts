/**
 * The paths of /openapi.json that are not in the operation table (API.md §3.7): the PUT of an
 * upload's bytes, the step between GetPreUploadUrl and UploadSuccess, and the read of a file.
 * Their failures come from the same table as every operation's (http/openapi/responses.ts).
 */
import { FILE_PATH_PREFIX } from '../../../protocol/index.ts';
import { MIME_TYPES } from '../../files/sniff.ts';
import { failureResponses } from './responses.ts';

type Json = Record<string, unknown>;

const id = { name: 'id', in: 'path', required: true, description: 'The FileStoreId', schema: { type: 'string' } };

/** The bytes of a file as `GET /chat/File/{id}` serves them, in each media type the service takes. */
const fileBytes = Object.fromEntries(MIME_TYPES.map((type) => [type, { schema: {} }]));

/** `GET /chat/File/{id}`: a file's bytes, whole or a byte range. */
const getFile = {
  get: {
    operationId: 'GetFile',
    summary:
      "A checked file's bytes: an owner's (profile picture, icon) for anyone, a visitor's only with its session's credential or its chatbot owner's",
    security: [{ apiKey: [] }, { ownerSessionKey: [] }, { visitorToken: [] }, {}],
    parameters: [
      id,
      {
        name: 'Range',
        in: 'header',
        required: false,
        description:
          'One byte range (`bytes=0-99`, `bytes=100-`, `bytes=-100`); several, or one not read, get the whole file',
        schema: { type: 'string' },
      },
    ],
    responses: {
      200: { description: 'The whole file, of the media type its content showed', content: fileBytes },
      206: {
        description: 'The byte range asked for',
        headers: { 'Content-Range': { description: '`bytes <start>-<end>/<size>`', schema: { type: 'string' } } },
        content: fileBytes,
      },
      ...failureResponses('GetFile'),
    },
  },
};

/** The two paths; `uploadResponses` are the PUT's, made as an operation's are (its 200 with its links). */
export function filePaths(uploadResponses: Json): Record<string, Json> {
  return {
    '/chat/File/Upload/{id}': {
      put: {
        operationId: 'Upload',
        summary: "Upload a file's bytes to the PreUploadUrl of GetPreUploadUrl, within 5 minutes",
        security: [],
        parameters: [
          id,
          {
            name: 'token',
            in: 'query',
            required: true,
            description: "The credential of this upload, in PreUploadUrl's query",
            schema: { type: 'string' },
          },
        ],
        requestBody: {
          required: true,
          content: { '*/*': { description: 'The raw bytes: an image, a recording or a video', schema: {} } },
        },
        responses: uploadResponses,
      },
    },
    [`${FILE_PATH_PREFIX}{id}`]: getFile,
  };
}
