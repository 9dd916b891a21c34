/**
 * The owner's reads of what visitors asked [ext]: ConversationList, ConversationGet,
 * UnansweredList, Insights and Export — owner credentials only, of their own chatbots.
 */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { exportStream } from '../csv-export.ts';
import { notFound } from '../envelope.ts';
import { REPLIED, operation, ownedChatbot } from '../operation.ts';
import { listConversations, transcriptOf } from '../../store/conversations.ts';
import { pageOf } from '../../store/inbox.ts';
import { insightsOf } from '../../store/insights.ts';
import { unansweredGroups } from '../../store/unanswered.ts';
import { dayRange, nextDay, startOfDay } from '../../store/calendar.ts';

export function conversationRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  operation(app, ctx, 'ConversationList', async ({ body, caller }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    const tz = chatbot.settings.TimeZone;
    return listConversations(ctx.db, {
      chatbot: chatbot.serialNumber,
      ...(body.From ? { start: startOfDay(body.From, tz) } : {}),
      ...(body.To ? { end: startOfDay(nextDay(body.To), tz) } : {}),
      ...(body.Flag ? { flag: body.Flag } : {}),
      ...(body.Query ? { query: body.Query } : {}),
      ...pageOf(body),
    });
  });

  operation(app, ctx, 'ConversationGet', async ({ body, caller }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    const transcript = await transcriptOf(ctx.db, chatbot.serialNumber, body.SessionID);
    if (!transcript) throw notFound(`Chatbot "${chatbot.serialNumber}" has no session with the id ${body.SessionID}`);
    return transcript;
  });

  operation(app, ctx, 'UnansweredList', async ({ body, caller, now }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    const range = dayRange(body, chatbot.settings.TimeZone, now);
    const { groups, considered } = await unansweredGroups(ctx.db, chatbot.serialNumber, range.start, range.end);
    const { limit, offset } = pageOf(body);
    return {
      Items: groups.slice(offset, offset + limit),
      Total: groups.length,
      Considered: considered,
      From: range.from,
      To: range.to,
    };
  });

  operation(app, ctx, 'Insights', async ({ body, caller, now }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    const tz = chatbot.settings.TimeZone;
    return insightsOf(ctx.db, chatbot.serialNumber, dayRange(body, tz, now), tz);
  });

  operation(app, ctx, 'Export', async ({ body, caller, reply, now }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    const range = dayRange(body, chatbot.settings.TimeZone, now);
    const { stream, contentType, fileName } = exportStream(ctx.db, {
      chatbot: chatbot.serialNumber,
      range,
      format: body.Format,
      of: body.Of,
    });
    void reply
      .headers({
        'content-type': contentType,
        'content-disposition': `attachment; filename="${fileName}"`,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      })
      .send(stream);
    return REPLIED;
  });
}
