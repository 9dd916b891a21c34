/**
 * The offline engine's sentences in Chinese (writing/types.ts says what each is), as an agent writes
 * to a visitor: polite (您), short, with no plural and the measure word each thing takes (3套房源,
 * 3间卧室). Simplified as the Mainland writes, and Traditional for Taiwan and Hong Kong (zh-TW,
 * zh-HK, zh-MO, zh-Hant): this file is written in Simplified, and each of its own words is converted
 * by OpenCC's tables — once a writing, for the words it uses — with the words each writes its own
 * way (物件 in Taiwan, 物業, 睡房 and 平方呎 in Hong Kong, 「」). The owner's texts — a name, an
 * address, a description, a place as the listings write it — are set in as they are, never
 * converted. Every chip is a sentence the Chinese reading reads back (languages/zh.ts).
 */
import { ConverterFactory, Locale } from 'opencc-js/cn2t';
import { addressText, type Listing, type ListingCard } from '../../../protocol/index.ts';
import { zh as vocabulary } from '../languages/zh.ts';
import type { Criteria, Range, SortKey } from '../reading/criteria.ts';
import type { Feature } from '../reading/features.ts';
import type { SaleType, Spread } from '../search/catalog.ts';
import { listingLink, md, mdUrl } from '../search/format.ts';
import { priceOf, squareFeet } from '../search/match.ts';
import { figures, fileSize, seconds } from './figures.ts';
import { ownWords, phrasesByEnglish } from './own-words.ts';
import { ruledOut } from './ruled-out.ts';
import type { Attribute, Miss, OutsideTopic, PaymentFigures, Writing } from './types.ts';

type Region = 'cn' | 'tw' | 'hk';

/** The quotation marks Taiwan and Hong Kong write. */
const QUOTES: readonly (readonly [string, string])[] = [
  ['“', '「'],
  ['”', '」'],
];
/** The words Taiwan writes otherwise than OpenCC's Taiwan tables: a listing is an 物件, a bathroom 衛浴. */
const TAIWAN: readonly (readonly [string, string])[] = [
  ['臺', '台'],
  ['傢俱', '家具'],
  ['瞭解', '了解'],
  ['房源', '物件'],
  ['浴室', '衛浴'],
  ['郵箱', '電子郵件'],
];
/** The words Hong Kong writes otherwise than OpenCC's Hong Kong tables: 物業, 睡房, 電郵, 影片. */
const HONG_KONG: readonly (readonly [string, string])[] = [
  ['瞭解', '了解'],
  ['房源', '物業'],
  ['卧室', '睡房'],
  ['信息', '資料'],
  ['郵箱', '電郵'],
  ['視頻', '影片'],
  ['聯繫', '聯絡'],
];
/** `make()`, called once, on first use. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/**
 * Simplified to Traditional: OpenCC's tables to its standard Traditional (one for both regions),
 * then each region's forms and words. Built on the first answer in Traditional: building them takes
 * ~90 ms and ~20 MB, which a process that answers none never pays.
 */
const converters = once(() => ({
  traditional: ConverterFactory(...Locale.from.cn!),
  tw: ConverterFactory(...Locale.to.twp!, [QUOTES, TAIWAN]),
  hk: ConverterFactory(...Locale.to.hk!, [QUOTES, HONG_KONG]),
}));

/** A kind of home, and the measure word it is counted by (一套公寓, 一栋多户住宅). */
interface Noun {
  word: string;
  unit: string;
}

/** The kinds of home the engine names in Chinese, the Mainland's, Taiwan's or Hong Kong's, by the English the listings give. */
function kinds(region: Region): readonly (readonly [RegExp, Noun])[] {
  const hk = region === 'hk';
  const home = (word: string, unit = hk ? '个' : region === 'tw' ? '间' : '套') => ({ word, unit });
  const house = home(hk ? '独立屋' : '独栋别墅', hk ? '间' : undefined);
  return [
    [/^single[- ]?family/, house],
    [/^(?:house|home)s?$/, house],
    [/^condo/, home('产权公寓')],
    [/^town ?(?:house|home)/, home(hk ? '排屋' : '联排别墅', hk ? '间' : undefined)],
    [/^multi[- ]?family/, home('多户住宅', hk ? '幢' : '栋')],
    [/^apartment/, home('公寓')],
    [/^duplex/, home('双拼住宅', hk ? '幢' : '栋')],
    [/^loft/, home('Loft公寓')],
    [/^studio/, home(hk ? '开放式单位' : region === 'tw' ? '独立套房' : '开间公寓')],
    [/^(?:land|lot)s?$/, home('土地', hk ? '幅' : region === 'tw' ? '笔' : '块')],
    [/^(?:mobile|manufactured)/, home('活动房屋')],
  ];
}

/** What the engine calls a home of no kind in particular: a listing, as each region's agencies count one. */
const HOMES: Record<Region, Noun> = {
  cn: { word: '房源', unit: '套' },
  tw: { word: '物件', unit: '笔' },
  hk: { word: '物业', unit: '个' },
};

/** The vocabulary's phrases by the English each reads as: how a feature is named in Chinese (own-words.ts). */
const PHRASES = phrasesByEnglish(vocabulary);

const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
/** "第二", "第11". */
const ordinal = (n: number) => `第${NUMERALS[n - 1] ?? n}`;

/** An order as a quality and its adjective: 最便宜 / 第二便宜, 面积最大 / 面积第二大. */
const ORDERS: Record<SortKey, [string, string]> = {
  'price-asc': ['', '便宜'],
  'price-desc': ['', '贵'],
  'area-desc': ['面积', '大'],
  'area-asc': ['面积', '小'],
  'year-desc': ['房龄', '短'],
  'year-asc': ['房龄', '长'],
  'bedrooms-desc': ['卧室', '多'],
  'bedrooms-asc': ['卧室', '少'],
  'bathrooms-desc': ['浴室', '多'],
  'newest-listed': ['', '新上市'],
  'hoa-asc': ['HOA费', '低'],
};
/** "最便宜", "面积第三大" — the first of an order (rank 0), or the nth (in Simplified). */
const orderWords = (sort: SortKey, rank = 0) => {
  const [quality, adjective] = ORDERS[sort];
  return `${quality}${rank ? ordinal(rank + 1) : '最'}${adjective}`;
};

const OUTSIDE: Record<Exclude<OutsideTopic, 'that'>, string> = {
  'the weather': '天气',
  taxes: '税务',
  'lenders and loans': '贷款机构和贷款',
  'school ratings': '学校评分',
  'the law': '法律',
  insurance: '保险',
  'crime and safety': '治安和犯罪',
};

/**
 * The widget's "Talk to a person" button in Chinese (src/widget/strings/zh.ts talkToPerson): the
 * widget has Simplified words only, so a Traditional answer names the button as it reads too.
 */
const PERSON = '**联系人工客服**';

/** The region whose words a locale asks for: Taiwan's for zh-TW and zh-Hant, Hong Kong's for zh-HK and zh-MO. */
const regionOf = (locale: string): Region =>
  /^zh-(?:hant-)?(?:hk|mo)\b/i.test(locale) ? 'hk' : /^zh-(?:hant|tw)\b/i.test(locale) ? 'tw' : 'cn';

/** The Chinese sentences, for a visitor whose locale is `locale` (its script and region's words) and who asked `said`. */
export function chinese(locale = 'zh', said: readonly string[] = []): Writing {
  const region = regionOf(locale);
  const tw = region === 'tw';
  const hk = region === 'hk';
  const convert = region === 'cn' ? undefined : converters();
  /** This writing's own words, each converted once. */
  const converted = new Map<string, string>();
  const own = (text: string): string => {
    if (!convert || !text) return text;
    const known = converted.get(text);
    if (known !== undefined) return known;
    const out = convert[region as 'tw' | 'hk'](convert.traditional(text));
    converted.set(text, out);
    return out;
  };
  /** A sentence of this file's words (converted) around what is set in (as it is: the owner's, a figure, a sentence written already). */
  const t = (words: TemplateStringsArray, ...values: (string | number)[]) =>
    words.reduce((out, w, i) => `${out}${own(w)}${i < values.length ? values[i] : ''}`, '');

  /** A feature the reading took in English ("pool") in the visitor's words ("泳池"), else in the vocabulary's, else as it is. */
  const visitors = ownWords(PHRASES, said, false);
  const native = (phrase: string) => {
    const bare = phrase.replace(/^(?:a|an|the)\s+/i, '');
    const vocabulary = PHRASES.get(bare.toLowerCase())?.[0];
    return visitors(phrase) ?? (vocabulary ? own(vocabulary) : bare);
  };
  const orderOf = (sort: SortKey, rank = 0) => own(orderWords(sort, rank));
  const HOME = { word: own(HOMES[region].word), unit: own(HOMES[region].unit) };
  /** How a home is pointed at, in the visitor's words too ("第一套", Taiwan's and Hong Kong's "第一個"). */
  const ONE = own(region === 'cn' ? '套' : '个');
  /** A home with no separate bedroom: 开间, Taiwan's 套房, Hong Kong's 開放式. */
  const STUDIO = own(hk ? '开放式' : tw ? '套房' : '开间');
  const table = kinds(region);
  /** A kind of home by the English the listings give; the owner's own word quoted. */
  const noun = (kind: string): Noun => {
    const k = kind.trim().toLowerCase();
    if (!k) return HOME;
    const found = table.find(([pattern]) => pattern.test(k))?.[1];
    return found
      ? { word: own(found.word), unit: own(found.unit) }
      : { word: t`“${md(kind)}”类${HOME.word}`, unit: HOME.unit };
  };
  /** A studio of a kind: "开间公寓", Taiwan's 獨立套房, or the kind itself when it is one. */
  const studioOf = (kind: string) =>
    /^studio/i.test(kind.trim()) ? noun(kind).word : tw ? own('独立套房') : `${STUDIO}${noun(kind).word}`;
  /** The kinds a search asks for ("产权公寓或联排别墅"), counted by their measure word when they share one. */
  const nouns = (c: Criteria): Noun => {
    const asked = c.propertyTypes.length ? c.propertyTypes.map(noun) : [HOME];
    const unit = asked.every((k) => k.unit === asked[0]!.unit) ? asked[0]!.unit : HOME.unit;
    return { word: asked.map((k) => k.word).join(own('或')), unit };
  };
  const or = (items: string[]) => items.join(own('或'));
  const and = (items: string[]) => items.join(own('和'));

  const { number, whole } = figures('zh-CN');
  const money = (amount: number, symbol: string) => `${symbol}${whole(amount)}`;
  const pct = (n: number) => `${number(n)}%`;
  const percent = (share: number) => `${Math.max(1, Math.round(share * 100))}%`;
  const bedroom = hk ? ['间', '睡房'] : ['间', '卧室'];
  const bathroom = hk ? ['个', '浴室'] : tw ? ['间', '卫浴'] : ['间', '浴室'];
  const squareFoot = own(hk ? '平方呎' : '平方英尺');
  const squareMeter = own(tw ? '平方公尺' : '平方米');

  const count = (n: number, thing: 'bedroom' | 'bathroom' | 'parking spot' | 'day' | 'home') => {
    const [unit, word] = {
      bedroom,
      bathroom,
      'parking spot': ['个', '车位'],
      day: ['', '天'],
      home: [HOMES[region].unit, HOMES[region].word],
    }[thing];
    return `${number(n)}${own(`${unit}${word}`)}`;
  };
  const priceText = (l: ListingCard) => {
    const price = priceOf(l);
    if (price === null) return own('价格面议');
    return l.SaleType === 'for_rent'
      ? `${money(price, l.CurrencySymbol)}${own('/月')}`
      : money(price, l.CurrencySymbol);
  };
  const unitOf = (l: Pick<Listing, 'AreaUnit'>) => (l.AreaUnit === 'Square Meters' ? squareMeter : squareFoot);
  const areaText = (l: Pick<Listing, 'BuildingArea' | 'AreaUnit'>) => `${number(l.BuildingArea)}${unitOf(l)}`;
  const lotText = (l: Listing) => `${number(l.LotArea)}${unitOf(l)}`;
  const kindText = (l: Pick<Listing, 'PropertyType'>) => noun(l.PropertyType).word;
  const roomsText = (l: Pick<Listing, 'Bedrooms' | 'Bathrooms'>) =>
    l.Bedrooms === 0
      ? t`${STUDIO}，${count(l.Bathrooms, 'bathroom')}`
      : t`${count(l.Bedrooms, 'bedroom')}、${count(l.Bathrooms, 'bathroom')}`;
  const $ = (n: number) => money(n, '$');

  /** "3间卧室", "2至3间卧室", "至少3间卧室", "最多2间卧室". */
  const rooms = (r: Range, thing: 'bedroom' | 'bathroom') => {
    if (r.min !== undefined && r.max !== undefined)
      return r.min === r.max ? count(r.min, thing) : t`${number(r.min)}至${count(r.max, thing)}`;
    return r.min !== undefined ? t`至少${count(r.min, thing)}` : t`最多${count(r.max ?? 0, thing)}`;
  };

  /** What the criteria say before the noun, each a phrase: "在Austin出售", "3间卧室", "价格在$500,000以下". */
  function modifiers(c: Criteria, mentioned: Feature[]): string[] {
    const parts: string[] = [];
    const places = [...c.cities, ...c.states, ...c.zips, ...c.unknownPlaces];
    const sale = c.saleType ? own(c.saleType === 'for_rent' ? '出租' : '出售') : '';
    // "在Austin出售", and without a sale type "位于Austin".
    if (places.length) parts.push(sale ? t`在${or(places)}${sale}` : t`位于${or(places)}`);
    else if (sale) parts.push(sale);
    if (c.streetNames.length) parts.push(t`位于${or(c.streetNames.map(md))}`);
    if (c.statuses.length === 1 && c.statuses[0] !== 'Active')
      parts.push(own(c.statuses[0] === 'Sold' ? '已售出' : '即将上市'));
    const studio = c.bedrooms?.max === 0;
    if (c.bedrooms && !studio) parts.push(rooms(c.bedrooms, 'bedroom'));
    if (studio) parts.push(own('无独立卧室'));
    if (c.bathrooms) parts.push(rooms(c.bathrooms, 'bathroom'));
    if (c.minParking) parts.push(c.minParking === 1 ? own('带车位') : t`至少${count(c.minParking, 'parking spot')}`);
    if (c.tours.length || c.anyTour)
      parts.push(
        own(c.tours.includes('3D') ? '可3D看房' : c.tours.includes('OpenHouse') ? '有开放参观' : '可预约看房'),
      );
    if (c.price) {
      const what = own(c.saleType === 'for_rent' ? '月租' : '价格');
      parts.push(
        c.price.min !== undefined && c.price.max !== undefined
          ? t`${what}在${$(c.price.min)}至${$(c.price.max)}之间`
          : c.price.max !== undefined
            ? t`${what}在${$(c.price.max)}以下`
            : t`${what}在${$(c.price.min!)}以上`,
      );
    }
    if (c.area?.min) parts.push(t`面积至少${whole(c.area.min)}${squareFoot}`);
    if (c.area?.max) parts.push(t`面积不超过${whole(c.area.max)}${squareFoot}`);
    if (c.yearBuilt?.min && c.yearBuilt.min === c.yearBuilt.max) parts.push(t`${c.yearBuilt.min}年建成`);
    else if (c.yearBuilt?.min) parts.push(t`${c.yearBuilt.min}年或之后建成`);
    else if (c.yearBuilt?.max) parts.push(t`${c.yearBuilt.max}年或之前建成`);
    const away = [...c.exclude.cities, ...c.exclude.states, ...c.exclude.zips];
    if (away.length) parts.push(t`${and(away)}以外`);
    if (c.exclude.hoa) parts.push(own('无HOA费'));
    if (mentioned.length) parts.push(t`房源信息提到${and(mentioned.map((f) => t`“${md(native(f.phrase))}”`))}`);
    return parts;
  }

  /** What is ruled out, after the noun: "（产权公寓和出租房源除外）". */
  function excluded(c: Criteria): string {
    const x = c.exclude;
    const not = ruledOut(x, (k) => noun(k).word, {
      rentals: t`出租${HOME.word}`,
      forSale: t`出售${HOME.word}`,
      sold: t`已售出的${HOME.word}`,
      comingSoon: t`尚未上市的${HOME.word}`,
      studios: STUDIO,
    });
    return not.length ? t`（${and(not)}除外）` : '';
  }

  function describe(c: Criteria, _count = 2, mentioned: Feature[] = []): string {
    const mods = modifiers(c, mentioned);
    return `${mods.length ? t`${mods.join(own('、'))}的` : ''}${nouns(c).word}${excluded(c)}`;
  }

  /** "价格从$750到$2,325不等", "月租均为$1,200". */
  function prices(type: SaleType, s: Spread): string {
    if (s.min === null || s.max === null) return '';
    const symbol = s.currency || '$';
    const what = own(type === 'for_rent' ? '月租' : '价格');
    if (s.min !== s.max) return t`${what}从${money(s.min, symbol)}到${money(s.max, symbol)}不等`;
    return s.priced > 1 ? t`${what}均为${money(s.min, symbol)}` : t`${what}为${money(s.min, symbol)}`;
  }

  function miss(m: Miss): string {
    switch (m.what) {
      case 'over budget':
      case 'under minimum':
        return t`${money(m.price, m.symbol)}${m.rent ? own('/月') : ''}，${m.what === 'over budget' ? own('超出预算') : own('低于最低价')}${percent(m.share)}`;
      case 'fewer bedrooms':
      case 'more bedrooms':
        return t`${m.bedrooms === 0 ? STUDIO : count(m.bedrooms, 'bedroom')}，比您要求的${own(m.what === 'fewer bedrooms' ? '少' : '多')}${number(m.by)}${own(bedroom[0]!)}`;
      case 'fewer bathrooms':
        return t`${count(m.bathrooms, 'bathroom')}，少于您的要求`;
      case 'smaller':
        return t`${whole(m.squareFeet)}${squareFoot}，面积小${percent(m.share)}`;
      case 'older':
      case 'newer':
        return t`${m.year}年建成，${own(m.what === 'older' ? '早' : '晚')}于您的要求`;
      case 'coming soon':
        return own('即将上市，目前尚不可售');
      case 'kind':
        return t`是${noun(m.is).word}，不是${or(m.asked.map((k) => noun(k).word))}`;
    }
  }

  /** A sentence the engine adds after another: none when there is no person to offer. */
  const personToo = (person: boolean, text: string) => (person ? text : '');
  /** Sentences joined as Chinese joins them: no space after a full stop. */
  const tight = (text: string) => text.replace(/([。！？：；])\s+(?=\S)/g, '$1');

  return {
    language: 'zh',
    space: '',
    number,
    money,
    count,
    priceText,
    areaText,
    kindText,
    roomsText,
    describe,

    found(total, q, spread, ranges) {
      const { unit } = nouns(q.c);
      const head = t`为您找到${whole(total)}${unit}${describe(q.c, total, q.mentioned)}`;
      const { for_sale: sale, for_rent: rental } = spread;
      if (ranges && sale && rental)
        return t`${head}：${sale.count}${unit}出售，${prices('for_sale', sale)}；${rental.count}${unit}出租，${prices('for_rent', rental)}。`;
      const [type, only] = (Object.entries(spread)[0] ?? []) as [SaleType | undefined, Spread | undefined];
      const said = ranges && type && only ? prices(type, only) : '';
      return said ? t`${head}，${said}。` : t`${head}。`;
    },
    inBrief(l) {
      const kind = noun(l.PropertyType);
      const price = own(l.SaleType === 'for_rent' ? '租金' : '售价');
      const what =
        l.Bedrooms === 0
          ? t`${studioOf(l.PropertyType)}，${count(l.Bathrooms, 'bathroom')}`
          : t`${roomsText(l)}的${kind.word}`;
      return t`**${listingLink(l)}**，${price}**${priceText(l)}**：${what}，${whole(squareFeet(l))}${squareFoot}`;
    },
    hoaNote: (l) => (l.HOAMonth ? t`，HOA费每月${money(l.HOAMonth, l.CurrencySymbol)}` : own('，无HOA费')),
    itIs: (brief) => t`就是这${ONE}：${brief}。`,
    first: (sort, brief) => t`其中${orderOf(sort ?? 'price-asc')}的是${brief}。`,
    best(sort, rank, q, brief) {
      const what = sort ? t`${orderOf(sort, rank)}的` : own('最符合您要求的');
      return t`${describe(q.c, 1, q.mentioned)}中，${what}是${brief}。`;
    },
    bestOfEach(sort, rank, sale, rental) {
      const what = orderOf(sort, rank);
      return t`出售${HOME.word}中${what}的是${sale}；出租${HOME.word}中${what}的是${rental}。`;
    },
    whichShown: (shown, sort, mixed) =>
      sort
        ? t`以下是${orderOf(sort)}的${shown}${ONE}。`
        : mixed
          ? t`以下是前${shown}${ONE}：先列出售${HOME.word}，每组按价格从低到高排列。`
          : t`以下是最便宜的${shown}${ONE}。`,
    topN(shown, sort, q, rank, total) {
      const { unit } = nouns(q.c);
      const past = rank ? t`除前${rank}${unit}外` : '';
      return t`${describe(q.c, total, q.mentioned)}共有${total}${unit}，以下是其中${past}${orderOf(sort)}的${shown}${unit}：`;
    },
    fromNth: (rank, sort) => t`从${orderOf(sort, rank)}的开始：`,
    more(shown, offset, total, q) {
      const { unit } = nouns(q.c);
      return t`再为您列出${shown}${unit}：共${total}${unit}${describe(q.c, total, q.mentioned)}中的第${offset + 1}至${offset + shown}${unit}。`;
    },
    allShown(total, q) {
      const { unit } = nouns(q.c);
      return t`已经全部列出：${describe(q.c, total, q.mentioned)}共${total}${unit}，都已为您展示。`;
    },
    onlyThese(n, q, rank, sort, one) {
      const { unit } = nouns(q.c);
      const head = t`${describe(q.c, n, q.mentioned)}只有${n}${unit}，所以没有${orderOf(sort, rank)}的。`;
      return n === 1 ? t`${head}就是${one ?? ''}。` : t`${head}以下是全部${n}${unit}，从${orderOf(sort)}的开始。`;
    },
    cantTell(unknown) {
      if (!unknown.length) return '';
      const what = (f: Feature) => t`“${f.relation === 'near' ? own('靠近') : ''}${md(native(f.phrase))}”`;
      return t`房源信息中没有提到${unknown.map(what).join(own('或'))}，所以我无法判断哪些${HOME.word}符合，也无法按这一条件缩小搜索范围。`;
    },
    corrections: (pairs) =>
      pairs.length ? t`（我把${pairs.map(([from, to]) => t`“${md(from)}”理解为“${md(to)}”`).join(own('，'))}。）` : '',
    didYouMean: (word, options) =>
      t`我不确定“${md(word)}”指的是什么：您是指${options.map((o) => t`“${md(o)}”`).join(own('还是'))}吗？`,
    miss,
    nearMisses(q, lines) {
      const each = lines.map((n) => t`- **${n.link}**：${n.misses.map(miss).join(own('；'))}`);
      const close = lines.length === 1 ? t`这${HOME.unit}比较接近` : t`这${lines.length}${HOME.unit}比较接近`;
      return t`我没有找到完全符合条件的${describe(q.c, 2, q.mentioned)}。${close}：\n\n${each.join('\n')}`;
    },
    noneFound: (q) =>
      t`目前没有找到${describe(q.c, 2, q.mentioned)}。您可以放宽搜索条件，比如换个区域、调整价格或卧室数量。`,
    noSuchMls: () => own('没有找到这个MLS编号的房源。'),

    about: (link, text) => t`${link}：${tight(text)}`,
    fact(l, a: Attribute) {
      switch (a) {
        case 'price':
          return l.SaleType === 'for_rent' ? t`租金为**${priceText(l)}**。` : t`售价为**${priceText(l)}**。`;
        case 'bedrooms':
          return l.Bedrooms === 0
            ? t`这是一${ONE}**${studioOf(l.PropertyType)}**（没有独立卧室）。`
            : t`有**${count(l.Bedrooms, 'bedroom')}**。`;
        case 'bathrooms':
          return t`有**${count(l.Bathrooms, 'bathroom')}**。`;
        case 'area':
          return t`室内面积为**${areaText(l)}**。`;
        case 'year':
          return t`建于**${l.YearBuilt}年**。`;
        case 'parking':
          return l.ParkingSpots
            ? t`有**${count(l.ParkingSpots, 'parking spot')}**。`
            : own('房源信息中没有列出**车位**。');
        case 'hoa':
          return l.HOAMonth
            ? t`HOA费为**${money(l.HOAMonth, l.CurrencySymbol)}/月**。`
            : own('房源信息中没有列出HOA费。');
        case 'deposit':
          return l.DepositFee
            ? t`押金为**${money(l.DepositFee, l.CurrencySymbol)}**。`
            : own('房源信息中没有列出押金。');
        case 'status':
          return t`目前**${own(
            l.Status === 'Active'
              ? l.SaleType === 'for_rent'
                ? '招租中'
                : '在售中'
              : l.Status === 'Sold'
                ? '已售出'
                : '即将上市，尚未正式挂牌',
          )}**。`;
        case 'tour':
          return own(
            l.Tours === '3D'
              ? '房源页面提供**3D看房**。'
              : l.Tours === 'OpenHouse'
                ? '已安排**开放参观**，具体时间请查看房源页面。'
                : '房源信息中没有列出看房或开放参观安排。',
          );
        case 'lot':
          return l.LotArea ? t`占地面积为**${lotText(l)}**。` : own('房源信息中没有列出占地面积。');
        case 'address':
          return t`地址是**${md(addressText(l))}**。`;
        case 'days':
          return l.Status === 'PreOnMarket' ? own('目前尚未上市。') : t`已上市**${count(l.DaysOnMarket, 'day')}**。`;
        case 'type': {
          const kind = noun(l.PropertyType);
          return t`这是一${kind.unit}**${kind.word}**。`;
        }
        case 'mls':
          return t`MLS编号是**${md(l.MLSNumber)}**。`;
      }
    },
    featureFact(quoted, mentioned, phrase) {
      if (quoted) return t`有的，房源描述中写道：“${md(quoted)}”`;
      if (mentioned) return t`有的，房源描述中提到了“${md(native(phrase))}”。`;
      return t`房源信息中没有提到“${md(native(phrase))}”，所以我无法确定；我们的团队可以帮您确认。`;
    },
    extensionFact: (key, value) => t`房源中“${md(key)}”一项写的是：**“${md(value)}”**。`,
    comparison: (table) => t`对比如下：\n\n${table}`,
    compareRows: {
      price: own('价格'),
      bedrooms: own(bedroom[1]!),
      bathrooms: own(bathroom[1]!),
      area: own('面积'),
      built: own('建成年份'),
      parking: own('车位'),
    },
    studio: STUDIO,
    listingDetails(l, home) {
      const kind = noun(l.PropertyType);
      const rent = l.SaleType === 'for_rent';
      const sale = rent
        ? t`出租的${kind.word}，租金**${priceText(l)}**`
        : t`出售的${kind.word}，售价**${priceText(l)}**`;
      const status = own(
        l.Status === 'Active' ? (rent ? '招租中' : '在售中') : l.Status === 'Sold' ? '已售出' : '即将上市',
      );
      const rooms = l.Bedrooms === 0 ? t`${STUDIO}（无独立卧室），${count(l.Bathrooms, 'bathroom')}` : roomsText(l);
      const extra = [
        l.HOAMonth ? t`HOA费每月${money(l.HOAMonth, l.CurrencySymbol)}。` : '',
        l.DepositFee ? t`押金${money(l.DepositFee, l.CurrencySymbol)}。` : '',
        own(l.Tours === '3D' ? '可3D看房。' : l.Tours === 'OpenHouse' ? '已安排开放参观。' : ''),
        l.ExtensionColumn.length
          ? t`${l.ExtensionColumn.slice(0, 10)
              .map((x) => t`${md(x.Key)}：${md(x.value)}`)
              .join(own('；'))}。`
          : '',
      ].filter(Boolean);
      const spots = l.ParkingSpots ? t`有${count(l.ParkingSpots, 'parking spot')}` : own('没有车位');
      return (
        t`${home}：一${kind.unit}${sale}，${rooms}（MLS ${md(l.MLSNumber)}，${status}）。` +
        t`室内面积${areaText(l)}${l.LotArea ? t`，占地${lotText(l)}` : ''}，建于${l.YearBuilt}年，${spots}。${extra.join('')}`
      );
    },
    description: (text) => t`房源描述（原文）：\n\n> ${md(text)}`,
    viewListing: own('查看房源'),

    paymentForRental: (home, rent) => t`**${home}**是出租${HOME.word}，月租${rent}，不涉及房贷计算。`,
    paymentNoPrice: (home) => t`**${home}**没有标价，所以我无法估算月供。告诉我一个价格，我来帮您算。`,
    paymentWhichPrice: () =>
      t`我可以帮您估算每月房贷，请问按什么价格计算？请告诉我一个价格或我们的某${ONE}${HOME.word}；如果您知道首付、利率和贷款年限，也请一并告诉我。`,
    payment(f: PaymentFigures) {
      const m = (n: number) => money(n, f.symbol);
      const loan = f.from
        ? t`贷款金额${m(f.principal)}（房价${m(f.from.price)}减去${
            f.from.downPct === undefined ? t`首付${m(f.from.down)}` : t`${pct(f.from.downPct)}的首付${m(f.from.down)}`
          }）`
        : t`贷款金额${m(f.principal)}`;
      const assumed = [
        ...(f.assumed.down ? [own('20%首付')] : []),
        ...(f.assumed.rate ? [t`年利率${pct(f.rate)}`] : []),
        ...(f.assumed.years ? [own('30年固定利率贷款')] : []),
      ];
      const lines = [
        t`${f.home ? t`按**${f.home}**计算，` : ''}每月本息约为**${m(f.monthly)}**：${loan}，年利率${pct(f.rate)}，期限${f.years}年。`,
      ];
      if (assumed.length)
        lines.push(t`您没有提到的部分，我按${assumed.join(own('、'))}计算；告诉我您的实际情况，我可以重新计算。`);
      lines.push(
        t`此估算不包括房产税、房屋保险${f.hoa ? t`、每月${m(f.hoa)}的HOA费` : ''}和贷款保险，贷款机构的实际报价会有所不同。`,
      );
      if (f.person) lines.push(t`如需正式报价，请点击${PERSON}，我们的团队会为您提供帮助。`);
      return lines.join('');
    },

    greeting(name, ideas, page) {
      const hello = t`您好！我是${md(name)}。我可以帮您查找出售或出租的${HOME.word}：您可以问我某个区域、预算、卧室数量，或某${HOME.unit}${HOME.word}的MLS编号。`;
      if (page) return t`${hello}您也可以问我关于**${page}**的任何问题。`;
      return ideas.length ? t`${hello}\n\n您可以这样问：\n${ideas.map((l) => `- ${md(l)}`).join('\n')}` : hello;
    },
    welcome: () => own('不客气！还有什么可以帮您的吗？'),
    smallTalk: () => own('我很好，谢谢关心！请问找房方面有什么可以帮您的？'),
    startOver: () => own('好的，我们重新开始。请问您想找什么样的房子？'),
    notSure: () => own('这个问题我不太确定。'),
    fallback: (opening, person) =>
      tight(
        t`${opening}我可以回答关于我们${HOME.word}的问题，比如区域、价格、卧室数量、看房，或某个具体的MLS编号。${personToo(
          person,
          t`如有需要，请点击${PERSON}，我们的团队会为您提供帮助。`,
        )}`,
      ),
    outside(topic, name, person) {
      const what = topic === 'that' ? own('这方面我帮不上忙') : t`我无法为您提供${own(OUTSIDE[topic])}方面的信息`;
      return t`${what}：我只了解${md(name)}的${HOME.word}以及房源信息中的内容。${personToo(
        person,
        t`我们的团队或许可以帮到您：请点击${PERSON}并留下您的邮箱，他们会尽快回复您。`,
      )}`;
    },
    bot: (name, person) =>
      t`我是${md(name)}，一个自动助手，不是真人。我可以帮您查找${HOME.word}，解答关于我们${HOME.word}的问题。${personToo(
        person,
        t`如果您想和真人沟通，请点击${PERSON}，我们的团队会尽快回复您。`,
      )}`,
    handoff: (person, live) =>
      live
        ? t`当然可以：我已经通知了我们的团队，马上会有同事加入这个对话。`
        : person
          ? t`当然可以：请在这里留下您的姓名和邮箱，我们的团队会尽快与您联系。`
          : t`很抱歉，我无法通过这个聊天为您转接真人，但很乐意解答关于我们${HOME.word}的问题。`,
    privacy: (name, url) =>
      t`您可以在这里阅读我们的${name ? t`“${md(name)}”` : own('隐私政策')}：[${name ? md(name) : own('隐私政策')}](${mdUrl(url)})。`,
    viewing(person, home, url, live) {
      if (live)
        return t`看房由我们的团队安排：我已经通知了他们，马上会有同事加入这个对话${home ? t`，为**${home}**约定看房时间` : ''}。`;
      if (person)
        return t`看房由我们的团队安排：请在这里留下您的姓名和邮箱${home ? t`（**${home}**）` : ''}，我们会尽快联系您约定看房时间。`;
      return t`我无法通过这个聊天预约看房。${url ? t`房源页面上有详细信息：[查看房源](${mdUrl(url)})` : ''}`;
    },
    which: (lines) =>
      t`请问您指的是哪一${ONE}？\n\n${lines.join('\n')}\n\n请回复“第一${ONE}”“第二${ONE}”……或房源地址。`,
    whichUnknown: () =>
      t`请问您指的是哪一${ONE}${HOME.word}？我无法从这个页面判断，请告诉我地址或MLS编号，我来帮您查找。`,
    fromSource: (title) => t`摘自“${md(title)}”：`,
    received: (what) => t`谢谢，已收到${what || own('您的文件')}。`,
    mediaOffer(kind, person) {
      const offer = {
        Image: '我无法查看图片内容，但可以帮您找类似的房子：告诉我您心仪的区域、预算或卧室数量。',
        Audio: '我无法收听录音，请直接输入您的问题，比如您想找的区域、预算或卧室数量。',
        Video: '我无法观看视频，但可以帮您了解我们的房源：告诉我您心仪的区域、预算或卧室数量。',
      }[kind];
      return t`${own(offer)}${personToo(person, t`您也可以点击${PERSON}，我们的团队会帮您看看。`)}`;
    },
    fileFacts(f, kind) {
      if (!f) return own({ Image: '一张图片', Audio: '一段录音', Video: '一段视频' }[kind]);
      if (f.kind === 'Image') return t`一张${number(f.width)} × ${number(f.height)}像素的${f.format}图片`;
      if (f.kind === 'Audio') {
        const channels = f.channels === 1 ? own('单声道') : f.channels === 2 ? own('立体声') : t`${f.channels}声道`;
        return t`一段${number(seconds(f.duration))}秒的录音（WAV，${number(f.sampleRate / 1000)} kHz，${channels}，${f.bitsPerSample}位）`;
      }
      const size = fileSize(f.size, number, ['KB', 'MB']);
      return t`一段${size}的${f.container.replace(/^an? /, '')}视频`;
    },
    files(kind, described) {
      const [unit, noun] = { Image: ['张', '图片'], Audio: ['段', '录音'], Video: ['段', '视频'] }[kind];
      return described.length === 1
        ? t`您的${own(noun!)}：${described[0]!}`
        : t`您的${described.length}${own(`${unit}${noun}`)}：${described.join(own('；'))}`;
    },

    unfinished: () => own('我没能完成这次查询。您能再问一次吗？也许可以问得简单一些。'),
    correction: {
      label: own('更正：'),
      fact: (field, actual, wrote) =>
        ({
          price: t`价格是${actual}，不是${wrote}`,
          bedrooms: t`有${actual}${own(bedroom.join(''))}，不是${wrote}${own(bedroom[0]!)}`,
          bathrooms: t`有${actual}${own(bathroom.join(''))}，不是${wrote}${own(bathroom[0]!)}`,
          'MLS number': t`MLS编号是${actual}，不是${wrote}`,
          address: t`地址是${actual}，不是${wrote}`,
        })[field],
    },

    chips: {
      threeBedrooms: t`只看3${own(bedroom.join(''))}以上`,
      under: (price, monthly) => t`只看${monthly ? own('月租') : ''}${price}以下`,
      more: own('显示更多'),
      aboutFirst: t`介绍一下第一${ONE}`,
      rentalsInstead: t`改看出租${HOME.word}`,
      saleInstead: t`改看出售${HOME.word}`,
      place: (city) => t`那${city}呢？`,
      underAsk: (price, monthly) => t`那${monthly ? own('月租') : ''}${price}以下的呢？`,
      bedrooms: (n) => t`那${count(n, 'bedroom')}的呢？`,
      viewing: own('预约看房'),
      similar: t`看看类似的${HOME.word}`,
      cheaper: own('有更便宜的吗？'),
      bigger: own('有更大的吗？'),
      person: own('联系人工客服'),
      forSale: t`出售的${HOME.word}`,
      forRent: t`出租的${HOME.word}`,
      ordinals: NUMERALS.slice(0, 5).map((n) => t`第${n}${ONE}`),
    },
  };
}
