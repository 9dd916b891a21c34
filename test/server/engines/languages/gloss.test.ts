/**
 * Reading a question in another language as the English the offline engine reads
 * (engines/languages/gloss.ts, es.ts, fr.ts): which language it is, its figures, each language's
 * ways of counting rooms, its misspellings — and what is left alone (place names, English).
 */
import { describe, expect, it } from 'vitest';
import { editDistance, glossed, questionLanguage, type Names } from '../../../../src/server/engines/languages/gloss.ts';

const places: Names = {
  has: (w) => ['madison', 'austin', 'tampa'].includes(w),
  places: ['madison', 'austin', 'tampa'],
};
const es = (q: string) => glossed(q, 'es', places);
const fr = (q: string) => glossed(q, 'fr', places);
const de = (q: string) => glossed(q, 'de', places);
const pt = (q: string) => glossed(q, 'pt', places);

describe('the language of a question', () => {
  it('is told by its own words', () => {
    expect(questionLanguage('casas en venta en Austin')).toBe('es');
    expect(questionLanguage('maisons à vendre à Portland')).toBe('fr');
    expect(questionLanguage('homes for sale in Austin')).toBe('en');
  });
  it('tells German and Portuguese apart from the others, and Portugal’s Portuguese from French', () => {
    expect(questionLanguage('Häuser zum Kauf in Tampa')).toBe('de');
    expect(questionLanguage('casas à venda em Raleigh')).toBe('pt');
    expect(questionLanguage('O que é que vai ser posto à venda brevemente em Madison?', 'pt-PT')).toBe('pt');
  });
  it('is the conversation’s on a tie, then the locale’s, then English', () => {
    expect(questionLanguage('Austin?', 'fr-CA')).toBe('fr');
    expect(questionLanguage('Austin?', undefined, 'es')).toBe('es');
    expect(questionLanguage('Austin?', 'de-DE', 'es')).toBe('es');
    expect(questionLanguage('Austin?', 'ja-JP')).toBe('en');
    expect(questionLanguage('Austin?')).toBe('en');
  });
  it('wins over the locale when the question says it', () => {
    expect(questionLanguage('3 bedroom houses for sale in Denver', 'es-MX')).toBe('en');
  });
  it('stays the conversation’s for a short follow-up, unless another language has clearly more of its words', () => {
    // One French word to two Spanish shares; one English word to no German one.
    expect(questionLanguage('en bas de 2000 $ par mois', 'fr-CA', 'fr')).toBe('fr');
    expect(questionLanguage('dasselbe in Madison', 'de-DE', 'de')).toBe('de');
    expect(questionLanguage('3 bedroom homes for sale in Denver', 'es-MX', 'es')).toBe('en');
    // Portuguese's own small words tell it from Spanish.
    expect(questionLanguage('Um estúdio para arrendar em Madison por menos de 400 dólares', 'pt-PT')).toBe('pt');
  });
});

describe('figures as English writes them', () => {
  it('reads thousands separators, decimal commas and the dollar sign after the figure', () => {
    expect(es('por menos de US$ 1.000 al mes')).toBe('under $1000 a month');
    expect(fr('en bas de 250 000$')).toBe('under $250000');
    expect(fr('à moins de 500 k$')).toBe('under $500k');
    expect(es('hasta 1,5 millones')).toBe('up to 1.5m');
    expect(es('menos de $1,800 al mes')).toBe('under $1800 a month');
  });
  it('adds up number words, two side by side apart', () => {
    expect(es('entre ciento cincuenta mil y doscientos cincuenta mil dólares')).toBe(
      'between 150000 and 250000 dollars',
    );
    expect(es('por menos de mil quinientos al mes')).toBe('under 1500 a month');
    expect(fr('à moins de cent septante mille')).toBe('under 170000');
    expect(es('menos de medio millón')).toBe('under 500000');
  });
});

describe('each language’s ways', () => {
  it('counts rooms as each region does', () => {
    expect(es('deptos de 2 ambientes')).toBe('apartments of 1 bedrooms');
    expect(fr('un appart T3 à louer')).toBe('a apartment 2 bedrooms for rent');
    expect(fr('en 4,5 pièces')).toBe('in 3 bedrooms');
    expect(fr('juste des 4 ½')).toBe('only some 2 bedrooms');
    expect(es('un dormitorio')).toBe('1 bedroom');
  });
  it('puts a count before the order it counts, never a count of rooms', () => {
    expect(es('los 3 arriendos más baratos de Madison')).toBe('the 3 cheapest rentals of madison');
    expect(fr('le 3 chambres le moins cher')).toBe('the 3 bedrooms the cheapest');
  });
});

describe('German and Portuguese', () => {
  it('count rooms as each region does: a "3½-Zimmer-Wohnung" has two bedrooms, a "T2" two', () => {
    expect(de('eine 3½-Zimmer-Wohnung zur Miete')).toBe('one 2 bedrooms apartment for rent');
    expect(pt('casa para arrendar, T2')).toBe('house for rent, 2 bedrooms');
  });
  it('read numbers written as one word, figures and "mil" after a dollar sign', () => {
    expect(de('unter fünfhunderttausend')).toBe('under 500000');
    expect(de('Häuser zum Kauf unter 500.000 $')).toBe('houses for sale under $500000');
    expect(pt('entre US$ 300 mil e US$ 500 mil')).toBe('between $300k and $500k');
  });
  it('put what is ruled out in the order English reads it', () => {
    expect(de('nichts, was vor 1960 gebaut wurde')).toBe('nothing built before 1960');
    expect(pt('nada de apartamento nem condomínio')).toBe('no apartment or condo');
  });

  it('put a year or a bound said after its verb or amount where English says it', () => {
    expect(de('ein Haus, das nach 2015 gebaut wurde')).toContain('built after 2015');
    expect(pt('por meio milhão de dólares no máximo')).toBe('up to 500000 dollars');
  });
  it('read Portugal’s bare "casa" as any home, Brazil’s "suítes" as bathrooms too', () => {
    expect(pt('procuro casa para arrendar em Denver, T2')).toBe('show me homes for rent in denver, 2 bedrooms');
    expect(pt('tem alguma com 3 suítes?')).toBe('are there any with at least 3 bathrooms?');
  });
});

describe('French and Spanish', () => {
  it('read a condo’s dues in Québec’s and France’s words, "sur le 2e" as one of those in view', () => {
    expect(fr('c’est combien les frais de condo sur le 2e?')).toBe('how much is it the hoa fees of the second?');
    expect(fr('les charges de copropriété')).toBe('the hoa fees');
    expect(fr('un condo sur le Plateau')).toBe('a condo in the plateau');
  });
  it('read two amounts in words in one range', () => {
    expect(es('casas de entre un millón y un millón y medio de dólares')).toBe(
      'houses of between 1000000 and 1.5m of dollars',
    );
  });
});

describe('Arabic and Chinese', () => {
  const ar = (q: string) => glossed(q, 'ar', places);
  const zh = (q: string) => glossed(q, 'zh', places);
  it('are told apart by their words and script', () => {
    expect(questionLanguage('هل لديكم شقق للإيجار في Austin؟')).toBe('ar');
    expect(questionLanguage('奥斯汀有公寓出租吗')).toBe('zh');
  });
  it('read Arabic-Indic digits, "ألف", a place written in Arabic letters by its consonants', () => {
    expect(ar('منزل ٤ غرف نوم للبيع في تامبا بأقل من ٧٠٠ ألف دولار')).toBe(
      'house 4 bedrooms for sale in tampa under 700k dollars',
    );
    expect(ar('شقة للإيجار في ماديسون')).toBe('apartment for rent in madison');
    // Two of the chatbot's places with its consonants, or none: left as written.
    expect(glossed('شقة في دنفر', 'ar', { has: () => false, places: ['denver', 'dunfar'] })).toBe('apartment in دنفر');
  });
  it('read numbers in characters, rooms without the living room, budgets after the figure', () => {
    expect(zh('坦帕想租个两室一厅的公寓，月租1500以内')).toContain('2 bedrooms');
    expect(zh('月租一千五美元以內')).toContain('under $1500');
    expect(zh('有冇30萬至50萬美金嘅物業出售')).toContain('between $300000 and $500000');
    expect(zh('4房以上')).toContain('at least 4 bedrooms');
  });
});

describe('misspellings', () => {
  it('are read as the nearest word the language knows, of its own length on a tie', () => {
    expect(es('casas de 3 habitasiones')).toBe('houses of 3 bedrooms');
    expect(es('estudios de alquiller')).toBe('studios for rent');
    expect(fr('maisosn a louer')).toBe('houses for rent');
  });
  it('read a word of four letters only as one that doubles a letter of it', () => {
    expect(fr('maison de vile a vendre')).toBe('townhouse for sale');
    // Four letters and one changed, or a place's: left as written.
    expect(fr('maison de vole a vendre')).toContain('vole');
    expect(es('casa en Tampa')).toBe('house in tampa');
  });
  it('leave places alone, and a word of a phrase is no misspelling of another', () => {
    expect(fr('maison de vile a vendre a Madisson')).toContain('madisson');
    expect(fr('maisons de ville à vendre')).toBe('townhouses for sale');
    expect(es('casas en Austin')).toBe('houses in austin');
  });
  it('are measured in edits, two letters swapped one', () => {
    expect(editDistance('maisosn', 'maisons', 2)).toBe(1);
    expect(editDistance('alquiller', 'alquiler', 2)).toBe(1);
    expect(editDistance('madison', 'maison', 2)).toBe(1);
    expect(editDistance('austin', 'tampa', 2)).toBe(3);
  });
});

it('leaves an English question as it is', () => {
  expect(glossed('Homes in Austin under $500,000', 'en')).toBe('Homes in Austin under $500,000');
});

it('reads a question of the longest length a visitor may send in one pass', () => {
  const long = 'casas en venta en austin de 3 recamaras por menos de 500 mil '.repeat(32);
  expect(es(long).split('houses for sale').length).toBe(33);
});

describe('questions to the agency about itself', () => {
  const ar = (q: string) => glossed(q, 'ar', places);
  const zh = (q: string) => glossed(q, 'zh', places);
  it('read the agency as "you", asking for help, needing and a first time as English asks them', () => {
    expect(es('¿qué necesito para comprar con ustedes?')).toBe('what do i need to buy with you?');
    expect(fr('vous pouvez m’aider à vendre ma maison ?')).toBe('can you help me sell my house ?');
    expect(de('was brauche ich, um bei euch ein Haus zu kaufen?')).toBe('what do i need, to buy with you one house?');
    expect(pt('é a primeira vez que alugo, vocês podem me ajudar?')).toBe(
      'it is the first time that i rent, can you help me?',
    );
    expect(ar('هل يمكنكم مساعدتي في بيع بيتي؟')).toBe('can you help me in selling my house?');
    expect(zh('我第一次租房，需要什么材料？')).toBe('i first time rent a home , what documents do i need ?');
  });
  it('read fees, the lease, notice, hours, the office and paying the rent', () => {
    expect(fr('vous prenez une commission si je vends ma maison avec vous ?')).toBe(
      'do you take a commission if i sell my house with you ?',
    );
    expect(es('¿cuánto tiempo dura el contrato de renta?')).toBe('how long is the lease?');
    expect(fr('combien de préavis faut-il donner avant de quitter mon appartement ?')).toBe(
      'how much notice do i have to give before leaving my apartment ?',
    );
    expect(de('seid ihr am Samstag geöffnet?')).toBe('are you open on saturday?');
    expect(pt('posso pagar o aluguel com cartão?')).toBe('can i pay rent with card?');
    expect(zh('你们的办公室在哪里？')).toBe('where is your office ?');
  });
  it('leave a search as it reads, and "um" before an amount', () => {
    expect(es('necesito un depa en renta en Austin')).toBe('i need a apartment for rent in austin');
    expect(fr('je cherche un appartement pour louer à Tampa')).toBe('show me a apartment to rent in tampa');
    expect(pt('casas pra alugar em Madison')).toBe('houses for rent in madison');
    expect(de('Haus in Madison um 700000 Dollar')).toBe('house in madison um 700000 dollars');
  });
});
