/**
 * Answers about listings already known: all of one listing as a readable paragraph, or what a
 * question asks of it ("how much is it?", "does the second one have parking?", "does it have a
 * pool?") — and several side by side.
 */
import { addressText, type Listing } from '../../../protocol/index.ts';
import { featuresIn, mentions, sentencesAbout, type Feature } from '../reading/features.ts';
import { listingLink, md, mdUrl } from './format.ts';
import { normalize } from '../reading/places.ts';
import type { Attribute, Writing } from '../writing/index.ts';

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

const link = (l: Listing) => `**${listingLink(l)}**`;

/** Whether the listing's own words mention a feature, said plainly: the sentence of its description that does, quoted. */
function featureFact(w: Writing, l: Listing, f: Feature): string {
  const sentences = sentencesAbout(l, f);
  return w.featureFact(
    sentences.length ? sentences.slice(0, 2).join(' ') : undefined,
    mentions(l, f) || mentions(l, f, true),
    f.phrase,
  );
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
 * What `question` asks of one listing, or all of it when it asks nothing in particular — and
 * whether something asked is not in the listing at all (the owner should hear of it: noAnswer).
 */
export function aboutOne(w: Writing, l: Listing, question: string): { text: string; untold: boolean } {
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
  if (!attributes.length && !features.length && !extensions.length)
    return { text: listingDetails(w, l), untold: false };
  const quoted = extensions.map((x) => w.extensionFact(x.Key, x.value));
  const text = w.about(
    link(l),
    [...attributes.map((a) => w.fact(l, a)), ...quoted, ...features.map((f) => featureFact(w, l, f))].join(w.space),
  );
  return { text, untold: features.some((f) => !mentions(l, f) && !mentions(l, f, true)) };
}

/** Several listings: what the question asks of each, or a comparison of their main facts. */
export function aboutSeveral(w: Writing, listings: Listing[], question: string): string {
  const { attributes, features } = attributesAsked(question);
  if (attributes.length || features.length)
    return listings
      .map(
        (l) =>
          `- ${w.about(link(l), [...attributes.map((a) => w.fact(l, a)), ...features.map((f) => featureFact(w, l, f))].join(w.space))}`,
      )
      .join('\n');
  const names = w.compareRows;
  const rows = [
    [names.price, (l: Listing) => w.priceText(l)],
    [names.bedrooms, (l: Listing) => (l.Bedrooms === 0 ? w.studio : w.number(l.Bedrooms))],
    [names.bathrooms, (l: Listing) => w.number(l.Bathrooms)],
    [names.area, (l: Listing) => w.areaText(l)],
    [names.built, (l: Listing) => String(l.YearBuilt)],
    [names.parking, (l: Listing) => w.number(l.ParkingSpots)],
  ] as const;
  const head = `| | ${listings.map((l) => `[${md(l.Address || addressText(l))}](${mdUrl(l.Url)})`).join(' | ')} |`;
  const table = [
    head,
    `|---|${listings.map(() => '---').join('|')}|`,
    ...rows.map(([name, value]) => `| ${name} | ${listings.map(value).join(' | ')} |`),
  ];
  return w.comparison(table.join('\n'));
}

/** Everything about one listing but its photo (on its card), as a readable paragraph. */
export function listingDetails(w: Writing, l: Listing): string {
  const lines = [w.listingDetails(l, link(l))];
  if (l.Description)
    lines.push(w.description(l.Description.length > 600 ? `${l.Description.slice(0, 600)}…` : l.Description));
  lines.push(`[${w.viewListing}](${mdUrl(l.Url)})`);
  return lines.join('\n\n');
}
