/**
 * The numbers of a question, as ranges: area, year built, bedrooms and bathrooms, parking and
 * money. Each reader takes what it understood out of the text, so no number is read twice.
 */
import type { Range } from './criteria.ts';

export const SQFT_PER_SQM = 10.7639;

const NUM = '(\\d+(?:\\.\\d+)?)';
/**
 * "3+" or "3 or more" between a count and its noun, written `\s*(?:${OR_MORE}\s*)?`: no two runs of
 * spaces side by side, which a pattern could trade between (super-linear backtracking).
 */
const OR_MORE = '(\\+|or more|or fewer|or less)';
/** "nothing", "not", "no homes", "don't want anything": what follows is ruled out. */
const NOT_ANY =
  "(?:nothing|none|not|no (?:homes?|houses?|ones?|places?)|(?:don'?t|do not) want(?: (?:anything|something|homes?|houses?|places?|one|ones))?)";
const AT_LEAST = /(at least|no less than|not less than|min(?:imum)?|from|starting at|>=)$/;
const AT_MOST = /(at most|no more than|not more than|max(?:imum)?|up to|within|<=)$/;
const MORE_THAN = /(more than|over|above|bigger than|larger than|greater than|>)$/;
const LESS_THAN = /(less than|fewer than|under|below|cheaper than|smaller than|<)$/;
const COMPARATOR =
  /(at least|min(?:imum)?|from|starting at|more than|over|above|greater than|under|below|less than|cheaper than|max(?:imum)?|at most|up to|no more than|within|between|budget(?: of| is)?|[<>]=?)\s*$/;
const BEDS = '(?:bed(?:room)?s?|br|bd|bdrms?)';
const BATHS = '(?:bath(?:room)?s?|ba)';

/**
 * The range a number stands for, from the words around it: "at least 3", "3+", "3 or more" → min;
 * "at most 3", "no more than 3" → max; "more than 3" → min 4 and "under 3" → max 2, a small count
 * moving by `step` (half a bathroom for baths); otherwise `plain`. Inclusive words are tested first:
 * "no more than" ends with "more than".
 */
function ranged(
  before: string,
  value: number,
  after: string,
  plain: 'exact' | 'min' | 'max',
  step = Number.isInteger(value) && value < 100 ? 1 : 0,
): Range {
  const b = before.trim();
  const a = after.trim();
  if (/^(\+|or more|or bigger|or larger|or newer|plus)/.test(a) || AT_LEAST.test(b)) return { min: value };
  if (/^(or less|or fewer|or under)/.test(a) || AT_MOST.test(b)) return { max: value };
  if (MORE_THAN.test(b)) return { min: value + step };
  if (LESS_THAN.test(b)) return { max: value - step };
  return plain === 'exact' ? { min: value, max: value } : plain === 'min' ? { min: value } : { max: value };
}

function amount(digits: string, suffix = ''): number {
  const n = Number(digits);
  return /^(k|thousand)$/i.test(suffix) ? n * 1e3 : /^(m|mm|million)$/i.test(suffix) ? n * 1e6 : n;
}

export interface Numbers {
  area?: Range;
  yearBuilt?: Range;
  bedrooms?: Range;
  bathrooms?: Range;
  minParking?: number;
  price?: Range;
}

/** Reads the numbers of normalized text `t` into `c`; returns the text without them. */
export function readNumbers(t: string, c: Numbers, now: Date): string {
  t = t.replace(
    /(.{0,25}?)(?<![\d.])(\d+(?:\.\d+)?)(?:\s*(k))?\s*(sq\.? ?ft|sqft|square (?:feet|foot)|ft2|ft²|sf|sq\.? ?m\b|sqm|square met(?:er|re)s?|m2|m²)(.{0,12})/g,
    (_, before: string, n: string, k: string, unit: string, after: string) => {
      const value =
        amount(n, k) * (/m/.test(unit.replace(/square (feet|foot)/, '')) && !/ft/.test(unit) ? SQFT_PER_SQM : 1);
      c.area = { ...c.area, ...ranged(before, value, after, 'min') };
      return `${before} ${after}`;
    },
  );
  // "nothing built before 1950", "don't want anything older than 1980": a lower bound ("nothing newer than 2000": an upper one).
  t = t.replace(
    new RegExp(
      `\\b${NOT_ANY}\\s+(?:(?:that was|that were|that's|was|were|that is|is)\\s+)?(?:built\\s+|constructed\\s+)?(before|prior to|older than|after|newer than)\\s+(\\d{4})\\b`,
      'g',
    ),
    (_, when: string, y: string) => {
      c.yearBuilt = /before|prior|older/.test(when) ? { min: Number(y) } : { max: Number(y) };
      return ' ';
    },
  );
  t = t.replace(
    /\b(built|constructed|year built|built in)(?:\s*(after|since|before|prior to|in))?\s*(\d{4})\b/g,
    (_, __, when: string | undefined, y: string) => {
      const year = Number(y);
      c.yearBuilt =
        when === 'after'
          ? { min: year + 1 }
          : when === 'since'
            ? { min: year }
            : when === 'before' || when === 'prior to'
              ? { max: year - 1 }
              : { min: year, max: year };
      return ' ';
    },
  );
  t = t.replace(/\b(newer|older) than (\d{4})\b/g, (_, which: string, y: string) => {
    c.yearBuilt = which === 'newer' ? { min: Number(y) + 1 } : { max: Number(y) - 1 };
    return ' ';
  });
  if (/\bnew (construction|build)\b/.test(t)) c.yearBuilt = { min: now.getUTCFullYear() - 2 };

  // Rooms and parking. "2-3 bedrooms", "between 1 and 2 baths" first: the money below would read them as a budget.
  t = t.replace(
    new RegExp(`\\b(?:between\\s*)?${NUM}\\s*(?:-|to|and|or)\\s*${NUM}\\s*(?:-\\s*)?(${BEDS}|${BATHS})\\b`, 'g'),
    (match: string, a: string, b: string, noun: string) => {
      const [min, max] = [Number(a), Number(b)].sort((x, y) => x - y) as [number, number];
      if (max >= 20) return match;
      if (/^ba/.test(noun)) c.bathrooms = { min, max };
      else c.bedrooms = { min, max };
      return ' ';
    },
  );
  t = t.replace(
    new RegExp(`(.{0,20}?)\\b${NUM}\\s*(?:${OR_MORE}\\s*)?(?:-\\s*)?${BEDS}\\b(.{0,10})`, 'g'),
    (_, before: string, n: string, more: string | undefined, after: string) => {
      c.bedrooms = ranged(before, Number(n), `${more ?? ''}${after}`, 'exact');
      return `${before} ${after}`;
    },
  );
  if (/\bstudios?\b/.test(t)) c.bedrooms = { min: 0, max: 0 };
  t = t.replace(
    new RegExp(`(.{0,20}?)\\b${NUM}\\s*(?:${OR_MORE}\\s*)?(?:-\\s*)?${BATHS}\\b(.{0,10})`, 'g'),
    (_, before: string, n: string, more: string | undefined, after: string) => {
      c.bathrooms = ranged(before, Number(n), `${more ?? ''}${after}`, 'min', 0.5);
      return `${before} ${after}`;
    },
  );
  // "3 car garage", "2+ parking spots", "at least 3 parking spaces", "I have 3 cars"; "how many parking spots?" asks, it does not require.
  t = t.replace(
    new RegExp(
      `(?:\\b(?:at least|min(?:imum)?(?: of)?)\\s+)?\\b${NUM}\\s*(?:(?:\\+|or more)\\s*)?(?:-?car\\b|cars\\b|parking)\\s*(?:garages?|spots?|spaces?)?`,
      'g',
    ),
    (_, n: string) => {
      c.minParking = Math.max(c.minParking ?? 0, Number(n));
      return ' ';
    },
  );
  if (
    c.minParking === undefined &&
    /\b(parking|garage|carport)\b/.test(t) &&
    !/\bhow (?:many|much) (?:parking|garage)/.test(t)
  )
    c.minParking = 1;
  return readMoney(t, c);
}

/** Money: a number with $, k/m, a comparator before it or "/month" after it (not a ZIP or a house number). */
function readMoney(t: string, c: Numbers): string {
  const MONEY = `\\$?\\s?(\\d+(?:\\.\\d+)?)\\s?(k|m|mm|thousand|million)?\\b`;
  const between = new RegExp(
    `(?:between|from)\\s*${MONEY}\\s*(?:and|to|-)\\s*${MONEY}|\\$\\s?(\\d+(?:\\.\\d+)?)\\s?(k|m)?\\s*(?:-|to)\\s*\\$?\\s?(\\d+(?:\\.\\d+)?)\\s?(k|m)?\\b`,
  ).exec(t);
  if (between) {
    const [a, as, b, bs] = between[1] ? between.slice(1, 5) : between.slice(5, 9);
    // "between 300 and 500k": the scale said once is the first's too — unless the first is the larger
    // figure as written ("between 1000000 and 1.5m", "between 900 and 1.2k").
    let min = amount(a!, as ?? (Number(a) <= Number(b) ? bs : undefined));
    const max = amount(b!, bs);
    // "between 150 and 250000" (from "one hundred fifty and two hundred fifty thousand"): the scale is said once.
    while (!as && !bs && min < 1000 && min * 1000 <= max) min *= 1000;
    c.price = { min, max };
    t = t.replace(between[0], ' ');
  }
  return t.replace(
    new RegExp(`(.{0,24}?)(\\$)?\\s?(?<![\\d.])(\\d+(?:\\.\\d+)?)\\s?(k|m|mm|thousand|million)?\\b(.{0,12})`, 'g'),
    (
      whole: string,
      before: string,
      dollar: string | undefined,
      n: string,
      suffix: string | undefined,
      after: string,
    ) => {
      const monthly = /^\s*(\/ ?mo|per month|a month|monthly)/.test(after);
      if (!dollar && !suffix && !monthly && !COMPARATOR.test(before.trim())) return whole;
      const value = amount(n, suffix);
      c.price = /\b(around|about|approximately|roughly)\s*$/.test(before)
        ? { min: value * 0.9, max: value * 1.1 }
        : { ...c.price, ...ranged(before, value, after, 'max') };
      return `${before} ${after}`;
    },
  );
}
