/**
 * When a visitor asks to come and see a home: the day, the time and the part of the day read from the
 * question as written, in the seven languages the engines read, against a fixed today — Wednesday
 * 10 March 2027 — and nothing read from a number that counts, prices or places something.
 */
import { describe, expect, it } from 'vitest';
import type { LanguageCode } from '../../../../src/server/engines/languages/types.ts';
import { askedWhen, type AskedWhen } from '../../../../src/server/engines/reading/when.ts';

const TODAY = '2027-03-10'; // a Wednesday
type Row = readonly [question: string, language: LanguageCode, asked: AskedWhen];

describe('the examples visitors write', () => {
  it.each<Row>([
    ['can I see it Saturday at 11?', 'en', { day: '2027-03-13', time: 660 }],
    ['when can I visit 88 Birch Lane?', 'en', {}],
    ['¿puedo verla el sábado a las 11?', 'es', { day: '2027-03-13', time: 660 }],
    ['on peut visiter samedi vers 11 h ?', 'fr', { day: '2027-03-13', time: 660 }],
    ['tomorrow afternoon', 'en', { day: '2027-03-11', part: 'afternoon' }],
    ['next Tuesday at 2:30pm', 'en', { day: '2027-03-16', time: 870 }],
    ['on March 14 at 10', 'en', { day: '2027-03-14', time: 600 }],
    ['14/3', 'es', { day: '2027-03-14' }],
    ['am Samstag um 11 Uhr', 'de', { day: '2027-03-13', time: 660 }],
    ['posso visitar no sábado às 11h?', 'pt', { day: '2027-03-13', time: 660 }],
    ['هل يمكنني زيارتها يوم السبت الساعة 11؟', 'ar', { day: '2027-03-13', time: 660 }],
    ['我可以星期六上午11点去看吗', 'zh', { day: '2027-03-13', time: 660, part: 'morning' }],
    ['周六11点', 'zh', { day: '2027-03-13', time: 660 }],
    ['明天下午', 'zh', { day: '2027-03-11', part: 'afternoon' }],
  ])('"%s" (%s)', (question, language, asked) => {
    expect(askedWhen(question, language, TODAY)).toEqual(asked);
  });
});

describe('a weekday', () => {
  it.each<Row>([
    ['Saturday', 'en', { day: '2027-03-13' }],
    ['this Sunday', 'en', { day: '2027-03-14' }],
    ['thursday', 'en', { day: '2027-03-11' }],
    ['sábado', 'es', { day: '2027-03-13' }],
    ['el sabado', 'es', { day: '2027-03-13' }],
    ['el lunes', 'es', { day: '2027-03-15' }],
    ['el miércoles', 'es', { day: '2027-03-10' }],
    ['samedi', 'fr', { day: '2027-03-13' }],
    ['vendredi', 'fr', { day: '2027-03-12' }],
    ['Samstag', 'de', { day: '2027-03-13' }],
    ['Sonnabend', 'de', { day: '2027-03-13' }],
    ['Dienstag', 'de', { day: '2027-03-16' }],
    ['sábado', 'pt', { day: '2027-03-13' }],
    ['na segunda', 'pt', { day: '2027-03-15' }],
    ['segunda-feira', 'pt', { day: '2027-03-15' }],
    ['terça-feira', 'pt', { day: '2027-03-16' }],
    ['يوم السبت', 'ar', { day: '2027-03-13' }],
    ['الأحد', 'ar', { day: '2027-03-14' }],
    ['الجمعة', 'ar', { day: '2027-03-12' }],
    ['星期六', 'zh', { day: '2027-03-13' }],
    ['周六', 'zh', { day: '2027-03-13' }],
    ['週六', 'zh', { day: '2027-03-13' }],
    ['礼拜六', 'zh', { day: '2027-03-13' }],
    ['星期天', 'zh', { day: '2027-03-14' }],
    ['周日', 'zh', { day: '2027-03-14' }],
  ])('"%s" (%s) is its next occurrence', (question, language, asked) => {
    expect(askedWhen(question, language, TODAY)).toEqual(asked);
  });

  it('is today when today is that weekday', () => {
    expect(askedWhen('Wednesday', 'en', TODAY)).toEqual({ day: '2027-03-10' });
    expect(askedWhen('mercredi', 'fr', TODAY)).toEqual({ day: '2027-03-10' });
  });

  it('said with "next" is a week later only when today is that weekday', () => {
    expect(askedWhen('next Wednesday', 'en', TODAY)).toEqual({ day: '2027-03-17' });
    expect(askedWhen('next Saturday', 'en', TODAY)).toEqual({ day: '2027-03-13' });
    expect(askedWhen('el próximo miércoles', 'es', TODAY)).toEqual({ day: '2027-03-17' });
    expect(askedWhen('mercredi prochain', 'fr', TODAY)).toEqual({ day: '2027-03-17' });
    expect(askedWhen('nächsten Mittwoch', 'de', TODAY)).toEqual({ day: '2027-03-17' });
    expect(askedWhen('quarta que vem', 'pt', TODAY)).toEqual({ day: '2027-03-17' });
    expect(askedWhen('الأربعاء القادم', 'ar', TODAY)).toEqual({ day: '2027-03-17' });
  });

  it('said with 下 in Chinese is the one of the week after this one', () => {
    expect(askedWhen('下周六', 'zh', TODAY)).toEqual({ day: '2027-03-20' });
    expect(askedWhen('下个星期一', 'zh', TODAY)).toEqual({ day: '2027-03-15' });
    expect(askedWhen('下周三', 'zh', TODAY)).toEqual({ day: '2027-03-17' });
  });

  it('does not read "segunda" as Monday when it is an ordinal', () => {
    expect(askedWhen('a segunda casa tem garagem?', 'pt', TODAY)).toEqual({});
  });
});

describe('a day counted from today', () => {
  it.each<Row>([
    ['today', 'en', { day: '2027-03-10' }],
    ['tomorrow', 'en', { day: '2027-03-11' }],
    ['the day after tomorrow', 'en', { day: '2027-03-12' }],
    ['hoy', 'es', { day: '2027-03-10' }],
    ['mañana', 'es', { day: '2027-03-11' }],
    ['pasado mañana', 'es', { day: '2027-03-12' }],
    ["aujourd'hui", 'fr', { day: '2027-03-10' }],
    ['demain', 'fr', { day: '2027-03-11' }],
    ['après-demain', 'fr', { day: '2027-03-12' }],
    ['heute', 'de', { day: '2027-03-10' }],
    ['morgen', 'de', { day: '2027-03-11' }],
    ['übermorgen', 'de', { day: '2027-03-12' }],
    ['hoje', 'pt', { day: '2027-03-10' }],
    ['amanhã', 'pt', { day: '2027-03-11' }],
    ['depois de amanhã', 'pt', { day: '2027-03-12' }],
    ['اليوم', 'ar', { day: '2027-03-10' }],
    ['غدا', 'ar', { day: '2027-03-11' }],
    ['غداً', 'ar', { day: '2027-03-11' }],
    ['بعد غد', 'ar', { day: '2027-03-12' }],
    ['今天', 'zh', { day: '2027-03-10' }],
    ['明天', 'zh', { day: '2027-03-11' }],
    ['后天', 'zh', { day: '2027-03-12' }],
    ['後天', 'zh', { day: '2027-03-12' }],
  ])('"%s" (%s)', (question, language, asked) => {
    expect(askedWhen(question, language, TODAY)).toEqual(asked);
  });

  it('tells Spanish "mañana" the day from "por la mañana" the morning', () => {
    expect(askedWhen('mañana por la mañana', 'es', TODAY)).toEqual({ day: '2027-03-11', part: 'morning' });
    expect(askedWhen('el sábado por la mañana', 'es', TODAY)).toEqual({ day: '2027-03-13', part: 'morning' });
    expect(askedWhen('a las 10 de la mañana', 'es', TODAY)).toEqual({ time: 600, part: 'morning' });
  });

  it('tells German "morgen" tomorrow from "Samstag Morgen" the morning', () => {
    expect(askedWhen('morgen früh', 'de', TODAY)).toEqual({ day: '2027-03-11', part: 'morning' });
    expect(askedWhen('Samstagmorgen', 'de', TODAY)).toEqual({ day: '2027-03-13', part: 'morning' });
    expect(askedWhen('am Samstag Morgen', 'de', TODAY)).toEqual({ day: '2027-03-13', part: 'morning' });
    expect(askedWhen('heute Morgen', 'de', TODAY)).toEqual({ day: '2027-03-10', part: 'morning' });
    expect(askedWhen('morgen Nachmittag', 'de', TODAY)).toEqual({ day: '2027-03-11', part: 'afternoon' });
  });

  it('reads "tonight" and its like as today in the evening', () => {
    expect(askedWhen('tonight at 7', 'en', TODAY)).toEqual({ day: '2027-03-10', time: 1140, part: 'evening' });
    expect(askedWhen('esta noche', 'es', TODAY)).toEqual({ day: '2027-03-10', part: 'evening' });
    expect(askedWhen('ce soir', 'fr', TODAY)).toEqual({ day: '2027-03-10', part: 'evening' });
    expect(askedWhen('heute Abend', 'de', TODAY)).toEqual({ day: '2027-03-10', part: 'evening' });
    expect(askedWhen('hoje à noite', 'pt', TODAY)).toEqual({ day: '2027-03-10', part: 'evening' });
    expect(askedWhen('الليلة', 'ar', TODAY)).toEqual({ day: '2027-03-10', part: 'evening' });
    expect(askedWhen('今晚', 'zh', TODAY)).toEqual({ day: '2027-03-10', part: 'evening' });
    expect(askedWhen('明早', 'zh', TODAY)).toEqual({ day: '2027-03-11', part: 'morning' });
  });
});

describe('a date', () => {
  it.each<Row>([
    ['March 14', 'en', { day: '2027-03-14' }],
    ['14 March', 'en', { day: '2027-03-14' }],
    ['March 14th', 'en', { day: '2027-03-14' }],
    ['the 14th of March', 'en', { day: '2027-03-14' }],
    ['the 14th', 'en', { day: '2027-03-14' }],
    ['14 de marzo', 'es', { day: '2027-03-14' }],
    ['el 14', 'es', { day: '2027-03-14' }],
    ['14 mars', 'fr', { day: '2027-03-14' }],
    ['le 1er avril', 'fr', { day: '2027-04-01' }],
    ['14. März', 'de', { day: '2027-03-14' }],
    ['am 14. Maerz', 'de', { day: '2027-03-14' }],
    ['14 de março', 'pt', { day: '2027-03-14' }],
    ['dia 14', 'pt', { day: '2027-03-14' }],
    ['14 مارس', 'ar', { day: '2027-03-14' }],
    ['14 آذار', 'ar', { day: '2027-03-14' }],
    ['3月14日', 'zh', { day: '2027-03-14' }],
    ['3月14号', 'zh', { day: '2027-03-14' }],
    ['14号', 'zh', { day: '2027-03-14' }],
    ['2027-03-14', 'en', { day: '2027-03-14' }],
  ])('"%s" (%s)', (question, language, asked) => {
    expect(askedWhen(question, language, TODAY)).toEqual(asked);
  });

  it('reads a numeric date month first in English and day first elsewhere', () => {
    expect(askedWhen('3/14', 'en', TODAY)).toEqual({ day: '2027-03-14' });
    expect(askedWhen('4/3', 'en', TODAY)).toEqual({ day: '2027-04-03' });
    expect(askedWhen('4/3', 'fr', TODAY)).toEqual({ day: '2028-03-04' }); // 4 March is past this year
    expect(askedWhen('3/4', 'es', TODAY)).toEqual({ day: '2027-04-03' });
    expect(askedWhen('14/3', 'de', TODAY)).toEqual({ day: '2027-03-14' });
  });

  it('reads a numeric date the other way when it is no date one way', () => {
    expect(askedWhen('14/3', 'en', TODAY)).toEqual({ day: '2027-03-14' });
    expect(askedWhen('3/14', 'es', TODAY)).toEqual({ day: '2027-03-14' });
  });

  it('takes a date without a year as the next one on or after today', () => {
    expect(askedWhen('March 10', 'en', TODAY)).toEqual({ day: '2027-03-10' });
    expect(askedWhen('March 9', 'en', TODAY)).toEqual({ day: '2028-03-09' });
    expect(askedWhen('5 de enero', 'es', TODAY)).toEqual({ day: '2028-01-05' });
    expect(askedWhen('Feb 29', 'en', TODAY)).toEqual({ day: '2028-02-29' });
    expect(askedWhen('the 5th', 'en', TODAY)).toEqual({ day: '2027-04-05' });
    expect(askedWhen('31/12', 'fr', TODAY)).toEqual({ day: '2027-12-31' });
  });

  it('keeps the year said', () => {
    expect(askedWhen('March 9, 2028', 'en', TODAY)).toEqual({ day: '2028-03-09' });
    expect(askedWhen('14 de marzo de 2028', 'es', TODAY)).toEqual({ day: '2028-03-14' });
    expect(askedWhen('14/3/2028', 'pt', TODAY)).toEqual({ day: '2028-03-14' });
    expect(askedWhen('12/31/27', 'en', TODAY)).toEqual({ day: '2027-12-31' });
    expect(askedWhen('2028年3月14日', 'zh', TODAY)).toEqual({ day: '2028-03-14' });
  });

  it('prefers the date to the weekday said with it', () => {
    expect(askedWhen('Sunday March 14 at 3', 'en', TODAY)).toEqual({ day: '2027-03-14', time: 900 });
  });

  it('reads no day that is not in the calendar', () => {
    expect(askedWhen('2027-02-30', 'en', TODAY)).toEqual({});
    expect(askedWhen('February 30', 'en', TODAY)).toEqual({});
  });
});

describe('a time', () => {
  it.each<Row>([
    ['at 11', 'en', { time: 660 }],
    ['11am', 'en', { time: 660 }],
    ['11 am', 'en', { time: 660 }],
    ['11 a.m.', 'en', { time: 660 }],
    ['11:30', 'en', { time: 690 }],
    ['at 11.30', 'en', { time: 690 }],
    ['2:30pm', 'en', { time: 870 }],
    ['3 pm', 'en', { time: 900 }],
    ['12pm', 'en', { time: 720 }],
    ['4 o’clock', 'en', { time: 960 }],
    ['a las 11', 'es', { time: 660 }],
    ['a la 1', 'es', { time: 780 }],
    ['a las 11 y media', 'es', { time: 690 }],
    ['a las 5 de la tarde', 'es', { time: 1020, part: 'afternoon' }],
    ['à 14h', 'fr', { time: 840 }],
    ['11 h', 'fr', { time: 660 }],
    ['11h30', 'fr', { time: 690 }],
    ['vers 9 h 45', 'fr', { time: 585 }],
    ["à 3 heures de l'après-midi", 'fr', { time: 900, part: 'afternoon' }],
    ['14 Uhr', 'de', { time: 840 }],
    ['um 11.30 Uhr', 'de', { time: 690 }],
    ['gegen 10', 'de', { time: 600 }],
    ['um 3 am Samstag', 'de', { day: '2027-03-13', time: 900 }],
    ['às 15h', 'pt', { time: 900 }],
    ['às 11', 'pt', { time: 660 }],
    ['às 8 da noite', 'pt', { time: 1200, part: 'evening' }],
    ['الساعة 11', 'ar', { time: 660 }],
    ['الساعة 4 مساءً', 'ar', { time: 960, part: 'evening' }],
    ['الساعة ١٠ صباحا', 'ar', { time: 600, part: 'morning' }],
    ['11点', 'zh', { time: 660 }],
    ['11点半', 'zh', { time: 690 }],
    ['10点30分', 'zh', { time: 630 }],
    ['下午3点', 'zh', { time: 900, part: 'afternoon' }],
    ['下午三点', 'zh', { time: 900, part: 'afternoon' }],
    ['晚上7点', 'zh', { time: 1140, part: 'evening' }],
    ['十点', 'zh', { time: 600 }],
    ['下午两点半', 'zh', { time: 870, part: 'afternoon' }],
    ['غداً الساعة 5 مساءً', 'ar', { day: '2027-03-11', time: 1020, part: 'evening' }],
    ['Friday at 4:15 PM', 'en', { day: '2027-03-12', time: 975 }],
    ['3pm tomorrow', 'en', { day: '2027-03-11', time: 900 }],
  ])('"%s" (%s)', (question, language, asked) => {
    expect(askedWhen(question, language, TODAY)).toEqual(asked);
  });

  it('reads a bare hour from 1 to 7 as the afternoon, 8 to 11 as the morning, 12 as noon', () => {
    expect(askedWhen('at 1', 'en', TODAY)).toEqual({ time: 780 });
    expect(askedWhen('at 7', 'en', TODAY)).toEqual({ time: 1140 });
    expect(askedWhen('at 8', 'en', TODAY)).toEqual({ time: 480 });
    expect(askedWhen('at 12', 'en', TODAY)).toEqual({ time: 720 });
    expect(askedWhen('at 17', 'en', TODAY)).toEqual({ time: 1020 });
    expect(askedWhen('3点', 'zh', TODAY)).toEqual({ time: 900 });
  });

  it('keeps a small hour in the morning when the morning or am is said', () => {
    expect(askedWhen('7am', 'en', TODAY)).toEqual({ time: 420 });
    expect(askedWhen('tomorrow morning at 7', 'en', TODAY)).toEqual({ day: '2027-03-11', time: 420, part: 'morning' });
    expect(askedWhen('às 7 da manhã', 'pt', TODAY)).toEqual({ time: 420, part: 'morning' });
    expect(askedWhen('上午7点', 'zh', TODAY)).toEqual({ time: 420, part: 'morning' });
  });

  it('adds 12 to an hour said in the afternoon or evening', () => {
    expect(askedWhen('Saturday afternoon at 2', 'en', TODAY)).toEqual({
      day: '2027-03-13',
      time: 840,
      part: 'afternoon',
    });
    expect(askedWhen('8 in the evening', 'en', TODAY)).toEqual({ time: 1200, part: 'evening' });
    expect(askedWhen('nachmittags um 4', 'de', TODAY)).toEqual({ time: 960, part: 'afternoon' });
    expect(askedWhen('à 8h du soir', 'fr', TODAY)).toEqual({ time: 1200, part: 'evening' });
  });

  it.each<Row>([
    ['at noon', 'en', { time: 720 }],
    ['midday Saturday', 'en', { day: '2027-03-13', time: 720 }],
    ['al mediodía', 'es', { time: 720 }],
    ['à midi', 'fr', { time: 720 }],
    ['am Mittag', 'de', { time: 720 }],
    ['ao meio-dia', 'pt', { time: 720 }],
    ['الظهر', 'ar', { time: 720 }],
    ['明天中午', 'zh', { day: '2027-03-11', time: 720 }],
  ])('"%s" (%s) is noon', (question, language, asked) => {
    expect(askedWhen(question, language, TODAY)).toEqual(asked);
  });

  it('does not take "midi" of "après-midi" for noon', () => {
    expect(askedWhen('demain après-midi', 'fr', TODAY)).toEqual({ day: '2027-03-11', part: 'afternoon' });
  });
});

describe('a part of the day', () => {
  it.each<Row>([
    ['in the morning', 'en', { part: 'morning' }],
    ['Friday evening', 'en', { day: '2027-03-12', part: 'evening' }],
    ['por la tarde', 'es', { part: 'afternoon' }],
    ['el viernes en la noche', 'es', { day: '2027-03-12', part: 'evening' }],
    ['le matin', 'fr', { part: 'morning' }],
    ['samedi après-midi', 'fr', { day: '2027-03-13', part: 'afternoon' }],
    ['vormittags', 'de', { part: 'morning' }],
    ['abends', 'de', { part: 'evening' }],
    ['de manhã', 'pt', { part: 'morning' }],
    ['amanhã à tarde', 'pt', { day: '2027-03-11', part: 'afternoon' }],
    ['صباحا', 'ar', { part: 'morning' }],
    ['السبت بعد الظهر', 'ar', { day: '2027-03-13', part: 'afternoon' }],
    ['غدا مساء', 'ar', { day: '2027-03-11', part: 'evening' }],
    ['上午', 'zh', { part: 'morning' }],
    ['早上', 'zh', { part: 'morning' }],
    ['周六晚上', 'zh', { day: '2027-03-13', part: 'evening' }],
  ])('"%s" (%s)', (question, language, asked) => {
    expect(askedWhen(question, language, TODAY)).toEqual(asked);
  });

  it('is not a greeting that names one', () => {
    expect(askedWhen('Good morning! Can I see it Saturday at 3?', 'en', TODAY)).toEqual({
      day: '2027-03-13',
      time: 900,
    });
    expect(askedWhen('Guten Morgen, wann kann ich kommen?', 'de', TODAY)).toEqual({});
    expect(askedWhen('Buenas tardes, ¿puedo verla?', 'es', TODAY)).toEqual({});
    expect(askedWhen('Boa tarde, posso visitar?', 'pt', TODAY)).toEqual({});
    expect(askedWhen('صباح الخير، هل يمكنني زيارتها؟', 'ar', TODAY)).toEqual({});
    expect(askedWhen('早上好，我想看房', 'zh', TODAY)).toEqual({});
  });
});

describe('numbers that are not a time or a day', () => {
  it.each<Row>([
    ['3 bedroom homes under 450k', 'en', {}],
    ['2 baths, 1 1/2 car garage', 'en', {}],
    ['when can I visit 88 Birch Lane?', 'en', {}],
    ['can I come at 12 Oak Street on Saturday?', 'en', { day: '2027-03-13' }],
    ['a home around 10k a month', 'en', {}],
    ['is it $11 a square foot?', 'en', {}],
    ['built in 2019 with 3 bedrooms', 'en', {}],
    ['is the 2nd bedroom big?', 'en', {}],
    ['1.5 baths and 2.5 acres', 'en', {}],
    ['casa de 3 recámaras en 450 mil', 'es', {}],
    ['vista al mar 3 recámaras', 'es', {}],
    ['à 2 chambres, à 10 minutes de la plage', 'fr', {}],
    ['12 rue de la Paix', 'fr', {}],
    ['bis 500.000 Euro, 3 Zimmer', 'de', {}],
    ['3 quartos às 2 suítes', 'pt', {}],
    ['3 غرف نوم', 'ar', {}],
    ['3室2厅', 'zh', {}],
    ['便宜一点', 'zh', {}],
  ])('"%s" (%s)', (question, language, asked) => {
    expect(askedWhen(question, language, TODAY)).toEqual(asked);
  });

  it('reads "11.30" as a time only after a word that asks for one', () => {
    expect(askedWhen('11.30', 'en', TODAY)).toEqual({});
    expect(askedWhen('um 11.30', 'de', TODAY)).toEqual({ time: 690 });
  });

  it('reads the time beside the street number', () => {
    expect(askedWhen('can I see 88 Birch Lane Saturday at 11?', 'en', TODAY)).toEqual({ day: '2027-03-13', time: 660 });
  });
});

describe('English words in a question of another language', () => {
  it('are read as well as the language’s own', () => {
    expect(askedWhen('¿puedo verla tomorrow a las 3?', 'es', TODAY)).toEqual({ day: '2027-03-11', time: 900 });
    expect(askedWhen('Samstag at 11am', 'de', TODAY)).toEqual({ day: '2027-03-13', time: 660 });
    expect(askedWhen('可以Saturday 3pm吗', 'zh', TODAY)).toEqual({ day: '2027-03-13', time: 900 });
  });
});

describe('every language the engines read', () => {
  it('is read, and a question that says no time gives nothing', () => {
    const languages: readonly LanguageCode[] = ['en', 'es', 'fr', 'de', 'pt', 'ar', 'zh'];
    for (const language of languages) expect(askedWhen('is it still available?', language, TODAY)).toEqual({});
  });
});
