/** The five listing operations (API.md §3.6) and RealEstateImport [ext], for the API key or an owner session key. */
import type { FastifyInstance } from 'fastify';
import type { ServiceContext } from '../context.ts';
import { notFound } from '../envelope.ts';
import { operation, ownedChatbot } from '../operation.ts';
import { createListing, deleteListings, getListing, listListings, updateListing } from '../../store/listings.ts';
import { importListings } from '../../store/listing-import.ts';

const KEY_NAMES = { NewOaks: 'the id', MLSNumber: 'the MLSNumber', URL: 'the Url' } as const;
const noListing = (keyType: keyof typeof KEY_NAMES, key: string, data: unknown = null) =>
  notFound(`No listing of this chatbot has ${KEY_NAMES[keyType]} "${key}"`, data);

export function listingRoutes(app: FastifyInstance, ctx: ServiceContext): void {
  operation(app, ctx, 'RealEstateCreate', async ({ body, caller, now }) => {
    const { SerialNumber, ...fields } = body;
    const chatbot = await ownedChatbot(ctx, caller, SerialNumber);
    return createListing(ctx.db, chatbot.serialNumber, fields, now);
  });

  operation(app, ctx, 'RealEstateUpdate', async ({ body, caller, now }) => {
    const { SerialNumber, Key, KeyType, ...fields } = body;
    const chatbot = await ownedChatbot(ctx, caller, SerialNumber);
    const updated = await updateListing(ctx.db, chatbot.serialNumber, KeyType, Key, fields, now);
    if (updated === 0) throw noListing(KeyType, Key, 0);
    return updated;
  });

  operation(app, ctx, 'RealEstateDelete', async ({ body, caller }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    return { SuccessCount: await deleteListings(ctx.db, chatbot.serialNumber, body.KeyType, body.Keys) };
  });

  operation(app, ctx, 'RealEstateList', async ({ body, caller }) => {
    const { SerialNumber, ...query } = body;
    const chatbot = await ownedChatbot(ctx, caller, SerialNumber);
    return listListings(ctx.db, chatbot.serialNumber, query);
  });

  operation(app, ctx, 'RealEstateImport', async ({ body, caller, now }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    return importListings(ctx.db, chatbot.serialNumber, body.Items, now);
  });

  operation(app, ctx, 'RealEstateGet', async ({ body, caller }) => {
    const chatbot = await ownedChatbot(ctx, caller, body.SerialNumber);
    const listing = await getListing(ctx.db, chatbot.serialNumber, body.KeyType, body.Key);
    if (!listing) throw noListing(body.KeyType, body.Key);
    return listing;
  });
}
