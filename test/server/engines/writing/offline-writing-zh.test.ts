/**
 * The offline engine writing Chinese (engines/writing/zh.ts), through the real service over the
 * demo's listings: Simplified as the Mainland writes for zh-CN, Traditional for zh-TW and zh-HK with
 * each region's words (物件, 物業, 睡房, 平方呎, 「」); every chip it offers read back by the Chinese
 * reading and answered in Chinese; near misses, what it cannot tell in the visitor's own words, a
 * listing's details, and the replies that are no search.
 */
import { describe, expect, it } from 'vitest';
import { answerProse } from '../../../../src/protocol/index.ts';
import { demoListings } from '../../../../src/server/demo/seed.ts';
import { addListings } from '../../../../bench/eval/seed.ts';
import { expectWrittenIn } from '../../../support/language.ts';
import widgetChinese from '../../../../src/widget/strings/zh.ts';
import { glossed, questionLanguage } from '../../../../src/server/engines/languages/gloss.ts';
import { chinese } from '../../../../src/server/engines/writing/zh.ts';
import { price, useDemoChatbot, type Turn } from '../../../support/demo-chatbot.ts';

const demo = useDemoChatbot();
/** A visitor's conversation in `locale`. */
const conversation = (locale: string) => demo.conversation(locale);

/** Sentences the English engine writes: none may be in a Chinese answer. */
const ENGLISH =
  /\b(?:I found|I couldn't|I can't|The cheapest|Here are|It is|It has|You're welcome|Hello|Talk to a person)\b/;
/** The widget's own button, named in every answer that offers a person: its words, as the widget shows them. */
const PERSON = `**${widgetChinese.talkToPerson}**`;
/** Characters only Simplified writes, as a Traditional answer never does (but in the widget's button). */
const SIMPLIFIED = /[们这个为说会发过还没门东车间钱产买卖户区价卧现预约联系请选择议谢欢实应该让从来时问题图视频录]/;

function written(turn: Turn): void {
  expect(turn.prose).not.toMatch(ENGLISH);
  expectWrittenIn(turn.prose, 'zh');
  for (const chip of turn.chips) expect(chip).not.toMatch(/^(?:Show|Only|Tell|What about|Book|Anything|Talk|Homes)\b/);
}
/** A Traditional answer: no Simplified character in its own words or its chips. */
function traditional(turn: Turn): void {
  written(turn);
  expect(turn.prose.replaceAll(PERSON, '')).not.toMatch(SIMPLIFIED);
  for (const chip of turn.chips) expect(chip).not.toMatch(SIMPLIFIED);
}

/** Each chip the answer to `first` offers, sent back in a conversation of its own: answered, in Chinese, as `check` wants. */
async function eachChip(
  locale: string,
  first: string[],
  check: (chip: string, turn: Turn) => void,
  seen: Set<string>,
): Promise<void> {
  const ask = await conversation(locale);
  let turn: Turn | undefined;
  for (const q of first) turn = await ask(q);
  expect(turn!.chips.length, first.join(' / ')).toBeGreaterThan(0);
  for (const chip of turn!.chips) {
    const again = await conversation(locale);
    for (const q of first) await again(q);
    const answered = await again(chip);
    seen.add(chip);
    written(answered);
    expect(answered.noAnswer, chip).toBe(false);
    check(chip, answered);
  }
}

describe('in Simplified Chinese', () => {
  it('sums up a search, its price range and the cheapest, with Chinese chips', async () => {
    const ask = await conversation('zh-CN');
    const turn = await ask('奥斯汀出售的独栋别墅');
    written(turn);
    expect(turn.prose).toMatch(
      /^为您找到10套在Austin出售的独栋别墅，价格从\$407,000到\$1,121,000不等。其中最便宜的是\*\*\[[^\]]+\]\([^)]+\)\*\*，售价\*\*\$407,000\*\*：2间卧室、1\.5间浴室的独栋别墅，1,240平方英尺。以下是最便宜的5套。$/,
    );
    expect(turn.chips).toEqual(['只看3间卧室以上', '介绍一下第一套', '改看出租房源']);
    const rentals = await (await conversation('zh-CN'))('奥斯汀出租的公寓');
    expect(rentals.prose).toMatch(/^为您找到6套在Austin出租的公寓，月租从\$500到\$1,575不等。/);
    expect(rentals.prose).toContain('租金**$500/月**');
  });

  it('reads back every chip it offers, and answers each in Chinese', async () => {
    const seen = new Set<string>();
    const follow = (first: string[], check: (chip: string, turn: Turn) => void) =>
      eachChip('zh-CN', first, check, seen);
    await follow(['奥斯汀出售的独栋别墅'], (chip, t) => {
      if (chip === '只看3间卧室以上') {
        expect(t.cards.length).toBeGreaterThan(0);
        expect(t.cards.every((l) => l.Bedrooms >= 3 && l.City === 'Austin')).toBe(true);
      }
      if (chip === '介绍一下第一套') {
        expect(t.cards).toHaveLength(1);
        expect(t.prose).toMatch(/：一套出售的独栋别墅，售价\*\*\$407,000\*\*/);
      }
      if (chip === '改看出租房源') {
        expect(t.cards.length).toBeGreaterThan(0);
        expect(t.cards.every((l) => l.SaleType === 'for_rent' && l.City === 'Austin')).toBe(true);
      }
    });
    await follow(['丹佛出售的房源', '至少3间卧室'], (chip, t) => {
      if (chip.startsWith('只看$')) {
        const max = Number(chip.replace(/\D/g, ''));
        expect(t.cards.length).toBeGreaterThan(0);
        expect(t.cards.every((l) => price(l) <= max && l.Bedrooms >= 3 && l.SaleType === 'for_sale')).toBe(true);
      }
    });
    await follow(['丹佛出售的房源，至少2间卧室，100万以下'], (chip, t) => {
      if (chip === '显示更多') {
        expect(t.prose).toMatch(
          /^再为您列出5套：共15套在Denver出售、至少2间卧室、价格在\$1,000,000以下的房源中的第6至10套。$/,
        );
        expect(t.cards.every((l) => l.City === 'Denver' && l.Bedrooms >= 2 && price(l) <= 1_000_000)).toBe(true);
      }
    });
    await follow(['奥斯汀出租的产权公寓', '那坦帕呢？'], (chip, t) => {
      if (chip === '那Austin呢？')
        expect(t.cards.every((l) => l.City === 'Austin' && l.PropertyType === 'Condo')).toBe(true);
      if (chip === '改看出售房源') {
        expect(t.cards.length).toBeGreaterThan(0);
        expect(t.cards.every((l) => l.SaleType === 'for_sale' && l.City === 'Tampa')).toBe(true);
      }
    });
    await follow(['麦迪逊5间卧室的独栋别墅，60万以下'], (chip, t) => {
      if (chip === '那4间卧室的呢？') expect(t.cards.every((l) => l.Bedrooms === 4)).toBe(true);
      if (chip === '联系人工客服') expect(t.handoff).toEqual({ open: true });
    });
    for (const [question, max] of [
      ['丹佛36万以下的独栋别墅', 400_000],
      ['奥斯汀月租480美元以下的公寓', 600],
    ] as const)
      await follow([question], (chip, t) => {
        if (chip.startsWith('那') && chip.includes('以下')) {
          expect(chip).toBe(max < 1000 ? `那月租$${max}以下的呢？` : `那$${max.toLocaleString('en-US')}以下的呢？`);
          expect(t.cards.length).toBeGreaterThan(0);
          expect(t.cards.every((l) => price(l) <= max)).toBe(true);
        }
      });
    await follow(['丹佛最便宜的出售独栋别墅'], (chip, t) => {
      if (chip === '预约看房') {
        expect(t.prose).toMatch(/^看房由我们的团队安排/);
        expect(t.handoff).toMatchObject({ open: true });
      }
      if (chip === '看看类似的房源') expect(t.cards.length).toBeGreaterThan(0);
      if (chip === '有更便宜的吗？') {
        expect(t.cards.length).toBeGreaterThan(0);
        expect(t.cards.every((l) => price(l) <= 375_000)).toBe(true);
      }
    });
    await follow(['丹佛冬天的天气怎么样？'], (chip, t) => {
      if (chip === '出售的房源') expect(t.cards.every((l) => l.SaleType === 'for_sale')).toBe(true);
      if (chip === '出租的房源') expect(t.cards.every((l) => l.SaleType === 'for_rent')).toBe(true);
      if (chip === '联系人工客服') expect(t.prose).toMatch(/^当然可以：请在这里留下您的姓名和邮箱/);
    });
    // A budget chip's figure is the middle of the matches' prices.
    expect([...seen].map((chip) => chip.replace(/^只看\$[\d,]+以下$/, '只看$…以下')).sort()).toEqual(
      [
        '只看3间卧室以上',
        '介绍一下第一套',
        '改看出租房源',
        '只看$…以下',
        '显示更多',
        '那Austin呢？',
        '改看出售房源',
        '那4间卧室的呢？',
        '联系人工客服',
        '那$400,000以下的呢？',
        '那月租$600以下的呢？',
        '预约看房',
        '看看类似的房源',
        '有更便宜的吗？',
        '出售的房源',
        '出租的房源',
      ].sort(),
    );
  });

  it('says in Chinese what it cannot tell, in the visitor’s words, and what comes close', async () => {
    const ask = await conversation('zh-CN');
    const pool = await ask('奥斯汀有带泳池的3房独栋吗');
    written(pool);
    expect(pool.prose).toMatch(/^房源信息中没有提到“泳池”，所以我无法判断哪些房源符合/);
    expect(pool.cards.every((l) => l.City === 'Austin' && l.Bedrooms === 3)).toBe(true);
    const near = await ask('波特兰3间卧室的独栋别墅，45万以下');
    written(near);
    expect(near.prose).toMatch(
      /^我没有找到完全符合条件的在Portland出售、3间卧室、价格在\$450,000以下的独栋别墅。这套比较接近：/,
    );
    expect(near.prose).toMatch(/\n- \*\*\[[^\]]+\]\([^)]+\)\*\*：是联排别墅，不是独栋别墅$/);
    // A city in characters none of the listings is in: no homes there, not homes anywhere.
    const boston = await ask('波士顿出售的公寓');
    written(boston);
    expect(boston.prose).toMatch(/^目前没有找到在Boston出售的公寓。/);
    expect(boston.cards).toEqual([]);
    const others = await (await conversation('zh-CN'))('除了奥斯汀以外的联排别墅');
    expect(others.prose).toMatch(/^为您找到\d+套Austin以外的联排别墅：/);
    expect(others.cards.every((l) => l.City !== 'Austin' && l.PropertyType === 'Townhouse')).toBe(true);
  });

  it('tells what a listing holds, its description set apart as the owner’s words', async () => {
    const ask = await conversation('zh-CN');
    const first = await ask('麦迪逊出售的独栋别墅');
    const details = await ask('介绍一下第一套');
    written(details);
    expect(details.prose).toMatch(
      new RegExp(`^\\*\\*\\[${first.cards[0]!.Address}[^\\]]*\\]\\([^)]+\\)\\*\\*：一套出售的独栋别墅，售价\\*\\*\\$`),
    );
    expect(details.prose).toContain('（MLS ');
    expect(details.prose).toMatch(/\n\n房源描述（原文）：\n\n> /);
    const year = await ask('这套是哪一年建的？');
    written(year);
    expect(year.prose).toMatch(/：建于\*\*\d{4}年\*\*。$/);
  });

  it('answers what is no search in Chinese: a greeting, thanks, the weather, a person', async () => {
    const ask = await conversation('zh-CN');
    const hello = await ask('你好');
    written(hello);
    expect(hello.prose).toMatch(/^您好！我是.+。我可以帮您查找出售或出租的房源/);
    const thanks = await ask('谢谢');
    expect(thanks.prose).toBe('不客气！还有什么可以帮您的吗？');
    const weather = await ask('丹佛冬天的天气怎么样？');
    written(weather);
    expect(weather.noAnswer).toBe(true);
    expect(weather.prose).toMatch(/^我无法为您提供天气方面的信息：/);
    const person = await ask('我想联系人工客服');
    written(person);
    expect(person.handoff).toEqual({ open: true });
    const bot = await ask('你是机器人吗');
    expect(bot.prose).toMatch(/^我是.+，一个自动助手，不是真人。/);
  });

  it("writes Chinese when the owner's Answer language is Chinese, whatever the question's", async () => {
    const { service } = demo;
    const owned = await service.newChatbot({ AIResponseLanguage: '中文' });
    await addListings(service.owner, owned, demoListings('https://homes.example').slice(0, 60));
    const { client, sessionId } = await service.visitor(owned);
    const answer = await client.ask({ sessionID: sessionId, content: 'homes for sale in Austin', locale: 'en-US' });
    expect(answerProse(answer.content)).toMatch(/^为您找到\d+套在Austin出售的房源/);
  });
});

describe('in Traditional Chinese', () => {
  it('writes as Taiwan does for zh-TW: 物件, 衛浴, 「」, Traditional chips', async () => {
    const ask = await conversation('zh-TW');
    const turn = await ask('奧斯汀出售的獨棟別墅');
    traditional(turn);
    expect(turn.prose).toMatch(
      /^為您找到10間在Austin出售的獨棟別墅，價格從\$407,000到\$1,121,000不等。其中最便宜的是.+售價\*\*\$407,000\*\*：2間臥室、1\.5間衛浴的獨棟別墅，1,240平方英尺。/,
    );
    expect(turn.chips).toEqual(['只看3間臥室以上', '介紹一下第一個', '改看出租物件']);
    const pool = await ask('奧斯汀有游泳池的獨棟嗎');
    traditional(pool);
    expect(pool.prose).toMatch(/^物件資訊中沒有提到「游泳池」，所以我無法判斷/);
    const weather = await ask('丹佛冬天的天氣怎麼樣？');
    traditional(weather);
    expect(weather.noAnswer).toBe(true);
    expect(weather.prose).toMatch(/^我無法為您提供天氣方面的資訊：/);
    expect(weather.prose).toContain(PERSON);
    const seen = new Set<string>();
    await eachChip(
      'zh-TW',
      ['奧斯汀出售的獨棟別墅'],
      (chip, t) => {
        traditional(t);
        if (chip === '只看3間臥室以上') expect(t.cards.every((l) => l.Bedrooms >= 3)).toBe(true);
        if (chip === '介紹一下第一個') expect(t.prose).toMatch(/：一間出售的獨棟別墅，售價/);
        if (chip === '改看出租物件') expect(t.cards.every((l) => l.SaleType === 'for_rent')).toBe(true);
      },
      seen,
    );
    expect([...seen]).toEqual(['只看3間臥室以上', '介紹一下第一個', '改看出租物件']);
  });

  it('writes as Hong Kong does for zh-HK: 物業, 睡房, 平方呎, and reads Cantonese', async () => {
    const ask = await conversation('zh-HK');
    const turn = await ask('奧斯汀出售嘅獨立屋');
    traditional(turn);
    expect(turn.prose).toMatch(
      /^為您找到10間在Austin出售的獨立屋，價格從\$407,000到\$1,121,000不等。其中最便宜的是.+：2間睡房、1\.5個浴室的獨立屋，1,240平方呎。以下是最便宜的5個。$/,
    );
    expect(turn.chips).toEqual(['只看3間睡房以上', '介紹一下第一個', '改看出租物業']);
    const thanks = await ask('唔該');
    expect(thanks.prose).toBe('不客氣！還有什麼可以幫您的嗎？');
    const near = await ask('波特蘭3間睡房嘅獨立屋，45萬以下');
    traditional(near);
    expect(near.prose).toMatch(/^我沒有找到完全符合條件的在Portland出售、3間睡房、價格在\$450,000以下的獨立屋。/);
    const seen = new Set<string>();
    await eachChip(
      'zh-HK',
      ['奧斯汀出售嘅獨立屋'],
      (chip, t) => {
        traditional(t);
        if (chip === '只看3間睡房以上') expect(t.cards.every((l) => l.Bedrooms >= 3)).toBe(true);
        if (chip === '改看出租物業') expect(t.cards.every((l) => l.SaleType === 'for_rent')).toBe(true);
      },
      seen,
    );
    expect([...seen]).toEqual(['只看3間睡房以上', '介紹一下第一個', '改看出租物業']);
  });
});

describe('the chips', () => {
  it('are each read as Chinese, and as the English the engine answers', () => {
    const english = {
      threeBedrooms: 'only at least 3 bedrooms',
      more: 'show me more',
      aboutFirst: 'tell me about the first one',
      rentalsInstead: 'show rentals instead',
      saleInstead: 'show homes for sale instead',
      viewing: 'book a viewing',
      similar: 'show me similar home',
      cheaper: 'anything cheaper ?',
      bigger: 'anything bigger ?',
      person: 'talk to a person',
      forSale: 'for sale home',
      forRent: 'for rent home',
    } as const;
    for (const locale of ['zh-CN', 'zh-TW', 'zh-HK']) {
      const { chips } = chinese(locale);
      const read = (chip: string) => {
        expect(questionLanguage(chip), chip).toBe('zh');
        return glossed(chip, 'zh');
      };
      for (const name of Object.keys(english) as (keyof typeof english)[])
        expect(read(chips[name]), `${locale} ${name}`).toBe(english[name]);
      expect(read(chips.under('$450,000', false))).toBe('only under $450000');
      expect(read(chips.under('$2,000', true))).toBe('only for rent under $2000 a month');
      expect(read(chips.place('Austin'))).toBe('what about austin');
      expect(read(chips.underAsk('$400,000', false))).toBe('what about under $400000');
      expect(read(chips.underAsk('$600', true))).toBe('what about for rent under $600 a month');
      expect(read(chips.bedrooms(4))).toBe('what about 4 bedrooms');
      expect(chips.ordinals.map(read)).toEqual([
        'the first one',
        'the second one',
        'the third one',
        'the fourth one',
        'the fifth one',
      ]);
    }
  });
});
