/** Files: the three-step upload and what the service says about a file (API.md §3.7). */
import { Type, type Static } from 'typebox';
import { FILE_KINDS, LIMITS } from './rules.ts';
import { oneOf, requiredText, sessionId } from './fields.ts';

export type FileKind = (typeof FILE_KINDS)[number];

/** Byte limit of each kind; a limit includes itself. */
export const FILE_LIMITS: Record<FileKind, number> = {
  Image: LIMITS.imageBytes,
  Audio: LIMITS.audioBytes,
  Video: LIMITS.videoBytes,
  Document: LIMITS.documentBytes,
};

/** `POST /chat/User/GetPreUploadUrl` — sessionID is required with a visitor token. */
export const PreUploadBody = Type.Object(
  {
    fileName: requiredText(LIMITS.fileNameChars),
    sessionID: Type.Optional({
      ...sessionId(),
      jsonSchema: { 'x-rule': "Required with a visitor token, and then the token's own session." },
    }),
  },
  { additionalProperties: false },
);
export type PreUploadBody = Static<typeof PreUploadBody>;

export const PreUploadResult = Type.Object({
  FileStoreId: Type.String({ description: 'an integer, as a string' }),
  PreUploadUrl: Type.String({ description: 'PUT the raw bytes here within 5 minutes' }),
});
export type PreUploadResult = Static<typeof PreUploadResult>;

/** Data of the PUT to a PreUploadUrl. */
export const UploadResult = Type.Object({ FileStoreId: Type.String(), Size: Type.Integer() });
export type UploadResult = Static<typeof UploadResult>;

const fileStoreId = () =>
  Type.Union([Type.String({ pattern: '^[1-9][0-9]{0,14}$' }), Type.Integer({ minimum: 1 })], {
    rule: 'must be a FileStoreId returned by GetPreUploadUrl',
    jsonSchema: { 'x-rule': 'The service checks that bytes were uploaded to its PreUploadUrl.' },
  });

/** `POST /chat/User/UploadSuccess`. */
export const UploadSuccessBody = Type.Object({ FileStoreId: fileStoreId() }, { additionalProperties: false });
export type UploadSuccessBody = Static<typeof UploadSuccessBody>;

export const UploadSuccessResult = Type.Object({
  FileStoreId: Type.String(),
  Kind: oneOf(FILE_KINDS),
  MimeType: Type.String(),
  Size: Type.Integer(),
});
export type UploadSuccessResult = Static<typeof UploadSuccessResult>;
