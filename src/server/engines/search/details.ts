/**
 * Answers about listings already known: all of one listing as a readable paragraph, or what a
 * question asks of it ("how much is it?", "does the second one have parking?", "does it have a
 * pool?") — and several side by side.
 */
import { addressText, type Listing } from '../../../protocol/index.ts';
import { featuresIn, mentions, sentencesAbout, type Feature } from '../reading/features.ts';
import { areaText, md, mdUrl, money, number, plural, priceText } from './format.ts';
import { normalize } from '../reading/places.ts';

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

const link = (l: Listing) => `**[${md(addressText(l))}](${mdUrl(l.Url)})**`;
const lotText = (l: Listing) => `${number(l.LotArea)} ${l.AreaUnit === 'Square Meters' ? 'm²' : 'sq ft'}`;
const STATUS_TEXT = {
  Active: 'active — on the market now',
  PreOnMarket: 'coming soon — not on the market yet',
  Sold: 'sold',
} as const;

/** "single-family home", "condo", "multi-family home". */
export const kindText = (l: Pick<Listing, 'PropertyType'>) =>
  md(
    l.PropertyType.toLowerCase()
      .replace(/^single[- ]family$/, 'single-family home')
      .replace(/^multi[- ]family$/, 'multi-family home'),
  ) || 'home';

/** "3 bedrooms and 2.5 bathrooms", "a studio with 1 bathroom". */
export const roomsText = (l: Pick<Listing, 'Bedrooms' | 'Bathrooms'>) =>
  l.Bedrooms === 0
    ? `a studio with ${plural(l.Bathrooms, 'bathroom')}`
    : `${plural(l.Bedrooms, 'bedroom')} and ${plural(l.Bathrooms, 'bathroom')}`;

/** One sentence answering `a` of `l`. */
function fact(l: Listing, a: Attribute): string {
  switch (a) {
    case 'price':
      return l.SaleType === 'for_rent' ? `It rents for **${priceText(l)}**.` : `It is for sale at **${priceText(l)}**.`;
    case 'bedrooms':
      return l.Bedrooms === 0
        ? 'It is a **studio** (no separate bedroom).'
        : `It has **${plural(l.Bedrooms, 'bedroom')}**.`;
    case 'bathrooms':
      return `It has **${plural(l.Bathrooms, 'bathroom')}**.`;
    case 'area':
      return `It has **${areaText(l)}** of living space.`;
    case 'year':
      return `It was built in **${l.YearBuilt}**.`;
    case 'parking':
      return l.ParkingSpots
        ? `It has **${plural(l.ParkingSpots, 'parking spot')}**.`
        : 'It has **no parking spot** listed.';
    case 'hoa':
      return l.HOAMonth ? `HOA dues are **${money(l.HOAMonth, l.CurrencySymbol)}/month**.` : 'No HOA dues are listed.';
    case 'deposit':
      return l.DepositFee ? `The deposit is **${money(l.DepositFee, l.CurrencySymbol)}**.` : 'No deposit is listed.';
    case 'status':
      return `It is **${STATUS_TEXT[l.Status]}**.`;
    case 'tour':
      return l.Tours === '3D'
        ? 'A **3D tour** is available on the listing page.'
        : l.Tours === 'OpenHouse'
          ? 'An **open house** is scheduled — see the listing page for times.'
          : 'No tour or open house is listed.';
    case 'lot':
      return l.LotArea ? `The lot is **${lotText(l)}**.` : 'No lot size is listed.';
    case 'address':
      return `It is at **${md(addressText(l))}**.`;
    case 'days':
      return l.Status === 'PreOnMarket'
        ? 'It is not on the market yet.'
        : `It has been on the market for **${plural(l.DaysOnMarket, 'day')}**.`;
    case 'type':
      return `It is a **${kindText(l)}**.`;
    case 'mls':
      return `Its MLS number is **${md(l.MLSNumber)}**.`;
  }
}

/** Whether the listing's own words mention a feature, said plainly: the sentence of its description that does, quoted. */
function featureFact(l: Listing, f: Feature): string {
  const sentences = sentencesAbout(l, f);
  if (sentences.length) return `Yes — the listing says: “${md(sentences.slice(0, 2).join(' '))}”`;
  if (mentions(l, f) || mentions(l, f, true))
    return `Yes — the listing mentions ${md(f.phrase.replace(/^(a|an|the)\s+/, ''))}.`;
  return `The listing doesn't mention ${md(f.phrase)}, so I can't tell — the team can check for you.`;
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
export function aboutOne(l: Listing, question: string): { text: string; untold: boolean } {
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
  if (!attributes.length && !features.length && !extensions.length) return { text: listingDetails(l), untold: false };
  const quoted = extensions.map((x) => `${md(x.Key)}, as the listing puts it: **“${md(x.value)}”**.`);
  const text = `${link(l)}: ${[...attributes.map((a) => fact(l, a)), ...quoted, ...features.map((f) => featureFact(l, f))].join(' ')}`;
  return { text, untold: features.some((f) => !mentions(l, f) && !mentions(l, f, true)) };
}

/** Several listings: what the question asks of each, or a comparison of their main facts. */
export function aboutSeveral(listings: Listing[], question: string): string {
  const { attributes, features } = attributesAsked(question);
  if (attributes.length || features.length)
    return listings
      .map(
        (l) =>
          `- ${link(l)}: ${[...attributes.map((a) => fact(l, a)), ...features.map((f) => featureFact(l, f))].join(' ')}`,
      )
      .join('\n');
  const rows = [
    ['Price', (l: Listing) => priceText(l)],
    ['Bedrooms', (l: Listing) => (l.Bedrooms === 0 ? 'studio' : number(l.Bedrooms))],
    ['Bathrooms', (l: Listing) => number(l.Bathrooms)],
    ['Area', (l: Listing) => areaText(l)],
    ['Built', (l: Listing) => String(l.YearBuilt)],
    ['Parking', (l: Listing) => number(l.ParkingSpots)],
  ] as const;
  const head = `| | ${listings.map((l) => `[${md(l.Address || addressText(l))}](${mdUrl(l.Url)})`).join(' | ')} |`;
  const table = [
    head,
    `|---|${listings.map(() => '---').join('|')}|`,
    ...rows.map(([name, value]) => `| ${name} | ${listings.map(value).join(' | ')} |`),
  ];
  return `Here is how they compare:\n\n${table.join('\n')}`;
}

/** Everything about one listing but its photo (on its card), as a readable paragraph. */
export function listingDetails(l: Listing): string {
  const sale = l.SaleType === 'for_rent' ? `for rent at **${priceText(l)}**` : `for sale at **${priceText(l)}**`;
  const status = l.Status === 'Active' ? 'active' : l.Status === 'Sold' ? 'sold' : 'coming soon';
  const lot = l.LotArea ? ` on a ${lotText(l)} lot` : '';
  const parking = l.ParkingSpots ? `${plural(l.ParkingSpots, 'parking spot')}` : 'no parking spot';
  const extra = [
    l.HOAMonth ? `HOA dues are ${money(l.HOAMonth, l.CurrencySymbol)}/month.` : '',
    l.DepositFee ? `The deposit is ${money(l.DepositFee, l.CurrencySymbol)}.` : '',
    l.Tours === '3D' ? 'A 3D tour is available.' : l.Tours === 'OpenHouse' ? 'An open house is scheduled.' : '',
    l.ExtensionColumn.length
      ? `${l.ExtensionColumn.slice(0, 10)
          .map((x) => `${md(x.Key)}: ${md(x.value)}`)
          .join('; ')}.`
      : '',
  ].filter(Boolean);
  const kind = kindText(l);
  const lines = [
    `${link(l)} is ${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} ${sale} with ${l.Bedrooms === 0 ? `no separate bedroom (a studio) and ${plural(l.Bathrooms, 'bathroom')}` : roomsText(l)} (MLS ${md(l.MLSNumber)}, ${status}). ` +
      `It has ${areaText(l)}${lot}, was built in ${l.YearBuilt} and has ${parking}.${extra.length ? ` ${extra.join(' ')}` : ''}`,
  ];
  if (l.Description) lines.push(md(l.Description.length > 600 ? `${l.Description.slice(0, 600)}…` : l.Description));
  lines.push(`[View the listing](${mdUrl(l.Url)})`);
  return lines.join('\n\n');
}
