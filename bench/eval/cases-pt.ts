/**
 * The question set in Portuguese (issue 43): five of the happy-path categories as Portuguese-speaking
 * visitors type them into a US agency's chat, from Brazil and from Portugal, each in its own words
 * (apê, apto, kitnet, casa geminada, vagas, aluguel; moradia, moradia em banda, T0–T5, arrendar,
 * casas de banho, renda), with and without accents. Written by hand before the engine read
 * Portuguese, as the bar it is measured against; not translated from cases.ts, whose readings they
 * keep (see its header): casa / moradia is a single-family house and apartamento an Apartment, as
 * "house" and "apartment" are there; what a regional phrase is read as is said where it is used.
 * Facts are checked with predicates.ts's any-language helpers only.
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

// —— the conversations ——

const single: EvalCase[] = [
  {
    id: 'pt/single/ape-pra-alugar-austin-2-quartos',
    category: 'single',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        // Brazil: « apê » is an apartment.
        ask: 'oi, tô procurando apê pra alugar em Austin, 2 quartos',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'pt/single/moradia-t3-comprar-denver',
    category: 'single',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        // Portugal: a « moradia » is a single-family house; T3 is three bedrooms.
        ask: 'Bom dia, procuro uma moradia T3 para comprar em Denver',
        expect: list(onMarket(forSale, house, beds(3), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'pt/single/condos-portland-abaixo-de-200-mil',
    category: 'single',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'condos à venda em Portland abaixo de 200 mil',
        expect: list(onMarket(forSale, condo, inCity('Portland'), priceAtMost(200_000))),
      },
    ],
  },
  {
    id: 'pt/single/casa-para-arrendar-denver-t2-2400',
    category: 'single',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        // Portugal: « procurar casa » is looking for a home of any kind (a house would be a moradia); T2 is two bedrooms.
        ask: 'Olá! Procuro casa para arrendar em Denver, T2, até 2.400 dólares por mês',
        expect: list(onMarket(forRent, beds(2), inCity('Denver'), priceAtMost(2_400))),
      },
    ],
  },
  {
    id: 'pt/single/casas-raleigh-entre-300-e-500-mil',
    category: 'single',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'Bom dia, o senhor tem casas à venda em Raleigh entre US$ 300 mil e US$ 500 mil?',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), priceBetween(300_000, 500_000))),
      },
    ],
  },
  {
    id: 'pt/single/casa-geminada-a-venda-madison',
    category: 'single',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        // Brazil: a « casa geminada » shares its walls with its neighbours: a townhouse.
        ask: 'tem casa geminada a venda em Madison?',
        expect: list(onMarket(forSale, townhouse, inCity('Madison'))),
      },
    ],
  },
  {
    id: 'pt/single/em-breve-tampa',
    category: 'single',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [{ ask: 'o que vai entrar à venda em breve em Tampa?', expect: list(and(comingSoon, inCity('Tampa'))) }],
  },
  {
    id: 'pt/single/moradias-vendidas-raleigh',
    category: 'single',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [{ ask: 'Que moradias já foram vendidas em Raleigh?', expect: list(and(sold, house, inCity('Raleigh'))) }],
  },
  {
    id: 'pt/single/moradias-t4-230-m2-madison',
    category: 'single',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Moradias T4 com mais de 230 m² em Madison',
        expect: list(onMarket(house, beds(4), sqftAtLeast(230 * SQFT_PER_SQM), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'pt/single/construido-depois-de-2015-austin',
    category: 'single',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Há alguma coisa em Austin construída depois de 2015?',
        expect: list(onMarket(builtAfter(2015), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'pt/single/kitnet-pra-alugar',
    category: 'single',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        // Brazil: a « kitnet » (quitinete) is a studio.
        ask: 'voces tem kitnet pra alugar?',
        expect: list(onMarket(forRent, beds(0))),
      },
    ],
  },
  {
    id: 'pt/single/casas-denver-2-vagas',
    category: 'single',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        // « 2 vagas de garagem » read as at least 2 parking spaces, as cases.ts reads parking.
        ask: 'Casas à venda em Denver com 2 vagas de garagem',
        expect: list(onMarket(forSale, house, parkingAtLeast(2), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'pt/single/moradias-tampa-visita-virtual-3d',
    category: 'single',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Boa tarde. Podem mostrar-me moradias à venda em Tampa com visita virtual 3D?',
        expect: list(onMarket(forSale, house, tour3d, inCity('Tampa'))),
      },
    ],
  },
  {
    id: 'pt/single/predio-multifamiliar-madison',
    category: 'single',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Procuro um prédio multifamiliar para investimento em Madison. Têm algum à venda?',
        expect: list(onMarket(forSale, multiFamily, inCity('Madison'))),
      },
    ],
  },
];

const followUp: EvalCase[] = [
  {
    id: 'pt/follow-up/alugar-austin-e-denver',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'oi! quais imóveis vocês têm pra alugar em Austin?', expect: list(onMarket(forRent, inCity('Austin'))) },
      { ask: 'e em Denver?', expect: list(onMarket(forRent, inCity('Denver'))) },
    ],
  },
  {
    id: 'pt/follow-up/moradias-t4-tampa-e-t5',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      { ask: 'Moradias T4 à venda em Tampa', expect: list(onMarket(forSale, house, beds(4), inCity('Tampa'))) },
      { ask: 'E T5?', expect: list(onMarket(forSale, house, beds(5), inCity('Tampa'))) },
    ],
  },
  {
    id: 'pt/follow-up/condominios-austin-venda-e-aluguel',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        // « condomínio » read as a condo (a « casa em condomínio » would be a house in a gated community).
        ask: 'condomínios à venda em Austin',
        expect: list(onMarket(forSale, condo, inCity('Austin'))),
      },
      { ask: 'e pra alugar?', expect: list(onMarket(forRent, condo, inCity('Austin'))) },
    ],
  },
  {
    id: 'pt/follow-up/apartamentos-t2-tampa-e-t3',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'apartamentos T2 para arrendar em Tampa',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Tampa'))),
      },
      { ask: 'e T3?', expect: list(onMarket(forRent, apartment, beds(3), inCity('Tampa'))) },
    ],
  },
  {
    id: 'pt/follow-up/casas-madison-500-mil-e-700-mil',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'casas à venda em Madison até 500 mil',
        expect: list(onMarket(forSale, house, inCity('Madison'), priceAtMost(500_000))),
      },
      { ask: 'e até 700 mil?', expect: list(onMarket(forSale, house, inCity('Madison'), priceAtMost(700_000))) },
    ],
  },
  {
    id: 'pt/follow-up/moradias-em-banda-portland-e-apartamentos',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        // Portugal: a « moradia em banda » is a row house: a townhouse.
        ask: 'Têm moradias em banda à venda em Portland?',
        expect: list(onMarket(forSale, townhouse, inCity('Portland'))),
      },
      {
        // An « apartamento » to buy may be what a US agency calls a condo; read as the Apartment type, as "apartment" is.
        ask: 'E apartamentos?',
        expect: list(onMarket(forSale, apartment, inCity('Portland'))),
      },
    ],
  },
  {
    id: 'pt/follow-up/casas-aluguel-raleigh-tampa-portland',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'casas pra alugar em Raleigh', expect: list(onMarket(forRent, house, inCity('Raleigh'))) },
      { ask: 'e em Tampa?', expect: list(onMarket(forRent, house, inCity('Tampa'))) },
      { ask: 'e Portland', expect: list(onMarket(forRent, house, inCity('Portland'))) },
    ],
  },
  {
    id: 'pt/follow-up/brevemente-madison-e-raleigh',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'O que é que vai ser posto à venda brevemente em Madison?',
        expect: list(and(comingSoon, inCity('Madison'))),
      },
      { ask: 'E em Raleigh?', expect: list(and(comingSoon, inCity('Raleigh'))) },
    ],
  },
  {
    id: 'pt/follow-up/aluguel-1500-raleigh-e-portland',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'aluguel ate 1.500 por mes em Raleigh',
        expect: list(onMarket(forRent, inCity('Raleigh'), priceAtMost(1_500))),
      },
      { ask: 'mesma coisa em Portland', expect: list(onMarket(forRent, inCity('Portland'), priceAtMost(1_500))) },
    ],
  },
  {
    id: 'pt/follow-up/casas-3-dormitorios-denver-e-de-2',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'Casas de 3 dormitórios à venda em Denver',
        expect: list(onMarket(forSale, house, beds(3), inCity('Denver'))),
      },
      { ask: 'tem de 2?', expect: list(onMarket(forSale, house, beds(2), inCity('Denver'))) },
    ],
  },
  {
    id: 'pt/follow-up/t0-arrendar-raleigh-e-t1',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        // Portugal: a T0 is a studio; the T names the bedrooms, not the type.
        ask: 'Tens algum T0 para arrendar em Raleigh?',
        expect: list(onMarket(forRent, beds(0), inCity('Raleigh'))),
      },
      { ask: 'E T1?', expect: list(onMarket(forRent, beds(1), inCity('Raleigh'))) },
    ],
  },
  {
    id: 'pt/follow-up/casas-denver-prefiro-alugar-e-portland',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'casas à venda em Denver', expect: list(onMarket(forSale, house, inCity('Denver'))) },
      { ask: 'pensando bem, prefiro alugar', expect: list(onMarket(forRent, house, inCity('Denver'))) },
      { ask: 'e em Portland?', expect: list(onMarket(forRent, house, inCity('Portland'))) },
    ],
  },
  {
    id: 'pt/follow-up/moradias-450-mil-raleigh-e-denver',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Moradias à venda em Raleigh abaixo de 450 mil dólares',
        expect: list(onMarket(forSale, house, inCity('Raleigh'), priceAtMost(450_000))),
      },
      { ask: 'E em Denver?', expect: list(onMarket(forSale, house, inCity('Denver'), priceAtMost(450_000))) },
    ],
  },
  {
    id: 'pt/follow-up/moradias-t5-portland-1-5-milhoes-e-tampa',
    category: 'follow-up',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Moradias T5 à venda em Portland até 1,5 milhões',
        expect: list(onMarket(forSale, house, beds(5), inCity('Portland'), priceAtMost(1_500_000))),
      },
      {
        ask: 'e em Tampa?',
        expect: list(onMarket(forSale, house, beds(5), inCity('Tampa'), priceAtMost(1_500_000))),
      },
    ],
  },
];

const refinement: EvalCase[] = [
  {
    id: 'pt/refinement/tampa-venda-so-casas-600-mil',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'imóveis à venda em Tampa', expect: list(onMarket(forSale, inCity('Tampa'))) },
      { ask: 'só as casas', expect: list(onMarket(forSale, house, inCity('Tampa'))) },
      { ask: 'até 600 mil', expect: list(onMarket(forSale, house, inCity('Tampa'), priceAtMost(600_000))) },
    ],
  },
  {
    id: 'pt/refinement/arrendamentos-1000-quais-em-denver',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      { ask: 'Arrendamentos até 1.000 dólares por mês', expect: list(onMarket(forRent, priceAtMost(1_000))) },
      {
        ask: 'Quais é que ficam em Denver?',
        expect: list(onMarket(forRent, priceAtMost(1_000), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'pt/refinement/casas-3-quartos-madison-3-suites-a-venda',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'casas de 3 quartos em Madison', expect: list(onMarket(house, beds(3), inCity('Madison'))) },
      {
        // Brazil: a « suíte » is a bedroom with its own bathroom: three suítes, at least 3 bathrooms.
        ask: 'tem alguma com 3 suítes?',
        expect: list(onMarket(house, beds(3), bathsAtLeast(3), inCity('Madison'))),
      },
      { ask: 'só à venda', expect: list(onMarket(forSale, house, beds(3), bathsAtLeast(3), inCity('Madison'))) },
    ],
  },
  {
    id: 'pt/refinement/t2-arrendar-madison-2-casas-de-banho',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        // Portugal: T2 is two bedrooms, whatever the type.
        ask: 'T2 para arrendar em Madison',
        expect: list(onMarket(forRent, beds(2), inCity('Madison'))),
      },
      {
        // « 2 casas de banho » read as at least 2, as cases.ts reads baths.
        ask: 'com 2 casas de banho',
        expect: list(onMarket(forRent, beds(2), bathsAtLeast(2), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'pt/refinement/casas-austin-4-quartos-1-milhao',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'casas à venda em Austin', expect: list(onMarket(forSale, house, inCity('Austin'))) },
      {
        ask: 'só as que têm 4 quartos ou mais',
        expect: list(onMarket(forSale, house, inCity('Austin'), bedsAtLeast(4))),
      },
      {
        ask: 'até 1 milhão',
        expect: list(onMarket(forSale, house, inCity('Austin'), bedsAtLeast(4), priceAtMost(1_000_000))),
      },
    ],
  },
  {
    id: 'pt/refinement/moradias-denver-depois-de-1990',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      { ask: 'moradias à venda em Denver', expect: list(onMarket(forSale, house, inCity('Denver'))) },
      {
        ask: 'só as construídas depois de 1990',
        expect: list(onMarket(forSale, house, inCity('Denver'), builtAfter(1990))),
      },
    ],
  },
  {
    id: 'pt/refinement/condos-tampa-mais-de-100-m2',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'condos à venda em Tampa', expect: list(onMarket(forSale, condo, inCity('Tampa'))) },
      {
        ask: 'algum com mais de 100 m²?',
        expect: list(onMarket(forSale, condo, inCity('Tampa'), sqftAtLeast(100 * SQFT_PER_SQM))),
      },
    ],
  },
  {
    id: 'pt/refinement/arrendamentos-portland-visita-3d',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      { ask: 'Mostre-me os arrendamentos em Portland', expect: list(onMarket(forRent, inCity('Portland'))) },
      {
        ask: 'só os que têm visita virtual 3D',
        expect: list(onMarket(forRent, inCity('Portland'), tour3d)),
      },
    ],
  },
  {
    id: 'pt/refinement/townhouses-2-banheiros-2-vagas',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'townhouses à venda', expect: list(onMarket(forSale, townhouse)) },
      { ask: 'com 2 banheiros ou mais', expect: list(onMarket(forSale, townhouse, bathsAtLeast(2))) },
      {
        ask: 'e pelo menos 2 vagas',
        expect: list(onMarket(forSale, townhouse, bathsAtLeast(2), parkingAtLeast(2))),
      },
    ],
  },
  {
    id: 'pt/refinement/arrendar-austin-3-quartos-3-mil',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      { ask: 'imóveis para arrendar em Austin', expect: list(onMarket(forRent, inCity('Austin'))) },
      { ask: 'com 3 quartos ou mais', expect: list(onMarket(forRent, inCity('Austin'), bedsAtLeast(3))) },
      {
        ask: 'até 3 mil por mês',
        expect: list(onMarket(forRent, inCity('Austin'), bedsAtLeast(3), priceAtMost(3_000))),
      },
    ],
  },
  {
    id: 'pt/refinement/casas-450-mil-pelo-menos-3-quartos',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'casas a venda ate 450 mil', expect: list(onMarket(forSale, house, priceAtMost(450_000))) },
      {
        ask: 'com pelo menos 3 quartos',
        expect: list(onMarket(forSale, house, priceAtMost(450_000), bedsAtLeast(3))),
      },
    ],
  },
  {
    id: 'pt/refinement/apartamentos-650-so-madison',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'apartamentos para arrendar abaixo de 650 dólares',
        expect: list(onMarket(forRent, apartment, priceAtMost(650))),
      },
      {
        ask: 'só em Madison',
        expect: list(onMarket(forRent, apartment, priceAtMost(650), inCity('Madison'))),
      },
    ],
  },
  {
    id: 'pt/refinement/em-breve-so-casas',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'o que vai entrar no mercado em breve?', expect: list(comingSoon) },
      { ask: 'só casas', expect: list(and(comingSoon, house)) },
    ],
  },
  {
    id: 'pt/refinement/raleigh-venda-4-quartos-600-mil',
    category: 'refinement',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      { ask: 'Que imóveis têm para venda em Raleigh?', expect: list(onMarket(forSale, inCity('Raleigh'))) },
      { ask: 'no mínimo 4 quartos', expect: list(onMarket(forSale, inCity('Raleigh'), bedsAtLeast(4))) },
      {
        ask: 'e abaixo de 600 mil',
        expect: list(onMarket(forSale, inCity('Raleigh'), bedsAtLeast(4), priceAtMost(600_000))),
      },
    ],
  },
];

const negation: EvalCase[] = [
  {
    id: 'pt/negation/denver-venda-sem-condominios',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'quais imóveis vocês têm à venda em Denver?', expect: list(onMarket(forSale, inCity('Denver'))) },
      { ask: 'mas sem condomínios', expect: list(onMarket(forSale, inCity('Denver'), not(condo))) },
    ],
  },
  {
    id: 'pt/negation/3-quartos-tampa-sem-moradia-em-banda',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Algo com 3 quartos em Tampa, desde que não seja moradia em banda',
        expect: list(onMarket(beds(3), inCity('Tampa'), not(townhouse))),
      },
    ],
  },
  {
    id: 'pt/negation/townhouse-pra-alugar-menos-austin',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'townhouse pra alugar, menos em Austin',
        expect: list(onMarket(forRent, townhouse, not(inCity('Austin')))),
      },
    ],
  },
  {
    id: 'pt/negation/tampa-tudo-exceto-arrendamentos',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Tudo o que têm em Tampa, exceto arrendamentos',
        expect: list(onMarket(inCity('Tampa'), not(forRent))),
      },
    ],
  },
  {
    id: 'pt/negation/apto-aluguel-denver-sem-kitnet',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        // Brazil: « apto » is an apartment, a « kitnet » a studio.
        ask: 'apto pra alugar em Denver, mas que não seja kitnet',
        expect: list(onMarket(forRent, apartment, inCity('Denver'), not(beds(0)))),
      },
    ],
  },
  {
    id: 'pt/negation/moradias-tampa-nao-as-que-vao-entrar',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Moradias à venda em Tampa, mas não as que ainda vão entrar no mercado',
        expect: list(and(forSale, house, inCity('Tampa'), active)),
      },
    ],
  },
  {
    id: 'pt/negation/condo-250-mil-fora-de-portland',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'condo à venda abaixo de 250 mil, fora de Portland',
        expect: list(onMarket(forSale, condo, priceAtMost(250_000), not(inCity('Portland')))),
      },
    ],
  },
  {
    id: 'pt/negation/arrendamentos-raleigh-sem-apartamentos',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      { ask: 'arrendamentos em Raleigh', expect: list(onMarket(forRent, inCity('Raleigh'))) },
      {
        ask: 'sem apartamentos, por favor',
        expect: list(onMarket(forRent, inCity('Raleigh'), not(apartment))),
      },
    ],
  },
  {
    id: 'pt/negation/madison-venda-menos-casa',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'tudo que voces tem a venda em Madison menos casa',
        expect: list(onMarket(forSale, inCity('Madison'), not(house))),
      },
    ],
  },
  {
    id: 'pt/negation/moradias-portland-nada-antes-de-1960',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Moradias à venda em Portland, nada construído antes de 1960',
        expect: list(onMarket(forSale, house, inCity('Portland'), not(builtBefore(1960)))),
      },
    ],
  },
  {
    id: 'pt/negation/aluguel-austin-nem-apartamento-nem-condominio',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      { ask: 'aluguel em Austin', expect: list(onMarket(forRent, inCity('Austin'))) },
      {
        ask: 'nada de apartamento nem condomínio',
        expect: list(onMarket(forRent, inCity('Austin'), not(apartment), not(condo))),
      },
    ],
  },
  {
    id: 'pt/negation/moradias-t4-exceto-tampa',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Moradias T4 para comprar, exceto em Tampa',
        expect: list(onMarket(forSale, house, beds(4), not(inCity('Tampa')))),
      },
    ],
  },
  {
    id: 'pt/negation/denver-4-quartos-sem-multifamiliar',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'imóveis à venda em Denver com 4 quartos ou mais, sem ser multifamiliar',
        expect: list(onMarket(forSale, bedsAtLeast(4), inCity('Denver'), not(multiFamily))),
      },
    ],
  },
  {
    id: 'pt/negation/nao-quero-apartamento-arrendar-tampa',
    category: 'negation',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Não quero apartamento. O que têm para arrendar em Tampa?',
        expect: list(onMarket(forRent, inCity('Tampa'), not(apartment))),
      },
    ],
  },
];

const nearMiss: EvalCase[] = [
  {
    id: 'pt/near-miss/casa-3-quartos-madison-350-mil',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'tem casa de 3 quartos em Madison por até 350 mil?',
        expect: near(
          onMarket(forSale, house, beds(3), inCity('Madison'), priceAtMost(350_000)),
          offerable(forSale, or(house, townhouse), bedsBetween(2, 4), inCity('Madison'), priceAtMost(350_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/apartamento-t4-tampa',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        // Read as the Apartment type, though a visitor from Portugal may mean a condo: a condo is a near miss.
        ask: 'Procuro um apartamento T4 em Tampa',
        expect: near(
          onMarket(apartment, beds(4), inCity('Tampa')),
          offerable(inCity('Tampa'), or(and(or(apartment, condo), bedsAtLeast(3)), bedsAtLeast(4))),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/ape-aluguel-portland-900',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'apê pra alugar em portland ate 900 por mes',
        expect: near(
          onMarket(forRent, apartment, inCity('Portland'), priceAtMost(900)),
          offerable(forRent, or(apartment, condo), inCity('Portland'), priceAtMost(900 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/moradia-4-quartos-austin-meio-milhao',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Uma moradia com 4 quartos em Austin, por meio milhão de dólares no máximo',
        expect: near(
          onMarket(forSale, house, beds(4), inCity('Austin'), priceAtMost(500_000)),
          offerable(forSale, or(house, townhouse), bedsBetween(3, 5), inCity('Austin'), priceAtMost(500_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/casa-4-quartos-aluguel-austin-3-mil',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'casa de 4 quartos pra alugar em Austin até 3 mil',
        expect: near(
          onMarket(forRent, house, beds(4), inCity('Austin'), priceAtMost(3_000)),
          offerable(forRent, bedsBetween(3, 5), inCity('Austin'), priceAtMost(3_000 * 1.2)),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/moradia-6-quartos-madison',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Têm alguma moradia com 6 quartos em Madison?',
        expect: near(
          onMarket(house, beds(6), inCity('Madison')),
          offerable(or(house, multiFamily), bedsAtLeast(4), inCity('Madison')),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/condominio-raleigh-200-mil',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'condomínio em Raleigh até 200 mil',
        expect: near(
          onMarket(forSale, condo, inCity('Raleigh'), priceAtMost(200_000)),
          offerable(forSale, or(condo, apartment), inCity('Raleigh'), priceAtMost(200_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/estudio-arrendar-madison-400',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Um estúdio para arrendar em Madison por menos de 400 dólares',
        expect: near(
          onMarket(forRent, beds(0), inCity('Madison'), priceAtMost(400)),
          offerable(forRent, bedsBetween(0, 1), inCity('Madison'), priceAtMost(400 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/sobrado-geminado-4-quartos-denver',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        // Brazil: a « sobrado geminado » is a two-storey house sharing a wall: a townhouse.
        ask: 'sobrado geminado de 4 quartos à venda em Denver',
        expect: near(
          onMarket(forSale, townhouse, beds(4), inCity('Denver')),
          offerable(forSale, or(townhouse, and(house, beds(4))), bedsBetween(3, 5), inCity('Denver')),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/moradia-300-m2-raleigh-800-mil',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'Moradia com mais de 300 m² em Raleigh até 800 mil dólares',
        expect: near(
          onMarket(forSale, house, inCity('Raleigh'), sqftAtLeast(300 * SQFT_PER_SQM), priceAtMost(800_000)),
          offerable(
            forSale,
            house,
            inCity('Raleigh'),
            sqftAtLeast(300 * SQFT_PER_SQM * 0.8),
            priceAtMost(800_000 * 1.25),
          ),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/2-quartos-aluguel-denver-1500',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'algo de 2 quartos pra alugar em Denver até US$ 1.500 por mês',
        expect: near(
          onMarket(forRent, beds(2), inCity('Denver'), priceAtMost(1_500)),
          offerable(forRent, bedsBetween(1, 3), inCity('Denver'), priceAtMost(1_500 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/moradia-5-quartos-portland-900-mil',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        ask: 'moradia com 5 quartos em Portland até 900 mil dólares',
        expect: near(
          onMarket(forSale, house, beds(5), inCity('Portland'), priceAtMost(900_000)),
          offerable(forSale, house, bedsBetween(4, 6), inCity('Portland'), priceAtMost(900_000 * 1.25)),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/condo-madison-mais-de-100-m2',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-BR',
    turns: [
      {
        ask: 'condo à venda em Madison com mais de 100 m²',
        expect: near(
          onMarket(forSale, condo, inCity('Madison'), sqftAtLeast(100 * SQFT_PER_SQM)),
          offerable(forSale, or(condo, townhouse), inCity('Madison'), sqftAtLeast(100 * SQFT_PER_SQM * 0.75)),
        ),
      },
    ],
  },
  {
    id: 'pt/near-miss/moradia-arrendar-tampa-4-quartos-2500',
    category: 'near-miss',
    lang: 'pt',
    locale: 'pt-PT',
    turns: [
      {
        // Portugal: the « renda » is the monthly rent.
        ask: 'Moradia para arrendar em Tampa com 4 quartos, até 2.500 dólares de renda',
        expect: near(
          onMarket(forRent, house, beds(4), inCity('Tampa'), priceAtMost(2_500)),
          offerable(forRent, or(house, townhouse), bedsBetween(3, 5), inCity('Tampa'), priceAtMost(2_500 * 1.4)),
        ),
      },
    ],
  },
];

export const portugueseCases: EvalCase[] = [...single, ...followUp, ...refinement, ...negation, ...nearMiss];
