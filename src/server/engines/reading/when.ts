/**
 * When a visitor asks to come and see a home: the day, the time and the part of the day they say, read
 * from the question as written — in English and in its own language — and never from a number that
 * counts or prices something: a number is an hour only with a sign of one ("at", "h", "pm", "点").
 */

/** When a visitor asks to come: a day, a time, a part of the day — each only when said. */
export interface AskedWhen {
  /** The local calendar day meant, YYYY-MM-DD, resolved against `today`. */
  day?: string;
  /** Minutes after midnight of the time asked (11 → 660, "2:30pm" → 870, "11 h" → 660, "11点" → 660, "下午3点" → 900). */
  time?: number;
  /** A part of the day, when said without a time (or with one): morning 'morning' | afternoon 'afternoon' | evening 'evening'. */
  part?: 'morning' | 'afternoon' | 'evening';
}

type Part = NonNullable<AskedWhen['part']>;
const PARTS: readonly Part[] = ['morning', 'afternoon', 'evening'];
/** Private-use characters a part of the day is replaced by: after an hour, it reads as its "am" or "pm". */
const TOKENS = '\uE001\uE002\uE003';

/**
 * A language's words for days and times, as alternatives of a regular expression, in lower case and
 * without accents; a list is separated by commas.
 */
interface Words {
  /** False for a language written without spaces: its words are found anywhere. */
  spaced?: false;
  /** Sunday first. */
  weekdays: string;
  /** Before or after a weekday: the one a week on, when today is that day (Chinese 下: the next week's). */
  next?: string;
  nextAfter?: string;
  /** January first. */
  months?: string;
  /** Today, tomorrow, the day after tomorrow… — with "tonight" and the like, which are today. */
  days: string;
  /** A day of the month said without its month, as the first group ("the 14th"). */
  dayOfMonth: string;
  morning: string;
  afternoon: string;
  evening: string;
  noon: string;
  /** Said just before an hour ("at", "a las"). */
  cue?: string;
  /** Greetings that name a part of the day without asking for it ("good morning"). */
  greetings?: string;
}

/** Portuguese names Monday to Friday by ordinals ("segunda"): alone, only after a word that makes it a day. */
const feira = (days: string) =>
  days.replace(
    /\w+/g,
    (day) => `${day}[- ]feira|(?<=(?:na|nesta|nessa|proxima|esta|ate|toda) )${day}|${day}(?= que vem)`,
  );
/** German "morgen": the morning after a day ("Samstag Morgen", "heute Morgen"), tomorrow elsewhere. */
const AFTER_A_DAY = '(?:heute|tag|woch|abend) ';

const WORDS = {
  en: {
    weekdays: 'sunday,monday,tuesday|tues,wednesday,thursday|thurs,friday,saturday',
    next: 'next',
    months:
      'january|jan,february|feb,march,april|apr,may,june|jun,july|jul,august|aug,september|sept?,october|oct,november|nov,december|dec',
    days: 'today|tonight|this (?:morning|afternoon|evening),tomorrow|tomorow|tmrw|tmr,(?:the )?day after tomorrow',
    dayOfMonth: '(?:the|on) (\\d{1,2})(?:st|nd|rd|th)',
    morning: '(?:in the |this )?mornings?',
    afternoon: '(?:in the |this )?afternoons?',
    evening: '(?:in the |this )?evenings?|(?:to)?night',
    noon: 'noon|midday',
    cue: 'at|around|by|after|before|until|till',
    greetings: 'good (?:morning|afternoon|evening)',
  },
  es: {
    weekdays: 'domingo,lunes,martes,miercoles,jueves,viernes,sabado',
    next: '(?:el )?proximo',
    nextAfter: 'proximo|que viene',
    months: 'enero,febrero,marzo,abril,mayo,junio,julio,agosto,septiembre|setiembre,octubre,noviembre,diciembre',
    // "mañana" is tomorrow, and the morning after an article: "mañana por la mañana".
    days: 'hoy|esta (?:manana|tarde|noche),(?<!la )manana,pasado manana',
    dayOfMonth: 'el (?:dia )?(\\d{1,2})',
    morning: '(?:(?:por|en|de|a) )?las? mananas?|esta manana',
    afternoon: '(?:(?:por|en|de|a) )?las? tardes?|esta tarde',
    evening: '(?:(?:por|en|de|a) )?las? noches?|esta noche',
    noon: 'mediodia',
    cue: '(?:a|sobre|hacia|desde|de|hasta) las?',
    greetings: 'buen(?:os|as) (?:dias|tardes|noches)',
  },
  fr: {
    weekdays: 'dimanche,lundi,mardi,mercredi,jeudi,vendredi,samedi',
    nextAfter: 'prochain',
    months: 'janvier,fevrier,mars,avril,mai,juin,juillet,aout,septembre,octobre,novembre,decembre',
    days: "aujourd'?hui|aujourd hui|ce (?:matin|soir)|cet apres[- ]midi,demain,apres[- ]demain",
    dayOfMonth: 'le (\\d{1,2})(?:er)?',
    morning: '(?:du |le |au |ce )?matin(?:ee)?',
    afternoon: "(?:(?:de |dans )?l'|cet )?apres[- ]midi|aprem",
    evening: '(?:du |le |en |ce )?soir(?:ee)?',
    noon: 'midi',
    cue: 'a|vers|avant|apres|des',
  },
  de: {
    weekdays: 'sonntags?,montags?,dienstags?,mittwochs?,donnerstags?,freitags?,samstags?|sonnabends?',
    next: 'nachsten|naechsten|nachster|kommenden|kommender',
    months: 'januar|jan,februar|feb,marz|maerz,april,mai,juni,juli,august,september,oktober,november,dezember',
    days: `heute,(?<!${AFTER_A_DAY})morgen,ubermorgen|uebermorgen`,
    dayOfMonth: '(?:am|den|zum) (\\d{1,2})\\.',
    morning: `(?<=${AFTER_A_DAY})morgen|morgens|vormittags?|(?<=morgen )fruh`,
    afternoon: 'nachmittags?',
    evening: 'abends?|nachts?',
    noon: 'mittags?',
    cue: 'um|gegen|ab|bis',
    greetings: 'guten (?:morgen|tag|abend)',
  },
  pt: {
    weekdays: `domingo,${feira('segunda,terca,quarta,quinta,sexta')},sabado`,
    next: 'proxim[oa]',
    nextAfter: 'que vem',
    months: 'janeiro,fevereiro,marco,abril,maio,junho,julho,agosto,setembro,outubro,novembro,dezembro',
    days: 'hoje|esta (?:manha|tarde|noite),amanha,depois de amanha',
    dayOfMonth: 'dia (\\d{1,2})',
    morning: '(?:(?:de|da|pela|na|a|esta) )?manhas?',
    afternoon: '(?:(?:de|da|pela|na|a|esta) )?tardes?',
    evening: '(?:(?:de|da|pela|na|a|esta) )?noites?',
    noon: 'meio[- ]dia',
    cue: 'as|pelas|(?:partir|volta|depois|antes) das',
    greetings: 'bom dia|boa (?:tarde|noite)',
  },
  ar: {
    weekdays: 'الاحد,الاثنين|الاتنين,الثلاثاء|الثلاثا,الاربعاء|الاربعا,الخميس,الجمعة|الجمعه,السبت',
    nextAfter: 'القادم|المقبل|الجاي',
    months:
      'يناير|كانون الثاني,فبراير|شباط,مارس|اذار,ابريل|نيسان,مايو|ايار,يونيو|حزيران,يوليو|تموز,اغسطس|اب,سبتمبر|ايلول,اكتوبر|تشرين الاول,نوفمبر|تشرين الثاني,ديسمبر|كانون الاول',
    days: 'اليوم|الليلة|الليله,غدا|غد|الغد|بكرة|بكره,بعد (?:غد|الغد|بكرة|بكره)',
    dayOfMonth: 'يوم (\\d{1,2})',
    morning: 'صباحا|الصباح|صباح',
    afternoon: 'بعد الظهر|بعد الظهيرة|العصر|عصرا',
    evening: 'مساء|مساءا|المساء|ليلا|الليلة|الليله',
    noon: 'الظهر|الظهيرة|ظهرا',
    cue: 'الساعة|الساعه',
    greetings: '(?:صباح|مساء) (?:الخير|النور)',
  },
  zh: {
    spaced: false,
    weekdays: '[日天],一,二,三,四,五,六'.replace(/[^,]+/g, (day) => `(?:星期|周|週|礼拜|禮拜)${day}`),
    next: '下个?|下個?',
    days: '今天|今日|今晚|今早,明天|明日|明晚|明早,后天|後天,大后天|大後天',
    dayOfMonth: '(\\d{1,2})[号號日]',
    morning: '上午|早上|早晨|(?<=[今明])早',
    afternoon: '下午|午后|午後',
    evening: '晚上|傍晚|(?<=[今明])晚',
    noon: '中午|正午',
    greetings: '早上好|下午好|晚上好|早安|午安|晚安',
  },
} satisfies Readonly<Record<string, Words>>;
/**
 * The languages read: the engines' `LanguageCode` (languages/types.ts), which reading, the innermost of
 * the engines, may not import; the tests hold the two the same.
 */
type Language = keyof typeof WORDS;

/** What follows a number that counts, prices or measures something, and so is no hour or day: the words' stems. */
const COUNTED = new RegExp(
  `^ ?(?:[%$€£]|(?:k|m|mm|mil|br|ba|one)(?![a-z])|[室房卫衛厅廳楼樓层層平万萬千元块岁间間套米]|${[
    'thousand million millon bed bath bd room home house listing floor stor level unit propert acre sq ft feet foot',
    'mile km min year yr people person recamara habitacion dormitorio bano cuarto casa piso planta metro chambre',
    'piece salle maison etage zimmer schlafzimmer bad haus stock jahr qm quarto banheiro suite vaga andar ano',
    'غرف حمام طابق دقيق الف مليون',
  ]
    .join(' ')
    .replaceAll(' ', '|')})`,
  'u',
);
/** Words that make the number before them a street number ("at 12 Oak Street", "à 12 rue …"). */
const STREETS: ReadonlySet<string> = new Set(
  [
    'street st lane ln road rd avenue ave av drive dr court ct boulevard blvd terrace circle parkway pkwy highway hwy',
    'rue chemin allee impasse calle avenida rua strasse str weg gasse شارع',
  ]
    .join(' ')
    .split(' '),
);
const HOUR = /(?<![\d.,:/])(\d{1,2})(?:([:.h])(\d{2}))?(?![\d/]|[.,:]\d)/gu;
const AMPM = /^ ?([ap])\.?m\.?(?![a-z])/u;
const UNIT = /^ ?(?:(?:h|uhr|o'?clock)(?![a-z])|[点點时時])/u;
const MINUTES = /^ ?(\d{2})(?!\d)分?/u;
const HALF = /^ ?(?:(半|y media|e meia|et demie|و ?النصف|و ?نص)|y cuarto|et quart|e quinze|و ?الربع)(?![a-z])/u;
const TOKEN = /^ ?([\uE001-\uE003])/u;
const B = '(?<![\\p{sc=Latin}\\p{sc=Arabic}\\d])';
const E = '(?![\\p{sc=Latin}\\p{sc=Arabic}\\d])';
const ZH_DIGITS = '〇一二三四五六七八九';
const DAY_MS = 86_400_000;

/** Lower case, without accents or Arabic vowel marks, Eastern Arabic digits as ASCII, one space between words. */
function plain(question: string): string {
  return question
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[٠-٩۰-۹]/g, (d) => String(d.charCodeAt(0) & 0xf)) // both runs of digits start at a multiple of 16
    .replace(/[’‘`]/g, "'")
    .replace(/\s+/g, ' ');
}

const wrap = (w: Words, source: string) => (w.spaced === false ? `(?:${source})` : `${B}(?:${source})${E}`);
/** The words `pick` gives of each language, as one alternative; one never matched when there are none. */
const anyOf = (tables: readonly Words[], pick: (w: Words) => string | undefined) =>
  tables.flatMap((w) => (pick(w) ? [wrap(w, pick(w)!)] : [])).join('|') || '(?!)';
const wordsOf = (tables: readonly Words[], pick: (w: Words) => string | undefined, flags = 'u') =>
  new RegExp(anyOf(tables, pick), flags);
/** One group for each of `count` things (weekdays, months), each holding every language's words for it. */
const groups = (tables: readonly Words[], pick: (w: Words) => string | undefined, count: number) =>
  Array.from({ length: count }, (_, i) => `(${anyOf(tables, (w) => pick(w)?.split(',')[i])})`).join('|');
/** Which of `count` groups from `first` on matched. */
const which = (m: RegExpExecArray, first: number, count: number) =>
  m.slice(first, first + count).findIndex((g) => g !== undefined);
const counts = (after: string) =>
  COUNTED.test(after) || after.split(/[^\p{L}\p{N}]+/u, 4).some((word) => STREETS.has(word));

/** The day `d` of month `m` in year `y`, as UTC milliseconds, when there is one (no 30 February). */
function dateOf(y: number, m: number, d: number): number | undefined {
  const at = Date.UTC(y < 100 ? 2000 + y : y, m - 1, d);
  return new Date(at).getUTCMonth() === m - 1 && new Date(at).getUTCDate() === d ? at : undefined;
}
/** Month `m`, day `d` of `year` when said; else the first one on or after `from`. */
function nextDate(from: number, m: number, d: number, year?: string): number | undefined {
  if (year) return dateOf(Number(year), m, d);
  const y = new Date(from).getUTCFullYear();
  for (let i = 0; i < 9; i++) {
    const at = dateOf(y + i, m, d);
    if (at !== undefined && at >= from) return at;
  }
  return undefined;
}

/** A Chinese hour in numerals ("三点", "十一点") in digits; "一点" only where it cannot be "a little" (便宜一点). */
function zhHour(n: string, at: number, text: string): string {
  if (n === '一' && !/[\uE001-\uE003午]/.test(text.charAt(at - 1)) && !/[半钟鐘整\d]/.test(text.charAt(at + 2)))
    return n;
  if (n === '两' || n === '兩') return '2';
  return String(n.startsWith('十') ? 10 + Math.max(0, ZH_DIGITS.indexOf(n[1] ?? '〇')) : ZH_DIGITS.indexOf(n));
}

/** The hour asked, in minutes, and the span that said it; `said` is the part of the day said anywhere. */
function readTime(t: string, cue: RegExp, language: Language, said?: Part) {
  for (const m of t.matchAll(HOUR)) {
    const end = m.index + m[0].length;
    const after = t.slice(end, end + 40);
    let rest = after;
    const take = (re: RegExp, when = true) => {
      const found = when ? re.exec(rest) : null;
      if (found) rest = rest.slice(found[0].length);
      return found ?? undefined;
    };
    // German "um 3 am Samstag": "am" is "on the", not before noon.
    const meridiem = take(AMPM, language !== 'de' || !/^ ?am /.test(rest))?.[1];
    const unit = take(UNIT, !meridiem);
    let minute = m[3] ?? take(MINUTES, Boolean(unit))?.[1];
    const half = take(HALF, minute === undefined);
    if (half) minute = half[1] ? '30' : '15';
    const token = take(TOKEN)?.[1];
    const before = t.slice(Math.max(0, m.index - 30), m.index);
    const sure = m[2] === ':' || m[2] === 'h' || meridiem || unit || token;
    if (/[$€£#] ?$/.test(before) || !(sure || (cue.test(before) && !counts(after)))) continue;
    let hour = Number(m[1]);
    const part = token ? PARTS[TOKENS.indexOf(token)] : said;
    if (meridiem) {
      if (hour < 1 || hour > 12) continue;
      hour = (hour % 12) + (meridiem === 'p' ? 12 : 0);
    } else if (part === 'afternoon' || part === 'evening' ? hour < 12 : part !== 'morning' && hour >= 1 && hour <= 7)
      hour += 12; // viewings are in the day: a bare 1 to 7 is the afternoon's
    if (hour > 23 || Number(minute ?? 0) > 59) continue;
    return { time: hour * 60 + Number(minute ?? 0), at: m.index, end: end + after.length - rest.length };
  }
  return undefined;
}

/** The day a date or a weekday says, as UTC milliseconds. */
function readDate(t: string, tables: readonly Words[], language: Language, from: number): number | undefined {
  const iso = /(?<!\d)(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/.exec(t);
  if (iso) return dateOf(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const zh = /(?:(\d{4})年)?(\d{1,2})月(\d{1,2})[日号號]/.exec(t);
  if (zh) return nextDate(from, Number(zh[2]), Number(zh[3]), zh[1]);
  const slash = /(?<![\d.,/:$€£])(\d{1,2})\/(\d{1,2})(?:\/(\d{4}|\d{2}))?(?![\d/])/.exec(t);
  // Not the fraction of "1 1/2 baths".
  if (slash && !counts(t.slice(slash.index + slash[0].length)) && !/\d $/.test(t.slice(0, slash.index))) {
    const [a, b] = (language === 'en' ? [slash[1], slash[2]] : [slash[2], slash[1]]).map(Number) as [number, number];
    const day = nextDate(from, a, b, slash[3]) ?? nextDate(from, b, a, slash[3]);
    if (day !== undefined) return day;
  }
  const months = groups(tables, (w) => w.months, 12);
  const year = '(?:,? (?:de )?(\\d{4}))?';
  const dayFirst = new RegExp(`${B}(\\d{1,2})(?:st|nd|rd|th|er|o)?\\.? ?(?:of |de |del )?(?:${months})${year}`, 'u');
  const d1 = dayFirst.exec(t);
  if (d1) return nextDate(from, which(d1, 2, 12) + 1, Number(d1[1]), d1[14]);
  const monthFirst = new RegExp(`(?:${months})\\.? ?(\\d{1,2})(?:st|nd|rd|th)?${E}${year}`, 'u');
  const d2 = monthFirst.exec(t);
  if (d2 && !counts(t.slice(d2.index + d2[0].length)))
    return nextDate(from, which(d2, 1, 12) + 1, Number(d2[13]), d2[14]);
  const alone = wordsOf(tables, (w) => w.dayOfMonth).exec(t);
  const dayOfMonth = alone && !counts(t.slice(alone.index + alone[0].length)) && Number(alone[1] ?? alone[2]);
  for (let i = 0, start = new Date(from); dayOfMonth && i < 13; i++) {
    const month = start.getUTCMonth() + i;
    const at = dateOf(start.getUTCFullYear() + Math.floor(month / 12), (month % 12) + 1, dayOfMonth);
    if (at !== undefined && at >= from) return at;
  }
  const next = anyOf(tables, (w) => w.next);
  const after = anyOf(tables, (w) => w.nextAfter);
  const weekdays = groups(tables, (w) => w.weekdays, 7);
  const weekday = new RegExp(`(?:(${next}) ?)?(?:${weekdays})(?: (${after}))?`, 'u').exec(t);
  if (!weekday) return undefined;
  const target = which(weekday, 2, 7);
  const dow = new Date(from).getUTCDay();
  const monday = (d: number) => (d + 6) % 7;
  // 下周六: the Saturday of the week after this one (a week starts on Monday).
  if (weekday[1]?.startsWith('下')) return from + (7 - monday(dow) + monday(target)) * DAY_MS;
  const ahead = (target - dow + 7) % 7;
  return from + (ahead === 0 && (weekday[1] ?? weekday[9]) ? 7 : ahead) * DAY_MS;
}

/**
 * `today` is the local day in the chatbot's time zone (YYYY-MM-DD). A weekday means its next occurrence
 * from today (today itself when it is that weekday); "next <weekday>" in English means the same unless
 * today is that weekday, then a week later. "today", "tomorrow", "the day after tomorrow" (and each
 * language's words: hoy/mañana/pasado mañana, aujourd'hui/demain/après-demain, heute/morgen/übermorgen,
 * hoje/amanhã/depois de amanhã, اليوم/غدا/غداً/بعد غد, 今天/明天/后天/後天), and dates: "March 14", "14 March",
 * "the 14th", "14 de marzo", "14 mars", "14. März", "14 de março", "3月14日", "14/3" (day/month in every language
 * but English, where "3/14" is month/day; when a numeric date cannot be a valid date one way, try the other),
 * "2027-03-14". A date without a year is the next one on or after today. Weekdays in every language (with and
 * without accents: sábado/sabado, samedi, Samstag/Sonnabend, sábado, السبت, 星期六/周六/週六/礼拜六).
 */
export function askedWhen(question: string, language: Language, today: string): AskedWhen {
  const tables = language === 'en' ? [WORDS.en] : [WORDS.en, WORDS[language]];
  const greetings = wordsOf(tables, (w) => w.greetings, 'gu');
  let t = plain(question).replace(greetings, ' ');
  if (language === 'de')
    t = t.replace(/(tag|mittwoch|sonnabend)(?=morgen|vormittag|mittag|nachmittag|abend|nacht)/g, '$1 ');
  const days = groups(tables, (w) => w.days, 4);
  const counted = new RegExp(days, 'u').exec(t);
  // Each part of the day becomes its token: "3 de la tarde" then reads as "3 pm".
  let part: Part | undefined;
  const parts = PARTS.map((p) => `(${anyOf(tables, (w) => w[p])})`).join('|');
  t = t.replace(new RegExp(parts, 'gu'), (...found: unknown[]) => {
    const i = found.slice(1, 4).findIndex((g) => g !== undefined);
    part ??= PARTS[i];
    return TOKENS[i]!;
  });
  if (language === 'zh') t = t.replace(/(?:十[一二]?|[一二两兩三四五六七八九])(?=[点點时時])/g, zhHour);
  const asked: AskedWhen = {};
  const time = readTime(t, new RegExp(`(?:${anyOf(tables, (w) => w.cue)}|@) ?$`, 'u'), language, part);
  if (time) {
    asked.time = time.time;
    t = `${t.slice(0, time.at)} ${t.slice(time.end)}`;
  } else if (wordsOf(tables, (w) => w.noon).test(t)) asked.time = 720;
  const from = Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1, Number(today.slice(8, 10)));
  const day = readDate(t, tables, language, from) ?? (counted ? from + which(counted, 1, 4) * DAY_MS : undefined);
  if (day !== undefined && !Number.isNaN(day)) asked.day = new Date(day).toISOString().slice(0, 10);
  if (part) asked.part = part;
  return asked;
}
