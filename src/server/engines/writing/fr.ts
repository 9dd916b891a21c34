/**
 * The offline engine's sentences in French (writing/types.ts says what each is), addressing the
 * visitor as "vous". Written for France unless the visitor's locale is Canada's (fr-CA): there
 * "condo", "stationnement" and "courriel", and no space before "?" and "!". Numbers and money as
 * French writes them ("489 000 $", "2,5"). Every chip is a sentence the French reading reads back
 * (languages/fr.ts). The owner's texts are quoted « as written ».
 */
import { addressText, type Listing, type ListingCard } from '../../../protocol/index.ts';
import { fr as vocabulary } from '../languages/fr.ts';
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

const HOME: Noun = { one: 'logement', many: 'logements', g: 'm' };

/** The kinds of home the engine names in French, by the English the listings give; others are quoted. */
function kinds(canada: boolean): readonly (readonly [RegExp, Noun])[] {
  return [
    [/^single[- ]?family/, { one: 'maison', many: 'maisons', g: 'f', exact: 'maison individuelle' }],
    [/^(?:house|home)s?$/, { one: 'maison', many: 'maisons', g: 'f' }],
    [
      /^condo/,
      canada
        ? { one: 'condo', many: 'condos', g: 'm' }
        : { one: 'appartement en copropriété', many: 'appartements en copropriété', g: 'm' },
    ],
    [/^town ?(?:house|home)/, { one: 'maison de ville', many: 'maisons de ville', g: 'f' }],
    [/^multi[- ]?family/, { one: 'immeuble à logements', many: 'immeubles à logements', g: 'm' }],
    [/^apartment/, { one: 'appartement', many: 'appartements', g: 'm' }],
    [/^duplex/, { one: 'duplex', many: 'duplex', g: 'm' }],
    [/^loft/, { one: 'loft', many: 'lofts', g: 'm' }],
    [/^studio/, { one: 'studio', many: 'studios', g: 'm' }],
    [/^(?:land|lot)s?$/, { one: 'terrain', many: 'terrains', g: 'm' }],
    [/^(?:mobile|manufactured)/, { one: 'maison mobile', many: 'maisons mobiles', g: 'f' }],
  ];
}

/** "l'appartement", "la maison", "le condo". */
const vowel = (word: string) => /^[aeiouyhâàéèêîïôûœ]/i.test(word);
const the = (g: Gender, word: string) => (vowel(word) ? `l’${word}` : `${g === 'f' ? 'la' : 'le'} ${word}`);
const a = (g: Gender) => (g === 'f' ? 'une' : 'un');
/** "de Denver", "d’Austin". */
const of = (word: string) => (vowel(word) ? `d’${word}` : `de ${word}`);
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** An order as French says it after the noun, article and all: "la moins chère", "les plus grands". */
function order(sort: SortKey, g: Gender, many: boolean): string {
  const art = many ? 'les' : g === 'f' ? 'la' : 'le';
  const adj = (m: string, f: string) => `${g === 'f' ? f : m}${many ? 's' : ''}`;
  switch (sort) {
    case 'price-asc':
      return `${art} moins ${adj('cher', 'chère')}`;
    case 'price-desc':
      return `${art} plus ${adj('cher', 'chère')}`;
    case 'area-desc':
      return `${art} plus ${adj('grand', 'grande')}`;
    case 'area-asc':
      return `${art} plus ${adj('petit', 'petite')}`;
    case 'year-desc':
      return `${art} plus ${adj('récent', 'récente')}`;
    case 'year-asc':
      return `${art} plus ${adj('ancien', 'ancienne')}`;
    case 'bedrooms-desc':
      return 'avec le plus de chambres';
    case 'bedrooms-asc':
      return 'avec le moins de chambres';
    case 'bathrooms-desc':
      return 'avec le plus de salles de bain';
    case 'newest-listed':
      return `${adj('publié', 'publiée')} le plus récemment`;
    case 'hoa-asc':
      return 'avec les frais de copropriété les plus bas';
  }
}

const ORDINALS = [
  'premier',
  'deuxième',
  'troisième',
  'quatrième',
  'cinquième',
  'sixième',
  'septième',
  'huitième',
  'neuvième',
  'dixième',
];
/** "première", "deuxième", "11e". */
const ordinal = (n: number, g: Gender) =>
  n === 1 ? (g === 'f' ? 'première' : 'premier') : (ORDINALS[n - 1] ?? `${n}e`);

const OUTSIDE: Record<Exclude<OutsideTopic, 'that'>, string> = {
  'the weather': 'la météo',
  taxes: 'les impôts',
  'lenders and loans': 'les prêteurs et les prêts',
  'school ratings': 'le classement des écoles',
  'the law': 'les questions juridiques',
  insurance: 'les assurances',
  'crime and safety': 'la criminalité et la sécurité',
};

/** The widget's "Talk to a person" button in French (src/widget/strings/fr.ts talkToPerson). */
const PERSON = '**Parler à une personne**';

const joinEt = joined('et');
const joinOu = joined('ou');

/** The vocabulary's phrases by the English each reads as: how a feature is named in French (own-words.ts). */
const PHRASES = phrasesByEnglish(vocabulary);

/** The French sentences, for a visitor whose locale is `locale` (fr-CA: as Québec writes) and who asked `said`. */
export function french(locale = 'fr', said: readonly string[] = []): Writing {
  /** A feature the reading took in English ("furnished") in the visitor's words ("meublé"). */
  const native = featureWords(PHRASES, said);
  const canada = /^fr-ca\b/i.test(locale);
  const kindNoun = kindNouns(kinds(canada), HOME, (kind) => ({
    one: `logement de type « ${md(kind)} »`,
    many: `logements de type « ${md(kind)} »`,
    g: 'm',
  }));
  const { number, whole } = figures('fr-FR');
  const money = (amount: number, symbol: string) => `${whole(amount)}\u00a0${symbol}`;
  const pct = (n: number) => `${number(n)}\u00a0%`;
  const percent = (share: number) => `${Math.max(1, Math.round(share * 100))}\u00a0%`;
  /** "?" and "!" as the region spaces them. */
  const ask = canada ? '?' : '\u00a0?';
  const bang = canada ? '!' : '\u00a0!';
  const colon = '\u00a0:';
  const semi = canada ? ';' : '\u00a0;';
  const parking = canada
    ? (['espace de stationnement', 'espaces de stationnement', 'stationnement'] as const)
    : (['place de parking', 'places de parking', 'parking'] as const);
  const email = canada ? 'courriel' : 'e-mail';

  const count = (n: number, noun: 'bedroom' | 'bathroom' | 'parking spot' | 'day' | 'home') => {
    const [one, many] = {
      bedroom: ['chambre', 'chambres'],
      bathroom: ['salle de bain', 'salles de bain'],
      'parking spot': [parking[0], parking[1]],
      day: ['jour', 'jours'],
      home: ['logement', 'logements'],
    }[noun];
    // French counts 0 and 1 in the singular ("0 chambre"), the rest in the plural.
    return `${number(n)} ${n < 2 ? one : many}`;
  };
  const priceText = (l: ListingCard) => {
    const price = priceOf(l);
    if (price === null) return 'prix sur demande';
    return l.SaleType === 'for_rent' ? `${money(price, l.CurrencySymbol)}/mois` : money(price, l.CurrencySymbol);
  };
  const unit = (l: Pick<Listing, 'AreaUnit'>) => (l.AreaUnit === 'Square Meters' ? 'm²' : 'pi²');
  const areaText = (l: Pick<Listing, 'BuildingArea' | 'AreaUnit'>) => `${number(l.BuildingArea)}\u00a0${unit(l)}`;
  const lotText = (l: Listing) => `${number(l.LotArea)}\u00a0${unit(l)}`;
  const kindText = (l: Pick<Listing, 'PropertyType'>) => kindNoun(l.PropertyType).one;
  const roomsText = (l: Pick<Listing, 'Bedrooms' | 'Bathrooms'>) =>
    l.Bedrooms === 0
      ? `un studio avec ${count(l.Bathrooms, 'bathroom')}`
      : `${count(l.Bedrooms, 'bedroom')} et ${count(l.Bathrooms, 'bathroom')}`;
  const $ = (n: number) => money(n, '$');

  /** The kinds a search asks for, as one phrase, and its gender. */
  const nouns = kindsAsked(kindNoun, HOME, joinOu);
  const words = { to: 'à', atLeast: 'au moins', atMost: 'au plus' };
  const bedrooms = roomRange((n) => count(n, 'bedroom'), number, words);
  const bathrooms = roomRange((n) => count(n, 'bathroom'), number, words);

  /** Everything the criteria say after the noun: "à vendre à Austin avec 3 chambres pour moins de 500 000 $". */
  function rest(c: Criteria, g: Gender, many: boolean, mentioned: Feature[]): string {
    const agree = (m: string) => `${m}${g === 'f' ? 'e' : ''}${many ? 's' : ''}`;
    const parts: string[] = [];
    if (c.statuses.length === 1 && c.statuses[0] !== 'Active')
      parts.push(c.statuses[0] === 'Sold' ? `déjà ${agree('vendu')}` : 'bientôt sur le marché');
    if (c.saleType) parts.push(c.saleType === 'for_rent' ? 'à louer' : 'à vendre');
    if (c.streetNames.length) parts.push(`sur ${joinOu(c.streetNames.map(md))}`);
    const places = [...c.cities, ...c.states, ...c.zips, ...c.unknownPlaces];
    if (places.length) parts.push(`à ${joinOu(places)}`);
    const features: string[] = [];
    const studio = c.bedrooms?.max === 0;
    if (c.bedrooms && !studio) features.push(bedrooms(c.bedrooms));
    if (c.bathrooms) features.push(bathrooms(c.bathrooms));
    if (c.minParking)
      features.push(c.minParking === 1 ? parking[2] : `au moins ${count(c.minParking, 'parking spot')}`);
    if (c.tours.length || c.anyTour)
      features.push(
        c.tours.includes('3D') ? 'visite 3D' : c.tours.includes('OpenHouse') ? 'portes ouvertes' : 'visite',
      );
    if (features.length) parts.push(`avec ${joinEt(features)}`);
    if (studio) parts.push('sans chambre séparée');
    if (c.price)
      parts.push(
        c.price.min !== undefined && c.price.max !== undefined
          ? `entre ${$(c.price.min)} et ${$(c.price.max)}`
          : c.price.max !== undefined
            ? `à moins de ${$(c.price.max)}`
            : `à plus de ${$(c.price.min!)}`,
      );
    if (c.area?.min) parts.push(`d’au moins ${whole(c.area.min)}\u00a0pi²`);
    if (c.area?.max) parts.push(`d’au plus ${whole(c.area.max)}\u00a0pi²`);
    const built = agree('construit');
    if (c.yearBuilt?.min && c.yearBuilt.min === c.yearBuilt.max) parts.push(`${built} en ${c.yearBuilt.min}`);
    else if (c.yearBuilt?.min) parts.push(`${built} en ${c.yearBuilt.min} ou après`);
    else if (c.yearBuilt?.max) parts.push(`${built} en ${c.yearBuilt.max} ou avant`);
    const x = c.exclude;
    const not = ruledOut(x, (t) => kindNoun(t).many, {
      rentals: 'locations',
      forSale: 'logements à vendre',
      sold: 'logements vendus',
      comingSoon: 'logements bientôt sur le marché',
      studios: 'studios',
    });
    if (not.length) parts.push(`sauf ${joinOu(not)}`);
    const away = [...x.cities, ...x.states, ...x.zips];
    if (away.length) parts.push(`en dehors ${of(joinEt(away))}`);
    if (x.hoa) parts.push('sans frais de copropriété');
    if (mentioned.length)
      parts.push(`dont l’annonce mentionne ${joinEt(mentioned.map((f) => `« ${md(native(f.phrase))} »`))}`);
    return parts.join(' ');
  }

  function describe(c: Criteria, n = 2, mentioned: Feature[] = []): string {
    const many = n !== 1;
    const noun = nouns(c, many);
    return [noun.text, rest(c, noun.g, many, mentioned)].filter(Boolean).join(' ');
  }

  /** "de 750 $ à 2 325 $ par mois", "à 1 200 $ chacun". */
  function prices(type: SaleType, s: Spread, g: Gender): string {
    if (s.min === null || s.max === null) return '';
    const symbol = s.currency || '$';
    const month = type === 'for_rent' ? ' par mois' : '';
    if (s.min !== s.max) return `de ${money(s.min, symbol)} à ${money(s.max, symbol)}${month}`;
    return `à ${money(s.min, symbol)}${month}${s.priced > 1 ? ` ${g === 'f' ? 'chacune' : 'chacun'}` : ''}`;
  }

  const STATUS: Record<Listing['Status'], string> = {
    Active: `active${colon} sur le marché maintenant`,
    PreOnMarket: `bientôt sur le marché${colon} pas encore en vente`,
    Sold: 'vendue',
  };

  function miss(m: Miss): string {
    switch (m.what) {
      case 'over budget':
      case 'under minimum':
        return `${money(m.price, m.symbol)}${m.rent ? '/mois' : ''}, ${percent(m.share)} ${m.what === 'over budget' ? 'au-dessus du budget' : 'sous le minimum'}`;
      case 'fewer bedrooms':
      case 'more bedrooms': {
        const by = m.by === 1 ? 'une' : number(m.by);
        return `${m.bedrooms === 0 ? 'un studio' : count(m.bedrooms, 'bedroom')}, ${by} de ${m.what === 'fewer bedrooms' ? 'moins' : 'plus'} que demandé`;
      }
      case 'fewer bathrooms':
        return `${count(m.bathrooms, 'bathroom')}, moins que demandé`;
      case 'smaller':
        return `${whole(m.squareFeet)}\u00a0pi², ${percent(m.share)} de surface en moins`;
      case 'older':
      case 'newer':
        return `construction de ${m.year}, plus ${m.what === 'older' ? 'ancienne' : 'récente'} que demandé`;
      case 'coming soon':
        return 'bientôt sur le marché, pas encore disponible';
      case 'kind': {
        const one = (k: Noun) => `${a(k.g)} ${k.exact ?? k.one}`;
        return `${one(kindNoun(m.is))}, pas ${joinOu(m.asked.map((t) => one(kindNoun(t))))}`;
      }
    }
  }

  const personToo = (person: boolean, words: string) => (person ? ` ${words}` : '');

  return {
    language: 'fr',
    space: ' ',
    number,
    money,
    count,
    priceText,
    areaText,
    kindText,
    roomsText,
    describe,

    found(total, q, spread, ranges) {
      const many = total !== 1;
      const noun = nouns(q.c, many);
      const head = `J’ai trouvé ${total === 1 ? a(noun.g) : whole(total)} ${describe(q.c, total, q.mentioned)}`;
      const { for_sale: sale, for_rent: rental } = spread;
      if (ranges && sale && rental)
        return `${head}${colon} ${sale.count} à vendre ${prices('for_sale', sale, noun.g)} et ${rental.count} à louer ${prices('for_rent', rental, noun.g)}.`;
      const [type, only] = (Object.entries(spread)[0] ?? []) as [SaleType | undefined, Spread | undefined];
      const said = ranges && type && only ? prices(type, only, noun.g) : '';
      return said ? `${head}, ${said}.` : `${head}.`;
    },
    inBrief(l) {
      const kind = kindNoun(l.PropertyType);
      const what =
        l.Bedrooms === 0
          ? `${a(kind.g)} ${kind.one} de type studio avec ${count(l.Bathrooms, 'bathroom')}`
          : `${a(kind.g)} ${kind.one} avec ${roomsText(l)}`;
      return `**${listingLink(l)}** à **${priceText(l)}** — ${what}, ${whole(squareFeet(l))}\u00a0pi²`;
    },
    hoaNote: (l) =>
      `, ${l.HOAMonth ? `frais de copropriété de ${money(l.HOAMonth, l.CurrencySymbol)} par mois` : 'sans frais de copropriété'}`,
    itIs: (brief) => `C’est ${brief}.`,
    first: (sort, brief) => `L’option ${order(sort ?? 'price-asc', 'f', false)} est ${brief}.`,
    best(sort, rank, q, brief) {
      const noun = nouns(q.c, false);
      const after = rest(q.c, noun.g, false, q.mentioned);
      if (!sort)
        return `${cap(the(noun.g, noun.text))}${after ? ` ${after}` : ''} qui correspond le mieux est ${brief}.`;
      const nth = rank
        ? `${noun.g === 'f' ? 'la' : 'le'} ${ordinal(rank + 1, noun.g)} ${noun.text}`
        : the(noun.g, noun.text);
      return `${cap(nth)} ${order(sort, noun.g, false)}${after ? ` ${after}` : ''} est ${brief}.`;
    },
    bestOfEach(sort, rank, sale, rental) {
      const option = rank ? `la ${ordinal(rank + 1, 'f')} option` : 'l’option';
      return `${cap(option)} à vendre ${order(sort, 'f', false)} est ${sale}${semi} ${option} à louer ${order(sort, 'f', false)} est ${rental}.`;
    },
    whichShown: (shown, sort, mixed) =>
      sort
        ? ` Voici les ${shown} options ${order(sort, 'f', true)}.`
        : mixed
          ? ` Voici les ${shown} premières${colon} d’abord celles à vendre, chaque groupe du prix le plus bas au plus élevé.`
          : ` Voici les ${shown} options les moins chères.`,
    topN(shown, sort, q, rank, total) {
      const many = shown !== 1;
      const noun = nouns(q.c, many);
      const after = rest(q.c, noun.g, many, q.mentioned);
      const past = rank
        ? rank === 1
          ? `, après ${noun.g === 'f' ? 'la première' : 'le premier'}`
          : `, après les ${rank} ${noun.g === 'f' ? 'premières' : 'premiers'}`
        : '';
      return `${many ? 'Les' : cap(the(noun.g, '')).trim()} ${shown} ${noun.text} ${order(sort, noun.g, many)}${after ? ` ${after}` : ''}${past}, sur ${total}${colon}`;
    },
    fromNth: (rank, sort) => `À partir de la ${ordinal(rank + 1, 'f')} option ${order(sort, 'f', false)}${colon}`,
    more: (shown, offset, total, q) =>
      `En voici ${shown} de plus${colon} les numéros ${offset + 1} à ${offset + shown} sur ${total} ${describe(q.c, total, q.mentioned)}.`,
    allShown(total, q) {
      const noun = nouns(q.c, true);
      return `C’est tout${colon} je vous ai montré ${noun.g === 'f' ? 'toutes' : 'tous'} les ${total} ${describe(q.c, total, q.mentioned)}.`;
    },
    onlyThese(n, q, rank, sort, one) {
      const what = describe(q.c, n, q.mentioned);
      const head = `Il n’y a ${n === 1 ? `qu’${a(nouns(q.c, false).g)}` : `que ${n}`} ${what}, donc pas de ${ordinal(rank + 1, 'f')} option ${order(sort, 'f', false)}.`;
      return `${head} ${n === 1 ? `C’est ${one}.` : `Les voici, en commençant par ${order(sort, 'f', false)}.`}`;
    },
    cantTell(unknown) {
      if (!unknown.length) return '';
      const what = (f: Feature) => `« ${f.relation === 'near' ? 'près de ' : ''}${md(native(f.phrase))} »`;
      return `Les annonces ne mentionnent pas ${joinOu(unknown.map(what))}, je ne peux donc pas dire quels logements y répondent ni filtrer la recherche sur ce critère.`;
    },
    corrections: (pairs) =>
      pairs.length
        ? `(J’ai compris ${joinEt(pairs.map(([from, to]) => `« ${md(from)} » comme « ${md(to)} »`))}.) `
        : '',
    didYouMean: (word, options) =>
      `Je ne suis pas sûr de comprendre « ${md(word)} » : vouliez-vous dire ${options.map((o) => `« ${md(o)} »`).join(' ou ')} ?`,
    miss,
    nearMisses(q, lines) {
      const noun = nouns(q.c, false);
      const each = lines.map((n) => `- **${n.link}** — ${n.misses.map(miss).join('; ')}`);
      return `Je n’ai trouvé ${noun.g === 'f' ? 'aucune' : 'aucun'} ${describe(q.c, 1, q.mentioned)}${colon} aucune option ne correspond exactement. ${lines.length === 1 ? 'Celle-ci s’en approche' : `Ces ${lines.length} options s’en approchent`}${colon}\n\n${each.join('\n')}`;
    },
    noneFound(q) {
      const noun = nouns(q.c, false);
      return `Je n’ai trouvé ${noun.g === 'f' ? 'aucune' : 'aucun'} ${describe(q.c, 1, q.mentioned)} pour le moment. Essayez d’élargir la recherche${colon} un autre secteur, un autre prix ou un autre nombre de chambres.`;
    },
    noSuchMls: () => 'Je n’ai trouvé aucune annonce avec ce numéro MLS.',

    about: (link, text) => `${link}${colon} ${text}`,
    fact(l, attribute: Attribute) {
      switch (attribute) {
        case 'price':
          return l.SaleType === 'for_rent'
            ? `Le loyer est de **${priceText(l)}**.`
            : `Le prix demandé est de **${priceText(l)}**.`;
        case 'bedrooms':
          return l.Bedrooms === 0
            ? 'C’est un **studio** (sans chambre séparée).'
            : `Il y a **${count(l.Bedrooms, 'bedroom')}**.`;
        case 'bathrooms':
          return `Il y a **${count(l.Bathrooms, 'bathroom')}**.`;
        case 'area':
          return `La surface habitable est de **${areaText(l)}**.`;
        case 'year':
          return `L’année de construction est **${l.YearBuilt}**.`;
        case 'parking':
          return l.ParkingSpots
            ? `Il y a **${count(l.ParkingSpots, 'parking spot')}**.`
            : `L’annonce n’indique **aucun ${parking[2]}**.`;
        case 'hoa':
          return l.HOAMonth
            ? `Les frais de copropriété sont de **${money(l.HOAMonth, l.CurrencySymbol)}/mois**.`
            : 'L’annonce n’indique pas de frais de copropriété.';
        case 'deposit':
          return l.DepositFee
            ? `Le dépôt de garantie est de **${money(l.DepositFee, l.CurrencySymbol)}**.`
            : 'L’annonce n’indique pas de dépôt de garantie.';
        case 'status':
          return `L’annonce est **${STATUS[l.Status]}**.`;
        case 'tour':
          return l.Tours === '3D'
            ? 'Une **visite 3D** est disponible sur la page de l’annonce.'
            : l.Tours === 'OpenHouse'
              ? `Des **portes ouvertes** sont prévues${colon} voyez les horaires sur la page de l’annonce.`
              : 'L’annonce n’indique ni visite ni portes ouvertes.';
        case 'lot':
          return l.LotArea ? `Le terrain fait **${lotText(l)}**.` : 'L’annonce n’indique pas la taille du terrain.';
        case 'address':
          return `L’adresse est **${md(addressText(l))}**.`;
        case 'days':
          return l.Status === 'PreOnMarket'
            ? 'L’annonce n’est pas encore sur le marché.'
            : `L’annonce est en ligne depuis **${count(l.DaysOnMarket, 'day')}**.`;
        case 'type': {
          const kind = kindNoun(l.PropertyType);
          return `C’est ${a(kind.g)} **${kind.exact ?? kind.one}**.`;
        }
        case 'mls':
          return `Son numéro MLS est **${md(l.MLSNumber)}**.`;
      }
    },
    featureFact(quoted, mentioned, phrase) {
      if (quoted) return `Oui${colon} l’annonce dit « ${md(quoted)} »`;
      if (mentioned) return `Oui${colon} l’annonce mentionne « ${md(native(phrase))} ».`;
      return `L’annonce ne mentionne pas « ${md(native(phrase))} », je ne peux donc pas le dire${semi} l’équipe peut vérifier pour vous.`;
    },
    extensionFact: (key, value) => `${md(key)}, selon l’annonce${colon} **« ${md(value)} »**.`,
    comparison: (table) => `Voici la comparaison${colon}\n\n${table}`,
    compareRows: {
      price: 'Prix',
      bedrooms: 'Chambres',
      bathrooms: 'Salles de bain',
      area: 'Surface',
      built: 'Année de construction',
      parking: cap(parking[2]),
    },
    studio: 'studio',
    listingDetails(l, home) {
      const kind = kindNoun(l.PropertyType);
      const sale = l.SaleType === 'for_rent' ? `à louer, **${priceText(l)}**` : `à vendre, **${priceText(l)}**`;
      const status = l.Status === 'Active' ? 'active' : l.Status === 'Sold' ? 'vendue' : 'bientôt sur le marché';
      const rooms =
        l.Bedrooms === 0 ? `sans chambre séparée (un studio) et ${count(l.Bathrooms, 'bathroom')}` : roomsText(l);
      const extra = [
        l.HOAMonth ? `Frais de copropriété${colon} ${money(l.HOAMonth, l.CurrencySymbol)}/mois.` : '',
        l.DepositFee ? `Dépôt de garantie${colon} ${money(l.DepositFee, l.CurrencySymbol)}.` : '',
        l.Tours === '3D' ? 'Visite 3D disponible.' : l.Tours === 'OpenHouse' ? 'Portes ouvertes prévues.' : '',
        l.ExtensionColumn.length
          ? `${l.ExtensionColumn.slice(0, 10)
              .map((x) => `${md(x.Key)}${colon} ${md(x.value)}`)
              .join('; ')}.`
          : '',
      ].filter(Boolean);
      const spots = l.ParkingSpots ? count(l.ParkingSpots, 'parking spot') : `aucun ${parking[2]}`;
      return (
        `${home}${colon} ${a(kind.g)} ${kind.one} ${sale}, avec ${rooms} (MLS ${md(l.MLSNumber)}, annonce ${status}). ` +
        `Surface${colon} ${areaText(l)}${l.LotArea ? ` sur un terrain de ${lotText(l)}` : ''}${semi} construction${colon} ${l.YearBuilt}${semi} ${spots}.${extra.length ? ` ${extra.join(' ')}` : ''}`
      );
    },
    description: (text) => `L’annonce dit${colon}\n\n> ${md(text)}`,
    viewListing: 'Voir l’annonce',

    paymentForRental: (home, price) =>
      `**${home}** est à louer, à ${price} par mois${colon} il n’y a pas de prêt immobilier à calculer.`,
    paymentNoPrice: (home) =>
      `**${home}** n’a pas de prix affiché, je ne peux donc pas calculer de mensualité. Donnez-moi un prix et je le ferai.`,
    paymentWhichPrice: () =>
      `Je peux estimer une mensualité — pour quel prix${ask} Indiquez un prix ou l’un de nos logements, et votre apport, le taux et la durée si vous les connaissez.`,
    payment(f: PaymentFigures) {
      const m = (n: number) => money(n, f.symbol);
      const loan = f.from
        ? `un prêt de ${m(f.principal)} (le prix de ${m(f.from.price)} moins ${
            f.from.downPct === undefined
              ? `un apport de ${m(f.from.down)}`
              : `un apport de ${pct(f.from.downPct)}, soit ${m(f.from.down)}`
          })`
        : `un prêt de ${m(f.principal)}`;
      const assumed = [
        ...(f.assumed.down ? [`un apport de 20\u00a0%`] : []),
        ...(f.assumed.rate ? [`un taux de ${pct(f.rate)} par an`] : []),
        ...(f.assumed.years ? ['un prêt à taux fixe sur 30 ans'] : []),
      ];
      const lines = [
        `Cela fait environ **${m(f.monthly)} par mois** en capital et intérêts${f.home ? ` pour **${f.home}**` : ''}${colon} ${loan}, à ${pct(f.rate)} par an sur ${f.years} ans.`,
      ];
      if (assumed.length)
        lines.push(
          `Faute de précision, j’ai supposé ${joinEt(assumed)}${semi} donnez-moi les vôtres et je recalculerai.`,
        );
      lines.push(
        `Cela n’inclut pas la taxe foncière, l’assurance habitation${f.hoa ? `, les frais de copropriété mensuels de ${m(f.hoa)}` : ''} ni l’assurance emprunteur, et l’offre d’un prêteur sera différente.`,
      );
      if (f.person) lines.push(`Pour une vraie offre, utilisez ${PERSON} et quelqu’un de l’équipe vous aidera.`);
      return lines.join(' ');
    },

    greeting(name, ideas, page) {
      const hello = `Bonjour${bang} Je suis ${md(name)}. Je peux vous aider à trouver des logements à vendre ou à louer${colon} demandez-moi un secteur, un budget, un nombre de chambres ou le numéro MLS d’une annonce.`;
      if (page) return `${hello} Vous pouvez aussi me poser toutes vos questions sur **${page}**.`;
      return ideas.length
        ? `${hello}\n\nVous pourriez demander${colon}\n${ideas.map((l) => `- ${md(l)}`).join('\n')}`
        : hello;
    },
    welcome: () => `Avec plaisir${bang} Puis-je vous aider pour autre chose${ask}`,
    smallTalk: () => `Très bien, merci de demander${bang} Comment puis-je vous aider dans votre recherche${ask}`,
    startOver: () => `Bien sûr, recommençons. Que cherchez-vous${ask}`,
    notSure: () => 'Je ne sais pas bien quoi répondre à cela.',
    fallback: (opening, person) =>
      `${opening} Je peux répondre à vos questions sur nos annonces${colon} secteurs, prix, chambres, visites ou un numéro MLS précis.${personToo(person, `Si vous le souhaitez, utilisez ${PERSON} et quelqu’un de l’équipe vous aidera.`)}`,
    outside(topic, name, person) {
      const what =
        topic === 'that'
          ? 'Je ne peux pas vous aider là-dessus'
          : `Je ne peux pas vous renseigner sur ${OUTSIDE[topic]}`;
      return `${what}${colon} je ne connais que les logements ${of(md(name))} et ce que disent leurs annonces.${personToo(
        person,
        `Quelqu’un de l’équipe le sait peut-être${colon} utilisez ${PERSON}, laissez votre ${email} et on vous répondra.`,
      )}`;
    },
    bot: (name, person) =>
      `Je suis ${md(name)}, un assistant automatique, pas une personne. Je peux vous aider à trouver un logement et répondre à vos questions sur nos annonces.${personToo(
        person,
        `Si vous préférez parler à une personne, utilisez ${PERSON} et quelqu’un de l’équipe vous répondra.`,
      )}`,
    handoff: (person, live) =>
      live
        ? `Bien sûr${colon} j’ai prévenu l’équipe, quelqu’un va rejoindre ce chat dans un instant.`
        : person
          ? `Bien sûr${colon} laissez ici votre nom et votre ${email}${semi} quelqu’un de l’équipe vous répondra.`
          : 'Je ne peux pas vous mettre en contact avec une personne depuis ce chat, mais je réponds volontiers à vos questions sur nos logements.',
    privacy: (name, url) =>
      `Vous pouvez lire notre ${name ? `« ${md(name)} »` : 'politique de confidentialité'} ici${colon} [${md(name || 'Politique de confidentialité')}](${mdUrl(url)}).`,
    viewing(person, home, url, live) {
      if (live)
        return `L’équipe organise les visites${colon} je l’ai prévenue, quelqu’un va rejoindre ce chat dans un instant${home ? ` pour convenir d’un horaire pour **${home}**` : ''}.`;
      if (person)
        return `L’équipe organise les visites${colon} laissez ici votre nom et votre ${email}${semi} quelqu’un vous répondra pour convenir d’un horaire${home ? ` pour **${home}**` : ''}.`;
      return `Je ne peux pas réserver de visite depuis ce chat.${url ? ` La page de l’annonce donne les détails${colon} [Voir l’annonce](${mdUrl(url)})` : ''}`;
    },
    which: (lines) =>
      `De quel logement parlez-vous${ask}\n\n${lines.join('\n')}\n\nDites « le premier », « le deuxième »… ou son adresse.`,
    whichUnknown: () =>
      `De quel logement parlez-vous${ask} Je ne peux pas le savoir depuis cette page${colon} donnez-moi son adresse ou son numéro MLS et je le chercherai.`,
    fromSource: (title) => `Extrait de « ${md(title)} »${colon}`,
    received: (what) => `Merci, j’ai bien reçu ${what || 'votre fichier'}.`,
    mediaOffer(kind, person) {
      const offer = {
        Image: `Je ne peux pas voir le contenu des images, mais je peux vous aider à trouver un logement semblable${colon} indiquez-moi le secteur, le budget ou le nombre de chambres que vous avez en tête.`,
        Audio: `Je ne peux pas écouter d’enregistrements${colon} écrivez plutôt votre question, par exemple le secteur, le budget ou le nombre de chambres que vous cherchez.`,
        Video: `Je ne peux pas regarder de vidéos, mais je peux vous aider avec nos annonces${colon} indiquez-moi le secteur, le budget ou le nombre de chambres que vous avez en tête.`,
      }[kind];
      return `${offer}${personToo(person, `Ou utilisez ${PERSON} et quelqu’un de l’équipe y jettera un œil.`)}`;
    },
    fileFacts(f, kind) {
      if (!f) return { Image: 'une image', Audio: 'un enregistrement', Video: 'une vidéo' }[kind];
      if (f.kind === 'Image') return `une image ${f.format} de ${number(f.width)} × ${number(f.height)} pixels`;
      if (f.kind === 'Audio') {
        const channels = f.channels === 1 ? 'mono' : f.channels === 2 ? 'stéréo' : `${f.channels} canaux`;
        return `un enregistrement de ${number(seconds(f.duration))} secondes (WAV, ${number(f.sampleRate / 1000)} kHz, ${channels}, ${f.bitsPerSample} bits)`;
      }
      const size = fileSize(f.size, number, ['Ko', 'Mo']);
      return `une vidéo ${f.container.replace(/^an? /, '')} de ${size}`;
    },
    files(kind, described) {
      const [one, many] = {
        Image: ['votre image', 'images'],
        Audio: ['votre enregistrement', 'enregistrements'],
        Video: ['votre vidéo', 'vidéos'],
      }[kind];
      return described.length === 1
        ? `${one}${colon} ${described[0]}`
        : `vos ${described.length} ${many}${colon} ${described.join('; ')}`;
    },

    unfinished: () =>
      `Je n’ai pas pu terminer cette recherche. Pourriez-vous reposer la question, peut-être plus simplement${ask}`,
    correction: {
      label: `Correction${colon}`,
      fact: (field, actual, wrote) =>
        ({
          price: `le prix est de ${actual}, et non ${wrote}`,
          bedrooms: `il y a ${actual} chambres, et non ${wrote}`,
          bathrooms: `il y a ${actual} salles de bain, et non ${wrote}`,
          'MLS number': `son numéro MLS est ${actual}, et non ${wrote}`,
          address: `son adresse est ${actual}, et non ${wrote}`,
        })[field],
    },

    chips: {
      threeBedrooms: 'Seulement 3 chambres ou plus',
      under: (price, monthly) => `Seulement à moins de ${price}${monthly ? ' par mois' : ''}`,
      more: 'Montrez-m’en plus',
      aboutFirst: 'Parlez-moi du premier',
      rentalsInstead: 'Plutôt les locations',
      saleInstead: 'Plutôt les logements à vendre',
      place: (city) => `Et à ${city}${ask}`,
      underAsk: (price, monthly) => `Et à moins de ${price}${monthly ? ' par mois' : ''}${ask}`,
      bedrooms: (n) => `Et avec ${count(n, 'bedroom')}${ask}`,
      viewing: 'Réserver une visite',
      similar: 'Voir des logements semblables',
      cheaper: `Quelque chose de moins cher${ask}`,
      bigger: `Quelque chose de plus grand${ask}`,
      person: 'Parler à une personne',
      forSale: 'Logements à vendre',
      forRent: 'Logements à louer',
      ordinals: ['Le premier', 'Le deuxième', 'Le troisième', 'Le quatrième', 'Le cinquième'],
    },
  };
}
