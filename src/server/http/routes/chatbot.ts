/** Add, Edit, GetSession, Get, ModelList and SessionKey (API.md §3.1–3.4, §2). */
import type { FastifyInstance } from 'fastify';
import { splitDomains, type Settings } from '../../../protocol/index.ts';
import { OWNER_SESSION_TTL_MS, VISITOR_TOKEN_TTL_MS, newKey, sha256, signVisitorToken, type Caller } from '../auth.ts';
import type { ServiceContext } from '../context.ts';
import { forbidden, invalid } from '../envelope.ts';
import { fileUrlFor, operation, ownedChatbot, visitorChatbot } from '../operation.ts';
import { assertPageAllowed } from '../origins.ts';
import { throttle } from '../throttle.ts';
import {
  createChatbot,
  defaultSettings,
  editSettings,
  fullSettings,
  publicSettings,
  settingsPatch,
} from '../../store/chatbots.ts';
import { createSession, pageUrlOf } from '../../store/messages.ts';
import { ownerSessions } from '../../store/schema.ts';
import { findFile } from './files.ts';

/** Rules that need the service: Model is one it offers; picture and icon are the owner's checked images. */
async function checkReferences(ctx: ServiceContext, ownerId: number, patch: Partial<Settings>): Promise<void> {
  if (patch.Model !== undefined && !ctx.engines.models().some((m) => m.Key === patch.Model))
    throw invalid(
      `"Model" must be a Key from ModelList (${ctx.engines
        .models()
        .map((m) => `"${m.Key}"`)
        .join(', ')}) (got "${patch.Model}")`,
    );
  for (const field of ['ChatProfilePicture', 'ChatIcon'] as const) {
    const id = patch[field];
    if (!id) continue;
    // findFile: an id too large to be a file is no file (400 here), never a query error.
    const file = await findFile(ctx, Number(id));
    if (!file || file.ownerId !== ownerId || file.status !== 'checked' || file.kind !== 'Image')
      throw invalid(
        `"${field}" must be the FileStoreId of an image you uploaded and confirmed with UploadSuccess (got "${id}")`,
      );
  }
}

const ownerId = (caller: Caller) => (caller.kind === 'owner' ? caller.ownerId : -1);

/**
 * Domains given without VerifyDomain turn verification on [ext]: an owner who lists their sites
 * means them to be the only ones (API.md keeps a list unchecked while VerifyDomain is false, and
 * that is kept when VerifyDomain: false is sent with it).
 */
export function domainsVerified(patch: Partial<Settings>): Partial<Settings> {
  if (patch.VerifyDomain !== undefined || !patch.Domains || splitDomains(patch.Domains).length === 0) return patch;
  return { ...patch, VerifyDomain: true };
}

export function chatbotRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  operation(app, ctx, 'Add', async ({ body, caller }) => {
    const { timeZone, type: _type, ...given } = body;
    const patch = domainsVerified(settingsPatch({ ...given, TimeZone: timeZone }));
    await checkReferences(ctx, ownerId(caller), patch);
    const settings = { ...defaultSettings(timeZone, ctx.engines.defaultModel), ...patch };
    const serial = await createChatbot(ctx.db, ownerId(caller), settings);
    return { SerialNumber: serial };
  });

  operation(app, ctx, 'Edit', async ({ body, caller, now }) => {
    const { serialNumber, ...given } = body;
    const chatbot = await ownedChatbot(ctx, caller, serialNumber);
    const patch = domainsVerified(settingsPatch(given));
    await checkReferences(ctx, chatbot.ownerId, patch);
    if (Object.keys(patch).length > 0) await editSettings(ctx.db, chatbot.serialNumber, patch, now);
    return 1;
  });

  operation(app, ctx, 'GetSession', async ({ body, caller, req, reply, now }) => {
    if (caller.kind === 'owner') {
      const chatbot = await ownedChatbot(ctx, caller, body.serialNumber);
      const start = {
        openedBy: 'owner' as const,
        clientIp: req.ip,
        origin: '',
        pageUrl: pageUrlOf(req.headers.referer, req.headers.origin),
      };
      return { SessionID: await createSession(ctx.db, chatbot.serialNumber, start, now) };
    }
    const chatbot = await visitorChatbot(ctx, body.serialNumber);
    assertPageAllowed(chatbot.settings, req, reply);
    await throttle(
      ctx.db,
      ctx.throttles,
      'GetSession',
      { chatbot: chatbot.serialNumber, sessionId: null, address: req.ip },
      now,
    );
    const origin = req.headers.origin ?? '';
    const start = {
      openedBy: 'visitor' as const,
      clientIp: req.ip,
      origin,
      pageUrl: pageUrlOf(req.headers.referer, origin),
    };
    const sessionId = await createSession(ctx.db, chatbot.serialNumber, start, now);
    const expiresAt = new Date(now.getTime() + VISITOR_TOKEN_TTL_MS);
    return {
      SessionID: sessionId,
      VisitorToken: signVisitorToken(ctx.secret, { chatbot: chatbot.serialNumber, sessionId, expiresAt }),
      ExpiresAt: expiresAt.toISOString(),
    };
  });

  operation(app, ctx, 'Get', async ({ body, caller, req, reply }) => {
    if (caller.kind === 'owner')
      return fullSettings(await ownedChatbot(ctx, caller, body.serialNumber), fileUrlFor(ctx, req));
    const chatbot = await visitorChatbot(ctx, body.serialNumber);
    if (caller.kind === 'visitor' && caller.chatbot !== chatbot.serialNumber)
      throw forbidden('This visitor token belongs to another chatbot');
    assertPageAllowed(chatbot.settings, req, reply);
    return publicSettings(chatbot, fileUrlFor(ctx, req));
  });

  operation(app, ctx, 'ModelList', async () => ctx.engines.models());

  operation(app, ctx, 'SessionKey', async ({ caller, now }) => {
    const key = newKey('cbs_');
    const expiresAt = new Date(now.getTime() + OWNER_SESSION_TTL_MS);
    await ctx.db
      .insert(ownerSessions)
      .values({ keyHash: sha256(key), ownerId: ownerId(caller), expiresAt, createdAt: now });
    return { SessionKey: key, ExpiresAt: expiresAt.toISOString() };
  });
}
