/**
 * The question set in German (issue 43): five categories as visitors from Germany, Austria and
 * Switzerland type them into a US agency's chat, each in their own words. Written by hand before
 * the engine read German, not translated from cases.ts, whose readings (see its header) they keep;
 * a count of Zimmer includes the living room, and each regional reading is said where it is used.
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
  near,
} from './predicates.ts';

const de = { lang: 'de' } as const;

// —— the conversations ——

const single: EvalCase[] = [
  {
    id: 'de/single/mietwohnung-austin',
    category: 'single',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        ask: 'Hallo, ich suche eine Mietwohnung in Austin',
        expect: list(onMarket(forRent, apartment, inCity('Austin'))),
      },
    ],
  },
  {
    id: 'de/single/einfamilienhaeuser-denver-mindestens-3-schlafzimmer',
    category: 'single',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Grüß Gott, haben Sie Einfamilienhäuser in Denver zu verkaufen? Mindestens 3 Schlafzimmer bitte.',
        expect: list(onMarket(forSale, house, bedsAtLeast(3), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'de/single/3-5-zimmer-wohnung-miete-denver',
    category: 'single',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        // Switzerland: a 3½-Zimmer-Wohnung is a living room, 2 bedrooms and the kitchen as the half.
        ask: 'Grüezi, ich suche eine 3½-Zimmer-Wohnung zur Miete in Denver',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'de/single/3-zimmer-wohnung-tampa-unter-1500-im-monat',
    category: 'single',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        // A 3-Zimmer-Wohnung counts the living room: 2 bedrooms.
        ask: 'gibt es eine 3-Zimmer-Wohnung in Tampa fuer unter 1.500 $ im Monat?',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Tampa'), priceAtMost(1_500))),
      },
    ],
  },
  {
    id: 'de/single/garconniere-raleigh',
    category: 'single',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        // Austria: a Garçonnière is a one-room flat — a studio apartment.
        ask: 'Servus! Habt ihr in Raleigh eine Garçonnière zu vermieten?',
        expect: list(onMarket(forRent, apartment, beds(0), inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'de/single/eigentumswohnung-madison-bis-150000-dollar',
    category: 'single',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        ask: 'Ich möchte eine Eigentumswohnung in Madison kaufen, bis 150.000 Dollar',
        expect: list(onMarket(forSale, condo, inCity('Madison'), priceAtMost(150_000))),
      },
    ],
  },
  {
    id: 'de/single/reiheneinfamilienhaus-madison-bis-450000',
    category: 'single',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        // Switzerland: a Reiheneinfamilienhaus is a townhouse; 450'000 groups its thousands the Swiss way.
        ask: "Reiheneinfamilienhaus zu kaufen in Madison, bis 450'000 Dollar",
        expect: list(onMarket(forSale, townhouse, inCity('Madison'), priceAtMost(450_000))),
      },
    ],
  },
  {
    id: 'de/single/demnaechst-raleigh',
    category: 'single',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Was kommt in Raleigh demnächst auf den Markt?',
        expect: list(and(comingSoon, inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'de/single/verkaufte-haeuser-tampa',
    category: 'single',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Welche Häuser in Tampa sind schon verkauft worden?',
        expect: list(and(sold, house, inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'de/single/haeuser-austin-ueber-250-m2',
    category: 'single',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        // Neither sale nor rent said: both.
        ask: 'haeuser in austin mit ueber 250 m2 wohnflaeche',
        expect: list(onMarket(house, sqftAtLeast(250 * SQFT_PER_SQM), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'de/single/mehrfamilienhaus-kaufen-denver',
    category: 'single',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Hoi zäme, gibt es in Denver ein Mehrfamilienhaus zu kaufen?',
        expect: list(onMarket(forSale, multiFamily, inCity('Denver'))),
      },
    ],
  },
  {
    id: 'de/single/immobilien-madison-250000-bis-500000',
    category: 'single',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        // A price of hundreds of thousands only fits a purchase.
        ask: 'immobilien in madison zwischen 250.000 und 500.000 dollar',
        expect: list(onMarket(forSale, inCity('Madison'), priceBetween(250_000, 500_000))),
      },
    ],
  },
  {
    id: 'de/single/wohnung-mieten-denver-mit-stellplatz',
    category: 'single',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Wohnung mieten in Denver, mit Stellplatz fürs Auto',
        expect: list(onMarket(forRent, apartment, parkingAtLeast(1), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'de/single/tampa-ab-2020-gebaut',
    category: 'single',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        // "ab 2020": 2020 itself included.
        ask: 'Habt ihr in Tampa etwas, das ab 2020 gebaut wurde?',
        expect: list(onMarket(builtAfter(2019), inCity('Tampa'))),
      },
    ],
  },
];

const followUp: EvalCase[] = [
  {
    id: 'de/follow-up/miete-austin-dann-denver',
    category: 'follow-up',
    ...de,
    locale: 'de-DE',
    turns: [
      { ask: 'Hallo! Was habt ihr in Austin zur Miete?', expect: list(onMarket(forRent, inCity('Austin'))) },
      { ask: 'und in Denver?', expect: list(onMarket(forRent, inCity('Denver'))) },
    ],
  },
  {
    id: 'de/follow-up/einfamilienhaus-4-schlafzimmer-raleigh-dann-madison',
    category: 'follow-up',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Einfamilienhaus mit 4 Schlafzimmern zu kaufen in Raleigh',
        expect: list(onMarket(forSale, house, beds(4), inCity('Raleigh'))),
      },
      { ask: 'Und in Madison?', expect: list(onMarket(forSale, house, beds(4), inCity('Madison'))) },
    ],
  },
  {
    id: 'de/follow-up/eigentumswohnungen-tampa-kauf-dann-miete',
    category: 'follow-up',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Eigentumswohnungen zum Kauf in Tampa, bitte',
        expect: list(onMarket(forSale, condo, inCity('Tampa'))),
      },
      { ask: 'hm, lieber zur Miete', expect: list(onMarket(forRent, condo, inCity('Tampa'))) },
    ],
  },
  {
    id: 'de/follow-up/2-zimmer-wohnung-madison-dann-3-zimmer',
    category: 'follow-up',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        // Zimmer count the living room: a 2-Zimmer-Wohnung has 1 bedroom, one with 3 Zimmer 2.
        ask: '2-Zimmer-Wohnung zur Miete in Madison',
        expect: list(onMarket(forRent, apartment, beds(1), inCity('Madison'))),
      },
      { ask: 'und mit 3 Zimmern?', expect: list(onMarket(forRent, apartment, beds(2), inCity('Madison'))) },
    ],
  },
  {
    id: 'de/follow-up/haeuser-tampa-bis-600000-dann-800k',
    category: 'follow-up',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Häuser zu verkaufen in Tampa bis 600.000 $',
        expect: list(onMarket(forSale, house, inCity('Tampa'), priceAtMost(600_000))),
      },
      {
        ask: 'und bis 800k?',
        expect: list(onMarket(forSale, house, inCity('Tampa'), priceAtMost(800_000))),
      },
    ],
  },
  {
    id: 'de/follow-up/reihenhaeuser-madison-dann-mehrfamilienhaeuser',
    category: 'follow-up',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        ask: 'Habt ihr Reihenhäuser in Madison zu verkaufen?',
        expect: list(onMarket(forSale, townhouse, inCity('Madison'))),
      },
      { ask: 'und Mehrfamilienhäuser?', expect: list(onMarket(forSale, multiFamily, inCity('Madison'))) },
    ],
  },
  {
    id: 'de/follow-up/haeuser-miete-raleigh-denver-portland',
    category: 'follow-up',
    ...de,
    locale: 'de-CH',
    turns: [
      { ask: 'Häuser zur Miete in Raleigh', expect: list(onMarket(forRent, house, inCity('Raleigh'))) },
      { ask: 'und in Denver?', expect: list(onMarket(forRent, house, inCity('Denver'))) },
      { ask: 'und Portland', expect: list(onMarket(forRent, house, inCity('Portland'))) },
    ],
  },
  {
    id: 'de/follow-up/bald-tampa-dann-madison',
    category: 'follow-up',
    ...de,
    locale: 'de-DE',
    turns: [
      { ask: 'was kommt in tampa bald neu rein?', expect: list(and(comingSoon, inCity('Tampa'))) },
      { ask: 'und in Madison?', expect: list(and(comingSoon, inCity('Madison'))) },
    ],
  },
  {
    id: 'de/follow-up/miete-unter-1000-raleigh-dasselbe-madison',
    category: 'follow-up',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Mietobjekte unter 1.000 $ im Monat in Raleigh?',
        expect: list(onMarket(forRent, inCity('Raleigh'), priceAtMost(1_000))),
      },
      { ask: 'dasselbe in Madison', expect: list(onMarket(forRent, inCity('Madison'), priceAtMost(1_000))) },
    ],
  },
  {
    id: 'de/follow-up/1-zimmer-wohnung-denver-dann-2-zimmer',
    category: 'follow-up',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        // A 1-Zimmer-Wohnung is a studio; 2 Zimmer are a living room and 1 bedroom.
        ask: 'Ich will eine 1-Zimmer-Wohnung in Denver mieten',
        expect: list(onMarket(forRent, apartment, beds(0), inCity('Denver'))),
      },
      { ask: 'und mit 2 Zimmern?', expect: list(onMarket(forRent, apartment, beds(1), inCity('Denver'))) },
    ],
  },
  {
    id: 'de/follow-up/haeuser-portland-1-bis-1-5-mio-dann-austin',
    category: 'follow-up',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Häuser in Portland zwischen 1 und 1,5 Mio.?',
        expect: list(onMarket(forSale, house, inCity('Portland'), priceBetween(1_000_000, 1_500_000))),
      },
      {
        ask: 'und in Austin?',
        expect: list(onMarket(forSale, house, inCity('Austin'), priceBetween(1_000_000, 1_500_000))),
      },
    ],
  },
  {
    id: 'de/follow-up/reihenhaus-3-schlafzimmer-austin-dann-denver',
    category: 'follow-up',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Reihenhaus mit 3 Schlafzimmern zum Kaufen in Austin',
        expect: list(onMarket(forSale, townhouse, beds(3), inCity('Austin'))),
      },
      { ask: 'gibts sowas auch in Denver?', expect: list(onMarket(forSale, townhouse, beds(3), inCity('Denver'))) },
    ],
  },
  {
    id: 'de/follow-up/haeuser-miete-madison-kauf-dann-raleigh',
    category: 'follow-up',
    ...de,
    locale: 'de-DE',
    turns: [
      { ask: 'Häuser zur Miete in Madison', expect: list(onMarket(forRent, house, inCity('Madison'))) },
      { ask: 'ok, und zum Kaufen?', expect: list(onMarket(forSale, house, inCity('Madison'))) },
      { ask: 'was ist mit Raleigh?', expect: list(onMarket(forSale, house, inCity('Raleigh'))) },
    ],
  },
  {
    id: 'de/follow-up/wohnungen-portland-budget-2000-dann-austin',
    category: 'follow-up',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Wohnungen zum Mieten in Portland, Budget 2000 Dollar im Monat',
        expect: list(onMarket(forRent, apartment, inCity('Portland'), priceAtMost(2_000))),
      },
      {
        ask: 'gleiches Budget in Austin',
        expect: list(onMarket(forRent, apartment, inCity('Austin'), priceAtMost(2_000))),
      },
    ],
  },
];

const refinement: EvalCase[] = [
  {
    id: 'de/refinement/haeuser-denver-unter-halbe-million',
    category: 'refinement',
    ...de,
    locale: 'de-CH',
    turns: [
      { ask: 'Häuser zu verkaufen in Denver', expect: list(onMarket(forSale, house, inCity('Denver'))) },
      {
        ask: 'nur die unter einer halben Million',
        expect: list(onMarket(forSale, house, inCity('Denver'), priceAtMost(500_000))),
      },
    ],
  },
  {
    id: 'de/refinement/mietwohnungen-unter-2000-dann-tampa',
    category: 'refinement',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Mietwohnungen unter 2.000 $ im Monat',
        expect: list(onMarket(forRent, apartment, priceAtMost(2_000))),
      },
      {
        ask: 'Welche davon sind in Tampa?',
        expect: list(onMarket(forRent, apartment, priceAtMost(2_000), inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'de/refinement/raleigh-kaufen-nur-haeuser-mindestens-4-schlafzimmer',
    category: 'refinement',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Kannst du mir zeigen, was es in Raleigh zu kaufen gibt?',
        expect: list(onMarket(forSale, inCity('Raleigh'))),
      },
      { ask: 'nur Häuser', expect: list(onMarket(forSale, house, inCity('Raleigh'))) },
      {
        ask: 'mit mindestens 4 Schlafzimmern',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), bedsAtLeast(4))),
      },
    ],
  },
  {
    id: 'de/refinement/mietwohnungen-austin-2-badezimmer',
    category: 'refinement',
    ...de,
    locale: 'de-DE',
    turns: [
      { ask: 'mietwohnungen in austin', expect: list(onMarket(forRent, apartment, inCity('Austin'))) },
      {
        ask: 'nur welche mit mindestens 2 badezimmern',
        expect: list(onMarket(forRent, apartment, inCity('Austin'), bathsAtLeast(2))),
      },
    ],
  },
  {
    id: 'de/refinement/haeuser-miete-denver-zwei-stellplaetze',
    category: 'refinement',
    ...de,
    locale: 'de-AT',
    turns: [
      { ask: 'Häuser zur Miete in Denver', expect: list(onMarket(forRent, house, inCity('Denver'))) },
      {
        ask: 'Bitte nur die mit mindestens zwei Stellplätzen',
        expect: list(onMarket(forRent, house, inCity('Denver'), parkingAtLeast(2))),
      },
    ],
  },
  {
    id: 'de/refinement/portland-kaufen-mindestens-200-quadratmeter',
    category: 'refinement',
    ...de,
    locale: 'de-CH',
    turns: [
      { ask: 'Ich suche etwas zum Kaufen in Portland', expect: list(onMarket(forSale, inCity('Portland'))) },
      {
        ask: 'gross sollte es sein, mindestens 200 Quadratmeter',
        expect: list(onMarket(forSale, inCity('Portland'), sqftAtLeast(200 * SQFT_PER_SQM))),
      },
    ],
  },
  {
    id: 'de/refinement/condos-denver-parkplatz-bis-400k',
    category: 'refinement',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        // German speakers in the US say Condo too: a Condo.
        ask: 'Condos in Denver kaufen',
        expect: list(onMarket(forSale, condo, inCity('Denver'))),
      },
      {
        ask: 'nur mit Parkplatz',
        expect: list(onMarket(forSale, condo, inCity('Denver'), parkingAtLeast(1))),
      },
      {
        ask: 'und bis 400k',
        expect: list(onMarket(forSale, condo, inCity('Denver'), parkingAtLeast(1), priceAtMost(400_000))),
      },
    ],
  },
  {
    id: 'de/refinement/mietobjekte-tampa-3d-rundgang',
    category: 'refinement',
    ...de,
    locale: 'de-AT',
    turns: [
      { ask: 'Zeigen Sie mir bitte Mietobjekte in Tampa.', expect: list(onMarket(forRent, inCity('Tampa'))) },
      {
        ask: 'Nur jene mit 3D-Rundgang',
        expect: list(onMarket(forRent, inCity('Tampa'), tour3d)),
      },
    ],
  },
  {
    id: 'de/refinement/reiheneinfamilienhaeuser-450000-mindestens-3-schlafzimmer',
    category: 'refinement',
    ...de,
    locale: 'de-CH',
    turns: [
      { ask: 'Reiheneinfamilienhäuser zu kaufen', expect: list(onMarket(forSale, townhouse)) },
      {
        ask: "höchstens 450'000 Dollar",
        expect: list(onMarket(forSale, townhouse, priceAtMost(450_000))),
      },
      {
        ask: 'und mindestens 3 Schlafzimmer',
        expect: list(onMarket(forSale, townhouse, priceAtMost(450_000), bedsAtLeast(3))),
      },
    ],
  },
  {
    id: 'de/refinement/madison-miete-2-schlafzimmer-max-2000',
    category: 'refinement',
    ...de,
    locale: 'de-DE',
    turns: [
      { ask: 'was habt ihr in madison zur miete', expect: list(onMarket(forRent, inCity('Madison'))) },
      { ask: '2 schlafzimmer oder mehr', expect: list(onMarket(forRent, inCity('Madison'), bedsAtLeast(2))) },
      {
        ask: 'und max 2.000 im monat',
        expect: list(onMarket(forRent, inCity('Madison'), bedsAtLeast(2), priceAtMost(2_000))),
      },
    ],
  },
  {
    id: 'de/refinement/haeuser-unter-700000-madison-raleigh-ab-2000',
    category: 'refinement',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Häuser zum Kaufen unter 700.000 Dollar',
        expect: list(onMarket(forSale, house, priceAtMost(700_000))),
      },
      {
        ask: 'nur in Madison und Raleigh',
        expect: list(onMarket(forSale, house, priceAtMost(700_000), inCity('Madison', 'Raleigh'))),
      },
      {
        // "ab Baujahr 2000": 2000 itself included.
        ask: 'ab Baujahr 2000',
        expect: list(onMarket(forSale, house, priceAtMost(700_000), inCity('Madison', 'Raleigh'), builtAfter(1999))),
      },
    ],
  },
  {
    id: 'de/refinement/demnaechst-nur-reihenhaeuser',
    category: 'refinement',
    ...de,
    locale: 'de-DE',
    turns: [
      { ask: 'Was ist demnächst verfügbar?', expect: list(comingSoon) },
      { ask: 'nur Reihenhäuser bitte', expect: list(and(comingSoon, townhouse)) },
    ],
  },
  {
    id: 'de/refinement/haeuser-tampa-kaufen-4-schlafzimmer',
    category: 'refinement',
    ...de,
    locale: 'de-CH',
    turns: [
      { ask: 'Häuser in Tampa', expect: list(onMarket(house, inCity('Tampa'))) },
      { ask: 'nur zum Kaufen', expect: list(onMarket(forSale, house, inCity('Tampa'))) },
      {
        ask: 'mit mindestens 4 Schlafzimmern',
        expect: list(onMarket(forSale, house, inCity('Tampa'), bedsAtLeast(4))),
      },
    ],
  },
  {
    id: 'de/refinement/austin-zu-verkaufen-300000-bis-600000',
    category: 'refinement',
    ...de,
    locale: 'de-AT',
    turns: [
      { ask: 'Immobilien in Austin zu verkaufen', expect: list(onMarket(forSale, inCity('Austin'))) },
      {
        ask: 'Eingrenzen bitte: zwischen 300.000 und 600.000 $',
        expect: list(onMarket(forSale, inCity('Austin'), priceBetween(300_000, 600_000))),
      },
    ],
  },
];

const negation: EvalCase[] = [
  {
    id: 'de/negation/denver-kaufen-keine-eigentumswohnungen',
    category: 'negation',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        ask: 'Immobilien zu verkaufen in Denver, aber keine Eigentumswohnungen',
        expect: list(onMarket(forSale, inCity('Denver'), not(condo))),
      },
    ],
  },
  {
    id: 'de/negation/tampa-vermieten-aber-keine-wohnungen',
    category: 'negation',
    ...de,
    locale: 'de-AT',
    turns: [
      { ask: 'Was haben Sie in Tampa zu vermieten?', expect: list(onMarket(forRent, inCity('Tampa'))) },
      { ask: 'aber keine Wohnungen', expect: list(onMarket(forRent, inCity('Tampa'), not(apartment))) },
    ],
  },
  {
    id: 'de/negation/reihenhaeuser-mieten-ausser-austin',
    category: 'negation',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Reihenhäuser zu mieten, egal wo, ausser in Austin',
        expect: list(onMarket(forRent, townhouse, not(inCity('Austin')))),
      },
    ],
  },
  {
    id: 'de/negation/portland-alles-ausser-mietobjekte',
    category: 'negation',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        ask: 'alles in Portland außer Mietobjekte',
        expect: list(onMarket(inCity('Portland'), not(forRent))),
      },
    ],
  },
  {
    id: 'de/negation/mietwohnungen-denver-keine-studios',
    category: 'negation',
    ...de,
    locale: 'de-AT',
    turns: [
      { ask: 'Mietwohnungen in Denver', expect: list(onMarket(forRent, apartment, inCity('Denver'))) },
      {
        ask: 'keine Studios bitte',
        expect: list(onMarket(forRent, apartment, inCity('Denver'), not(beds(0)))),
      },
    ],
  },
  {
    id: 'de/negation/haeuser-tampa-nichts-was-erst-demnaechst-kommt',
    category: 'negation',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        ask: 'Häuser zum Kauf in Tampa, aber nichts, was erst demnächst auf den Markt kommt',
        expect: list(and(forSale, house, inCity('Tampa'), active)),
      },
    ],
  },
  {
    id: 'de/negation/stockwerkeigentum-bis-250000-nicht-portland',
    category: 'negation',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        // Switzerland: a Wohnung im Stockwerkeigentum is a condo.
        ask: "Wohnung im Stockwerkeigentum bis 250'000 Dollar, aber nicht in Portland",
        expect: list(onMarket(forSale, condo, priceAtMost(250_000), not(inCity('Portland')))),
      },
    ],
  },
  {
    id: 'de/negation/kein-haus-miete-austin',
    category: 'negation',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Ich möchte kein Haus. Was habt ihr in Austin zur Miete?',
        expect: list(onMarket(forRent, inCity('Austin'), not(house))),
      },
    ],
  },
  {
    id: 'de/negation/haeuser-raleigh-nichts-vor-1960',
    category: 'negation',
    ...de,
    locale: 'de-AT',
    turns: [
      { ask: 'Häuser in Raleigh zu kaufen', expect: list(onMarket(forSale, house, inCity('Raleigh'))) },
      {
        ask: 'nichts, was vor 1960 gebaut wurde',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), not(builtBefore(1960)))),
      },
    ],
  },
  {
    id: 'de/negation/mietobjekte-raleigh-weder-wohnungen-noch-eigentumswohnungen',
    category: 'negation',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Mietobjekte in Raleigh, aber weder Wohnungen noch Eigentumswohnungen',
        expect: list(onMarket(forRent, inCity('Raleigh'), not(apartment), not(condo))),
      },
    ],
  },
  {
    id: 'de/negation/haeuser-5-schlafzimmer-nicht-in-tampa',
    category: 'negation',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        ask: 'häuser mit 5 schlafzimmern zu kaufen, nicht in tampa',
        expect: list(onMarket(forSale, house, beds(5), not(inCity('Tampa')))),
      },
    ],
  },
  {
    id: 'de/negation/madison-4-schlafzimmer-keine-mehrfamilienhaeuser',
    category: 'negation',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Objekte mit mindestens 4 Schlafzimmern zum Kauf in Madison',
        expect: list(onMarket(forSale, bedsAtLeast(4), inCity('Madison'))),
      },
      {
        ask: 'aber keine Mehrfamilienhäuser',
        expect: list(onMarket(forSale, bedsAtLeast(4), inCity('Madison'), not(multiFamily))),
      },
    ],
  },
  {
    id: 'de/negation/tampa-kaufen-ausser-einfamilienhaeuser',
    category: 'negation',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Was kann man in Tampa kaufen, ausser Einfamilienhäuser?',
        expect: list(onMarket(forSale, inCity('Tampa'), not(house))),
      },
    ],
  },
  {
    id: 'de/negation/einfamilienhaeuser-denver-nichts-ueber-700000',
    category: 'negation',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        ask: 'Einfamilienhäuser zu verkaufen in Denver, aber bitte nichts über 700.000 $',
        expect: list(onMarket(forSale, house, inCity('Denver'), priceAtMost(700_000))),
      },
    ],
  },
];

const nearMiss: EvalCase[] = [
  {
    id: 'de/near-miss/haus-madison-unter-250000',
    category: 'near-miss',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        ask: 'Ein Haus in Madison für unter 250.000 Dollar?',
        expect: near(
          onMarket(forSale, house, inCity('Madison'), priceAtMost(250_000)),
          offerable(forSale, or(house, townhouse), inCity('Madison'), priceAtMost(250_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/eigentumswohnung-4-schlafzimmer-tampa',
    category: 'near-miss',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Eine Eigentumswohnung mit 4 Schlafzimmern in Tampa, gibt es so etwas?',
        expect: near(
          onMarket(condo, beds(4), inCity('Tampa')),
          offerable(inCity('Tampa'), or(and(condo, bedsAtLeast(3)), bedsAtLeast(4))),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/2-5-zimmer-wohnung-portland-bis-1000',
    category: 'near-miss',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        // Switzerland: a 2½-Zimmer-Wohnung is a living room and 1 bedroom.
        ask: 'Grüezi, ich suche eine 2½-Zimmer-Wohnung in Portland zur Miete, bis 1000 Dollar im Monat',
        expect: near(
          onMarket(forRent, apartment, beds(1), inCity('Portland'), priceAtMost(1_000)),
          offerable(forRent, or(apartment, condo), bedsBetween(0, 2), inCity('Portland'), priceAtMost(1_000 * 1.3)),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/haus-6-schlafzimmer-tampa',
    category: 'near-miss',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'habt ihr ein haus mit 6 schlafzimmern in tampa?',
        expect: near(
          onMarket(house, beds(6), inCity('Tampa')),
          offerable(or(house, multiFamily), bedsAtLeast(5), inCity('Tampa')),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/mietwohnung-madison-3-schlafzimmer',
    category: 'near-miss',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Mietwohnung in Madison mit 3 Schlafzimmern',
        expect: near(
          onMarket(forRent, apartment, beds(3), inCity('Madison')),
          offerable(forRent, inCity('Madison'), or(and(or(apartment, condo, townhouse), beds(2)), beds(3))),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/reihenhaus-raleigh-unter-300000',
    category: 'near-miss',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        ask: 'Reihenhaus zum Kauf in Raleigh unter 300.000 $',
        expect: near(
          onMarket(forSale, townhouse, inCity('Raleigh'), priceAtMost(300_000)),
          offerable(
            forSale,
            inCity('Raleigh'),
            or(and(townhouse, priceAtMost(300_000 * 1.4)), and(or(house, condo), priceAtMost(300_000))),
          ),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/einfamilienhaus-miete-austin-max-2000',
    category: 'near-miss',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Einfamilienhaus zur Miete in Austin, maximal 2000 Dollar pro Monat',
        expect: near(
          onMarket(forRent, house, inCity('Austin'), priceAtMost(2_000)),
          offerable(
            forRent,
            inCity('Austin'),
            or(and(house, priceAtMost(2_000 * 1.25)), and(or(townhouse, condo), priceAtMost(2_000))),
          ),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/haus-denver-nach-2015-gebaut',
    category: 'near-miss',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Gibt es in Denver ein Haus, das nach 2015 gebaut wurde?',
        expect: near(
          onMarket(house, builtAfter(2015), inCity('Denver')),
          offerable(inCity('Denver'), or(and(house, builtAfter(1995)), and(townhouse, builtAfter(2005)))),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/einzimmerwohnung-tampa-miete',
    category: 'near-miss',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        // An Einzimmerwohnung is a studio apartment.
        ask: 'Suche eine Einzimmerwohnung zur Miete in Tampa',
        expect: near(
          onMarket(forRent, apartment, beds(0), inCity('Tampa')),
          offerable(forRent, or(apartment, condo), bedsBetween(0, 1), inCity('Tampa')),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/mehrfamilienhaus-kaufen-raleigh',
    category: 'near-miss',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Ich möchte in Raleigh ein Mehrfamilienhaus kaufen',
        expect: near(
          onMarket(forSale, multiFamily, inCity('Raleigh')),
          offerable(forSale, or(house, townhouse), bedsAtLeast(4), inCity('Raleigh')),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/eigentumswohnung-austin-mindestens-150-m2',
    category: 'near-miss',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        ask: 'Eigentumswohnung in Austin zu kaufen, mindestens 150 m²',
        expect: near(
          onMarket(forSale, condo, inCity('Austin'), sqftAtLeast(150 * SQFT_PER_SQM)),
          offerable(forSale, or(condo, townhouse), inCity('Austin'), sqftAtLeast(150 * SQFT_PER_SQM * 0.8)),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/3-zimmer-wohnung-raleigh-hoechstens-1000',
    category: 'near-miss',
    ...de,
    locale: 'de-DE',
    turns: [
      {
        // A 3-Zimmer-Wohnung counts the living room: 2 bedrooms.
        ask: 'Eine 3-Zimmer-Wohnung in Raleigh zur Miete, höchstens 1.000 $ im Monat',
        expect: near(
          onMarket(forRent, apartment, beds(2), inCity('Raleigh'), priceAtMost(1_000)),
          offerable(forRent, or(apartment, condo), bedsBetween(1, 3), inCity('Raleigh'), priceAtMost(1_000 * 1.3)),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/einfamilienhaus-portland-4-schlafzimmer-um-700000',
    category: 'near-miss',
    ...de,
    locale: 'de-AT',
    turns: [
      {
        // Austria: "um 700.000" is "for 700,000" — read, with "höchstens", as at most.
        ask: 'Einfamilienhaus in Portland mit 4 Schlafzimmern um höchstens 700.000 Dollar',
        expect: near(
          onMarket(forSale, house, beds(4), inCity('Portland'), priceAtMost(700_000)),
          offerable(forSale, house, bedsBetween(3, 5), inCity('Portland'), priceAtMost(700_000 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'de/near-miss/reihenhaus-miete-madison-3-schlafzimmer',
    category: 'near-miss',
    ...de,
    locale: 'de-CH',
    turns: [
      {
        ask: 'Reihenhaus zu mieten in Madison, 3 Schlafzimmer',
        expect: near(
          onMarket(forRent, townhouse, beds(3), inCity('Madison')),
          offerable(forRent, inCity('Madison'), or(and(townhouse, bedsBetween(2, 4)), and(or(house, condo), beds(3)))),
        ),
      },
    ],
  },
];

export const germanCases: EvalCase[] = [...single, ...followUp, ...refinement, ...negation, ...nearMiss];
