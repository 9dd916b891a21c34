/** The model's tools (search_listings, get_listing) and the facts guard, on a fixed set of listings. */
import { describe, expect, it } from 'vitest';
import { checkFacts, correctionNote } from '../../../../src/server/engines/model/guard.ts';
import { runTool, toolDefinitions } from '../../../../src/server/engines/model/tools.ts';
import { memoryCatalog } from '../../../../src/server/engines/search/catalog.ts';
import { fixtureListings } from '../../../support/listings.ts';

const byMls = (mls: string) => fixtureListings.find((l) => l.MLSNumber === mls)!;
const catalog = memoryCatalog(fixtureListings);
const search = async (args: unknown) => {
  const result = await runTool('search_listings', JSON.stringify(args), catalog);
  return {
    ...result,
    json: JSON.parse(result.content) as Record<string, unknown> & {
      total?: number;
      listings?: { mls_number: string }[];
    },
  };
};
const mlsOf = (r: Awaited<ReturnType<typeof search>>) => r.listings.map((l) => l.MLSNumber);

describe('search_listings', () => {
  it('is defined with the chatbot’s own cities and kinds', async () => {
    const [searchTool, getTool] = toolDefinitions(catalog.vocabulary);
    expect(searchTool!.function.name).toBe('search_listings');
    expect(getTool!.function.name).toBe('get_listing');
    expect(JSON.stringify(searchTool)).toContain('Austin, Denver, Portland');
    // In the order of their names: the vocabulary the database keeps is a set.
    expect((searchTool!.function.parameters.properties.property_type as { enum: string[] }).enum).toEqual([
      'Apartment',
      'Condo',
      'Single Family',
      'Townhouse',
    ]);
  });

  it('filters by place, sale type, price, rooms and kind, cheapest first, and counts all matches', async () => {
    const r = await search({
      city: 'austin',
      sale_type: 'for_sale',
      max_price: 500000,
      min_bedrooms: 3,
      property_type: 'single family',
    });
    expect(mlsOf(r)).toEqual(['A101', 'A100']);
    expect(r.json.total).toBe(2);
    expect(r.json.listings![0]).toMatchObject({
      mls_number: 'A101',
      price: 455000,
      bedrooms: 3,
      url: 'https://homes.example/7-elm-ave',
      address: '7 Elm Ave, Austin, TX 78702',
    });
  });

  it('sorts, limits, excludes and takes statuses', async () => {
    expect(mlsOf(await search({ sale_type: 'for_sale', sort: 'price_desc', limit: 1 }))).toEqual(['D301']);
    expect(mlsOf(await search({ sale_type: 'for_sale', city: 'Austin', exclude_property_types: ['Condo'] }))).toEqual([
      'A101',
      'A100',
      'A102',
    ]);
    expect(mlsOf(await search({ status: 'PreOnMarket' }))).toEqual(['A105']);
    expect((await search({ status: 'any', city: 'Portland' })).json.total).toBe(3);
  });

  it('offers near misses, with what each misses by, when nothing matches', async () => {
    const r = await search({
      city: 'Austin',
      sale_type: 'for_sale',
      min_bedrooms: 3,
      max_bedrooms: 3,
      max_price: 450000,
    });
    expect(r.json.total).toBe(0);
    expect(r.json.near_misses).toEqual([
      expect.objectContaining({ mls_number: 'A101', misses_by: ['$455,000 — 1% over the budget'] }),
      expect.objectContaining({ mls_number: 'A100', misses_by: ['$489,000 — 9% over the budget'] }),
    ]);
    expect(mlsOf(r)).toEqual(['A101', 'A100']);
  });

  it('says when no listing mentions the words looked for, and what place it has nothing in', async () => {
    expect((await search({ text: 'swimming pool', city: 'Denver' })).json.note).toMatch(
      /No listing mentions "swimming pool"/,
    );
    expect((await search({ city: 'Boston' })).json).toMatchObject({
      total: 0,
      note: 'The agency has no listings in Boston.',
    });
  });

  it('answers malformed calls with an error the model can read, never a throw', async () => {
    expect(JSON.parse((await runTool('search_listings', '{"city": "Austin"', catalog)).content)).toEqual({
      error: expect.stringMatching(/not valid JSON/),
    });
    expect(JSON.parse((await runTool('search_listings', '[1]', catalog)).content).error).toMatch(/JSON object/);
    expect(JSON.parse((await runTool('search_listings', '{"max_price": "cheap"}', catalog)).content).error).toBe(
      'max_price must be a number',
    );
    expect(JSON.parse((await runTool('search_listings', '{"sort": "best"}', catalog)).content).error).toMatch(
      /^sort must be one of/,
    );
    expect(JSON.parse((await runTool('delete_listings', '{}', catalog)).content).error).toMatch(
      /no tool named delete_listings/,
    );
  });
});

describe('get_listing', () => {
  it.each([
    { id: 'id-D301' },
    { mls_number: 'MLS D301' },
    { address: '42 aspen ct' },
    { url: 'https://homes.example/42-aspen-ct/' },
  ])('finds a listing by %j, with all of it', async (args) => {
    const r = await runTool('get_listing', JSON.stringify(args), catalog);
    expect(r.listings).toEqual([byMls('D301')]);
    expect(JSON.parse(r.content)).toMatchObject({
      mls_number: 'D301',
      price: 980000,
      parking_spots: 3,
      description: '',
      lot_area: 5000,
    });
  });

  it('says when nothing matches, or nothing was given', async () => {
    expect(JSON.parse((await runTool('get_listing', '{"mls_number":"Z9"}', catalog)).content).error).toMatch(
      /No listing matches/,
    );
    expect(JSON.parse((await runTool('get_listing', '{}', catalog)).content).error).toBe(
      'Give one of id, mls_number, address or url',
    );
  });
});

describe('the facts guard', () => {
  const given = [byMls('A100'), byMls('A101'), byMls('D301')];
  const fields = (text: string) =>
    checkFacts(text, given).map((c) => [c.listing.MLSNumber, c.field, c.wrote, c.actual]);

  it('finds nothing wrong in right figures, bounds and ranges', async () => {
    expect(
      fields(
        '[12 Oak St](https://homes.example/12-oak-st) is listed at $489,000 with 3 bedrooms and 2.5 baths (MLS A100).',
      ),
    ).toEqual([]);
    expect(
      fields(
        'Both are under $500,000 and have at least 2 bathrooms: [12 Oak St](https://homes.example/12-oak-st) and [7 Elm Ave](https://homes.example/7-elm-ave).',
      ),
    ).toEqual([]);
    expect(fields('[12 Oak St](https://homes.example/12-oak-st) costs about $489k.')).toEqual([]);
  });

  it('catches a wrong price, bed and bath count, MLS number and address, and says the right ones', async () => {
    expect(
      fields('[12 Oak St](https://homes.example/12-oak-st) is $498,000 with 4 bedrooms and 3 baths (MLS A199).'),
    ).toEqual([
      ['A100', 'price', '$498,000', '$489,000'],
      ['A100', 'bedrooms', '4', '3'],
      ['A100', 'bathrooms', '3', '2.5'],
      ['A100', 'MLS number', 'A199', 'A100'],
    ]);
    expect(fields('[7 Oak St](https://homes.example/7-elm-ave) is a good fit.')).toEqual([
      ['A101', 'address', '7 Oak St', '7 Elm Ave, Austin, TX 78702'],
    ]);
  });

  it('reads a sentence without a name as about the listing named before it in the paragraph', async () => {
    expect(fields('Take a look at 42 Aspen Ct in Denver. It is priced at $1.2M and has 5 bedrooms.')).toEqual([
      ['D301', 'price', '$1.2M', '$980,000'],
    ]);
    expect(fields('Take a look at 42 Aspen Ct.\n\nSomething else costs $5.')).toEqual([]);
  });

  it('writes the corrections as a note, a line per listing', async () => {
    const note = correctionNote(
      checkFacts('MLS A100 is $1 and has 9 bedrooms. [7 Elm Ave](https://homes.example/7-elm-ave) has 8 baths.', given),
    );
    expect(note).toBe(
      '> **Correction:** 12 Oak St, Austin, TX 78701 — the price is **$489,000**, not $1; it has **3** bedrooms, not 9.\n>\n' +
        '> **Correction:** 7 Elm Ave, Austin, TX 78702 — it has **2** bathrooms, not 8.',
    );
  });
});
