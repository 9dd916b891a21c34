/**
 * What a question asks of listings already known ("how much is it?", "does the second one have
 * parking?", "does it have a pool?", "do they allow dogs?"): which of a listing's facts, which
 * features, which of the owner's own columns. The answer says it (answer/about.ts).
 */
import type { Listing } from '../../../protocol/index.ts';
import { featuresIn, type Feature } from '../reading/features.ts';
import { normalize } from '../reading/places.ts';

/** What the engine may be asked of one listing. */
export type Attribute =
  | 'price'
  | 'bedrooms'
  | 'bathrooms'
  | 'area'
  | 'year'
  | 'parking'
  | 'hoa'
  | 'deposit'
  | 'status'
  | 'tour'
  | 'lot'
  | 'address'
  | 'days'
  | 'type'
  | 'mls';

const ATTRIBUTES: [RegExp, Attribute][] = [
  [
    /\b(how much|price|prices|priced|cost|costs|asking|the rent|monthly rent|rent for|expensive|afford)\b|\b(under|over|below|above|less than|more than) \$?\d/,
    'price',
  ],
  [/\b(bed ?rooms?|beds?|br)\b/, 'bedrooms'],
  [/\b(bath ?rooms?|baths?)\b/, 'bathrooms'],
  [/\b(how big|how large|size|square (?:feet|foot|footage|meters)|sq ?ft|living space|how much space)\b/, 'area'],
  [/\b(when was (?:it|that|this|they) built|year built|built|how old|age)\b/, 'year'],
  [/\b(parking|garage|car spots?|carport)\b/, 'parking'],
  [/\b(hoa|association|fees?|dues)\b/, 'hoa'],
  [/\b(deposit)\b/, 'deposit'],
  [
    /\b(available|availability|still (?:on the market|for sale|for rent|there)|sold|status|on the market|taken|off the market|active)\b/,
    'status',
  ],
  [/\b(tours?|3d|virtual|open house)\b/, 'tour'],
  [/\b(lot|land)\b/, 'lot'],
  [/\b(where|address|location|located|neighbou?rhood|zip|which city|what city)\b/, 'address'],
  [/\b(how long|days on (?:the )?market|when was it listed)\b/, 'days'],
  [/\b(what kind|what type|type of|kind of)\b/, 'type'],
  [/\bmls\b/, 'mls'],
];

/** What a question asks of a listing, in the order above (an MLS number that names the listing asks nothing of it). */
export function attributesAsked(question: string): { attributes: Attribute[]; features: Feature[] } {
  const t = normalize(question).replace(/\bmls(?:\s*(?:#|no\.?|number))?(?:\s*[:#-])?\s*[a-z0-9][a-z0-9-]*/g, ' ');
  return { attributes: ATTRIBUTES.filter(([p]) => p.test(t)).map(([, a]) => a), features: featuresIn(t) };
}

/** Words a question uses for what an owner's extension column is about ("dog" for Pets). */
const KEY_WORDS: [RegExp, RegExp][] = [
  [/\bpets?\b/, /\b(?:pets?|dogs?|cats?|animals?|puppy|kitten)\b/],
  [/\butilit(?:y|ies)\b/, /\b(?:utilit(?:y|ies)|water|trash|garbage|electric(?:ity)?|gas|internet|wi-?fi|bills?)\b/],
  [/\bschools?\b/, /\b(?:schools?|elementary|middle school|high school)\b/],
  [/\bheat(?:ing)?\b/, /\b(?:heat(?:ing|ed)?|furnace|warm)\b/],
  [/\b(?:cooling|air conditioning|a\/c|ac)\b/, /\b(?:cool(?:ing)?|air conditioning|a\/c|ac)\b/],
  [/\bviews?\b/, /\b(?:views?|overlook\w*|look(?:s)? out)\b/],
  [/\b(?:garage|parking)\b/, /\b(?:garage|parking|car)\b/],
];
const stemOf = (w: string) => w.replace(/ies$/, 'y').replace(/(?<=[^s])s$/, '');

/** The owner's extension columns a question asks about: its key's words in the question ("pool", "pets" → "dog"). */
export function extensionsAsked(l: Listing, question: string): Listing['ExtensionColumn'] {
  const t = normalize(question);
  const asked = new Set(
    t
      .split(/[^\p{L}]+/u)
      .filter((w) => w.length > 2)
      .map(stemOf),
  );
  return l.ExtensionColumn.filter((x) => {
    const key = x.Key.toLowerCase();
    if (KEY_WORDS.some(([k, words]) => k.test(key) && words.test(t))) return true;
    return key.split(/[^\p{L}]+/u).some((w) => w.length > 2 && asked.has(stemOf(w)));
  });
}

/** "what kind of pool": the kind of that thing, not of home. */
const KIND_OF_THING =
  /\b(?:what|which) (?:kind|type|sort)s? of (?!(?:home|house|property|place|building|unit|listing)\b)\w+/;

/**
 * What `question` asks of one listing: its facts, the features the listing's words are searched
 * for, and the owner's columns that answer it; null when it asks nothing in particular (all of it).
 */
export function askedOfOne(
  l: Listing,
  question: string,
): { attributes: Attribute[]; features: Feature[]; extensions: Listing['ExtensionColumn'] } | null {
  const asked = attributesAsked(question);
  const extensions = extensionsAsked(l, question);
  const attributes = KIND_OF_THING.test(normalize(question))
    ? asked.attributes.filter((a) => a !== 'type')
    : asked.attributes;
  // A feature the owner's own column answers is answered by it, not searched for in words.
  const features = asked.features.filter(
    (f) =>
      !extensions.some((x) =>
        f.terms.some((t) => stemOf(x.Key.toLowerCase()).includes(t) || t.includes(stemOf(x.Key.toLowerCase()))),
      ),
  );
  if (!attributes.length && !features.length && !extensions.length) return null;
  return { attributes, features, extensions };
}
