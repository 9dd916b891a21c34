/** The offline engine's sentences in English (writing/types.ts says what each is). */
import { addressText, type Listing } from '../../../protocol/index.ts';
import type { SortKey } from '../reading/criteria.ts';
import type { Feature } from '../reading/features.ts';
import { ORDINALS } from '../reading/words.ts';
import type { SaleType, Spread } from '../search/catalog.ts';
import { areaText, listingLink, md, mdUrl, money, number, plural, priceText } from '../search/format.ts';
import { squareFeet } from '../search/match.ts';
import type { AttachedFile, FileFacts } from '../reading/file-facts.ts';
import { ruledOut } from './ruled-out.ts';
import type { Attribute, Miss, OutsideTopic, PaymentFigures, Writing } from './types.ts';

const WHOLE = new Intl.NumberFormat('en-US');
const $ = (n: number) => money(n, '$');
const pct = (n: number) => `${number(n)}%`;
const percent = (share: number) => `${Math.max(1, Math.round(share * 100))}%`;
const joinAnd = (items: string[]) =>
  items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const megabytes = (bytes: number) =>
  bytes < 1_048_576
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1_048_576).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

/** "a PNG image, 1,200 × 800 pixels" — one file's facts in words; its kind alone when its bytes could not be read. */
export function describeFacts(f: FileFacts | null, kind: AttachedFile['kind']): string {
  if (!f) return kind === 'Image' ? 'an image' : kind === 'Audio' ? 'a recording' : 'a video';
  if (f.kind === 'Image')
    return `a ${f.format} image, ${f.width.toLocaleString('en-US')} × ${f.height.toLocaleString('en-US')} pixels`;
  if (f.kind === 'Audio') {
    const seconds = f.duration < 10 ? f.duration.toFixed(1) : Math.round(f.duration).toString();
    return `a recording of ${seconds} seconds (WAV, ${(f.sampleRate / 1000).toLocaleString('en-US')} kHz, ${f.channels === 1 ? 'mono' : f.channels === 2 ? 'stereo' : plural(f.channels, 'channel')}, ${f.bitsPerSample}-bit)`;
  }
  return `${f.container} video of ${megabytes(f.size)}`;
}

const lotText = (l: Listing) => `${number(l.LotArea)} ${l.AreaUnit === 'Square Meters' ? 'm²' : 'sq ft'}`;

/** "single-family home", "condo", "multi-family home". */
const kindText = (l: Pick<Listing, 'PropertyType'>) =>
  md(
    l.PropertyType.toLowerCase()
      .replace(/^single[- ]family$/, 'single-family home')
      .replace(/^multi[- ]family$/, 'multi-family home'),
  ) || 'home';

const roomsText = (l: Pick<Listing, 'Bedrooms' | 'Bathrooms'>) =>
  l.Bedrooms === 0
    ? `a studio with ${plural(l.Bathrooms, 'bathroom')}`
    : `${plural(l.Bedrooms, 'bedroom')} and ${plural(l.Bathrooms, 'bathroom')}`;

const a = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;

/** An order in words: as a noun's superlative ("cheapest") and before a count ("lowest-priced"). */
const ORDER_WORDS: Record<SortKey, [string, string]> = {
  'price-asc': ['cheapest', 'lowest-priced'],
  'price-desc': ['most expensive', 'most expensive'],
  'area-desc': ['biggest', 'biggest'],
  'area-asc': ['smallest', 'smallest'],
  'year-desc': ['newest', 'most recently built'],
  'year-asc': ['oldest', 'oldest'],
  'bedrooms-desc': ['one with the most bedrooms', 'with the most bedrooms'],
  'bedrooms-asc': ['one with the fewest bedrooms', 'with the fewest bedrooms'],
  'bathrooms-desc': ['one with the most bathrooms', 'with the most bathrooms'],
  'newest-listed': ['most recently listed', 'most recently listed'],
  'hoa-asc': ['one with the lowest HOA dues', 'with the lowest HOA dues'],
};
const orderWord = (sort: SortKey) => ORDER_WORDS[sort][0].replace(/^one /, '');

/** "first" … "tenth", from the words the questions are read with; then "11th". */
const ORDINAL_WORDS = Object.keys(ORDINALS).filter((w) => !/\d/.test(w));
const ordinal = (n: number) =>
  ORDINAL_WORDS[n - 1] ??
  `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/** "The cheapest", "The second", "The best match" — and what follows the noun for an order said after it ("with the most bedrooms"). */
function the(sort: SortKey | undefined, rank: number): [string, string] {
  const word = sort && ORDER_WORDS[sort][0];
  const after = word?.startsWith('one with') ? ` ${word.slice(4)}` : '';
  const nth = rank ? `${ordinal(rank + 1)} ` : '';
  return [word && !after ? `The ${nth}${word}` : after ? `The ${nth}`.trimEnd() : 'The best match', after];
}

/** "from $750 to $2,325 a month" — the price range of the matches of one sale type. */
function range(type: SaleType, s: Spread): string {
  if (s.min === null || s.max === null) return '';
  const symbol = s.currency || '$';
  const month = type === 'for_rent' ? ' a month' : '';
  if (s.min !== s.max) return `from ${money(s.min, symbol)} to ${money(s.max, symbol)}${month}`;
  return `${s.priced > 1 ? 'each ' : ''}at ${money(s.min, symbol)}${month}`;
}

/** A feature that is a quality of the home ("quiet", "pet friendly"): homes *are* it. */
const ADJECTIVE =
  /(?:^|\s)(?:quiet|safe|secure|gated|sunny|bright|charming|spacious|renovated|remodeled|updated|modern|furnished|accessible|walkable|single[- ]stor(?:y|ey)|one[- ]stor(?:y|ey)|single[- ]level|ranch[- ]style|[\w-]+[- ]friendly)$/;

const STATUS_TEXT = {
  Active: 'active — on the market now',
  PreOnMarket: 'coming soon — not on the market yet',
  Sold: 'sold',
} as const;

const howMany = (n: number) => (n === 1 ? 'one' : String(n));

function missText(m: Miss): string {
  switch (m.what) {
    case 'over budget':
    case 'under minimum':
      return `${money(m.price, m.symbol)}${m.rent ? '/month' : ''} — ${percent(m.share)} ${m.what === 'over budget' ? 'over the budget' : 'under the minimum'}`;
    case 'fewer bedrooms':
    case 'more bedrooms':
      return `${m.bedrooms === 0 ? 'a studio' : plural(m.bedrooms, 'bedroom')} — ${howMany(m.by)} ${m.what === 'fewer bedrooms' ? 'fewer' : 'more'} than asked`;
    case 'fewer bathrooms':
      return `${plural(m.bathrooms, 'bathroom')} — fewer than asked`;
    case 'smaller':
      return `${WHOLE.format(Math.round(m.squareFeet))} sq ft — ${percent(m.share)} smaller`;
    case 'older':
    case 'newer':
      return `built in ${m.year} — ${m.what} than asked`;
    case 'coming soon':
      return 'coming soon, not on the market yet';
    case 'kind':
      return `a ${kindText({ PropertyType: m.is })}, not a ${m.asked.map((t) => kindText({ PropertyType: t })).join(' or ')}`;
  }
}

const OUTSIDE: Record<OutsideTopic, string> = {
  'the weather': 'the weather',
  taxes: 'taxes',
  'lenders and loans': 'lenders and loans',
  'school ratings': 'school ratings',
  'the law': 'the law',
  insurance: 'insurance',
  'crime and safety': 'crime and safety',
  that: 'that',
};

const PERSON_TOO = ' If you like, use **Talk to a person** and someone from the team will help.';

export const english: Writing = {
  language: 'en',
  space: ' ',
  number,
  money,
  count: plural,
  priceText,
  areaText,
  kindText,
  roomsText,

  describe(c, count = 2, mentioned: Feature[] = []) {
    // "Single Family" names a kind of home, not a dwelling: "single family homes", never "single families".
    const kinds = c.propertyTypes.length
      ? c.propertyTypes.map((t) => t.toLowerCase().replace(/\bfamily$/, 'family home'))
      : ['home'];
    // Each kind in the plural, not only the last: "condos or townhouses".
    const many = (kind: string) =>
      /s$/.test(kind)
        ? kind
        : kind.replace(/(?<!\w)(\w+)$/, (w) =>
            /y$/.test(w) && !/[aeiou]y$/.test(w) ? `${w.slice(0, -1)}ies` : `${w}s`,
          );
    const parts = [(count === 1 ? kinds : kinds.map(many)).join(' or ')];
    if (c.statuses.length === 1 && c.statuses[0] !== 'Active')
      parts.unshift(c.statuses[0] === 'Sold' ? 'sold' : 'coming-soon');
    if (c.saleType) parts.push(c.saleType === 'for_rent' ? 'for rent' : 'for sale');
    if (c.streetNames.length) parts.push(`on ${c.streetNames.map(md).join(' or ')}`);
    const places = [...c.cities, ...c.states, ...c.zips, ...c.unknownPlaces];
    if (places.length) parts.push(`in ${places.join(' or ')}`);
    const features: string[] = [];
    const rooms = (r: { min?: number; max?: number }, word: string) => {
      const count = (n = 0) => `${n} ${word}${n === 1 ? '' : 's'}`;
      if (r.min !== undefined && r.max !== undefined)
        return r.min === r.max ? count(r.min) : `${r.min} to ${count(r.max)}`;
      return r.min !== undefined ? `at least ${count(r.min)}` : `at most ${count(r.max)}`;
    };
    if (c.bedrooms) features.push(c.bedrooms.max === 0 ? 'no separate bedroom' : rooms(c.bedrooms, 'bedroom'));
    if (c.bathrooms) features.push(rooms(c.bathrooms, 'bathroom'));
    if (c.minParking) features.push(c.minParking === 1 ? 'parking' : `at least ${c.minParking} parking spots`);
    if (c.tours.length || c.anyTour)
      features.push(c.tours.includes('3D') ? 'a 3D tour' : c.tours.includes('OpenHouse') ? 'an open house' : 'a tour');
    if (features.length) parts.push(`with ${features.join(' and ')}`);
    if (c.price)
      parts.push(
        c.price.min !== undefined && c.price.max !== undefined
          ? `between ${$(c.price.min)} and ${$(c.price.max)}`
          : c.price.max !== undefined
            ? `under ${$(c.price.max)}`
            : `over ${$(c.price.min!)}`,
      );
    if (c.area?.min) parts.push(`of at least ${WHOLE.format(Math.round(c.area.min))} sq ft`);
    if (c.area?.max) parts.push(`of at most ${WHOLE.format(Math.round(c.area.max))} sq ft`);
    if (c.yearBuilt?.min && c.yearBuilt.min === c.yearBuilt.max) parts.push(`built in ${c.yearBuilt.min}`);
    else if (c.yearBuilt?.min) parts.push(`built in ${c.yearBuilt.min} or later`);
    else if (c.yearBuilt?.max) parts.push(`built in ${c.yearBuilt.max} or earlier`);
    const x = c.exclude;
    const not = ruledOut(x, (t) => kindText({ PropertyType: t }).replace(/(?<!s)$/, 's'), {
      rentals: 'rentals',
      forSale: 'homes for sale',
      sold: 'sold homes',
      comingSoon: 'coming-soon homes',
      studios: 'studios',
    });
    if (not.length) parts.push(`other than ${not.join(' or ')}`);
    if ([...x.cities, ...x.states, ...x.zips].length)
      parts.push(`outside ${[...x.cities, ...x.states, ...x.zips].join(' and ')}`);
    if (x.hoa) parts.push('without HOA dues');
    if (mentioned.length) parts.push(`whose listings mention ${mentioned.map((f) => md(f.phrase)).join(' and ')}`);
    return parts.join(' ');
  },

  found(total, q, spread, ranges) {
    const { for_sale: sale, for_rent: rent } = spread;
    const head = `I found ${WHOLE.format(total)} ${english.describe(q.c, total, q.mentioned)}`;
    if (ranges && sale && rent)
      return `${head}: ${sale.count} for sale ${range('for_sale', sale)} and ${rent.count} for rent ${range('for_rent', rent)}.`;
    const [type, only] = (Object.entries(spread)[0] ?? []) as [SaleType | undefined, Spread | undefined];
    const prices = ranges && type && only ? range(type, only) : '';
    return prices ? `${head}, ${prices}.` : `${head}.`;
  },

  inBrief(l) {
    const kind = kindText(l);
    const what =
      l.Bedrooms === 0 ? `a studio ${kind} with ${plural(l.Bathrooms, 'bathroom')}` : `${a(kind)} with ${roomsText(l)}`;
    return `**${listingLink(l)}** at **${priceText(l)}** — ${what}, ${WHOLE.format(Math.round(squareFeet(l)))} sq ft`;
  },
  hoaNote: (l) => `, ${l.HOAMonth ? `HOA dues ${money(l.HOAMonth, l.CurrencySymbol)} a month` : 'no HOA dues'}`,
  itIs: (brief) => `It is ${brief}.`,
  first: (sort, brief) => `The ${sort ? ORDER_WORDS[sort][0] : 'cheapest'} is ${brief}.`,
  best(sort, rank, q, brief) {
    const [the_, after] = the(sort, rank);
    return `${the_} ${english.describe(q.c, 1, q.mentioned)}${after} is ${brief}.`;
  },
  bestOfEach(sort, rank, sale, rent) {
    const [the_, after] = the(sort, rank);
    return `${the_} home for sale${after} is ${sale}; ${the_.toLowerCase()} rental${after} is ${rent}.`;
  },
  whichShown: (shown, sort, mixed) =>
    ` Here are the ${shown} ${sort ? ORDER_WORDS[sort][1] : mixed ? 'first — homes for sale first, each lowest price first' : 'lowest-priced'}.`,
  topN(shown, sort, q, rank, total) {
    const what = english.describe(q.c, shown, q.mentioned);
    const past = rank ? ` after the first${rank > 1 ? ` ${rank}` : ''}` : '';
    const word = ORDER_WORDS[sort][1];
    return word.startsWith('with ')
      ? `The ${shown} ${what} ${word}${past}, out of ${total}:`
      : `The ${shown} ${word} ${what}${past}, out of ${total}:`;
  },
  fromNth: (rank, sort) => `From the ${ordinal(rank + 1)} ${orderWord(sort)} on:`,
  more: (shown, offset, total, q) =>
    `Here are ${shown} more — ${offset + 1} to ${offset + shown} of the ${total} ${english.describe(q.c, total, q.mentioned)}.`,
  allShown: (total, q) => `That's all of them: I've shown all ${total} ${english.describe(q.c, total, q.mentioned)}.`,
  onlyThese: (n, q, rank, sort, one) =>
    `There ${n === 1 ? 'is' : 'are'} only ${n} ${english.describe(q.c, n, q.mentioned)}, so there is no ${ordinal(rank + 1)} ${orderWord(sort)}. ${
      n === 1 ? `It is ${one}.` : `Here they are, the ${orderWord(sort)} first.`
    }`,
  cantTell(unknown) {
    if (!unknown.length) return '';
    const what = (f: Feature) =>
      `${f.relation === 'near' ? 'are near' : ADJECTIVE.test(f.phrase) ? 'are' : 'have'} ${md(f.phrase)}`;
    const joined =
      unknown.length === 1
        ? what(unknown[0]!)
        : `${unknown.slice(0, -1).map(what).join(', ')} or ${what(unknown.at(-1)!)}`;
    return `I can't tell which homes ${joined} from the listing details — none of them ${unknown.length === 1 ? 'mentions it' : 'mentions these'}, so I can't narrow the search by ${unknown.length === 1 ? 'it' : 'them'}.`;
  },
  corrections: (pairs) =>
    pairs.length ? `(I read ${pairs.map(([from, to]) => `“${md(from)}” as “${md(to)}”`).join(' and ')}.) ` : '',
  didYouMean: (word, options) =>
    `I'm not sure what you mean by “${md(word)}”: did you mean ${options.map((o) => `“${md(o)}”`).join(' or ')}?`,
  miss: missText,
  nearMisses(q, lines) {
    const each = lines.map((n) => `- **${n.link}** — ${n.misses.map(missText).join('; ')}`);
    return `I couldn't find any ${english.describe(q.c, 2, q.mentioned)} — no exact match. ${lines.length === 1 ? 'This one comes close' : `These ${lines.length} come close`}:\n\n${each.join('\n')}`;
  },
  noneFound: (q) =>
    `I couldn't find any ${english.describe(q.c, 2, q.mentioned)} right now. Try widening the search — another area, price or number of rooms.`,
  noSuchMls: () => "I couldn't find a listing with that MLS number.",

  about: (link, text) => `${link}: ${text}`,
  fact(l, a: Attribute) {
    switch (a) {
      case 'price':
        return l.SaleType === 'for_rent'
          ? `It rents for **${priceText(l)}**.`
          : `It is for sale at **${priceText(l)}**.`;
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
        return l.HOAMonth
          ? `HOA dues are **${money(l.HOAMonth, l.CurrencySymbol)}/month**.`
          : 'No HOA dues are listed.';
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
  },
  featureFact(quoted, mentioned, phrase) {
    if (quoted) return `Yes — the listing says: “${md(quoted)}”`;
    if (mentioned) return `Yes — the listing mentions ${md(phrase.replace(/^(a|an|the)\s+/, ''))}.`;
    return `The listing doesn't mention ${md(phrase)}, so I can't tell — the team can check for you.`;
  },
  extensionFact: (key, value) => `${md(key)}, as the listing puts it: **“${md(value)}”**.`,
  comparison: (table) => `Here is how they compare:\n\n${table}`,
  compareRows: {
    price: 'Price',
    bedrooms: 'Bedrooms',
    bathrooms: 'Bathrooms',
    area: 'Area',
    built: 'Built',
    parking: 'Parking',
  },
  studio: 'studio',
  listingDetails(l, home) {
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
    const rooms =
      l.Bedrooms === 0 ? `no separate bedroom (a studio) and ${plural(l.Bathrooms, 'bathroom')}` : roomsText(l);
    return (
      `${home} is ${a(kindText(l))} ${sale} with ${rooms} (MLS ${md(l.MLSNumber)}, ${status}). ` +
      `It has ${areaText(l)}${lot}, was built in ${l.YearBuilt} and has ${parking}.${extra.length ? ` ${extra.join(' ')}` : ''}`
    );
  },
  description: (text) => md(text),
  viewListing: 'View the listing',

  paymentForRental: (home, rent) =>
    `**${home}** is for rent, at ${rent} a month — there is no mortgage to work out for it.`,
  paymentNoPrice: (home) =>
    `**${home}** has no price listed, so I can't work out a payment for it. Tell me a price and I'll do it.`,
  paymentWhichPrice: () =>
    'I can estimate a monthly payment — for which price? Tell me a price or one of our homes, and your down payment, rate and term if you know them.',
  payment(f: PaymentFigures) {
    const m = (n: number) => money(n, f.symbol);
    const loan = f.from
      ? `a loan of ${m(f.principal)} — the ${m(f.from.price)} price less ${
          f.from.downPct === undefined ? `${m(f.from.down)} down` : `${pct(f.from.downPct)} down (${m(f.from.down)})`
        }`
      : `a loan of ${m(f.principal)}`;
    const assumed = [
      ...(f.assumed.down ? ['20% down'] : []),
      ...(f.assumed.rate ? [`a rate of ${pct(f.rate)} a year`] : []),
      ...(f.assumed.years ? ['a 30-year fixed loan'] : []),
    ];
    const lines = [
      `That comes to about **${m(f.monthly)} a month** in principal and interest${f.home ? ` for **${f.home}**` : ''}: ${loan}, at ${pct(f.rate)} a year over ${f.years} years.`,
    ];
    if (assumed.length)
      lines.push(`Where you didn't say, I assumed ${joinAnd(assumed)} — tell me yours and I'll work it out again.`);
    lines.push(
      `It leaves out property taxes, home insurance${f.hoa ? `, the ${m(f.hoa)} monthly HOA fee` : ''} and any mortgage insurance, and a lender's quote will differ.`,
    );
    if (f.person) lines.push('For a real quote, use **Talk to a person** and someone from the team will help.');
    return lines.join(' ');
  },

  greeting(name, ideas, page) {
    const hello = `Hello! I'm ${md(name)}. I can help you find homes for sale or for rent — ask me about an area, a budget, bedrooms, or a listing's MLS number.`;
    if (page) return `${hello} Ask me anything about **${page}** too.`;
    return ideas.length ? `${hello}\n\nYou could ask:\n${ideas.map((l) => `- ${md(l)}`).join('\n')}` : hello;
  },
  welcome: () => "You're welcome! Is there anything else I can help you with?",
  smallTalk: () => "I'm doing well, thanks for asking! How can I help with your home search?",
  startOver: () => "Sure — let's start again. What are you looking for?",
  notSure: () => "I'm not sure about that one.",
  fallback: (opening, person) =>
    `${opening} I can help with questions about our listings — areas, prices, bedrooms, tours or a specific MLS number.${person ? PERSON_TOO : ''}`,
  outside(topic, name, person) {
    const what = topic === 'that' ? "I can't help with that" : `I can't tell you about ${OUTSIDE[topic]}`;
    return `${what} — I only know ${md(name)}'s homes and what their listings say.${
      person
        ? ' Someone from the team may know: use **Talk to a person** and leave your email, and they will get back to you.'
        : ''
    }`;
  },
  bot: (name, person) =>
    `I'm ${md(name)}, an automated assistant — not a person. I can help you find homes and answer questions about our listings.${
      person
        ? ' If you would rather talk to a person, use **Talk to a person** and someone from the team will get back to you.'
        : ''
    }`,
  handoff: (person, live) =>
    live
      ? "Of course — I've let the team know, and someone will join this chat in a moment."
      : person
        ? 'Of course — leave your name and email here, and someone from the team will get back to you.'
        : "I can't put you in touch with a person from this chat, but I'm happy to help with questions about our homes.",
  privacy: (name, url) =>
    `You can read our ${md(name || 'privacy policy')} here: [${md(name || 'Privacy policy')}](${mdUrl(url)}).`,
  viewing(person, home, url, live) {
    if (live)
      return `The team arranges viewings — I've let them know, and someone will join this chat in a moment${home ? ` to find a time for **${home}**` : ''}.`;
    if (person)
      return `The team arranges viewings: leave your name and email here, and someone will get back to you to find a time${home ? ` for **${home}**` : ''}.`;
    return `I can't book viewings from this chat.${url ? ` The listing page has the details: [View the listing](${mdUrl(url)})` : ''}`;
  },
  which: (lines) =>
    `Which home do you mean?\n\n${lines.join('\n')}\n\nSay "the first one", "the second one"… or its address.`,
  whichUnknown: () =>
    "Which home do you mean? I can't tell from this page — tell me its address or MLS number and I'll look it up.",
  fromSource: (title) => `From ${md(title)}:`,
  received: (what) => `Thank you — I received ${what || 'your file'}.`,
  mediaOffer(kind, person) {
    const offer = {
      Image:
        "I can't see what is in pictures myself, but I can help you find a home like it — tell me the area, budget or number of bedrooms you have in mind.",
      Audio:
        "I can't listen to recordings myself, so please type your question — for example the area, budget or number of bedrooms you are looking for.",
      Video:
        "I can't watch videos myself, but I can help with our listings — tell me the area, budget or number of bedrooms you have in mind.",
    }[kind];
    return `${offer}${person ? ' Or use **Talk to a person** and someone from the team will take a look.' : ''}`;
  },
  fileFacts: describeFacts,
  files(kind, described) {
    const noun = { Image: 'image', Audio: 'recording', Video: 'video' }[kind];
    return described.length === 1
      ? `your ${noun}: ${described[0]}`
      : `your ${described.length} ${noun}s: ${described.join('; ')}`;
  },

  unfinished: () => "I couldn't finish looking that up. Could you ask again, perhaps a little more simply?",
  correction: {
    label: 'Correction:',
    fact: (field, a, w) =>
      ({
        price: `the price is ${a}, not ${w}`,
        bedrooms: `it has ${a} bedrooms, not ${w}`,
        bathrooms: `it has ${a} bathrooms, not ${w}`,
        'MLS number': `its MLS number is ${a}, not ${w}`,
        address: `its address is ${a}, not ${w}`,
      })[field],
  },

  chips: {
    threeBedrooms: 'Only 3+ bedrooms',
    under: (price, rent) => `Only under ${price}${rent ? ' a month' : ''}`,
    more: 'Show me more',
    aboutFirst: 'Tell me about the first one',
    rentalsInstead: 'Show rentals instead',
    saleInstead: 'Show homes for sale instead',
    place: (city) => `What about ${city}?`,
    underAsk: (price, rent) => `What about under ${price}${rent ? ' a month' : ''}?`,
    bedrooms: (n) => `What about ${n} bedroom${n === 1 ? '' : 's'}?`,
    viewing: 'Book a viewing',
    similar: 'Show similar homes',
    cheaper: 'Anything cheaper?',
    bigger: 'Anything bigger?',
    person: 'Talk to a person',
    forSale: 'Homes for sale',
    forRent: 'Homes for rent',
    ordinals: ['The first one', 'The second one', 'The third one', 'The fourth one', 'The fifth one'],
  },
};
