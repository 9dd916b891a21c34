/**
 * The offline engine's sentences in Spanish (writing/types.ts says what each is). Written for the
 * Americas unless the visitor's locale is Spain's (es-ES): there "alquiler" for "renta", "piso" for
 * nothing (a kind keeps its one word), numbers and money as Spain writes them ("489.000 $"). Every
 * chip is a sentence the Spanish reading reads back (languages/es.ts). The owner's texts — a name,
 * a kind of home the engine has no word for, a listing's description — are quoted as written.
 */
import { addressText, type Listing, type ListingCard } from '../../../protocol/index.ts';
import type { Criteria, SortKey } from '../reading/criteria.ts';
import type { Feature } from '../reading/features.ts';
import type { SaleType, Spread } from '../search/catalog.ts';
import { listingLink, md, mdUrl } from '../search/format.ts';
import { priceOf, squareFeet } from '../search/match.ts';
import { es as vocabulary } from '../languages/es.ts';
import {
  agree,
  featureWords,
  joined,
  kindNouns,
  kindsAsked,
  ordinalOf,
  roomRange,
  type Gender,
  type Noun,
} from './nouns.ts';
import { figures, fileSize, seconds } from './figures.ts';
import { phrasesByEnglish } from './own-words.ts';
import { ruledOut } from './ruled-out.ts';
import type { Attribute, Miss, OutsideTopic, PaymentFigures, Writing } from './types.ts';

/** The kinds of home the engine names in Spanish, by the English the listings give; others are quoted. */
const KINDS: readonly (readonly [RegExp, Noun])[] = [
  [/^single[- ]?family/, { one: 'casa', many: 'casas', g: 'f', exact: 'casa unifamiliar' }],
  [/^(?:house|home)s?$/, { one: 'casa', many: 'casas', g: 'f' }],
  [/^condo/, { one: 'condominio', many: 'condominios', g: 'm' }],
  [/^town ?(?:house|home)/, { one: 'casa adosada', many: 'casas adosadas', g: 'f' }],
  [/^multi[- ]?family/, { one: 'vivienda multifamiliar', many: 'viviendas multifamiliares', g: 'f' }],
  [/^apartment/, { one: 'apartamento', many: 'apartamentos', g: 'm' }],
  [/^duplex/, { one: 'dúplex', many: 'dúplex', g: 'm' }],
  [/^loft/, { one: 'loft', many: 'lofts', g: 'm' }],
  [/^studio/, { one: 'estudio', many: 'estudios', g: 'm' }],
  [/^(?:land|lot)s?$/, { one: 'terreno', many: 'terrenos', g: 'm' }],
  [/^(?:mobile|manufactured)/, { one: 'casa prefabricada', many: 'casas prefabricadas', g: 'f' }],
];
const HOME: Noun = { one: 'vivienda', many: 'viviendas', g: 'f' };

const kindNoun = kindNouns(KINDS, HOME, (kind) => ({
  one: `vivienda de tipo “${md(kind)}”`,
  many: `viviendas de tipo “${md(kind)}”`,
  g: 'f',
}));

/** The vocabulary's phrases by the English each reads as: how a feature is named in Spanish (own-words.ts). */
const PHRASES = phrasesByEnglish(vocabulary);

const article = (g: Gender, many: boolean) => (many ? (g === 'f' ? 'las' : 'los') : g === 'f' ? 'la' : 'el');
const indefinite = (g: Gender) => (g === 'f' ? 'una' : 'un');

/** An order as the adjective (or phrase) after the noun: "más barata", "con más habitaciones". */
function order(sort: SortKey, g: Gender, many: boolean): string {
  switch (sort) {
    case 'price-asc':
      return `más ${agree('barat', g, many)}`;
    case 'price-desc':
      return `más ${agree('car', g, many)}`;
    case 'area-desc':
      return `más ${many ? 'grandes' : 'grande'}`;
    case 'area-asc':
      return `más ${agree('pequeñ', g, many)}`;
    case 'year-desc':
      return `más ${agree('nuev', g, many)}`;
    case 'year-asc':
      return `más ${agree('antigu', g, many)}`;
    case 'bedrooms-desc':
      return 'con más habitaciones';
    case 'bedrooms-asc':
      return 'con menos habitaciones';
    case 'bathrooms-desc':
      return 'con más baños';
    case 'newest-listed':
      return `${agree('publicad', g, many)} más recientemente`;
    case 'hoa-asc':
      return 'con las cuotas de HOA más bajas';
  }
}

/** "primera", "segundo", "11.ª". */
const ordinal = ordinalOf([
  'primer',
  'segund',
  'tercer',
  'cuart',
  'quint',
  'sext',
  'séptim',
  'octav',
  'noven',
  'décim',
]);

const OUTSIDE: Record<Exclude<OutsideTopic, 'that'>, string> = {
  'the weather': 'el clima',
  taxes: 'los impuestos',
  'lenders and loans': 'prestamistas y préstamos',
  'school ratings': 'la calificación de las escuelas',
  'the law': 'temas legales',
  insurance: 'seguros',
  'crime and safety': 'la delincuencia y la seguridad',
};

/** The widget's "Talk to a person" button in Spanish (src/widget/strings/es.ts talkToPerson). */
const PERSON = '**Hablar con una persona**';

const joinY = joined('y');
const joinO = joined('o');
/** The kinds a search asks for, as one phrase, and its gender. */
const nouns = kindsAsked(kindNoun, HOME, joinO);

/** The Spanish sentences, for a visitor whose locale is `locale` (es-ES: as Spain writes) and who asked `said`. */
export function spanish(locale = 'es', said: readonly string[] = []): Writing {
  /** A feature the reading took in English ("pet friendly") in the visitor's words ("aceptan mascotas"). */
  const native = featureWords(PHRASES, said);
  const spain = /^es-es\b/i.test(locale);
  const { number, whole } = figures(spain ? 'es-ES' : 'es-MX');
  const money = (amount: number, symbol: string) =>
    spain ? `${whole(amount)} ${symbol}` : `${symbol}${whole(amount)}`;
  const pct = (n: number) => `${number(n)} %`;
  const percent = (share: number) => `${Math.max(1, Math.round(share * 100))} %`;
  const rent = spain ? 'alquiler' : 'renta';
  const perMonth = '/mes';

  const count = (n: number, noun: 'bedroom' | 'bathroom' | 'parking spot' | 'day' | 'home') => {
    const [one, many] = {
      bedroom: ['habitación', 'habitaciones'],
      bathroom: ['baño', 'baños'],
      'parking spot': ['lugar de estacionamiento', 'lugares de estacionamiento'],
      day: ['día', 'días'],
      home: ['vivienda', 'viviendas'],
    }[noun];
    return `${number(n)} ${n === 1 ? one : many}`;
  };
  const priceText = (l: ListingCard) => {
    const price = priceOf(l);
    if (price === null) return 'precio a consultar';
    return l.SaleType === 'for_rent' ? `${money(price, l.CurrencySymbol)}${perMonth}` : money(price, l.CurrencySymbol);
  };
  const unit = (l: Pick<Listing, 'AreaUnit'>) => (l.AreaUnit === 'Square Meters' ? 'm²' : 'pies²');
  const areaText = (l: Pick<Listing, 'BuildingArea' | 'AreaUnit'>) => `${number(l.BuildingArea)} ${unit(l)}`;
  const kindText = (l: Pick<Listing, 'PropertyType'>) => kindNoun(l.PropertyType).one;
  const roomsText = (l: Pick<Listing, 'Bedrooms' | 'Bathrooms'>) =>
    l.Bedrooms === 0
      ? `un estudio con ${count(l.Bathrooms, 'bathroom')}`
      : `${count(l.Bedrooms, 'bedroom')} y ${count(l.Bathrooms, 'bathroom')}`;

  const words = { to: 'a', atLeast: 'al menos', atMost: 'como máximo' };
  const bedrooms = roomRange((n) => count(n, 'bedroom'), number, words);
  const bathrooms = roomRange((n) => count(n, 'bathroom'), number, words);
  const $ = (n: number) => money(n, '$');

  /** Everything the criteria say after the noun: "en venta en Austin con 3 habitaciones por menos de $500,000". */
  function rest(c: Criteria, g: Gender, many: boolean, mentioned: Feature[]): string {
    const parts: string[] = [];
    if (c.statuses.length === 1 && c.statuses[0] !== 'Active')
      parts.push(
        c.statuses[0] === 'Sold'
          ? `ya ${agree('vendid', g, many)}`
          : `que ${many ? 'salen' : 'sale'} pronto al mercado`,
      );
    if (c.saleType) parts.push(c.saleType === 'for_rent' ? `en ${rent}` : 'en venta');
    if (c.streetNames.length) parts.push(`en ${joinO(c.streetNames.map(md))}`);
    const places = [...c.cities, ...c.states, ...c.zips, ...c.unknownPlaces];
    if (places.length) parts.push(`en ${joinO(places)}`);
    const features: string[] = [];
    const studio = c.bedrooms?.max === 0;
    if (c.bedrooms && !studio) features.push(bedrooms(c.bedrooms));
    if (c.bathrooms) features.push(bathrooms(c.bathrooms));
    if (c.minParking)
      features.push(c.minParking === 1 ? 'estacionamiento' : `al menos ${count(c.minParking, 'parking spot')}`);
    if (c.tours.length || c.anyTour)
      features.push(
        c.tours.includes('3D')
          ? 'recorrido 3D'
          : c.tours.includes('OpenHouse')
            ? 'jornada de puertas abiertas'
            : 'recorrido o visita',
      );
    if (features.length) parts.push(`con ${joinY(features)}`);
    if (studio) parts.push('sin habitación separada');
    if (c.price)
      parts.push(
        c.price.min !== undefined && c.price.max !== undefined
          ? `entre ${$(c.price.min)} y ${$(c.price.max)}`
          : c.price.max !== undefined
            ? `por menos de ${$(c.price.max)}`
            : `por más de ${$(c.price.min!)}`,
      );
    if (c.area?.min) parts.push(`de al menos ${whole(c.area.min)} pies²`);
    if (c.area?.max) parts.push(`de como máximo ${whole(c.area.max)} pies²`);
    const built = agree('construid', g, many);
    if (c.yearBuilt?.min && c.yearBuilt.min === c.yearBuilt.max) parts.push(`${built} en ${c.yearBuilt.min}`);
    else if (c.yearBuilt?.min) parts.push(`${built} en ${c.yearBuilt.min} o después`);
    else if (c.yearBuilt?.max) parts.push(`${built} en ${c.yearBuilt.max} o antes`);
    const x = c.exclude;
    const not = ruledOut(x, (t) => kindNoun(t).many, {
      rentals: `viviendas en ${rent}`,
      forSale: 'viviendas en venta',
      sold: 'viviendas vendidas',
      comingSoon: 'viviendas que aún no salen al mercado',
      studios: 'estudios',
    });
    if (not.length) parts.push(`excepto ${joinO(not)}`);
    const away = [...x.cities, ...x.states, ...x.zips];
    if (away.length) parts.push(`fuera de ${joinY(away)}`);
    if (x.hoa) parts.push('sin cuotas de HOA');
    if (mentioned.length)
      parts.push(`cuyos anuncios mencionan ${joinY(mentioned.map((f) => `“${md(native(f.phrase))}”`))}`);
    return parts.join(' ');
  }

  function describe(c: Criteria, n = 2, mentioned: Feature[] = []): string {
    const many = n !== 1;
    const noun = nouns(c, many);
    return [noun.text, rest(c, noun.g, many, mentioned)].filter(Boolean).join(' ');
  }

  /** "de $750 a $2,325 al mes", "a $1,200 cada una". */
  function prices(type: SaleType, s: Spread, g: Gender): string {
    if (s.min === null || s.max === null) return '';
    const symbol = s.currency || '$';
    const month = type === 'for_rent' ? ' al mes' : '';
    if (s.min !== s.max) return `de ${money(s.min, symbol)} a ${money(s.max, symbol)}${month}`;
    return `a ${money(s.min, symbol)}${month}${s.priced > 1 ? ` ${g === 'f' ? 'cada una' : 'cada uno'}` : ''}`;
  }

  const STATUS: Record<Listing['Status'], string> = {
    Active: 'activo: en el mercado ahora',
    PreOnMarket: 'próximamente: aún no está en el mercado',
    Sold: 'vendido',
  };

  function miss(m: Miss): string {
    switch (m.what) {
      case 'over budget':
      case 'under minimum':
        return `${money(m.price, m.symbol)}${m.rent ? perMonth : ''}, un ${percent(m.share)} ${m.what === 'over budget' ? 'por encima del presupuesto' : 'por debajo del mínimo'}`;
      case 'fewer bedrooms':
      case 'more bedrooms': {
        const by = m.by === 1 ? 'una' : number(m.by);
        return `${m.bedrooms === 0 ? 'un estudio' : count(m.bedrooms, 'bedroom')}, ${by} ${m.what === 'fewer bedrooms' ? 'menos' : 'más'} de las pedidas`;
      }
      case 'fewer bathrooms':
        return `${count(m.bathrooms, 'bathroom')}, menos de los pedidos`;
      case 'smaller':
        return `${whole(m.squareFeet)} pies², un ${percent(m.share)} menos de superficie`;
      case 'older':
      case 'newer':
        return `construcción de ${m.year}, ${m.what === 'older' ? 'anterior' : 'posterior'} a lo pedido`;
      case 'coming soon':
        return 'sale pronto al mercado; aún no está disponible';
      case 'kind': {
        const a = (k: Noun) => `${indefinite(k.g)} ${k.exact ?? k.one}`;
        return `${a(kindNoun(m.is))}, no ${joinO(m.asked.map((t) => a(kindNoun(t))))}`;
      }
    }
  }

  const personToo = (person: boolean, words: string) => (person ? ` ${words}` : '');
  const lotText = (l: Listing) => `${number(l.LotArea)} ${unit(l)}`;

  const w: Writing = {
    language: 'es',
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
      const head = `Encontré ${total === 1 ? indefinite(noun.g) : whole(total)} ${describe(q.c, total, q.mentioned)}`;
      const { for_sale: sale, for_rent: rental } = spread;
      if (ranges && sale && rental)
        return `${head}: ${sale.count} en venta ${prices('for_sale', sale, noun.g)} y ${rental.count} en ${rent} ${prices('for_rent', rental, noun.g)}.`;
      const [type, only] = (Object.entries(spread)[0] ?? []) as [SaleType | undefined, Spread | undefined];
      const said = ranges && type && only ? prices(type, only, noun.g) : '';
      return said ? `${head}, ${said}.` : `${head}.`;
    },
    inBrief(l) {
      const kind = kindNoun(l.PropertyType);
      const what =
        l.Bedrooms === 0
          ? `${indefinite(kind.g)} ${kind.one} tipo estudio con ${count(l.Bathrooms, 'bathroom')}`
          : `${indefinite(kind.g)} ${kind.one} con ${roomsText(l)}`;
      return `**${listingLink(l)}** por **${priceText(l)}**: ${what}, ${whole(squareFeet(l))} pies²`;
    },
    hoaNote: (l) =>
      `, ${l.HOAMonth ? `cuotas de HOA de ${money(l.HOAMonth, l.CurrencySymbol)} al mes` : 'sin cuotas de HOA'}`,
    itIs: (brief) => `Es ${brief}.`,
    first: (sort, brief) => `La opción ${order(sort ?? 'price-asc', 'f', false)} es ${brief}.`,
    best(sort, rank, q, brief) {
      const noun = nouns(q.c, false);
      const nth = rank ? `${ordinal(rank + 1, noun.g)} ` : '';
      const after = rest(q.c, noun.g, false, q.mentioned);
      const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
      if (!sort)
        return `${cap(article(noun.g, false))} ${noun.text}${after ? ` ${after}` : ''} que mejor encaja es ${brief}.`;
      return `${cap(article(noun.g, false))} ${nth}${noun.text} ${order(sort, noun.g, false)}${after ? ` ${after}` : ''} es ${brief}.`;
    },
    bestOfEach(sort, rank, sale, rental) {
      const nth = rank ? `${ordinal(rank + 1, 'f')} ` : '';
      return `La ${nth}opción en venta ${order(sort, 'f', false)} es ${sale}; la ${nth}opción en ${rent} ${order(sort, 'f', false)} es ${rental}.`;
    },
    whichShown: (shown, sort, mixed) =>
      sort
        ? ` Aquí están las ${shown} opciones ${order(sort, 'f', true)}.`
        : mixed
          ? ` Aquí están las ${shown} primeras: primero las de venta, cada grupo del precio más bajo al más alto.`
          : ` Aquí están las ${shown} más baratas.`,
    topN(shown, sort, q, rank, total) {
      const many = shown !== 1;
      const noun = nouns(q.c, many);
      const after = rest(q.c, noun.g, many, q.mentioned);
      const past = rank
        ? rank === 1
          ? `, sin contar ${article(noun.g, false)} ${ordinal(1, noun.g)}`
          : `, sin contar ${article(noun.g, true)} ${rank} ${agree('primer', noun.g, true)}`
        : '';
      const the = article(noun.g, many);
      return `${the.charAt(0).toUpperCase()}${the.slice(1)} ${shown} ${noun.text} ${order(sort, noun.g, many)}${after ? ` ${after}` : ''}${past}, de ${total}:`;
    },
    fromNth: (rank, sort) => `A partir de la ${ordinal(rank + 1, 'f')} opción ${order(sort, 'f', false)}:`,
    more: (shown, offset, total, q) =>
      `Aquí tienes ${shown} más: de la ${offset + 1} a la ${offset + shown} de ${total} ${describe(q.c, total, q.mentioned)}.`,
    allShown(total, q) {
      const noun = nouns(q.c, true);
      return `Eso es todo: ya te mostré ${noun.g === 'f' ? 'todas' : 'todos'} ${article(noun.g, true)} ${total} ${describe(q.c, total, q.mentioned)}.`;
    },
    onlyThese(n, q, rank, sort, one) {
      const head = `Solo hay ${n === 1 ? indefinite(nouns(q.c, false).g) : n} ${describe(q.c, n, q.mentioned)}, así que no hay una ${ordinal(rank + 1, 'f')} opción ${order(sort, 'f', false)}.`;
      return `${head} ${n === 1 ? `Es ${one}.` : `Aquí están todas, empezando por la ${order(sort, 'f', false)}.`}`;
    },
    cantTell(unknown) {
      if (!unknown.length) return '';
      const what = (f: Feature) => `“${f.relation === 'near' ? 'cerca de ' : ''}${md(native(f.phrase))}”`;
      return `Los datos de los anuncios no mencionan ${joinO(unknown.map(what))}, así que no puedo saber qué viviendas lo cumplen ni filtrar la búsqueda por eso.`;
    },
    corrections: (pairs) =>
      pairs.length ? `(Entendí ${joinY(pairs.map(([from, to]) => `“${md(from)}” como “${md(to)}”`))}.) ` : '',
    didYouMean: (word, options) =>
      `No estoy seguro de qué quiere decir con “${md(word)}”: ¿quiso decir ${options.map((o) => `“${md(o)}”`).join(' o ')}?`,
    miss,
    nearMisses(q, lines) {
      const each = lines.map((n) => `- **${n.link}** — ${n.misses.map(miss).join('; ')}`);
      return `No encontré ${describe(q.c, 2, q.mentioned)}: ninguna opción coincide exactamente. ${lines.length === 1 ? 'Esta se acerca' : `Estas ${lines.length} se acercan`}:\n\n${each.join('\n')}`;
    },
    noneFound: (q) =>
      `No encontré ${describe(q.c, 2, q.mentioned)} por ahora. Prueba a ampliar la búsqueda: otra zona, otro precio u otro número de habitaciones.`,
    noSuchMls: () => 'No encontré ningún anuncio con ese número MLS.',

    about: (link, text) => `${link}: ${text}`,
    fact(l, a: Attribute) {
      switch (a) {
        case 'price':
          return l.SaleType === 'for_rent'
            ? `Se ${spain ? 'alquila' : 'renta'} por **${priceText(l)}**.`
            : `Está en venta por **${priceText(l)}**.`;
        case 'bedrooms':
          return l.Bedrooms === 0
            ? 'Es un **estudio** (sin habitación separada).'
            : `Tiene **${count(l.Bedrooms, 'bedroom')}**.`;
        case 'bathrooms':
          return `Tiene **${count(l.Bathrooms, 'bathroom')}**.`;
        case 'area':
          return `Tiene **${areaText(l)}** de superficie habitable.`;
        case 'year':
          return `Se construyó en **${l.YearBuilt}**.`;
        case 'parking':
          return l.ParkingSpots
            ? `Tiene **${count(l.ParkingSpots, 'parking spot')}**.`
            : 'El anuncio no indica **estacionamiento**.';
        case 'hoa':
          return l.HOAMonth
            ? `Las cuotas de HOA son de **${money(l.HOAMonth, l.CurrencySymbol)}${perMonth}**.`
            : 'El anuncio no indica cuotas de HOA.';
        case 'deposit':
          return l.DepositFee
            ? `El depósito es de **${money(l.DepositFee, l.CurrencySymbol)}**.`
            : 'El anuncio no indica depósito.';
        case 'status':
          return `El anuncio está **${STATUS[l.Status]}**.`;
        case 'tour':
          return l.Tours === '3D'
            ? 'Hay un **recorrido 3D** en la página del anuncio.'
            : l.Tours === 'OpenHouse'
              ? 'Hay una **jornada de puertas abiertas** programada: consulta los horarios en la página del anuncio.'
              : 'El anuncio no indica recorrido ni jornada de puertas abiertas.';
        case 'lot':
          return l.LotArea ? `El terreno mide **${lotText(l)}**.` : 'El anuncio no indica el tamaño del terreno.';
        case 'address':
          return `Está en **${md(addressText(l))}**.`;
        case 'days':
          return l.Status === 'PreOnMarket'
            ? 'Todavía no está en el mercado.'
            : `Lleva **${count(l.DaysOnMarket, 'day')}** en el mercado.`;
        case 'type': {
          const kind = kindNoun(l.PropertyType);
          return `Es ${indefinite(kind.g)} **${kind.exact ?? kind.one}**.`;
        }
        case 'mls':
          return `Su número MLS es **${md(l.MLSNumber)}**.`;
      }
    },
    featureFact(quoted, mentioned, phrase) {
      if (quoted) return `Sí: el anuncio dice “${md(quoted)}”`;
      if (mentioned) return `Sí: el anuncio menciona “${md(native(phrase))}”.`;
      return `El anuncio no menciona “${md(native(phrase))}”, así que no puedo saberlo; el equipo puede consultarlo por ti.`;
    },
    extensionFact: (key, value) => `${md(key)}, según el anuncio: **“${md(value)}”**.`,
    comparison: (table) => `Así se comparan:\n\n${table}`,
    compareRows: {
      price: 'Precio',
      bedrooms: 'Habitaciones',
      bathrooms: 'Baños',
      area: 'Superficie',
      built: 'Año de construcción',
      parking: 'Estacionamiento',
    },
    studio: 'estudio',
    listingDetails(l, home) {
      const kind = kindNoun(l.PropertyType);
      const sale =
        l.SaleType === 'for_rent' ? `en ${rent} por **${priceText(l)}**` : `en venta por **${priceText(l)}**`;
      const status = l.Status === 'Active' ? 'activo' : l.Status === 'Sold' ? 'vendido' : 'próximamente';
      const rooms =
        l.Bedrooms === 0 ? `sin habitación separada (un estudio) y ${count(l.Bathrooms, 'bathroom')}` : roomsText(l);
      const extra = [
        l.HOAMonth ? `Cuotas de HOA: ${money(l.HOAMonth, l.CurrencySymbol)}${perMonth}.` : '',
        l.DepositFee ? `Depósito: ${money(l.DepositFee, l.CurrencySymbol)}.` : '',
        l.Tours === '3D'
          ? 'Tiene recorrido 3D.'
          : l.Tours === 'OpenHouse'
            ? 'Hay una jornada de puertas abiertas programada.'
            : '',
        l.ExtensionColumn.length
          ? `${l.ExtensionColumn.slice(0, 10)
              .map((x) => `${md(x.Key)}: ${md(x.value)}`)
              .join('; ')}.`
          : '',
      ].filter(Boolean);

      return (
        `${home} es ${indefinite(kind.g)} ${kind.one} ${sale} con ${rooms} (MLS ${md(l.MLSNumber)}, ${status}). ` +
        `Tiene ${areaText(l)}${l.LotArea ? ` en un terreno de ${lotText(l)}` : ''}, se construyó en ${l.YearBuilt} y ${l.ParkingSpots ? `tiene ${count(l.ParkingSpots, 'parking spot')}` : 'no tiene estacionamiento'}.${extra.length ? ` ${extra.join(' ')}` : ''}`
      );
    },
    description: (text) => `El anuncio dice:\n\n> ${md(text)}`,
    viewListing: 'Ver el anuncio',

    paymentForRental: (home, price) =>
      `**${home}** es ${spain ? 'de alquiler' : 'de renta'}, por ${price} al mes: no hay hipoteca que calcular.`,
    paymentNoPrice: (home) =>
      `**${home}** no tiene precio publicado, así que no puedo calcular un pago. Dime un precio y lo calculo.`,
    paymentWhichPrice: () =>
      'Puedo estimar un pago mensual, pero ¿para qué precio? Dime un precio o una de nuestras viviendas, y tu pago inicial, la tasa y el plazo si los sabes.',
    payment(f: PaymentFigures) {
      const m = (n: number) => money(n, f.symbol);
      const loan = f.from
        ? `un préstamo de ${m(f.principal)} (el precio de ${m(f.from.price)} menos ${
            f.from.downPct === undefined
              ? `un pago inicial de ${m(f.from.down)}`
              : `un pago inicial del ${pct(f.from.downPct)}, ${m(f.from.down)}`
          })`
        : `un préstamo de ${m(f.principal)}`;
      const assumed = [
        ...(f.assumed.down ? ['un pago inicial del 20 %'] : []),
        ...(f.assumed.rate ? [`una tasa del ${pct(f.rate)} anual`] : []),
        ...(f.assumed.years ? ['un préstamo a tasa fija a 30 años'] : []),
      ];
      const lines = [
        `Serían unos **${m(f.monthly)} al mes** de capital e intereses${f.home ? ` para **${f.home}**` : ''}: ${loan}, al ${pct(f.rate)} anual durante ${f.years} años.`,
      ];
      if (assumed.length)
        lines.push(`Como no lo dijiste, supuse ${joinY(assumed)}; dime los tuyos y lo vuelvo a calcular.`);
      lines.push(
        `No incluye impuestos sobre la propiedad, seguro de hogar${f.hoa ? `, la cuota mensual de HOA de ${m(f.hoa)}` : ''} ni seguro hipotecario, y la oferta de un prestamista será distinta.`,
      );
      if (f.person) lines.push(`Para una cotización real, usa ${PERSON} y alguien del equipo te ayudará.`);
      return lines.join(' ');
    },

    greeting(name, ideas, page) {
      const hello = `¡Hola! Soy ${md(name)}. Puedo ayudarte a encontrar viviendas en venta o en ${rent}: pregúntame por una zona, un presupuesto, las habitaciones o el número MLS de un anuncio.`;
      if (page) return `${hello} También puedes preguntarme lo que quieras sobre **${page}**.`;
      return ideas.length ? `${hello}\n\nPodrías preguntar:\n${ideas.map((l) => `- ${md(l)}`).join('\n')}` : hello;
    },
    welcome: () => '¡De nada! ¿Hay algo más en lo que pueda ayudarte?',
    smallTalk: () => '¡Muy bien, gracias por preguntar! ¿Cómo puedo ayudarte con tu búsqueda de vivienda?',
    startOver: () => 'Claro, empecemos de nuevo. ¿Qué estás buscando?',
    notSure: () => 'No sé bien cómo responder a eso.',
    fallback: (opening, person) =>
      `${opening} Puedo ayudarte con preguntas sobre nuestros anuncios: zonas, precios, habitaciones, recorridos o un número MLS concreto.${personToo(person, `Si quieres, usa ${PERSON} y alguien del equipo te ayudará.`)}`,
    outside(topic, name, person) {
      const what = topic === 'that' ? 'No puedo ayudarte con eso' : `No puedo informarte sobre ${OUTSIDE[topic]}`;
      return `${what}: solo conozco las viviendas de ${md(name)} y lo que dicen sus anuncios.${personToo(
        person,
        `Puede que alguien del equipo lo sepa: usa ${PERSON}, deja tu correo y te responderán.`,
      )}`;
    },
    bot: (name, person) =>
      `Soy ${md(name)}, un asistente automático, no una persona. Puedo ayudarte a encontrar viviendas y responder preguntas sobre nuestros anuncios.${personToo(
        person,
        `Si prefieres hablar con una persona, usa ${PERSON} y alguien del equipo te responderá.`,
      )}`,
    handoff: (person, live) =>
      live
        ? 'Claro: ya avisé al equipo y alguien se unirá a este chat en un momento.'
        : person
          ? 'Claro: deja aquí tu nombre y tu correo, y alguien del equipo te responderá.'
          : 'Desde este chat no puedo ponerte en contacto con una persona, pero con gusto te ayudo con preguntas sobre nuestras viviendas.',
    privacy: (name, url) =>
      `Puedes leer nuestra ${name ? `“${md(name)}”` : 'política de privacidad'} aquí: [${md(name || 'Política de privacidad')}](${mdUrl(url)}).`,
    viewing(person, home, url, live) {
      if (live)
        return `El equipo organiza las visitas: ya les avisé, y alguien se unirá a este chat en un momento${home ? ` para acordar un horario para **${home}**` : ''}.`;
      if (person)
        return `El equipo organiza las visitas: deja aquí tu nombre y tu correo, y alguien te responderá para acordar un horario${home ? ` para **${home}**` : ''}.`;
      return `No puedo agendar visitas desde este chat.${url ? ` La página del anuncio tiene los detalles: [Ver el anuncio](${mdUrl(url)})` : ''}`;
    },
    which: (lines) =>
      `¿A qué vivienda te refieres?\n\n${lines.join('\n')}\n\nDi «la primera», «la segunda»… o su dirección.`,
    whichUnknown: () =>
      '¿A qué vivienda te refieres? No puedo saberlo por esta página: dime su dirección o su número MLS y la busco.',
    fromSource: (title) => `De “${md(title)}”:`,
    received: (what) => `Gracias, recibí ${what || 'tu archivo'}.`,
    mediaOffer(kind, person) {
      const offer = {
        Image:
          'No puedo ver lo que hay en las imágenes, pero puedo ayudarte a encontrar una vivienda parecida: dime la zona, el presupuesto o el número de habitaciones que tienes en mente.',
        Audio:
          'No puedo escuchar grabaciones, así que escribe tu pregunta: por ejemplo, la zona, el presupuesto o el número de habitaciones que buscas.',
        Video:
          'No puedo ver videos, pero puedo ayudarte con nuestros anuncios: dime la zona, el presupuesto o el número de habitaciones que tienes en mente.',
      }[kind];
      return `${offer}${personToo(person, `O usa ${PERSON} y alguien del equipo lo revisará.`)}`;
    },
    fileFacts(f, kind) {
      if (!f) return { Image: 'una imagen', Audio: 'una grabación', Video: 'un video' }[kind];
      if (f.kind === 'Image') return `una imagen ${f.format} de ${number(f.width)} × ${number(f.height)} píxeles`;
      if (f.kind === 'Audio') {
        const channels = f.channels === 1 ? 'mono' : f.channels === 2 ? 'estéreo' : `${f.channels} canales`;
        return `una grabación de ${number(seconds(f.duration))} segundos (WAV, ${number(f.sampleRate / 1000)} kHz, ${channels}, ${f.bitsPerSample} bits)`;
      }
      const size = fileSize(f.size, number, ['KB', 'MB']);
      return `un video ${f.container.replace(/^an? /, '')} de ${size}`;
    },
    files(kind, described) {
      const [one, many] = {
        Image: ['tu imagen', 'imágenes'],
        Audio: ['tu grabación', 'grabaciones'],
        Video: ['tu video', 'videos'],
      }[kind];
      return described.length === 1
        ? `${one}: ${described[0]}`
        : `tus ${described.length} ${many}: ${described.join('; ')}`;
    },

    unfinished: () => 'No pude terminar de buscarlo. ¿Puedes preguntarlo de nuevo, quizá de forma más sencilla?',
    correction: {
      label: 'Corrección:',
      fact: (field, a, wrote) =>
        ({
          price: `el precio es ${a}, no ${wrote}`,
          bedrooms: `tiene ${a} habitaciones, no ${wrote}`,
          bathrooms: `tiene ${a} baños, no ${wrote}`,
          'MLS number': `su número MLS es ${a}, no ${wrote}`,
          address: `su dirección es ${a}, no ${wrote}`,
        })[field],
    },

    chips: {
      threeBedrooms: 'Solo con 3 o más habitaciones',
      under: (price, monthly) => `Solo por menos de ${price}${monthly ? ' al mes' : ''}`,
      more: 'Muéstrame más',
      aboutFirst: 'Háblame de la primera',
      rentalsInstead: `Mejor muéstrame las de ${rent}`,
      saleInstead: 'Mejor muéstrame las de venta',
      place: (city) => `¿Y en ${city}?`,
      underAsk: (price, monthly) => `¿Y por menos de ${price}${monthly ? ' al mes' : ''}?`,
      bedrooms: (n) => `¿Y con ${count(n, 'bedroom')}?`,
      viewing: 'Agendar una visita',
      similar: 'Ver viviendas similares',
      cheaper: '¿Hay algo más barato?',
      bigger: '¿Hay algo más grande?',
      person: 'Hablar con una persona',
      forSale: 'Viviendas en venta',
      forRent: `Viviendas en ${rent}`,
      ordinals: ['La primera', 'La segunda', 'La tercera', 'La cuarta', 'La quinta'],
    },
  };
  return w;
}
