/**
 * The question set in Spanish (issue 43): the ten happy-path categories as Spanish-speaking visitors
 * type them into a US agency's chat — Mexican, US, Spanish, Argentine and Colombian usage (depa,
 * piso, depto, apartamento; recámaras, habitaciones, dormitorios, cuartos; renta, alquiler,
 * arriendo; medio millón, 1,5 millones, US$ 2.000), with and without accents. Written by hand
 * before the engine read Spanish, as the bar it is measured against; not translations of cases.ts,
 * whose readings (see its header) they share: depa / depto / piso / apartamento is an Apartment and
 * casa a single-family house (chalet in Spain), as "apartment" and "house" are there; adosado / casa
 * adosada a townhouse. Answers about one listing are checked with predicates.ts's any-language figures.
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

// —— the conversations ——

const single: EvalCase[] = [
  {
    id: 'es/single/depa-renta-2-rec-austin',
    category: 'single',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'hola, busco depa en renta en Austin de 2 recámaras',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'es/single/depto-2-ambientes-madison',
    category: 'single',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'Hola! tenés deptos de 2 ambientes en alquiler en Madison?',
        expect: list(onMarket(forRent, apartment, beds(1), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'es/single/casas-venta-3-dormitorios-denver',
    category: 'single',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'casas en venta en Denver de 3 dormitorios',
        expect: list(onMarket(forSale, house, beds(3), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'es/single/apartamentos-arriendo-tampa-1000',
    category: 'single',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'Buenas tardes, ¿tienen apartamentos en arriendo en Tampa por menos de US$ 1.000 al mes?',
        expect: list(onMarket(forRent, apartment, inCity('Tampa'), priceAtMost(1_000))),
      },
    ],
  },
  {
    id: 'es/single/condos-venta-portland-200-mil',
    category: 'single',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'condos a la venta en Portland por menos de 200 mil',
        expect: list(onMarket(forSale, condo, inCity('Portland'), priceAtMost(200_000))),
      },
    ],
  },
  {
    id: 'es/single/casas-raleigh-entre-300-y-500-mil',
    category: 'single',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: '¿qué casas hay en venta en Raleigh entre 300 y 500 mil?',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), priceBetween(300_000, 500_000))),
      },
    ],
  },
  {
    id: 'es/single/adosados-madison-500000-dolares',
    category: 'single',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'adosados en venta en Madison hasta 500000 dolares',
        expect: list(onMarket(forSale, townhouse, inCity('Madison'), priceAtMost(500_000))),
      },
    ],
  },
  {
    id: 'es/single/proximamente-tampa',
    category: 'single',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: '¿Qué inmuebles van a salir próximamente a la venta en Tampa?',
        expect: list(and(comingSoon, inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'es/single/casas-vendidas-portland',
    category: 'single',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'cuáles son las casas que ya se vendieron en Portland?',
        expect: list(and(sold, house, inCity('Portland'))),
      },
    ],
  },
  {
    id: 'es/single/casas-4-cuartos-2500-pies-madison',
    category: 'single',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'casas de 4 cuartos de más de 2500 pies cuadrados en Madison',
        expect: list(onMarket(house, beds(4), sqftAtLeast(2_501), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'es/single/construido-2010-en-adelante-denver',
    category: 'single',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'hay algo en Denver construido del 2010 en adelante?',
        expect: list(onMarket(builtAfter(2009), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'es/single/estudios-alquiler',
    category: 'single',
    lang: 'es',
    locale: 'es-ES',
    turns: [{ ask: '¿Tenéis estudios de alquiler?', expect: list(onMarket(forRent, beds(0))) }],
  },
  {
    id: 'es/single/casas-parqueadero-2-carros-denver',
    category: 'single',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'Casas en venta en Denver con parqueadero para 2 carros',
        expect: list(onMarket(forSale, house, parkingAtLeast(2), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'es/single/viviendas-200-m2-austin',
    category: 'single',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'Viviendas en venta en Austin de más de 200 metros cuadrados',
        expect: list(onMarket(forSale, sqftAtLeast(200 * SQFT_PER_SQM), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'es/single/casas-recorrido-3d-tampa',
    category: 'single',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'me puede mostrar casas en venta en Tampa que tengan recorrido virtual 3D?',
        expect: list(onMarket(forSale, house, tour3d, inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'es/single/townhouse-para-rentar-raleigh',
    category: 'single',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'Busco un townhouse para rentar en Raleigh',
        expect: list(onMarket(forRent, townhouse, inCity('Raleigh'))),
      },
    ],
  },
];

const followUp: EvalCase[] = [
  {
    id: 'es/follow-up/renta-austin-y-denver',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      { ask: 'qué tienen en renta en Austin?', expect: list(onMarket(forRent, inCity('Austin'))) },
      { ask: 'y en Denver?', expect: list(onMarket(forRent, inCity('Denver'))) },
    ],
  },
  {
    id: 'es/follow-up/casas-4-dormitorios-madison-y-raleigh',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'Casas de 4 dormitorios en venta en Madison',
        expect: list(onMarket(forSale, house, beds(4), inCity('Madison'))),
      },
      { ask: 'y en Raleigh?', expect: list(onMarket(forSale, house, beds(4), inCity('Raleigh'))) },
    ],
  },
  {
    id: 'es/follow-up/condominios-tampa-venta-y-arriendo',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      { ask: 'Condominios en venta en Tampa, por favor', expect: list(onMarket(forSale, condo, inCity('Tampa'))) },
      { ask: '¿Y en arriendo?', expect: list(onMarket(forRent, condo, inCity('Tampa'))) },
    ],
  },
  {
    id: 'es/follow-up/pisos-2-habitaciones-raleigh-y-de-3',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'Pisos de 2 habitaciones de alquiler en Raleigh',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Raleigh'))),
      },
      { ask: '¿y de 3?', expect: list(onMarket(forRent, apartment, beds(3), inCity('Raleigh'))) },
    ],
  },
  {
    id: 'es/follow-up/casas-raleigh-400-mil-y-600-mil',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'casas en venta en Raleigh por menos de 400 mil',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), priceAtMost(400_000))),
      },
      {
        ask: 'y por menos de 600 mil?',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), priceAtMost(600_000))),
      },
    ],
  },
  {
    id: 'es/follow-up/casas-adosadas-madison-y-condominios',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: '¿Tienen casas adosadas en venta en Madison?',
        expect: list(onMarket(forSale, townhouse, inCity('Madison'))),
      },
      { ask: '¿y condominios?', expect: list(onMarket(forSale, condo, inCity('Madison'))) },
    ],
  },
  {
    id: 'es/follow-up/casas-arriendo-denver-raleigh-madison',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      { ask: 'casas en arriendo en Denver', expect: list(onMarket(forRent, house, inCity('Denver'))) },
      { ask: '¿y en Raleigh?', expect: list(onMarket(forRent, house, inCity('Raleigh'))) },
      { ask: 'y Madison', expect: list(onMarket(forRent, house, inCity('Madison'))) },
    ],
  },
  {
    id: 'es/follow-up/proximamente-austin-y-portland',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      { ask: 'qué sale próximamente en Austin?', expect: list(and(comingSoon, inCity('Austin'))) },
      { ask: 'y en Portland?', expect: list(and(comingSoon, inCity('Portland'))) },
    ],
  },
  {
    id: 'es/follow-up/rentas-1800-madison-y-tampa',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'rentas de menos de $1,800 al mes en Madison',
        expect: list(onMarket(forRent, inCity('Madison'), priceAtMost(1_800))),
      },
      { ask: 'lo mismo en Tampa', expect: list(onMarket(forRent, inCity('Tampa'), priceAtMost(1_800))) },
    ],
  },
  {
    id: 'es/follow-up/casas-4-recamaras-portland-y-de-5',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'casas de 4 recamaras en venta en Portland',
        expect: list(onMarket(forSale, house, beds(4), inCity('Portland'))),
      },
      { ask: 'hay de 5?', expect: list(onMarket(forSale, house, beds(5), inCity('Portland'))) },
    ],
  },
  {
    id: 'es/follow-up/estudio-denver-y-un-dormitorio',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      { ask: 'Busco un estudio de alquiler en Denver', expect: list(onMarket(forRent, beds(0), inCity('Denver'))) },
      { ask: '¿Y de un dormitorio?', expect: list(onMarket(forRent, beds(1), inCity('Denver'))) },
    ],
  },
  {
    id: 'es/follow-up/casas-alquiler-austin-venta-denver',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      { ask: 'casas en alquiler en Austin', expect: list(onMarket(forRent, house, inCity('Austin'))) },
      { ask: 'ok, y en venta?', expect: list(onMarket(forSale, house, inCity('Austin'))) },
      { ask: 'dale, y en Denver?', expect: list(onMarket(forSale, house, inCity('Denver'))) },
    ],
  },
  {
    id: 'es/follow-up/casas-550-mil-portland-y-tampa',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: '¿Qué casas en venta tienen en Portland por menos de 550 mil dólares?',
        expect: list(onMarket(forSale, house, inCity('Portland'), priceAtMost(550_000))),
      },
      { ask: '¿Y en Tampa?', expect: list(onMarket(forSale, house, inCity('Tampa'), priceAtMost(550_000))) },
    ],
  },
  {
    id: 'es/follow-up/apartamentos-1-cuarto-tampa-y-de-2',
    category: 'follow-up',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'apartamentos de 1 cuarto para rentar en Tampa',
        expect: list(onMarket(forRent, apartment, beds(1), inCity('Tampa'))),
      },
      { ask: 'y de 2 cuartos?', expect: list(onMarket(forRent, apartment, beds(2), inCity('Tampa'))) },
    ],
  },
];

const refinement: EvalCase[] = [
  {
    id: 'es/refinement/casas-austin-menos-de-700-mil',
    category: 'refinement',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      { ask: 'casas en venta en Austin', expect: list(onMarket(forSale, house, inCity('Austin'))) },
      {
        ask: 'nada más las de menos de 700 mil',
        expect: list(onMarket(forSale, house, inCity('Austin'), priceAtMost(700_000))),
      },
    ],
  },
  {
    id: 'es/refinement/apartamentos-1500-cuales-en-raleigh',
    category: 'refinement',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'Apartamentos en arriendo por menos de 1.500 dólares',
        expect: list(onMarket(forRent, apartment, priceAtMost(1_500))),
      },
      {
        ask: '¿Cuáles de esos están en Raleigh?',
        expect: list(onMarket(forRent, apartment, priceAtMost(1_500), inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'es/refinement/3-dormitorios-tampa-solo-chalets',
    category: 'refinement',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'Viviendas de 3 dormitorios en venta en Tampa',
        expect: list(onMarket(forSale, beds(3), inCity('Tampa'))),
      },
      { ask: 'solo chalets', expect: list(onMarket(forSale, beds(3), house, inCity('Tampa'))) },
    ],
  },
  {
    id: 'es/refinement/alquileres-2-dormitorios-madison-mejor-2-banos',
    category: 'refinement',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      { ask: 'alquileres de 2 dormitorios en Madison', expect: list(onMarket(forRent, beds(2), inCity('Madison'))) },
      {
        ask: 'mejor con 2 baños',
        expect: list(onMarket(forRent, beds(2), bathsAtLeast(2), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'es/refinement/raleigh-venta-casas-500-mil',
    category: 'refinement',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      { ask: '¿qué tienen a la venta en Raleigh?', expect: list(onMarket(forSale, inCity('Raleigh'))) },
      { ask: 'nomás casas', expect: list(onMarket(forSale, house, inCity('Raleigh'))) },
      {
        ask: 'de menos de 500 mil',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), priceAtMost(500_000))),
      },
    ],
  },
  {
    id: 'es/refinement/casas-madison-despues-del-2000',
    category: 'refinement',
    lang: 'es',
    locale: 'es-US',
    turns: [
      { ask: 'casas en venta en Madison', expect: list(onMarket(forSale, house, inCity('Madison'))) },
      {
        ask: 'solo las que fueron construidas después del 2000',
        expect: list(onMarket(forSale, house, inCity('Madison'), builtAfter(2000))),
      },
    ],
  },
  {
    id: 'es/refinement/condos-denver-mas-de-1000-pies',
    category: 'refinement',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      { ask: 'Condos en venta en Denver', expect: list(onMarket(forSale, condo, inCity('Denver'))) },
      {
        ask: '¿Alguno de más de 1.000 pies cuadrados?',
        expect: list(onMarket(forSale, condo, inCity('Denver'), sqftAtLeast(1_001))),
      },
    ],
  },
  {
    id: 'es/refinement/alquileres-austin-con-recorrido-3d',
    category: 'refinement',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      { ask: 'Mostrame los alquileres en Austin', expect: list(onMarket(forRent, inCity('Austin'))) },
      { ask: 'solo los que tienen recorrido 3D', expect: list(onMarket(forRent, inCity('Austin'), tour3d)) },
    ],
  },
  {
    id: 'es/refinement/adosados-con-garaje-para-dos-coches',
    category: 'refinement',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      { ask: 'adosados en venta', expect: list(onMarket(forSale, townhouse)) },
      {
        ask: 'que tengan garaje para dos coches',
        expect: list(onMarket(forSale, townhouse, parkingAtLeast(2))),
      },
    ],
  },
  {
    id: 'es/refinement/arriendos-raleigh-2-habitaciones-2000',
    category: 'refinement',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      { ask: 'arriendos en Raleigh', expect: list(onMarket(forRent, inCity('Raleigh'))) },
      { ask: 'de 2 habitaciones o más', expect: list(onMarket(forRent, inCity('Raleigh'), bedsAtLeast(2))) },
      {
        ask: 'y por menos de US$ 2.000 al mes',
        expect: list(onMarket(forRent, inCity('Raleigh'), bedsAtLeast(2), priceAtMost(2_000))),
      },
    ],
  },
  {
    id: 'es/refinement/casas-600-mil-al-menos-4-recamaras',
    category: 'refinement',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      { ask: 'casas en venta de menos de 600 mil', expect: list(onMarket(forSale, house, priceAtMost(600_000))) },
      {
        ask: 'que tengan por lo menos 4 recámaras',
        expect: list(onMarket(forSale, house, priceAtMost(600_000), bedsAtLeast(4))),
      },
    ],
  },
  {
    id: 'es/refinement/denver-3-recamaras-no-solo-en-venta',
    category: 'refinement',
    lang: 'es',
    locale: 'es-US',
    turns: [
      { ask: 'qué tienen en Denver de 3 recámaras?', expect: list(onMarket(beds(3), inCity('Denver'))) },
      { ask: 'no, solo en venta', expect: list(onMarket(forSale, beds(3), inCity('Denver'))) },
    ],
  },
  {
    id: 'es/refinement/proximamente-solo-casas',
    category: 'refinement',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      { ask: '¿Qué propiedades salen próximamente?', expect: list(comingSoon) },
      { ask: 'solo casas', expect: list(and(comingSoon, house)) },
    ],
  },
  {
    id: 'es/refinement/tampa-venta-3-dormitorios-600000',
    category: 'refinement',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      { ask: '¿Qué tenéis a la venta en Tampa?', expect: list(onMarket(forSale, inCity('Tampa'))) },
      { ask: 'mínimo 3 dormitorios', expect: list(onMarket(forSale, inCity('Tampa'), bedsAtLeast(3))) },
      {
        ask: 'y por debajo de 600.000 dólares',
        expect: list(onMarket(forSale, inCity('Tampa'), bedsAtLeast(3), priceAtMost(600_000))),
      },
    ],
  },
];

const austinRentals = onMarket(forRent, inCity('Austin'));
const denverHousesForSale = onMarket(forSale, house, inCity('Denver'));
const madisonCondosForSale = onMarket(forSale, condo, inCity('Madison'));
const portlandHousesForSale = onMarket(forSale, house, inCity('Portland'));
const tampaApartmentRentals = onMarket(forRent, apartment, inCity('Tampa'));
const denver2BedApartmentRentals = onMarket(forRent, apartment, beds(2), inCity('Denver'));
const madisonHousesForSale = onMarket(forSale, house, inCity('Madison'));
const raleighRentals = onMarket(forRent, inCity('Raleigh'));
const tampaUnder450k = onMarket(forSale, inCity('Tampa'), priceAtMost(450_000));
const raleighHousesUnder500k = onMarket(forSale, house, inCity('Raleigh'), priceAtMost(500_000));
const portlandRentals = onMarket(forRent, inCity('Portland'));
const austinHousesForSale = onMarket(forSale, house, inCity('Austin'));
const austinApartmentRentals = onMarket(forRent, apartment, inCity('Austin'));

const reference: EvalCase[] = [
  {
    id: 'es/reference/renta-austin-el-segundo',
    category: 'reference',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      { ask: 'rentas en Austin', expect: list(austinRentals) },
      {
        ask: 'platícame más del segundo',
        expect: factAt(austinRentals, 'default', 1, (l) => [l.Address, saysPriceAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'es/reference/casa-mas-barata-denver-cuanto-mide',
    category: 'reference',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      { ask: 'cuál es la casa más barata en venta en Denver?', expect: top(denverHousesForSale, 'default') },
      { ask: 'y cuánto mide?', expect: factAt(denverHousesForSale, 'default', 0, (l) => [figure(sqft(l))]) },
    ],
  },
  {
    id: 'es/reference/condominios-madison-los-dos-primeros',
    category: 'reference',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      { ask: 'condominios en venta en Madison', expect: list(madisonCondosForSale) },
      { ask: 'Muéstrame los dos primeros', expect: at(madisonCondosForSale, 'default', 0, 1) },
    ],
  },
  {
    id: 'es/reference/direccion-bayshore-alquiler-y-dormitorios',
    category: 'reference',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'Háblame del piso de 1232 Bayshore Blvd Unit 11',
        expect: factOf(byAddress('1232 Bayshore Blvd Unit 11'), (l) => [l.Address]),
      },
      {
        ask: '¿Cuánto es el alquiler al mes?',
        expect: factOf(byAddress('1232 Bayshore Blvd Unit 11'), (l) => [saysPriceAnyLanguage(l)]),
      },
      {
        ask: '¿y cuántos dormitorios tiene?',
        expect: factOf(byAddress('1232 Bayshore Blvd Unit 11'), (l) => [saysBedsAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'es/reference/casas-portland-compara-primera-y-tercera',
    category: 'reference',
    lang: 'es',
    locale: 'es-US',
    turns: [
      { ask: 'casas en venta en Portland', expect: list(portlandHousesForSale) },
      { ask: 'compárame la primera con la tercera', expect: at(portlandHousesForSale, 'default', 0, 2) },
    ],
  },
  {
    id: 'es/reference/depas-tampa-el-de-columbus',
    category: 'reference',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      { ask: 'depas en renta en Tampa', expect: list(tampaApartmentRentals) },
      {
        ask: 'cuántas recámaras tiene el de Columbus Dr?',
        expect: factOf(byAddress('3117 Columbus Dr Unit 29B'), (l) => [saysBedsAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'es/reference/apartamentos-denver-de-que-ano-el-ultimo',
    category: 'reference',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      { ask: 'Apartamentos de 2 habitaciones en arriendo en Denver', expect: list(denver2BedApartmentRentals) },
      {
        ask: '¿De qué año es el último?',
        expect: factOf(
          (all) => lastShown(all, denver2BedApartmentRentals),
          (l) => [saysYear(l)],
        ),
      },
    ],
  },
  {
    id: 'es/reference/casas-madison-la-tercera-dormitorios',
    category: 'reference',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      { ask: 'casas en venta en Madison', expect: list(madisonHousesForSale) },
      { ask: 'la tercera', expect: factAt(madisonHousesForSale, 'default', 2, (l) => [l.Address]) },
      {
        ask: 'cuántos dormitorios tiene?',
        expect: factAt(madisonHousesForSale, 'default', 2, (l) => [saysBedsAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'es/reference/alquiler-mas-grande-raleigh-cuanto-cuesta',
    category: 'reference',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      { ask: 'el alquiler más grande de Raleigh', expect: top(raleighRentals, 'area-desc') },
      {
        ask: '¿y cuánto cuesta ese?',
        expect: factAt(raleighRentals, 'area-desc', 0, (l) => [saysPriceAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'es/reference/tampa-450-mil-ano-de-la-primera',
    category: 'reference',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      { ask: 'propiedades en venta en Tampa por menos de 450 mil', expect: list(tampaUnder450k) },
      {
        ask: 'de qué año es la primera?',
        expect: factAt(tampaUnder450k, 'default', 0, (l) => [saysYear(l)]),
      },
    ],
  },
  {
    id: 'es/reference/casas-raleigh-precio-de-la-cuarta',
    category: 'reference',
    lang: 'es',
    locale: 'es-US',
    turns: [
      { ask: 'casas en venta en Raleigh por menos de 500 mil', expect: list(raleighHousesUnder500k) },
      {
        ask: 'cuál es el precio de la cuarta?',
        expect: factAt(raleighHousesUnder500k, 'default', 3, (l) => [saysPriceAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'es/reference/arriendos-portland-primera-y-segunda',
    category: 'reference',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      { ask: '¿Qué tienen en arriendo en Portland?', expect: list(portlandRentals) },
      {
        ask: 'Cuéntame de la primera',
        expect: factAt(portlandRentals, 'default', 0, (l) => [l.Address, saysPriceAnyLanguage(l)]),
      },
      {
        ask: '¿y la segunda?',
        expect: factAt(portlandRentals, 'default', 1, (l) => [l.Address, saysPriceAnyLanguage(l)]),
      },
    ],
  },
  {
    id: 'es/reference/casas-austin-las-dos-ultimas',
    category: 'reference',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      { ask: 'casas en venta en austin', expect: list(austinHousesForSale) },
      { ask: 'mostrame de nuevo las dos últimas', expect: at(austinHousesForSale, 'default', 3, 4) },
    ],
  },
  {
    id: 'es/reference/pisos-austin-el-de-950',
    category: 'reference',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      { ask: 'pisos de alquiler en Austin', expect: list(austinApartmentRentals) },
      {
        ask: '¿De qué año es el de 950?',
        expect: factOf(byAddress('4834 Cedar St Unit 25B'), (l) => [saysYear(l)]),
      },
    ],
  },
];

const negation: EvalCase[] = [
  {
    id: 'es/negation/denver-venta-que-no-sean-condominios',
    category: 'negation',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      { ask: '¿qué tienen en venta en Denver?', expect: list(onMarket(forSale, inCity('Denver'))) },
      { ask: 'que no sean condominios', expect: list(onMarket(forSale, inCity('Denver'), not(condo))) },
    ],
  },
  {
    id: 'es/negation/3-cuartos-austin-no-townhouse',
    category: 'negation',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'algo de 3 cuartos en Austin, pero no townhouse',
        expect: list(onMarket(beds(3), inCity('Austin'), not(townhouse))),
      },
    ],
  },
  {
    id: 'es/negation/adosados-alquiler-menos-austin',
    category: 'negation',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'adosados de alquiler en cualquier sitio menos Austin',
        expect: list(onMarket(forRent, townhouse, not(inCity('Austin')))),
      },
    ],
  },
  {
    id: 'es/negation/madison-todo-excepto-arriendos',
    category: 'negation',
    lang: 'es',
    locale: 'es-CO',
    turns: [{ ask: 'Todo lo de Madison excepto arriendos', expect: list(onMarket(inCity('Madison'), not(forRent))) }],
  },
  {
    id: 'es/negation/depas-raleigh-que-no-sean-estudios',
    category: 'negation',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      { ask: 'depas en renta en Raleigh', expect: list(onMarket(forRent, apartment, inCity('Raleigh'))) },
      {
        ask: 'pero que no sean estudios',
        expect: list(onMarket(forRent, apartment, inCity('Raleigh'), not(beds(0)))),
      },
    ],
  },
  {
    id: 'es/negation/casas-raleigh-no-las-que-estan-por-salir',
    category: 'negation',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'casas en venta en Raleigh, pero no las que todavía están por salir',
        expect: list(and(forSale, house, inCity('Raleigh'), active)),
      },
    ],
  },
  {
    id: 'es/negation/condominios-200-mil-que-no-esten-en-portland',
    category: 'negation',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'condominios en venta por menos de 200 mil que no estén en Portland',
        expect: list(onMarket(forSale, condo, priceAtMost(200_000), not(inCity('Portland')))),
      },
    ],
  },
  {
    id: 'es/negation/rentas-tampa-sin-condos',
    category: 'negation',
    lang: 'es',
    locale: 'es-US',
    turns: [
      { ask: 'rentas en Tampa', expect: list(onMarket(forRent, inCity('Tampa'))) },
      { ask: 'sin condos porfa', expect: list(onMarket(forRent, inCity('Tampa'), not(condo))) },
    ],
  },
  {
    id: 'es/negation/tampa-venta-todo-menos-casas-unifamiliares',
    category: 'negation',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'todo lo que tengan en venta en Tampa menos casas unifamiliares',
        expect: list(onMarket(forSale, inCity('Tampa'), not(house))),
      },
    ],
  },
  {
    id: 'es/negation/casas-denver-nada-antes-de-1950',
    category: 'negation',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      { ask: 'casas en venta en Denver', expect: list(onMarket(forSale, house, inCity('Denver'))) },
      {
        ask: 'nada construido antes de 1950',
        expect: list(onMarket(forSale, house, inCity('Denver'), not(builtBefore(1950)))),
      },
    ],
  },
  {
    id: 'es/negation/alquileres-madison-ni-pisos-ni-condominios',
    category: 'negation',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      { ask: 'alquileres en Madison', expect: list(onMarket(forRent, inCity('Madison'))) },
      {
        ask: 'ni pisos ni condominios',
        expect: list(onMarket(forRent, inCity('Madison'), not(apartment), not(condo))),
      },
    ],
  },
  {
    id: 'es/negation/casas-5-habitaciones-excepto-denver',
    category: 'negation',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'Casas de 5 habitaciones en venta, excepto en Denver',
        expect: list(onMarket(forSale, house, beds(5), not(inCity('Denver')))),
      },
    ],
  },
  {
    id: 'es/negation/madison-4-cuartos-no-multifamiliares',
    category: 'negation',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'propiedades en venta con 4 cuartos o más en Madison que no sean multifamiliares',
        expect: list(onMarket(forSale, bedsAtLeast(4), inCity('Madison'), not(multiFamily))),
      },
    ],
  },
  {
    id: 'es/negation/alquileres-raleigh-sin-monoambientes-ni-deptos',
    category: 'negation',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      { ask: 'alquileres en Raleigh', expect: list(onMarket(forRent, inCity('Raleigh'))) },
      { ask: 'que no sean monoambientes', expect: list(onMarket(forRent, inCity('Raleigh'), not(beds(0)))) },
      {
        ask: 'ni departamentos',
        expect: list(onMarket(forRent, inCity('Raleigh'), not(beds(0)), not(apartment))),
      },
    ],
  },
];

const superlative: EvalCase[] = [
  {
    id: 'es/superlative/casa-mas-barata-denver',
    category: 'superlative',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'la casa mas barata en venta en Denver',
        expect: top(onMarket(forSale, house, inCity('Denver')), 'default'),
      },
    ],
  },
  {
    id: 'es/superlative/arriendo-mas-caro',
    category: 'superlative',
    lang: 'es',
    locale: 'es-CO',
    turns: [{ ask: '¿Cuál es el arriendo más caro que tienen?', expect: top(onMarket(forRent), 'price-desc') }],
  },
  {
    id: 'es/superlative/vivienda-mas-grande-hasta-1-5-millones',
    category: 'superlative',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: '¿Cuál es la vivienda en venta más grande que tenéis por menos de 1,5 millones?',
        expect: top(onMarket(forSale, priceAtMost(1_500_000)), 'area-desc'),
      },
    ],
  },
  {
    id: 'es/superlative/casa-austin-construida-mas-recientemente',
    category: 'superlative',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'cuál casa en venta en Austin se construyó más recientemente?',
        expect: top(onMarket(forSale, house, inCity('Austin')), 'year-desc'),
      },
    ],
  },
  {
    id: 'es/superlative/casa-mas-antigua-portland',
    category: 'superlative',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'la casa más antigua que tengan en venta en Portland',
        expect: top(onMarket(forSale, house, inCity('Portland')), 'year-asc'),
      },
    ],
  },
  {
    id: 'es/superlative/mas-barata-3-recamaras-tampa',
    category: 'superlative',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'la más barata de 3 recámaras en venta en Tampa',
        expect: top(onMarket(forSale, beds(3), inCity('Tampa')), 'default'),
      },
    ],
  },
  {
    id: 'es/superlative/3-arriendos-mas-baratos-madison',
    category: 'superlative',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'los 3 arriendos más baratos de Madison',
        expect: top(onMarket(forRent, inCity('Madison')), 'default', 3),
      },
    ],
  },
  {
    id: 'es/superlative/piso-alquiler-mas-grande-denver',
    category: 'superlative',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: '¿Cuál es el piso de alquiler más grande de Denver?',
        expect: top(onMarket(forRent, apartment, inCity('Denver')), 'area-desc'),
      },
    ],
  },
  {
    id: 'es/superlative/condominio-mas-pequeno-madison',
    category: 'superlative',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: '¿cuál es el condominio más pequeño en venta en Madison?',
        expect: top(onMarket(forSale, condo, inCity('Madison')), 'area-asc'),
      },
    ],
  },
  {
    id: 'es/superlative/casa-raleigh-mas-cuartos',
    category: 'superlative',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: '¿Qué casa en venta en Raleigh tiene más cuartos?',
        expect: top(onMarket(forSale, house, inCity('Raleigh')), 'bedrooms-desc'),
      },
    ],
  },
  {
    id: 'es/superlative/casa-mas-cara-madison',
    category: 'superlative',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'cual es la casa mas cara en venta en madison',
        expect: top(onMarket(forSale, house, inCity('Madison')), 'price-desc'),
      },
    ],
  },
  {
    id: 'es/superlative/dos-arriendos-mas-grandes-tampa',
    category: 'superlative',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'Muéstrame los dos arriendos más grandes en Tampa',
        expect: top(onMarket(forRent, inCity('Tampa')), 'area-desc', 2),
      },
    ],
  },
  {
    id: 'es/superlative/townhouse-mas-barato-en-renta',
    category: 'superlative',
    lang: 'es',
    locale: 'es-MX',
    turns: [{ ask: 'cuál es el townhouse más barato en renta?', expect: top(onMarket(forRent, townhouse), 'default') }],
  },
  {
    id: 'es/superlative/anuncio-mas-reciente-madison',
    category: 'superlative',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: '¿Cuál es el anuncio más reciente que tenéis en Madison?',
        expect: top(onMarket(inCity('Madison')), 'newest-listed'),
      },
    ],
  },
];

const numbersInWords: EvalCase[] = [
  {
    id: 'es/numbers-in-words/dos-recamaras-condominios-madison',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'condominios de dos recámaras en venta en Madison',
        expect: list(onMarket(forSale, condo, beds(2), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'es/numbers-in-words/deptos-mil-dolares-por-mes-denver',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'deptos en alquiler por menos de mil dólares por mes en Denver',
        expect: list(onMarket(forRent, apartment, priceAtMost(1_000), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'es/numbers-in-words/quinientos-mil-dolares-raleigh',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'Casas por menos de quinientos mil dólares en Raleigh',
        expect: list(onMarket(forSale, house, priceAtMost(500_000), inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'es/numbers-in-words/alquileres-dos-banos-portland',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'alquileres en Portland con al menos dos baños',
        expect: list(onMarket(forRent, bathsAtLeast(2), inCity('Portland'))),
      },
    ],
  },
  {
    id: 'es/numbers-in-words/cuatro-cuartos-portland',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'casas de cuatro cuartos en venta en Portland',
        expect: list(onMarket(forSale, house, beds(4), inCity('Portland'))),
      },
    ],
  },
  {
    id: 'es/numbers-in-words/medio-millon-austin',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'casas en Austin por menos de medio millón',
        expect: list(onMarket(forSale, house, priceAtMost(500_000), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'es/numbers-in-words/un-dormitorio-austin',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'departamentos de un dormitorio en alquiler en Austin',
        expect: list(onMarket(forRent, apartment, beds(1), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'es/numbers-in-words/mas-de-un-millon',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      { ask: '¿Tienen algo de más de un millón de dólares?', expect: list(onMarket(forSale, priceAtLeast(1_000_001))) },
    ],
  },
  {
    id: 'es/numbers-in-words/mil-quinientos-al-mes-tampa',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'alquileres por menos de mil quinientos al mes en Tampa',
        expect: list(onMarket(forRent, priceAtMost(1_500), inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'es/numbers-in-words/cinco-recamaras-tampa',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: '¿Hay casas de cinco recámaras en venta en Tampa?',
        expect: list(onMarket(forSale, house, beds(5), inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'es/numbers-in-words/condos-trescientos-mil-portland',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'condos en Portland de menos de trescientos mil',
        expect: list(onMarket(forSale, condo, priceAtMost(300_000), inCity('Portland'))),
      },
    ],
  },
  {
    id: 'es/numbers-in-words/ciento-cincuenta-a-doscientos-cincuenta-mil-madison',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: '¿Qué hay en venta en Madison entre ciento cincuenta mil y doscientos cincuenta mil dólares?',
        expect: list(onMarket(forSale, priceBetween(150_000, 250_000), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'es/numbers-in-words/seis-habitaciones',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-ES',
    turns: [{ ask: '¿Tenéis algo con seis habitaciones?', expect: list(onMarket(beds(6))) }],
  },
  {
    id: 'es/numbers-in-words/un-millon-y-millon-y-medio',
    category: 'numbers-in-words',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'casas de entre un millón y un millón y medio de dólares',
        expect: list(onMarket(forSale, house, priceBetween(1_000_000, 1_500_000))),
      },
    ],
  },
];

const misspelling: EvalCase[] = [
  {
    id: 'es/misspelling/rentas-denevr',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-MX',
    turns: [{ ask: 'rentas en Denevr', expect: list(onMarket(forRent, inCity('Denver'))) }],
  },
  {
    id: 'es/misspelling/habitasiones-ausitn',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-CO',
    turns: [{ ask: 'casas de 3 habitasiones en Ausitn', expect: list(onMarket(house, beds(3), inCity('Austin'))) }],
  },
  {
    id: 'es/misspelling/condominos-en-benta-portland',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-AR',
    turns: [{ ask: 'condominos en benta en portland', expect: list(onMarket(forSale, condo, inCity('Portland'))) }],
  },
  {
    id: 'es/misspelling/adosados-madisson',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-ES',
    turns: [{ ask: 'adosados en venta en Madisson', expect: list(onMarket(forSale, townhouse, inCity('Madison'))) }],
  },
  {
    id: 'es/misspelling/apartametos-rentar-raleig',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-US',
    turns: [
      { ask: 'apartametos para rentar en Raleig', expect: list(onMarket(forRent, apartment, inCity('Raleigh'))) },
    ],
  },
  {
    id: 'es/misspelling/departamneto-2-recamras-tampa',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'departamneto de 2 recamras en renta en tampa',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'es/misspelling/casas-raleihg-400-mil',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'casas en Raleihg por menos de 400 mil',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), priceAtMost(400_000))),
      },
    ],
  },
  {
    id: 'es/misspelling/casas-venta-portlan',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-AR',
    turns: [{ ask: 'casas en venta en Portlan', expect: list(onMarket(forSale, house, inCity('Portland'))) }],
  },
  {
    id: 'es/misspelling/condominios-tamap',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-ES',
    turns: [{ ask: 'condominios a la venta en Tamap', expect: list(onMarket(forSale, condo, inCity('Tampa'))) }],
  },
  {
    id: 'es/misspelling/depas-rneta-madisn',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-MX',
    turns: [{ ask: 'depas en rneta en Madisn', expect: list(onMarket(forRent, apartment, inCity('Madison'))) }],
  },
  {
    id: 'es/misspelling/tawnhouses-denber',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-US',
    turns: [{ ask: 'tawnhouses en Denber', expect: list(onMarket(townhouse, inCity('Denver'))) }],
  },
  {
    id: 'es/misspelling/casas-ariendo-austin',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-CO',
    turns: [{ ask: 'casas en ariendo en austin', expect: list(onMarket(forRent, house, inCity('Austin'))) }],
  },
  {
    id: 'es/misspelling/estudios-alquiller',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-ES',
    turns: [{ ask: 'estudios de alquiller', expect: list(onMarket(forRent, beds(0))) }],
  },
  {
    id: 'es/misspelling/dormitorioss-madson',
    category: 'misspelling',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'casa de 3 dormitorioss en venta en Madson',
        expect: list(onMarket(forSale, house, beds(3), inCity('Madison'))),
      },
    ],
  },
];

const unknownFeature: EvalCase[] = [
  {
    id: 'es/unknown-feature/casa-3-recamaras-austin-alberca',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'una casa de 3 recámaras en Austin con alberca',
        expect: cantTell('alberca', onMarket(house, beds(3), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/alquileres-denver-mascotas',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      { ask: 'alquileres en Denver', expect: list(onMarket(forRent, inCity('Denver'))) },
      { ask: 'cuáles aceptan mascotas?', expect: cantTell('mascota', onMarket(forRent, inCity('Denver'))) },
    ],
  },
  {
    id: 'es/unknown-feature/casas-portland-chimenea',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'Casas en venta en Portland con chimenea',
        expect: cantTell('chimenea', onMarket(forSale, house, inCity('Portland'))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/condominios-tampa-gimnasio',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'Condominios en venta en Tampa con gimnasio en el edificio',
        expect: cantTell('gimnasio', onMarket(forSale, condo, inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/apartamentos-raleigh-aire-acondicionado',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'apartamentos para rentar en Raleigh con aire acondicionado',
        expect: cantTell('aire acondicionado', onMarket(forRent, apartment, inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/casas-madison-paneles-solares',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: '¿alguna de las casas en venta en Madison tiene paneles solares?',
        expect: cantTell('paneles solares', onMarket(forSale, house, inCity('Madison'))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/casa-pileta-tampa-600-mil',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'casa con pileta en Tampa por menos de 600 mil',
        expect: cantTell('pileta', onMarket(forSale, house, inCity('Tampa'), priceAtMost(600_000))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/arriendos-madison-perro',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'Arriendos en Madison donde me dejen tener perro',
        expect: cantTell('perro', onMarket(forRent, inCity('Madison'))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/pisos-austin-ascensor',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'pisos de alquiler en Austin con ascensor',
        expect: cantTell('ascensor', onMarket(forRent, apartment, inCity('Austin'))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/departamentos-amueblados-denver',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'departamentos amueblados en renta en Denver',
        expect: cantTell('amueblado', onMarket(forRent, apartment, inCity('Denver'))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/casas-raleigh-piscina',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-US',
    turns: [
      { ask: 'casas en venta en Raleigh', expect: list(onMarket(forSale, house, inCity('Raleigh'))) },
      {
        ask: 'alguna tiene piscina?',
        expect: cantTell('piscina', onMarket(forSale, house, inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/casa-denver-quincho',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'busco casa en venta en Denver con quincho',
        expect: cantTell('quincho', onMarket(forSale, house, inCity('Denver'))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/apartamentos-tampa-conjunto-cerrado',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'Apartamentos en arriendo en Tampa que sean en conjunto cerrado',
        expect: cantTell('conjunto cerrado', onMarket(forRent, apartment, inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'es/unknown-feature/viviendas-madison-trastero',
    category: 'unknown-feature',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: '¿Hay viviendas en venta en Madison con trastero?',
        expect: cantTell('trastero', onMarket(forSale, inCity('Madison'))),
      },
    ],
  },
];

const nearMiss: EvalCase[] = [
  {
    id: 'es/near-miss/casa-3-dormitorios-portland-450-mil',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'casa de 3 dormitorios en Portland por menos de 450 mil',
        expect: near(
          onMarket(forSale, house, beds(3), inCity('Portland'), priceAtMost(450_000)),
          offerable(forSale, or(house, townhouse), bedsBetween(2, 4), inCity('Portland'), priceAtMost(450_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/depto-4-dormitorios-alquiler-austin',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'un depto de 4 dormitorios en alquiler en Austin',
        expect: near(
          onMarket(forRent, apartment, beds(4), inCity('Austin')),
          offerable(forRent, inCity('Austin'), or(and(or(apartment, condo), bedsAtLeast(3)), bedsAtLeast(4))),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/apartamento-arriendo-raleigh-650',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'Apartamento en arriendo en Raleigh por menos de 650 dólares',
        expect: near(
          onMarket(forRent, apartment, inCity('Raleigh'), priceAtMost(650)),
          offerable(forRent, or(apartment, condo), inCity('Raleigh'), priceAtMost(650 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/chalet-austin-400000',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'Un chalet en venta en Austin por menos de 400.000 dólares',
        expect: near(
          onMarket(forSale, house, inCity('Austin'), priceAtMost(400_000)),
          offerable(forSale, or(house, townhouse), inCity('Austin'), priceAtMost(400_000 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/casa-4-cuartos-rentar-tampa-3000',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'casa de 4 cuartos para rentar en Tampa por menos de $3,000',
        expect: near(
          onMarket(forRent, house, beds(4), inCity('Tampa'), priceAtMost(3_000)),
          offerable(forRent, bedsBetween(3, 5), inCity('Tampa'), priceAtMost(3_000 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/casa-6-recamaras-tampa',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: '¿tienen alguna casa de 6 recámaras en Tampa?',
        expect: near(
          onMarket(house, beds(6), inCity('Tampa')),
          offerable(or(house, multiFamily), bedsAtLeast(4), inCity('Tampa')),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/condominio-austin-200-mil',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'condominio en Austin por menos de 200 mil',
        expect: near(
          onMarket(forSale, condo, inCity('Austin'), priceAtMost(200_000)),
          offerable(forSale, or(condo, apartment), inCity('Austin'), priceAtMost(200_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/monoambiente-portland-800',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-AR',
    turns: [
      {
        ask: 'monoambiente en alquiler en Portland por menos de 800 dólares',
        expect: near(
          onMarket(forRent, beds(0), inCity('Portland'), priceAtMost(800)),
          offerable(forRent, bedsBetween(0, 1), inCity('Portland'), priceAtMost(800 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/adosado-3-dormitorios-raleigh-400000',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'adosado de 3 dormitorios en venta en Raleigh por menos de 400.000',
        expect: near(
          onMarket(forSale, townhouse, beds(3), inCity('Raleigh'), priceAtMost(400_000)),
          offerable(forSale, or(townhouse, house), bedsBetween(2, 4), inCity('Raleigh'), priceAtMost(400_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/casa-nueva-despues-2020-tampa-800-mil',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'una casa construida después del 2020 en Tampa por menos de 800 mil',
        expect: near(
          onMarket(forSale, house, builtAfter(2020), inCity('Tampa'), priceAtMost(800_000)),
          offerable(
            forSale,
            or(house, townhouse),
            inCity('Tampa'),
            or(and(builtAfter(2020), priceAtMost(800_000 * 1.25)), and(builtAfter(2005), priceAtMost(800_000))),
          ),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/2-recamaras-renta-denver-1800',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-US',
    turns: [
      {
        ask: 'algo de 2 recámaras en renta en Denver por menos de $1,800 al mes',
        expect: near(
          onMarket(forRent, beds(2), inCity('Denver'), priceAtMost(1_800)),
          offerable(forRent, bedsBetween(1, 3), inCity('Denver'), priceAtMost(1_800 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/casa-5-habitaciones-madison-600-mil',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-CO',
    turns: [
      {
        ask: 'Casa de 5 habitaciones en Madison por menos de 600 mil dólares',
        expect: near(
          onMarket(forSale, house, beds(5), inCity('Madison'), priceAtMost(600_000)),
          offerable(forSale, house, bedsBetween(4, 6), inCity('Madison'), priceAtMost(600_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/condominio-denver-2000-pies',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-MX',
    turns: [
      {
        ask: 'condominio en venta en Denver de más de 2,000 pies cuadrados',
        expect: near(
          onMarket(forSale, condo, inCity('Denver'), sqftAtLeast(2_000)),
          offerable(forSale, or(condo, townhouse), inCity('Denver'), sqftAtLeast(2_000 * 0.75)),
        ),
      },
    ],
  },
  {
    id: 'es/near-miss/casa-4-dormitorios-alquiler-raleigh-3000',
    category: 'near-miss',
    lang: 'es',
    locale: 'es-ES',
    turns: [
      {
        ask: 'Casa de 4 dormitorios de alquiler en Raleigh por menos de 3.000 dólares',
        expect: near(
          onMarket(forRent, house, beds(4), inCity('Raleigh'), priceAtMost(3_000)),
          offerable(forRent, or(house, townhouse), bedsBetween(3, 5), inCity('Raleigh'), priceAtMost(3_000 * 1.2)),
        ),
      },
    ],
  },
];

export const spanishCases: EvalCase[] = [
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
