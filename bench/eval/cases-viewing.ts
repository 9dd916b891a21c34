/**
 * Booking a viewing in the chat (issue 63), in every language the engines read: a visitor asks to
 * see a home — by its address ("when can I visit 4763 Willow Way?"), by reference after a search
 * ("can I see the first one Saturday at 11?"), as "it" after an answer about one home ("can I see it
 * tomorrow afternoon?"), with the assistant's chip "Book a viewing" while one home is in view, from
 * the home's own page — and a right answer offers free slots of that home, the one asked for first
 * when it is free, else the same day's others, else the next days' (the `viewing` expectation,
 * score.ts), in the visitor's language, showing no other home. On a chatbot of its own with showing
 * hours (run.ts: weekdays 09:00–17:00 and Saturday 10:00–14:00 in Chicago, 30 minutes, 12 hours'
 * notice, 14 days), holding the demo's listings and its FAQ and pages. Written, and first run,
 * before the engines offered slots (docs/ANSWERS.md, *Booking a viewing*); every home named here is
 * one of the demo's, on the market.
 */
import type { Listing } from '../../src/protocol/index.ts';
import type { EvalCase, Expectation, Lang, Turn } from './types.ts';
import {
  AFTERNOON,
  MONDAY,
  MORNING,
  SATURDAY,
  SUNDAY,
  THURSDAY,
  TUESDAY,
  WEDNESDAY,
  FRIDAY,
  beds,
  byAddress,
  forRent,
  forSale,
  house,
  inCity,
  onMarket,
  ranked,
  townhouse,
  viewing,
} from './predicates.ts';

const conversation = (
  id: string,
  turns: (string | Turn)[],
  lang: Lang = 'en',
  extra: Pick<EvalCase, 'locale' | 'where'> = {},
): EvalCase => ({
  id: lang === 'en' ? `viewing/${id}` : `${lang}/viewing/${id}`,
  category: 'viewing',
  ...(lang === 'en' ? {} : { lang }),
  ...extra,
  turns: turns.map((t) => (typeof t === 'string' ? { ask: t } : t)),
});
/** A question whose right answer offers slots: the last turn of each conversation. */
const asks = (ask: string, expect: Expectation): Turn => ({ ask, expect });

/** "3 bedroom houses in Austin": on the market, for sale before rentals, each cheapest first. */
const austinThreeBedroomHouses = onMarket(house, beds(3), inCity('Austin'));
const firstOf =
  (match: (l: Listing) => boolean, i = 0) =>
  (all: Listing[]) =>
    ranked(all, match)[i]!;

export const viewingCases: EvalCase[] = [
  // —— English ——
  conversation('when-can-i-visit-address', [
    asks('when can I visit 4763 Willow Way?', viewing(byAddress('4763 Willow Way'))),
  ]),
  conversation('first-one-saturday-at-11', [
    '3 bedroom houses in Austin',
    asks('can I see the first one Saturday at 11?', viewing(firstOf(austinThreeBedroomHouses), SATURDAY, '11:00')),
  ]),
  conversation('it-saturday-at-11', [
    'tell me about 4787 Barton Springs Rd',
    asks('can I see it Saturday at 11?', viewing(byAddress('4787 Barton Springs Rd'), SATURDAY, '11:00')),
  ]),
  conversation('it-tomorrow-afternoon', [
    'show me 2179 Riverside Dr',
    asks('can I see it tomorrow afternoon?', viewing(byAddress('2179 Riverside Dr'), 'tomorrow', AFTERNOON)),
  ]),
  // One home in view: "3 bedroom townhouses for sale in Austin" is 890 Congress Ave alone.
  conversation('book-a-viewing-chip-one-in-view', [
    '3 bedroom townhouses for sale in Austin',
    asks('Book a viewing', viewing(firstOf(onMarket(forSale, townhouse, beds(3), inCity('Austin'))))),
  ]),
  conversation('second-one-monday-morning', [
    '2 bedroom houses for sale in Austin',
    asks(
      "I'd like to see the second one on Monday morning",
      viewing(firstOf(onMarket(forSale, house, beds(2), inCity('Austin')), 1), MONDAY, MORNING),
    ),
  ]),
  conversation('tour-on-friday', [
    asks('can I tour 1128 Lamar Blvd on Friday?', viewing(byAddress('1128 Lamar Blvd'), FRIDAY)),
  ]),
  conversation('showing-thursday-3pm', [
    asks(
      'Can I schedule a showing of 316 Riverside Dr for Thursday at 3pm?',
      viewing(byAddress('316 Riverside Dr'), THURSDAY, '15:00'),
    ),
  ]),
  // The only 4-bedroom house for rent in Tampa: 4672 Bayshore Blvd.
  conversation('rental-wednesday-1030', [
    '4 bedroom houses for rent in Tampa',
    asks(
      'could we come see it Wednesday at 10:30?',
      viewing(firstOf(onMarket(forRent, house, beds(4), inCity('Tampa'))), WEDNESDAY, '10:30'),
    ),
  ]),
  // Saturday's hours end at 2 pm: the same day's other slots.
  conversation('saturday-after-hours', [
    asks(
      'is 4903 Congress Ave available to view Saturday at 4pm?',
      viewing(byAddress('4903 Congress Ave'), SATURDAY, '16:00'),
    ),
  ]),
  // No showing hours on Sunday: the next days'.
  conversation('sunday-no-hours', [
    asks('can I see 2288 Hawthorne Blvd on Sunday?', viewing(byAddress('2288 Hawthorne Blvd'), SUNDAY)),
  ]),
  // On the home's own page, as the widget sends its address.
  conversation('this-page', [asks('when can I come see this house?', viewing(byAddress('677 Pine Pl')))], 'en', {
    where: (all) => ({ page: byAddress('677 Pine Pl')(all).Url }),
  }),

  // —— Spanish ——
  conversation(
    'verla-sabado-11',
    [
      'háblame de 2926 Congress Ave',
      asks('¿puedo verla el sábado a las 11?', viewing(byAddress('2926 Congress Ave'), SATURDAY, '11:00')),
    ],
    'es',
    { locale: 'es-MX' },
  ),
  conversation(
    'cuando-visitar',
    [asks('¿cuándo puedo visitar la casa de 4642 Oak St?', viewing(byAddress('4642 Oak St')))],
    'es',
    { locale: 'es-US' },
  ),
  conversation(
    'visita-martes-tarde',
    [
      asks(
        'quiero agendar una visita a 3730 Willow Way el martes por la tarde',
        viewing(byAddress('3730 Willow Way'), TUESDAY, AFTERNOON),
      ),
    ],
    'es',
    { locale: 'es-MX' },
  ),

  // —— French ——
  conversation(
    'samedi-vers-11',
    [
      'parlez-moi du 4787 Barton Springs Rd',
      asks('on peut visiter samedi vers 11 h ?', viewing(byAddress('4787 Barton Springs Rd'), SATURDAY, '11:00')),
    ],
    'fr',
  ),
  conversation(
    'mardi-14h',
    [asks('je voudrais visiter le 2496 Elm Ave mardi à 14 h', viewing(byAddress('2496 Elm Ave'), TUESDAY, '14:00'))],
    'fr',
    { locale: 'fr-CA' },
  ),

  // —— German ——
  conversation(
    'wann-besichtigen',
    [asks('Wann kann ich 3730 Willow Way besichtigen?', viewing(byAddress('3730 Willow Way')))],
    'de',
  ),
  conversation(
    'donnerstag-10-uhr',
    [
      asks(
        'Kann ich 1128 Lamar Blvd am Donnerstag um 10 Uhr besichtigen?',
        viewing(byAddress('1128 Lamar Blvd'), THURSDAY, '10:00'),
      ),
    ],
    'de',
  ),

  // —— Portuguese ——
  conversation(
    'quando-visitar',
    [asks('quando posso visitar a casa da 4903 Congress Ave?', viewing(byAddress('4903 Congress Ave')))],
    'pt',
    { locale: 'pt-BR' },
  ),
  conversation(
    'primeira-sabado-11',
    [
      'casas de 3 quartos em Austin',
      asks('posso ver a primeira no sábado às 11?', viewing(firstOf(austinThreeBedroomHouses), SATURDAY, '11:00')),
    ],
    'pt',
    { locale: 'pt-BR' },
  ),

  // —— Arabic ——
  conversation('when-visit', [asks('متى يمكنني زيارة 4763 Willow Way؟', viewing(byAddress('4763 Willow Way')))], 'ar'),
  conversation(
    'saturday-11',
    [
      asks(
        'هل يمكنني معاينة 2926 Congress Ave يوم السبت الساعة 11؟',
        viewing(byAddress('2926 Congress Ave'), SATURDAY, '11:00'),
      ),
    ],
    'ar',
  ),

  // —— Chinese ——
  conversation(
    'when-visit',
    [asks('我什么时候可以去看 4787 Barton Springs Rd？', viewing(byAddress('4787 Barton Springs Rd')))],
    'zh',
  ),
  conversation(
    'saturday-11',
    [asks('周六上午11点可以看 2179 Riverside Dr 吗？', viewing(byAddress('2179 Riverside Dr'), SATURDAY, '11:00'))],
    'zh',
  ),
];
