/** The evaluation's chatbot: one that hands off to a person, holding the given listings, made through the owner's API. */
import type { Client } from '../../src/client/index.ts';
import type { Listing, ListingCreateBody } from '../../src/protocol/index.ts';

export async function seedChatbot(owner: Client, fields: Omit<ListingCreateBody, 'SerialNumber'>[], model?: string): Promise<{ serial: string; listings: Listing[] }> {
  const { SerialNumber: serial } = await owner.add({ timeZone: 'America/Chicago', type: 0, Name: 'Oakridge Realty', TalkToHumanEmail: 'agents@homes.example', ...(model ? { Model: model } : {}) });
  for (const f of fields) await owner.realEstateCreate({ SerialNumber: serial, ...f });
  const listings: Listing[] = [];
  for (let page = 1; listings.length < fields.length; page++) listings.push(...(await owner.realEstateList({ SerialNumber: serial, Page: page, PageSize: 100 })).Items);
  return { serial, listings };
}
