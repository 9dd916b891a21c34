/**
 * A visitor editing the search in force: dropping a filter ("forget the budget", "never mind the
 * pool", "parking doesn't matter", "any price is fine", "no preference on bedrooms", "I don't care
 * about a yard anymore") and restating it ("ok just show me everything for rent in Portland"),
 * which replaces what it restates. Each pattern is bounded: reading is linear in the question.
 */
import type { Criteria } from './criteria.ts';
import { featuresIn } from './features.ts';

/** What a drop can take away. */
export type Dropped =
  'price' | 'bedrooms' | 'bathrooms' | 'parking' | 'area' | 'year' | 'type' | 'place' | 'tour' | 'sale' | 'feature';

/** The words that name each filter, as visitors call them. */
const FILTERS: [RegExp, Dropped][] = [
  [/^(?:budget|price|prices|cost|money|max(?:imum)?|rent amount|the rent)$/, 'price'],
  [/^(?:bed ?rooms?|beds?|bedroom count|number of bedrooms|rooms)$/, 'bedrooms'],
  [/^(?:bath ?rooms?|baths?)$/, 'bathrooms'],
  [/^(?:parking|garage|parking spots?|car spots?)$/, 'parking'],
  [/^(?:size|square (?:feet|footage)|sq ?ft|space)$/, 'area'],
  [/^(?:year|age|year built|how old it is)$/, 'year'],
  [/^(?:type|kind|property type|home type|condos?|houses?|apartments?|townhouses?|townhomes?)$/, 'type'],
  [/^(?:city|cities|location|area|place|neighbou?rhood|street|where)$/, 'place'],
  [/^(?:tours?|3d tours?|open houses?)$/, 'tour'],
];

// "forget the budget", "never mind the pool", "drop the parking", "ignore the yard".
const FORGET =
  /\b(forget|never ?mind|ignore|drop|skip|scrap|lose)\s+(?:about\s+)?(?:(?:the|my|a|an)\s+)?([a-z][a-z ]{0,24}?)(?=\s*(?:$|[,.!?;]|\b(?:requirement|filter|part|thing|then|please|and|too|anymore|any more|for now)\b))/;
// "I don't care about a yard anymore", "no preference on bedrooms", "not fussed about parking".
const INDIFFERENT =
  /\b(?:(?:i|we)\s+)?(?:don'?t|do not|doesn'?t|does not)\s+(?:really\s+)?(?:care|mind|worry)\s+(?:about|for)\s+(?:the\s+|a\s+|an\s+|my\s+)?([a-z][a-z ]{0,24}?)(?=\s*(?:$|[,.!?;]|\b(?:anymore|any more|really|at all|then|now|and|either)\b))|\b(?:no|any) preference (?:on|for|about) (?:the\s+)?([a-z][a-z ]{0,24}?)(?=\s*(?:$|[,.!?;]))|\bnot fussed (?:about|on) (?:the\s+)?([a-z][a-z ]{0,24}?)(?=\s*(?:$|[,.!?;]))/;
// "parking doesn't matter", "the budget is not important", "bedrooms are flexible".
const NO_MATTER =
  /\b(?:the\s+)?([a-z][a-z ]{0,24}?)\s+(?:doesn'?t|does not|don'?t|do not)\s+matter\b|\b(?:the\s+)?([a-z][a-z ]{0,24}?)\s+(?:is|are)\s+(?:not important|unimportant|flexible|optional|negotiable)\b/;
// "any price is fine", "any number of bedrooms", "any type works".
const ANY =
  /\bany\s+(price|budget|number of bed ?rooms|bed ?rooms|number of bath ?rooms|bath ?rooms|size|type|kind|city|location|area)\b(?:\s+(?:is|are|would be)\s+(?:fine|ok|okay|good)|\s+works|\s+is all right)?/;

/** What a question drops from the search, or null when it drops nothing. */
export function readDrops(t: string): { dropped: Dropped[]; features: string[] } | null {
  const forget = FORGET.exec(t);
  // "drop the condos", "skip houses": a kind ruled out (negation.ts), not a filter dropped.
  const forgot =
    forget &&
    !(
      /^(?:drop|skip|scrap|lose)$/.test(forget[1]!) &&
      FILTERS.some(([p, f]) => f === 'type' && p.test(forget[2]!.trim().replace(/^(?:the|a|an|my)\s+/, '')))
    );
  const words = [
    forgot ? forget[2] : undefined,
    ...(INDIFFERENT.exec(t)?.slice(1) ?? []),
    ...(NO_MATTER.exec(t)?.slice(1) ?? []),
    ANY.exec(t)?.[1],
  ].filter((w): w is string => Boolean(w));
  if (!words.length) return null;
  const dropped: Dropped[] = [];
  const features: string[] = [];
  for (const raw of words) {
    const word = raw.trim().replace(/^(?:the|a|an|my)\s+/, '');
    const field = FILTERS.find(([pattern]) => pattern.test(word))?.[1];
    if (field) dropped.push(field);
    // Anything else named is a feature the search looked for in the listings' words ("the pool", "a yard").
    else features.push(...(featuresIn(`with ${word}`)[0]?.terms ?? []));
  }
  if (features.length) dropped.push('feature');
  return dropped.length ? { dropped, features } : null;
}

/** The search without what was dropped; the rest kept as it was. */
export function withoutDropped(c: Criteria, drops: { dropped: Dropped[]; features: string[] }): Criteria {
  const out: Criteria = { ...c, exclude: { ...c.exclude }, sort: c.sort, limit: undefined, rank: undefined };
  for (const d of drops.dropped) {
    if (d === 'price') delete out.price;
    if (d === 'bedrooms') delete out.bedrooms;
    if (d === 'bathrooms') delete out.bathrooms;
    if (d === 'parking') delete out.minParking;
    if (d === 'area') delete out.area;
    if (d === 'year') delete out.yearBuilt;
    if (d === 'type')
      Object.assign(out, { propertyTypes: [], exclude: { ...out.exclude, propertyTypes: [], studios: false } });
    if (d === 'place')
      Object.assign(out, { cities: [], states: [], zips: [], streets: [], streetNames: [], unknownPlaces: [] });
    if (d === 'tour') Object.assign(out, { tours: [], anyTour: false });
    if (d === 'feature')
      out.features = c.features.filter((f) => !f.terms.some((term) => drops.features.includes(term)));
  }
  return out;
}

/**
 * A restatement: "just show me houses for rent in Denver", "ok show me everything for rent in
 * Portland" — a search of its own that replaces the one before, not a refinement of it.
 */
export const RESTATES =
  /\b(?:just|only) (?:show|give|find) (?:me|us)\b|\bshow me (?:everything|all)\b(?! of (?:them|those|these))|\beverything (?:for|in)\b|\b(?:start|search) (?:again|fresh)\b/;
