/**
 * Which listings a follow-up points at: "the second one", "the first two", "the last one", "both",
 * "them", "it", "that one", "the one on Larimer St" — resolved against what the conversation showed.
 */
import type { Listing } from '../../../protocol/index.ts';
import { streetOf } from './places.ts';
import { ORDINALS } from './words.ts';

/** What the conversation has shown, for resolving references. */
export interface Shown {
  /** The cards of the last answer that showed several listings, in order. */
  list: Listing[];
  /** The cards of the last answer. */
  last: Listing[];
  /** The one listing the conversation is about now, if there is one. */
  focus?: Listing;
  /** The listing of the page the visitor asks from (page.ts): "this house" there. */
  page?: Listing;
}

export type Reference =
  /** These listings, for sure. */
  | { kind: 'listings'; listings: Listing[] }
  /** "it" while several listings are in view: which one is meant is not known. */
  | { kind: 'ambiguous'; candidates: Listing[] };

const ORDINAL = `(${Object.keys(ORDINALS).join('|')}|last|final|top)`;
const THING = '(?:one|home|house|listing|condo|apartment|place|property|option|rental|townhouse|unit|result)';
/** "the first 2", "the last 2", "the top 3" (numbers in words are digits by now). */
const FIRST_N = new RegExp(`\\b(?:the )?(first|last|top) (\\d+)\\b(?! ?(?:bed|bath|br|bd|ba\\b|k\\b|sq|car))`);
/** "the second one", "the 2nd home", "number 2", "#2", "option 3", "the second and third". */
const NTH = new RegExp(
  `\\b(?:the ${ORDINAL}(?: (?:and|&) (?:the )?${ORDINAL})?(?: ${THING}s?)?|${ORDINAL} ${THING}|(?:number|no\\.?|option|#) ?(\\d{1,2})\\b)`,
  'g',
);
const BOTH = /\b(both|both of them|the two of them|either)\b/;
const THEM = /\b(them|they|those|these|all of them|each of them|each one|all (?:of )?(?:those|these)|their)\b/;
const IT =
  /\b(it|its|it's|that one|this one|the one|(?:that|this) (?:home|house|listing|condo|apartment|place|property|rental|townhouse|unit))\b/;
/** "this house", "this one": on a listing's page, that listing, whatever the conversation showed since. */
export const THIS_HOME = /\bthis (?:one|home|house|listing|condo|apartment|place|property|rental|townhouse|unit)\b/;

/** "the one at $950", "the $950 one", "el de 950" (read "the of 950"): a listing in view by its price. */
export const PRICED_ONE =
  /\bthe (?:one |home |house |listing |apartment |condo |place )?(?:at|for|of) \$?(\d{3,9})\b(?! ?(?:bed|bath|br|sq|k\b))|\bthe \$?(\d{3,9}) (?:one|home|house|listing|apartment|condo|place)\b/;

const position = (word: string, length: number): number | null => {
  if (word === 'last' || word === 'final') return length;
  if (word === 'top') return 1;
  return ORDINALS[word] ?? null;
};

/** What `t` (normalized, numbers as digits) points at among what was shown; null when it points at nothing. */
export function resolveReference(t: string, shown: Shown): Reference | null {
  const list = shown.list.length ? shown.list : shown.last;
  const firstN = FIRST_N.exec(t);
  if (firstN && list.length) {
    const n = Math.min(Number(firstN[2]), list.length);
    return { kind: 'listings', listings: firstN[1] === 'last' ? list.slice(-n) : list.slice(0, n) };
  }
  const picked: Listing[] = [];
  for (const m of t.matchAll(NTH)) {
    for (const word of [m[1], m[2], m[3], m[4]]) {
      if (!word) continue;
      const i = /^\d+$/.test(word) ? Number(word) : position(word, list.length);
      if (i && list[i - 1] && !picked.includes(list[i - 1]!)) picked.push(list[i - 1]!);
    }
  }
  if (picked.length) return { kind: 'listings', listings: picked };
  if (shown.page && THIS_HOME.test(t)) return { kind: 'listings', listings: [shown.page] };
  // "the one on Larimer St", "the Oak St one": a street of a listing in view.
  const inView = [...new Set([...shown.last, ...list, ...(shown.focus ? [shown.focus] : [])])];
  const onStreet = inView.filter((l) => {
    const street = streetOf(l.Address)
      .written.toLowerCase()
      .replace(/[^\p{L}\p{N} ]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
    const name = street
      .split(' ')
      .filter((w) => w.length > 2 && !/^(st|ave|rd|dr|ln|blvd|ct|pl|way|street|avenue|road|drive|lane)$/.test(w));
    return name.length > 0 && new RegExp(`\\b${name.join(' ')}\\b`).test(t);
  });
  if (onStreet.length && onStreet.length < inView.length) return { kind: 'listings', listings: onStreet };
  if (BOTH.test(t) && shown.last.length >= 2) return { kind: 'listings', listings: shown.last.slice(0, 2) };
  if (THEM.test(t) && shown.last.length >= 2) return { kind: 'listings', listings: shown.last };
  if (IT.test(t)) {
    if (shown.focus) return { kind: 'listings', listings: [shown.focus] };
    if (shown.last.length === 1) return { kind: 'listings', listings: shown.last };
    if (shown.last.length > 1) return { kind: 'ambiguous', candidates: shown.last };
    if (shown.page) return { kind: 'listings', listings: [shown.page] };
  }
  return null;
}
