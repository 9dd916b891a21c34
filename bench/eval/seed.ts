/**
 * The evaluation's chatbot: one that hands off to a person, holding the given listings, made through
 * the owner's API; `settings` adds to (or overrides) its settings — a set's showing hours.
 */
import type { Client } from '../../src/client/index.ts';
import type { AddBody, Listing, ListingCreateBody } from '../../src/protocol/index.ts';
import { DEMO_FAQ, DEMO_PAGES } from '../../src/server/demo/faq.ts';
import { OWNER_FAQ, OWNER_TEXTS } from './owner-knowledge.ts';

type Fields = Omit<ListingCreateBody, 'SerialNumber'>;

export async function seedChatbot(
  owner: Client,
  fields: Fields[],
  model?: string,
  settings: Partial<AddBody> = {},
): Promise<{ serial: string; listings: Listing[] }> {
  const { SerialNumber: serial } = await owner.add({
    timeZone: 'America/Chicago',
    type: 0,
    Name: 'Oakridge Realty',
    TalkToHumanEmail: 'agents@homes.example',
    ...(model ? { Model: model } : {}),
    ...settings,
  });
  return { serial, listings: await addListings(owner, serial, fields) };
}

/** Adds listings to a chatbot; resolves to all it holds now. */
export async function addListings(owner: Client, serial: string, fields: Fields[]): Promise<Listing[]> {
  for (const f of fields) await owner.realEstateCreate({ SerialNumber: serial, ...f });
  const listings: Listing[] = [];
  for (let page = 1, total = Infinity; listings.length < total; page++) {
    const found = await owner.realEstateList({ SerialNumber: serial, Page: page, PageSize: 100 });
    total = found.Total;
    listings.push(...found.Items);
    if (!found.Items.length) break;
  }
  return listings;
}

/** Gives a chatbot the demo agency's knowledge: its FAQ, and its pages (as texts, with their addresses under `origin`). */
export async function addKnowledge(owner: Client, serial: string, origin: string): Promise<void> {
  for (const f of DEMO_FAQ)
    await owner.knowledgeAdd({
      SerialNumber: serial,
      Kind: 'faq',
      Question: f.question,
      Phrasings: f.phrasings,
      Content: f.answer,
    });
  for (const p of DEMO_PAGES)
    await owner.knowledgeAdd({
      SerialNumber: serial,
      Kind: 'text',
      Title: p.title,
      Url: `${origin}${p.path}`,
      Content: p.markdown,
    });
}

/**
 * Gives a chatbot an owner's own knowledge (owner-knowledge.ts, issue 64): FAQ entries as the owner
 * typed them, without Phrasings, and texts (no address: pasted in the console).
 */
export async function addOwnerKnowledge(owner: Client, serial: string): Promise<void> {
  for (const f of OWNER_FAQ)
    await owner.knowledgeAdd({ SerialNumber: serial, Kind: 'faq', Question: f.question, Content: f.answer });
  for (const t of OWNER_TEXTS)
    await owner.knowledgeAdd({ SerialNumber: serial, Kind: 'text', Title: t.title, Content: t.markdown });
}
