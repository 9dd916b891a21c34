/**
 * The offline engine's sentences in German (writing/types.ts says what each is), addressing the
 * visitor as "Sie". As Germany writes unless the visitor's locale is Switzerland's (de-CH:
 * "Stockwerkeigentum", numbers grouped with ’) or Austria's (de-AT: "Garçonnière"). A kind of home
 * keeps its grammatical gender (das Haus, die Wohnung); what agrees with it is declined for the place
 * it takes. Every chip is a sentence the German reading reads back (languages/de.ts). The owner's
 * texts are quoted „as written“.
 */
import { addressText, type Listing, type ListingCard } from '../../../protocol/index.ts';
import { de as vocabulary } from '../languages/de.ts';
import type { Criteria, SortKey } from '../reading/criteria.ts';
import type { Feature } from '../reading/features.ts';
import type { SaleType, Spread } from '../search/catalog.ts';
import { listingLink, md, mdUrl } from '../search/format.ts';
import { priceOf, squareFeet } from '../search/match.ts';
import { featureWords, joined, kindNouns, kindsAsked, roomRange, type Gender, type Noun } from './nouns.ts';
import { figures, fileSize, seconds } from './figures.ts';
import { phrasesByEnglish } from './own-words.ts';
import { ruledOut } from './ruled-out.ts';
import type { Attribute, Miss, OutsideTopic, PaymentFigures, Writing } from './types.ts';

/** The kinds of home the engine names in German, by the English the listings give. */
function kinds(swiss: boolean, austrian: boolean): readonly (readonly [RegExp, Noun])[] {
  return [
    [/^single[- ]?family/, { one: 'Einfamilienhaus', many: 'Einfamilienhäuser', g: 'n' }],
    [/^(?:house|home)s?$/, { one: 'Haus', many: 'Häuser', g: 'n' }],
    [
      /^condo/,
      swiss
        ? { one: 'Wohnung im Stockwerkeigentum', many: 'Wohnungen im Stockwerkeigentum', g: 'f' }
        : { one: 'Eigentumswohnung', many: 'Eigentumswohnungen', g: 'f' },
    ],
    [/^town ?(?:house|home)/, { one: 'Reihenhaus', many: 'Reihenhäuser', g: 'n' }],
    [/^multi[- ]?family/, { one: 'Mehrfamilienhaus', many: 'Mehrfamilienhäuser', g: 'n' }],
    [/^apartment/, { one: 'Wohnung', many: 'Wohnungen', g: 'f' }],
    [/^duplex/, { one: 'Maisonettewohnung', many: 'Maisonettewohnungen', g: 'f' }],
    [/^loft/, { one: 'Loft', many: 'Lofts', g: 'n' }],
    [
      /^studio/,
      austrian
        ? { one: 'Garçonnière', many: 'Garçonnièren', g: 'f' }
        : { one: 'Einzimmerwohnung', many: 'Einzimmerwohnungen', g: 'f' },
    ],
    [/^(?:land|lot)s?$/, { one: 'Grundstück', many: 'Grundstücke', g: 'n' }],
    [/^(?:mobile|manufactured)/, { one: 'Mobilheim', many: 'Mobilheime', g: 'n' }],
  ];
}
const HOME: Noun = { one: 'Immobilie', many: 'Immobilien', g: 'f' };

/** The vocabulary's phrases by the English each reads as: how a feature is named in German (own-words.ts). */
const PHRASES = phrasesByEnglish(vocabulary);

/** Articles by gender: "der/die/das", "ein/eine", "kein/keine" (nominative); accusative where it differs. */
const the = (g: Gender, many = false) => (many ? 'die' : { f: 'die', m: 'der', n: 'das' }[g]);
const a = (g: Gender) => (g === 'f' ? 'eine' : 'ein');
const aAccusative = (g: Gender) => ({ f: 'eine', m: 'einen', n: 'ein' })[g];
const no = (g: Gender) => (g === 'f' ? 'keine' : 'kein');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** An order: as an adjective's stem before the noun ("günstigst"), or a phrase after it ("mit den meisten Schlafzimmern"). */
const ORDER: Record<SortKey, { stem?: string; after?: string }> = {
  'price-asc': { stem: 'günstigst' },
  'price-desc': { stem: 'teuerst' },
  'area-desc': { stem: 'größt' },
  'area-asc': { stem: 'kleinst' },
  'year-desc': { stem: 'neuest' },
  'year-asc': { stem: 'ältest' },
  'bedrooms-desc': { after: 'mit den meisten Schlafzimmern' },
  'bedrooms-asc': { after: 'mit den wenigsten Schlafzimmern' },
  'bathrooms-desc': { after: 'mit den meisten Badezimmern' },
  'newest-listed': { stem: 'zuletzt inseriert' },
  'hoa-asc': { after: 'mit dem niedrigsten Hausgeld' },
};
/** "zweit", "dritt" — an ordinal as German joins it to a superlative ("zweitgünstigste"). */
const ORDINAL_STEMS = ['erst', 'zweit', 'dritt', 'viert', 'fünft', 'sechst', 'siebt', 'acht', 'neunt', 'zehnt'];
const ordinalStem = (n: number) => ORDINAL_STEMS[n - 1] ?? `${n}.`;

const OUTSIDE: Record<Exclude<OutsideTopic, 'that'>, string> = {
  'the weather': 'dem Wetter',
  taxes: 'Steuern',
  'lenders and loans': 'Kreditgebern und Darlehen',
  'school ratings': 'Schulbewertungen',
  'the law': 'Rechtsfragen',
  insurance: 'Versicherungen',
  'crime and safety': 'Kriminalität und Sicherheit',
};

/** The widget's "Talk to a person" button in German (src/widget/strings/de.ts talkToPerson). */
const PERSON = '**Mit einer Person sprechen**';

const joinUnd = joined('und');
const joinOder = joined('oder');

/** The German sentences, for a visitor whose locale is `locale` (de-CH, de-AT: their words) and who asked `said`. */
export function german(locale = 'de', said: readonly string[] = []): Writing {
  /** A feature the reading took in English ("a pool") in the visitor's words ("Pool", "Kamin"). */
  const native = featureWords(PHRASES, said);
  const swiss = /^de-ch\b/i.test(locale);
  const austrian = /^de-at\b/i.test(locale);
  const kindNoun = kindNouns(kinds(swiss, austrian), HOME, (kind) => ({
    one: `Immobilie vom Typ „${md(kind)}“`,
    many: `Immobilien vom Typ „${md(kind)}“`,
    g: 'f',
  }));
  /** The kinds a search asks for, as one phrase, and its gender. */
  const nouns = kindsAsked(kindNoun, HOME, joinOder);
  const format = swiss ? 'de-CH' : austrian ? 'de-AT' : 'de-DE';
  const { number, whole } = figures(format, 'always');
  const money = (amount: number, symbol: string) => `${whole(amount)}\u00a0${symbol}`;
  const pct = (n: number) => `${number(n)}\u00a0%`;
  const percent = (share: number) => `${Math.max(1, Math.round(share * 100))}\u00a0%`;

  const NOUNS = {
    bedroom: ['Schlafzimmer', 'Schlafzimmer', 'Schlafzimmern'],
    bathroom: ['Badezimmer', 'Badezimmer', 'Badezimmern'],
    'parking spot': ['Stellplatz', 'Stellplätze', 'Stellplätzen'],
    day: ['Tag', 'Tage', 'Tagen'],
    home: ['Immobilie', 'Immobilien', 'Immobilien'],
  } as const;
  /** "3 Schlafzimmer" — or, after "mit", the dative: "3 Schlafzimmern", "2 Stellplätzen". */
  const count = (n: number, noun: keyof typeof NOUNS, dative = false) => {
    const [one, many, manyDative] = NOUNS[noun];
    return `${number(n)} ${n === 1 ? one : dative ? manyDative : many}`;
  };
  const priceText = (l: ListingCard) => {
    const price = priceOf(l);
    if (price === null) return 'Preis auf Anfrage';
    return l.SaleType === 'for_rent' ? `${money(price, l.CurrencySymbol)}/Monat` : money(price, l.CurrencySymbol);
  };
  const unit = (l: Pick<Listing, 'AreaUnit'>) => (l.AreaUnit === 'Square Meters' ? 'm²' : 'ft²');
  const areaText = (l: Pick<Listing, 'BuildingArea' | 'AreaUnit'>) => `${number(l.BuildingArea)}\u00a0${unit(l)}`;
  const lotText = (l: Listing) => `${number(l.LotArea)}\u00a0${unit(l)}`;
  const kindText = (l: Pick<Listing, 'PropertyType'>) => kindNoun(l.PropertyType).one;
  /** After "mit": "3 Schlafzimmern und 2 Badezimmern". */
  const roomsWith = (l: Pick<Listing, 'Bedrooms' | 'Bathrooms'>) =>
    `${count(l.Bedrooms, 'bedroom', true)} und ${count(l.Bathrooms, 'bathroom', true)}`;
  const roomsText = (l: Pick<Listing, 'Bedrooms' | 'Bathrooms'>) =>
    l.Bedrooms === 0
      ? `ein Studio mit ${count(l.Bathrooms, 'bathroom', true)}`
      : `${count(l.Bedrooms, 'bedroom')} und ${count(l.Bathrooms, 'bathroom')}`;
  const $ = (n: number) => money(n, '$');
  const words = { to: 'bis', atLeast: 'mindestens', atMost: 'höchstens' };
  const bedrooms = roomRange((n) => count(n, 'bedroom', true), number, words);
  const bathrooms = roomRange((n) => count(n, 'bathroom', true), number, words);

  /** Everything the criteria say after the noun: "zum Kauf in Austin mit 3 Schlafzimmern unter 500.000 $". */
  function rest(c: Criteria, mentioned: Feature[]): string {
    const parts: string[] = [];
    if (c.saleType) parts.push(c.saleType === 'for_rent' ? 'zur Miete' : 'zum Kauf');
    if (c.streetNames.length) parts.push(`an der ${joinOder(c.streetNames.map(md))}`);
    const places = [...c.cities, ...c.states, ...c.zips, ...c.unknownPlaces];
    if (places.length) parts.push(`in ${joinOder(places)}`);
    const features: string[] = [];
    const studio = c.bedrooms?.max === 0;
    if (c.bedrooms && !studio) features.push(bedrooms(c.bedrooms));
    if (c.bathrooms) features.push(bathrooms(c.bathrooms));
    if (c.minParking)
      features.push(c.minParking === 1 ? 'Stellplatz' : `mindestens ${count(c.minParking, 'parking spot', true)}`);
    if (c.tours.length || c.anyTour)
      features.push(
        c.tours.includes('3D') ? '3D-Rundgang' : c.tours.includes('OpenHouse') ? 'Tag der offenen Tür' : 'Besichtigung',
      );
    if (c.yearBuilt?.min && c.yearBuilt.min === c.yearBuilt.max) features.push(`Baujahr ${c.yearBuilt.min}`);
    else if (c.yearBuilt?.min) features.push(`Baujahr ab ${c.yearBuilt.min}`);
    else if (c.yearBuilt?.max) features.push(`Baujahr bis ${c.yearBuilt.max}`);
    if (c.area?.min) features.push(`mindestens ${whole(c.area.min)}\u00a0ft² Wohnfläche`);
    if (c.area?.max) features.push(`höchstens ${whole(c.area.max)}\u00a0ft² Wohnfläche`);
    if (features.length) parts.push(`mit ${joinUnd(features)}`);
    if (studio) parts.push('ohne separates Schlafzimmer');
    if (c.price)
      parts.push(
        c.price.min !== undefined && c.price.max !== undefined
          ? `zwischen ${$(c.price.min)} und ${$(c.price.max)}`
          : c.price.max !== undefined
            ? `unter ${$(c.price.max)}`
            : `über ${$(c.price.min!)}`,
      );
    const x = c.exclude;
    const not = ruledOut(x, (t) => kindNoun(t).many, {
      rentals: 'Mietobjekte',
      forSale: 'Kaufobjekte',
      sold: 'verkaufte Immobilien',
      comingSoon: 'bald verfügbare Immobilien',
      studios: 'Einzimmerwohnungen',
    });
    if (not.length) parts.push(`ohne ${joinOder(not)}`);
    const away = [...x.cities, ...x.states, ...x.zips];
    if (away.length) parts.push(`außerhalb von ${joinUnd(away)}`);
    if (x.hoa) parts.push('ohne Hausgeld');
    if (mentioned.length)
      parts.push(`mit „${mentioned.map((f) => md(native(f.phrase))).join('“ und „')}“ in der Anzeige`);
    if (c.statuses.length === 1 && c.statuses[0] !== 'Active')
      parts.push(c.statuses[0] === 'Sold' ? '(bereits verkauft)' : '(bald auf dem Markt)');
    return parts.join(' ');
  }

  function describe(c: Criteria, n = 2, mentioned: Feature[] = []): string {
    return [nouns(c, n !== 1).text, rest(c, mentioned)].filter(Boolean).join(' ');
  }

  /** "von 750 $ bis 2.325 $ im Monat", "zu je 1.200 $". */
  function prices(type: SaleType, s: Spread): string {
    if (s.min === null || s.max === null) return '';
    const symbol = s.currency || '$';
    const month = type === 'for_rent' ? ' im Monat' : '';
    if (s.min !== s.max) return `von ${money(s.min, symbol)} bis ${money(s.max, symbol)}${month}`;
    return `zu ${s.priced > 1 ? 'je ' : ''}${money(s.min, symbol)}${month}`;
  }

  /** "die günstigste Wohnung", "das zweitgünstigste Haus", "die Wohnung mit den meisten Schlafzimmern" (nominative). */
  function superlative(sort: SortKey, rank: number, noun: { text: string; g: Gender }, many: boolean): string {
    const { stem, after } = ORDER[sort];
    const nth = rank ? ordinalStem(rank + 1) : '';
    if (stem) return `${the(noun.g, many)} ${nth}${stem}${many ? 'en' : 'e'} ${noun.text}`;
    return `${the(noun.g, many)} ${nth ? `${nth}${many ? 'en' : 'e'} ` : ''}${noun.text} ${after}`;
  }
  /** "die günstigste Option", "die drittgünstigste Option", "die Option mit den meisten Schlafzimmern". */
  const option = (sort: SortKey, rank = 0, many = false) =>
    superlative(sort, rank, { text: many ? 'Optionen' : 'Option', g: 'f' }, many);

  function miss(m: Miss): string {
    switch (m.what) {
      case 'over budget':
      case 'under minimum':
        return `${money(m.price, m.symbol)}${m.rent ? '/Monat' : ''}, ${percent(m.share)} ${m.what === 'over budget' ? 'über dem Budget' : 'unter dem Minimum'}`;
      case 'fewer bedrooms':
      case 'more bedrooms': {
        const by = m.by === 1 ? 'eins' : number(m.by);
        return `${m.bedrooms === 0 ? 'ein Studio' : count(m.bedrooms, 'bedroom')}, ${by} ${m.what === 'fewer bedrooms' ? 'weniger' : 'mehr'} als gewünscht`;
      }
      case 'fewer bathrooms':
        return `${count(m.bathrooms, 'bathroom')}, weniger als gewünscht`;
      case 'smaller':
        return `${whole(m.squareFeet)}\u00a0ft², ${percent(m.share)} weniger Fläche`;
      case 'older':
      case 'newer':
        return `Baujahr ${m.year}, ${m.what === 'older' ? 'älter' : 'neuer'} als gewünscht`;
      case 'coming soon':
        return 'kommt bald auf den Markt, noch nicht verfügbar';
      case 'kind': {
        const is = kindNoun(m.is);
        return `${a(is.g)} ${is.one}, ${joinOder(
          m.asked.map((t) => {
            const k = kindNoun(t);
            return `${no(k.g)} ${k.one}`;
          }),
        )}`;
      }
    }
  }

  const personToo = (person: boolean, text: string) => (person ? ` ${text}` : '');
  const STATUS: Record<Listing['Status'], string> = {
    Active: 'aktiv: jetzt auf dem Markt',
    PreOnMarket: 'bald verfügbar: noch nicht auf dem Markt',
    Sold: 'verkauft',
  };

  return {
    language: 'de',
    space: ' ',
    number,
    money,
    count: (n, noun) => count(n, noun),
    priceText,
    areaText,
    kindText,
    roomsText,
    describe,

    found(total, q, spread, ranges) {
      const noun = nouns(q.c, total !== 1);
      const what = `${total === 1 ? aAccusative(noun.g) : whole(total)} ${describe(q.c, total, q.mentioned)}`;
      const { for_sale: sale, for_rent: rental } = spread;
      if (ranges && sale && rental)
        return `Ich habe ${what} gefunden: ${sale.count} zum Kauf ${prices('for_sale', sale)} und ${rental.count} zur Miete ${prices('for_rent', rental)}.`;
      const [type, only] = (Object.entries(spread)[0] ?? []) as [SaleType | undefined, Spread | undefined];
      const said = ranges && type && only ? prices(type, only) : '';
      return said ? `Ich habe ${what} gefunden, ${said}.` : `Ich habe ${what} gefunden.`;
    },
    inBrief(l) {
      const kind = kindNoun(l.PropertyType);
      const what =
        l.Bedrooms === 0
          ? `${a(kind.g)} ${kind.one} (Studio) mit ${count(l.Bathrooms, 'bathroom', true)}`
          : `${a(kind.g)} ${kind.one} mit ${roomsWith(l)}`;
      return `**${listingLink(l)}** für **${priceText(l)}** – ${what}, ${whole(squareFeet(l))}\u00a0ft²`;
    },
    hoaNote: (l) => `, ${l.HOAMonth ? `Hausgeld ${money(l.HOAMonth, l.CurrencySymbol)} im Monat` : 'kein Hausgeld'}`,
    itIs: (brief) => `Es ist ${brief}.`,
    first: (sort, brief) => `${cap(option(sort ?? 'price-asc'))} ist ${brief}.`,
    best(sort, rank, q, brief) {
      const noun = nouns(q.c, false);
      const after = rest(q.c, q.mentioned);
      if (!sort) {
        const fitting = { f: 'passende', m: 'passende', n: 'passende' }[noun.g];
        return `${cap(the(noun.g))} am besten ${fitting} ${noun.text}${after ? ` ${after}` : ''} ist ${brief}.`;
      }
      return `${cap(superlative(sort, rank, noun, false))}${after ? ` ${after}` : ''} ist ${brief}.`;
    },
    bestOfEach(sort, rank, sale, rental) {
      return `${cap(option(sort, rank))} zum Kauf ist ${sale}; ${option(sort, rank)} zur Miete ist ${rental}.`;
    },
    whichShown: (shown, sort, mixed) =>
      sort
        ? ` Hier sind ${option(sort, 0, true).replace(/^die /, `die ${shown} `)}.`
        : mixed
          ? ` Hier sind die ersten ${shown}: zuerst die zum Kauf, jeweils vom niedrigsten Preis an.`
          : ` Hier sind die ${shown} günstigsten.`,
    topN(shown, sort, q, rank, total) {
      const many = shown !== 1;
      const noun = nouns(q.c, many);
      const after = rest(q.c, q.mentioned);
      const past = rank
        ? `, nach ${rank === 1 ? `${{ f: 'der', m: 'dem', n: 'dem' }[noun.g]} ersten` : `den ersten ${rank}`}`
        : '';
      const head = superlative(sort, 0, noun, many).replace(/^die /, `Die ${shown} `);
      return `${cap(head)}${after ? ` ${after}` : ''}${past}, von ${total}:`;
    },
    fromNth: (rank, sort) =>
      `Ab ${option(sort, rank)
        .replace(/^die /, 'der ')
        .replace(/e Option/, 'en Option')}:`,
    more: (shown, offset, total, q) =>
      `Hier sind ${shown} weitere: Nr. ${offset + 1} bis ${offset + shown} von ${total} ${describe(q.c, total, q.mentioned)}.`,
    allShown: (total, q) => `Das sind alle: Ich habe Ihnen alle ${total} ${describe(q.c, total, q.mentioned)} gezeigt.`,
    onlyThese(n, q, rank, sort, one) {
      const noun = nouns(q.c, n !== 1);
      const head = `Es gibt nur ${n === 1 ? aAccusative(noun.g) : n} ${describe(q.c, n, q.mentioned)}, also keine ${option(sort, rank).replace(/^die /, '')}.`;
      return `${head} ${n === 1 ? `Es ist ${one}.` : `Hier sind sie, ${option(sort)} zuerst.`}`;
    },
    cantTell(unknown) {
      if (!unknown.length) return '';
      const what = (f: Feature) => `„${f.relation === 'near' ? 'in der Nähe von ' : ''}${md(native(f.phrase))}“`;
      return `Die Anzeigen erwähnen ${joinOder(unknown.map(what))} nicht, daher kann ich nicht sagen, welche Immobilien das erfüllen, und die Suche nicht danach eingrenzen.`;
    },
    corrections: (pairs) =>
      pairs.length ? `(Ich habe ${joinUnd(pairs.map(([from, to]) => `„${md(from)}“ als „${md(to)}“`))} gelesen.) ` : '',
    didYouMean: (word, options) =>
      `Ich bin nicht sicher, was Sie mit „${md(word)}“ meinen: Meinten Sie ${options.map((o) => `„${md(o)}“`).join(' oder ')}?`,
    miss,
    nearMisses(q, lines) {
      const each = lines.map((n) => `- **${n.link}** – ${n.misses.map(miss).join('; ')}`);
      return `Ich habe keine ${describe(q.c, 2, q.mentioned)} gefunden – nichts passt genau. ${lines.length === 1 ? 'Diese kommt nahe heran' : `Diese ${lines.length} kommen nahe heran`}:\n\n${each.join('\n')}`;
    },
    noneFound: (q) =>
      `Ich habe derzeit keine ${describe(q.c, 2, q.mentioned)} gefunden. Versuchen Sie, die Suche zu erweitern: eine andere Gegend, ein anderer Preis oder eine andere Zahl an Schlafzimmern.`,
    noSuchMls: () => 'Ich habe keine Anzeige mit dieser MLS-Nummer gefunden.',

    about: (link, text) => `${link}: ${text}`,
    fact(l, attribute: Attribute) {
      switch (attribute) {
        case 'price':
          return l.SaleType === 'for_rent'
            ? `Die Miete beträgt **${priceText(l)}**.`
            : `Der Kaufpreis beträgt **${priceText(l)}**.`;
        case 'bedrooms':
          return l.Bedrooms === 0
            ? 'Es ist ein **Studio** (kein separates Schlafzimmer).'
            : `Das Objekt hat **${count(l.Bedrooms, 'bedroom')}**.`;
        case 'bathrooms':
          return `Das Objekt hat **${count(l.Bathrooms, 'bathroom')}**.`;
        case 'area':
          return `Die Wohnfläche beträgt **${areaText(l)}**.`;
        case 'year':
          return `Das Baujahr ist **${l.YearBuilt}**.`;
        case 'parking':
          return l.ParkingSpots
            ? `Das Objekt hat **${count(l.ParkingSpots, 'parking spot')}**.`
            : 'Die Anzeige nennt **keinen Stellplatz**.';
        case 'hoa':
          return l.HOAMonth
            ? `Das Hausgeld beträgt **${money(l.HOAMonth, l.CurrencySymbol)}/Monat**.`
            : 'Die Anzeige nennt kein Hausgeld.';
        case 'deposit':
          return l.DepositFee
            ? `Die Kaution beträgt **${money(l.DepositFee, l.CurrencySymbol)}**.`
            : 'Die Anzeige nennt keine Kaution.';
        case 'status':
          return `Die Anzeige ist **${STATUS[l.Status]}**.`;
        case 'tour':
          return l.Tours === '3D'
            ? 'Ein **3D-Rundgang** ist auf der Seite der Anzeige verfügbar.'
            : l.Tours === 'OpenHouse'
              ? 'Ein **Tag der offenen Tür** ist geplant – die Zeiten stehen auf der Seite der Anzeige.'
              : 'Die Anzeige nennt weder Rundgang noch Tag der offenen Tür.';
        case 'lot':
          return l.LotArea ? `Das Grundstück hat **${lotText(l)}**.` : 'Die Anzeige nennt keine Grundstücksgröße.';
        case 'address':
          return `Die Adresse ist **${md(addressText(l))}**.`;
        case 'days':
          return l.Status === 'PreOnMarket'
            ? 'Es ist noch nicht auf dem Markt.'
            : `Die Anzeige ist seit **${count(l.DaysOnMarket, 'day', true)}** online.`;
        case 'type': {
          const kind = kindNoun(l.PropertyType);
          return `Es ist ${a(kind.g)} **${kind.one}**.`;
        }
        case 'mls':
          return `Die MLS-Nummer ist **${md(l.MLSNumber)}**.`;
      }
    },
    featureFact(quoted, mentioned, phrase) {
      if (quoted) return `Ja: Die Anzeige sagt „${md(quoted)}“`;
      if (mentioned) return `Ja: Die Anzeige erwähnt „${md(native(phrase))}“.`;
      return `Die Anzeige erwähnt „${md(native(phrase))}“ nicht, daher kann ich es nicht sagen; das Team kann es für Sie prüfen.`;
    },
    extensionFact: (key, value) => `${md(key)}, laut Anzeige: **„${md(value)}“**.`,
    comparison: (table) => `So sehen sie im Vergleich aus:\n\n${table}`,
    compareRows: {
      price: 'Preis',
      bedrooms: 'Schlafzimmer',
      bathrooms: 'Badezimmer',
      area: 'Fläche',
      built: 'Baujahr',
      parking: 'Stellplätze',
    },
    studio: 'Studio',
    listingDetails(l, home) {
      const kind = kindNoun(l.PropertyType);
      const sale = l.SaleType === 'for_rent' ? `zur Miete für **${priceText(l)}**` : `zum Kauf für **${priceText(l)}**`;
      const status = l.Status === 'Active' ? 'aktiv' : l.Status === 'Sold' ? 'verkauft' : 'bald verfügbar';
      const rooms =
        l.Bedrooms === 0
          ? `ohne separates Schlafzimmer (Studio) und mit ${count(l.Bathrooms, 'bathroom', true)}`
          : `mit ${roomsWith(l)}`;
      const extra = [
        l.HOAMonth ? `Hausgeld: ${money(l.HOAMonth, l.CurrencySymbol)}/Monat.` : '',
        l.DepositFee ? `Kaution: ${money(l.DepositFee, l.CurrencySymbol)}.` : '',
        l.Tours === '3D' ? '3D-Rundgang verfügbar.' : l.Tours === 'OpenHouse' ? 'Tag der offenen Tür geplant.' : '',
        l.ExtensionColumn.length
          ? `${l.ExtensionColumn.slice(0, 10)
              .map((x) => `${md(x.Key)}: ${md(x.value)}`)
              .join('; ')}.`
          : '',
      ].filter(Boolean);
      const spots = l.ParkingSpots ? count(l.ParkingSpots, 'parking spot') : 'kein Stellplatz';
      return (
        `${home}: ${a(kind.g)} ${kind.one} ${sale}, ${rooms} (MLS ${md(l.MLSNumber)}, ${status}). ` +
        `Wohnfläche ${areaText(l)}${l.LotArea ? ` auf einem Grundstück von ${lotText(l)}` : ''}; Baujahr ${l.YearBuilt}; ${spots}.${extra.length ? ` ${extra.join(' ')}` : ''}`
      );
    },
    description: (text) => `Die Anzeige sagt:\n\n> ${md(text)}`,
    viewListing: 'Anzeige ansehen',

    paymentForRental: (home, price) =>
      `**${home}** ist zur Miete, für ${price} im Monat – es gibt keine Finanzierung zu berechnen.`,
    paymentNoPrice: (home) =>
      `**${home}** hat keinen angegebenen Preis, daher kann ich keine Rate berechnen. Nennen Sie mir einen Preis, dann rechne ich es aus.`,
    paymentWhichPrice: () =>
      'Ich kann eine monatliche Rate schätzen – für welchen Preis? Nennen Sie einen Preis oder eine unserer Immobilien und, falls bekannt, Ihre Anzahlung, den Zinssatz und die Laufzeit.',
    payment(f: PaymentFigures) {
      const m = (n: number) => money(n, f.symbol);
      const loan = f.from
        ? `ein Darlehen von ${m(f.principal)} (der Preis von ${m(f.from.price)} abzüglich ${
            f.from.downPct === undefined
              ? `einer Anzahlung von ${m(f.from.down)}`
              : `einer Anzahlung von ${pct(f.from.downPct)}, also ${m(f.from.down)}`
          })`
        : `ein Darlehen von ${m(f.principal)}`;
      const assumed = [
        ...(f.assumed.down ? ['einer Anzahlung von 20\u00a0%'] : []),
        ...(f.assumed.rate ? [`einem Zinssatz von ${pct(f.rate)} im Jahr`] : []),
        ...(f.assumed.years ? ['einem Darlehen mit 30 Jahren fester Laufzeit'] : []),
      ];
      const lines = [
        `Das sind etwa **${m(f.monthly)} im Monat** für Zins und Tilgung${f.home ? ` für **${f.home}**` : ''}: ${loan}, zu ${pct(f.rate)} im Jahr über ${f.years} Jahre.`,
      ];
      if (assumed.length)
        lines.push(
          `Wo Sie nichts gesagt haben, bin ich von ${joinUnd(assumed)} ausgegangen – nennen Sie mir Ihre Werte, dann rechne ich neu.`,
        );
      lines.push(
        `Nicht enthalten sind Grundsteuer, Gebäudeversicherung${f.hoa ? `, das monatliche Hausgeld von ${m(f.hoa)}` : ''} und eine etwaige Hypothekenversicherung; das Angebot einer Bank wird abweichen.`,
      );
      if (f.person) lines.push(`Für ein echtes Angebot nutzen Sie ${PERSON}, und jemand aus dem Team hilft Ihnen.`);
      return lines.join(' ');
    },

    greeting(name, ideas, page) {
      const hello = `Hallo! Ich bin ${md(name)}. Ich helfe Ihnen, Immobilien zum Kauf oder zur Miete zu finden – fragen Sie nach einer Gegend, einem Budget, der Zahl der Schlafzimmer oder der MLS-Nummer einer Anzeige.`;
      if (page) return `${hello} Fragen Sie mich auch gern alles zu **${page}**.`;
      return ideas.length ? `${hello}\n\nSie könnten fragen:\n${ideas.map((l) => `- ${md(l)}`).join('\n')}` : hello;
    },
    welcome: () => 'Gern geschehen! Kann ich Ihnen sonst noch helfen?',
    smallTalk: () => 'Mir geht es gut, danke der Nachfrage! Wie kann ich Ihnen bei Ihrer Immobiliensuche helfen?',
    startOver: () => 'Gern – fangen wir von vorne an. Was suchen Sie?',
    notSure: () => 'Da bin ich mir nicht sicher.',
    fallback: (opening, person) =>
      `${opening} Ich helfe Ihnen gern bei Fragen zu unseren Anzeigen: Gegenden, Preise, Schlafzimmer, Besichtigungen oder eine bestimmte MLS-Nummer.${personToo(person, `Wenn Sie möchten, nutzen Sie ${PERSON}, und jemand aus dem Team hilft Ihnen.`)}`,
    outside(topic, name, person) {
      const what =
        topic === 'that' ? 'Dabei kann ich Ihnen nicht helfen' : `Zu ${OUTSIDE[topic]} kann ich Ihnen nichts sagen`;
      return `${what} – ich kenne nur die Immobilien von ${md(name)} und das, was in ihren Anzeigen steht.${personToo(
        person,
        `Vielleicht weiß es jemand aus dem Team: Nutzen Sie ${PERSON}, hinterlassen Sie Ihre E-Mail-Adresse, und man meldet sich bei Ihnen.`,
      )}`;
    },
    bot: (name, person) =>
      `Ich bin ${md(name)}, ein automatischer Assistent – keine Person. Ich helfe Ihnen, Immobilien zu finden, und beantworte Fragen zu unseren Anzeigen.${personToo(
        person,
        `Wenn Sie lieber mit einer Person sprechen möchten, nutzen Sie ${PERSON}, und jemand aus dem Team meldet sich bei Ihnen.`,
      )}`,
    handoff: (person, live) =>
      live
        ? 'Gern – ich habe dem Team Bescheid gegeben; gleich kommt jemand in diesen Chat.'
        : person
          ? 'Gern – hinterlassen Sie hier Ihren Namen und Ihre E-Mail-Adresse; jemand aus dem Team meldet sich bei Ihnen.'
          : 'Über diesen Chat kann ich Sie nicht mit einer Person verbinden, aber ich helfe Ihnen gern bei Fragen zu unseren Immobilien.',
    privacy: (name, url) =>
      `${name ? `„${md(name)}“` : 'Unsere Datenschutzerklärung'} finden Sie hier: [${md(name || 'Datenschutzerklärung')}](${mdUrl(url)}).`,
    viewing(person, home, url, live) {
      if (live)
        return `Besichtigungen vereinbart das Team: Ich habe Bescheid gegeben, gleich kommt jemand in diesen Chat${home ? `, um einen Termin für **${home}** zu finden` : ''}.`;
      if (person)
        return `Besichtigungen vereinbart das Team: Hinterlassen Sie hier Ihren Namen und Ihre E-Mail-Adresse, dann meldet sich jemand, um einen Termin${home ? ` für **${home}**` : ''} zu finden.`;
      return `Über diesen Chat kann ich keine Besichtigungen buchen.${url ? ` Die Seite der Anzeige hat die Details: [Anzeige ansehen](${mdUrl(url)})` : ''}`;
    },
    which: (lines) =>
      `Welche Immobilie meinen Sie?\n\n${lines.join('\n')}\n\nSagen Sie „die erste“, „die zweite“ … oder die Adresse.`,
    whichUnknown: () =>
      'Welche Immobilie meinen Sie? Auf dieser Seite kann ich es nicht erkennen – nennen Sie mir die Adresse oder die MLS-Nummer, dann sehe ich nach.',
    fromSource: (title) => `Aus „${md(title)}“:`,
    received: (what) => `Danke – ich habe ${what || 'Ihre Datei'} erhalten.`,
    mediaOffer(kind, person) {
      const offer = {
        Image:
          'Was auf Bildern zu sehen ist, kann ich nicht erkennen, aber ich helfe Ihnen, eine ähnliche Immobilie zu finden – nennen Sie mir die Gegend, das Budget oder die Zahl der Schlafzimmer, die Sie sich vorstellen.',
        Audio:
          'Aufnahmen kann ich nicht anhören – schreiben Sie Ihre Frage bitte, zum Beispiel die Gegend, das Budget oder die Zahl der Schlafzimmer, die Sie suchen.',
        Video:
          'Videos kann ich nicht ansehen, aber ich helfe Ihnen gern mit unseren Anzeigen – nennen Sie mir die Gegend, das Budget oder die Zahl der Schlafzimmer, die Sie sich vorstellen.',
      }[kind];
      return `${offer}${personToo(person, `Oder nutzen Sie ${PERSON}, und jemand aus dem Team sieht es sich an.`)}`;
    },
    fileFacts(f, kind) {
      if (!f) return { Image: 'ein Bild', Audio: 'eine Aufnahme', Video: 'ein Video' }[kind];
      if (f.kind === 'Image') return `ein ${f.format}-Bild mit ${number(f.width)} × ${number(f.height)} Pixeln`;
      if (f.kind === 'Audio') {
        const channels = f.channels === 1 ? 'mono' : f.channels === 2 ? 'stereo' : `${f.channels} Kanäle`;
        return `eine Aufnahme von ${number(seconds(f.duration))} Sekunden (WAV, ${number(f.sampleRate / 1000)} kHz, ${channels}, ${f.bitsPerSample} Bit)`;
      }
      const size = fileSize(f.size, number, ['KB', 'MB']);
      return `ein ${f.container.replace(/^an? /, '').replace(/ /g, '-')}-Video von ${size}`;
    },
    files(kind, described) {
      const [one, many] = {
        Image: ['Ihr Bild', 'Bilder'],
        Audio: ['Ihre Aufnahme', 'Aufnahmen'],
        Video: ['Ihr Video', 'Videos'],
      }[kind];
      return described.length === 1
        ? `${one}: ${described[0]}`
        : `Ihre ${described.length} ${many}: ${described.join('; ')}`;
    },

    unfinished: () =>
      'Ich konnte die Suche nicht abschließen. Könnten Sie die Frage noch einmal stellen, vielleicht etwas einfacher?',
    correction: {
      label: 'Korrektur:',
      fact: (field, actual, wrote) =>
        ({
          price: `der Preis ist ${actual}, nicht ${wrote}`,
          bedrooms: `es hat ${actual} Schlafzimmer, nicht ${wrote}`,
          bathrooms: `es hat ${actual} Badezimmer, nicht ${wrote}`,
          'MLS number': `die MLS-Nummer ist ${actual}, nicht ${wrote}`,
          address: `die Adresse ist ${actual}, nicht ${wrote}`,
        })[field],
    },

    chips: {
      threeBedrooms: 'Nur mit 3 oder mehr Schlafzimmern',
      under: (price, monthly) => `Nur unter ${price}${monthly ? ' im Monat' : ''}`,
      more: 'Zeigen Sie mir mehr',
      aboutFirst: 'Erzählen Sie mir mehr über das erste',
      rentalsInstead: 'Lieber Mietobjekte zeigen',
      saleInstead: 'Lieber Kaufobjekte zeigen',
      place: (city) => `Und in ${city}?`,
      underAsk: (price, monthly) => `Und unter ${price}${monthly ? ' im Monat' : ''}?`,
      bedrooms: (n) => `Und mit ${count(n, 'bedroom', true)}?`,
      viewing: 'Besichtigung vereinbaren',
      similar: 'Ähnliche Immobilien zeigen',
      cheaper: 'Gibt es etwas Günstigeres?',
      bigger: 'Gibt es etwas Größeres?',
      person: 'Mit einer Person sprechen',
      forSale: 'Immobilien zum Kauf',
      forRent: 'Immobilien zur Miete',
      ordinals: ['Das erste', 'Das zweite', 'Das dritte', 'Das vierte', 'Das fünfte'],
    },
  };
}
