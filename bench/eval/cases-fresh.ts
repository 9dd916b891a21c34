/**
 * A fresh question set for the answer evaluation: forty conversations, four in each of the ten
 * categories, that the answer engine has never been tuned on, so the first score it gets here is
 * an honest measure of how it generalizes. They are phrased the way visitors type — lowercase,
 * typos, "br", "k", "do you guys have…", "ok and the 3rd one?" — and in wordings and combinations
 * that cases.ts does not use.
 *
 * The readings are cases.ts's (see its header): the data is `demoListings('https://homes.example')`
 * (Austin, Denver, Portland, Raleigh, Tampa, Madison; statuses Active / PreOnMarket / Sold); a
 * search means Active listings unless it asks for coming soon or sold; both sales and rentals unless
 * it says which or names a price that only fits one; "house" is single family, "homes" / "place" any
 * type; "3 bedroom" is exactly 3. No listing sits exactly on a bound a question names, no pick
 * depends on how a tie is broken, and a can't-tell term appears nowhere in the listings.
 *
 * Every expectation is written by hand from what the question means, as predicates over listing
 * fields, in the vocabulary of predicates.ts.
 */
import type { EvalCase } from './types.ts';
import {
  and,
  or,
  not,
  forSale,
  forRent,
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
  builtBefore,
  parkingAtLeast,
  tour3d,
  onMarket,
  offerable,
  list,
  top,
  lastShownIndex,
  factAt,
  near,
  cantTell,
  mentions,
  saysPrice,
  saysHoa,
  saysArea,
  saysBaths,
  saysBeds,
  saysParking,
} from './predicates.ts';

// —— the conversations ——

const single: EvalCase[] = [
  {
    id: 'single/do-you-guys-have-2br-condos-austin',
    category: 'single',
    turns: [
      {
        ask: 'do you guys have any 2 br condos for sale in austin?',
        expect: list(onMarket(forSale, condo, beds(2), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'single/madison-under-1500-a-month',
    category: 'single',
    turns: [
      {
        ask: 'whats available in madison for under 1500 a month',
        expect: list(onMarket(forRent, inCity('Madison'), priceAtMost(1_500))),
      },
    ],
  },
  {
    id: 'single/3bd-2plus-ba-under-400k-any-city',
    category: 'single',
    turns: [
      {
        ask: '3bd 2+ ba under 400k, any city is fine',
        expect: list(onMarket(forSale, beds(3), bathsAtLeast(2), priceAtMost(400_000))),
      },
    ],
  },
  {
    id: 'single/austin-3-parking-spaces',
    category: 'single',
    turns: [
      {
        ask: 'I have three cars lol. need something with at least 3 parking spaces in Austin',
        expect: list(onMarket(parkingAtLeast(3), inCity('Austin'))),
      },
    ],
  },
];

const followUp: EvalCase[] = [
  {
    id: 'follow-up/condos-denver-hmm-portland',
    category: 'follow-up',
    turns: [
      { ask: 'do you guys have condos in denver?', expect: list(onMarket(condo, inCity('Denver'))) },
      { ask: 'hmm what about portland', expect: list(onMarket(condo, inCity('Portland'))) },
    ],
  },
  {
    id: 'follow-up/4br-houses-madison-then-5-then-portland',
    category: 'follow-up',
    turns: [
      { ask: '4 br houses for sale in madison', expect: list(onMarket(forSale, house, beds(4), inCity('Madison'))) },
      { ask: 'ok what about 5', expect: list(onMarket(forSale, house, beds(5), inCity('Madison'))) },
      { ask: 'and in portland?', expect: list(onMarket(forSale, house, beds(5), inCity('Portland'))) },
    ],
  },
  {
    id: 'follow-up/studio-rentals-raleigh-denver-then-for-sale',
    category: 'follow-up',
    turns: [
      { ask: 'studios for rent in raleigh?', expect: list(onMarket(forRent, beds(0), inCity('Raleigh'))) },
      { ask: 'what about denver', expect: list(onMarket(forRent, beds(0), inCity('Denver'))) },
      { ask: 'and to buy?', expect: list(onMarket(forSale, beds(0), inCity('Denver'))) },
    ],
  },
  {
    id: 'follow-up/rent-under-1800-tampa-same-budget-austin',
    category: 'follow-up',
    turns: [
      {
        ask: 'what can i rent in tampa for under $1,800/mo',
        expect: list(onMarket(forRent, inCity('Tampa'), priceAtMost(1_800))),
      },
      { ask: 'same budget but austin', expect: list(onMarket(forRent, inCity('Austin'), priceAtMost(1_800))) },
    ],
  },
];

const refinement: EvalCase[] = [
  {
    id: 'refinement/denver-everything-houses-under-700k',
    category: 'refinement',
    turns: [
      { ask: 'what do you have in denver', expect: list(onMarket(inCity('Denver'))) },
      { ask: 'only houses', expect: list(onMarket(house, inCity('Denver'))) },
      { ask: 'ok now under 700k', expect: list(onMarket(forSale, house, inCity('Denver'), priceAtMost(700_000))) },
    ],
  },
  {
    id: 'refinement/townhouse-rentals-3br-under-2400',
    category: 'refinement',
    turns: [
      { ask: 'townhouses for rent', expect: list(onMarket(forRent, townhouse)) },
      { ask: '3 br only', expect: list(onMarket(forRent, townhouse, beds(3))) },
      {
        ask: 'anything under $2,400 a month?',
        expect: list(onMarket(forRent, townhouse, beds(3), priceAtMost(2_400))),
      },
    ],
  },
  {
    id: 'refinement/portland-under-600k-2-beds-3d-tour',
    category: 'refinement',
    turns: [
      {
        ask: 'homes for sale in portland under 600k',
        expect: list(onMarket(forSale, inCity('Portland'), priceAtMost(600_000))),
      },
      {
        ask: 'we need at least 2 bedrooms',
        expect: list(onMarket(forSale, inCity('Portland'), priceAtMost(600_000), bedsAtLeast(2))),
      },
      {
        ask: 'which of those have a 3d tour',
        expect: list(onMarket(forSale, inCity('Portland'), priceAtMost(600_000), bedsAtLeast(2), tour3d)),
      },
    ],
  },
  {
    id: 'refinement/apartment-rentals-parking-raleigh-or-tampa',
    category: 'refinement',
    turns: [
      { ask: 'show me apartments for rent', expect: list(onMarket(forRent, apartment)) },
      { ask: 'just the ones that come with parking', expect: list(onMarket(forRent, apartment, parkingAtLeast(1))) },
      {
        ask: 'in raleigh or tampa',
        expect: list(onMarket(forRent, apartment, parkingAtLeast(1), inCity('Raleigh', 'Tampa'))),
      },
    ],
  },
];

const madisonRentals = onMarket(forRent, inCity('Madison'));
const austinHousesForSale = onMarket(forSale, house, inCity('Austin'));
const tampa3BedHousesForSale = onMarket(forSale, house, beds(3), inCity('Tampa'));
const portlandCondosUnder200k = onMarket(forSale, condo, inCity('Portland'), priceAtMost(200_000));

const reference: EvalCase[] = [
  {
    id: 'reference/madison-rentals-3rd-one-parking',
    category: 'reference',
    turns: [
      { ask: "what's for rent in madison", expect: list(madisonRentals) },
      { ask: 'ok and the 3rd one?', expect: factAt(madisonRentals, 'default', 2, (l) => [l.Address, saysPrice(l)]) },
      { ask: 'does it come with parking', expect: factAt(madisonRentals, 'default', 2, (l) => [saysParking(l)]) },
    ],
  },
  {
    id: 'reference/biggest-austin-house-beds-baths-price',
    category: 'reference',
    turns: [
      { ask: 'biggest house for sale in austin?', expect: top(austinHousesForSale, 'area-desc') },
      {
        ask: 'how many beds and baths does it have',
        expect: factAt(austinHousesForSale, 'area-desc', 0, (l) => [saysBeds(l), saysBaths(l)]),
      },
      {
        ask: "and what's the asking price",
        expect: factAt(austinHousesForSale, 'area-desc', 0, (l) => [saysPrice(l)]),
      },
    ],
  },
  {
    id: 'reference/tampa-3br-houses-last-then-first-parking',
    category: 'reference',
    turns: [
      { ask: '3 bedroom houses for sale in tampa', expect: list(tampa3BedHousesForSale) },
      {
        ask: 'the last one - how many parking spots?',
        expect: factAt(
          tampa3BedHousesForSale,
          'default',
          (all) => lastShownIndex(all, tampa3BedHousesForSale),
          (l) => [saysParking(l)],
        ),
      },
      { ask: 'and the first one?', expect: factAt(tampa3BedHousesForSale, 'default', 0, (l) => [saysParking(l)]) },
    ],
  },
  {
    id: 'reference/portland-condos-under-200k-2nd-hoa-size',
    category: 'reference',
    turns: [
      { ask: 'condos for sale in portland under 200k', expect: list(portlandCondosUnder200k) },
      {
        ask: 'whats the hoa on the 2nd one',
        expect: factAt(portlandCondosUnder200k, 'default', 1, (l) => [saysHoa(l)]),
      },
      { ask: 'and how big is it', expect: factAt(portlandCondosUnder200k, 'default', 1, (l) => [saysArea(l)]) },
    ],
  },
];

const negation: EvalCase[] = [
  {
    id: 'negation/not-interested-in-condos-tampa-under-500k',
    category: 'negation',
    turns: [
      {
        ask: 'not interested in condos. what do you have for sale in tampa under 500k?',
        expect: list(onMarket(forSale, inCity('Tampa'), priceAtMost(500_000), not(condo))),
      },
    ],
  },
  {
    id: 'negation/austin-rentals-anything-but-apartments',
    category: 'negation',
    turns: [
      {
        ask: 'rentals in austin - anything but apartments',
        expect: list(onMarket(forRent, inCity('Austin'), not(apartment))),
      },
    ],
  },
  {
    id: 'negation/madison-for-sale-no-townhouses-or-condos-under-600k',
    category: 'negation',
    turns: [
      {
        ask: "homes for sale in madison under 600k that aren't townhouses or condos",
        expect: list(onMarket(forSale, inCity('Madison'), priceAtMost(600_000), not(townhouse), not(condo))),
      },
    ],
  },
  {
    id: 'negation/raleigh-rentals-nothing-older-than-1980',
    category: 'negation',
    turns: [
      {
        ask: "i don't want anything older than 1980 — what rentals do you have in raleigh?",
        expect: list(onMarket(forRent, inCity('Raleigh'), not(builtBefore(1980)))),
      },
    ],
  },
];

const superlative: EvalCase[] = [
  {
    id: 'superlative/biggest-place-tampa',
    category: 'superlative',
    turns: [
      { ask: "what's the biggest place you've got in tampa", expect: top(onMarket(inCity('Tampa')), 'area-desc') },
    ],
  },
  {
    id: 'superlative/cheapest-2br-rental-denver',
    category: 'superlative',
    turns: [
      { ask: 'cheapest 2br rental in denver?', expect: top(onMarket(forRent, beds(2), inCity('Denver')), 'default') },
    ],
  },
  {
    id: 'superlative/oldest-home-madison',
    category: 'superlative',
    turns: [
      {
        ask: 'which home on the market in madison is the oldest?',
        expect: top(onMarket(inCity('Madison')), 'year-asc'),
      },
    ],
  },
  {
    id: 'superlative/3-priciest-raleigh-for-sale',
    category: 'superlative',
    turns: [
      {
        ask: 'give me the 3 priciest homes for sale in raleigh',
        expect: top(onMarket(forSale, inCity('Raleigh')), 'price-desc', 3),
      },
    ],
  },
];

const numbersInWords: EvalCase[] = [
  {
    id: 'numbers-in-words/four-or-more-bedrooms-rent-raleigh',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'anything with four bedrooms or more for rent in raleigh',
        expect: list(onMarket(forRent, bedsAtLeast(4), inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/condos-under-two-hundred-grand-madison',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'condos under two hundred grand in madison?',
        expect: list(onMarket(forSale, condo, priceAtMost(200_000), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/two-bed-rentals-twelve-hundred-tampa',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'two bed rentals in tampa under twelve hundred a month',
        expect: list(onMarket(forRent, beds(2), priceAtMost(1_200), inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'numbers-in-words/three-bed-two-and-a-half-baths-madison',
    category: 'numbers-in-words',
    turns: [
      {
        ask: 'a three bedroom with at least two and a half baths in Madison',
        expect: list(onMarket(beds(3), bathsAtLeast(2.5), inCity('Madison'))),
      },
    ],
  },
];

const misspelling: EvalCase[] = [
  {
    id: 'misspelling/condominiums-tamap',
    category: 'misspelling',
    turns: [{ ask: 'condominiums in tamap', expect: list(onMarket(condo, inCity('Tampa'))) }],
  },
  {
    id: 'misspelling/singel-famly-raleigh-under-500k',
    category: 'misspelling',
    turns: [
      {
        ask: 'singel famly homes in raleigh under 500k',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), priceAtMost(500_000))),
      },
    ],
  },
  {
    id: 'misspelling/apartmens-for-rent-portand',
    category: 'misspelling',
    turns: [{ ask: 'apartmens for rent in portand', expect: list(onMarket(forRent, apartment, inCity('Portland'))) }],
  },
  {
    id: 'misspelling/townhoues-austin-for-rnet',
    category: 'misspelling',
    turns: [{ ask: 'any townhoues in austin for rnet?', expect: list(onMarket(forRent, townhouse, inCity('Austin'))) }],
  },
];

const unknownFeature: EvalCase[] = [
  {
    id: 'unknown-feature/denver-condo-elevator',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'looking for a condo in denver with an elevator, my knees are bad lol',
        expect: cantTell('elevator', onMarket(condo, inCity('Denver'))),
      },
    ],
  },
  {
    id: 'unknown-feature/furnished-1br-austin',
    category: 'unknown-feature',
    turns: [
      {
        ask: 'do you have a furnished 1 bedroom apartment for rent in austin?',
        expect: cantTell('furnished', onMarket(forRent, apartment, beds(1), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'unknown-feature/near-the-university-madison',
    category: 'unknown-feature',
    turns: [
      {
        ask: "i'm a grad student - anything near the university in madison?",
        expect: mentions(/\buniversity\b/i, onMarket(inCity('Madison'))),
      },
    ],
  },
  {
    id: 'unknown-feature/chefs-kitchen-denver',
    category: 'unknown-feature',
    turns: [
      {
        ask: "I love to cook, need a place w/ a chef's kitchen in Denver",
        expect: mentions(/chef.s kitchen/i, onMarket(inCity('Denver'))),
      },
    ],
  },
];

const nearMiss: EvalCase[] = [
  {
    id: 'near-miss/madison-4br-house-max-500k',
    category: 'near-miss',
    turns: [
      {
        ask: "we're a family of five looking for a 4 bedroom house in madison, max budget 500k",
        expect: near(
          onMarket(forSale, house, beds(4), inCity('Madison'), priceAtMost(500_000)),
          offerable(
            forSale,
            or(house, townhouse, multiFamily),
            bedsBetween(3, 5),
            inCity('Madison'),
            priceAtMost(500_000 * 1.25),
          ),
        ),
      },
    ],
  },
  {
    id: 'near-miss/denver-2-bed-condo-for-rent',
    category: 'near-miss',
    turns: [
      {
        ask: 'do u have a 2 bed condo for rent in denver',
        expect: near(
          onMarket(forRent, condo, beds(2), inCity('Denver')),
          offerable(
            inCity('Denver'),
            bedsBetween(1, 3),
            or(and(forRent, or(apartment, townhouse)), and(forSale, condo)),
          ),
        ),
      },
    ],
  },
  {
    id: 'near-miss/tampa-studio-under-1k-a-month',
    category: 'near-miss',
    turns: [
      {
        ask: 'studio apartment in tampa, under 1k a month',
        expect: near(
          onMarket(forRent, beds(0), inCity('Tampa'), priceAtMost(1_000)),
          offerable(forRent, bedsBetween(0, 1), inCity('Tampa'), priceAtMost(1_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'near-miss/portland-single-family-under-500-grand',
    category: 'near-miss',
    turns: [
      {
        ask: 'any single family in portland for less than 500 grand?',
        expect: near(
          onMarket(forSale, house, inCity('Portland'), priceAtMost(500_000)),
          offerable(
            forSale,
            inCity('Portland'),
            or(and(house, priceAtMost(500_000 * 1.2)), and(townhouse, priceAtMost(500_000))),
          ),
        ),
      },
    ],
  },
];

export const freshCases: EvalCase[] = [
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
