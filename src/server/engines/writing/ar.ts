/**
 * The offline engine's sentences in Arabic (writing/types.ts says what each is): Modern Standard
 * Arabic as an agency writes to a visitor, whatever their dialect. A counted noun takes the form
 * its number asks for (Intl.PluralRules: one, the dual, 3–10 the plural, 11–99 the singular
 * accusative, 100 the singular); what agrees with a kind of home takes its gender, and the feminine
 * singular for a plural of things ("منازل مباعة"). Figures are Western digits (ar-u-nu-latn), as
 * listings and prices are written in the agencies' Arabic and as the addresses beside them are. The
 * prose reads right to left; an address, a price and an owner's name keep their own direction
 * inside it (the widget's bubbles are dir="auto", so every answer opens with an Arabic word). Every
 * chip is a sentence the Arabic reading reads back (languages/ar.ts). The owner's texts are quoted.
 */
import { addressText, type Listing, type ListingCard } from '../../../protocol/index.ts';
import { ar as vocabulary } from '../languages/ar.ts';
import type { Criteria, Range, SortKey } from '../reading/criteria.ts';
import type { Feature } from '../reading/features.ts';
import type { SaleType, Spread } from '../search/catalog.ts';
import { listingLink, md, mdUrl } from '../search/format.ts';
import { priceOf, squareFeet } from '../search/match.ts';
import { featureWords, kindNouns, type Gender, type Noun } from './nouns.ts';
import { figures, fileSize, seconds } from './figures.ts';
import { phrasesByEnglish } from './own-words.ts';
import { ruledOut } from './ruled-out.ts';
import type { Attribute, Miss, OutsideTopic, PaymentFigures, Writing } from './types.ts';

/** A noun with the forms a number gives it: `two` the dual (after a preposition or as an object), `acc` the singular accusative ("منزلًا"), `the` and `theMany` with the article. */
interface Counted extends Noun {
  two: string;
  acc: string;
  the: string;
  theMany: string;
}

const counted = (one: string, two: string, many: string, acc: string, g: Gender, the: string, theMany: string) =>
  ({ one, two, many, acc, g, the, theMany }) satisfies Counted;

/** The kinds of home the engine names in Arabic, by the English the listings give. */
const KINDS: readonly (readonly [RegExp, Counted])[] = [
  [
    /^single[- ]?family/,
    {
      ...counted('منزل', 'منزلين', 'منازل', 'منزلًا', 'm', 'المنزل', 'المنازل'),
      exact: 'منزل مستقل لعائلة واحدة',
    },
  ],
  [/^(?:house|home)s?$/, counted('منزل', 'منزلين', 'منازل', 'منزلًا', 'm', 'المنزل', 'المنازل')],
  [/^condo/, counted('شقة تمليك', 'شقتي تمليك', 'شقق تمليك', 'شقة تمليك', 'f', 'شقة التمليك', 'شقق التمليك')],
  [
    /^town ?(?:house|home)/,
    counted(
      'منزل تاون هاوس',
      'منزلي تاون هاوس',
      'منازل تاون هاوس',
      'منزل تاون هاوس',
      'm',
      'منزل التاون هاوس',
      'منازل التاون هاوس',
    ),
  ],
  [
    /^multi[- ]?family/,
    counted(
      'مبنى متعدد الوحدات',
      'مبنيين متعددي الوحدات',
      'مبانٍ متعددة الوحدات',
      'مبنى متعدد الوحدات',
      'm',
      'المبنى متعدد الوحدات',
      'المباني متعددة الوحدات',
    ),
  ],
  [/^apartment/, counted('شقة', 'شقتين', 'شقق', 'شقة', 'f', 'الشقة', 'الشقق')],
  [/^duplex/, counted('دوبلكس', 'دوبلكسين', 'دوبلكسات', 'دوبلكسًا', 'm', 'الدوبلكس', 'الدوبلكسات')],
  [/^loft/, counted('لوفت', 'لوفتين', 'لوفتات', 'لوفتًا', 'm', 'اللوفت', 'اللوفتات')],
  [/^studio/, counted('استوديو', 'استوديوهين', 'استوديوهات', 'استوديو', 'm', 'الاستوديو', 'الاستوديوهات')],
  [/^(?:land|lot)s?$/, counted('قطعة أرض', 'قطعتي أرض', 'قطع أراضٍ', 'قطعة أرض', 'f', 'قطعة الأرض', 'قطع الأراضي')],
  [
    /^(?:mobile|manufactured)/,
    counted('منزل متنقل', 'منزلين متنقلين', 'منازل متنقلة', 'منزلًا متنقلًا', 'm', 'المنزل المتنقل', 'المنازل المتنقلة'),
  ],
];
const HOME = counted('عقار', 'عقارين', 'عقارات', 'عقارًا', 'm', 'العقار', 'العقارات');

/** A kind the listings name that the engine has no Arabic word for: the owner's word, quoted. */
const otherKind = (kind: string): Counted => {
  const of = ` من نوع “${md(kind)}”`;
  return counted(`عقار${of}`, `عقارين${of}`, `عقارات${of}`, `عقارًا${of}`, 'm', `العقار${of}`, `العقارات${of}`);
};
const kindNoun = kindNouns(KINDS, HOME, otherKind) as (kind: string) => Counted;

const BEDROOM = counted('غرفة نوم', 'غرفتي نوم', 'غرف نوم', 'غرفة نوم', 'f', 'غرفة النوم', 'غرف النوم');
const BATHROOM = counted('حمام', 'حمامين', 'حمامات', 'حمامًا', 'm', 'الحمام', 'الحمامات');
const PARKING = counted(
  'موقف سيارات',
  'موقفي سيارات',
  'مواقف سيارات',
  'موقف سيارات',
  'm',
  'موقف السيارات',
  'مواقف السيارات',
);
const DAY = counted('يوم', 'يومين', 'أيام', 'يومًا', 'm', 'اليوم', 'الأيام');
const YEAR = counted('عام', 'عامين', 'أعوام', 'عامًا', 'm', 'العام', 'الأعوام');
const SECOND = counted('ثانية', 'ثانيتين', 'ثوانٍ', 'ثانية', 'f', 'الثانية', 'الثواني');
const NOUNS = { bedroom: BEDROOM, bathroom: BATHROOM, 'parking spot': PARKING, day: DAY, home: HOME } as const;

/** The vocabulary's phrases by the English each reads as: how a feature is named in Arabic (own-words.ts). */
const PHRASES = phrasesByEnglish(vocabulary);

const PLURAL = new Intl.PluralRules('ar');

/**
 * `n` of `noun` as its number asks, its figures written by `whole` and `number`: "منزل واحد"
 * (`object`: "منزلًا واحدًا"), "منزلين", "3 منازل", "12 منزلًا", "100 منزل". The dual is the form
 * after a preposition or as an object, the places the writing puts a count.
 */
const countedWith =
  (whole: (n: number) => string, number: (n: number) => string) =>
  (n: number, noun: Counted, object = false): string => {
    switch (PLURAL.select(n)) {
      case 'one':
        return object
          ? `${noun.acc} ${noun.g === 'f' ? 'واحدة' : 'واحدًا'}`
          : `${noun.one} ${noun.g === 'f' ? 'واحدة' : 'واحد'}`;
      case 'two':
        return noun.two;
      case 'few':
      case 'zero':
        return `${whole(n)} ${noun.many}`;
      case 'many':
        return `${whole(n)} ${noun.acc}`;
      default:
        return `${Number.isInteger(n) ? whole(n) : number(n)} ${noun.one}`;
    }
  };

/** An adjective for a kind: its masculine or feminine; the feminine singular for a plural of things. */
const agreeing = (m: string, f: string) => (g: Gender, plural: boolean) => (plural || g === 'f' ? f : m);
const contains = agreeing('يضم', 'تضم');
const built = agreeing('بُني', 'بُنيت');
const sold = agreeing('مباع', 'مباعة');
const comingSoon = agreeing('سيُطرح في السوق قريبًا', 'ستُطرح في السوق قريبًا');
const pronoun = (g: Gender) => (g === 'f' ? 'هي' : 'هو');

/** "أ، ب و ج" — Arabic's "and" (و) joined to the word after it, its "or" (أو) apart. */
const joinAnd = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join('، ')} و${items.at(-1)}`;
const joinOr = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join('، ')} أو ${items.at(-1)}`;

/**
 * An order: its elative, before an indefinite noun ("أرخص منزل", "ثاني أرخص منزل"), where the
 * language has one; else, and after the article, as an adjective or clause ("الأرخص", "الذي يضم…").
 */
const ORDER: Record<SortKey, { elative?: string; after: (g: Gender, plural: boolean) => string; range: string }> = {
  'price-asc': { elative: 'أرخص', after: () => 'الأرخص', range: 'من الأرخص إلى الأغلى' },
  'price-desc': { elative: 'أغلى', after: () => 'الأغلى', range: 'من الأغلى إلى الأرخص' },
  'area-desc': { elative: 'أكبر', after: () => 'الأكبر مساحةً', range: 'من الأكبر مساحةً إلى الأصغر' },
  'area-asc': { elative: 'أصغر', after: () => 'الأصغر مساحةً', range: 'من الأصغر مساحةً إلى الأكبر' },
  'year-desc': { elative: 'أحدث', after: () => 'الأحدث بناءً', range: 'من الأحدث بناءً إلى الأقدم' },
  'year-asc': { elative: 'أقدم', after: () => 'الأقدم بناءً', range: 'من الأقدم بناءً إلى الأحدث' },
  'bedrooms-desc': {
    after: (g, plural) => `${plural || g === 'f' ? 'التي تضم' : 'الذي يضم'} أكبر عدد من غرف النوم`,
    range: 'من الأكثر غرف نوم إلى الأقل',
  },
  'bedrooms-asc': {
    after: (g, plural) => `${plural || g === 'f' ? 'التي تضم' : 'الذي يضم'} أقل عدد من غرف النوم`,
    range: 'من الأقل غرف نوم إلى الأكثر',
  },
  'bathrooms-desc': {
    after: (g, plural) => `${plural || g === 'f' ? 'التي تضم' : 'الذي يضم'} أكبر عدد من الحمامات`,
    range: 'من الأكثر حمامات إلى الأقل',
  },
  'newest-listed': { after: () => 'الأحدث إدراجًا', range: 'من الأحدث إدراجًا إلى الأقدم' },
  'hoa-asc': { after: () => 'الأقل رسومًا لجمعية الملاك', range: 'من الأقل رسومًا لجمعية الملاك إلى الأعلى' },
};

/** The ordinal before an elative ("ثاني أرخص"), the second to the tenth. */
const NTH = ['', 'ثاني', 'ثالث', 'رابع', 'خامس', 'سادس', 'سابع', 'ثامن', 'تاسع', 'عاشر'];
/** The ordinal after a noun with the article, agreeing ("الشقة الثانية"); past the tenth, its number (`rank`). */
const ORDINALS: readonly (readonly [string, string])[] = [
  ['الأول', 'الأولى'],
  ['الثاني', 'الثانية'],
  ['الثالث', 'الثالثة'],
  ['الرابع', 'الرابعة'],
  ['الخامس', 'الخامسة'],
  ['السادس', 'السادسة'],
  ['السابع', 'السابعة'],
  ['الثامن', 'الثامنة'],
  ['التاسع', 'التاسعة'],
  ['العاشر', 'العاشرة'],
];
const ordinalOr = (rank: (n: number) => string) => (n: number, g: Gender) =>
  ORDINALS[n - 1]?.[g === 'f' ? 1 : 0] ?? `رقم ${rank(n)}`;

/**
 * Text of the owner's written left to right (an address, a name) between left-to-right marks, so the
 * prose's right to left does not reorder it: "2179 Riverside Dr" stays so, its number not moved to
 * its end. Marks, not isolates: the widget drops bidi isolates and overrides from an answer (a
 * hidden reordering is how text is disguised), and a mark reorders nothing.
 */
const isolated = (text: string) => {
  // Inside a bold's asterisks: a mark outside them would keep them from being read as bold.
  const bold = /^\*\*([\s\S]*)\*\*$/.exec(text);
  return bold ? `**\u200e${bold[1]}\u200e**` : `\u200e${text}\u200e`;
};

const OUTSIDE: Record<Exclude<OutsideTopic, 'that'>, string> = {
  'the weather': 'الطقس',
  taxes: 'الضرائب',
  'lenders and loans': 'جهات التمويل والقروض',
  'school ratings': 'تقييمات المدارس',
  'the law': 'المسائل القانونية',
  insurance: 'التأمين',
  'crime and safety': 'معدلات الجريمة والأمان',
};

/** The widget's "Talk to a person" button in Arabic (src/widget/strings/ar.ts talkToPerson). */
const PERSON = '**التحدث إلى شخص**';

const STATUS: Record<Listing['Status'], string> = {
  Active: 'نشط: معروض في السوق الآن',
  PreOnMarket: 'قريبًا: لم يُطرح في السوق بعد',
  Sold: 'مباع',
};

/**
 * The Arabic sentences, for a visitor whose locale is `locale` and who asked `said` (their
 * questions, the latest last). Figures in the locale's digits, as the widget's own are: Western
 * ones for "ar" and the Maghreb and Gulf locales Intl writes so, Arabic-Indic ones for Egypt's or
 * Saudi Arabia's ("٤٠٧٬٠٠٠"); the reading reads both.
 */
export function arabic(locale = 'ar', said: readonly string[] = []): Writing {
  const { number, whole } = figures(locale);
  const many = countedWith(whole, number);
  const ordinal = ordinalOr(whole);
  /** A year or another figure written without grouping: "2015", "٢٠١٥". */
  const ungrouped = new Intl.NumberFormat(locale, { useGrouping: false });
  const year = (n: number) => ungrouped.format(n);
  const PERCENT = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 });
  /** A feature the reading took in English ("a pool") in the visitor's words ("مسبح"). */
  const native = featureWords(PHRASES, said);

  /** The kinds a search asks for as one noun, each form joined with "أو"; the gender of the first. */
  function nounOf(c: Criteria): Counted {
    const asked = c.propertyTypes.length ? c.propertyTypes.map(kindNoun) : [HOME];
    if (asked.length === 1) return asked[0]!;
    const each = (form: keyof Omit<Counted, 'g' | 'exact'>) => joinOr(asked.map((k) => k[form]));
    return counted(each('one'), each('two'), each('many'), each('acc'), asked[0]!.g, each('the'), each('theMany'));
  }

  const money = (amount: number, symbol: string) => `${whole(amount)} ${symbol === '$' ? 'دولار' : symbol}`;
  const count = (n: number, noun: keyof typeof NOUNS) => many(n, NOUNS[noun]);
  const priceText = (l: ListingCard) => {
    const price = priceOf(l);
    if (price === null) return 'السعر عند الطلب';
    return l.SaleType === 'for_rent' ? `${money(price, l.CurrencySymbol)} شهريًا` : money(price, l.CurrencySymbol);
  };
  const unit = (l: Pick<Listing, 'AreaUnit'>) => (l.AreaUnit === 'Square Meters' ? 'متر مربع' : 'قدم مربع');
  const areaText = (l: Pick<Listing, 'BuildingArea' | 'AreaUnit'>) => `${number(l.BuildingArea)} ${unit(l)}`;
  const lotText = (l: Listing) => `${number(l.LotArea)} ${unit(l)}`;
  const kindText = (l: Pick<Listing, 'PropertyType'>) => kindNoun(l.PropertyType).one;
  const roomsText = (l: Pick<Listing, 'Bedrooms' | 'Bathrooms'>) =>
    l.Bedrooms === 0
      ? `استوديو مع ${count(l.Bathrooms, 'bathroom')}`
      : `${count(l.Bedrooms, 'bedroom')} و${count(l.Bathrooms, 'bathroom')}`;
  const $ = (n: number) => money(n, '$');
  const pct = (n: number) => PERCENT.format(n / 100);
  const percent = (share: number) => pct(Math.max(1, Math.round(share * 100)));

  /** A range of rooms as an object: "3 غرف نوم", "من 2 إلى 3 غرف نوم", "3 غرف نوم على الأقل". */
  const rooms = (r: Range, noun: Counted) => {
    if (r.min !== undefined && r.max !== undefined)
      return r.min === r.max ? many(r.min, noun, true) : `من ${whole(r.min)} إلى ${whole(r.max)} ${noun.many}`;
    return r.min !== undefined ? `${many(r.min, noun, true)} على الأقل` : `${many(r.max ?? 0, noun, true)} على الأكثر`;
  };

  /** Everything the criteria say after the noun: "للبيع في Austin تضم 3 غرف نوم بسعر أقل من 500,000 دولار". */
  function rest(c: Criteria, g: Gender, plural: boolean, mentioned: Feature[]): string {
    const parts: string[] = [];
    if (c.statuses.length === 1 && c.statuses[0] !== 'Active')
      parts.push(c.statuses[0] === 'Sold' ? sold(g, plural) : comingSoon(g, plural));
    if (c.saleType) parts.push(c.saleType === 'for_rent' ? 'للإيجار' : 'للبيع');
    if (c.streetNames.length) parts.push(`في ${joinOr(c.streetNames.map(md))}`);
    const places = [...c.cities, ...c.states, ...c.zips, ...c.unknownPlaces];
    if (places.length) parts.push(`في ${joinOr(places)}`);
    const has: string[] = [];
    const studio = c.bedrooms?.max === 0;
    if (c.bedrooms && !studio) has.push(rooms(c.bedrooms, BEDROOM));
    if (c.bathrooms) has.push(rooms(c.bathrooms, BATHROOM));
    if (c.minParking)
      has.push(c.minParking === 1 ? 'موقفًا للسيارات' : `${many(c.minParking, PARKING, true)} على الأقل`);
    if (c.tours.length || c.anyTour)
      has.push(
        c.tours.includes('3D')
          ? 'جولة ثلاثية الأبعاد'
          : c.tours.includes('OpenHouse')
            ? 'يومًا مفتوحًا للمعاينة'
            : 'جولة أو يومًا مفتوحًا',
      );
    if (has.length) parts.push(`${contains(g, plural)} ${joinAnd(has)}`);
    if (studio) parts.push('بدون غرفة نوم منفصلة');
    if (c.price)
      parts.push(
        c.price.min !== undefined && c.price.max !== undefined
          ? `بسعر بين ${$(c.price.min)} و${$(c.price.max)}`
          : c.price.max !== undefined
            ? `بسعر أقل من ${$(c.price.max)}`
            : `بسعر أعلى من ${$(c.price.min!)}`,
      );
    if (c.area?.min) parts.push(`بمساحة ${whole(c.area.min)} قدم مربع على الأقل`);
    if (c.area?.max) parts.push(`بمساحة ${whole(c.area.max)} قدم مربع على الأكثر`);
    if (c.yearBuilt?.min && c.yearBuilt.min === c.yearBuilt.max)
      parts.push(`${built(g, plural)} عام ${year(c.yearBuilt.min)}`);
    else if (c.yearBuilt?.min) parts.push(`${built(g, plural)} عام ${year(c.yearBuilt.min)} أو بعده`);
    else if (c.yearBuilt?.max) parts.push(`${built(g, plural)} عام ${year(c.yearBuilt.max)} أو قبله`);
    const x = c.exclude;
    const not = ruledOut(x, (t) => kindNoun(t).theMany, {
      rentals: 'العقارات المعروضة للإيجار',
      forSale: 'العقارات المعروضة للبيع',
      sold: 'العقارات المباعة',
      comingSoon: 'العقارات التي لم تُطرح في السوق بعد',
      studios: 'الاستوديوهات',
    });
    if (not.length) parts.push(`باستثناء ${joinOr(not)}`);
    const away = [...x.cities, ...x.states, ...x.zips];
    if (away.length) parts.push(`خارج ${joinAnd(away)}`);
    if (x.hoa) parts.push('بدون رسوم جمعية ملاك');
    if (mentioned.length)
      parts.push(
        `${plural ? 'تذكر إعلاناتها' : g === 'f' ? 'يذكر إعلانها' : 'يذكر إعلانه'} ${joinAnd(
          mentioned.map((f) => `“${md(native(f.phrase))}”`),
        )}`,
      );
    return parts.join(' ');
  }

  /** The kinds and the criteria: "منازل للبيع في Austin…" (`n` 1: "منزل للبيع…"). */
  function describe(c: Criteria, n = 2, mentioned: Feature[] = []): string {
    const noun = nounOf(c);
    const plural = n !== 1;
    return [plural ? noun.many : noun.one, rest(c, noun.g, plural, mentioned)].filter(Boolean).join(' ');
  }

  /** `n` of the search's homes and its criteria: "10 منازل للبيع في Austin" (`object`: as what was found). */
  function howMany(n: number, q: { c: Criteria; mentioned: Feature[] }, object = false): string {
    const noun = nounOf(q.c);
    return [many(n, noun, object), rest(q.c, noun.g, n !== 1, q.mentioned)].filter(Boolean).join(' ');
  }

  /** "بأسعار من 750 دولار إلى 2,325 دولار شهريًا", "بسعر 1,200 دولار لكل منها". */
  function prices(type: SaleType, s: Spread): string {
    if (s.min === null || s.max === null) return '';
    const symbol = s.currency || '$';
    const month = type === 'for_rent' ? ' شهريًا' : '';
    if (s.min !== s.max) return `بأسعار من ${money(s.min, symbol)} إلى ${money(s.max, symbol)}${month}`;
    return `بسعر ${money(s.min, symbol)}${month}${s.priced > 1 ? ' لكل منها' : ''}`;
  }

  /** The `rank`th (0: the first) of an order as a noun phrase: "أرخص منزل للبيع في Denver", "ثاني أرخص شقة". */
  function superlative(sort: SortKey, rank: number, noun: Counted, after: string): string {
    const { elative } = ORDER[sort];
    if (elative && rank < NTH.length)
      return [`${rank ? `${NTH[rank]} ` : ''}${elative} ${noun.one}`, after].filter(Boolean).join(' ');
    return [noun.the, after, rank ? ordinal(rank + 1, noun.g) : '', ORDER[sort].after(noun.g, false)]
      .filter(Boolean)
      .join(' ');
  }

  function miss(m: Miss): string {
    switch (m.what) {
      case 'over budget':
      case 'under minimum':
        return `${money(m.price, m.symbol)}${m.rent ? ' شهريًا' : ''}، ${m.what === 'over budget' ? 'أعلى من الميزانية' : 'أقل من الحد الأدنى'} بنسبة ${percent(m.share)}`;
      case 'fewer bedrooms':
      case 'more bedrooms': {
        const by = m.by === 1 ? 'بغرفة واحدة' : m.by === 2 ? 'بغرفتين' : `بـ${many(m.by, BEDROOM)}`;
        return `${m.bedrooms === 0 ? 'استوديو' : count(m.bedrooms, 'bedroom')}، ${m.what === 'fewer bedrooms' ? 'أقل' : 'أكثر'} ${by} مما طلبت`;
      }
      case 'fewer bathrooms':
        return `${count(m.bathrooms, 'bathroom')}، أقل مما طلبت`;
      case 'smaller':
        return `${whole(m.squareFeet)} قدم مربع، أصغر بنسبة ${percent(m.share)}`;
      case 'older':
      case 'newer':
        return `بُني عام ${year(m.year)}، ${m.what === 'older' ? 'قبل' : 'بعد'} ما طلبت`;
      case 'coming soon':
        return 'سيُطرح في السوق قريبًا؛ ليس متاحًا بعد';
      case 'kind': {
        const named = (k: Counted) => k.exact ?? k.one;
        return `${named(kindNoun(m.is))}، لا ${joinOr(m.asked.map((t) => named(kindNoun(t))))}`;
      }
    }
  }

  const personToo = (person: boolean, text: string) => (person ? ` ${text}` : '');

  return {
    language: 'ar',
    space: ' ',
    number,
    money,
    count,
    priceText,
    areaText,
    kindText,
    roomsText,
    describe,

    found(total, q, spread, ranges) {
      const head = `وجدت ${howMany(total, q, true)}`;
      const { for_sale: sale, for_rent: rental } = spread;
      if (ranges && sale && rental)
        return `${head}: ${whole(sale.count)} للبيع ${prices('for_sale', sale)} و${whole(rental.count)} للإيجار ${prices('for_rent', rental)}.`;
      const [type, only] = (Object.entries(spread)[0] ?? []) as [SaleType | undefined, Spread | undefined];
      const said = ranges && type && only ? prices(type, only) : '';
      return said ? `${head}، ${said}.` : `${head}.`;
    },
    inBrief(l) {
      const kind = kindNoun(l.PropertyType);
      const what =
        l.Bedrooms === 0
          ? `${kind.one} من نوع استوديو مع ${count(l.Bathrooms, 'bathroom')}`
          : `${kind.one} مع ${roomsText(l)}`;
      return `**${isolated(listingLink(l))}** بسعر **${priceText(l)}** — ${what}، بمساحة ${whole(squareFeet(l))} قدم مربع`;
    },
    hoaNote: (l) =>
      `، ${l.HOAMonth ? `رسوم جمعية الملاك ${money(l.HOAMonth, l.CurrencySymbol)} شهريًا` : 'بدون رسوم جمعية ملاك'}`,
    itIs: (brief) => `إنه ${brief}.`,
    first: (sort, brief) => `الخيار ${ORDER[sort ?? 'price-asc'].after('m', false)} هو ${brief}.`,
    best(sort, rank, q, brief) {
      const noun = nounOf(q.c);
      const after = rest(q.c, noun.g, false, q.mentioned);
      if (!sort) return `${[noun.the, after].filter(Boolean).join(' ')} الأقرب إلى طلبك ${pronoun(noun.g)} ${brief}.`;
      return `${superlative(sort, rank, noun, after)} ${pronoun(noun.g)} ${brief}.`;
    },
    bestOfEach(sort, rank, sale, rental) {
      const home = (what: string) => superlative(sort, rank, HOME, what);
      return `${home('للبيع')} هو ${sale}؛ و${home('للإيجار')} هو ${rental}.`;
    },
    whichShown: (shown, sort, mixed) =>
      shown === 1
        ? ' إليك أولها.'
        : mixed && !sort
          ? ` إليك أول ${whole(shown)} منها: المعروضة للبيع أولًا، وكل مجموعة من الأرخص إلى الأغلى.`
          : ` إليك أول ${whole(shown)} منها، ${ORDER[sort ?? 'price-asc'].range}.`,
    topN(shown, sort, q, rank, total) {
      const noun = nounOf(q.c);
      const plural = shown !== 1;
      const after = rest(q.c, noun.g, plural, q.mentioned);
      const { elative } = ORDER[sort];
      const head = elative
        ? [`${elative} ${plural ? many(shown, noun) : noun.one}`, after]
        : [many(shown, noun), after, ORDER[sort].after(noun.g, plural)];
      const past = rank ? `، بعد استبعاد ${rank === 1 ? ordinal(1, noun.g) : `أول ${whole(rank)}`}` : '';
      return `${head.filter(Boolean).join(' ')}${past}، من أصل ${whole(total)}:`;
    },
    fromNth: (rank, sort) =>
      ORDER[sort].elative && rank < NTH.length
        ? `ابتداءً من ${NTH[rank]} ${ORDER[sort].elative} عقار:`
        : `ابتداءً من العقار ${ordinal(rank + 1, 'm')} ${ORDER[sort].after('m', false)}:`,
    more: (shown, offset, total, q) =>
      `إليك ${whole(shown)} أخرى — من ${whole(offset + 1)} إلى ${whole(offset + shown)} من أصل ${howMany(total, q)}.`,
    allShown(total, q) {
      const noun = nounOf(q.c);
      const after = rest(q.c, noun.g, true, q.mentioned);
      return `هذا كل شيء: عرضت لك جميع ${[noun.theMany, after].filter(Boolean).join(' ')}، وعددها ${whole(total)}.`;
    },
    onlyThese(n, q, rank, sort, one) {
      const noun = nounOf(q.c);
      const head = `لا يوجد سوى ${howMany(n, q)}، لذلك لا يوجد ${superlative(sort, rank, noun, '')}.`;
      return `${head} ${n === 1 ? `إنه ${one}.` : `إليك جميعها، ${ORDER[sort].range}.`}`;
    },
    cantTell(unknown) {
      if (!unknown.length) return '';
      const what = (f: Feature) => `“${f.relation === 'near' ? 'بالقرب من ' : ''}${md(native(f.phrase))}”`;
      return `لا تذكر بيانات الإعلانات ${joinOr(unknown.map(what))}، لذلك لا أستطيع معرفة العقارات التي تلبي ذلك ولا تصفية البحث على أساسه.`;
    },
    corrections: (pairs) =>
      pairs.length ? `(فهمت ${joinAnd(pairs.map(([from, to]) => `“${md(from)}” على أنها “${md(to)}”`))}.) ` : '',
    didYouMean: (word, options) =>
      `لست متأكدًا مما تقصده بـ “${md(word)}”: هل تقصد ${options.map((o) => `“${md(o)}”`).join(' أو ')}؟`,
    miss,
    nearMisses(q, lines) {
      const each = lines.map((n) => `- **${isolated(n.link)}** — ${n.misses.map(miss).join('؛ ')}`);
      const close =
        lines.length === 1
          ? 'هذا العقار قريب مما تبحث عنه'
          : lines.length === 2
            ? 'هذان العقاران قريبان مما تبحث عنه'
            : `هذه ${many(lines.length, HOME)} قريبة مما تبحث عنه`;
      return `لم أجد ${describe(q.c, 2, q.mentioned)}: لا يوجد عقار مطابق تمامًا. ${close}:\n\n${each.join('\n')}`;
    },
    noneFound: (q) =>
      `لم أجد ${describe(q.c, 2, q.mentioned)} حاليًا. جرّب توسيع البحث: منطقة أخرى أو سعرًا آخر أو عددًا مختلفًا من غرف النوم.`,
    noSuchMls: () => 'لم أجد أي إعلان بهذا الرقم في MLS.',

    about: (link, text) => `العقار ${isolated(link)}: ${text}`,
    fact(l, a: Attribute) {
      switch (a) {
        case 'price':
          return l.SaleType === 'for_rent' ? `الإيجار **${priceText(l)}**.` : `السعر المطلوب **${priceText(l)}**.`;
        case 'bedrooms':
          return l.Bedrooms === 0
            ? 'إنه **استوديو** (بدون غرفة نوم منفصلة).'
            : `يضم العقار **${many(l.Bedrooms, BEDROOM, true)}**.`;
        case 'bathrooms':
          return `يضم العقار **${many(l.Bathrooms, BATHROOM, true)}**.`;
        case 'area':
          return `تبلغ مساحته **${areaText(l)}**.`;
        case 'year':
          return `بُني عام **${year(l.YearBuilt)}**.`;
        case 'parking':
          return l.ParkingSpots
            ? `يضم العقار **${many(l.ParkingSpots, PARKING, true)}**.`
            : 'لا يذكر الإعلان **مواقف للسيارات**.';
        case 'hoa':
          return l.HOAMonth
            ? `رسوم جمعية الملاك **${money(l.HOAMonth, l.CurrencySymbol)} شهريًا**.`
            : 'لا يذكر الإعلان رسومًا لجمعية الملاك.';
        case 'deposit':
          return l.DepositFee
            ? `مبلغ التأمين **${money(l.DepositFee, l.CurrencySymbol)}**.`
            : 'لا يذكر الإعلان مبلغ تأمين.';
        case 'status':
          return `حالة الإعلان: **${STATUS[l.Status]}**.`;
        case 'tour':
          return l.Tours === '3D'
            ? 'تتوفر **جولة ثلاثية الأبعاد** في صفحة الإعلان.'
            : l.Tours === 'OpenHouse'
              ? 'هناك **يوم مفتوح للمعاينة**: تجد المواعيد في صفحة الإعلان.'
              : 'لا يذكر الإعلان جولة افتراضية ولا يومًا مفتوحًا.';
        case 'lot':
          return l.LotArea ? `مساحة الأرض **${lotText(l)}**.` : 'لا يذكر الإعلان مساحة الأرض.';
        case 'address':
          return `العنوان: **${md(addressText(l))}**.`;
        case 'days':
          return l.Status === 'PreOnMarket'
            ? 'لم يُطرح في السوق بعد.'
            : `معروض في السوق منذ **${count(l.DaysOnMarket, 'day')}**.`;
        case 'type': {
          const kind = kindNoun(l.PropertyType);
          return `نوع العقار: **${kind.exact ?? kind.one}**.`;
        }
        case 'mls':
          return `رقم MLS هو **${md(l.MLSNumber)}**.`;
      }
    },
    featureFact(quoted, mentioned, phrase) {
      if (quoted) return `نعم: يقول الإعلان “${md(quoted)}”`;
      if (mentioned) return `نعم: يذكر الإعلان “${md(native(phrase))}”.`;
      return `لا يذكر الإعلان “${md(native(phrase))}”، لذلك لا أستطيع الجزم؛ يمكن للفريق التحقق من ذلك لك.`;
    },
    extensionFact: (key, value) => `${md(key)}، كما يذكر الإعلان: **“${md(value)}”**.`,
    comparison: (table) => `إليك المقارنة:\n\n${table}`,
    compareRows: {
      price: 'السعر',
      bedrooms: 'غرف النوم',
      bathrooms: 'الحمامات',
      area: 'المساحة',
      built: 'سنة البناء',
      parking: 'مواقف السيارات',
    },
    studio: 'استوديو',
    listingDetails(l, home) {
      const kind = kindNoun(l.PropertyType);
      const sale = `${l.SaleType === 'for_rent' ? 'للإيجار' : 'للبيع'} بسعر **${priceText(l)}**`;
      const status = l.Status === 'Active' ? 'نشط' : l.Status === 'Sold' ? 'مباع' : 'سيُطرح قريبًا';
      const withRooms =
        l.Bedrooms === 0
          ? `بدون غرفة نوم منفصلة (استوديو) ومع ${count(l.Bathrooms, 'bathroom')}`
          : `مع ${roomsText(l)}`;
      const extra = [
        l.HOAMonth ? `رسوم جمعية الملاك: ${money(l.HOAMonth, l.CurrencySymbol)} شهريًا.` : '',
        l.DepositFee ? `مبلغ التأمين: ${money(l.DepositFee, l.CurrencySymbol)}.` : '',
        l.Tours === '3D' ? 'تتوفر جولة ثلاثية الأبعاد.' : l.Tours === 'OpenHouse' ? 'هناك يوم مفتوح للمعاينة.' : '',
        l.ExtensionColumn.length
          ? `${l.ExtensionColumn.slice(0, 10)
              .map((x) => `${md(x.Key)}: ${md(x.value)}`)
              .join('؛ ')}.`
          : '',
      ].filter(Boolean);
      const spots = l.ParkingSpots ? `يضم ${many(l.ParkingSpots, PARKING, true)}` : 'لا يضم موقفًا للسيارات';
      return (
        `العقار ${isolated(home)}: ${kind.one} ${sale} ${withRooms} (MLS ${md(l.MLSNumber)}، إعلان ${status}). ` +
        `تبلغ مساحته ${areaText(l)}${l.LotArea ? ` على أرض مساحتها ${lotText(l)}` : ''}، بُني عام ${year(l.YearBuilt)}، و${spots}.${extra.length ? ` ${extra.join(' ')}` : ''}`
      );
    },
    description: (text) => `يقول الإعلان:\n\n> ${md(text)}`,
    viewListing: 'عرض الإعلان',

    paymentForRental: (home, rent) =>
      `العقار **${isolated(home)}** معروض للإيجار بسعر ${rent} شهريًا: لا يوجد قرض عقاري لحسابه.`,
    paymentNoPrice: (home) =>
      `العقار **${isolated(home)}** ليس له سعر معلن، لذلك لا أستطيع حساب قسط شهري. أخبرني بسعر وسأحسبه لك.`,
    paymentWhichPrice: () =>
      'يمكنني تقدير قسط شهري، لكن لأي سعر؟ أخبرني بسعر أو بأحد عقاراتنا، وبالدفعة الأولى ونسبة الفائدة ومدة القرض إن كنت تعرفها.',
    payment(f: PaymentFigures) {
      const m = (n: number) => money(n, f.symbol);
      const loan = f.from
        ? `قرض بقيمة ${m(f.principal)} (السعر ${m(f.from.price)} ناقص ${
            f.from.downPct === undefined
              ? `دفعة أولى قدرها ${m(f.from.down)}`
              : `دفعة أولى بنسبة ${pct(f.from.downPct)}، أي ${m(f.from.down)}`
          })`
        : `قرض بقيمة ${m(f.principal)}`;
      const assumed = [
        ...(f.assumed.down ? [`دفعة أولى بنسبة ${pct(20)}`] : []),
        ...(f.assumed.rate ? [`فائدة سنوية بنسبة ${pct(f.rate)}`] : []),
        ...(f.assumed.years ? [`قرضًا بفائدة ثابتة لمدة ${many(30, YEAR)}`] : []),
      ];
      const lines = [
        `يبلغ القسط حوالي **${m(f.monthly)} شهريًا** من أصل القرض والفائدة${f.home ? ` للعقار **${isolated(f.home)}**` : ''}: ${loan}، بفائدة ${pct(f.rate)} سنويًا لمدة ${many(f.years, YEAR)}.`,
      ];
      if (assumed.length) lines.push(`ولأنك لم تذكر ذلك، افترضت ${joinAnd(assumed)}؛ أخبرني بأرقامك وسأعيد الحساب.`);
      lines.push(
        `لا يشمل ذلك ضرائب العقار ولا تأمين المنزل${f.hoa ? ` ولا رسوم جمعية الملاك الشهرية البالغة ${m(f.hoa)}` : ''} ولا تأمين القرض، وسيختلف عرض البنك الفعلي.`,
      );
      if (f.person) lines.push(`للحصول على عرض حقيقي، استخدم ${PERSON} وسيساعدك أحد أعضاء الفريق.`);
      return lines.join(' ');
    },

    greeting(name, ideas, page) {
      const hello = `مرحبًا! أنا ${isolated(md(name))}. يمكنني مساعدتك في العثور على عقارات للبيع أو للإيجار: اسألني عن منطقة أو ميزانية أو عدد غرف النوم أو رقم MLS لأحد الإعلانات.`;
      if (page) return `${hello} ويمكنك أيضًا أن تسألني ما تشاء عن **${page}**.`;
      return ideas.length ? `${hello}\n\nيمكنك أن تسأل:\n${ideas.map((l) => `- ${md(l)}`).join('\n')}` : hello;
    },
    welcome: () => 'على الرحب والسعة! هل هناك شيء آخر يمكنني مساعدتك فيه؟',
    smallTalk: () => 'بخير، شكرًا على سؤالك! كيف يمكنني مساعدتك في البحث عن عقار؟',
    startOver: () => 'حسنًا، لنبدأ من جديد. عمّ تبحث؟',
    notSure: () => 'لست متأكدًا من كيفية الإجابة عن ذلك.',
    fallback: (opening, person) =>
      `${opening} يمكنني مساعدتك في الأسئلة عن إعلاناتنا: المناطق والأسعار وغرف النوم والمعاينات أو رقم MLS معيّن.${personToo(person, `وإن أردت، استخدم ${PERSON} وسيساعدك أحد أعضاء الفريق.`)}`,
    outside(topic, name, person) {
      const what = topic === 'that' ? 'لا أستطيع المساعدة في ذلك' : `لا أستطيع إفادتك بشأن ${OUTSIDE[topic]}`;
      return `${what}: لا أعرف إلا عقارات ${isolated(md(name))} وما تذكره إعلاناتها.${personToo(
        person,
        `ربما يعرف أحد أعضاء الفريق: استخدم ${PERSON} واترك بريدك الإلكتروني وسيردّون عليك.`,
      )}`;
    },
    bot: (name, person) =>
      `أنا ${isolated(md(name))}، مساعد آلي ولست إنسانًا. يمكنني مساعدتك في العثور على عقارات والإجابة عن أسئلتك حول إعلاناتنا.${personToo(
        person,
        `وإن كنت تفضّل التحدث إلى شخص، استخدم ${PERSON} وسيردّ عليك أحد أعضاء الفريق.`,
      )}`,
    handoff: (person, live) =>
      live
        ? 'بالتأكيد: أبلغتُ الفريق، وسينضم أحدهم إلى هذه المحادثة بعد لحظات.'
        : person
          ? 'بالتأكيد: اترك اسمك وبريدك الإلكتروني هنا، وسيردّ عليك أحد أعضاء الفريق.'
          : 'لا أستطيع توصيلك بشخص عبر هذه المحادثة، لكن يسعدني الإجابة عن أسئلتك حول عقاراتنا.',
    privacy: (name, url) =>
      `يمكنك قراءة ${name ? `“${md(name)}”` : 'سياسة الخصوصية'} هنا: [${md(name || 'سياسة الخصوصية')}](${mdUrl(url)}).`,
    viewing(person, home, url, live) {
      if (live)
        return `يتولى الفريق ترتيب المعاينات: أبلغتُهم، وسينضم أحدهم إلى هذه المحادثة بعد لحظات${home ? ` لتحديد موعد لمعاينة **${isolated(home)}**` : ''}.`;
      if (person)
        return `يتولى الفريق ترتيب المعاينات: اترك اسمك وبريدك الإلكتروني هنا، وسيتواصل معك أحدهم لتحديد موعد${home ? ` لمعاينة **${isolated(home)}**` : ''}.`;
      return `لا أستطيع حجز المعاينات عبر هذه المحادثة.${url ? ` تجد التفاصيل في صفحة الإعلان: [عرض الإعلان](${mdUrl(url)})` : ''}`;
    },
    which: (lines) => `أي عقار تقصد؟\n\n${lines.join('\n')}\n\nقل “الأول” أو “الثاني”… أو اذكر العنوان.`,
    whichUnknown: () => 'أي عقار تقصد؟ لا أستطيع معرفة ذلك من هذه الصفحة: اذكر العنوان أو رقم MLS وسأبحث عنه.',
    fromSource: (title) => `من “${md(title)}”:`,
    received: (what) => `شكرًا، استلمت ${what || 'ملفك'}.`,
    mediaOffer(kind, person) {
      const offer = {
        Image:
          'لا أستطيع رؤية محتوى الصور، لكن يمكنني مساعدتك في العثور على عقار مشابه: أخبرني بالمنطقة أو الميزانية أو عدد غرف النوم الذي تفكر فيه.',
        Audio:
          'لا أستطيع الاستماع إلى التسجيلات، فاكتب سؤالك من فضلك: مثلًا المنطقة أو الميزانية أو عدد غرف النوم الذي تبحث عنه.',
        Video:
          'لا أستطيع مشاهدة مقاطع الفيديو، لكن يمكنني مساعدتك في إعلاناتنا: أخبرني بالمنطقة أو الميزانية أو عدد غرف النوم الذي تفكر فيه.',
      }[kind];
      return `${offer}${personToo(person, `أو استخدم ${PERSON} وسيلقي أحد أعضاء الفريق نظرة.`)}`;
    },
    fileFacts(f, kind) {
      if (!f) return { Image: 'صورة', Audio: 'تسجيل صوتي', Video: 'مقطع فيديو' }[kind];
      if (f.kind === 'Image') return `صورة ${f.format} بأبعاد ${number(f.width)} × ${number(f.height)} بكسل`;
      if (f.kind === 'Audio') {
        const channels = f.channels === 1 ? 'أحادي' : f.channels === 2 ? 'ستيريو' : `${whole(f.channels)} قنوات`;
        return `تسجيل صوتي بطول ${many(seconds(f.duration), SECOND)} (WAV، ${number(f.sampleRate / 1000)} كيلوهرتز، ${channels}، ${year(f.bitsPerSample)} بت)`;
      }
      const size = fileSize(f.size, number, ['كيلوبايت', 'ميغابايت']);
      return `مقطع فيديو ${f.container.replace(/^an? /, '')} بحجم ${size}`;
    },
    files(kind, described) {
      const [one, plural] = {
        Image: ['صورتك', 'صورك'],
        Audio: ['تسجيلك', 'تسجيلاتك'],
        Video: ['الفيديو الخاص بك', 'مقاطع الفيديو الخاصة بك'],
      }[kind];
      return described.length === 1
        ? `${one}: ${described[0]}`
        : `${plural} (${whole(described.length)}): ${described.join('؛ ')}`;
    },

    unfinished: () => 'لم أتمكن من إكمال البحث. هل يمكنك طرح سؤالك مرة أخرى، ربما بصيغة أبسط؟',
    correction: {
      label: 'تصحيح:',
      fact: (field, actual, wrote) =>
        ({
          price: `السعر ${actual} وليس ${wrote}`,
          bedrooms: `عدد غرف النوم ${actual} وليس ${wrote}`,
          bathrooms: `عدد الحمامات ${actual} وليس ${wrote}`,
          'MLS number': `رقم MLS هو ${actual} وليس ${wrote}`,
          address: `العنوان ${actual} وليس ${wrote}`,
        })[field],
    },

    chips: {
      threeBedrooms: `فقط ${many(3, BEDROOM)} أو أكثر`,
      under: (price, monthly) => `فقط بأقل من ${price}${monthly ? ' شهريًا' : ''}`,
      more: 'أرني المزيد',
      aboutFirst: 'أخبرني عن الأول',
      rentalsInstead: 'أرني العقارات المعروضة للإيجار بدلًا من ذلك',
      saleInstead: 'أرني العقارات المعروضة للبيع بدلًا من ذلك',
      place: (city) => `وماذا عن ${city}؟`,
      underAsk: (price, monthly) => `وماذا عن أقل من ${price}${monthly ? ' شهريًا' : ''}؟`,
      bedrooms: (n) => `وماذا عن ${many(n, BEDROOM)}؟`,
      viewing: 'حجز موعد للمعاينة',
      similar: 'أرني عقارات مشابهة',
      cheaper: 'هل يوجد شيء أرخص؟',
      bigger: 'هل يوجد شيء أكبر؟',
      person: 'التحدث إلى شخص',
      forSale: 'عقارات للبيع',
      forRent: 'عقارات للإيجار',
      ordinals: ['الأول', 'الثاني', 'الثالث', 'الرابع', 'الخامس'],
    },
  };
}
