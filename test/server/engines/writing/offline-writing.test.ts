/**
 * The offline engine writing in the visitor's language (engines/writing/), through the real
 * service over the demo's listings: a Spanish, French, Portuguese, German or Arabic question is
 * answered in its language — its summary, near misses, what it cannot tell, a listing's details, a
 * payment, the replies that are no search — with the region's words and numbers (es-ES:
 * "alquiler", "154.000 $"; ar-EG: "٤٠٧٬٠٠٠"); every suggestion it offers is a sentence the
 * language's reading reads back and answers in it; the owner's Answer language wins. Chinese:
 * offline-writing-zh.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { answerProse } from '../../../../src/protocol/index.ts';
import { demoListings } from '../../../../src/server/demo/seed.ts';
import { addListings } from '../../../../bench/eval/seed.ts';
import { price, useDemoChatbot, type Turn } from '../../../support/demo-chatbot.ts';
import { expectWrittenIn } from '../../../support/language.ts';

const demo = useDemoChatbot();
/** A visitor's conversation in `locale`. */
const conversation = (locale: string) => demo.conversation(locale);

/** Sentences the English engine writes: none may be in an answer in another language. */
const ENGLISH = /\b(?:I found|I couldn't|I can't|The cheapest|Here are|It is|It has|You're welcome|Hello)\b/;

function written(turn: Turn, language: 'es' | 'fr' | 'pt' | 'de' | 'ar'): void {
  expect(turn.language).toBe(language);
  expect(turn.prose).not.toMatch(ENGLISH);
  expectWrittenIn(turn.prose, language);
  for (const chip of turn.chips) expect(chip).not.toMatch(/^(?:Show|Only|Tell|What about|Book|Anything|Talk|Homes)\b/);
}
const spanish = (turn: Turn) => written(turn, 'es');
const french = (turn: Turn) => written(turn, 'fr');

/** Each chip the answer to `first` offers, sent back in a conversation of its own: answered, in the language, as `check` wants. */
async function eachChip(
  locale: string,
  first: string[],
  check: (chip: string, turn: Turn) => void,
  seen: Set<string>,
): Promise<void> {
  const ask = await conversation(locale);
  let turn: Turn | undefined;
  for (const q of first) turn = await ask(q);
  for (const chip of turn!.chips) {
    const again = await conversation(locale);
    for (const q of first) await again(q);
    const answered = await again(chip);
    seen.add(chip);
    written(answered, locale.slice(0, 2) as 'es' | 'fr' | 'pt' | 'de' | 'ar');
    expect(answered.noAnswer, chip).toBe(false);
    check(chip, answered);
  }
}

describe('in Spanish', () => {
  it('sums up a search, its price range and the cheapest, with Spanish chips', async () => {
    const ask = await conversation('es-MX');
    const turn = await ask('casas en venta en Austin');
    spanish(turn);
    expect(turn.prose).toMatch(
      /^Encontré 10 casas en venta en Austin, de \$407,000 a \$1,121,000\. La opción más barata es/,
    );
    expect(turn.chips).toEqual([
      'Solo con 3 o más habitaciones',
      'Háblame de la primera',
      'Mejor muéstrame las de renta',
    ]);
  });

  it('writes as Spain writes for es-ES: "alquiler", numbers and money grouped with points', async () => {
    const ask = await conversation('es-ES');
    const turn = await ask('¿Qué tenéis en alquiler en Tampa por menos de 2.000 dólares?');
    spanish(turn);
    expect(turn.prose).toMatch(
      /^Encontré \d+ viviendas en alquiler en Tampa por menos de 2000 \$, de \d+ \$ a \d+ \$ al mes\./,
    );
    const sale = await ask('¿y en venta, por menos de 600.000 dólares?');
    expect(sale.prose).toMatch(/\d{3}\.000 \$/);
  });

  it('reads back every chip it offers, and answers each in Spanish', async () => {
    const seen = new Set<string>();
    const follow = (first: string[], check: (chip: string, turn: Turn) => void) =>
      eachChip('es-MX', first, check, seen);
    await follow(['casas en venta en Austin'], (chip, t) => {
      if (chip === 'Solo con 3 o más habitaciones') expect(t.cards.every((l) => l.Bedrooms >= 3)).toBe(true);
      if (chip === 'Háblame de la primera') expect(t.prose).toMatch(/es una casa en venta por/);
      if (chip === 'Mejor muéstrame las de renta')
        expect(t.cards.every((l) => l.SaleType === 'for_rent' && l.City === 'Austin')).toBe(true);
    });
    await follow(['viviendas en venta en Denver', 'con al menos 3 habitaciones'], (chip, t) => {
      if (chip.startsWith('Solo por menos de')) {
        const max = Number(chip.replace(/\D/g, ''));
        expect(t.cards.length).toBeGreaterThan(0);
        expect(t.cards.every((l) => price(l) <= max && l.Bedrooms >= 3)).toBe(true);
      }
    });
    await follow(['condominios en renta en Austin', 'y en Tampa?'], (chip, t) => {
      if (chip === '¿Y en Austin?')
        expect(t.cards.every((l) => l.City === 'Austin' && l.PropertyType === 'Condo')).toBe(true);
      if (chip === 'Mejor muéstrame las de venta')
        expect(t.cards.every((l) => l.SaleType === 'for_sale' && l.City === 'Tampa')).toBe(true);
    });
    await follow(['casas en venta en Madison con 5 habitaciones por menos de 600 mil'], (chip, t) => {
      if (chip.startsWith('¿Y con')) expect(t.cards.every((l) => l.Bedrooms === 4)).toBe(true);
      if (chip === 'Hablar con una persona') expect(t.handoff).toEqual({ open: true });
    });
    for (const [question, max] of [
      ['casas en venta en Denver por menos de 360 mil', 400_000],
      ['apartamentos en renta en Austin por menos de 480 dólares al mes', 600],
    ] as const)
      await follow([question], (chip, t) => {
        if (chip.startsWith('¿Y por menos de')) {
          expect(chip).toBe(
            max < 1000 ? `¿Y por menos de $${max} al mes?` : `¿Y por menos de $${max.toLocaleString('en-US')}?`,
          );
          expect(t.cards.length).toBeGreaterThan(0);
          expect(t.cards.every((l) => price(l) <= max)).toBe(true);
        }
      });
    await follow(['la casa más barata en venta en Denver'], (chip, t) => {
      if (chip === 'Agendar una visita') {
        expect(t.prose).toMatch(/^El equipo organiza las visitas/);
        expect(t.handoff).toMatchObject({ open: true });
      }
      if (chip === 'Ver viviendas similares') expect(t.cards.length).toBeGreaterThan(0);
      if (chip === '¿Hay algo más barato?') expect(t.cards.every((l) => price(l) <= 375_000)).toBe(true);
    });
    expect([...seen].sort()).toEqual(
      [
        '¿Hay algo más barato?',
        '¿Y con 4 habitaciones?',
        '¿Y en Austin?',
        'Agendar una visita',
        'Hablar con una persona',
        'Háblame de la primera',
        'Mejor muéstrame las de renta',
        'Mejor muéstrame las de venta',
        'Solo con 3 o más habitaciones',
        'Ver viviendas similares',
        expect.stringMatching(/^Solo por menos de \$[\d,]+$/),
        '¿Y por menos de $400,000?',
        '¿Y por menos de $600 al mes?',
      ].sort(),
    );
  });

  it('says in Spanish what it cannot tell, what comes close, and what a listing holds', async () => {
    const ask = await conversation('es-MX');
    const pool = await ask('una casa de 3 recámaras en Austin con alberca');
    spanish(pool);
    expect(pool.prose).toMatch(
      /^Los datos de los anuncios no mencionan “alberca”, así que no puedo saber qué viviendas lo cumplen/,
    );
    const near = await ask('casa de 3 dormitorios en Portland por menos de 450 mil');
    spanish(near);
    expect(near.prose).toMatch(/ninguna opción coincide exactamente/);
    const first = await ask('casas en venta en Madison');
    const details = await ask('cuéntame de la primera');
    spanish(details);
    expect(details.prose).toContain(`**[${first.cards[0]!.Address}`);
    expect(details.prose).toMatch(/\n> /);
    const year = await ask('¿de qué año es?');
    expect(year.prose).toMatch(/Se construyó en \*\*\d{4}\*\*\./);
  });

  it('answers what is no search in Spanish: a greeting, thanks, a person, something it cannot know', async () => {
    const ask = await conversation('es-MX');
    const hello = await ask('hola');
    spanish(hello);
    expect(hello.prose).toMatch(/^¡Hola! Soy /);
    const weather = await ask('¿qué tal el clima en Denver en invierno?');
    spanish(weather);
    expect(weather.noAnswer).toBe(true);
    expect(weather.prose).toMatch(/^No puedo informarte sobre el clima/);
    const person = await ask('quiero hablar con una persona');
    spanish(person);
    // The widget's own button, as the Spanish widget labels it.
    expect(person.handoff).toEqual({ open: true });
  });

  it("writes in the owner's Answer language when it is one it writes, whatever the question's", async () => {
    const { service } = demo;
    const owned = await service.newChatbot({ AIResponseLanguage: 'Español' });
    await addListings(service.owner, owned, demoListings('https://homes.example').slice(0, 60));
    const { client, sessionId } = await service.visitor(owned);
    const answer = await client.ask({ sessionID: sessionId, content: 'homes for sale in Austin', locale: 'en-US' });
    expect(answerProse(answer.content)).toMatch(/^Encontré (?:\d+|una) viviendas? en venta en Austin/);
    expect(answer.language).toBe('es');
  });
});

describe('in French', () => {
  it('sums up a search as France writes it, with French chips', async () => {
    const ask = await conversation('fr-FR');
    const turn = await ask('Avez-vous des maisons à vendre à Austin ?');
    french(turn);
    expect(turn.prose).toMatch(
      /^J’ai trouvé 10 maisons à vendre à Austin, de 407\u00a0000\u00a0\$ à 1\u00a0121\u00a0000\u00a0\$\. L’option la moins chère est/,
    );
    expect(turn.chips).toEqual(['Seulement 3 chambres ou plus', 'Parlez-moi du premier', 'Plutôt les locations']);
  });

  it('writes as Québec does for fr-CA: "condo", "stationnement", no space before "?"', async () => {
    const ask = await conversation('fr-CA');
    const turn = await ask('des condos à vendre à Denver, svp');
    french(turn);
    expect(turn.prose).toMatch(/^J’ai trouvé \d+ condos à vendre à Denver/);
    const near = await ask('un condo à vendre à Denver avec 4 chambres à moins de 300 000 $');
    french(near);
    expect(near.chips.filter((c) => c.endsWith('?')).every((c) => !c.endsWith(' ?') && !c.endsWith('\u00a0?'))).toBe(
      true,
    );
  });

  it('reads back every chip it offers, and answers each in French', async () => {
    const seen = new Set<string>();
    await eachChip(
      'fr-FR',
      ['Avez-vous des maisons à vendre à Austin ?'],
      (chip, t) => {
        if (chip === 'Seulement 3 chambres ou plus') expect(t.cards.every((l) => l.Bedrooms >= 3)).toBe(true);
        if (chip === 'Parlez-moi du premier') expect(t.cards).toHaveLength(1);
        if (chip === 'Plutôt les locations')
          expect(t.cards.every((l) => l.SaleType === 'for_rent' && l.City === 'Austin')).toBe(true);
      },
      seen,
    );
    await eachChip(
      'fr-FR',
      ['des condos à louer à Austin', 'et à Tampa ?'],
      (chip, t) => {
        if (chip.startsWith('Et à Austin')) expect(t.cards.every((l) => l.City === 'Austin')).toBe(true);
        if (chip === 'Plutôt les logements à vendre')
          expect(t.cards.every((l) => l.SaleType === 'for_sale')).toBe(true);
      },
      seen,
    );
    await eachChip(
      'fr-FR',
      ['logements à vendre à Denver', 'avec au moins 3 chambres'],
      (chip, t) => {
        if (chip.startsWith('Seulement à moins de')) {
          expect(t.cards.length).toBeGreaterThan(0);
          expect(t.cards.every((l) => price(l) <= 650_000 && l.Bedrooms >= 3)).toBe(true);
        }
      },
      seen,
    );
    await eachChip(
      'fr-FR',
      ['maisons à vendre à Madison avec 5 chambres à moins de 600 000 $'],
      (chip, t) => {
        if (chip.startsWith('Et avec')) expect(t.cards.every((l) => l.Bedrooms === 4)).toBe(true);
        if (chip === 'Parler à une personne') expect(t.handoff).toEqual({ open: true });
      },
      seen,
    );
    await eachChip(
      'fr-FR',
      ['maisons à vendre à Denver à moins de 360 000 $'],
      (chip, t) => {
        if (chip.startsWith('Et à moins de')) expect(t.cards.every((l) => price(l) <= 400_000)).toBe(true);
      },
      seen,
    );
    await eachChip(
      'fr-FR',
      ['la maison la moins chère à vendre à Denver'],
      (chip, t) => {
        if (chip === 'Réserver une visite') {
          expect(t.prose).toMatch(/^L’équipe organise les visites/);
          expect(t.handoff).toMatchObject({ open: true });
        }
        if (chip === 'Voir des logements semblables') expect(t.cards.length).toBeGreaterThan(0);
        if (chip.startsWith('Quelque chose de moins cher'))
          expect(t.cards.every((l) => price(l) <= 375_000)).toBe(true);
      },
      seen,
    );
    // A chip's spaces are plain ones (protocol/answer.ts suggestionsBlock), the prose's no-break ones.
    expect([...seen].sort()).toEqual(
      [
        'Et à Austin ?',
        'Et à moins de 400 000 $ ?',
        'Et avec 4 chambres ?',
        'Parler à une personne',
        'Parlez-moi du premier',
        'Plutôt les locations',
        'Plutôt les logements à vendre',
        'Quelque chose de moins cher ?',
        'Réserver une visite',
        'Seulement 3 chambres ou plus',
        'Voir des logements semblables',
        'Seulement à moins de 650 000 $',
      ].sort(),
    );
  });

  it('names what it cannot tell in the visitor’s own words, and says what comes close', async () => {
    const ask = await conversation('fr-FR');
    const furnished = await ask('tu as un appart meublé 1 chambre à louer à Austin ?');
    french(furnished);
    expect(furnished.prose).toMatch(/^Les annonces ne mentionnent pas « meublé »/);
    const near = await ask('une maison de 3 chambres à vendre à Portland à moins de 450 000 $');
    french(near);
    expect(near.prose).toMatch(/aucune option ne correspond exactement/);
    const hello = await ask('bonjour');
    expect(hello.prose).toMatch(/^Bonjour\u00a0! Je suis /);
  });
});

describe('in Portuguese', () => {
  it('writes as Brazil writes, and as Portugal does for pt-PT: "moradia", "casas de banho", spaced numbers', async () => {
    const br = await (await conversation('pt-BR'))('casas à venda em Austin');
    written(br, 'pt');
    expect(br.prose).toMatch(
      /^Encontrei 10 casas à venda em Austin, de \$\u00a0407\.000 a \$\u00a01\.121\.000\. A opção mais barata é/,
    );
    const pt = await (await conversation('pt-PT'))('Moradias à venda em Austin');
    written(pt, 'pt');
    expect(pt.prose).toMatch(
      /^Encontrei 10 moradias à venda em Austin, de 407\u00a0000\u00a0\$ a 1\u00a0121\u00a0000\u00a0\$\./,
    );
    expect(pt.prose).toMatch(/casas? de banho/);
  });

  it('reads back every chip it offers, and answers each in Portuguese', async () => {
    const seen = new Set<string>();
    await eachChip(
      'pt-BR',
      ['casas à venda em Austin'],
      (chip, t) => {
        if (chip === 'Só com 3 quartos ou mais') expect(t.cards.every((l) => l.Bedrooms >= 3)).toBe(true);
        if (chip === 'Fale-me sobre o primeiro') expect(t.cards).toHaveLength(1);
        if (chip === 'Prefiro ver os imóveis para alugar')
          expect(t.cards.every((l) => l.SaleType === 'for_rent' && l.City === 'Austin')).toBe(true);
      },
      seen,
    );
    await eachChip(
      'pt-BR',
      ['a casa mais barata à venda em Denver'],
      (chip, t) => {
        if (chip === 'Agendar uma visita') {
          expect(t.prose).toMatch(/^A equipe agenda as visitas: deixe aqui o seu nome/);
          expect(t.handoff).toMatchObject({ open: true, about: expect.any(String) });
        }
        if (chip === 'Ver imóveis parecidos') expect(t.cards.length).toBeGreaterThan(0);
        if (chip === 'Tem algo mais barato?') expect(t.cards.every((l) => price(l) <= 375_000)).toBe(true);
      },
      seen,
    );
    expect([...seen].sort()).toEqual(
      [
        'Agendar uma visita',
        'Fale-me sobre o primeiro',
        'Prefiro ver os imóveis para alugar',
        'Só com 3 quartos ou mais',
        'Tem algo mais barato?',
        'Ver imóveis parecidos',
      ].sort(),
    );
  });
});

describe('in German', () => {
  it('declines what agrees with a kind, and reads back the chips it offers', async () => {
    const ask = await conversation('de-DE');
    const houses = await ask('Häuser zum Verkauf in Austin');
    written(houses, 'de');
    expect(houses.prose).toMatch(
      /^Ich habe 10 Einfamilienhäuser zum Kauf in Austin gefunden, von 407\.000\u00a0\$ bis 1\.121\.000\u00a0\$\. Die günstigste Option ist/,
    );
    const cheapest = await ask('die günstigste Wohnung zur Miete in Denver');
    written(cheapest, 'de');
    expect(cheapest.prose).toMatch(/^Die günstigste Wohnung zur Miete in Denver ist /);
    const seen = new Set<string>();
    await eachChip(
      'de-DE',
      ['Häuser zum Verkauf in Austin'],
      (chip, t) => {
        if (chip === 'Nur mit 3 oder mehr Schlafzimmern') expect(t.cards.every((l) => l.Bedrooms >= 3)).toBe(true);
        if (chip === 'Erzählen Sie mir mehr über das erste') expect(t.cards).toHaveLength(1);
        if (chip === 'Lieber Mietobjekte zeigen')
          expect(t.cards.every((l) => l.SaleType === 'for_rent' && l.City === 'Austin')).toBe(true);
      },
      seen,
    );
    expect([...seen].sort()).toEqual(
      ['Erzählen Sie mir mehr über das erste', 'Lieber Mietobjekte zeigen', 'Nur mit 3 oder mehr Schlafzimmern'].sort(),
    );
  });
});

describe('in Arabic', () => {
  const arabic = (turn: Turn) => written(turn, 'ar');

  it('counts as Arabic counts — one, the dual, 3–10 the plural, 11 on the singular — in the locale’s digits, with Arabic chips', async () => {
    // Egypt's locale writes Arabic-Indic digits, as the widget's own figures are.
    const ask = await conversation('ar-EG');
    const houses = await ask('منازل للبيع في Austin');
    arabic(houses);
    expect(houses.prose).toMatch(
      /^وجدت ١٠ منازل للبيع في Austin، بأسعار من ٤٠٧٬٠٠٠ دولار إلى ١٬١٢١٬٠٠٠ دولار\. الخيار الأرخص هو \*\*\u200e\[2179 Riverside Dr, Austin, TX 78751\]\(.*\)\u200e\*\* بسعر \*\*٤٠٧٬٠٠٠ دولار\*\* — منزل مع غرفتي نوم و١٫٥ حمام،/,
    );
    expect(houses.chips).toEqual([
      'فقط ٣ غرف نوم أو أكثر',
      'أخبرني عن الأول',
      'أرني العقارات المعروضة للإيجار بدلًا من ذلك',
    ]);
    // Arabic with no region, and the Gulf's, write Western digits.
    const all = await (await conversation('ar'))('عقارات في Austin');
    arabic(all);
    expect(all.prose).toMatch(/^وجدت 31 عقارًا في Austin: 17 للبيع بأسعار من .* و14 للإيجار بأسعار من .* شهريًا\./);
    const one = await (await conversation('ar-AE'))('منازل للبيع في دنفر بين 300 و500 ألف');
    arabic(one);
    expect(one.prose).toMatch(/^وجدت منزلًا واحدًا للبيع في Denver بسعر بين 300,000 دولار و500,000 دولار\. إنه /);
  });

  it('reads back every chip it offers, and answers each in Arabic', async () => {
    const seen = new Set<string>();
    await eachChip(
      'ar-EG',
      ['منازل للبيع في Austin'],
      (chip, t) => {
        if (chip === 'فقط ٣ غرف نوم أو أكثر') expect(t.cards.every((l) => l.Bedrooms >= 3)).toBe(true);
        if (chip === 'أخبرني عن الأول') {
          expect(t.cards).toHaveLength(1);
          expect(t.prose).toMatch(/^العقار \*\*\u200e\[/);
        }
        if (chip === 'أرني العقارات المعروضة للإيجار بدلًا من ذلك')
          expect(t.cards.every((l) => l.SaleType === 'for_rent' && l.City === 'Austin')).toBe(true);
      },
      seen,
    );
    await eachChip(
      'ar-EG',
      ['أرخص منزل للبيع في دنفر'],
      (chip, t) => {
        if (chip === 'حجز موعد للمعاينة') {
          expect(t.prose).toMatch(/^يتولى الفريق ترتيب المعاينات/);
          expect(t.handoff).toMatchObject({ open: true, about: expect.any(String) });
        }
        if (chip === 'أرني عقارات مشابهة') expect(t.cards.length).toBeGreaterThan(0);
        if (chip === 'هل يوجد شيء أرخص؟') expect(t.cards.every((l) => price(l) <= 375_000)).toBe(true);
      },
      seen,
    );
    await eachChip(
      'ar-EG',
      ['منازل للبيع في Denver بأقل من 360 ألف دولار'],
      (chip, t) => {
        if (chip.startsWith('وماذا عن أقل من')) {
          expect(chip).toBe('وماذا عن أقل من ٤٠٠٬٠٠٠ دولار؟');
          expect(t.cards.length).toBeGreaterThan(0);
          expect(t.cards.every((l) => price(l) <= 400_000)).toBe(true);
        }
      },
      seen,
    );
    expect([...seen].sort()).toEqual(
      [
        'أخبرني عن الأول',
        'أرني العقارات المعروضة للإيجار بدلًا من ذلك',
        'أرني عقارات مشابهة',
        'التحدث إلى شخص',
        'حجز موعد للمعاينة',
        'فقط ٣ غرف نوم أو أكثر',
        'هل يوجد شيء أرخص؟',
        'وماذا عن أقل من ٤٠٠٬٠٠٠ دولار؟',
      ].sort(),
    );
  });

  it('says in Arabic what it cannot tell (in the visitor’s words), what comes close, a payment, and what is no search', async () => {
    const ask = await conversation('ar');
    const furnished = await ask('شقة للإيجار في Austin مفروشة');
    arabic(furnished);
    expect(furnished.prose).toMatch(/^لا تذكر بيانات الإعلانات “مفروشة”، لذلك لا أستطيع/);
    const near = await ask('منزل للبيع في بورتلاند فيه 3 غرف نوم بأقل من 450 ألف دولار');
    arabic(near);
    expect(near.prose).toMatch(
      /^لم أجد منازل للبيع في Portland تضم 3 غرف نوم بسعر أقل من 450,000 دولار: لا يوجد عقار مطابق تمامًا\./,
    );
    await ask('منازل للبيع في Madison');
    const second = await ask('الثاني');
    arabic(second);
    expect(second.prose).toMatch(/^العقار \*\*\u200e\[.*\]\(.*\)\u200e\*\*: منزل للبيع بسعر \*\*[\d,]+ دولار\*\*/);
    const payment = await ask('كم القسط الشهري؟');
    arabic(payment);
    expect(payment.prose).toMatch(/^يبلغ القسط حوالي \*\*[\d,]+ دولار شهريًا\*\*/);
    const hello = await (await conversation('ar'))('مرحبا');
    arabic(hello);
    expect(hello.prose).toMatch(/^مرحبًا! أنا /);
    const weather = await ask('كيف الطقس في دنفر؟');
    arabic(weather);
    expect(weather.noAnswer).toBe(true);
    expect(weather.prose).toMatch(/^لا أستطيع إفادتك بشأن الطقس/);
    const person = await ask('أريد التحدث إلى شخص');
    expect(person.handoff).toEqual({ open: true });
  });
});
