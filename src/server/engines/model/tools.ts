/**
 * The tools a model is given to look at the chatbot's listings itself: `search_listings`
 * (structured filters, words in the descriptions, an order, an offset and a limit), `get_listing`
 * (by id, MLS number, address or Url) and `estimate_payment` (a monthly payment,
 * search/payment.ts). They search the chatbot's listings through the catalog the offline engine
 * searches too (search/catalog.ts), so both engines agree on what matches; their results are JSON
 * the model reads.
 */
import { addressText, DEFAULT_MORTGAGE_RATE, type Listing } from '../../../protocol/index.ts';
import { budgetMarket, emptyCriteria, type Criteria, type SortKey } from '../reading/criteria.ts';
import { priceOf } from '../search/match.ts';
import type { Catalog } from '../search/catalog.ts';
import { lettersAndDigits, withoutTrailingSlashes } from '../search/listing-keys.ts';
import { nearMisses } from '../search/near.ts';
import { estimate } from '../search/payment.ts';
import { mlsKey, type Vocabulary } from '../reading/places.ts';
import type { KnowledgeBase } from '../knowledge/find.ts';
import type { Citations } from './citations.ts';
import { KNOWLEDGE_TOOL, runKnowledgeTool } from './knowledge-tool.ts';
import { VIEWING_TOOL, runViewingTool, type ViewingPort } from './viewing-tool.ts';
import type { OfferedSlot } from '../../../protocol/index.ts';
import { english } from '../writing/index.ts';

export const TOOL_NAMES = [
  'search_listings',
  'get_listing',
  'estimate_payment',
  'search_knowledge',
  'find_viewing_slots',
] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

const SORTS: Record<string, SortKey> = {
  price_asc: 'price-asc',
  price_desc: 'price-desc',
  largest: 'area-desc',
  smallest: 'area-asc',
  newest_built: 'year-desc',
  oldest_built: 'year-asc',
  newest_listed: 'newest-listed',
};

/** The tools' definitions, in the Chat Completions `tools` format; the kinds and cities are the chatbot's own; search_knowledge where it has knowledge, find_viewing_slots where it has showing hours. */
export function toolDefinitions(vocabulary: Vocabulary, knowledge = false, viewings = false) {
  const types = vocabulary.types.filter(Boolean);
  const cities = [...vocabulary.cities].sort();
  const str = (description: string) => ({ type: 'string', description });
  const num = (description: string) => ({ type: 'number', description });
  return [
    {
      type: 'function' as const,
      function: {
        name: 'search_listings',
        description:
          "Search the agency's listings. Returns how many match in all and the first matches (each with its id, address, link, price and facts); when none matches, the nearest misses and what each misses by. Only Active listings unless `status` says otherwise.",
        parameters: {
          type: 'object',
          additionalProperties: false,
          properties: {
            city: { type: 'string', description: `A city${cities.length ? `: ${cities.join(', ')}` : ''}` },
            zip: str('A ZIP code'),
            state: str('A two-letter state code'),
            sale_type: { type: 'string', enum: ['for_sale', 'for_rent'] },
            min_price: num('Lowest sale price, or monthly rent for rentals'),
            max_price: num('Highest sale price, or monthly rent for rentals'),
            min_bedrooms: { type: 'integer', minimum: 0 },
            max_bedrooms: { type: 'integer', minimum: 0 },
            min_bathrooms: { type: 'number', minimum: 0 },
            property_type: { type: 'string', ...(types.length ? { enum: types } : {}) },
            exclude_property_types: { type: 'array', items: { type: 'string' } },
            exclude_cities: { type: 'array', items: { type: 'string' } },
            status: {
              type: 'string',
              enum: ['Active', 'PreOnMarket', 'Sold', 'any'],
              description: 'PreOnMarket = coming soon',
            },
            text: str(
              'Words to find in the listings\' descriptions and details, e.g. "fenced backyard", "water view", "schools"',
            ),
            sort: { type: 'string', enum: Object.keys(SORTS) },
            limit: { type: 'integer', minimum: 1, maximum: 10, description: 'How many to return (default 5)' },
            offset: {
              type: 'integer',
              minimum: 0,
              description:
                'How many of the order to pass over first: 1 with sort price_asc and limit 1 is "the second cheapest"; 5 shows the next page',
            },
          },
        },
      },
    },
    {
      type: 'function' as const,
      function: {
        name: 'get_listing',
        description: 'Everything about one listing, found by its id, MLS number, street address or Url.',
        parameters: {
          type: 'object',
          additionalProperties: false,
          properties: {
            id: str('The listing id from a search'),
            mls_number: str('The MLS number'),
            address: str('The street address, e.g. "12 Oak St"'),
            url: str("The listing's Url"),
          },
        },
      },
    },
    {
      type: 'function' as const,
      function: {
        name: 'estimate_payment',
        description:
          "A monthly mortgage payment (principal and interest, standard amortisation) for a listing (by id or MLS number) or a price or loan amount, from the down payment, yearly rate and term the visitor gave; what is not given is assumed (20% down, 30 years, the agency's usual rate) and returned as assumptions, with what the figure leaves out.",
        parameters: {
          type: 'object',
          additionalProperties: false,
          properties: {
            listing_id: str('The id of a listing, from a search or the prompt'),
            mls_number: str('The MLS number of a listing'),
            price: num('A purchase price'),
            loan_amount: num('An amount borrowed, when the visitor gives the loan rather than a price'),
            down_payment_percent: num('Down payment, in percent of the price'),
            down_payment_amount: num('Down payment, as an amount'),
            rate_percent: num('Yearly interest rate, in percent'),
            years: { type: 'integer', minimum: 1, maximum: 50, description: 'The loan term in years' },
          },
        },
      },
    },
    ...(knowledge ? [KNOWLEDGE_TOOL] : []),
    ...(viewings ? [VIEWING_TOOL] : []),
  ];
}

/** A tool's arguments were not what its definition asks for. */
export class ToolInputError extends Error {
  override name = 'ToolInputError';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function field<T>(args: Record<string, unknown>, name: string, type: 'string' | 'number'): T | undefined {
  const v = args[name];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== type || (type === 'number' && !Number.isFinite(v)))
    throw new ToolInputError(`${name} must be a ${type}`);
  return v as T;
}
const strings = (args: Record<string, unknown>, name: string): string[] => {
  const v = args[name];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string'))
    throw new ToolInputError(`${name} must be an array of strings`);
  return v as string[];
};

/** The facts of a listing a model needs to write about it. */
export function listingFacts(l: Listing, full = false) {
  const facts: Record<string, unknown> = {
    id: l.Id,
    mls_number: l.MLSNumber,
    address: addressText(l),
    url: l.Url,
    sale_type: l.SaleType,
    status: l.Status,
    property_type: l.PropertyType,
    price: priceOf(l),
    currency: l.CurrencySymbol,
    price_is_monthly_rent: l.SaleType === 'for_rent',
    bedrooms: l.Bedrooms,
    bathrooms: l.Bathrooms,
    building_area: l.BuildingArea,
    area_unit: l.AreaUnit,
    year_built: l.YearBuilt,
    parking_spots: l.ParkingSpots,
    tours: l.Tours || null,
  };
  if (full)
    Object.assign(facts, {
      description: l.Description,
      lot_area: l.LotArea,
      hoa_per_month: l.HOAMonth,
      deposit: l.DepositFee,
      estimate_price: l.EstimatePrice,
      days_on_market: l.DaysOnMarket,
      details: Object.fromEntries(l.ExtensionColumn.map((x) => [x.Key, x.value])),
      photo: l.Images[0] ?? null,
    });
  else if (l.Description) facts.description = l.Description.slice(0, 200);
  return facts;
}

/** The search a `search_listings` call asks for, as the offline engine's criteria. */
export function criteriaOf(args: Record<string, unknown>, vocabulary: Vocabulary): Criteria {
  const c = emptyCriteria();
  const city = field<string>(args, 'city', 'string');
  if (city) {
    const known = vocabulary.cities.find((x) => x.toLowerCase() === city.trim().toLowerCase());
    if (known) c.cities = [known];
    else c.unknownPlaces = [city];
  }
  const zip = field<string>(args, 'zip', 'string');
  if (zip) c.zips = [zip.trim()];
  const state = field<string>(args, 'state', 'string');
  if (state) c.states = [state.trim().toUpperCase()];
  const sale = field<string>(args, 'sale_type', 'string');
  if (sale !== undefined && sale !== 'for_sale' && sale !== 'for_rent')
    throw new ToolInputError('sale_type must be for_sale or for_rent');
  if (sale) Object.assign(c, { saleType: sale, saleTypeSaid: true });
  const range = (lo: string, hi: string) => {
    const min = field<number>(args, lo, 'number'),
      max = field<number>(args, hi, 'number');
    return min === undefined && max === undefined ? undefined : { min, max };
  };
  c.price = range('min_price', 'max_price');
  if (c.price && !c.saleType) c.saleType = budgetMarket(c.price);
  c.bedrooms = range('min_bedrooms', 'max_bedrooms');
  const baths = field<number>(args, 'min_bathrooms', 'number');
  if (baths !== undefined) c.bathrooms = { min: baths };
  // A kind as the listings spell it.
  const kindOf = (t: string) => vocabulary.types.find((x) => x.toLowerCase() === t.toLowerCase()) ?? t;
  const type = field<string>(args, 'property_type', 'string');
  if (type) c.propertyTypes = [kindOf(type)];
  c.exclude.propertyTypes = strings(args, 'exclude_property_types').map(kindOf);
  c.exclude.cities = strings(args, 'exclude_cities');
  const status = field<string>(args, 'status', 'string');
  if (status) {
    if (!['Active', 'PreOnMarket', 'Sold', 'any'].includes(status))
      throw new ToolInputError('status must be Active, PreOnMarket, Sold or any');
    Object.assign(c, { statuses: status === 'any' ? ['Active', 'PreOnMarket', 'Sold'] : [status], statusesSaid: true });
  }
  const text = field<string>(args, 'text', 'string');
  if (text)
    c.features = [
      {
        phrase: text,
        relation: 'has',
        terms: text
          .toLowerCase()
          .split(/[^\p{L}\p{N}]+/u)
          .filter((w) => w.length > 2),
      },
    ];
  const sort = field<string>(args, 'sort', 'string');
  if (sort !== undefined && !(sort in SORTS))
    throw new ToolInputError(`sort must be one of ${Object.keys(SORTS).join(', ')}`);
  if (sort) c.sort = SORTS[sort];
  c.aboutListings = true;
  return c;
}

/** What a tool call found, for the model (JSON), and the listings it returned. */
export interface ToolResult {
  content: string;
  listings: Listing[];
  criteria?: Criteria;
  /** Free times to see a listing (find_viewing_slots): the answer's slots block. */
  slots?: OfferedSlot[];
}

/** Runs one tool call; a malformed call, an unknown tool or a tool that fails is a result the model reads, never a thrown error. */
export async function runTool(
  name: string,
  rawArguments: string,
  catalog: Catalog,
  options: { mortgageRate?: number; knowledge?: { base: KnowledgeBase; cite: Citations }; viewings?: ViewingPort } = {},
): Promise<ToolResult> {
  let args: unknown;
  try {
    args = rawArguments.trim() ? JSON.parse(rawArguments) : {};
  } catch {
    return {
      content: JSON.stringify({ error: 'The arguments are not valid JSON; call the tool again with a JSON object.' }),
      listings: [],
    };
  }
  if (!isRecord(args))
    return { content: JSON.stringify({ error: 'The arguments must be a JSON object.' }), listings: [] };
  try {
    if (name === 'search_listings') return await searchTool(args, catalog);
    if (name === 'get_listing') return await getTool(args, catalog);
    if (name === 'estimate_payment')
      return await paymentTool(args, catalog, options.mortgageRate ?? DEFAULT_MORTGAGE_RATE);
    if (name === 'find_viewing_slots' && options.viewings) {
      const id = field<string>(args, 'listing_id', 'string')?.trim();
      const [listing] = id
        ? await catalog.lookup({ ids: [id], urls: [], mlsKeys: [], houseNumbers: [], urlKeys: [], addressStarts: [] })
        : [];
      const { content, offered } = await runViewingTool(
        args,
        listing?.Id === id ? listing : undefined,
        options.viewings,
      );
      return { content: JSON.stringify(content), listings: listing ? [listing] : [], slots: offered };
    }
    if (name === 'search_knowledge' && options.knowledge)
      return {
        content: JSON.stringify(await runKnowledgeTool(args, options.knowledge.base, options.knowledge.cite)),
        listings: [],
      };
    return {
      content: JSON.stringify({
        error: `There is no tool named ${name}; use ${TOOL_NAMES.filter((t) => (t !== 'search_knowledge' || options.knowledge) && (t !== 'find_viewing_slots' || options.viewings)).join(' or ')}.`,
      }),
      listings: [],
    };
  } catch (error) {
    // The model reads what went wrong and answers from what it has; the visitor's answer goes on.
    const message =
      error instanceof ToolInputError
        ? error.message
        : 'The tool failed; answer from what you already know, or say you could not look it up.';
    return { content: JSON.stringify({ error: message }), listings: [] };
  }
}

async function searchTool(args: Record<string, unknown>, catalog: Catalog): Promise<ToolResult> {
  const c = criteriaOf(args, catalog.vocabulary);
  const limit = Math.min(10, Math.max(1, Math.trunc(field<number>(args, 'limit', 'number') ?? 5)));
  const offset = Math.max(0, Math.trunc(field<number>(args, 'offset', 'number') ?? 0));
  const found = await catalog.search(c, { from: offset, count: limit });
  const shown = found.window;
  const out: Record<string, unknown> = {
    total: found.total,
    ...(offset ? { offset } : {}),
    listings: shown.map((l) => listingFacts(l)),
  };
  if (offset && !shown.length && found.total)
    out.note = `Only ${found.total} match: there is nothing past the first ${found.total}.`;
  if (c.features.length && !(await catalog.mentioned(c.features[0]!)))
    out.note = `No listing mentions "${c.features[0]!.phrase}" in its details, so you cannot tell which homes have it; say so. These results ignore it.`;
  if (c.unknownPlaces.length) out.note = `The agency has no listings in ${c.unknownPlaces[0]}.`;
  let returned = shown;
  if (!found.total && !c.unknownPlaces.length) {
    const near = await nearMisses(catalog, c);
    out.near_misses = near.map((n) => ({ ...listingFacts(n.listing), misses_by: n.misses.map(english.miss) }));
    returned = near.map((n) => n.listing);
  }
  return { content: JSON.stringify(out), listings: returned, criteria: c };
}

async function paymentTool(args: Record<string, unknown>, catalog: Catalog, defaultRate: number): Promise<ToolResult> {
  const id = field<string>(args, 'listing_id', 'string'),
    mls = field<string>(args, 'mls_number', 'string');
  const pool =
    id || mls
      ? await catalog.lookup({
          ids: id ? [id.trim()] : [],
          urls: [],
          mlsKeys: mls ? [mlsKey(mls)] : [],
          houseNumbers: [],
        })
      : [];
  const listing = pool.find((l) => (id && l.Id === id.trim()) || (mls && mlsKey(l.MLSNumber) === mlsKey(mls)));
  if ((id || mls) && !listing)
    return {
      content: JSON.stringify({ error: 'No listing matches that; search_listings can find it.' }),
      listings: [],
    };
  const loan = field<number>(args, 'loan_amount', 'number');
  const price =
    field<number>(args, 'price', 'number') ?? (loan === undefined ? (listing?.SalePrice ?? undefined) : undefined);
  if (loan === undefined && price === undefined)
    return {
      content: JSON.stringify({
        error: listing
          ? 'That listing has no sale price (it may be a rental): there is no mortgage to work out.'
          : 'Give a listing, a price or a loan amount.',
      }),
      listings: [],
    };
  const downPct = field<number>(args, 'down_payment_percent', 'number'),
    downAmount = field<number>(args, 'down_payment_amount', 'number');
  const rate = field<number>(args, 'rate_percent', 'number'),
    years = field<number>(args, 'years', 'number');
  for (const [name, v, max] of [
    ['rate_percent', rate, 30],
    ['years', years, 50],
    ['down_payment_percent', downPct, 100],
  ] as const)
    if (v !== undefined && (v < 0 || v > max)) throw new ToolInputError(`${name} must be from 0 to ${max}`);
  const e = estimate({ loan, price, downPct, downAmount, ratePct: rate, years }, price, defaultRate);
  const assumed = [
    ...(e.assumed.down ? ['20% down'] : []),
    ...(e.assumed.rate ? [`a yearly rate of ${defaultRate}% (the agency's usual figure for estimates)`] : []),
    ...(e.assumed.years ? ['a 30-year fixed loan'] : []),
  ];
  const out = {
    monthly_payment: Math.round(e.monthly * 100) / 100,
    principal: e.principal,
    rate_percent: e.rate,
    years: e.years,
    down_payment: e.down,
    ...(price !== undefined ? { price } : {}),
    ...(listing ? { listing: listingFacts(listing) } : {}),
    assumed,
    leaves_out: [
      'property taxes',
      'home insurance',
      ...(listing?.HOAMonth ? [`the ${listing.CurrencySymbol}${listing.HOAMonth} monthly HOA fee`] : []),
      'any mortgage insurance',
    ],
  };
  return { content: JSON.stringify(out), listings: listing ? [listing] : [] };
}

async function getTool(args: Record<string, unknown>, catalog: Catalog): Promise<ToolResult> {
  const id = field<string>(args, 'id', 'string'),
    mls = field<string>(args, 'mls_number', 'string');
  const address = field<string>(args, 'address', 'string'),
    url = field<string>(args, 'url', 'string');
  if (!id && !mls && !address && !url) throw new ToolInputError('Give one of id, mls_number, address or url');
  const key = lettersAndDigits;
  const mlsAsked = mls ? key(mls).replace(/^mls/, '') : '';
  // Those that may be it, looked up by each key given; then the first of them that is, as asked.
  const pool = await catalog.lookup({
    ids: id ? [id.trim()] : [],
    urls: [],
    mlsKeys: mlsAsked ? [...new Set([mlsAsked, mlsAsked.replace(/^mls/, '')])] : [],
    houseNumbers: [],
    urlKeys: url ? [withoutTrailingSlashes(url.trim())] : [],
    addressStarts: address ? [key(address)] : [],
  });
  const found = pool.find(
    (l) =>
      (id && l.Id === id.trim()) ||
      (mls && key(l.MLSNumber) === mlsAsked) ||
      (url && withoutTrailingSlashes(l.Url) === withoutTrailingSlashes(url.trim())) ||
      (address && (key(l.Address) === key(address) || key(addressText(l)).startsWith(key(address)))),
  );
  if (!found)
    return {
      content: JSON.stringify({ error: 'No listing matches that; search_listings can find it.' }),
      listings: [],
    };
  return { content: JSON.stringify(listingFacts(found, true)), listings: [found] };
}
