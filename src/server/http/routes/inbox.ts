/** The console's reads [ext]: the owner's chatbots, and a chatbot's leads and outbox. */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { EMAIL_BODY_CHARS, OUTBOX_PAGE_BYTES } from '../../mail/outbox.ts';
import { operation, ownedChatbot } from '../operation.ts';
import { listLeads, listOutbox, ownersChatbots } from '../../store/inbox.ts';

export function inboxRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  operation(app, ctx, 'List', async ({ caller }) =>
    caller.kind === 'owner' ? ownersChatbots(ctx.db, caller.ownerId) : [],
  );

  operation(app, ctx, 'LeadList', async ({ body, caller }) => {
    const { SerialNumber, ...paging } = body;
    return listLeads(ctx.db, (await ownedChatbot(ctx, caller, SerialNumber)).serialNumber, paging);
  });

  operation(app, ctx, 'OutboxList', async ({ body, caller }) => {
    const { SerialNumber, ...paging } = body;
    const serialNumber = (await ownedChatbot(ctx, caller, SerialNumber)).serialNumber;
    return listOutbox(ctx.db, serialNumber, paging, { bodyChars: EMAIL_BODY_CHARS, pageBytes: OUTBOX_PAGE_BYTES });
  });
}
