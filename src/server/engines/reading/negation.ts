/**
 * What a question rules out: "not condos", "no apartments or townhouses", "except Denver", "anything
 * but rentals", "other than Austin", "excluding sold", "that aren't coming soon", "I don't want an
 * apartment", "no studios", "no HOA". The words ruled out are taken out of the text, so the rest of
 * the reading does not ask for them.
 */
import type { Listing } from '../../../protocol/index.ts';
import { placesAndKinds, type Vocabulary } from './places.ts';

export interface Exclusions {
  cities: string[];
  states: string[];
  zips: string[];
  propertyTypes: string[];
  saleTypes: Listing['SaleType'][];
  statuses: Listing['Status'][];
  /** "no studios": at least one bedroom. */
  studios: boolean;
  /** "no HOA": only listings without HOA dues. */
  hoa: boolean;
}

export const noExclusions = (): Exclusions => ({
  cities: [],
  states: [],
  zips: [],
  propertyTypes: [],
  saleTypes: [],
  statuses: [],
  studios: false,
  hoa: false,
});

export const excludesAnything = (x: Exclusions) =>
  Boolean(
    x.cities.length ||
    x.states.length ||
    x.zips.length ||
    x.propertyTypes.length ||
    x.saleTypes.length ||
    x.statuses.length ||
    x.studios ||
    x.hoa,
  );

/** A word that rules out what follows; "no more than", "not over" and the like compare instead. */
const CUE =
  /\b(not interested in|rather not|(?:are|is|were|was)n['’]?t|(?:do|does)(?:n['’]?t| not) (?:want|need|like)|not|no|non|never|except(?: for)?|excluding|exclude|other than|anything but|anywhere but|everything but|but not|apart from|besides|minus|outside(?: of)?|avoid|skip|without)\b-?\s*/gi;
const COMPARES =
  /^(more|less|fewer|later|earlier|bigger|smaller|larger|higher|lower|over|under|above|below|than|longer|older|newer|cheaper|pricier|problem|worries|thanks|thank)\b/i;
/** Where what a cue rules out ends. */
const SCOPE_END =
  /[,.;!?]|\s(?:in|near|with|under|over|below|above|between|around|that|which|who|at|from|but|please|for (?:sale|rent)|to (?:rent|buy)|under|less|max|up to)\b/i;
/** Leading words of a scope that belong to the cue ("except in Denver", "not a condo"). */
const LEAD = /^(?:(?:in|a|an|the|any|into|those|ones|homes|that are|which are|are|is)\s+)+/i;

/**
 * What a cue rules out is read within this many characters after it (six words and the words that
 * lead them), so each cue costs a bounded read, however long the question.
 */
const SCOPE_CHARS = 200;
/** At most this many phrases ruled out in one question (no person asks more); each is looked up among the listings' places. */
const MAX_RULED_OUT = 12;

export interface Negated {
  /** The text with each ruled-out phrase (and its cue) blanked. */
  text: string;
  exclude: Exclusions;
}

/** Finds what the question rules out among the listings' places and kinds, and the sale types, statuses, studios and HOA. */
export function negations(text: string, known: Vocabulary): Negated {
  const exclude = noExclusions();
  /** Where the phrases ruled out are, as [start, end) in order of their starts. */
  const blanks: [number, number][] = [];
  let read = 0;
  for (const m of text.matchAll(CUE)) {
    const at = m.index + m[0].length;
    const after = text.slice(at, at + SCOPE_CHARS);
    if (COMPARES.test(after)) continue;
    if (++read > MAX_RULED_OUT) break;
    const lead = LEAD.exec(after)?.[0] ?? '';
    const rest = after.slice(lead.length);
    const end = SCOPE_END.exec(` ${rest}`);
    const scope = rest
      .slice(0, end ? Math.max(0, end.index - 1) : rest.length)
      .split(/\s+/)
      .slice(0, 6)
      .join(' ');
    if (!scope) continue;
    const s = scope.toLowerCase();
    const found = placesAndKinds(scope, s, known);
    let any = false;
    const take = <T>(into: T[], values: T[]) => {
      for (const v of values) if (!into.includes(v)) into.push(v);
      any ||= values.length > 0;
    };
    take(exclude.cities, found.cities);
    take(exclude.states, found.states);
    take(exclude.zips, found.zips);
    take(exclude.propertyTypes, found.propertyTypes);
    if (/\b(rent|rentals?|leases?)\b/.test(s)) take(exclude.saleTypes, ['for_rent' as const]);
    if (/\b(for sale|sales?|to buy|purchase)\b/.test(s)) take(exclude.saleTypes, ['for_sale' as const]);
    if (/\bsold\b/.test(s)) take(exclude.statuses, ['Sold' as const]);
    if (/\b(coming soon|pre-?market|pre-?on-?market|upcoming)\b/.test(s))
      take(exclude.statuses, ['PreOnMarket' as const]);
    if (/\bstudios?\b/.test(s)) {
      exclude.studios = true;
      any = true;
    }
    if (/\b(hoa|hoas|association fees?)\b/.test(s)) {
      exclude.hoa = true;
      any = true;
    }
    // The phrase as written (its words one space apart, as the scope was read) is blanked where it stands.
    const phrase = `${m[0]}${lead}${scope}`;
    if (any && text.startsWith(phrase, m.index)) blanks.push([m.index, m.index + phrase.length]);
  }
  return { text: blanked(text, blanks), exclude };
}

/** `text` with each span blanked (spaces of the same length), in one pass: the spans come in order of their starts. */
function blanked(text: string, spans: readonly [number, number][]): string {
  if (!spans.length) return text;
  let out = '';
  let from = 0;
  for (const [start, end] of spans) {
    if (end <= from) continue;
    const begin = Math.max(start, from);
    out += text.slice(from, begin) + ' '.repeat(end - begin);
    from = end;
  }
  return out + text.slice(from);
}
