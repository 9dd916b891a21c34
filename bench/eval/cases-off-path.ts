/**
 * Off the happy path (issue 36): what visitors do once they leave a well-formed search — drop or
 * replace a filter, ask what is not a search, name a street or a listing whose words look like
 * typos, ask for the second or third of something, ask about facts only the owner's words hold,
 * ask for a monthly payment. Written before the engine was changed for any of it, from what each
 * question means, so the first run (docs/ANSWERS.md) is an honest measure; ten or more cases a
 * category.
 *
 * The data: the demo's 240 listings (`demoListings('https://homes.example')`) and the owner's
 * four of owner-listings.ts, in a chatbot of their own. Readings are those of cases.ts: a search
 * means Active listings unless it says otherwise, both sales and rentals unless it says which;
 * "house" is single family; "newest" with "listing" is the fewest days on the market, with "built"
 * the latest year. A drop keeps the rest of the search; a restatement ("just show me …") replaces
 * what it restates and drops what it contradicts. A question outside what the chatbot can know
 * gets no listings and is marked noAnswer (the owner's Unanswered page); small talk and questions
 * about the assistant get a short reply, no listings, and are not marked. A payment is principal
 * and interest (predicates.ts monthlyPayment).
 *
 * The page-listing category was written after the others, with the page's address added to
 * ClientAsk (the protocol change it needs) and before the engine used it: a visitor on a
 * listing's page says "this house", "it", "the lot" — and a page that is not a listing's, or
 * names none the chatbot holds, leaves "this house" unknown (an honest question back, noAnswer).
 */
import type { Listing } from '../../src/protocol/index.ts';
import type { EvalCase } from './types.ts';
import {
  forSale,
  forRent,
  inCity,
  house,
  condo,
  townhouse,
  apartment,
  beds,
  price,
  priceAtMost,
  onMarket,
  list,
  at,
  top,
  factOf,
  byAddress,
  byMls,
  mentions,
  noSearch,
  payment,
  ranked,
  saysPrice,
  saysBeds,
  saysHoa,
  saysYear,
  saysParking,
  saysBaths,
  type P,
} from './predicates.ts';

const onStreet =
  (street: string): P =>
  (l) =>
    l.Address.includes(street);
const extension = (key: string) => (l: Listing) => l.ExtensionColumn.find((x) => x.Key === key)?.value ?? `(no ${key})`;
const available = /\b(?:still )?available\b|\bactive\b|\bon the market\b|\bfor sale\b|\bfor rent\b/;
/** A person offered: the handoff the chatbot has (TalkToHumanEmail is set). */
const offersPerson = /\b(?:person|agent|someone|team|human)\b/i;

const dropReplace: EvalCase[] = [
  {
    id: 'drop-replace/forget-the-budget',
    category: 'drop-replace',
    turns: [
      { ask: '3 bedroom houses for sale in austin under 500k' },
      { ask: 'actually forget the budget', expect: list(onMarket(forSale, house, beds(3), inCity('Austin'))) },
    ],
  },
  {
    id: 'drop-replace/parking-doesnt-matter',
    category: 'drop-replace',
    turns: [
      { ask: 'condos in denver with 2 parking spots' },
      { ask: "parking doesn't matter", expect: list(onMarket(condo, inCity('Denver'))) },
    ],
  },
  {
    id: 'drop-replace/just-everything-for-rent-portland',
    category: 'drop-replace',
    turns: [
      { ask: '3 bedroom condos for sale in portland' },
      { ask: 'ok just show me everything for rent in Portland', expect: list(onMarket(forRent, inCity('Portland'))) },
    ],
  },
  {
    id: 'drop-replace/ugh-houses-for-rent-denver',
    category: 'drop-replace',
    turns: [
      { ask: '1 bedroom apartments in denver with parking' },
      {
        ask: 'ugh. just show me houses for rent in denver under 6000',
        expect: list(onMarket(forRent, house, inCity('Denver'), priceAtMost(6_000))),
      },
    ],
  },
  {
    id: 'drop-replace/any-price',
    category: 'drop-replace',
    turns: [
      { ask: 'houses for sale in tampa under 400k' },
      { ask: 'any price is fine', expect: list(onMarket(forSale, house, inCity('Tampa'))) },
    ],
  },
  {
    id: 'drop-replace/no-preference-bedrooms',
    category: 'drop-replace',
    turns: [
      { ask: 'townhouses in raleigh with 3 bedrooms' },
      { ask: 'no preference on bedrooms', expect: list(onMarket(townhouse, inCity('Raleigh'))) },
    ],
  },
  {
    id: 'drop-replace/never-mind-the-bedrooms',
    category: 'drop-replace',
    turns: [
      { ask: '3 bedroom houses for sale in madison under 400k' },
      {
        ask: 'never mind the bedrooms',
        expect: list(onMarket(forSale, house, inCity('Madison'), priceAtMost(400_000))),
      },
    ],
  },
  {
    id: 'drop-replace/make-it-3-instead',
    category: 'drop-replace',
    turns: [
      { ask: '2 bed apartments for rent in tampa' },
      { ask: 'make it 3 bedrooms instead', expect: list(onMarket(forRent, apartment, beds(3), inCity('Tampa'))) },
    ],
  },
  {
    id: 'drop-replace/more-pages-on',
    category: 'drop-replace',
    turns: [
      { ask: 'homes in madison' },
      { ask: 'more', expect: at(onMarket(inCity('Madison')), 'default', 5, 6, 7, 8, 9) },
    ],
  },
  {
    id: 'drop-replace/show-the-newest-ones',
    category: 'drop-replace',
    turns: [
      { ask: 'condos for sale in austin' },
      {
        ask: 'show me the newest listings first',
        expect: list(onMarket(forSale, condo, inCity('Austin')), 'newest-listed'),
      },
    ],
  },
  {
    id: 'drop-replace/sort-by-price-highest',
    category: 'drop-replace',
    turns: [
      { ask: 'houses for sale in denver' },
      { ask: 'sort by price, highest first', expect: list(onMarket(forSale, house, inCity('Denver')), 'price-desc') },
    ],
  },
];

const notASearch: EvalCase[] = [
  {
    id: 'not-a-search/weather-austin',
    category: 'not-a-search',
    turns: [{ ask: 'whats the weather like in austin in summer', expect: noSearch(true, offersPerson) }],
  },
  {
    id: 'not-a-search/property-taxes-texas',
    category: 'not-a-search',
    turns: [{ ask: 'What are property taxes like in Texas?', expect: noSearch(true, offersPerson) }],
  },
  {
    id: 'not-a-search/lender',
    category: 'not-a-search',
    turns: [{ ask: 'can you recommend a good mortgage lender?', expect: noSearch(true, offersPerson) }],
  },
  {
    id: 'not-a-search/school-district-ratings',
    category: 'not-a-search',
    turns: [{ ask: 'which school district is rated best in denver?', expect: noSearch(true, offersPerson) }],
  },
  {
    id: 'not-a-search/lease-law',
    category: 'not-a-search',
    turns: [{ ask: 'is it legal to break a lease early in oregon', expect: noSearch(true, offersPerson) }],
  },
  {
    id: 'not-a-search/crime-rate',
    category: 'not-a-search',
    turns: [{ ask: "what's the crime rate in tampa", expect: noSearch(true, offersPerson) }],
  },
  {
    id: 'not-a-search/game-last-night',
    category: 'not-a-search',
    turns: [{ ask: 'who won the game last night', expect: noSearch(true) }],
  },
  {
    id: 'not-a-search/bot-or-person',
    category: 'not-a-search',
    turns: [
      {
        ask: 'are you a real person or a bot',
        expect: noSearch(false, /\b(?:bot|assistant|AI|automated|not a (?:real )?person)\b/i),
      },
    ],
  },
  { id: 'not-a-search/hi-there', category: 'not-a-search', turns: [{ ask: 'hi there', expect: noSearch(false) }] },
  {
    id: 'not-a-search/thanks',
    category: 'not-a-search',
    turns: [{ ask: "thanks, that's helpful!", expect: noSearch(false) }],
  },
  {
    id: 'not-a-search/hows-your-day',
    category: 'not-a-search',
    turns: [{ ask: "how's your day going?", expect: noSearch(false) }],
  },
  {
    id: 'not-a-search/thanks-after-a-search',
    category: 'not-a-search',
    turns: [{ ask: 'condos for sale in tampa' }, { ask: 'great, thank you', expect: noSearch(false) }],
  },
];

const names: EvalCase[] = [
  {
    id: 'names/sable-hill-available',
    category: 'names',
    turns: [
      { ask: 'Is 77 Sable Hill still available?', expect: factOf(byAddress('77 Sable Hill'), () => [available]) },
    ],
  },
  {
    id: 'names/salem-way-price',
    category: 'names',
    turns: [{ ask: 'how much is 400 salem way', expect: factOf(byAddress('400 Salem Way'), (l) => [saysPrice(l)]) }],
  },
  {
    id: 'names/bungalow-row-bedrooms',
    category: 'names',
    turns: [
      {
        ask: 'how many bedrooms does 9 Bungalow Row have',
        expect: factOf(byAddress('9 Bungalow Row'), (l) => [saysBeds(l)]),
      },
    ],
  },
  {
    id: 'names/mls-hash-tx',
    category: 'names',
    turns: [{ ask: 'tell me about MLS# TX-48213', expect: factOf(byMls('TX-48213'), (l) => [saysPrice(l)]) }],
  },
  {
    id: 'names/mls-letters-digits',
    category: 'names',
    turns: [{ ask: 'MLS #WI-5521B, how many bedrooms?', expect: factOf(byMls('WI-5521B'), (l) => [saysBeds(l)]) }],
  },
  {
    id: 'names/barton-springs',
    category: 'names',
    turns: [{ ask: 'anything on barton springs rd?', expect: list(onMarket(onStreet('Barton Springs Rd'))) }],
  },
  {
    id: 'names/mississippi-ave',
    category: 'names',
    turns: [{ ask: 'homes on mississippi ave in portland', expect: list(onMarket(onStreet('Mississippi Ave'))) }],
  },
  {
    id: 'names/dale-mabry',
    category: 'names',
    turns: [{ ask: 'whats on dale mabry', expect: list(onMarket(onStreet('Dale Mabry Hwy'))) }],
  },
  {
    id: 'names/pecan-lane',
    category: 'names',
    turns: [{ ask: 'anything on pecan lane?', expect: list(onMarket(onStreet('Pecan Ln'))) }],
  },
  {
    id: 'names/gaylord-st',
    category: 'names',
    turns: [{ ask: 'show me what you have on gaylord st', expect: list(onMarket(onStreet('Gaylord St'))) }],
  },
];

const ordinal: EvalCase[] = [
  {
    id: 'ordinal/second-cheapest-condo-austin',
    category: 'ordinal',
    turns: [
      {
        ask: 'the second cheapest condo for sale in austin',
        expect: at(onMarket(forSale, condo, inCity('Austin')), 'default', 1),
      },
    ],
  },
  {
    id: 'ordinal/third-cheapest-rental-denver',
    category: 'ordinal',
    turns: [
      { ask: 'whats the 3rd cheapest rental in denver', expect: at(onMarket(forRent, inCity('Denver')), 'default', 2) },
    ],
  },
  {
    id: 'ordinal/second-newest-built-tampa',
    category: 'ordinal',
    turns: [
      {
        ask: 'the second most recently built house for sale in tampa',
        expect: at(onMarket(forSale, house, inCity('Tampa')), 'year-desc', 1),
      },
    ],
  },
  {
    id: 'ordinal/second-biggest-house-madison',
    category: 'ordinal',
    turns: [
      {
        ask: 'second biggest house for sale in madison',
        expect: at(onMarket(forSale, house, inCity('Madison')), 'area-desc', 1),
      },
    ],
  },
  {
    id: 'ordinal/2nd-most-expensive-townhouse',
    category: 'ordinal',
    turns: [
      {
        ask: '2nd most expensive townhouse for sale in denver',
        expect: at(onMarket(forSale, townhouse, inCity('Denver')), 'price-desc', 1),
      },
    ],
  },
  {
    id: 'ordinal/third-largest-condo-tampa',
    category: 'ordinal',
    turns: [
      {
        ask: 'show me the third largest condo for sale in tampa',
        expect: at(onMarket(forSale, condo, inCity('Tampa')), 'area-desc', 2),
      },
    ],
  },
  {
    id: 'ordinal/second-oldest-house-raleigh',
    category: 'ordinal',
    turns: [{ ask: 'second oldest house in raleigh', expect: at(onMarket(house, inCity('Raleigh')), 'year-asc', 1) }],
  },
  {
    id: 'ordinal/fourth-cheapest-madison',
    category: 'ordinal',
    turns: [
      {
        ask: 'fourth cheapest home for sale in madison',
        expect: at(onMarket(forSale, inCity('Madison')), 'default', 3),
      },
    ],
  },
  {
    id: 'ordinal/second-cheapest-3bd-house-austin',
    category: 'ordinal',
    turns: [
      {
        ask: 'second cheapest 3 bedroom house for sale in austin',
        expect: at(onMarket(forSale, house, beds(3), inCity('Austin')), 'default', 1),
      },
    ],
  },
  {
    id: 'ordinal/two-biggest-after-the-biggest',
    category: 'ordinal',
    turns: [
      {
        ask: 'the two biggest houses for sale in portland after the biggest one',
        expect: at(onMarket(forSale, house, inCity('Portland')), 'area-desc', 1, 2),
      },
    ],
  },
  {
    id: 'ordinal/then-the-second-one',
    category: 'ordinal',
    turns: [
      { ask: 'cheapest apartments for rent in raleigh' },
      { ask: 'and the second cheapest?', expect: at(onMarket(forRent, apartment, inCity('Raleigh')), 'default', 1) },
    ],
  },
];

const ownerFacts: EvalCase[] = [
  {
    id: 'owner-facts/kind-of-pool',
    category: 'owner-facts',
    turns: [
      {
        ask: 'what kind of pool does 77 Sable Hill have?',
        expect: factOf(byAddress('77 Sable Hill'), () => ['Saltwater, heated']),
      },
    ],
  },
  {
    id: 'owner-facts/schools-nearby',
    category: 'owner-facts',
    turns: [
      {
        ask: 'what schools are near 77 Sable Hill?',
        expect: factOf(byAddress('77 Sable Hill'), () => ['Zilker Elementary']),
      },
    ],
  },
  {
    id: 'owner-facts/garage',
    category: 'owner-facts',
    turns: [
      { ask: 'does 400 Salem Way have a garage?', expect: factOf(byAddress('400 Salem Way'), () => [/two-car/]) },
    ],
  },
  {
    id: 'owner-facts/basement-finished',
    category: 'owner-facts',
    turns: [
      {
        ask: 'is the basement finished at 400 salem way?',
        expect: factOf(byAddress('400 Salem Way'), () => [/finished/]),
      },
    ],
  },
  {
    id: 'owner-facts/pets-condo',
    category: 'owner-facts',
    turns: [
      { ask: 'are pets allowed at 18 Lakeview Terrace?', expect: factOf(byMls('WI-5521B'), () => [/cats and dogs/]) },
    ],
  },
  {
    id: 'owner-facts/no-pets',
    category: 'owner-facts',
    turns: [
      { ask: 'can I bring my dog to 9 bungalow row', expect: factOf(byAddress('9 Bungalow Row'), () => [/no pets/]) },
    ],
  },
  {
    id: 'owner-facts/utilities',
    category: 'owner-facts',
    turns: [
      {
        ask: 'are utilities included at 9 Bungalow Row?',
        expect: factOf(byAddress('9 Bungalow Row'), () => [/water and trash/]),
      },
    ],
  },
  {
    id: 'owner-facts/view',
    category: 'owner-facts',
    turns: [
      {
        ask: "what's the view like from 18 Lakeview Terrace",
        expect: factOf(byMls('WI-5521B'), () => ['Lake Monona']),
      },
    ],
  },
  {
    id: 'owner-facts/heating-demo',
    category: 'owner-facts',
    turns: [
      {
        ask: 'what kind of heating does 4787 Barton Springs Rd have?',
        expect: factOf(byAddress('4787 Barton Springs Rd'), (l) => [extension('Heating')(l)]),
      },
    ],
  },
  {
    id: 'owner-facts/yard-not-courtyard',
    category: 'owner-facts',
    turns: [
      {
        ask: 'houses for sale in austin with a yard',
        expect: mentions(/\b(?:back)?yard\b/i, onMarket(forSale, house, inCity('Austin'))),
      },
    ],
  },
  {
    id: 'owner-facts/pool-after-search',
    category: 'owner-facts',
    turns: [
      { ask: 'tell me about 77 sable hill' },
      { ask: 'does it have a pool?', expect: factOf(byAddress('77 Sable Hill'), () => [/saltwater/]) },
    ],
  },
];

const first = (match: P) => (all: Listing[]) => ranked(all, match)[0]!;
const cheapestMadisonHouse = first(onMarket(forSale, house, inCity('Madison')));
const calculation: EvalCase[] = [
  {
    id: 'calculation/400k-20-down-6-30',
    category: 'calculation',
    turns: [
      {
        ask: 'what would the monthly payment be on a $400,000 home with 20% down at 6% for 30 years?',
        expect: payment(320_000, 6, 30),
      },
    ],
  },
  {
    id: 'calculation/500k-10-down-7',
    category: 'calculation',
    turns: [{ ask: 'monthly payment on 500k, 10% down, 7 percent, 30 yr', expect: payment(450_000, 7, 30) }],
  },
  {
    id: 'calculation/borrow-300k-15-years',
    category: 'calculation',
    turns: [
      { ask: "if I borrow $300,000 at 6.5% for 15 years what's my monthly payment", expect: payment(300_000, 6.5, 15) },
    ],
  },
  {
    id: 'calculation/250k-loan-5-20',
    category: 'calculation',
    turns: [{ ask: "what's the monthly on a 250k loan at 5% for 20 years", expect: payment(250_000, 5, 20) }],
  },
  {
    id: 'calculation/350k-3.5-down',
    category: 'calculation',
    turns: [
      { ask: '$350k house, 3.5% down, 6.9% rate, 30 years — monthly payment?', expect: payment(337_750, 6.9, 30) },
    ],
  },
  {
    id: 'calculation/1.2-million-30-down',
    category: 'calculation',
    turns: [
      { ask: 'payment on a $1.2 million home with 30% down at 6% for 30 years', expect: payment(840_000, 6, 30) },
    ],
  },
  {
    id: 'calculation/60k-down-on-360k',
    category: 'calculation',
    turns: [
      {
        ask: "I can put 60k down on a 360k place at 7.1% for 30 years, what's the monthly",
        expect: payment(300_000, 7.1, 30),
      },
    ],
  },
  {
    id: 'calculation/sable-hill-20-down',
    category: 'calculation',
    turns: [
      {
        ask: 'mortgage on 77 Sable Hill with 20% down at 6.25% over 30 years?',
        expect: payment(0.8 * 612_000, 6.25, 30, byAddress('77 Sable Hill')),
      },
    ],
  },
  {
    id: 'calculation/salem-way-25-down',
    category: 'calculation',
    turns: [
      {
        ask: 'how much a month for 400 Salem Way with 25% down at 6.75% for 30 years',
        expect: payment(0.75 * 574_000, 6.75, 30, byAddress('400 Salem Way')),
      },
    ],
  },
  {
    id: 'calculation/payment-on-the-one-shown',
    category: 'calculation',
    turns: [
      {
        ask: 'the cheapest house for sale in madison',
        expect: top(onMarket(forSale, house, inCity('Madison')), 'default'),
      },
      {
        ask: 'what would the payment be with 20% down at 6.5% for 30 years?',
        expect: payment((all) => 0.8 * (price(cheapestMadisonHouse(all)) ?? 0), 6.5, 30, cheapestMadisonHouse),
      },
    ],
  },
];

const pageOf =
  (pick: (all: Listing[]) => Listing, suffix = '') =>
  (all: Listing[]) => ({ page: `${pick(all).Url}${suffix}` });
const sableHill = byAddress('77 Sable Hill');
const salemWay = byAddress('400 Salem Way');
const cheapestDenverRental = first(onMarket(forRent, inCity('Denver')));
const biggestRaleighHouse = (all: Listing[]) =>
  ranked(all, onMarket(forSale, house, inCity('Raleigh')), 'area-desc')[0]!;
const pageListing: EvalCase[] = [
  {
    id: 'page-listing/still-available',
    category: 'page-listing',
    where: pageOf(sableHill),
    turns: [{ ask: 'is this house still available?', expect: factOf(sableHill, () => [available]) }],
  },
  {
    id: 'page-listing/how-big-is-the-lot',
    category: 'page-listing',
    where: pageOf(sableHill),
    turns: [{ ask: 'how big is the lot', expect: factOf(sableHill, () => [/9,?800/]) }],
  },
  {
    id: 'page-listing/how-much-is-it',
    category: 'page-listing',
    where: pageOf(salemWay),
    turns: [{ ask: 'how much is it?', expect: factOf(salemWay, (l) => [saysPrice(l)]) }],
  },
  {
    id: 'page-listing/hoa',
    category: 'page-listing',
    where: pageOf(byMls('WI-5521B')),
    turns: [{ ask: "what's the HOA on this one", expect: factOf(byMls('WI-5521B'), (l) => [saysHoa(l)]) }],
  },
  {
    id: 'page-listing/demo-bedrooms',
    category: 'page-listing',
    where: pageOf(cheapestMadisonHouse),
    turns: [
      { ask: 'how many bedrooms does this home have?', expect: factOf(cheapestMadisonHouse, (l) => [saysBeds(l)]) },
    ],
  },
  {
    id: 'page-listing/two-questions',
    category: 'page-listing',
    where: pageOf(cheapestDenverRental),
    turns: [
      { ask: 'when was it built', expect: factOf(cheapestDenverRental, (l) => [saysYear(l)]) },
      { ask: 'and is there parking?', expect: factOf(cheapestDenverRental, (l) => [saysParking(l)]) },
    ],
  },
  {
    id: 'page-listing/query-and-fragment',
    category: 'page-listing',
    where: pageOf(biggestRaleighHouse, '?utm_source=newsletter#photos'),
    turns: [{ ask: 'how many bathrooms', expect: factOf(biggestRaleighHouse, (l) => [saysBaths(l)]) }],
  },
  {
    id: 'page-listing/named-by-the-spa',
    category: 'page-listing',
    where: () => ({ page: 'https://homes.example/app', listing: 'CO-77102' }),
    turns: [{ ask: 'tell me about this property', expect: factOf(salemWay, (l) => [saysPrice(l), saysBeds(l)]) }],
  },
  {
    id: 'page-listing/this-house-after-a-search',
    category: 'page-listing',
    where: pageOf(sableHill),
    turns: [
      { ask: 'condos for sale in tampa' },
      { ask: 'how big is this house compared to those?', expect: factOf(sableHill, () => [/2,?140/]) },
    ],
  },
  {
    id: 'page-listing/then-a-search',
    category: 'page-listing',
    where: pageOf(sableHill),
    turns: [
      { ask: 'is it still for sale', expect: factOf(sableHill, () => [available]) },
      {
        ask: 'any 3 bedroom houses for sale in denver?',
        expect: list(onMarket(forSale, house, beds(3), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'page-listing/not-a-listing-page',
    category: 'page-listing',
    where: () => ({ page: 'https://homes.example/about' }),
    turns: [{ ask: 'is this house still available?', expect: noSearch(true) }],
  },
  {
    id: 'page-listing/payment',
    category: 'page-listing',
    where: pageOf(salemWay),
    turns: [
      {
        ask: 'what would my monthly payment be with 20% down at 7% for 30 years?',
        expect: payment(0.8 * 574_000, 7, 30, salemWay),
      },
    ],
  },
];

export const offPathCases: EvalCase[] = [
  ...dropReplace,
  ...notASearch,
  ...names,
  ...ordinal,
  ...ownerFacts,
  ...calculation,
  ...pageListing,
];
