/**
 * Chinese, Simplified and Traditional (Cantonese as Hong Kong writes it too): what the offline
 * engine reads each phrase as (types.ts). Written without spaces, so phrases are found anywhere;
 * numbers in characters ("五十萬", "一千五") are figures first, then rooms and budgets.
 */
import type { Vocabulary } from './types.ts';

const DIGITS: Record<string, number> = {
  零: 0,
  〇: 0,
  一: 1,
  二: 2,
  两: 2,
  兩: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
};
const UNITS: Record<string, number> = { 十: 10, 百: 100, 千: 1000 };

/** A number in characters: "五十萬" 500000, "一百万" 1000000, "一千五" 1500 (a digit after 千 counts hundreds). */
function chineseNumber(s: string): number {
  let total = 0;
  let section = 0;
  let digit = 0;
  let last = 1;
  for (const ch of s) {
    if (ch in DIGITS) digit = DIGITS[ch]!;
    else if (ch in UNITS) {
      section += (digit || 1) * UNITS[ch]!;
      last = UNITS[ch]!;
      digit = 0;
    } else if (ch === '万' || ch === '萬') {
      total += (section + digit) * 10_000;
      section = 0;
      digit = 0;
      last = 10_000;
    }
  }
  // "一千五": the digit after the last unit counts a tenth of it.
  return total + section + (digit && last >= 10 ? (digit * last) / 10 : digit);
}

export const zh: Vocabulary = {
  language: 'zh',
  spaced: false,
  markers: `
    有 吗 嗎 冇 嘅 喺 想 请问 請問 的 在 买 買 租 出售 出租 放售 公寓 房子 独栋 獨棟 别墅 別墅 联排 聯排 排屋 卧室
    臥室 室 厅 廳 房 美元 美金 万 萬 以下 以内 以內 以上 预算 預算 哪些 什么 什麼 月租 可以`
    .trim()
    .split(/\s+/),
  numbers: {},
  phrases: [
    ['请问', ''],
    ['請問', ''],
    ['有没有', ' are there '],
    ['有沒有', ' are there '],
    ['有冇', ' are there '],
    ['有哪些', ' which '],
    ['哪些', ' which '],
    ['有什么', ' what '],
    ['有什麼', ' what '],
    ['想在', ' show me in '],
    ['想喺', ' show me in '],
    // Sale and rent.
    ['出售', ' for sale '],
    ['放售', ' for sale '],
    ['在卖', ' for sale '],
    ['在賣', ' for sale '],
    ['购买', ' buy '],
    ['購買', ' buy '],
    ['买', ' buy '],
    ['買', ' buy '],
    ['月租', ' rent a month '],
    ['出租', ' for rent '],
    ['租', ' rent '],
    // Kinds.
    ['联排别墅', ' townhouse '],
    ['聯排別墅', ' townhouse '],
    ['联排', ' townhouse '],
    ['聯排', ' townhouse '],
    ['排屋', ' townhouse '],
    ['独栋房子', ' house '],
    ['獨棟房子', ' house '],
    ['独栋', ' house '],
    ['獨棟', ' house '],
    ['独立屋', ' house '],
    ['獨立屋', ' house '],
    ['别墅', ' house '],
    ['別墅', ' house '],
    ['开放式单位', ' studio '],
    ['開放式單位', ' studio '],
    ['公寓', ' apartment '],
    ['康斗', ' condo '],
    ['物业', ' homes '],
    ['物業', ' homes '],
    ['房子', ' home '],
    ['美元', ' dollars '],
    ['美金', ' dollars '],
    ['在', ' in '],
    ['喺', ' in '],
  ],
  rules: [
    // "50萬", then numbers in characters: figures.
    [/(?<![\d.])(\d+(?:\.\d+)?) ?[万萬]/g, (_, n) => String(Math.round(Number(n) * 10_000))],
    [/[零〇一二两兩三四五六七八九十百千万萬]+/g, (m) => String(chineseNumber(m))],
    // Rooms: "两室一厅", "三卧室", "4房以上", "一房一廳" — the living room not counted.
    [
      /(?<!\d)(\d+) ?(?:个|個|間|间)? ?(?:卧室|臥室|室|房)(以上)?(?: ?\d+ ?(?:厅|廳))?/g,
      (_, n, more) => ` ${more ? 'at least ' : ''}${n} bedrooms `,
    ],
    // Budgets: "1500以内", "15万美金以下", "一百萬美金以上", "30萬至50萬".
    [/(?<!\d)(\d+) ?(?:美元|美金)? ?至 ?(\d+) ?(?:美元|美金)?/g, (_, a, b) => ` between $${a} and $${b} `],
    [/(?<!\d)(\d+) ?(?:美元|美金)? ?(?:以下|以内|以內)/g, (_, n) => ` under $${n} `],
    [/(?<!\d)(\d+) ?(?:美元|美金)? ?以上/g, (_, n) => ` over $${n} `],
  ],
};
