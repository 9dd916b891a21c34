/**
 * The answer evaluation's question set: conversations in ten categories (single questions,
 * follow-ups, refinements, references back, negation, superlatives, numbers in words,
 * misspellings, features the data cannot answer, near misses), at least twelve each, phrased the
 * way visitors type.
 *
 * Every expectation is written by hand from what the question means to a person, as predicates
 * over listing fields (predicates.ts) — nothing here comes from the engines. The data is the demo's,
 * `demoListings('https://homes.example')`: six cities (Austin, Denver, Portland, Raleigh, Tampa,
 * Madison), statuses Active / PreOnMarket ("coming soon") / Sold, sale prices in SalePrice and
 * monthly rents in RentPrice. Readings used throughout:
 * - a search means listings on the market now (Status Active) unless it asks for "coming soon" or
 *   "sold"; it means both sales and rentals unless it says which, or names a price that only fits
 *   one ("under 500k" is a purchase, "$2,000 a month" a rent);
 * - "house" is a single-family home, "homes" any type; "3 bedroom" is exactly 3, "3+" / "at least
 *   3" a minimum; no listing sits exactly on a price or area bound a question names, so "under" and
 *   "at most" read alike;
 * - a near miss relaxes what was asked (same city, a nearby price, bedrooms or type) and may be a
 *   coming-soon home, never a sold one; nothing coming soon meets a near-miss question exactly;
 * - a reference back ("the second one") points into the earlier answer's cards: the first five of
 *   its list in the order that question asked for (`default`: for sale before rentals, each
 *   cheapest first), ordered with the keys score.ts sorts by; no pick depends on how a tie is broken.
 */
import type { EvalCase } from './types.ts';
import {
  and,
  or,
  not,
  forSale,
  forRent,
  active,
  comingSoon,
  sold,
  inCity,
  house,
  condo,
  townhouse,
  apartment,
  multiFamily,
  beds,
  bedsAtLeast,
  bedsBetween,
  bathsAtLeast,
  priceAtMost,
  priceAtLeast,
  priceBetween,
  SQFT_PER_SQM,
  sqftAtLeast,
  builtAfter,
  builtBefore,
  parkingAtLeast,
  tour3d,
  onMarket,
  offerable,
  list,
  at,
  top,
  lastShown,
  factAt,
  factOf,
  byMls,
  byAddress,
  near,
  cantTell,
  mentions,
  saysPrice,
  saysArea,
  saysYear,
  saysBaths,
  saysBeds,
  saysParking,
} from './predicates.ts';

// —— the conversations ——

const single: EvalCase[] = [
  {
    id: 'single/rentals-austin',
    category: 'single',
    turns: [{ ask: 'Do you have any rentals in Austin?', expect: list(onMarket(forRent, inCity('Austin'))) }],
  },
  {
    id: 'single/3-bed-houses-denver',
    category: 'single',
    turns: [{ ask: '3 bedroom houses in denver', expect: list(onMarket(house, beds(3), inCity('Denver'))) }],
  },
  {
    id: 'single/condos-portland-under-250k',
    category: 'single',
    turns: [
      {
        ask: 'condos for sale in Portland under $250k',
        expect: list(onMarket(forSale, condo, inCity('Portland'), priceAtMost(250_000))),
      },
    ],
  },
  {
    id: 'single/apartments-madison-under-1000',
    category: 'single',
    turns: [
      {
        ask: 'Are there apartments for rent in Madison under $1,000 a month?',
        expect: list(onMarket(forRent, apartment, inCity('Madison'), priceAtMost(1_000))),
      },
    ],
  },
  {
    id: 'single/raleigh-300k-to-500k',
    category: 'single',
    turns: [
      {
        ask: 'show me homes between $300k and $500k in Raleigh',
        expect: list(onMarket(forSale, inCity('Raleigh'), priceBetween(300_000, 500_000))),
      },
    ],
  },
  {
    id: 'single/townhouses-for-sale',
    category: 'single',
    turns: [{ ask: 'Show me townhouses for sale.', expect: list(onMarket(forSale, townhouse)) }],
  },
  {
    id: 'single/coming-soon-tampa',
    category: 'single',
    turns: [{ ask: "what's coming soon in tampa", expect: list(and(comingSoon, inCity('Tampa'))) }],
  },
  {
    id: 'single/sold-condos-portland',
    category: 'single',
    turns: [{ ask: 'Which condos have sold in Portland?', expect: list(and(sold, condo, inCity('Portland'))) }],
  },
  {
    id: 'single/4-bed-over-2500-sqft-madison',
    category: 'single',
    turns: [
      {
        ask: '4 bedroom homes over 2,500 sq ft in Madison',
        expect: list(onMarket(beds(4), sqftAtLeast(2_501), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'single/built-after-2020-raleigh',
    category: 'single',
    turns: [
      { ask: 'anything built after 2020 in Raleigh?', expect: list(onMarket(builtAfter(2020), inCity('Raleigh'))) },
    ],
  },
  {
    id: 'single/2br-apartments-rent-denver',
    category: 'single',
    turns: [
      { ask: '2br apartments for rent denver', expect: list(onMarket(forRent, apartment, beds(2), inCity('Denver'))) },
    ],
  },
  {
    id: 'single/houses-3d-tour-tampa',
    category: 'single',
    turns: [
      {
        ask: 'Could you show me houses for sale in Tampa that have a 3D tour?',
        expect: list(onMarket(forSale, house, tour3d, inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'single/studios-for-rent',
    category: 'single',
    turns: [{ ask: 'any studios for rent', expect: list(onMarket(forRent, beds(0))) }],
  },
  {
    id: 'single/parking-denver-for-sale',
    category: 'single',
    turns: [
      {
        ask: 'homes for sale in Denver with at least 2 parking spots',
        expect: list(onMarket(forSale, parkingAtLeast(2), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'single/over-250-sqm-austin',
    category: 'single',
    turns: [
      {
        ask: 'homes for sale in austin over 250 sqm',
        expect: list(onMarket(forSale, sqftAtLeast(250 * SQFT_PER_SQM), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'single/old-houses-portland',
    category: 'single',
    turns: [
      {
        ask: 'I like old houses. Anything in Portland built before 1940?',
        expect: list(onMarket(house, builtBefore(1940), inCity('Portland'))),
      },
    ],
  },
];

const followUp: EvalCase[] = [
  {
    id: 'follow-up/rentals-austin-then-denver',
    category: 'follow-up',
    turns: [
      { ask: 'rentals in Austin', expect: list(onMarket(forRent, inCity('Austin'))) },
      { ask: 'what about Denver?', expect: list(onMarket(forRent, inCity('Denver'))) },
    ],
  },
  {
    id: 'follow-up/3-bed-houses-denver-then-austin',
    category: 'follow-up',
    turns: [
      { ask: '3 bed houses for sale in denver', expect: list(onMarket(forSale, house, beds(3), inCity('Denver'))) },
      { ask: 'and in Austin?', expect: list(onMarket(forSale, house, beds(3), inCity('Austin'))) },
    ],
  },
  {
    id: 'follow-up/condos-tampa-sale-then-rent',
    category: 'follow-up',
    turns: [
      { ask: 'Condos for sale in Tampa, please.', expect: list(onMarket(forSale, condo, inCity('Tampa'))) },
      { ask: 'show rentals instead', expect: list(onMarket(forRent, condo, inCity('Tampa'))) },
    ],
  },
  {
    id: 'follow-up/2br-then-3br-apartments-raleigh',
    category: 'follow-up',
    turns: [
      {
        ask: '2 bedroom apartments for rent in Raleigh',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Raleigh'))),
      },
      { ask: 'how about 3 bedrooms', expect: list(onMarket(forRent, apartment, beds(3), inCity('Raleigh'))) },
    ],
  },
  {
    id: 'follow-up/raleigh-under-400k-then-600k',
    category: 'follow-up',
    turns: [
      {
        ask: 'homes for sale in raleigh under 400k',
        expect: list(onMarket(forSale, inCity('Raleigh'), priceAtMost(400_000))),
      },
      { ask: 'what about under 600k?', expect: list(onMarket(forSale, inCity('Raleigh'), priceAtMost(600_000))) },
    ],
  },
  {
    id: 'follow-up/townhouses-then-condos-madison',
    category: 'follow-up',
    turns: [
      {
        ask: 'Do you have townhouses for sale in Madison?',
        expect: list(onMarket(forSale, townhouse, inCity('Madison'))),
      },
      { ask: 'and condos?', expect: list(onMarket(forSale, condo, inCity('Madison'))) },
    ],
  },
  {
    id: 'follow-up/house-rentals-denver-raleigh-madison',
    category: 'follow-up',
    turns: [
      { ask: 'houses for rent in Denver', expect: list(onMarket(forRent, house, inCity('Denver'))) },
      { ask: 'what about Raleigh', expect: list(onMarket(forRent, house, inCity('Raleigh'))) },
      { ask: 'and madison?', expect: list(onMarket(forRent, house, inCity('Madison'))) },
    ],
  },
  {
    id: 'follow-up/coming-soon-austin-then-portland',
    category: 'follow-up',
    turns: [
      { ask: 'anything coming soon in Austin?', expect: list(and(comingSoon, inCity('Austin'))) },
      { ask: 'what about portland', expect: list(and(comingSoon, inCity('Portland'))) },
    ],
  },
  {
    id: 'follow-up/cheap-rentals-madison-then-tampa',
    category: 'follow-up',
    turns: [
      {
        ask: 'rentals under $1,800 a month in Madison',
        expect: list(onMarket(forRent, inCity('Madison'), priceAtMost(1_800))),
      },
      { ask: 'same thing in Tampa', expect: list(onMarket(forRent, inCity('Tampa'), priceAtMost(1_800))) },
    ],
  },
  {
    id: 'follow-up/4-then-5-bed-houses-tampa',
    category: 'follow-up',
    turns: [
      { ask: '4 bedroom houses for sale in Tampa', expect: list(onMarket(forSale, house, beds(4), inCity('Tampa'))) },
      { ask: 'any with 5?', expect: list(onMarket(forSale, house, beds(5), inCity('Tampa'))) },
    ],
  },
  {
    id: 'follow-up/3-bed-houses-portland-townhouses-austin',
    category: 'follow-up',
    turns: [
      {
        ask: '3 bedroom houses for sale in Portland',
        expect: list(onMarket(forSale, house, beds(3), inCity('Portland'))),
      },
      { ask: 'what about townhouses?', expect: list(onMarket(forSale, townhouse, beds(3), inCity('Portland'))) },
      { ask: 'and in Austin?', expect: list(onMarket(forSale, townhouse, beds(3), inCity('Austin'))) },
    ],
  },
  {
    id: 'follow-up/1br-then-studio-apartments-austin',
    category: 'follow-up',
    turns: [
      {
        ask: 'one bedroom apartments for rent in Austin?',
        expect: list(onMarket(forRent, apartment, beds(1), inCity('Austin'))),
      },
      { ask: 'what about studios', expect: list(onMarket(forRent, apartment, beds(0), inCity('Austin'))) },
    ],
  },
  {
    id: 'follow-up/under-300k-portland-then-madison',
    category: 'follow-up',
    turns: [
      {
        ask: 'Homes for sale under $250,000 in Portland?',
        expect: list(onMarket(forSale, inCity('Portland'), priceAtMost(250_000))),
      },
      { ask: 'How about Madison?', expect: list(onMarket(forSale, inCity('Madison'), priceAtMost(250_000))) },
    ],
  },
  {
    id: 'follow-up/rent-houses-austin-sale-then-denver',
    category: 'follow-up',
    turns: [
      { ask: 'houses for rent in austin', expect: list(onMarket(forRent, house, inCity('Austin'))) },
      { ask: 'ok, and for sale?', expect: list(onMarket(forSale, house, inCity('Austin'))) },
      { ask: 'what about in Denver', expect: list(onMarket(forSale, house, inCity('Denver'))) },
    ],
  },
];

const refinement: EvalCase[] = [
  {
    id: 'refinement/austin-then-under-500k',
    category: 'refinement',
    turns: [
      { ask: 'homes for sale in Austin', expect: list(onMarket(forSale, inCity('Austin'))) },
      { ask: 'only the ones under $500k', expect: list(onMarket(forSale, inCity('Austin'), priceAtMost(500_000))) },
    ],
  },
  {
    id: 'refinement/rentals-then-denver',
    category: 'refinement',
    turns: [
      { ask: 'rentals under $2,200 a month', expect: list(onMarket(forRent, priceAtMost(2_200))) },
      { ask: 'which of those are in Denver?', expect: list(onMarket(forRent, priceAtMost(2_200), inCity('Denver'))) },
    ],
  },
  {
    id: 'refinement/3-bed-tampa-then-houses',
    category: 'refinement',
    turns: [
      { ask: '3 bedroom homes for sale in Tampa', expect: list(onMarket(forSale, beds(3), inCity('Tampa'))) },
      { ask: 'just houses', expect: list(onMarket(forSale, beds(3), house, inCity('Tampa'))) },
    ],
  },
  {
    id: 'refinement/2-bed-rentals-madison-then-2-baths',
    category: 'refinement',
    turns: [
      { ask: '2 bedroom rentals in Madison', expect: list(onMarket(forRent, beds(2), inCity('Madison'))) },
      { ask: 'with at least 2 baths', expect: list(onMarket(forRent, beds(2), bathsAtLeast(2), inCity('Madison'))) },
    ],
  },
  {
    id: 'refinement/portland-houses-under-800k',
    category: 'refinement',
    turns: [
      { ask: 'What do you have for sale in Portland?', expect: list(onMarket(forSale, inCity('Portland'))) },
      { ask: 'just houses', expect: list(onMarket(forSale, house, inCity('Portland'))) },
      { ask: 'under 800k', expect: list(onMarket(forSale, house, inCity('Portland'), priceAtMost(800_000))) },
    ],
  },
  {
    id: 'refinement/raleigh-houses-built-after-2000',
    category: 'refinement',
    turns: [
      { ask: 'houses for sale in raleigh', expect: list(onMarket(forSale, house, inCity('Raleigh'))) },
      {
        ask: 'only ones built after 2000',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), builtAfter(2000))),
      },
    ],
  },
  {
    id: 'refinement/denver-condos-over-1000-sqft',
    category: 'refinement',
    turns: [
      { ask: 'condos for sale in Denver', expect: list(onMarket(forSale, condo, inCity('Denver'))) },
      { ask: 'any over 1,000 sq ft?', expect: list(onMarket(forSale, condo, inCity('Denver'), sqftAtLeast(1_001))) },
    ],
  },
  {
    id: 'refinement/austin-rentals-3d-tour',
    category: 'refinement',
    turns: [
      { ask: 'Show me rentals in Austin.', expect: list(onMarket(forRent, inCity('Austin'))) },
      { ask: 'only those with a 3D tour', expect: list(onMarket(forRent, inCity('Austin'), tour3d)) },
    ],
  },
  {
    id: 'refinement/townhouses-2-parking',
    category: 'refinement',
    turns: [
      { ask: 'townhouses for sale', expect: list(onMarket(forSale, townhouse)) },
      { ask: 'with 2+ parking spots', expect: list(onMarket(forSale, townhouse, parkingAtLeast(2))) },
    ],
  },
  {
    id: 'refinement/raleigh-rentals-2-beds-under-2000',
    category: 'refinement',
    turns: [
      { ask: 'rentals in Raleigh', expect: list(onMarket(forRent, inCity('Raleigh'))) },
      { ask: '2 bedrooms or more', expect: list(onMarket(forRent, inCity('Raleigh'), bedsAtLeast(2))) },
      {
        ask: 'under 2000 a month',
        expect: list(onMarket(forRent, inCity('Raleigh'), bedsAtLeast(2), priceAtMost(2_000))),
      },
    ],
  },
  {
    id: 'refinement/houses-under-700k-then-4-beds',
    category: 'refinement',
    turns: [
      { ask: 'houses for sale under $700k', expect: list(onMarket(forSale, house, priceAtMost(700_000))) },
      { ask: 'with at least 4 bedrooms', expect: list(onMarket(forSale, house, priceAtMost(700_000), bedsAtLeast(4))) },
    ],
  },
  {
    id: 'refinement/cheap-apartments-then-madison',
    category: 'refinement',
    turns: [
      { ask: 'apartments for rent under $1,000', expect: list(onMarket(forRent, apartment, priceAtMost(1_000))) },
      {
        ask: 'just the ones in madison',
        expect: list(onMarket(forRent, apartment, priceAtMost(1_000), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'refinement/coming-soon-then-houses',
    category: 'refinement',
    turns: [
      { ask: 'Which homes are coming soon?', expect: list(comingSoon) },
      { ask: 'only houses please', expect: list(and(comingSoon, house)) },
    ],
  },
  {
    id: 'refinement/tampa-homes-3-beds-under-600k',
    category: 'refinement',
    turns: [
      { ask: 'homes for sale in tampa', expect: list(onMarket(forSale, inCity('Tampa'))) },
      { ask: 'at least 3 beds', expect: list(onMarket(forSale, inCity('Tampa'), bedsAtLeast(3))) },
      { ask: 'and under 600k', expect: list(onMarket(forSale, inCity('Tampa'), bedsAtLeast(3), priceAtMost(600_000))) },
    ],
  },
];

const austinRentals = onMarket(forRent, inCity('Austin'));
const denverHousesForSale = onMarket(forSale, house, inCity('Denver'));
const madisonCondosForSale = onMarket(forSale, condo, inCity('Madison'));
const portlandHousesForSale = onMarket(forSale, house, inCity('Portland'));
const denver2BedApartmentRentals = onMarket(forRent, apartment, beds(2), inCity('Denver'));
const madisonHousesForSale = onMarket(forSale, house, inCity('Madison'));
const raleighRentals = onMarket(forRent, inCity('Raleigh'));
const tampaUnder450k = onMarket(forSale, inCity('Tampa'), priceAtMost(450_000));
const austinCondoRentals = onMarket(forRent, condo, inCity('Austin'));
const raleighUnder500k = onMarket(forSale, inCity('Raleigh'), priceAtMost(500_000));
const tampaRentals = onMarket(forRent, inCity('Tampa'));
const portlandRentals = onMarket(forRent, inCity('Portland'));
const austinHousesForSale = onMarket(forSale, house, inCity('Austin'));

const reference: EvalCase[] = [
  {
    id: 'reference/austin-rentals-second-one',
    category: 'reference',
    turns: [
      { ask: 'rentals in Austin', expect: list(austinRentals) },
      {
        ask: 'tell me more about the second one',
        expect: factAt(austinRentals, 'default', 1, (l) => [l.Address, saysPrice(l)]),
      },
    ],
  },
  {
    id: 'reference/cheapest-denver-house-how-big',
    category: 'reference',
    turns: [
      { ask: "what's the cheapest house for sale in Denver?", expect: top(denverHousesForSale, 'default') },
      { ask: 'how big is it?', expect: factAt(denverHousesForSale, 'default', 0, (l) => [saysArea(l)]) },
    ],
  },
  {
    id: 'reference/madison-condos-first-two',
    category: 'reference',
    turns: [
      { ask: 'condos for sale in Madison', expect: list(madisonCondosForSale) },
      { ask: 'show me the first two', expect: at(madisonCondosForSale, 'default', 0, 1) },
    ],
  },
  {
    id: 'reference/address-then-rent',
    category: 'reference',
    turns: [
      {
        ask: 'tell me about 3002 Lamar Blvd Unit 27A',
        expect: factOf(byAddress('3002 Lamar Blvd Unit 27A'), (l) => [l.Address]),
      },
      { ask: 'how much is it a month?', expect: factOf(byAddress('3002 Lamar Blvd Unit 27A'), (l) => [saysPrice(l)]) },
    ],
  },
  {
    id: 'reference/portland-houses-compare-first-and-third',
    category: 'reference',
    turns: [
      { ask: 'houses for sale in Portland', expect: list(portlandHousesForSale) },
      { ask: 'compare the first and third', expect: at(portlandHousesForSale, 'default', 0, 2) },
    ],
  },
  {
    id: 'reference/tampa-rentals-address-named',
    category: 'reference',
    turns: [
      { ask: 'rentals in tampa', expect: list(tampaRentals) },
      {
        ask: 'tell me more about 1232 Bayshore Blvd Unit 11',
        expect: factOf(byAddress('1232 Bayshore Blvd Unit 11'), (l) => [saysPrice(l), saysBeds(l)]),
      },
    ],
  },
  {
    id: 'reference/denver-2br-apartments-last-one-year',
    category: 'reference',
    turns: [
      { ask: '2 bedroom apartments for rent in Denver', expect: list(denver2BedApartmentRentals) },
      {
        ask: 'when was the last one built?',
        expect: factOf(
          (all) => lastShown(all, denver2BedApartmentRentals),
          (l) => [saysYear(l)],
        ),
      },
    ],
  },
  {
    id: 'reference/madison-houses-third-one-baths',
    category: 'reference',
    turns: [
      { ask: 'houses for sale in Madison', expect: list(madisonHousesForSale) },
      { ask: 'the third one', expect: factAt(madisonHousesForSale, 'default', 2, (l) => [l.Address]) },
      {
        ask: 'how many bathrooms does it have?',
        expect: factAt(madisonHousesForSale, 'default', 2, (l) => [saysBaths(l)]),
      },
    ],
  },
  {
    id: 'reference/biggest-raleigh-rental-parking',
    category: 'reference',
    turns: [
      { ask: 'the biggest rental in Raleigh', expect: top(raleighRentals, 'area-desc') },
      { ask: 'does it have parking?', expect: factAt(raleighRentals, 'area-desc', 0, (l) => [saysParking(l)]) },
    ],
  },
  {
    id: 'reference/tampa-under-450k-first-one-year',
    category: 'reference',
    turns: [
      { ask: 'homes for sale in Tampa under 450k', expect: list(tampaUnder450k) },
      { ask: 'what year was the first one built', expect: factAt(tampaUnder450k, 'default', 0, (l) => [saysYear(l)]) },
    ],
  },
  {
    id: 'reference/austin-condo-rentals-mls-available',
    category: 'reference',
    turns: [
      { ask: 'condos for rent in Austin', expect: list(austinCondoRentals) },
      { ask: 'is MLS 2404154 still available?', expect: factOf(byMls('2404154'), () => [/\b(?:active|available)\b/]) },
    ],
  },
  {
    id: 'reference/raleigh-under-500k-fourth-price',
    category: 'reference',
    turns: [
      { ask: 'homes for sale in Raleigh under 500k', expect: list(raleighUnder500k) },
      {
        ask: "what's the price of the fourth one?",
        expect: factAt(raleighUnder500k, 'default', 3, (l) => [saysPrice(l)]),
      },
    ],
  },
  {
    id: 'reference/portland-rentals-first-then-second',
    category: 'reference',
    turns: [
      { ask: 'rentals in Portland?', expect: list(portlandRentals) },
      {
        ask: 'tell me about the first one',
        expect: factAt(portlandRentals, 'default', 0, (l) => [l.Address, saysPrice(l)]),
      },
      { ask: 'and the second?', expect: factAt(portlandRentals, 'default', 1, (l) => [l.Address, saysPrice(l)]) },
    ],
  },
  {
    id: 'reference/austin-houses-last-two',
    category: 'reference',
    turns: [
      { ask: 'houses for sale in austin', expect: list(austinHousesForSale) },
      { ask: 'show me the last two again', expect: at(austinHousesForSale, 'default', 3, 4) },
    ],
  },
];

const negation: EvalCase[] = [
  {
    id: 'negation/denver-not-condos',
    category: 'negation',
    turns: [
      { ask: 'homes for sale in Denver but not condos', expect: list(onMarket(forSale, inCity('Denver'), not(condo))) },
    ],
  },
  {
    id: 'negation/austin-3-bed-no-townhouses',
    category: 'negation',
    turns: [
      {
        ask: '3 bedroom homes in austin, no townhouses',
        expect: list(onMarket(beds(3), inCity('Austin'), not(townhouse))),
      },
    ],
  },
  {
    id: 'negation/townhouse-rentals-anything-but-austin',
    category: 'negation',
    turns: [
      {
        ask: 'townhouses for rent anywhere but Austin',
        expect: list(onMarket(forRent, townhouse, not(inCity('Austin')))),
      },
    ],
  },
  {
    id: 'negation/madison-except-rentals',
    category: 'negation',
    turns: [{ ask: 'Everything in Madison except rentals', expect: list(onMarket(inCity('Madison'), not(forRent))) }],
  },
  {
    id: 'negation/raleigh-apartments-no-studios',
    category: 'negation',
    turns: [
      {
        ask: 'apartments for rent in Raleigh, no studios',
        expect: list(onMarket(forRent, apartment, inCity('Raleigh'), not(beds(0)))),
      },
    ],
  },
  {
    id: 'negation/raleigh-houses-not-coming-soon',
    category: 'negation',
    turns: [
      {
        ask: "houses for sale in Raleigh that aren't coming soon",
        expect: list(and(forSale, house, inCity('Raleigh'), active)),
      },
    ],
  },
  {
    id: 'negation/cheap-condos-not-portland',
    category: 'negation',
    turns: [
      {
        ask: 'condos for sale under 200k, not in Portland',
        expect: list(onMarket(forSale, condo, priceAtMost(200_000), not(inCity('Portland')))),
      },
    ],
  },
  {
    id: 'negation/denver-rentals-not-apartments',
    category: 'negation',
    turns: [
      {
        ask: "Rentals in Denver that aren't apartments?",
        expect: list(onMarket(forRent, inCity('Denver'), not(apartment))),
      },
    ],
  },
  {
    id: 'negation/tampa-for-sale-except-houses',
    category: 'negation',
    turns: [
      {
        ask: 'anything for sale in tampa except single family houses',
        expect: list(onMarket(forSale, inCity('Tampa'), not(house))),
      },
    ],
  },
  {
    id: 'negation/denver-houses-not-before-1950',
    category: 'negation',
    turns: [
      {
        ask: 'houses for sale in Denver, nothing built before 1950',
        expect: list(onMarket(forSale, house, inCity('Denver'), not(builtBefore(1950)))),
      },
    ],
  },
  {
    id: 'negation/madison-rentals-not-apartments-or-condos',
    category: 'negation',
    turns: [
      {
        ask: 'madison rentals but not apartments or condos',
        expect: list(onMarket(forRent, inCity('Madison'), not(apartment), not(condo))),
      },
    ],
  },
  {
    id: 'negation/5-bed-houses-except-denver',
    category: 'negation',
    turns: [
      {
        ask: '5 bedroom houses for sale, except in Denver',
        expect: list(onMarket(forSale, house, beds(5), not(inCity('Denver')))),
      },
    ],
  },
  {
    id: 'negation/madison-4-plus-no-multi-family',
    category: 'negation',
    turns: [
      {
        ask: '4+ bedroom homes for sale in Madison, no multi-family',
        expect: list(onMarket(forSale, bedsAtLeast(4), inCity('Madison'), not(multiFamily))),
      },
    ],
  },
  {
    id: 'negation/portland-rentals-no-apartment',
    category: 'negation',
    turns: [
      {
        ask: "I don't want an apartment. What rentals do you have in Portland?",
        expect: list(onMarket(forRent, inCity('Portland'), not(apartment))),
      },
    ],
  },
];

const superlative: EvalCase[] = [
  {
    id: 'superlative/cheapest-house-denver',
    category: 'superlative',
    turns: [
      {
        ask: 'the cheapest house for sale in Denver',
        expect: top(onMarket(forSale, house, inCity('Denver')), 'default'),
      },
    ],
  },
  {
    id: 'superlative/most-expensive-rental',
    category: 'superlative',
    turns: [{ ask: "what's the most expensive rental you have?", expect: top(onMarket(forRent), 'price-desc') }],
  },
  {
    id: 'superlative/biggest-home-for-sale',
    category: 'superlative',
    turns: [{ ask: 'Which is the biggest home for sale?', expect: top(onMarket(forSale), 'area-desc') }],
  },
  {
    id: 'superlative/newest-built-house-austin',
    category: 'superlative',
    turns: [
      {
        ask: 'which house for sale in Austin was built most recently',
        expect: top(onMarket(forSale, house, inCity('Austin')), 'year-desc'),
      },
    ],
  },
  {
    id: 'superlative/oldest-house-portland',
    category: 'superlative',
    turns: [
      {
        ask: 'the oldest house for sale in portland',
        expect: top(onMarket(forSale, house, inCity('Portland')), 'year-asc'),
      },
    ],
  },
  {
    id: 'superlative/cheapest-3-bed-tampa',
    category: 'superlative',
    turns: [
      {
        ask: 'cheapest 3 bedroom for sale in Tampa',
        expect: top(onMarket(forSale, beds(3), inCity('Tampa')), 'default'),
      },
    ],
  },
  {
    id: 'superlative/3-cheapest-rentals-madison',
    category: 'superlative',
    turns: [
      { ask: 'the 3 cheapest rentals in Madison', expect: top(onMarket(forRent, inCity('Madison')), 'default', 3) },
    ],
  },
  {
    id: 'superlative/largest-apartment-rental-denver',
    category: 'superlative',
    turns: [
      {
        ask: 'largest apartment for rent in Denver?',
        expect: top(onMarket(forRent, apartment, inCity('Denver')), 'area-desc'),
      },
    ],
  },
  {
    id: 'superlative/smallest-condo-madison',
    category: 'superlative',
    turns: [
      {
        ask: "what's the smallest condo for sale in Madison",
        expect: top(onMarket(forSale, condo, inCity('Madison')), 'area-asc'),
      },
    ],
  },
  {
    id: 'superlative/most-bedrooms-raleigh',
    category: 'superlative',
    turns: [
      {
        ask: 'Which home for sale in Raleigh has the most bedrooms?',
        expect: top(onMarket(forSale, inCity('Raleigh')), 'bedrooms-desc'),
      },
    ],
  },
  {
    id: 'superlative/most-expensive-house-madison',
    category: 'superlative',
    turns: [
      {
        ask: 'most expensive house for sale in madison',
        expect: top(onMarket(forSale, house, inCity('Madison')), 'price-desc'),
      },
    ],
  },
  {
    id: 'superlative/2-biggest-rentals-tampa',
    category: 'superlative',
    turns: [
      {
        ask: 'show me the two biggest rentals in Tampa',
        expect: top(onMarket(forRent, inCity('Tampa')), 'area-desc', 2),
      },
    ],
  },
  {
    id: 'superlative/cheapest-townhouse-rental',
    category: 'superlative',
    turns: [{ ask: 'cheapest townhouse for rent', expect: top(onMarket(forRent, townhouse), 'default') }],
  },
  {
    id: 'superlative/newest-listing-raleigh',
    category: 'superlative',
    turns: [
      { ask: "what's the newest listing in Raleigh?", expect: top(onMarket(inCity('Raleigh')), 'newest-listed') },
    ],
  },
];

const numbersInWords: EvalCase[] = [
  {
    id: 'numbers-in-words/two-bedroom-condos-madison',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'two bedroom condos for sale in madison',
        expect: list(onMarket(forSale, condo, beds(2), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/three-bedroom-house-tampa',
    category: 'numbers-in-words',
    turns: [{ ask: 'three-bedroom house in Tampa', expect: list(onMarket(house, beds(3), inCity('Tampa'))) }],
  },
  {
    id: 'numbers-in-words/under-five-hundred-thousand-raleigh',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'homes under five hundred thousand in Raleigh',
        expect: list(onMarket(forSale, priceAtMost(500_000), inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/two-baths-rentals-portland',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'rentals in portland with at least two baths',
        expect: list(onMarket(forRent, bathsAtLeast(2), inCity('Portland'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/four-beds-portland',
    category: 'numbers-in-words',
    turns: [{ ask: 'four beds in Portland for sale', expect: list(onMarket(forSale, beds(4), inCity('Portland'))) }],
  },
  {
    id: 'numbers-in-words/half-a-million-austin',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'houses under half a million in austin',
        expect: list(onMarket(forSale, house, priceAtMost(500_000), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/one-bedroom-apartments-austin',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'One bedroom apartments for rent in Austin',
        expect: list(onMarket(forRent, apartment, beds(1), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/over-a-million',
    category: 'numbers-in-words',
    turns: [{ ask: 'anything over a million dollars?', expect: list(onMarket(forSale, priceAtLeast(1_000_001))) }],
  },
  {
    id: 'numbers-in-words/fifteen-hundred-a-month-tampa',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'rentals under fifteen hundred a month in tampa',
        expect: list(onMarket(forRent, priceAtMost(1_500), inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/five-bedroom-houses-tampa',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'Five bedroom houses for sale in Tampa?',
        expect: list(onMarket(forSale, house, beds(5), inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/condos-three-hundred-thousand-portland',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'condos in Portland for less than three hundred thousand',
        expect: list(onMarket(forSale, condo, priceAtMost(300_000), inCity('Portland'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/townhouses-three-baths',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'townhouses for sale with three or more bathrooms',
        expect: list(onMarket(forSale, townhouse, bathsAtLeast(3))),
      },
    ],
  },
  {
    id: 'numbers-in-words/150-to-250-thousand-madison',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'homes between one hundred fifty and two hundred fifty thousand in madison',
        expect: list(onMarket(forSale, priceBetween(150_000, 250_000), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/six-bedrooms',
    category: 'numbers-in-words',
    turns: [{ ask: 'do you have anything with six bedrooms', expect: list(onMarket(beds(6))) }],
  },
];

const misspelling: EvalCase[] = [
  {
    id: 'misspelling/rentals-denvr',
    category: 'misspelling',
    turns: [{ ask: 'rentals in Denvr', expect: list(onMarket(forRent, inCity('Denver'))) }],
  },
  {
    id: 'misspelling/3-bed-houses-austn',
    category: 'misspelling',
    turns: [{ ask: '3 bedroom houses in Austn', expect: list(onMarket(house, beds(3), inCity('Austin'))) }],
  },
  {
    id: 'misspelling/condoos-portland',
    category: 'misspelling',
    turns: [{ ask: 'condoos for sale in portland', expect: list(onMarket(forSale, condo, inCity('Portland'))) }],
  },
  {
    id: 'misspelling/townhose-madison',
    category: 'misspelling',
    turns: [{ ask: 'townhose for sale in Madison', expect: list(onMarket(forSale, townhouse, inCity('Madison'))) }],
  },
  {
    id: 'misspelling/apartmnet-raleigh',
    category: 'misspelling',
    turns: [{ ask: 'apartmnet for rent in raleigh', expect: list(onMarket(forRent, apartment, inCity('Raleigh'))) }],
  },
  {
    id: 'misspelling/2-bedrom-tampa',
    category: 'misspelling',
    turns: [
      {
        ask: '2 bedrom apartments in tampa for rent',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'misspelling/raliegh-under-400k',
    category: 'misspelling',
    turns: [
      { ask: 'homes in Raliegh under 400k', expect: list(onMarket(forSale, inCity('Raleigh'), priceAtMost(400_000))) },
    ],
  },
  {
    id: 'misspelling/houses-portlnd',
    category: 'misspelling',
    turns: [{ ask: 'houses for sale in Portlnd', expect: list(onMarket(forSale, house, inCity('Portland'))) }],
  },
  {
    id: 'misspelling/condos-tampaa',
    category: 'misspelling',
    turns: [{ ask: 'condos for sale in tampaa', expect: list(onMarket(forSale, condo, inCity('Tampa'))) }],
  },
  {
    id: 'misspelling/apartmnets-madisn',
    category: 'misspelling',
    turns: [{ ask: 'apartmnets for rent in Madisn', expect: list(onMarket(forRent, apartment, inCity('Madison'))) }],
  },
  {
    id: 'misspelling/townhomes-denevr',
    category: 'misspelling',
    turns: [{ ask: 'townhomes in Denevr', expect: list(onMarket(townhouse, inCity('Denver'))) }],
  },
  {
    id: 'misspelling/hosues-for-rent-austin',
    category: 'misspelling',
    turns: [{ ask: 'hosues for rent in austin', expect: list(onMarket(forRent, house, inCity('Austin'))) }],
  },
  {
    id: 'misspelling/studio-apartements',
    category: 'misspelling',
    turns: [{ ask: 'studio apartements for rent', expect: list(onMarket(forRent, apartment, beds(0))) }],
  },
  {
    id: 'misspelling/3-bedroon-house-madson',
    category: 'misspelling',
    turns: [
      { ask: '3 bedroon house for sale in Madson', expect: list(onMarket(forSale, house, beds(3), inCity('Madison'))) },
    ],
  },
];

const unknownFeature: EvalCase[] = [
  {
    id: 'unknown-feature/austin-3-bed-house-pool',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'a 3 bedroom house in Austin with a pool',
        expect: cantTell('pool', onMarket(house, beds(3), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'unknown-feature/pet-friendly-rentals-denver',
    category: 'unknown-feature',
    turns: [{ ask: 'pet friendly rentals in denver?', expect: cantTell('pet', onMarket(forRent, inCity('Denver'))) }],
  },
  {
    id: 'unknown-feature/fireplace-houses-portland',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'Houses for sale in Portland with a fireplace',
        expect: cantTell('fireplace', onMarket(forSale, house, inCity('Portland'))),
      },
    ],
  },
  {
    id: 'unknown-feature/condos-tampa-gym',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'condos for sale in Tampa with a gym in the building',
        expect: cantTell('gym', onMarket(forSale, condo, inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'unknown-feature/apartments-raleigh-air-conditioning',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'apartments for rent in raleigh with air conditioning',
        expect: cantTell('air conditioning', onMarket(forRent, apartment, inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'unknown-feature/solar-panels-madison',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'Do any of the homes for sale in Madison have solar panels?',
        expect: cantTell('solar', onMarket(forSale, inCity('Madison'))),
      },
    ],
  },
  {
    id: 'unknown-feature/pool-tampa-under-600k',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'house with a pool in tampa under 600k',
        expect: cantTell('pool', onMarket(forSale, house, inCity('Tampa'), priceAtMost(600_000))),
      },
    ],
  },
  {
    id: 'unknown-feature/dogs-allowed-madison',
    category: 'unknown-feature',
    turns: [
      { ask: 'rentals in Madison that allow dogs', expect: cantTell('dog', onMarket(forRent, inCity('Madison'))) },
    ],
  },
  {
    id: 'unknown-feature/good-schools-raleigh',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'houses near good schools in Raleigh',
        expect: mentions(/good schools?/i, onMarket(house, inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'unknown-feature/fenced-backyard-denver',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'homes with a fenced backyard in Denver',
        expect: mentions(/fenced backyard/i, onMarket(inCity('Denver'))),
      },
    ],
  },
  {
    id: 'unknown-feature/condo-rooftop-deck',
    category: 'unknown-feature',
    turns: [{ ask: 'a condo with a rooftop deck', expect: mentions(/rooftop deck/i, onMarket(condo)) }],
  },
  {
    id: 'unknown-feature/in-unit-laundry-austin',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'rentals with in-unit laundry in Austin',
        expect: mentions(/in-unit laundry/i, onMarket(forRent, inCity('Austin'))),
      },
    ],
  },
  {
    id: 'unknown-feature/home-office-madison',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'I work from home — any houses for sale in Madison with a home office?',
        expect: mentions(/home office/i, onMarket(forSale, house, inCity('Madison'))),
      },
    ],
  },
  {
    id: 'unknown-feature/water-view-tampa',
    category: 'unknown-feature',
    turns: [{ ask: 'homes with a water view in tampa', expect: mentions(/\bwater\b/i, onMarket(inCity('Tampa'))) }],
  },
  {
    id: 'unknown-feature/finished-basement-madison',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'house with a finished basement in Madison',
        expect: mentions(/finished basement/i, onMarket(house, inCity('Madison'))),
      },
    ],
  },
];

const nearMiss: EvalCase[] = [
  {
    id: 'near-miss/denver-3-bed-house-under-450k',
    category: 'near-miss',
    turns: [
      {
        ask: '3 bedroom house in Denver under $450k',
        expect: near(
          onMarket(forSale, house, beds(3), inCity('Denver'), priceAtMost(450_000)),
          offerable(forSale, or(house, townhouse), bedsBetween(2, 4), inCity('Denver'), priceAtMost(450_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'near-miss/austin-5-bed-condo',
    category: 'near-miss',
    turns: [
      {
        ask: 'a 5 bedroom condo in austin',
        expect: near(
          onMarket(condo, beds(5), inCity('Austin')),
          offerable(inCity('Austin'), or(and(condo, bedsAtLeast(3)), bedsAtLeast(5))),
        ),
      },
    ],
  },
  {
    id: 'near-miss/denver-apartment-under-700',
    category: 'near-miss',
    turns: [
      {
        ask: 'apartments for rent in Denver under $700 a month',
        expect: near(
          onMarket(forRent, apartment, inCity('Denver'), priceAtMost(700)),
          offerable(forRent, or(apartment, condo), inCity('Denver'), priceAtMost(700 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'near-miss/austin-house-under-400k',
    category: 'near-miss',
    turns: [
      {
        ask: 'house for sale in Austin under $400k',
        expect: near(
          onMarket(forSale, house, inCity('Austin'), priceAtMost(400_000)),
          offerable(forSale, or(house, townhouse), inCity('Austin'), priceAtMost(400_000 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'near-miss/tampa-4-bed-rental-under-3000',
    category: 'near-miss',
    turns: [
      {
        ask: '4 bedroom rental in Tampa under $3,000',
        expect: near(
          onMarket(forRent, beds(4), inCity('Tampa'), priceAtMost(3_000)),
          offerable(forRent, bedsBetween(3, 5), inCity('Tampa'), priceAtMost(3_000 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'near-miss/denver-6-bed-house',
    category: 'near-miss',
    turns: [
      {
        ask: 'Do you have a 6 bedroom house in Denver?',
        expect: near(
          onMarket(house, beds(6), inCity('Denver')),
          offerable(or(house, multiFamily), bedsAtLeast(4), inCity('Denver')),
        ),
      },
    ],
  },
  {
    id: 'near-miss/tampa-condo-under-150k',
    category: 'near-miss',
    turns: [
      {
        ask: 'condo in tampa under 150k',
        expect: near(
          onMarket(forSale, condo, inCity('Tampa'), priceAtMost(150_000)),
          offerable(forSale, or(condo, apartment), inCity('Tampa'), priceAtMost(150_000 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'near-miss/portland-studio-rent-under-900',
    category: 'near-miss',
    turns: [
      {
        ask: 'studio for rent in Portland under $900',
        expect: near(
          onMarket(forRent, beds(0), inCity('Portland'), priceAtMost(900)),
          offerable(forRent, bedsBetween(0, 1), inCity('Portland'), priceAtMost(900 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'near-miss/tampa-3-bed-townhouse',
    category: 'near-miss',
    turns: [
      {
        ask: '3 bedroom townhouse for sale in Tampa',
        expect: near(
          onMarket(forSale, townhouse, beds(3), inCity('Tampa')),
          offerable(
            forSale,
            or(townhouse, and(house, beds(3)), and(condo, beds(3))),
            bedsBetween(2, 4),
            inCity('Tampa'),
          ),
        ),
      },
    ],
  },
  {
    id: 'near-miss/madison-new-house-under-500k',
    category: 'near-miss',
    turns: [
      {
        ask: 'a house built after 2020 in Madison for under $500k',
        expect: near(
          onMarket(forSale, house, builtAfter(2020), inCity('Madison'), priceAtMost(500_000)),
          offerable(
            forSale,
            or(house, townhouse),
            inCity('Madison'),
            or(and(builtAfter(2020), priceAtMost(500_000 * 1.25)), and(builtAfter(2005), priceAtMost(500_000))),
          ),
        ),
      },
    ],
  },
  {
    id: 'near-miss/austin-2-bed-rental-under-1400',
    category: 'near-miss',
    turns: [
      {
        ask: '2 bedroom rental in austin under $1,400 a month',
        expect: near(
          onMarket(forRent, beds(2), inCity('Austin'), priceAtMost(1_400)),
          offerable(forRent, bedsBetween(1, 3), inCity('Austin'), priceAtMost(1_400 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'near-miss/raleigh-5-bed-house-under-700k',
    category: 'near-miss',
    turns: [
      {
        ask: '5 bedroom house in Raleigh under $700k',
        expect: near(
          onMarket(forSale, house, beds(5), inCity('Raleigh'), priceAtMost(700_000)),
          offerable(forSale, house, bedsBetween(4, 6), inCity('Raleigh'), priceAtMost(700_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'near-miss/denver-condo-over-2000-sqft',
    category: 'near-miss',
    turns: [
      {
        ask: 'condo for sale in Denver over 2,000 sq ft',
        expect: near(
          onMarket(forSale, condo, inCity('Denver'), sqftAtLeast(2_000)),
          offerable(forSale, or(condo, townhouse), inCity('Denver'), sqftAtLeast(2_000 * 0.75)),
        ),
      },
    ],
  },
  {
    id: 'near-miss/madison-4-bed-house-rent-under-2500',
    category: 'near-miss',
    turns: [
      {
        ask: '4 bedroom house for rent in Madison under $2,500',
        expect: near(
          onMarket(forRent, house, beds(4), inCity('Madison'), priceAtMost(2_500)),
          offerable(forRent, or(house, townhouse), bedsBetween(3, 5), inCity('Madison'), priceAtMost(2_500 * 1.35)),
        ),
      },
    ],
  },
];

export const cases: EvalCase[] = [
  ...single,
  ...followUp,
  ...refinement,
  ...reference,
  ...negation,
  ...superlative,
  ...numbersInWords,
  ...misspelling,
  ...unknownFeature,
  ...nearMiss,
];
