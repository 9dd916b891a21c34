/**
 * The Chinese reading's own names of US places (languages/zh-places.ts) and its phrases in both
 * scripts (languages/zh.ts): a city or state written in characters — Simplified, Traditional, or as
 * Taiwan and Hong Kong name it — read as the English name the listings give.
 */
import { describe, expect, it } from 'vitest';
import { ConverterFactory, Locale } from 'opencc-js/cn2t';
import { glossed } from '../../../../src/server/engines/languages/gloss.ts';
import { zh } from '../../../../src/server/engines/languages/zh.ts';
import { zhPlaces } from '../../../../src/server/engines/languages/zh-places.ts';

const read = (question: string) => glossed(question, 'zh');

describe('a US place in characters', () => {
  it('is read as its English name, in either script and as Taiwan and Hong Kong name it', () => {
    expect(read('奥斯汀有公寓出租吗')).toBe('in Austin with apartment for rent');
    expect(read('奧斯汀有公寓出租嗎')).toBe('in Austin with apartment for rent');
    expect(read('丹佛的联排别墅')).toBe('in Denver townhouse');
    for (const raleigh of ['罗利', '羅利', '羅里']) expect(read(`${raleigh}的公寓`)).toBe('in Raleigh apartment');
    expect(read('休士頓的獨立屋')).toBe('in Houston house');
    expect(read('聖地牙哥出租的公寓')).toBe('in San Diego for rent apartment');
  });

  it('keeps a number in its name, and the longest name it is written in', () => {
    // 三 of 三藩市 is no 3; 西弗吉尼亚 is not 弗吉尼亚; 堪萨斯城 is a city, 堪萨斯 a state.
    expect(read('三藩市的公寓')).toBe('in San Francisco apartment');
    expect(read('西弗吉尼亚的房子')).toBe('in West Virginia home');
    expect(read('堪萨斯城的房子')).toBe('in Kansas City home');
    expect(read('堪薩斯州的房子')).toBe('in Kansas home');
    expect(read('在奥斯汀市出售的独栋别墅')).toBe('in Austin for sale house');
  });

  it('is where the homes are, capitalised as a place: one no listing is in is still a place asked for', () => {
    expect(read('波士顿出售的公寓')).toBe('in Boston for sale apartment');
    expect(read('在波士顿有什么公寓')).toBe('in Boston what apartment');
  });

  it('is one place for each name', () => {
    const places = new Map<string, string>();
    for (const [english, names] of Object.entries(zhPlaces))
      for (const name of names) {
        expect(places.get(name), name).toBeUndefined();
        places.set(name, english);
      }
    expect(places.size).toBeGreaterThan(300);
  });
});

describe('the Chinese phrases', () => {
  it('are each read in Traditional too, as Taiwan and Hong Kong write it', () => {
    const standard = ConverterFactory(...Locale.from.cn!);
    const scripts = [Locale.to.tw!, Locale.to.twp!, Locale.to.hk!].map((to) => ConverterFactory(...to));
    const english = new Map(zh.phrases.map(([phrase, reads]) => [phrase, reads]));
    // OpenCC's Taiwan words for a gated 社区 (an online 社群) and 斗 of 康斗 (a sound, not 鬥) are not the visitors'.
    const not = new Set(['门禁社区', '門禁社區', '康斗']);
    const missing = zh.phrases
      .filter(([phrase]) => !not.has(phrase))
      .flatMap(([phrase, reads]) =>
        scripts
          .map((to) => to(standard(phrase)))
          .filter((written) => english.get(written) !== reads)
          .map((written) => `${phrase} → ${written}`),
      );
    expect(missing).toEqual([]);
  });
});
