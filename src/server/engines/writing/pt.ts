/**
 * The offline engine's sentences in Portuguese (writing/types.ts says what each is). Written as
 * Brazil writes unless the visitor's locale is Portugal's (pt-PT): there "moradia", "arrendar",
 * "casa de banho", "lugar de estacionamento", and numbers grouped with spaces. Every chip is a
 * sentence the Portuguese reading reads back (languages/pt.ts). The owner's texts are quoted as written.
 */
import { addressText, type Listing, type ListingCard } from '../../../protocol/index.ts';
import { pt as vocabulary } from '../languages/pt.ts';
import type { Criteria, SortKey } from '../reading/criteria.ts';
import type { Feature } from '../reading/features.ts';
import type { SaleType, Spread } from '../search/catalog.ts';
import { listingLink, md, mdUrl } from '../search/format.ts';
import { priceOf, squareFeet } from '../search/match.ts';
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

/** The kinds of home the engine names in Portuguese, Brazil's or Portugal's, by the English the listings give. */
function kinds(portugal: boolean): readonly (readonly [RegExp, Noun])[] {
  const house: Noun = portugal
    ? { one: 'moradia', many: 'moradias', g: 'f', exact: 'moradia unifamiliar' }
    : { one: 'casa', many: 'casas', g: 'f', exact: 'casa unifamiliar' };
  return [
    [/^single[- ]?family/, house],
    [/^(?:house|home)s?$/, house],
    [/^condo/, { one: 'apartamento em condomínio', many: 'apartamentos em condomínio', g: 'm' }],
    [
      /^town ?(?:house|home)/,
      portugal
        ? { one: 'moradia em banda', many: 'moradias em banda', g: 'f' }
        : { one: 'sobrado', many: 'sobrados', g: 'm' },
    ],
    [/^multi[- ]?family/, { one: 'prédio multifamiliar', many: 'prédios multifamiliares', g: 'm' }],
    [/^apartment/, { one: 'apartamento', many: 'apartamentos', g: 'm' }],
    [/^duplex/, { one: 'duplex', many: 'duplex', g: 'm' }],
    [/^loft/, { one: 'loft', many: 'lofts', g: 'm' }],
    [/^studio/, { one: 'estúdio', many: 'estúdios', g: 'm' }],
    [/^(?:land|lot)s?$/, { one: 'terreno', many: 'terrenos', g: 'm' }],
    [/^(?:mobile|manufactured)/, { one: 'casa pré-fabricada', many: 'casas pré-fabricadas', g: 'f' }],
  ];
}
const HOME: Noun = { one: 'imóvel', many: 'imóveis', g: 'm' };

/** The vocabulary's phrases by the English each reads as: how a feature is named in Portuguese (own-words.ts). */
const PHRASES = phrasesByEnglish(vocabulary);

const article = (g: Gender, many: boolean) => (many ? (g === 'f' ? 'as' : 'os') : g === 'f' ? 'a' : 'o');
const indefinite = (g: Gender) => (g === 'f' ? 'uma' : 'um');
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** An order as the adjective (or phrase) after the noun: "mais barata", "com mais quartos". */
function order(sort: SortKey, g: Gender, many: boolean): string {
  switch (sort) {
    case 'price-asc':
      return `mais ${agree('barat', g, many)}`;
    case 'price-desc':
      return `mais ${agree('car', g, many)}`;
    case 'area-desc':
      return many ? 'maiores' : 'maior';
    case 'area-asc':
      return many ? 'menores' : 'menor';
    case 'year-desc':
      return `mais ${agree('nov', g, many)}`;
    case 'year-asc':
      return `mais ${agree('antig', g, many)}`;
    case 'bedrooms-desc':
      return 'com mais quartos';
    case 'bedrooms-asc':
      return 'com menos quartos';
    case 'bathrooms-desc':
      return 'com mais banheiros';
    case 'newest-listed':
      return `${agree('anunciad', g, many)} mais recentemente`;
    case 'hoa-asc':
      return 'com a menor taxa de condomínio';
  }
}

/** "primera", "segundo", "11.ª". */
const ordinal = ordinalOf(['primeir', 'segund', 'terceir', 'quart', 'quint', 'sext', 'sétim', 'oitav', 'non', 'décim']);

const OUTSIDE: Record<Exclude<OutsideTopic, 'that'>, string> = {
  'the weather': 'o clima',
  taxes: 'impostos',
  'lenders and loans': 'financiadores e empréstimos',
  'school ratings': 'a avaliação das escolas',
  'the law': 'questões jurídicas',
  insurance: 'seguros',
  'crime and safety': 'criminalidade e segurança',
};

/** The widget's "Talk to a person" button in Portuguese (src/widget/strings/pt.ts talkToPerson). */
const PERSON = '**Falar com uma pessoa**';

const joinE = joined('e');
const joinOu = joined('ou');

/** The Portuguese sentences, for a visitor whose locale is `locale` (pt-PT: as Portugal writes) and who asked `said`. */
export function portuguese(locale = 'pt', said: readonly string[] = []): Writing {
  /** A feature the reading took in English ("a pool") in the visitor's words ("piscina"). */
  const native = featureWords(PHRASES, said);
  const portugal = /^pt-pt\b/i.test(locale);
  const kindNoun = kindNouns(kinds(portugal), HOME, (kind) => ({
    one: `imóvel do tipo “${md(kind)}”`,
    many: `imóveis do tipo “${md(kind)}”`,
    g: 'm',
  }));
  const nouns = kindsAsked(kindNoun, HOME, joinOu);
  const { number, whole } = figures(portugal ? 'pt-PT' : 'pt-BR', 'always');
  const money = (amount: number, symbol: string) =>
    portugal ? `${whole(amount)}\u00a0${symbol}` : `${symbol}\u00a0${whole(amount)}`;
  const pct = (n: number) => `${number(n)}%`;
  const percent = (share: number) => `${Math.max(1, Math.round(share * 100))}%`;
  const forRent = portugal ? 'para arrendar' : 'para alugar';
  const rentals = portugal ? 'arrendamentos' : 'aluguéis';
  const bathroom = portugal ? ['casa de banho', 'casas de banho'] : ['banheiro', 'banheiros'];
  const parking = portugal
    ? ['lugar de estacionamento', 'lugares de estacionamento', 'estacionamento']
    : ['vaga de garagem', 'vagas de garagem', 'vaga de garagem'];

  const count = (n: number, noun: 'bedroom' | 'bathroom' | 'parking spot' | 'day' | 'home') => {
    const [one, many] = {
      bedroom: ['quarto', 'quartos'],
      bathroom,
      'parking spot': parking,
      day: ['dia', 'dias'],
      home: ['imóvel', 'imóveis'],
    }[noun];
    return `${number(n)} ${n === 1 ? one : many}`;
  };
  const priceText = (l: ListingCard) => {
    const price = priceOf(l);
    if (price === null) return 'preço sob consulta';
    return l.SaleType === 'for_rent' ? `${money(price, l.CurrencySymbol)}/mês` : money(price, l.CurrencySymbol);
  };
  const unit = (l: Pick<Listing, 'AreaUnit'>) => (l.AreaUnit === 'Square Meters' ? 'm²' : 'pés²');
  const areaText = (l: Pick<Listing, 'BuildingArea' | 'AreaUnit'>) => `${number(l.BuildingArea)} ${unit(l)}`;
  const lotText = (l: Listing) => `${number(l.LotArea)} ${unit(l)}`;
  const kindText = (l: Pick<Listing, 'PropertyType'>) => kindNoun(l.PropertyType).one;
  const roomsText = (l: Pick<Listing, 'Bedrooms' | 'Bathrooms'>) =>
    l.Bedrooms === 0
      ? `um estúdio com ${count(l.Bathrooms, 'bathroom')}`
      : `${count(l.Bedrooms, 'bedroom')} e ${count(l.Bathrooms, 'bathroom')}`;
  const $ = (n: number) => money(n, '$');
  const words = { to: 'a', atLeast: 'pelo menos', atMost: 'no máximo' };
  const bedrooms = roomRange((n) => count(n, 'bedroom'), number, words);
  const bathrooms = roomRange((n) => count(n, 'bathroom'), number, words);

  /** Everything the criteria say after the noun: "à venda em Austin com 3 quartos por menos de $ 500.000". */
  function rest(c: Criteria, g: Gender, many: boolean, mentioned: Feature[]): string {
    const parts: string[] = [];
    if (c.statuses.length === 1 && c.statuses[0] !== 'Active')
      parts.push(
        c.statuses[0] === 'Sold'
          ? `já ${agree('vendid', g, many)}`
          : `que ${many ? 'chegam' : 'chega'} em breve ao mercado`,
      );
    if (c.saleType) parts.push(c.saleType === 'for_rent' ? forRent : 'à venda');
    if (c.streetNames.length) parts.push(`na ${joinOu(c.streetNames.map(md))}`);
    const places = [...c.cities, ...c.states, ...c.zips, ...c.unknownPlaces];
    if (places.length) parts.push(`em ${joinOu(places)}`);
    const features: string[] = [];
    const studio = c.bedrooms?.max === 0;
    if (c.bedrooms && !studio) features.push(bedrooms(c.bedrooms));
    if (c.bathrooms) features.push(bathrooms(c.bathrooms));
    if (c.minParking)
      features.push(c.minParking === 1 ? parking[2]! : `pelo menos ${count(c.minParking, 'parking spot')}`);
    if (c.tours.length || c.anyTour)
      features.push(c.tours.includes('3D') ? 'tour 3D' : c.tours.includes('OpenHouse') ? 'visita aberta' : 'visita');
    if (features.length) parts.push(`com ${joinE(features)}`);
    if (studio) parts.push('sem quarto separado');
    if (c.price)
      parts.push(
        c.price.min !== undefined && c.price.max !== undefined
          ? `entre ${$(c.price.min)} e ${$(c.price.max)}`
          : c.price.max !== undefined
            ? `por menos de ${$(c.price.max)}`
            : `por mais de ${$(c.price.min!)}`,
      );
    if (c.area?.min) parts.push(`de pelo menos ${whole(c.area.min)} pés²`);
    if (c.area?.max) parts.push(`de no máximo ${whole(c.area.max)} pés²`);
    const built = agree('construíd', g, many);
    if (c.yearBuilt?.min && c.yearBuilt.min === c.yearBuilt.max) parts.push(`${built} em ${c.yearBuilt.min}`);
    else if (c.yearBuilt?.min) parts.push(`${built} em ${c.yearBuilt.min} ou depois`);
    else if (c.yearBuilt?.max) parts.push(`${built} em ${c.yearBuilt.max} ou antes`);
    const x = c.exclude;
    const not = ruledOut(x, (t) => kindNoun(t).many, {
      rentals: rentals,
      forSale: 'imóveis à venda',
      sold: 'imóveis vendidos',
      comingSoon: 'imóveis que ainda não chegaram ao mercado',
      studios: 'estúdios',
    });
    if (not.length) parts.push(`exceto ${joinOu(not)}`);
    const away = [...x.cities, ...x.states, ...x.zips];
    if (away.length) parts.push(`fora de ${joinE(away)}`);
    if (x.hoa) parts.push('sem taxa de condomínio');
    if (mentioned.length)
      parts.push(`cujos anúncios mencionam ${joinE(mentioned.map((f) => `“${md(native(f.phrase))}”`))}`);
    return parts.join(' ');
  }

  function describe(c: Criteria, n = 2, mentioned: Feature[] = []): string {
    const many = n !== 1;
    const noun = nouns(c, many);
    return [noun.text, rest(c, noun.g, many, mentioned)].filter(Boolean).join(' ');
  }

  /** "de $ 750 a $ 2.325 por mês", "a $ 1.200 cada um". */
  function prices(type: SaleType, s: Spread, g: Gender): string {
    if (s.min === null || s.max === null) return '';
    const symbol = s.currency || '$';
    const month = type === 'for_rent' ? ' por mês' : '';
    if (s.min !== s.max) return `de ${money(s.min, symbol)} a ${money(s.max, symbol)}${month}`;
    return `a ${money(s.min, symbol)}${month}${s.priced > 1 ? ` ${g === 'f' ? 'cada uma' : 'cada um'}` : ''}`;
  }

  const STATUS: Record<Listing['Status'], string> = {
    Active: 'ativo: no mercado agora',
    PreOnMarket: 'em breve: ainda não está no mercado',
    Sold: 'vendido',
  };

  function miss(m: Miss): string {
    switch (m.what) {
      case 'over budget':
      case 'under minimum':
        return `${money(m.price, m.symbol)}${m.rent ? '/mês' : ''}, ${percent(m.share)} ${m.what === 'over budget' ? 'acima do orçamento' : 'abaixo do mínimo'}`;
      case 'fewer bedrooms':
      case 'more bedrooms': {
        const by = m.by === 1 ? 'um' : number(m.by);
        return `${m.bedrooms === 0 ? 'um estúdio' : count(m.bedrooms, 'bedroom')}, ${by} a ${m.what === 'fewer bedrooms' ? 'menos' : 'mais'} do que o pedido`;
      }
      case 'fewer bathrooms':
        return `${count(m.bathrooms, 'bathroom')}, menos do que o pedido`;
      case 'smaller':
        return `${whole(m.squareFeet)} pés², ${percent(m.share)} menos de área`;
      case 'older':
      case 'newer':
        return `construção de ${m.year}, ${m.what === 'older' ? 'anterior' : 'posterior'} ao pedido`;
      case 'coming soon':
        return 'chega em breve ao mercado; ainda não está disponível';
      case 'kind': {
        const a = (k: Noun) => `${indefinite(k.g)} ${k.exact ?? k.one}`;
        return `${a(kindNoun(m.is))}, não ${joinOu(m.asked.map((t) => a(kindNoun(t))))}`;
      }
    }
  }

  const personToo = (person: boolean, text: string) => (person ? ` ${text}` : '');

  return {
    language: 'pt',
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
      const head = `Encontrei ${total === 1 ? indefinite(noun.g) : whole(total)} ${describe(q.c, total, q.mentioned)}`;
      const { for_sale: sale, for_rent: rental } = spread;
      if (ranges && sale && rental)
        return `${head}: ${sale.count} à venda ${prices('for_sale', sale, noun.g)} e ${rental.count} ${forRent} ${prices('for_rent', rental, noun.g)}.`;
      const [type, only] = (Object.entries(spread)[0] ?? []) as [SaleType | undefined, Spread | undefined];
      const said = ranges && type && only ? prices(type, only, noun.g) : '';
      return said ? `${head}, ${said}.` : `${head}.`;
    },
    inBrief(l) {
      const kind = kindNoun(l.PropertyType);
      const what =
        l.Bedrooms === 0
          ? `${indefinite(kind.g)} ${kind.one} tipo estúdio com ${count(l.Bathrooms, 'bathroom')}`
          : `${indefinite(kind.g)} ${kind.one} com ${roomsText(l)}`;
      return `**${listingLink(l)}** por **${priceText(l)}** — ${what}, ${whole(squareFeet(l))} pés²`;
    },
    hoaNote: (l) =>
      `, ${l.HOAMonth ? `taxa de condomínio de ${money(l.HOAMonth, l.CurrencySymbol)} por mês` : 'sem taxa de condomínio'}`,
    itIs: (brief) => `É ${brief}.`,
    first: (sort, brief) => `A opção ${order(sort ?? 'price-asc', 'f', false)} é ${brief}.`,
    best(sort, rank, q, brief) {
      const noun = nouns(q.c, false);
      const after = rest(q.c, noun.g, false, q.mentioned);
      const the = cap(article(noun.g, false));
      if (!sort) return `${the} ${noun.text}${after ? ` ${after}` : ''} que melhor corresponde é ${brief}.`;
      const nth = rank ? `${ordinal(rank + 1, noun.g)} ` : '';
      return `${the} ${nth}${noun.text} ${order(sort, noun.g, false)}${after ? ` ${after}` : ''} é ${brief}.`;
    },
    bestOfEach(sort, rank, sale, rental) {
      const nth = rank ? `${ordinal(rank + 1, 'f')} ` : '';
      return `A ${nth}opção à venda ${order(sort, 'f', false)} é ${sale}; a ${nth}opção ${forRent} ${order(sort, 'f', false)} é ${rental}.`;
    },
    whichShown: (shown, sort, mixed) =>
      sort
        ? ` Aqui estão as ${shown} opções ${order(sort, 'f', true)}.`
        : mixed
          ? ` Aqui estão as ${shown} primeiras: primeiro as à venda, cada grupo do menor preço ao maior.`
          : ` Aqui estão as ${shown} mais baratas.`,
    topN(shown, sort, q, rank, total) {
      const many = shown !== 1;
      const noun = nouns(q.c, many);
      const after = rest(q.c, noun.g, many, q.mentioned);
      const past = rank
        ? rank === 1
          ? `, sem contar ${article(noun.g, false)} ${ordinal(1, noun.g)}`
          : `, sem contar ${article(noun.g, true)} ${rank} ${agree('primeir', noun.g, true)}`
        : '';
      return `${cap(article(noun.g, many))} ${shown} ${noun.text} ${order(sort, noun.g, many)}${after ? ` ${after}` : ''}${past}, de ${total}:`;
    },
    fromNth: (rank, sort) => `A partir da ${ordinal(rank + 1, 'f')} opção ${order(sort, 'f', false)}:`,
    more: (shown, offset, total, q) =>
      `Aqui estão mais ${shown}: da ${offset + 1}.ª à ${offset + shown}.ª de ${total} ${describe(q.c, total, q.mentioned)}.`,
    allShown(total, q) {
      const noun = nouns(q.c, true);
      return `É tudo: já mostrei ${noun.g === 'f' ? 'todas' : 'todos'} ${article(noun.g, true)} ${total} ${describe(q.c, total, q.mentioned)}.`;
    },
    onlyThese(n, q, rank, sort, one) {
      const head = `Só há ${n === 1 ? indefinite(nouns(q.c, false).g) : n} ${describe(q.c, n, q.mentioned)}, então não há uma ${ordinal(rank + 1, 'f')} opção ${order(sort, 'f', false)}.`;
      return `${head} ${n === 1 ? `É ${one}.` : `Aqui estão todas, a começar pela ${order(sort, 'f', false)}.`}`;
    },
    cantTell(unknown) {
      if (!unknown.length) return '';
      const what = (f: Feature) => `“${f.relation === 'near' ? 'perto de ' : ''}${md(native(f.phrase))}”`;
      return `Os anúncios não mencionam ${joinOu(unknown.map(what))}, então não posso dizer quais imóveis atendem a isso nem filtrar a busca por esse critério.`;
    },
    corrections: (pairs) =>
      pairs.length ? `(Entendi ${joinE(pairs.map(([from, to]) => `“${md(from)}” como “${md(to)}”`))}.) ` : '',
    didYouMean: (word, options) =>
      `Não tenho certeza do que você quis dizer com “${md(word)}”: você quis dizer ${options.map((o) => `“${md(o)}”`).join(' ou ')}?`,
    miss,
    nearMisses(q, lines) {
      const each = lines.map((n) => `- **${n.link}** — ${n.misses.map(miss).join('; ')}`);
      return `Não encontrei ${describe(q.c, 2, q.mentioned)}: nenhuma opção corresponde exatamente. ${lines.length === 1 ? 'Esta chega perto' : `Estas ${lines.length} chegam perto`}:\n\n${each.join('\n')}`;
    },
    noneFound: (q) =>
      `Não encontrei ${describe(q.c, 2, q.mentioned)} por enquanto. Tente ampliar a busca: outra região, outro preço ou outro número de quartos.`,
    noSuchMls: () => 'Não encontrei nenhum anúncio com esse número MLS.',

    about: (link, text) => `${link}: ${text}`,
    fact(l, a: Attribute) {
      switch (a) {
        case 'price':
          return l.SaleType === 'for_rent'
            ? `O aluguel é de **${priceText(l)}**.`
            : `O preço pedido é de **${priceText(l)}**.`;
        case 'bedrooms':
          return l.Bedrooms === 0
            ? 'É um **estúdio** (sem quarto separado).'
            : `Tem **${count(l.Bedrooms, 'bedroom')}**.`;
        case 'bathrooms':
          return `Tem **${count(l.Bathrooms, 'bathroom')}**.`;
        case 'area':
          return `Tem **${areaText(l)}** de área útil.`;
        case 'year':
          return `Foi construído em **${l.YearBuilt}**.`;
        case 'parking':
          return l.ParkingSpots
            ? `Tem **${count(l.ParkingSpots, 'parking spot')}**.`
            : `O anúncio não indica **${parking[2]}**.`;
        case 'hoa':
          return l.HOAMonth
            ? `A taxa de condomínio é de **${money(l.HOAMonth, l.CurrencySymbol)}/mês**.`
            : 'O anúncio não indica taxa de condomínio.';
        case 'deposit':
          return l.DepositFee
            ? `O depósito é de **${money(l.DepositFee, l.CurrencySymbol)}**.`
            : 'O anúncio não indica depósito.';
        case 'status':
          return `O anúncio está **${STATUS[l.Status]}**.`;
        case 'tour':
          return l.Tours === '3D'
            ? 'Há um **tour 3D** na página do anúncio.'
            : l.Tours === 'OpenHouse'
              ? 'Há uma **visita aberta** marcada: veja os horários na página do anúncio.'
              : 'O anúncio não indica tour nem visita aberta.';
        case 'lot':
          return l.LotArea ? `O terreno tem **${lotText(l)}**.` : 'O anúncio não indica o tamanho do terreno.';
        case 'address':
          return `Fica em **${md(addressText(l))}**.`;
        case 'days':
          return l.Status === 'PreOnMarket'
            ? 'Ainda não está no mercado.'
            : `Está no mercado há **${count(l.DaysOnMarket, 'day')}**.`;
        case 'type': {
          const kind = kindNoun(l.PropertyType);
          return `É ${indefinite(kind.g)} **${kind.exact ?? kind.one}**.`;
        }
        case 'mls':
          return `O número MLS é **${md(l.MLSNumber)}**.`;
      }
    },
    featureFact(quoted, mentioned, phrase) {
      if (quoted) return `Sim: o anúncio diz “${md(quoted)}”`;
      if (mentioned) return `Sim: o anúncio menciona “${md(native(phrase))}”.`;
      return `O anúncio não menciona “${md(native(phrase))}”, então não posso dizer; a equipe pode verificar para você.`;
    },
    extensionFact: (key, value) => `${md(key)}, segundo o anúncio: **“${md(value)}”**.`,
    comparison: (table) => `Veja a comparação:\n\n${table}`,
    compareRows: {
      price: 'Preço',
      bedrooms: 'Quartos',
      bathrooms: cap(bathroom[1]!),
      area: 'Área',
      built: 'Ano de construção',
      parking: cap(parking[1]!),
    },
    studio: 'estúdio',
    listingDetails(l, home) {
      const kind = kindNoun(l.PropertyType);
      const sale = l.SaleType === 'for_rent' ? `${forRent} por **${priceText(l)}**` : `à venda por **${priceText(l)}**`;
      const status = l.Status === 'Active' ? 'ativo' : l.Status === 'Sold' ? 'vendido' : 'em breve';
      const rooms =
        l.Bedrooms === 0 ? `sem quarto separado (um estúdio) e ${count(l.Bathrooms, 'bathroom')}` : roomsText(l);
      const extra = [
        l.HOAMonth ? `Taxa de condomínio: ${money(l.HOAMonth, l.CurrencySymbol)}/mês.` : '',
        l.DepositFee ? `Depósito: ${money(l.DepositFee, l.CurrencySymbol)}.` : '',
        l.Tours === '3D' ? 'Tem tour 3D.' : l.Tours === 'OpenHouse' ? 'Há uma visita aberta marcada.' : '',
        l.ExtensionColumn.length
          ? `${l.ExtensionColumn.slice(0, 10)
              .map((x) => `${md(x.Key)}: ${md(x.value)}`)
              .join('; ')}.`
          : '',
      ].filter(Boolean);
      const spots = l.ParkingSpots ? `tem ${count(l.ParkingSpots, 'parking spot')}` : `não tem ${parking[2]}`;
      return (
        `${home}: ${indefinite(kind.g)} ${kind.one} ${sale} com ${rooms} (MLS ${md(l.MLSNumber)}, anúncio ${status}). ` +
        `Tem ${areaText(l)}${l.LotArea ? ` num terreno de ${lotText(l)}` : ''}, construção de ${l.YearBuilt}, e ${spots}.${extra.length ? ` ${extra.join(' ')}` : ''}`
      );
    },
    description: (text) => `O anúncio diz:\n\n> ${md(text)}`,
    viewListing: 'Ver o anúncio',

    paymentForRental: (home, price) =>
      `**${home}** é ${forRent}, por ${price} por mês: não há financiamento a calcular.`,
    paymentNoPrice: (home) =>
      `**${home}** não tem preço anunciado, então não posso calcular uma prestação. Diga um preço e eu calculo.`,
    paymentWhichPrice: () =>
      'Posso estimar uma prestação mensal, mas para qual preço? Diga um preço ou um dos nossos imóveis, e a sua entrada, a taxa e o prazo, se souber.',
    payment(f: PaymentFigures) {
      const m = (n: number) => money(n, f.symbol);
      const loan = f.from
        ? `um financiamento de ${m(f.principal)} (o preço de ${m(f.from.price)} menos ${
            f.from.downPct === undefined
              ? `uma entrada de ${m(f.from.down)}`
              : `uma entrada de ${pct(f.from.downPct)}, ${m(f.from.down)}`
          })`
        : `um financiamento de ${m(f.principal)}`;
      const assumed = [
        ...(f.assumed.down ? ['uma entrada de 20%'] : []),
        ...(f.assumed.rate ? [`uma taxa de ${pct(f.rate)} ao ano`] : []),
        ...(f.assumed.years ? ['um financiamento de taxa fixa em 30 anos'] : []),
      ];
      const lines = [
        `Dá cerca de **${m(f.monthly)} por mês** de capital e juros${f.home ? ` para **${f.home}**` : ''}: ${loan}, a ${pct(f.rate)} ao ano em ${f.years} anos.`,
      ];
      if (assumed.length) lines.push(`Como você não disse, considerei ${joinE(assumed)}; diga os seus e eu recalculo.`);
      lines.push(
        `Não inclui impostos sobre o imóvel, seguro residencial${f.hoa ? `, a taxa mensal de condomínio de ${m(f.hoa)}` : ''} nem seguro do financiamento, e a proposta de um banco será diferente.`,
      );
      if (f.person) lines.push(`Para uma proposta real, use ${PERSON} e alguém da equipe vai ajudar.`);
      return lines.join(' ');
    },

    greeting(name, ideas, page) {
      const hello = `Olá! Sou ${md(name)}. Posso ajudar você a encontrar imóveis à venda ou ${forRent}: pergunte por uma região, um orçamento, o número de quartos ou o número MLS de um anúncio.`;
      if (page) return `${hello} Também pode me perguntar o que quiser sobre **${page}**.`;
      return ideas.length ? `${hello}\n\nVocê pode perguntar:\n${ideas.map((l) => `- ${md(l)}`).join('\n')}` : hello;
    },
    welcome: () => 'De nada! Posso ajudar em mais alguma coisa?',
    smallTalk: () => 'Tudo bem, obrigado por perguntar! Como posso ajudar na sua busca por um imóvel?',
    startOver: () => 'Claro, vamos recomeçar. O que você está procurando?',
    notSure: () => 'Não sei bem como responder a isso.',
    fallback: (opening, person) =>
      `${opening} Posso ajudar com perguntas sobre os nossos anúncios: regiões, preços, quartos, visitas ou um número MLS específico.${personToo(person, `Se quiser, use ${PERSON} e alguém da equipe vai ajudar.`)}`,
    outside(topic, name, person) {
      const what = topic === 'that' ? 'Não posso ajudar com isso' : `Não posso informar sobre ${OUTSIDE[topic]}`;
      return `${what}: só conheço os imóveis de ${md(name)} e o que dizem os anúncios.${personToo(
        person,
        `Talvez alguém da equipe saiba: use ${PERSON}, deixe o seu e-mail e vão responder.`,
      )}`;
    },
    bot: (name, person) =>
      `Sou ${md(name)}, um assistente automático, não uma pessoa. Posso ajudar você a encontrar imóveis e responder a perguntas sobre os nossos anúncios.${personToo(
        person,
        `Se preferir falar com uma pessoa, use ${PERSON} e alguém da equipe vai responder.`,
      )}`,
    handoff: (person, live) =>
      live
        ? 'Claro: já avisei a equipe, e alguém vai entrar neste chat em instantes.'
        : person
          ? 'Claro: deixe aqui o seu nome e e-mail, e alguém da equipe vai responder.'
          : 'Não consigo pôr você em contato com uma pessoa por este chat, mas ajudo com gosto em perguntas sobre os nossos imóveis.',
    privacy: (name, url) =>
      `Você pode ler a nossa ${name ? `“${md(name)}”` : 'política de privacidade'} aqui: [${md(name || 'Política de privacidade')}](${mdUrl(url)}).`,
    viewing(person, home, url, live) {
      if (live)
        return `A equipe agenda as visitas: já avisei, e alguém vai entrar neste chat em instantes${home ? ` para marcar um horário para **${home}**` : ''}.`;
      if (person)
        return `A equipe agenda as visitas: deixe aqui o seu nome e e-mail, e alguém vai responder para marcar um horário${home ? ` para **${home}**` : ''}.`;
      return `Não consigo agendar visitas por este chat.${url ? ` A página do anúncio tem os detalhes: [Ver o anúncio](${mdUrl(url)})` : ''}`;
    },
    which: (lines) =>
      `De qual imóvel você está falando?\n\n${lines.join('\n')}\n\nDiga “o primeiro”, “o segundo”… ou o endereço.`,
    whichUnknown: () =>
      'De qual imóvel você está falando? Não consigo saber por esta página: diga o endereço ou o número MLS e eu procuro.',
    fromSource: (title) => `De “${md(title)}”:`,
    received: (what) => `Obrigado, recebi ${what || 'o seu arquivo'}.`,
    mediaOffer(kind, person) {
      const offer = {
        Image:
          'Não consigo ver o que há nas imagens, mas posso ajudar você a encontrar um imóvel parecido: diga a região, o orçamento ou o número de quartos que tem em mente.',
        Audio:
          'Não consigo ouvir gravações, então escreva a sua pergunta: por exemplo, a região, o orçamento ou o número de quartos que procura.',
        Video:
          'Não consigo assistir a vídeos, mas posso ajudar com os nossos anúncios: diga a região, o orçamento ou o número de quartos que tem em mente.',
      }[kind];
      return `${offer}${personToo(person, `Ou use ${PERSON} e alguém da equipe vai dar uma olhada.`)}`;
    },
    fileFacts(f, kind) {
      if (!f) return { Image: 'uma imagem', Audio: 'uma gravação', Video: 'um vídeo' }[kind];
      if (f.kind === 'Image') return `uma imagem ${f.format} de ${number(f.width)} × ${number(f.height)} pixels`;
      if (f.kind === 'Audio') {
        const channels = f.channels === 1 ? 'mono' : f.channels === 2 ? 'estéreo' : `${f.channels} canais`;
        return `uma gravação de ${number(seconds(f.duration))} segundos (WAV, ${number(f.sampleRate / 1000)} kHz, ${channels}, ${f.bitsPerSample} bits)`;
      }
      const size = fileSize(f.size, number, ['KB', 'MB']);
      return `um vídeo ${f.container.replace(/^an? /, '')} de ${size}`;
    },
    files(kind, described) {
      const [one, many] = {
        Image: ['a sua imagem', 'imagens'],
        Audio: ['a sua gravação', 'gravações'],
        Video: ['o seu vídeo', 'vídeos'],
      }[kind];
      return described.length === 1
        ? `${one}: ${described[0]}`
        : `${kind === 'Video' ? 'os seus' : 'as suas'} ${described.length} ${many}: ${described.join('; ')}`;
    },

    unfinished: () => 'Não consegui terminar a busca. Pode perguntar de novo, talvez de forma mais simples?',
    correction: {
      label: 'Correção:',
      fact: (field, actual, wrote) =>
        ({
          price: `o preço é ${actual}, não ${wrote}`,
          bedrooms: `tem ${actual} quartos, não ${wrote}`,
          bathrooms: `tem ${actual} ${bathroom[1]}, não ${wrote}`,
          'MLS number': `o número MLS é ${actual}, não ${wrote}`,
          address: `o endereço é ${actual}, não ${wrote}`,
        })[field],
    },

    chips: {
      threeBedrooms: 'Só com 3 quartos ou mais',
      under: (price, monthly) => `Só por menos de ${price}${monthly ? ' por mês' : ''}`,
      more: 'Mostre mais',
      aboutFirst: 'Fale-me sobre o primeiro',
      rentalsInstead: `Prefiro ver os imóveis ${forRent}`,
      saleInstead: 'Prefiro ver os imóveis à venda',
      place: (city) => `E em ${city}?`,
      underAsk: (price, monthly) => `E por menos de ${price}${monthly ? ' por mês' : ''}?`,
      bedrooms: (n) => `E com ${count(n, 'bedroom')}?`,
      viewing: 'Agendar uma visita',
      similar: 'Ver imóveis parecidos',
      cheaper: 'Tem algo mais barato?',
      bigger: 'Tem algo maior?',
      person: 'Falar com uma pessoa',
      forSale: 'Imóveis à venda',
      forRent: `Imóveis ${forRent}`,
      ordinals: ['O primeiro', 'O segundo', 'O terceiro', 'O quarto', 'O quinto'],
    },
  };
}
