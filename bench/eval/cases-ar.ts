/**
 * Single questions in Arabic (issue 43) as visitors type them into a US agency's chat — Modern
 * Standard, Gulf and Egyptian; Arabic-Indic and Western digits; cities in either script. Written by
 * hand before the engine read Arabic, with cases.ts's readings: بيت / منزل / فيلا a house, شقة an
 * Apartment, شقة تمليك / كوندو a condo.
 */
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
  bedsAtLeast,
  priceAtMost,
  priceAtLeast,
  priceBetween,
  onMarket,
  list,
} from './predicates.ts';

export const arabicCases: EvalCase[] = [
  {
    id: 'ar/single/shaqqa-igar-austin-odtein',
    category: 'single',
    lang: 'ar',
    locale: 'ar-EG',
    turns: [
      {
        ask: 'عايز شقة إيجار في Austin فيها أوضتين نوم',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'ar/single/manzil-bay-denver-3-ghuraf',
    category: 'single',
    lang: 'ar',
    locale: 'ar-SA',
    turns: [
      {
        ask: 'أبحث عن منزل للبيع في دنفر مكون من 3 غرف نوم',
        expect: list(onMarket(forSale, house, beds(3), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'ar/single/shuqaq-tamleek-portland-250-alf',
    category: 'single',
    lang: 'ar',
    locale: 'ar',
    turns: [
      {
        ask: 'هل لديكم شقق تمليك للبيع في بورتلاند بأقل من 250 ألف دولار؟',
        expect: list(onMarket(forSale, condo, inCity('Portland'), priceAtMost(250_000))),
      },
    ],
  },
  {
    id: 'ar/single/shuqaq-igar-madison-1000-fi-elshahr',
    category: 'single',
    lang: 'ar',
    locale: 'ar-EG',
    turns: [
      {
        ask: 'فيه شقق للإيجار في ماديسون بأقل من ١٠٠٠ دولار في الشهر؟',
        expect: list(onMarket(forRent, apartment, inCity('Madison'), priceAtMost(1_000))),
      },
    ],
  },
  {
    id: 'ar/single/villa-madison-nus-milyon',
    category: 'single',
    lang: 'ar',
    locale: 'ar-AE',
    turns: [
      {
        ask: 'أبي فيلا للبيع في Madison سعرها ما يتعدى نص مليون دولار',
        expect: list(onMarket(forSale, house, inCity('Madison'), priceAtMost(500_000))),
      },
    ],
  },
  {
    id: 'ar/single/townhouse-lil-bay',
    category: 'single',
    lang: 'ar',
    locale: 'ar',
    turns: [{ ask: 'هل يوجد لديكم تاون هاوس معروض للبيع؟', expect: list(onMarket(forSale, townhouse)) }],
  },
  {
    id: 'ar/single/aqar-raleigh-300-500-alf',
    category: 'single',
    lang: 'ar',
    locale: 'ar-SA',
    turns: [
      {
        ask: 'أبحث عن عقار للبيع في رالي بين ٣٠٠ و٥٠٠ ألف دولار',
        expect: list(onMarket(forSale, inCity('Raleigh'), priceBetween(300_000, 500_000))),
      },
    ],
  },
  {
    id: 'ar/single/studio-igar-denver',
    category: 'single',
    lang: 'ar',
    locale: 'ar',
    turns: [{ ask: 'هل يوجد استوديو للإيجار في Denver؟', expect: list(onMarket(forRent, beds(0), inCity('Denver'))) }],
  },
  {
    id: 'ar/single/shay-igar-portland-2000-shahriyan',
    category: 'single',
    lang: 'ar',
    locale: 'ar-AE',
    turns: [
      {
        ask: 'ابي شي للإيجار في بورتلاند ما يتعدى 2000 دولار شهريا',
        expect: list(onMarket(forRent, inCity('Portland'), priceAtMost(2_000))),
      },
    ],
  },
  {
    id: 'ar/single/sakan-igar-austin-3-owad-ala-alaqal',
    category: 'single',
    lang: 'ar',
    locale: 'ar-EG',
    turns: [
      {
        ask: 'محتاج سكن للإيجار في أوستن ٣ أوض نوم على الأقل',
        expect: list(onMarket(forRent, bedsAtLeast(3), inCity('Austin'))),
      },
    ],
  },
  {
    id: 'ar/single/condo-igar-tampa',
    category: 'single',
    lang: 'ar',
    locale: 'ar-EG',
    turns: [{ ask: 'لو سمحت فيه كوندو للإيجار في تامبا؟', expect: list(onMarket(forRent, condo, inCity('Tampa'))) }],
  },
  {
    id: 'ar/single/shaqqa-ghurfa-wa-sala-raleigh',
    category: 'single',
    lang: 'ar',
    locale: 'ar-AE',
    turns: [
      {
        // غرفة وصالة: one bedroom and a living room, as the Gulf says a one-bedroom flat.
        ask: 'أبي شقة غرفة وصالة للإيجار في رالي',
        expect: list(onMarket(forRent, apartment, beds(1), inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'ar/single/buyut-tampa-fawq-milyon',
    category: 'single',
    lang: 'ar',
    locale: 'ar-SA',
    turns: [
      {
        ask: 'عندكم بيوت للبيع في Tampa سعرها فوق المليون دولار؟',
        expect: list(onMarket(forSale, house, inCity('Tampa'), priceAtLeast(1_000_000))),
      },
    ],
  },
  {
    id: 'ar/single/manzil-4-ghuraf-tampa-700-alf',
    category: 'single',
    lang: 'ar',
    locale: 'ar-SA',
    turns: [
      {
        ask: 'منزل ٤ غرف نوم للبيع في تامبا بأقل من ٧٠٠ ألف دولار',
        expect: list(onMarket(forSale, house, beds(4), inCity('Tampa'), priceAtMost(700_000))),
      },
    ],
  },
];
