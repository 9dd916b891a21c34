/** The owner's knowledge [ext] (docs/PROTOCOL.md *Knowledge*): sources listed, added, replaced, deleted and searched, for the API key or an owner session key. */
import type { FastifyInstance } from 'fastify';
import { knowledgeRuleBroken } from '../../protocol/index.ts';
import type { ServiceContext } from '../context.ts';
import { THRESHOLD, findInKnowledge } from '../engines/knowledge/find.ts';
import { invalid, notFound } from '../http.ts';
import { operation, ownedChatbot } from '../operation.ts';
import { addSource, deleteSources, knowledgeBase, listSources, sourceKind, updateSource } from '../store/knowledge.ts';

const noSource = (id: number) => notFound(`No knowledge source of this chatbot has the Id ${id}`);

export function knowledgeRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  operation(app, ctx, 'KnowledgeList', async ({ body, caller }) => {
    const { SerialNumber, ...query } = body;
    const chatbot = await ownedChatbot(ctx, caller, SerialNumber);
    return listSources(ctx.db, chatbot.serialNumber, query);
  });

  operation(app, ctx, 'KnowledgeAdd', async ({ body, caller, now }) => {
    const { SerialNumber, Kind, ...fields } = body;
    const chatbot = await ownedChatbot(ctx, caller, SerialNumber);
    return addSource(ctx.db, chatbot.serialNumber, Kind, fields, now);
  });

  operation(app, ctx, 'KnowledgeUpdate', async ({ body, caller, now }) => {
    const { SerialNumber, Id, ...fields } = body;
    const chatbot = await ownedChatbot(ctx, caller, SerialNumber);
    const kind = await sourceKind(ctx.db, chatbot.serialNumber, Id);
    if (!kind) throw noSource(Id);
    // The rules of its Kind, which the body does not name (a source keeps its Kind).
    const broken = knowledgeRuleBroken({ Kind: kind, ...fields });
    if (broken) throw invalid(broken);
    const updated = await updateSource(ctx.db, chatbot.serialNumber, Id, fields, now);
    if (!updated) throw noSource(Id);
    return updated;
  });

  operation(app, ctx, 'KnowledgeDelete', async ({ body, caller }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    return { SuccessCount: await deleteSources(ctx.db, chatbot.serialNumber, [...new Set(body.Ids)]) };
  });

  operation(app, ctx, 'KnowledgeSearch', async ({ body, caller }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    const hits = await findInKnowledge(knowledgeBase(ctx.db, chatbot.serialNumber), body.Query, body.Limit ?? 5);
    return {
      Items: hits.map((h) => ({
        SourceId: h.sourceId,
        Kind: h.kind,
        Title: h.title,
        Url: h.url,
        Heading: h.heading,
        Text: h.body,
        Score: h.score,
      })),
      Threshold: THRESHOLD,
    };
  });
}
