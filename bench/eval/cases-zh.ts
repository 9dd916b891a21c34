/**
 * Single questions in Chinese (issue 43) as visitors type them into a US agency's chat — Simplified
 * (zh-CN), Traditional (zh-TW, and zh-HK with Cantonese); cities in Chinese or Latin letters. Written
 * by hand before the engine read Chinese, with cases.ts's readings: 独栋 / 獨立屋 a house, 公寓 an
 * Apartment, condo / 康斗 a condo, 联排别墅 / 排屋 a townhouse.
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

export const chineseCases: EvalCase[] = [
  {
    id: 'zh/single/tanpa-zu-liangshi-gongyu-1500',
    category: 'single',
    lang: 'zh',
    locale: 'zh-CN',
    turns: [
      {
        ask: '坦帕想租个两室一厅的公寓，月租1500以内',
        expect: list(onMarket(forRent, apartment, beds(2), inCity('Tampa'), priceAtMost(1_500))),
      },
    ],
  },
  {
    id: 'zh/single/danfo-mai-sanwoshi-lianpai',
    category: 'single',
    lang: 'zh',
    locale: 'zh-CN',
    turns: [
      {
        ask: '想在丹佛买一套三卧室的联排别墅',
        expect: list(onMarket(forSale, townhouse, beds(3), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'zh/single/maidixun-condo-15-wan',
    category: 'single',
    lang: 'zh',
    locale: 'zh-TW',
    turns: [
      {
        ask: '麥迪遜有15萬美金以下的condo在賣嗎？',
        expect: list(onMarket(forSale, condo, inCity('Madison'), priceAtMost(150_000))),
      },
    ],
  },
  {
    id: 'zh/single/luoli-gongyu-yuezu-1000',
    category: 'single',
    lang: 'zh',
    locale: 'zh-CN',
    turns: [
      {
        ask: '罗利月租1000美元以内的公寓有哪些？',
        expect: list(onMarket(forRent, apartment, inCity('Raleigh'), priceAtMost(1_000))),
      },
    ],
  },
  {
    id: 'zh/single/tampa-30-50-wan-wuye',
    category: 'single',
    lang: 'zh',
    locale: 'zh-HK',
    turns: [
      {
        ask: 'Tampa有冇30萬至50萬美金嘅物業出售？',
        expect: list(onMarket(forSale, inCity('Tampa'), priceBetween(300_000, 500_000))),
      },
    ],
  },
  {
    id: 'zh/single/paiwu-fangshou-50-wan',
    category: 'single',
    lang: 'zh',
    locale: 'zh-HK',
    turns: [
      {
        ask: '有冇50萬美金以下嘅排屋放售？',
        expect: list(onMarket(forSale, townhouse, priceAtMost(500_000))),
      },
    ],
  },
  {
    id: 'zh/single/botelan-dudong-yibaiwan-yishang',
    category: 'single',
    lang: 'zh',
    locale: 'zh-TW',
    turns: [
      {
        ask: '波特蘭有沒有一百萬美金以上的獨棟房子？',
        expect: list(onMarket(forSale, house, inCity('Portland'), priceAtLeast(1_000_000))),
      },
    ],
  },
  {
    id: 'zh/single/raleigh-kaifangshi-danwei-chuzu',
    category: 'single',
    lang: 'zh',
    locale: 'zh-HK',
    turns: [
      {
        // 開放式單位: Hong Kong's word for a studio.
        ask: 'Raleigh有冇開放式單位出租？',
        expect: list(onMarket(forRent, beds(0), inCity('Raleigh'))),
      },
    ],
  },
  {
    id: 'zh/single/madison-yuezu-yiqianwu',
    category: 'single',
    lang: 'zh',
    locale: 'zh-TW',
    turns: [
      {
        // 一千五: fifteen hundred.
        ask: 'Madison月租一千五美元以內，有什麼可以租的？',
        expect: list(onMarket(forRent, inCity('Madison'), priceAtMost(1_500))),
      },
    ],
  },
  {
    id: 'zh/single/denver-zu-4-fang-yishang',
    category: 'single',
    lang: 'zh',
    locale: 'zh-TW',
    turns: [
      {
        ask: '想在Denver租4房以上的，有哪些選擇？',
        expect: list(onMarket(forRent, bedsAtLeast(4), inCity('Denver'))),
      },
    ],
  },
  {
    id: 'zh/single/aosiding-kangdou-chuzu',
    category: 'single',
    lang: 'zh',
    locale: 'zh-CN',
    turns: [
      {
        ask: '奥斯汀有康斗出租吗',
        expect: list(onMarket(forRent, condo, inCity('Austin'))),
      },
    ],
  },
  {
    id: 'zh/single/portland-yifang-yiting-gongyu-zu',
    category: 'single',
    lang: 'zh',
    locale: 'zh-TW',
    turns: [
      {
        ask: '請問Portland有一房一廳的公寓可以租嗎？',
        expect: list(onMarket(forRent, apartment, beds(1), inCity('Portland'))),
      },
    ],
  },
  {
    id: 'zh/single/aosiding-mai-dulaiwu-50-wan',
    category: 'single',
    lang: 'zh',
    locale: 'zh-HK',
    turns: [
      {
        ask: '想喺奧斯汀買獨立屋，預算50萬美金以下',
        expect: list(onMarket(forSale, house, inCity('Austin'), priceAtMost(500_000))),
      },
    ],
  },
  {
    id: 'zh/single/luoli-4-shi-dudong-60-wan',
    category: 'single',
    lang: 'zh',
    locale: 'zh-CN',
    turns: [
      {
        ask: '罗利有没有4室的独栋？预算60万美元以内',
        expect: list(onMarket(forSale, house, beds(4), inCity('Raleigh'), priceAtMost(600_000))),
      },
    ],
  },
];
