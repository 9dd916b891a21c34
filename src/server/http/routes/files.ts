/**
 * Files (API.md §3.7): GetPreUploadUrl reserves a file and signs a 5-minute URL; the PUT to it
 * streams the bytes into the file store (files/file-store.ts); UploadSuccess checks them by
 * content. Owners' files (profile picture, icon) are public; a visitor's are readable only with
 * that session's credential. Reading one takes a byte range (for video and audio to seek).
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FAILURE, FILE_PATH_PREFIX, LIMITS, type FileKind } from '../../../protocol/index.ts';
import { identify, sha256, type Caller } from '../auth.ts';
import type { ServiceContext } from '../context.ts';
import {
  Failure,
  conflict,
  forbidden,
  insufficientStorage,
  invalid,
  notFound,
  sendFailure,
  sendSuccess,
  tooLarge,
  unauthenticated,
  unsupported,
} from '../envelope.ts';
import { originOf, operation } from '../operation.ts';
import { assertPageAllowed } from '../origins.ts';
import { throttle } from '../throttle.ts';
import { findChatbot } from '../../store/chatbots.ts';
import { findSessionWithChatbot } from '../../store/messages.ts';
import { chatbots, files, sessions } from '../../store/schema.ts';
import { FileMissing, storageFull, type ByteRange } from '../../files/file-store.ts';
import { StoreError } from '../../store/errors.ts';
import { HEAD_BYTES, refusal, sniff, type Sniffed } from '../../files/sniff.ts';
import { DOCUMENT_TYPES, documentKind } from '../../files/document-kind.ts';

const UPLOAD_TTL_MS = 5 * 60 * 1000;
type FileRow = typeof files.$inferSelect;
// `token` is whatever the query string holds: absent, one value, or several.
type UploadRequest = { Params: { id: string }; Querystring: { token?: unknown } };

/** May this caller use (upload, check, read, attach) this file? */
export async function mayUseFile(ctx: ServiceContext, caller: Caller, file: FileRow): Promise<boolean> {
  if (caller.kind === 'visitor')
    return file.sessionId !== null && file.sessionId === caller.sessionId && !ctx.notServed.has(caller.chatbot);
  if (caller.kind !== 'owner') return false;
  if (file.sessionId === null) return file.ownerId === caller.ownerId;
  const [row] = await ctx.db
    .select({ ownerId: chatbots.ownerId })
    .from(sessions)
    .innerJoin(chatbots, eq(chatbots.serialNumber, sessions.chatbot))
    .where(eq(sessions.id, file.sessionId))
    .limit(1);
  return row?.ownerId === caller.ownerId;
}

export async function findFile(ctx: ServiceContext, id: number): Promise<FileRow | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) return null;
  const [row] = await ctx.db.select().from(files).where(eq(files.id, id)).limit(1);
  return row ?? null;
}

/**
 * The one byte range a Range header asks for (RFC 9110 §14.1.2: `bytes=0-99`, `bytes=100-`,
 * `bytes=-100`), clipped to the file; null for no header, several ranges or one this does not read
 * (the whole file is sent); 'unsatisfiable' when it starts past the end.
 */
export function byteRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const m = header === undefined ? null : /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

const dataOf = (f: FileRow) => ({
  FileStoreId: String(f.id),
  Kind: f.kind as FileKind,
  MimeType: f.mimeType,
  Size: f.size,
});

export function fileRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  operation(app, ctx, 'GetPreUploadUrl', async ({ body, caller, req, reply, now }) => {
    let sessionId: number | null = null;
    if (caller.kind === 'visitor') {
      if (body.sessionID === undefined) throw invalid('"sessionID" is required with a visitor token');
      if (body.sessionID !== caller.sessionId) throw forbidden('This visitor token belongs to another session');
      const chatbot = await findChatbot(ctx.db, caller.chatbot);
      if (!chatbot) throw notFound('The chatbot of this session no longer exists');
      assertPageAllowed(chatbot.settings, req, reply);
      await throttle(
        ctx.db,
        ctx.throttles,
        'GetPreUploadUrl',
        { chatbot: chatbot.serialNumber, sessionId: caller.sessionId, address: req.ip },
        now,
      );
      sessionId = caller.sessionId;
    } else if (body.sessionID !== undefined) {
      const found = await findSessionWithChatbot(ctx.reads, body.sessionID);
      if (!found) throw notFound(`No session has the id ${body.sessionID}`);
      const { session, chatbot } = found;
      if (caller.kind !== 'owner' || chatbot?.ownerId !== caller.ownerId)
        throw forbidden('This credential does not give access to this session');
      sessionId = session.id;
    }
    const token = randomBytes(24).toString('base64url');
    const [row] = await ctx.db
      .insert(files)
      .values({
        ownerId: sessionId === null && caller.kind === 'owner' ? caller.ownerId : null,
        sessionId,
        fileName: body.fileName,
        status: 'reserved',
        uploadTokenHash: sha256(token),
        uploadExpiresAt: new Date(now.getTime() + UPLOAD_TTL_MS),
        createdAt: now,
      })
      .returning({ id: files.id });
    return {
      FileStoreId: String(row!.id),
      PreUploadUrl: `${originOf(ctx, req)}/chat/File/Upload/${row!.id}?token=${token}`,
    };
  });

  operation(app, ctx, 'UploadSuccess', async ({ body, caller }) => {
    const file = await findFile(ctx, Number(body.FileStoreId));
    if (!file) throw notFound(`No file has the FileStoreId "${body.FileStoreId}"`);
    if (!(await mayUseFile(ctx, caller, file))) throw forbidden('This credential does not give access to this file');
    if (file.status === 'checked') return dataOf(file);
    if (file.status === 'reserved')
      throw invalid(`No bytes were uploaded to FileStoreId "${file.id}" yet: PUT them to its PreUploadUrl first`);
    const head = await ctx.files.head(file, HEAD_BYTES).catch((error: unknown) => {
      // Marked uploaded a moment before its bytes are in place, or refused by a racing UploadSuccess.
      if (error instanceof FileMissing)
        throw conflict('The bytes of this file are not in place: wait for the upload to finish, or upload it again');
      throw error;
    });
    let sniffed: Sniffed | null = sniff(head);
    let why = sniffed ? await refusal(sniffed, head, () => ctx.files.whole(file)) : 'The file type is not accepted';
    if (sniffed?.kind === 'Document' && !why) {
      // What kind of document, by all its bytes (a ZIP that is no DOCX is refused); Markdown by its name.
      const kind = documentKind(await ctx.files.whole(file), file.fileName);
      if (kind) sniffed = { kind: 'Document', mimeType: DOCUMENT_TYPES[kind] };
      else why = 'The file is not a document the service reads: a PDF, a DOCX, Markdown or UTF-8 text';
    }
    if (!sniffed || why) {
      await ctx.files.remove(file);
      await ctx.db
        .update(files)
        .set({ status: 'reserved', size: 0, kind: '', mimeType: '' })
        .where(eq(files.id, file.id));
      throw unsupported(why ?? 'The file type is not accepted');
    }
    const [checked] = await ctx.db
      .update(files)
      .set({ status: 'checked', kind: sniffed.kind, mimeType: sniffed.mimeType })
      .where(eq(files.id, file.id))
      .returning();
    return dataOf(checked!);
  });

  // The PUT takes raw bytes of any type: its body is a stream, never parsed nor buffered.
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
    // Its requests' label in the metrics, as /openapi.json names it.
    scope.put<UploadRequest>('/chat/File/Upload/:id', { config: { operation: 'Upload' } }, async (req, reply) => {
      try {
        return sendSuccess(reply, await upload(req));
      } catch (error) {
        // Stop reading a body that is refused, rather than draining up to 100 MB of it.
        if (error instanceof Failure || error instanceof StoreError) reply.header('connection', 'close');
        throw error;
      }
    });
  });

  async function upload(req: FastifyRequest<UploadRequest>) {
    const now = ctx.clock.now();
    // The URL is the permission; a credential sent beside it is still checked, as on every operation.
    await identify(req, ctx.db, ctx.secret, now);
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    // findFile, not a query on the raw id: an id the integer column cannot hold is no file, not a 500.
    const file = await findFile(ctx, Number(req.params.id));
    if (!file || file.uploadTokenHash !== sha256(token) || file.uploadExpiresAt.getTime() <= now.getTime())
      throw unauthenticated('This upload URL is not valid or has expired; ask GetPreUploadUrl for a new one');
    // A visitor's URL counts against its session and address, before any byte is read; an owner's is never throttled.
    const session = file.sessionId === null ? null : await findSessionWithChatbot(ctx.reads, file.sessionId);
    if (session)
      await throttle(
        ctx.db,
        ctx.throttles,
        'Upload',
        { chatbot: session.session.chatbot, sessionId: session.session.id, address: req.ip },
        now,
      );
    if (file.status !== 'reserved') throw conflict('Bytes were already uploaded to this URL');
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > LIMITS.videoBytes) throw tooLarge(`The file is larger than ${LIMITS.videoBytes / 1_048_576} MB`);
    const body = req.body as Readable | undefined;
    if (!body) throw unsupported('The upload is empty');
    const { sniffed, size, keep, discard } = await ctx.files.receive(file, body).catch((error: unknown) => {
      throw storageFull(error) ? insufficientStorage(error) : error;
    });
    // PUTs racing to one URL each received into a file of their own; the first to finish keeps its bytes.
    const [claimed] = await ctx.db
      .update(files)
      .set({ status: 'uploaded', kind: sniffed.kind, mimeType: sniffed.mimeType, size })
      .where(and(eq(files.id, file.id), eq(files.status, 'reserved')))
      .returning({ id: files.id });
    if (!claimed) {
      await discard();
      throw conflict('Bytes were already uploaded to this URL');
    }
    try {
      await keep();
    } catch (error) {
      // Not kept (a disk turned read-only, the storage out of reach): the URL takes the bytes again
      // later. What cannot be discarded now either is the sweep's.
      await discard().catch(() => undefined);
      await ctx.db
        .update(files)
        .set({ status: 'reserved', size: 0, kind: '', mimeType: '' })
        .where(eq(files.id, file.id));
      throw storageFull(error) ? insufficientStorage(error) : error;
    }
    return { FileStoreId: String(file.id), Size: size };
  }

  // Labelled in the metrics as /openapi.json names it.
  app.get<{ Params: { id: string } }>(
    `${FILE_PATH_PREFIX}:id`,
    { config: { operation: 'GetFile' } },
    async (req, reply) => {
      // Every credential sent is checked, a public file's reader's too, as on every operation.
      const caller = await identify(req, ctx.db, ctx.secret, ctx.clock.now());
      const file = await findFile(ctx, Number(req.params.id));
      if (!file || file.status !== 'checked')
        return sendFailure(reply, notFound(`No file has the id "${req.params.id}"`));
      // A document (the owner's knowledge) is the owner's to read, as a visitor's file is its session's.
      if (file.kind === 'Document' && !(caller.kind === 'owner' && (await mayUseFile(ctx, caller, file))))
        throw caller.kind === 'none'
          ? unauthenticated("This document is readable only with its owner's credential")
          : forbidden('This credential does not give access to this file');
      if (file.sessionId !== null) {
        if (caller.kind === 'none') throw unauthenticated("This file is readable only with its session's credential");
        if (!(await mayUseFile(ctx, caller, file)))
          throw forbidden('This credential does not give access to this file');
      }
      // A video or a recording seeks with Range (one range; several, or one it cannot read, get the whole file).
      const range = byteRange(req.headers.range, file.size);
      if (range === 'unsatisfiable')
        return sendFailure(
          reply.header('content-range', `bytes */${file.size}`),
          new Failure(
            FAILURE.rangeNotSatisfiable,
            `The range must start within the file, whose size is ${file.size.toLocaleString('en-US')} bytes`,
          ),
        );
      reply.headers({
        'content-type': file.mimeType,
        'accept-ranges': 'bytes',
        'x-content-type-options': 'nosniff',
        'content-security-policy': "default-src 'none'; sandbox",
        'cache-control':
          file.sessionId === null && file.kind !== 'Document' ? 'public, max-age=3600' : 'private, max-age=3600',
        'cross-origin-resource-policy': 'cross-origin',
      });
      // Checked, yet not in the store (removed since): nothing to send.
      const bytes = await ctx.files.read(file, range ?? undefined).catch((error: unknown) => {
        throw error instanceof FileMissing ? notFound(`No file has the id "${req.params.id}"`) : error;
      });
      if (!range) return reply.header('content-length', String(file.size)).send(bytes);
      return reply
        .code(206)
        .headers({
          'content-range': `bytes ${range.start}-${range.end}/${file.size}`,
          'content-length': String(range.end - range.start + 1),
        })
        .send(bytes);
    },
  );
}
