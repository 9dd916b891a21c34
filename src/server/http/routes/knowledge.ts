/** The owner's knowledge [ext] (docs/PROTOCOL.md *Knowledge*): sources listed, added, replaced, deleted, read again and searched, for the API key or an owner session key. */
import type { FastifyInstance } from 'fastify';
import { SYNCED_KINDS, knowledgeRuleBroken, type KnowledgeKind } from '../../../protocol/index.ts';
import type { ServiceContext } from '../context.ts';
import { THRESHOLD, findInKnowledge } from '../../engines/knowledge/find.ts';
import { invalid, notFound } from '../envelope.ts';
import type { ChatbotRow } from '../../store/chatbots.ts';
import { findFile } from './files.ts';
import { operation, ownedChatbot } from '../operation.ts';
import {
  addSource,
  deleteSources,
  knowledgeBase,
  listSources,
  sourceKind,
  syncedSources,
  updateSource,
} from '../../store/knowledge.ts';

const noSource = (id: number) => notFound(`No knowledge source of this chatbot has the Id ${id}`);

/** A document's file: the owner's own, uploaded and checked as a document (400 otherwise). */
async function checkDocument(ctx: ServiceContext, chatbot: ChatbotRow, kind: KnowledgeKind, fileStoreId?: string) {
  if (kind !== 'document') return;
  const file = await findFile(ctx, Number(fileStoreId));
  if (!file || file.ownerId !== chatbot.ownerId || file.status !== 'checked' || file.kind !== 'Document')
    throw invalid(
      `"FileStoreId" must be the FileStoreId of a document (PDF, DOCX, Markdown or text) you uploaded and checked with UploadSuccess (got "${fileStoreId}")`,
    );
}

export function knowledgeRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  operation(app, ctx, 'KnowledgeList', async ({ body, caller }) => {
    const { SerialNumber, ...query } = body;
    const chatbot = await ownedChatbot(ctx, caller, SerialNumber);
    return listSources(ctx.db, chatbot.serialNumber, query);
  });

  operation(app, ctx, 'KnowledgeAdd', async ({ body, caller, now }) => {
    const { SerialNumber, Kind, ...fields } = body;
    const chatbot = await ownedChatbot(ctx, caller, SerialNumber);
    await checkDocument(ctx, chatbot, Kind, fields.FileStoreId);
    const added = await addSource(ctx.db, chatbot.serialNumber, Kind, fields, now);
    // Read in the background: its State says how it went.
    if (SYNCED_KINDS.includes(Kind)) ctx.knowledge.schedule([added.Id]);
    else ctx.embedding?.kick();
    return added;
  });

  operation(app, ctx, 'KnowledgeUpdate', async ({ body, caller, now }) => {
    const { SerialNumber, Id, ...fields } = body;
    const chatbot = await ownedChatbot(ctx, caller, SerialNumber);
    const kind = await sourceKind(ctx.db, chatbot.serialNumber, Id);
    if (!kind) throw noSource(Id);
    // The rules of its Kind, which the body does not name (a source keeps its Kind).
    const broken = knowledgeRuleBroken({ Kind: kind, ...fields });
    if (broken) throw invalid(broken);
    await checkDocument(ctx, chatbot, kind, fields.FileStoreId);
    const updated = await updateSource(ctx.db, chatbot.serialNumber, Id, fields, now);
    if (!updated) throw noSource(Id);
    if (SYNCED_KINDS.includes(kind)) ctx.knowledge.schedule([Id]);
    else ctx.embedding?.kick();
    return updated;
  });

  operation(app, ctx, 'KnowledgeDelete', async ({ body, caller }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    return { SuccessCount: await deleteSources(ctx.db, chatbot.serialNumber, [...new Set(body.Ids)]) };
  });

  operation(app, ctx, 'KnowledgeSync', async ({ body, caller, now }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    if (body.Id !== undefined) {
      const kind = await sourceKind(ctx.db, chatbot.serialNumber, body.Id);
      if (!kind) throw noSource(body.Id);
      if (!SYNCED_KINDS.includes(kind))
        throw invalid(
          `Source ${body.Id} is a ${kind === 'faq' ? 'FAQ entry' : 'text'}: only pages, sitemaps and documents are read again`,
        );
    }
    const ids = await syncedSources(ctx.db, chatbot.serialNumber, body.Id, now);
    ctx.knowledge.schedule(ids);
    return { Scheduled: ids.length };
  });

  operation(app, ctx, 'KnowledgeSearch', async ({ body, caller }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    const kb = knowledgeBase(ctx.db, chatbot.serialNumber, ctx.vectors);
    // Scored as the offline engine scores a question: by its words and, through the lexicon, by meaning.
    const hits = await findInKnowledge(kb, body.Query, body.Limit ?? 5, ctx.lexicon);
    return {
      Items: hits.map((h) => ({
        SourceId: h.sourceId,
        Kind: h.kind,
        Title: h.title,
        Url: h.url,
        Heading: h.heading,
        Text: h.body,
        Score: h.score,
        Words: h.words,
        Similarity: h.similarity ?? null,
      })),
      Threshold: THRESHOLD,
      SimilarityBar: kb.similarityBar ?? null,
    };
  });
}
