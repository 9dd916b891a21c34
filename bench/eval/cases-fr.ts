/**
 * The question set in French (issue 43): the ten happy-path categories as French-speaking visitors
 * type them into a US agency's chat — from France, Québec, Belgium and Switzerland, each in its own
 * words (appart, condo, copropriété, maison de ville, 4 ½, places de parc, piasses, septante…), with
 * missing accents and typos. Written by hand before the engine read French, not translated from
 * cases.ts, whose readings they keep (see its header); what a regional phrase is read as is said
 * where it is used. Facts are checked with predicates.ts's any-language helpers only.
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
  sqft,
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
  byAddress,
  near,
  cantTell,
  figure,
  saysPriceAnyLanguage,
  saysBedsAnyLanguage,
  saysYear,
} from './predicates.ts';

const fr = { lang: 'fr' } as const;

// —— the conversations ——

const single: EvalCase[] = [
  {
    id: 'fr/single/locations-austin',
    category: 'single',
    ...fr,
    locale: 'fr-FR',
    turns: [{ ask: 'Bonjour, vous avez des locations à Austin ?', expect: list(onMarket(forRent, inCity('Austin'))) }],
  },
  {
    id: 'fr/single/unifamiliale-3-chambres-1800-pieds-carres-denver',
    category: 'single',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        // Québec: « maison unifamiliale » is a single-family house; neither sale nor rent said.
        ask: 'Je cherche une maison unifamiliale de 3 chambres à Denver, au moins 1800 pieds carrés',
        expect: list(onMarket(house, beds(3), sqftAtLeast(1_800), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'fr/single/condos-portland-en-bas-de-250k',
    category: 'single',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'des condos à vendre à Portland en bas de 250 000$',
        expect: list(onMarket(forSale, condo, inCity('Portland'), priceAtMost(250_000))),
      },
    ],
  },
  {
    id: 'fr/single/apparts-madison-moins-de-1000-par-mois',
    category: 'single',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'Vous avez des apparts à louer sur Madison à moins de 1000 $ par mois ?',
        expect: list(onMarket(forRent, apartment, inCity('Madison'), priceAtMost(1_000))),
      },
    ],
  },
  {
    id: 'fr/single/raleigh-entre-300-et-500-mille',
    category: 'single',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'Je cherche un bien entre 300 000 et 500 000 dollars à Raleigh.',
        expect: list(onMarket(forSale, inCity('Raleigh'), priceBetween(300_000, 500_000))),
      },
    ],
  },
  {
    id: 'fr/single/maisons-portland-entre-1-et-1-5-million',
    category: 'single',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'Avez-vous des maisons à vendre à Portland entre 1 et 1,5 million ?',
        expect: list(onMarket(forSale, house, inCity('Portland'), priceBetween(1_000_000, 1_500_000))),
      },
    ],
  },
  {
    id: 'fr/single/bientot-sur-le-marche-tampa',
    category: 'single',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: "qu'est-ce qui arrive bientôt sur le marché à tampa ?", expect: list(and(comingSoon, inCity('Tampa'))) },
    ],
  },
  {
    id: 'fr/single/condos-vendus-portland',
    category: 'single',
    ...fr,
    locale: 'fr-CA',
    turns: [{ ask: 'Quels condos ont été vendus à Portland?', expect: list(and(sold, condo, inCity('Portland'))) }],
  },
  {
    id: 'fr/single/maison-4-chambres-plus-de-230-m2-madison',
    category: 'single',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'Bonjour, je cherche une maison de 4 chambres de plus de 230 m² à Madison',
        expect: list(onMarket(house, beds(4), sqftAtLeast(230 * SQFT_PER_SQM), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'fr/single/construit-apres-2020-raleigh',
    category: 'single',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'Y a-t-il quelque chose de construit après 2020 à Raleigh ?',
        expect: list(onMarket(builtAfter(2020), inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'fr/single/appart-t3-a-louer-tampa',
    category: 'single',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        // France: a T3 is three main rooms — a living room and 2 bedrooms.
        ask: 'un appart T3 à louer à Tampa',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'fr/single/maisons-visite-3d-tampa',
    category: 'single',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'Pouvez-vous me montrer des maisons à vendre à Tampa qui ont une visite virtuelle 3D?',
        expect: list(onMarket(forSale, house, tour3d, inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'fr/single/studios-en-location',
    category: 'single',
    ...fr,
    locale: 'fr-FR',
    turns: [{ ask: "t'as des studios en location ?", expect: list(onMarket(forRent, beds(0))) }],
  },
  {
    id: 'fr/single/denver-2-places-de-parc',
    category: 'single',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        // Switzerland: « place de parc » is a parking space.
        ask: 'Des biens à vendre à Denver avec au moins 2 places de parc ?',
        expect: list(onMarket(forSale, parkingAtLeast(2), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'fr/single/maisons-austin-plus-de-250-m2',
    category: 'single',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'maisons à vendre à Austin de plus de 250 m2',
        expect: list(onMarket(forSale, house, sqftAtLeast(250 * SQFT_PER_SQM), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'fr/single/vieilles-maisons-portland',
    category: 'single',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: "J'aime les vieilles maisons. Y a-tu quelque chose à Portland construit avant 1940?",
        expect: list(onMarket(house, builtBefore(1940), inCity('Portland'))),
      },
    ],
  },
];

const followUp: EvalCase[] = [
  {
    id: 'fr/follow-up/locations-austin-puis-denver',
    category: 'follow-up',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: 'locations à Austin', expect: list(onMarket(forRent, inCity('Austin'))) },
      { ask: 'et à Denver ?', expect: list(onMarket(forRent, inCity('Denver'))) },
    ],
  },
  {
    id: 'fr/follow-up/maisons-3-chambres-denver-pis-austin',
    category: 'follow-up',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'maisons 3 chambres à vendre à Denver',
        expect: list(onMarket(forSale, house, beds(3), inCity('Denver'))),
      },
      { ask: 'pis à Austin?', expect: list(onMarket(forSale, house, beds(3), inCity('Austin'))) },
    ],
  },
  {
    id: 'fr/follow-up/copro-tampa-vente-puis-location',
    category: 'follow-up',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: "Des appartements en copropriété à vendre à Tampa, s'il vous plaît.",
        expect: list(onMarket(forSale, condo, inCity('Tampa'))),
      },
      { ask: 'Montrez-moi plutôt ceux en location.', expect: list(onMarket(forRent, condo, inCity('Tampa'))) },
    ],
  },
  {
    id: 'fr/follow-up/apparts-3-5-puis-4-5-pieces-raleigh',
    category: 'follow-up',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        // Switzerland: a « 3,5 pièces » is a living room, 2 bedrooms and the kitchen as the half; a « 4,5 pièces » has 3 bedrooms.
        ask: 'appartement de 3,5 pièces à louer à Raleigh',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Raleigh'))),
      },
      { ask: 'et en 4,5 pièces ?', expect: list(onMarket(forRent, apartment, beds(3), inCity('Raleigh'))) },
    ],
  },
  {
    id: 'fr/follow-up/raleigh-moins-400k-puis-600k',
    category: 'follow-up',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'des biens à vendre à Raleigh à moins de 400k',
        expect: list(onMarket(forSale, inCity('Raleigh'), priceAtMost(400_000))),
      },
      { ask: 'et à moins de 600k ?', expect: list(onMarket(forSale, inCity('Raleigh'), priceAtMost(600_000))) },
    ],
  },
  {
    id: 'fr/follow-up/maisons-de-ville-puis-condos-madison',
    category: 'follow-up',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'As-tu des maisons de ville à vendre à Madison?',
        expect: list(onMarket(forSale, townhouse, inCity('Madison'))),
      },
      { ask: 'pis des condos?', expect: list(onMarket(forSale, condo, inCity('Madison'))) },
    ],
  },
  {
    id: 'fr/follow-up/maisons-a-louer-denver-raleigh-madison',
    category: 'follow-up',
    ...fr,
    locale: 'fr-BE',
    turns: [
      { ask: 'maisons à louer à Denver', expect: list(onMarket(forRent, house, inCity('Denver'))) },
      { ask: 'Et à Raleigh ?', expect: list(onMarket(forRent, house, inCity('Raleigh'))) },
      { ask: 'et madison ?', expect: list(onMarket(forRent, house, inCity('Madison'))) },
    ],
  },
  {
    id: 'fr/follow-up/bientot-en-vente-austin-puis-portland',
    category: 'follow-up',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: "Qu'est-ce qui va bientôt être mis en vente à Austin ?",
        expect: list(and(comingSoon, inCity('Austin'))),
      },
      { ask: 'et à Portland ?', expect: list(and(comingSoon, inCity('Portland'))) },
    ],
  },
  {
    id: 'fr/follow-up/locations-1800-madison-meme-chose-tampa',
    category: 'follow-up',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'locations à moins de 1 800 $ par mois à Madison',
        expect: list(onMarket(forRent, inCity('Madison'), priceAtMost(1_800))),
      },
      { ask: 'même chose à Tampa', expect: list(onMarket(forRent, inCity('Tampa'), priceAtMost(1_800))) },
    ],
  },
  {
    id: 'fr/follow-up/maisons-4-puis-5-chambres-tampa',
    category: 'follow-up',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'maisons 4 chambres à vendre à Tampa',
        expect: list(onMarket(forSale, house, beds(4), inCity('Tampa'))),
      },
      { ask: 'y en a-tu avec 5?', expect: list(onMarket(forSale, house, beds(5), inCity('Tampa'))) },
    ],
  },
  {
    id: 'fr/follow-up/maison-3-chambres-portland-maisons-de-ville-austin',
    category: 'follow-up',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'maison 3 chambres à vendre à Portland',
        expect: list(onMarket(forSale, house, beds(3), inCity('Portland'))),
      },
      {
        ask: 'et en maison de ville ?',
        expect: list(onMarket(forSale, townhouse, beds(3), inCity('Portland'))),
      },
      { ask: 'et à Austin ?', expect: list(onMarket(forSale, townhouse, beds(3), inCity('Austin'))) },
    ],
  },
  {
    id: 'fr/follow-up/une-chambre-puis-studios-austin',
    category: 'follow-up',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: "Bonjour, un appartement d'une chambre à louer à Austin ?",
        expect: list(onMarket(forRent, apartment, beds(1), inCity('Austin'))),
      },
      { ask: 'et des studios ?', expect: list(onMarket(forRent, apartment, beds(0), inCity('Austin'))) },
    ],
  },
  {
    id: 'fr/follow-up/moins-250k-portland-puis-madison',
    category: 'follow-up',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'Vous avez des biens à vendre à moins de 250 000 $ à Portland ?',
        expect: list(onMarket(forSale, inCity('Portland'), priceAtMost(250_000))),
      },
      { ask: 'Et à Madison ?', expect: list(onMarket(forSale, inCity('Madison'), priceAtMost(250_000))) },
    ],
  },
  {
    id: 'fr/follow-up/maisons-location-austin-vente-puis-denver',
    category: 'follow-up',
    ...fr,
    locale: 'fr-CA',
    turns: [
      { ask: 'maisons à louer à Austin', expect: list(onMarket(forRent, house, inCity('Austin'))) },
      { ask: 'ok pis à vendre?', expect: list(onMarket(forSale, house, inCity('Austin'))) },
      { ask: 'et à Denver?', expect: list(onMarket(forSale, house, inCity('Denver'))) },
    ],
  },
];

const refinement: EvalCase[] = [
  {
    id: 'fr/refinement/austin-puis-moins-500k',
    category: 'refinement',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: 'biens à vendre à Austin', expect: list(onMarket(forSale, inCity('Austin'))) },
      {
        ask: 'seulement ceux à moins de 500 000 $',
        expect: list(onMarket(forSale, inCity('Austin'), priceAtMost(500_000))),
      },
    ],
  },
  {
    id: 'fr/refinement/locations-2200-puis-denver',
    category: 'refinement',
    ...fr,
    locale: 'fr-CA',
    turns: [
      { ask: 'des logements à louer en bas de 2200$ par mois', expect: list(onMarket(forRent, priceAtMost(2_200))) },
      {
        ask: 'lesquelles sont à Denver?',
        expect: list(onMarket(forRent, priceAtMost(2_200), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'fr/refinement/3-chambres-tampa-puis-maisons',
    category: 'refinement',
    ...fr,
    locale: 'fr-BE',
    turns: [
      { ask: 'biens 3 chambres à vendre à Tampa', expect: list(onMarket(forSale, beds(3), inCity('Tampa'))) },
      { ask: 'uniquement les maisons', expect: list(onMarket(forSale, beds(3), house, inCity('Tampa'))) },
    ],
  },
  {
    id: 'fr/refinement/2-chambres-madison-plutot-2-salles-de-bain',
    category: 'refinement',
    ...fr,
    locale: 'fr-CH',
    turns: [
      { ask: 'locations 2 chambres à Madison', expect: list(onMarket(forRent, beds(2), inCity('Madison'))) },
      {
        // "2 salles de bain" read as at least 2, as cases.ts reads baths; here exactly 2 would pick the same homes.
        ask: 'plutôt avec 2 salles de bain',
        expect: list(onMarket(forRent, beds(2), bathsAtLeast(2), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'fr/refinement/portland-maisons-moins-800k',
    category: 'refinement',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: "Qu'est-ce que vous avez à vendre à Portland ?", expect: list(onMarket(forSale, inCity('Portland'))) },
      { ask: 'juste les maisons', expect: list(onMarket(forSale, house, inCity('Portland'))) },
      {
        ask: 'à moins de 800 000 $',
        expect: list(onMarket(forSale, house, inCity('Portland'), priceAtMost(800_000))),
      },
    ],
  },
  {
    id: 'fr/refinement/raleigh-maisons-apres-2000',
    category: 'refinement',
    ...fr,
    locale: 'fr-CA',
    turns: [
      { ask: 'maisons à vendre à Raleigh', expect: list(onMarket(forSale, house, inCity('Raleigh'))) },
      {
        ask: 'juste celles construites après 2000',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), builtAfter(2000))),
      },
    ],
  },
  {
    id: 'fr/refinement/denver-copro-plus-de-100-m2',
    category: 'refinement',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'appartements en copropriété à vendre à Denver',
        expect: list(onMarket(forSale, condo, inCity('Denver'))),
      },
      {
        ask: 'il y en a de plus de 100 m² ?',
        expect: list(onMarket(forSale, condo, inCity('Denver'), sqftAtLeast(100 * SQFT_PER_SQM))),
      },
    ],
  },
  {
    id: 'fr/refinement/locations-austin-visite-3d',
    category: 'refinement',
    ...fr,
    locale: 'fr-CH',
    turns: [
      { ask: 'Montrez-moi les locations à Austin.', expect: list(onMarket(forRent, inCity('Austin'))) },
      { ask: 'seulement celles avec une visite 3D', expect: list(onMarket(forRent, inCity('Austin'), tour3d)) },
    ],
  },
  {
    id: 'fr/refinement/maisons-de-ville-2-places-de-parking',
    category: 'refinement',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: 'maisons de ville à vendre', expect: list(onMarket(forSale, townhouse)) },
      {
        ask: 'avec 2 places de parking minimum',
        expect: list(onMarket(forSale, townhouse, parkingAtLeast(2))),
      },
    ],
  },
  {
    id: 'fr/refinement/raleigh-locations-2-chambres-moins-2000',
    category: 'refinement',
    ...fr,
    locale: 'fr-CA',
    turns: [
      { ask: 'locations à Raleigh', expect: list(onMarket(forRent, inCity('Raleigh'))) },
      { ask: '2 chambres ou plus', expect: list(onMarket(forRent, inCity('Raleigh'), bedsAtLeast(2))) },
      {
        ask: 'en bas de 2000 $ par mois',
        expect: list(onMarket(forRent, inCity('Raleigh'), bedsAtLeast(2), priceAtMost(2_000))),
      },
    ],
  },
  {
    id: 'fr/refinement/maisons-moins-700k-puis-4-chambres',
    category: 'refinement',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'maisons à vendre à moins de 700 mille dollars',
        expect: list(onMarket(forSale, house, priceAtMost(700_000))),
      },
      {
        ask: 'avec au moins 4 chambres',
        expect: list(onMarket(forSale, house, priceAtMost(700_000), bedsAtLeast(4))),
      },
    ],
  },
  {
    id: 'fr/refinement/apparts-denver-4-et-demi',
    category: 'refinement',
    ...fr,
    locale: 'fr-CA',
    turns: [
      { ask: 'appartements à louer à Denver', expect: list(onMarket(forRent, apartment, inCity('Denver'))) },
      {
        // Québec: a « 4 ½ » is four rooms and a bathroom — a living room, a kitchen and 2 bedrooms.
        ask: 'juste des 4 ½',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'fr/refinement/bientot-puis-maisons',
    category: 'refinement',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: "Qu'est-ce qui arrive bientôt sur le marché ?", expect: list(comingSoon) },
      { ask: 'que les maisons svp', expect: list(and(comingSoon, house)) },
    ],
  },
  {
    id: 'fr/refinement/tampa-3-chambres-moins-600k',
    category: 'refinement',
    ...fr,
    locale: 'fr-CH',
    turns: [
      { ask: 'propriétés à vendre à Tampa', expect: list(onMarket(forSale, inCity('Tampa'))) },
      { ask: 'au moins 3 chambres', expect: list(onMarket(forSale, inCity('Tampa'), bedsAtLeast(3))) },
      {
        ask: 'et à moins de 600 000 $',
        expect: list(onMarket(forSale, inCity('Tampa'), bedsAtLeast(3), priceAtMost(600_000))),
      },
    ],
  },
];

const austinRentals = onMarket(forRent, inCity('Austin'));
const denverHousesForSale = onMarket(forSale, house, inCity('Denver'));
const madisonCondosForSale = onMarket(forSale, condo, inCity('Madison'));
const portlandHousesForSale = onMarket(forSale, house, inCity('Portland'));
const tampaRentals = onMarket(forRent, inCity('Tampa'));
const denver2BedApartmentRentals = onMarket(forRent, apartment, beds(2), inCity('Denver'));
const madisonHousesForSale = onMarket(forSale, house, inCity('Madison'));
const raleighRentals = onMarket(forRent, inCity('Raleigh'));
const tampaUnder450k = onMarket(forSale, inCity('Tampa'), priceAtMost(450_000));
const austinCondoRentals = onMarket(forRent, condo, inCity('Austin'));
const raleighUnder500k = onMarket(forSale, inCity('Raleigh'), priceAtMost(500_000));
const portlandRentals = onMarket(forRent, inCity('Portland'));
const austinHousesForSale = onMarket(forSale, house, inCity('Austin'));
const portlandCondosUnder200k = onMarket(forSale, condo, inCity('Portland'), priceAtMost(200_000));

const reference: EvalCase[] = [
  {
    id: 'fr/reference/locations-austin-la-deuxieme',
    category: 'reference',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: 'locations à Austin', expect: list(austinRentals) },
      {
        ask: 'parlez-moi de la deuxième',
        expect: factAt(austinRentals, 'default', 1, (l) => [saysPriceAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'fr/reference/maison-moins-chere-denver-pieds-carres',
    category: 'reference',
    ...fr,
    locale: 'fr-CA',
    turns: [
      { ask: "c'est quoi la maison la moins chère à vendre à Denver?", expect: top(denverHousesForSale, 'default') },
      {
        ask: 'elle fait combien de pieds carrés?',
        expect: factAt(denverHousesForSale, 'default', 0, (l) => [figure(sqft(l))]),
      },
    ],
  },
  {
    id: 'fr/reference/copro-madison-les-deux-premiers',
    category: 'reference',
    ...fr,
    locale: 'fr-BE',
    turns: [
      { ask: 'appartements en copropriété à vendre à Madison', expect: list(madisonCondosForSale) },
      { ask: 'montrez-moi les deux premiers', expect: at(madisonCondosForSale, 'default', 0, 1) },
    ],
  },
  {
    id: 'fr/reference/maisons-portland-premiere-et-troisieme',
    category: 'reference',
    ...fr,
    locale: 'fr-CH',
    turns: [
      { ask: 'Portland, maisons à vendre', expect: list(portlandHousesForSale) },
      { ask: 'comparez la première et la troisième', expect: at(portlandHousesForSale, 'default', 0, 2) },
    ],
  },
  {
    id: 'fr/reference/locations-tampa-adresse-chambres',
    category: 'reference',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: 'locations à Tampa', expect: list(tampaRentals) },
      {
        ask: 'et le 1232 Bayshore Blvd Unit 11, il a combien de chambres ?',
        expect: factOf(byAddress('1232 Bayshore Blvd Unit 11'), (l) => [saysBedsAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'fr/reference/apparts-2-chambres-denver-le-dernier-annee',
    category: 'reference',
    ...fr,
    locale: 'fr-CA',
    turns: [
      { ask: 'appartements 2 chambres à louer à Denver', expect: list(denver2BedApartmentRentals) },
      {
        ask: 'le dernier, il a été construit en quelle année?',
        expect: factOf(
          (all) => lastShown(all, denver2BedApartmentRentals),
          (l) => [saysYear(l)],
        ),
      },
    ],
  },
  {
    id: 'fr/reference/maisons-madison-la-troisieme-chambres',
    category: 'reference',
    ...fr,
    locale: 'fr-BE',
    turns: [
      { ask: 'maisons à vendre à Madison', expect: list(madisonHousesForSale) },
      { ask: 'la troisième ?', expect: factAt(madisonHousesForSale, 'default', 2, (l) => [saysPriceAnyLanguage(l)]) },
      {
        ask: 'celle-ci a combien de chambres ?',
        expect: factAt(madisonHousesForSale, 'default', 2, (l) => [saysBedsAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'fr/reference/plus-grande-location-raleigh-loyer',
    category: 'reference',
    ...fr,
    locale: 'fr-CH',
    turns: [
      { ask: 'la plus grande location à Raleigh', expect: top(raleighRentals, 'area-desc') },
      {
        ask: "c'est combien par mois ?",
        expect: factAt(raleighRentals, 'area-desc', 0, (l) => [saysPriceAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'fr/reference/tampa-moins-450k-la-premiere-annee',
    category: 'reference',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: 'biens à vendre à Tampa à moins de 450 000 $', expect: list(tampaUnder450k) },
      {
        ask: 'la première, elle a été construite en quelle année ?',
        expect: factAt(tampaUnder450k, 'default', 0, (l) => [saysYear(l)]),
      },
    ],
  },
  {
    id: 'fr/reference/condos-location-austin-le-2e-chambres',
    category: 'reference',
    ...fr,
    locale: 'fr-CA',
    turns: [
      { ask: 'condos à louer à Austin', expect: list(austinCondoRentals) },
      {
        ask: 'pis le 2e, y a combien de chambres?',
        expect: factAt(austinCondoRentals, 'default', 1, (l) => [saysBedsAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'fr/reference/raleigh-moins-500k-prix-du-quatrieme',
    category: 'reference',
    ...fr,
    locale: 'fr-BE',
    turns: [
      { ask: 'biens à vendre à Raleigh à moins de 500 000 $', expect: list(raleighUnder500k) },
      {
        ask: 'quel est le prix du quatrième ?',
        expect: factAt(raleighUnder500k, 'default', 3, (l) => [saysPriceAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'fr/reference/locations-portland-premiere-puis-deuxieme',
    category: 'reference',
    ...fr,
    locale: 'fr-CH',
    turns: [
      { ask: 'des locations à Portland ?', expect: list(portlandRentals) },
      {
        ask: 'parlez-moi de la première',
        expect: factAt(portlandRentals, 'default', 0, (l) => [saysPriceAnyLanguage(l)]),
      },
      { ask: 'et de la deuxieme ?', expect: factAt(portlandRentals, 'default', 1, (l) => [saysPriceAnyLanguage(l)]) },
    ],
  },
  {
    id: 'fr/reference/maisons-austin-les-deux-dernieres',
    category: 'reference',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: 'maisons à vendre à Austin', expect: list(austinHousesForSale) },
      { ask: 'remontre-moi les deux dernières', expect: at(austinHousesForSale, 'default', 3, 4) },
    ],
  },
  {
    id: 'fr/reference/condos-portland-frais-de-condo-du-2e',
    category: 'reference',
    ...fr,
    locale: 'fr-CA',
    turns: [
      { ask: 'condos à vendre à Portland en bas de 200 000 $', expect: list(portlandCondosUnder200k) },
      {
        // Québec: « frais de condo » are the HOA dues.
        ask: "c'est combien les frais de condo sur le 2e?",
        expect: factAt(portlandCondosUnder200k, 'default', 1, (l) => [figure(l.HOAMonth ?? 0)]),
      },
    ],
  },
];

const negation: EvalCase[] = [
  {
    id: 'fr/negation/denver-pas-de-condos',
    category: 'negation',
    ...fr,
    locale: 'fr-CA',
    turns: [
      { ask: 'des propriétés à vendre à Denver?', expect: list(onMarket(forSale, inCity('Denver'))) },
      { ask: 'pas de condos', expect: list(onMarket(forSale, inCity('Denver'), not(condo))) },
    ],
  },
  {
    id: 'fr/negation/austin-3-chambres-pas-de-maisons-de-ville',
    category: 'negation',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: '3 chambres à Austin, pas de maisons de ville',
        expect: list(onMarket(beds(3), inCity('Austin'), not(townhouse))),
      },
    ],
  },
  {
    id: 'fr/negation/maisons-de-ville-a-louer-sauf-austin',
    category: 'negation',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'maisons de ville à louer partout sauf à Austin',
        expect: list(onMarket(forRent, townhouse, not(inCity('Austin')))),
      },
    ],
  },
  {
    id: 'fr/negation/madison-sauf-les-locations',
    category: 'negation',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'Tout ce que vous avez à Madison, sauf les locations',
        expect: list(onMarket(inCity('Madison'), not(forRent))),
      },
    ],
  },
  {
    id: 'fr/negation/apparts-raleigh-pas-de-studio',
    category: 'negation',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'apparts à louer à Raleigh, pas de studio',
        expect: list(onMarket(forRent, apartment, inCity('Raleigh'), not(beds(0)))),
      },
    ],
  },
  {
    id: 'fr/negation/maisons-raleigh-pas-celles-a-venir',
    category: 'negation',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'maisons à vendre à Raleigh, mais pas celles qui sont à venir',
        expect: list(and(forSale, house, inCity('Raleigh'), active)),
      },
    ],
  },
  {
    id: 'fr/negation/copro-moins-200k-pas-portland',
    category: 'negation',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'appartements en copropriété à vendre à moins de 200 000 $, pas à Portland',
        expect: list(onMarket(forSale, condo, priceAtMost(200_000), not(inCity('Portland')))),
      },
    ],
  },
  {
    id: 'fr/negation/locations-denver-pas-d-appartements',
    category: 'negation',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: 'locations à Denver', expect: list(onMarket(forRent, inCity('Denver'))) },
      { ask: "pas d'appartements", expect: list(onMarket(forRent, inCity('Denver'), not(apartment))) },
    ],
  },
  {
    id: 'fr/negation/tampa-tout-sauf-maisons-individuelles',
    category: 'negation',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        // « maison individuelle » is a single-family house.
        ask: 'à vendre à Tampa : tout sauf les maisons individuelles',
        expect: list(onMarket(forSale, inCity('Tampa'), not(house))),
      },
    ],
  },
  {
    id: 'fr/negation/portland-je-ne-veux-pas-d-appartement',
    category: 'negation',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: "Je ne veux pas d'appartement. Qu'avez-vous en location à Portland ?",
        expect: list(onMarket(forRent, inCity('Portland'), not(apartment))),
      },
    ],
  },
  {
    id: 'fr/negation/locations-madison-ni-apparts-ni-condos',
    category: 'negation',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'locations à Madison mais pas d’appartements ni de condos',
        expect: list(onMarket(forRent, inCity('Madison'), not(apartment), not(condo))),
      },
    ],
  },
  {
    id: 'fr/negation/maisons-5-chambres-sauf-denver',
    category: 'negation',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'maisons 5 chambres à vendre, sauf à Denver',
        expect: list(onMarket(forSale, house, beds(5), not(inCity('Denver')))),
      },
    ],
  },
  {
    id: 'fr/negation/madison-4-chambres-pas-de-plex',
    category: 'negation',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'propriétés de 4 chambres et plus à vendre à Madison',
        expect: list(onMarket(forSale, bedsAtLeast(4), inCity('Madison'))),
      },
      {
        // Québec: a « plex » (duplex, triplex…) is a multi-family building.
        ask: 'pas de plex',
        expect: list(onMarket(forSale, bedsAtLeast(4), inCity('Madison'), not(multiFamily))),
      },
    ],
  },
  {
    id: 'fr/negation/maisons-denver-non-seulement-a-vendre',
    category: 'negation',
    ...fr,
    locale: 'fr-CH',
    turns: [
      { ask: 'Quelles maisons avez-vous à Denver ?', expect: list(onMarket(house, inCity('Denver'))) },
      {
        ask: 'non, pas les locations, seulement à vendre',
        expect: list(onMarket(forSale, house, inCity('Denver'))),
      },
    ],
  },
];

const superlative: EvalCase[] = [
  {
    id: 'fr/superlative/maison-la-moins-chere-denver',
    category: 'superlative',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'la maison la moins chère à vendre à Denver',
        expect: top(onMarket(forSale, house, inCity('Denver')), 'default'),
      },
    ],
  },
  {
    id: 'fr/superlative/location-la-plus-chere',
    category: 'superlative',
    ...fr,
    locale: 'fr-CA',
    turns: [
      { ask: "c'est quoi la location la plus chère que vous avez?", expect: top(onMarket(forRent), 'price-desc') },
    ],
  },
  {
    id: 'fr/superlative/plus-grande-propriete-a-vendre',
    category: 'superlative',
    ...fr,
    locale: 'fr-BE',
    turns: [{ ask: 'Quelle est la plus grande propriété à vendre ?', expect: top(onMarket(forSale), 'area-desc') }],
  },
  {
    id: 'fr/superlative/maison-construite-le-plus-recemment-austin',
    category: 'superlative',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'Quelle maison à vendre à Austin a été construite le plus récemment ?',
        expect: top(onMarket(forSale, house, inCity('Austin')), 'year-desc'),
      },
    ],
  },
  {
    id: 'fr/superlative/plus-vieille-maison-portland',
    category: 'superlative',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'la plus vieille maison à vendre à portland',
        expect: top(onMarket(forSale, house, inCity('Portland')), 'year-asc'),
      },
    ],
  },
  {
    id: 'fr/superlative/3-chambres-le-moins-cher-tampa',
    category: 'superlative',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'le 3 chambres le moins cher à vendre à Tampa ?',
        expect: top(onMarket(forSale, beds(3), inCity('Tampa')), 'default'),
      },
    ],
  },
  {
    id: 'fr/superlative/3-locations-les-moins-cheres-madison',
    category: 'superlative',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'les 3 locations les moins chères à Madison',
        expect: top(onMarket(forRent, inCity('Madison')), 'default', 3),
      },
    ],
  },
  {
    id: 'fr/superlative/plus-grand-appartement-a-louer-denver',
    category: 'superlative',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'le plus grand appartement à louer à Denver ?',
        expect: top(onMarket(forRent, apartment, inCity('Denver')), 'area-desc'),
      },
    ],
  },
  {
    id: 'fr/superlative/plus-petit-condo-madison',
    category: 'superlative',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'le plus petit condo à vendre à Madison',
        expect: top(onMarket(forSale, condo, inCity('Madison')), 'area-asc'),
      },
    ],
  },
  {
    id: 'fr/superlative/le-plus-de-chambres-raleigh',
    category: 'superlative',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'Quelle propriété à vendre à Raleigh a le plus de chambres?',
        expect: top(onMarket(forSale, inCity('Raleigh')), 'bedrooms-desc'),
      },
    ],
  },
  {
    id: 'fr/superlative/maison-la-plus-chere-madison',
    category: 'superlative',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'la maison la plus chère à vendre à Madison',
        expect: top(onMarket(forSale, house, inCity('Madison')), 'price-desc'),
      },
    ],
  },
  {
    id: 'fr/superlative/deux-plus-grandes-locations-tampa',
    category: 'superlative',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'montrez-moi les deux plus grandes locations à Tampa',
        expect: top(onMarket(forRent, inCity('Tampa')), 'area-desc', 2),
      },
    ],
  },
  {
    id: 'fr/superlative/maison-de-ville-moins-chere-en-location',
    category: 'superlative',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: 'la maison de ville la moins chere en location', expect: top(onMarket(forRent, townhouse), 'default') },
    ],
  },
  {
    id: 'fr/superlative/annonce-la-plus-recente-raleigh',
    category: 'superlative',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        // « l'annonce la plus récente » is the newest listing, not the newest building.
        ask: "C'est quoi l'annonce la plus récente à Raleigh ?",
        expect: top(onMarket(inCity('Raleigh')), 'newest-listed'),
      },
    ],
  },
];

const numbersInWords: EvalCase[] = [
  {
    id: 'fr/numbers-in-words/condos-deux-chambres-madison',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'condos de deux chambres à vendre à madison',
        expect: list(onMarket(forSale, condo, beds(2), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'fr/numbers-in-words/maison-trois-chambres-tampa',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-FR',
    turns: [{ ask: 'maison trois chambres à Tampa', expect: list(onMarket(house, beds(3), inCity('Tampa'))) }],
  },
  {
    id: 'fr/numbers-in-words/moins-de-cinq-cent-mille-raleigh',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'des biens à moins de cinq cent mille dollars à Raleigh',
        expect: list(onMarket(forSale, priceAtMost(500_000), inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'fr/numbers-in-words/locations-portland-deux-salles-de-bain',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'locations à Portland avec au moins deux salles de bain',
        expect: list(onMarket(forRent, bathsAtLeast(2), inCity('Portland'))),
      },
    ],
  },
  {
    id: 'fr/numbers-in-words/quatre-chambres-portland',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-FR',
    turns: [
      { ask: 'quatre chambres à Portland, à vendre', expect: list(onMarket(forSale, beds(4), inCity('Portland'))) },
    ],
  },
  {
    id: 'fr/numbers-in-words/maisons-en-bas-d-un-demi-million-austin',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: "maisons en bas d'un demi-million à austin",
        expect: list(onMarket(forSale, house, priceAtMost(500_000), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'fr/numbers-in-words/appartement-une-seule-chambre-austin',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'Un appartement avec une seule chambre à louer à Austin',
        expect: list(onMarket(forRent, apartment, beds(1), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'fr/numbers-in-words/plus-d-un-million',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: "Vous avez quelque chose à plus d'un million de dollars ?",
        expect: list(onMarket(forSale, priceAtLeast(1_000_001))),
      },
    ],
  },
  {
    id: 'fr/numbers-in-words/quinze-cents-piasses-tampa',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        // Québec: « quinze cents piasses » is $1,500.
        ask: 'des locations à Tampa en bas de quinze cents piasses par mois',
        expect: list(onMarket(forRent, priceAtMost(1_500), inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'fr/numbers-in-words/maison-a-louer-moins-de-deux-mille-par-mois',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'une maison à louer pour moins de deux mille dollars par mois',
        expect: list(onMarket(forRent, house, priceAtMost(2_000))),
      },
    ],
  },
  {
    id: 'fr/numbers-in-words/copro-portland-moins-de-trois-cent-mille',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'un appartement en copropriété à Portland pour moins de trois cent mille',
        expect: list(onMarket(forSale, condo, priceAtMost(300_000), inCity('Portland'))),
      },
    ],
  },
  {
    id: 'fr/numbers-in-words/condo-denver-cent-septante-mille',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        // Belgium and Switzerland: « septante » is seventy — $170,000.
        ask: 'un condo à vendre à Denver pour moins de cent septante mille dollars',
        expect: list(onMarket(forSale, condo, priceAtMost(170_000), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'fr/numbers-in-words/entre-cent-cinquante-et-deux-cent-cinquante-mille-madison',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'des biens entre cent cinquante et deux cent cinquante mille à Madison',
        expect: list(onMarket(forSale, priceBetween(150_000, 250_000), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'fr/numbers-in-words/six-chambres',
    category: 'numbers-in-words',
    ...fr,
    locale: 'fr-FR',
    turns: [{ ask: 'vous avez quelque chose avec six chambres ?', expect: list(onMarket(beds(6))) }],
  },
];

const misspelling: EvalCase[] = [
  {
    id: 'fr/misspelling/locations-a-denvr',
    category: 'misspelling',
    ...fr,
    locale: 'fr-FR',
    turns: [{ ask: 'locations a Denvr', expect: list(onMarket(forRent, inCity('Denver'))) }],
  },
  {
    id: 'fr/misspelling/maisons-3-chambers-austn',
    category: 'misspelling',
    ...fr,
    locale: 'fr-CA',
    turns: [{ ask: 'maisons 3 chambers a Austn', expect: list(onMarket(house, beds(3), inCity('Austin'))) }],
  },
  {
    id: 'fr/misspelling/condso-a-vendre-portland',
    category: 'misspelling',
    ...fr,
    locale: 'fr-CA',
    turns: [{ ask: 'condso a vendre a portland', expect: list(onMarket(forSale, condo, inCity('Portland'))) }],
  },
  {
    id: 'fr/misspelling/appartemment-a-louer-raleigh',
    category: 'misspelling',
    ...fr,
    locale: 'fr-FR',
    turns: [{ ask: 'appartemment a louer a raleigh', expect: list(onMarket(forRent, apartment, inCity('Raleigh'))) }],
  },
  {
    id: 'fr/misspelling/maison-de-vile-madisson',
    category: 'misspelling',
    ...fr,
    locale: 'fr-CH',
    turns: [
      { ask: 'maison de vile a vendre a Madisson', expect: list(onMarket(forSale, townhouse, inCity('Madison'))) },
    ],
  },
  {
    id: 'fr/misspelling/appart-2-chanbres-tampa',
    category: 'misspelling',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'appart 2 chanbres a louer tampa',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'fr/misspelling/biens-raliegh-moins-400k',
    category: 'misspelling',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'biens a Raliegh a moins de 400k',
        expect: list(onMarket(forSale, inCity('Raleigh'), priceAtMost(400_000))),
      },
    ],
  },
  {
    id: 'fr/misspelling/maisons-a-vendre-portand',
    category: 'misspelling',
    ...fr,
    locale: 'fr-CA',
    turns: [{ ask: 'maisons a vendre a Portand', expect: list(onMarket(forSale, house, inCity('Portland'))) }],
  },
  {
    id: 'fr/misspelling/copropriete-a-vendre-tampaa',
    category: 'misspelling',
    ...fr,
    locale: 'fr-CA',
    turns: [{ ask: 'copropriétées a vendre a tampaa', expect: list(onMarket(forSale, condo, inCity('Tampa'))) }],
  },
  {
    id: 'fr/misspelling/apparetments-madisn',
    category: 'misspelling',
    ...fr,
    locale: 'fr-CH',
    turns: [{ ask: 'apparetments à louer à Madisn', expect: list(onMarket(forRent, apartment, inCity('Madison'))) }],
  },
  {
    id: 'fr/misspelling/maisons-de-villes-denevr',
    category: 'misspelling',
    ...fr,
    locale: 'fr-BE',
    turns: [{ ask: 'maisons de villes a Denevr', expect: list(onMarket(townhouse, inCity('Denver'))) }],
  },
  {
    id: 'fr/misspelling/maisosn-a-louer-austin',
    category: 'misspelling',
    ...fr,
    locale: 'fr-CA',
    turns: [{ ask: 'maisosn a louer a austin', expect: list(onMarket(forRent, house, inCity('Austin'))) }],
  },
  {
    id: 'fr/misspelling/studio-appartemant-a-louer',
    category: 'misspelling',
    ...fr,
    locale: 'fr-BE',
    turns: [{ ask: 'studio appartemant a louer', expect: list(onMarket(forRent, apartment, beds(0))) }],
  },
  {
    id: 'fr/misspelling/maison-3-chambre-madson',
    category: 'misspelling',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'maison 3 chambre a vendre a Madson',
        expect: list(onMarket(forSale, house, beds(3), inCity('Madison'))),
      },
    ],
  },
];

const unknownFeature: EvalCase[] = [
  {
    id: 'fr/unknown-feature/maison-3-chambres-austin-piscine',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'Bonjour ! Je cherche une maison 3 chambres à Austin avec piscine',
        expect: cantTell('piscine', onMarket(house, beds(3), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/locations-denver-animaux-acceptes',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'des locations à Denver qui acceptent les animaux?',
        expect: cantTell('animaux', onMarket(forRent, inCity('Denver'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/maisons-portland-feu-ouvert',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        // Belgium: « feu ouvert » is a fireplace.
        ask: 'Maisons à vendre à Portland avec un feu ouvert',
        expect: cantTell('feu ouvert', onMarket(forSale, house, inCity('Portland'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/condos-tampa-fitness',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: "condos à vendre à Tampa avec un fitness dans l'immeuble",
        expect: cantTell('fitness', onMarket(forSale, condo, inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/apparts-raleigh-clim',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'appart à louer à raleigh avec la clim',
        expect: cantTell('clim', onMarket(forRent, apartment, inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/panneaux-solaires-madison',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'Est-ce que des maisons à vendre à Madison ont des panneaux solaires ?',
        expect: cantTell('solaire', onMarket(forSale, house, inCity('Madison'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/piscine-tampa-moins-600k',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'maison avec piscine à Tampa à moins de 600k',
        expect: cantTell('piscine', onMarket(forSale, house, inCity('Tampa'), priceAtMost(600_000))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/locations-madison-chiens-acceptes',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'Des locations à Madison où les chiens sont acceptés ?',
        expect: cantTell('chien', onMarket(forRent, inCity('Madison'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/condo-denver-ascenseur',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: "je cherche un condo à Denver avec ascenseur, j'ai mal aux genoux lol",
        expect: cantTell('ascenseur', onMarket(condo, inCity('Denver'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/appart-meuble-1-chambre-austin',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'tu as un appart meublé 1 chambre à louer à Austin ?',
        expect: cantTell('meublé', onMarket(forRent, apartment, beds(1), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/maison-raleigh-foyer',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        // Québec: « foyer » is a fireplace.
        ask: 'une maison à vendre à Raleigh avec un foyer',
        expect: cantTell('foyer', onMarket(forSale, house, inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/appartement-portland-lave-vaisselle',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'Appartement à louer à Portland avec lave-vaisselle, svp',
        expect: cantTell('lave-vaisselle', onMarket(forRent, apartment, inCity('Portland'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/maison-plain-pied-denver',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'une maison de plain-pied à vendre à Denver',
        expect: cantTell('plain-pied', onMarket(forSale, house, inCity('Denver'))),
      },
    ],
  },
  {
    id: 'fr/unknown-feature/appartement-austin-balcon',
    category: 'unknown-feature',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'Bonjour, un appartement avec balcon à louer à Austin ?',
        expect: cantTell('balcon', onMarket(forRent, apartment, inCity('Austin'))),
      },
    ],
  },
];

const nearMiss: EvalCase[] = [
  {
    id: 'fr/near-miss/denver-maison-3-chambres-moins-450k',
    category: 'near-miss',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'maison 3 chambres à Denver à moins de 450 000 $',
        expect: near(
          onMarket(forSale, house, beds(3), inCity('Denver'), priceAtMost(450_000)),
          offerable(forSale, or(house, townhouse), bedsBetween(2, 4), inCity('Denver'), priceAtMost(450_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'fr/near-miss/austin-condo-5-chambres',
    category: 'near-miss',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'un condo 5 chambres à Austin',
        expect: near(
          onMarket(condo, beds(5), inCity('Austin')),
          offerable(inCity('Austin'), or(and(condo, bedsAtLeast(3)), bedsAtLeast(5))),
        ),
      },
    ],
  },
  {
    id: 'fr/near-miss/denver-appartement-moins-700-par-mois',
    category: 'near-miss',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'appartement à louer à Denver à moins de 700 $ par mois',
        expect: near(
          onMarket(forRent, apartment, inCity('Denver'), priceAtMost(700)),
          offerable(forRent, or(apartment, condo), inCity('Denver'), priceAtMost(700 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'fr/near-miss/austin-maison-moins-400k',
    category: 'near-miss',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'maison à vendre à Austin à moins de 400 000 $',
        expect: near(
          onMarket(forSale, house, inCity('Austin'), priceAtMost(400_000)),
          offerable(forSale, or(house, townhouse), inCity('Austin'), priceAtMost(400_000 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'fr/near-miss/tampa-location-4-chambres-moins-3000',
    category: 'near-miss',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'location 4 chambres à Tampa à moins de 3 000 $',
        expect: near(
          onMarket(forRent, beds(4), inCity('Tampa'), priceAtMost(3_000)),
          offerable(forRent, bedsBetween(3, 5), inCity('Tampa'), priceAtMost(3_000 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'fr/near-miss/denver-maison-6-chambres',
    category: 'near-miss',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'Bonsoir! Avez-vous une maison de 6 chambres à Denver?',
        expect: near(
          onMarket(house, beds(6), inCity('Denver')),
          offerable(or(house, multiFamily), bedsAtLeast(4), inCity('Denver')),
        ),
      },
    ],
  },
  {
    id: 'fr/near-miss/tampa-copro-moins-150k',
    category: 'near-miss',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'appartement en copropriété à Tampa à moins de 150 000 $',
        expect: near(
          onMarket(forSale, condo, inCity('Tampa'), priceAtMost(150_000)),
          offerable(forSale, or(condo, apartment), inCity('Tampa'), priceAtMost(150_000 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'fr/near-miss/portland-studio-moins-900',
    category: 'near-miss',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'studio à louer à Portland à moins de 900 $',
        expect: near(
          onMarket(forRent, beds(0), inCity('Portland'), priceAtMost(900)),
          offerable(forRent, bedsBetween(0, 1), inCity('Portland'), priceAtMost(900 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'fr/near-miss/tampa-maison-de-ville-3-chambres',
    category: 'near-miss',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'maison de ville 3 chambres à vendre à Tampa',
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
    id: 'fr/near-miss/madison-maison-neuve-en-bas-de-500k',
    category: 'near-miss',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'une maison construite après 2020 à Madison, en bas de 500 k$',
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
    id: 'fr/near-miss/austin-location-2-chambres-moins-1400',
    category: 'near-miss',
    ...fr,
    locale: 'fr-BE',
    turns: [
      {
        ask: 'location 2 chambres à Austin à moins de 1 400 $ par mois',
        expect: near(
          onMarket(forRent, beds(2), inCity('Austin'), priceAtMost(1_400)),
          offerable(forRent, bedsBetween(1, 3), inCity('Austin'), priceAtMost(1_400 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'fr/near-miss/raleigh-maison-5-chambres-moins-700k',
    category: 'near-miss',
    ...fr,
    locale: 'fr-CH',
    turns: [
      {
        ask: 'maison 5 chambres à Raleigh à moins de 700 000 $',
        expect: near(
          onMarket(forSale, house, beds(5), inCity('Raleigh'), priceAtMost(700_000)),
          offerable(forSale, house, bedsBetween(4, 6), inCity('Raleigh'), priceAtMost(700_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'fr/near-miss/denver-copro-plus-de-185-m2',
    category: 'near-miss',
    ...fr,
    locale: 'fr-FR',
    turns: [
      {
        ask: 'appartement en copropriété à vendre à Denver, plus de 185 m²',
        expect: near(
          onMarket(forSale, condo, inCity('Denver'), sqftAtLeast(185 * SQFT_PER_SQM)),
          offerable(forSale, or(condo, townhouse), inCity('Denver'), sqftAtLeast(185 * SQFT_PER_SQM * 0.75)),
        ),
      },
    ],
  },
  {
    id: 'fr/near-miss/madison-maison-4-chambres-location-en-bas-de-2500',
    category: 'near-miss',
    ...fr,
    locale: 'fr-CA',
    turns: [
      {
        ask: 'maison 4 chambres à louer à Madison en bas de 2 500 $',
        expect: near(
          onMarket(forRent, house, beds(4), inCity('Madison'), priceAtMost(2_500)),
          offerable(forRent, or(house, townhouse), bedsBetween(3, 5), inCity('Madison'), priceAtMost(2_500 * 1.35)),
        ),
      },
    ],
  },
];

export const frenchCases: EvalCase[] = [
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
