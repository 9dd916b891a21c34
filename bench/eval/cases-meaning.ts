/**
 * Understanding what the visitor means (issue 64), in English and the other languages the engines
 * read: written, and first run, before the engines were changed for it. Three categories:
 *
 * - `paraphrase`: an owner's own knowledge (owner-knowledge.ts: FAQ entries typed in the console
 *   without Phrasings, and two texts) asked the way visitors ask, with no content word in common
 *   with the entry's question ("can I bring my dog?" of "Do you allow pets?"). A right answer quotes
 *   the entry and names it. The controls ask "do you do X?" of services the knowledge never names
 *   (property management, appraisals, storage): the honest "I don't know — here is a person",
 *   `noAnswer`, never a search. In another language the visitor asks in that language; the
 *   knowledge stays the owner's English, so the checks are figures and names any translation keeps.
 * - `business-or-search`: questions to the business that name a kind of home ("what do I need to
 *   rent an apartment through you?"), on the demo chatbot with the demo agency's knowledge
 *   (src/server/demo/faq.ts): answered from the right source, or `noAnswer` for a service it never
 *   mentions — not read as a listing search. Its controls are searches worded like questions to the
 *   business ("can you help me find a 2 bedroom condo in Tampa?"), which must stay searches.
 * - `real-words`: searches holding a real word of the language, rare or one letter from a word of the
 *   listings (dock/deck, roof/room, fewest/newest, least/lease, comes/homes; cosa/casa, noyer/loyer,
 *   Bach/Bad, cais/mais, cámaras/recámaras), whose right answer holds only when the word is read as written: the
 *   listings cannot tell about a boat dock, the fewest bedrooms is not the newest listing. Each is
 *   also checked not to say it read the word as the other (`as-written`). A few true misspellings
 *   ("3 bedrom houses in Austn") must still be corrected.
 *
 * Readings are cases.ts's (a search means homes on the market, both sales and rentals unless it
 * says which; "house" single family; "under 300k" a purchase).
 */
import type { Listing } from '../../src/protocol/index.ts';
import type { Category, EvalCase, Expectation, Lang } from './types.ts';
import {
  forSale,
  forRent,
  inCity,
  house,
  condo,
  townhouse,
  apartment,
  beds,
  priceAtMost,
  onMarket,
  list,
  top,
  cantTell,
  noSearch,
  ranked,
} from './predicates.ts';

const one = (
  category: Category,
  lang: Lang,
  id: string,
  ask: string,
  expect: Expectation,
  locale?: string,
): EvalCase => ({
  id: lang === 'en' ? `${category}/${id}` : `${lang}/${category}/${id}`,
  category,
  ...(lang === 'en' ? {} : { lang }),
  ...(locale ? { locale } : {}),
  turns: [{ ask, expect }],
});

const knows = (source: string, says: RegExp): Expectation => ({ kind: 'knowledge', source, says });

/** How each language offers a person, as an honest "I don't know" does (cases-off-path.ts's, in every language). */
const OFFERS_PERSON: Record<Lang, RegExp> = {
  en: /\b(?:person|agent|someone|team|human)\b/i,
  es: /persona|agente|alguien|equipo|asesor/i,
  fr: /personne|agent|conseill|équipe|quelqu['’]un/i,
  de: /Person|Makler|Mitarbeiter|Team|jemand|Berater|Mensch/i,
  pt: /pessoa|agente|corretor|alguém|equipe/i,
  ar: /شخص|وكيل|فريق|أحد|موظف/,
  zh: /人|经纪|經紀|团队|團隊|顾问|顧問/,
};
const unknown = (lang: Lang): Expectation => noSearch(true, OFFERS_PERSON[lang]);

/**
 * `expect`, and the prose does not say it read a word as one of `misread` (a word of the listings
 * one letter away): no `'homes'` between quotation marks, as in "(I read 'comes' as 'homes')".
 */
const asWritten = (expect: Expectation, ...misread: string[]): Expectation => ({
  kind: 'as-written',
  expect,
  misread: new RegExp(`["'‘’“”«»„]\\s?(?:${misread.join('|')})\\s?["'‘’“”«»]`, 'iu'),
});

// —— paraphrase: the owner's knowledge (owner-knowledge.ts), asked in other words ——

const PETS = 'Do you allow pets?';
const OFFICE = 'Where is your office?';
const HOURS = 'What are your office hours?';
const APPLICATION = 'Do you charge an application fee?';
const PAY = 'Can I pay rent online?';
const LEASE = 'How long is a lease?';
const VIRTUAL = 'Do you offer virtual tours?';
const PARKING = 'Is parking included?';
const BREAK = 'Can I break my lease early?';
const FIRST_TIMERS = 'Do you work with first-time buyers?';
const REPAIRS = 'Who do I call for repairs?';
const SPANISH = 'Do you speak Spanish?';
const STORY = 'Our story';
const MOVING_IN = 'Moving in';

/** The facts each entry holds, as any language writes them. */
const $300 = /\b300\b/;
const ADDRESS = /\b2210\b/;
const OPENS = /\b8\s?[:.h]\s?30\b/i;
const $55 = /\b55\b/;
const CARD_FEE = /\b2[.,]9\s?%/;
const VIDEO_APPS = /FaceTime|WhatsApp|Zoom/i;
const $40 = /\b40\b/;
const $1500 = /\b1[,.\s\u00a0\u202f]?500\b/;
const REPAIR_LINE = /555-0177/;

const paraphrase = (lang: Lang, id: string, ask: string, source: string, says: RegExp, locale?: string) =>
  one('paraphrase', lang, id, ask, knows(source, says), locale);
const notOffered = (lang: Lang, id: string, ask: string, locale?: string) =>
  one('paraphrase', lang, `unknown-${id}`, ask, unknown(lang), locale);

const paraphraseCases: EvalCase[] = [
  paraphrase('en', 'bring-my-dog', 'can I bring my dog?', PETS, $300),
  paraphrase('en', 'golden-retriever', 'I have a golden retriever, is that ok?', PETS, $300),
  paraphrase('en', 'cat-live-with-me', 'can my cat live with me?', PETS, $300),
  paraphrase('en', 'where-located', 'where are you guys located?', OFFICE, ADDRESS),
  paraphrase('en', 'address', "what's your address?", OFFICE, ADDRESS),
  paraphrase('en', 'what-time-open', 'what time do you open?', HOURS, OPENS),
  paraphrase('en', 'weekends', 'are you around on weekends?', HOURS, /Saturday/i),
  paraphrase('en', 'screening-cost', 'what does the screening cost?', APPLICATION, /\$55/),
  paraphrase('en', 'cost-to-apply', 'is there a cost to apply?', APPLICATION, /\$55/),
  paraphrase('en', 'venmo', 'do you take Venmo?', PAY, /portal/i),
  paraphrase('en', 'monthly-from-phone', 'can I do my monthly payment from my phone?', PAY, /portal/i),
  paraphrase(
    'en',
    'shortest-contract',
    "what's the shortest contract I can sign?",
    LEASE,
    /six-month|6-month|6 months/i,
  ),
  paraphrase('en', 'one-year-commitment', 'is it a one-year commitment?', LEASE, /12 months/i),
  paraphrase(
    'en',
    'out-of-state',
    'I live out of state, can I look at a place without flying in?',
    VIRTUAL,
    VIDEO_APPS,
  ),
  paraphrase('en', 'video-call', 'can I check out an apartment on a video call?', VIRTUAL, VIDEO_APPS),
  paraphrase('en', 'leave-my-car', 'where do I leave my car?', PARKING, /\$40/),
  paraphrase('en', 'space-for-truck', 'do I get a space for my truck?', PARKING, /assigned/i),
  paraphrase(
    'en',
    'move-out-before-contract',
    'what happens if I have to move out before my contract is up?',
    BREAK,
    /\$1,500/,
  ),
  paraphrase(
    'en',
    'job-in-another-city',
    'I got a job in another city, can I get out of my rental agreement?',
    BREAK,
    /60 days/i,
  ),
  paraphrase(
    'en',
    'never-purchased',
    "I've never purchased a home before, can you help me?",
    FIRST_TIMERS,
    /TSAHC|down payment/i,
  ),
  paraphrase(
    'en',
    'renting-forever',
    "we've been renting forever and want to own now, where do we begin?",
    FIRST_TIMERS,
    /TSAHC|down payment/i,
  ),
  paraphrase('en', 'dishwasher-broken', 'my dishwasher is broken, what do I do?', REPAIRS, /work order|555-0177/i),
  paraphrase(
    'en',
    'ac-stopped',
    'the AC stopped working in my unit, who can come fix it?',
    REPAIRS,
    /work order|555-0177/i,
  ),
  paraphrase(
    'en',
    'parents-language',
    "my parents aren't comfortable in English, can someone help them in their own language?",
    SPANISH,
    /Maria|Luis|Carmen/,
  ),
  paraphrase('en', 'been-around', 'how long have you been around?', STORY, /1987/),
  paraphrase('en', 'who-owns', 'who owns the company?', STORY, /Okafor/),
  paraphrase('en', 'which-towns', 'which towns do you cover?', STORY, /Round Rock|Pflugerville|Georgetown/),
  paraphrase('en', 'lights-on', 'who do I call to get the lights turned on?', MOVING_IN, /Austin Energy/),
  paraphrase('en', 'money-upfront', 'how much money do I need upfront?', MOVING_IN, /deposit/i),
  notOffered('en', 'property-management', 'do you do property management?'),
  notOffered('en', 'sell-my-house', 'do you help people sell their house?'),
  notOffered('en', 'storage', 'do you offer storage units?'),
  notOffered('en', 'appraisals', 'do you do home appraisals?'),
  notOffered('en', 'moving-company', 'can you recommend a moving company?'),

  paraphrase('es', 'llevar-perro', '¿puedo llevar a mi perro?', PETS, $300, 'es-MX'),
  paraphrase('es', 'donde-quedan', '¿dónde quedan ustedes?', OFFICE, ADDRESS, 'es-MX'),
  paraphrase('es', 'a-que-hora-abren', '¿a qué hora abren?', HOURS, OPENS, 'es-US'),
  paraphrase('es', 'cuanto-cuesta-aplicar', '¿cuánto cuesta aplicar?', APPLICATION, $55, 'es-US'),
  paraphrase(
    'es',
    'mudar-antes-contrato',
    '¿qué pasa si me tengo que mudar antes de que termine el contrato?',
    BREAK,
    $1500,
    'es-MX',
  ),
  paraphrase('es', 'estacionar-carro', '¿tienen dónde estacionar el carro?', PARKING, $40, 'es-MX'),
  paraphrase('es', 'calentador', 'se descompuso el calentador, ¿a quién le aviso?', REPAIRS, REPAIR_LINE, 'es-MX'),
  paraphrase(
    'es',
    'nunca-he-comprado',
    'nunca he comprado casa, ¿me pueden orientar?',
    FIRST_TIMERS,
    /TSAHC|enganche|pago inicial|cuota inicial|down payment/i,
    'es-MX',
  ),
  notOffered('es', 'administran-propiedades', '¿ustedes administran propiedades?', 'es-MX'),
  notOffered('es', 'avaluos', '¿hacen avalúos de casas?', 'es-MX'),

  paraphrase('fr', 'venir-avec-chien', 'est-ce que je peux venir avec mon chien ?', PETS, $300),
  paraphrase('fr', 'situes-ou', 'vous êtes situés où ?', OFFICE, ADDRESS),
  paraphrase('fr', 'ouvrez-quelle-heure', 'vous ouvrez à quelle heure ?', HOURS, OPENS),
  paraphrase('fr', 'frais-de-dossier', 'il y a des frais de dossier ?', APPLICATION, $55),
  paraphrase('fr', 'partir-avant-fin-bail', 'et si je dois partir avant la fin du bail ?', BREAK, $1500),
  paraphrase('fr', 'garer-voiture', 'je peux garer ma voiture quelque part ?', PARKING, $40),
  paraphrase('fr', 'chauffe-eau', 'mon chauffe-eau fuit, je contacte qui ?', REPAIRS, REPAIR_LINE),
  paraphrase('fr', 'visiter-en-video', 'on peut visiter à distance, en vidéo ?', VIRTUAL, VIDEO_APPS),
  notOffered('fr', 'gestion-locative', 'vous faites de la gestion locative ?'),
  notOffered('fr', 'estimations', 'vous faites des estimations de maisons ?'),

  paraphrase('de', 'hund-mitbringen', 'darf ich meinen Hund mitbringen?', PETS, $300, 'de-DE'),
  paraphrase('de', 'wo-finde-ich-euch', 'wo finde ich euch?', OFFICE, ADDRESS, 'de-DE'),
  paraphrase('de', 'ab-wann-auf', 'ab wann habt ihr morgens auf?', HOURS, OPENS, 'de-AT'),
  paraphrase('de', 'bewerbung-kosten', 'kostet die Bewerbung etwas?', APPLICATION, $55, 'de-DE'),
  paraphrase(
    'de',
    'vor-vertragsende',
    'was passiert, wenn ich vor Vertragsende ausziehen muss?',
    BREAK,
    $1500,
    'de-CH',
  ),
  paraphrase('de', 'stellplatz-auto', 'gibt es einen Stellplatz fürs Auto?', PARKING, $40, 'de-DE'),
  paraphrase('de', 'heizung-kaputt', 'meine Heizung ist kaputt, wen soll ich anrufen?', REPAIRS, REPAIR_LINE, 'de-DE'),
  paraphrase('de', 'kreditkarte', 'kann ich mit Kreditkarte bezahlen?', PAY, CARD_FEE, 'de-DE'),
  notOffered('de', 'hausverwaltung', 'macht ihr auch Hausverwaltung?', 'de-DE'),
  notOffered('de', 'lagerraeume', 'vermietet ihr Lagerräume?', 'de-DE'),

  paraphrase('pt', 'levar-cachorro', 'posso levar meu cachorro?', PETS, $300, 'pt-BR'),
  paraphrase('pt', 'onde-voces-ficam', 'onde vocês ficam?', OFFICE, ADDRESS, 'pt-BR'),
  paraphrase('pt', 'que-horas-abrem', 'que horas vocês abrem?', HOURS, OPENS, 'pt-BR'),
  paraphrase('pt', 'fazer-cadastro', 'quanto custa fazer o cadastro pra alugar?', APPLICATION, $55, 'pt-BR'),
  paraphrase('pt', 'sair-antes-contrato', 'e se eu precisar sair antes do fim do contrato?', BREAK, $1500, 'pt-PT'),
  paraphrase('pt', 'vaga-carro', 'tem vaga pro carro?', PARKING, $40, 'pt-BR'),
  paraphrase('pt', 'chuveiro-queimou', 'o chuveiro queimou, com quem eu falo?', REPAIRS, REPAIR_LINE, 'pt-BR'),
  paraphrase('pt', 'chamada-de-video', 'dá pra ver o imóvel por chamada de vídeo?', VIRTUAL, VIDEO_APPS, 'pt-BR'),
  notOffered('pt', 'administracao-imoveis', 'vocês fazem administração de imóveis?', 'pt-BR'),
  notOffered('pt', 'avaliacao-imoveis', 'vocês fazem avaliação de imóveis?', 'pt-BR'),

  paraphrase('ar', 'ihdar-kalbi', 'هل يمكنني إحضار كلبي؟', PETS, $300),
  paraphrase('ar', 'wein-makankum', 'وين مكانكم؟', OFFICE, ADDRESS, 'ar-SA'),
  paraphrase('zh', 'dai-gou', '可以带狗吗？', PETS, $300, 'zh-CN'),
  paraphrase('zh', 'ji-dian-kai-men', '你们几点开门？', HOURS, OPENS, 'zh-CN'),
];

// —— business or search: the demo agency's knowledge (src/server/demo/faq.ts) ——

const FEES = 'What are your fees?';
const VIEWINGS = 'How do viewings work?';
const FIRST_TIME = 'Do you help first-time buyers?';
const RENT_NEEDS = 'What do I need to rent a home?';
const BUYING = 'Buying with us';
const RENTING = 'Renting with us';

/** The demo's facts as any language writes them: the screening fee and the consultation's minutes, the listing fee, a 12-month lease. */
const $45 = /\b45\b/;
const LISTING_FEE = /\b2[.,]5\s?%/;

const business = (lang: Lang, id: string, ask: string, expect: Expectation, locale?: string) =>
  one('business-or-search', lang, id, ask, expect, locale);

const businessOrSearchCases: EvalCase[] = [
  business(
    'en',
    'first-time-buying',
    "it's my first time buying, can you guys help?",
    knows(FIRST_TIME, /consultation/i),
  ),
  business(
    'en',
    'rent-an-apartment-through-you',
    'what do I need to rent an apartment through you?',
    knows(RENT_NEEDS, /three times the monthly rent|\$45/i),
  ),
  business(
    'en',
    'fee-to-rent-a-house',
    'do you charge a fee to rent a house through you?',
    knows(FEES, /tenants pay us no fee|no fee/i),
  ),
  // The office is closed on Sundays, but viewings are seven days a week: the viewings' answer is the right one.
  business('en', 'condo-on-a-sunday', 'can I see a condo on a sunday?', knows(VIEWINGS, /seven days a week/i)),
  business(
    'en',
    'commission-sell-my-house',
    'how much commission do you take when I sell my house?',
    knows(FEES, /2\.5 ?%/),
  ),
  business('en', 'first-condo', "I'm buying my first condo, where do I start?", knows(FIRST_TIME, /consultation/i)),
  business(
    'en',
    'dog-in-a-rented-apartment',
    'can I have a dog in an apartment I rent from you?',
    knows(RENT_NEEDS, /pet deposit|\$300/i),
  ),
  business('en', 'apartment-lease-length', 'how long is the lease on your apartments?', knows(RENTING, /12 months/i)),
  business(
    'en',
    'townhouse-repairs',
    "who fixes things in the townhouse I'm renting from you?",
    knows(RENTING, /maintenance portal/i),
  ),
  business(
    'en',
    'rental-house-deposit',
    'how much is the deposit on a rental house?',
    knows(RENT_NEEDS, /one month's rent/i),
  ),
  business('en', 'condo-closing-time', 'how long does it take to close on a condo?', knows(BUYING, /30 to 45 days/i)),
  business(
    'en',
    'bank-before-houses',
    'should I talk to a bank before I start looking at houses?',
    knows(BUYING, /pre-approved/i),
  ),
  business(
    'en',
    'bring-to-see-an-apartment',
    'what should I bring when I go see an apartment?',
    knows(VIEWINGS, /photo ID/i),
  ),
  business(
    'en',
    'notice-leaving-apartment',
    'how much notice do I give before leaving my apartment?',
    knows(RENTING, /60 days/i),
  ),
  business('en', 'unknown-commercial-buildings', 'do you sell commercial buildings?', unknown('en')),
  business('en', 'unknown-vacation-homes', 'do you rent out vacation homes?', unknown('en')),
  business('en', 'unknown-custom-houses', 'do you build custom houses?', unknown('en')),
  business('en', 'unknown-office-space', 'can you find me office space to lease for my business?', unknown('en')),
  business(
    'en',
    'search-3br-apartments-austin',
    '3 bedroom apartments for rent in Austin',
    list(onMarket(forRent, apartment, beds(3), inCity('Austin'))),
  ),
  business(
    'en',
    'search-condos-under-300k',
    'any condos under 300k?',
    list(onMarket(forSale, condo, priceAtMost(300_000))),
  ),
  business(
    'en',
    'search-do-you-have-townhouses',
    'do you have any townhouses for sale in Madison?',
    list(onMarket(forSale, townhouse, inCity('Madison'))),
  ),
  business(
    'en',
    'search-help-me-find-condo',
    'can you help me find a 2 bedroom condo in Tampa?',
    list(onMarket(condo, beds(2), inCity('Tampa'))),
  ),
  business(
    'en',
    'search-what-for-rent-portland',
    'what do you have for rent in Portland?',
    list(onMarket(forRent, inCity('Portland'))),
  ),
  business(
    'en',
    'search-need-apartment-raleigh',
    'I need an apartment for rent in Raleigh under $1,500',
    list(onMarket(forRent, apartment, inCity('Raleigh'), priceAtMost(1_500))),
  ),

  business(
    'es',
    'primera-vez-compro',
    'es la primera vez que compro casa, ¿me pueden ayudar?',
    knows(FIRST_TIME, /\b45\b|consult/i),
    'es-MX',
  ),
  business(
    'es',
    'rentar-depa',
    '¿qué necesito para rentar un departamento con ustedes?',
    knows(RENT_NEEDS, $45),
    'es-MX',
  ),
  business(
    'es',
    'comision-vender-casa',
    '¿cuánto cobran de comisión si vendo mi casa con ustedes?',
    knows(FEES, LISTING_FEE),
    'es-US',
  ),
  business(
    'es',
    'condominio-domingo',
    '¿puedo ver un condominio el domingo?',
    knows(VIEWINGS, /siete días|7 días|todos los días|seven days/i),
    'es-MX',
  ),
  business('es', 'unknown-edificios-comerciales', '¿venden edificios comerciales?', unknown('es'), 'es-MX'),
  business(
    'es',
    'search-depas-2-recamaras-austin',
    'departamentos de 2 recámaras en renta en Austin',
    list(onMarket(forRent, apartment, beds(2), inCity('Austin'))),
    'es-MX',
  ),

  business(
    'fr',
    'premier-achat',
    "c'est mon premier achat immobilier, vous pouvez m'aider ?",
    knows(FIRST_TIME, /\b45\b|consultation/i),
  ),
  business(
    'fr',
    'louer-appartement',
    "qu'est-ce qu'il me faut pour louer un appartement chez vous ?",
    knows(RENT_NEEDS, $45),
  ),
  business(
    'fr',
    'frais-louer-maison',
    'vous prenez des frais pour louer une maison ?',
    knows(FEES, /aucun|pas de frais|rien|gratuit|no fee/i),
  ),
  business('fr', 'bail-appartement', "le bail d'un appartement dure combien de temps ?", knows(RENTING, /\b12\b/)),
  business('fr', 'unknown-immeubles-commerciaux', 'vous vendez des immeubles commerciaux ?', unknown('fr')),
  business(
    'fr',
    'search-maisons-vendre-denver',
    'maisons à vendre à Denver',
    list(onMarket(forSale, house, inCity('Denver'))),
  ),

  business(
    'de',
    'erster-kauf',
    'ich kaufe zum ersten Mal eine Wohnung, könnt ihr mir helfen?',
    knows(FIRST_TIME, /\b45\b|Beratung|consultation/i),
    'de-DE',
  ),
  business(
    'de',
    'wohnung-mieten',
    'was brauche ich, um bei euch eine Wohnung zu mieten?',
    knows(RENT_NEEDS, $45),
    'de-DE',
  ),
  business(
    'de',
    'provision-haus-verkaufen',
    'wie viel Provision nehmt ihr, wenn ich mein Haus verkaufe?',
    knows(FEES, LISTING_FEE),
    'de-DE',
  ),
  business(
    'de',
    'reparatur-reihenhaus',
    'wer repariert etwas in dem Reihenhaus, das ich bei euch miete?',
    knows(RENTING, /portal|555-0199/i),
    'de-DE',
  ),
  business('de', 'unknown-gewerbeimmobilien', 'verkauft ihr Gewerbeimmobilien?', unknown('de'), 'de-DE'),
  business(
    'de',
    'search-reihenhaeuser-madison',
    'Reihenhäuser zum Kauf in Madison',
    list(onMarket(forSale, townhouse, inCity('Madison'))),
    'de-DE',
  ),

  business(
    'pt',
    'primeira-compra',
    'é a primeira vez que vou comprar um imóvel, vocês podem me ajudar?',
    knows(FIRST_TIME, /\b45\b|consulta/i),
    'pt-BR',
  ),
  business(
    'pt',
    'alugar-apartamento',
    'o que eu preciso pra alugar um apartamento com vocês?',
    knows(RENT_NEEDS, $45),
    'pt-BR',
  ),
  business(
    'pt',
    'cachorro-apartamento',
    'posso ter cachorro num apartamento alugado com vocês?',
    knows(RENT_NEEDS, /\b300\b/),
    'pt-BR',
  ),
  business(
    'pt',
    'fechar-compra-casa',
    'quanto tempo leva pra fechar a compra de uma casa?',
    knows(BUYING, /\b30\b[^.]{0,15}\b45\b/),
    'pt-BR',
  ),
  business('pt', 'unknown-predios-comerciais', 'vocês vendem prédios comerciais?', unknown('pt'), 'pt-BR'),
  business(
    'pt',
    'search-casas-alugar-denver',
    'casas pra alugar em Denver',
    list(onMarket(forRent, house, inCity('Denver'))),
    'pt-BR',
  ),

  business('ar', 'awwal-marra', 'هذه أول مرة أشتري فيها بيتًا، هل يمكنكم مساعدتي؟', knows(FIRST_TIME, $45)),
  business('ar', 'search-shuqaq-denver', 'شقق للإيجار في دنفر', list(onMarket(forRent, apartment, inCity('Denver')))),
  business('zh', 'di-yi-ci-mai-fang', '我第一次买房，你们能帮忙吗？', knows(FIRST_TIME, $45), 'zh-CN'),
  business('zh', 'zu-gong-yu-cai-liao', '在你们这里租公寓需要什么材料？', knows(RENT_NEEDS, $45), 'zh-CN'),
];

// —— real words: searches whose words are real, rare or one letter from a word of the listings ——

const real = (lang: Lang, id: string, ask: string, expect: Expectation, locale?: string) =>
  one('real-words', lang, id, ask, expect, locale);

/** The house for sale in Portland with the fewest bedrooms (one has fewer than every other). */
const fewestBedrooms = (all: Listing[]) => {
  const r = ranked(all, onMarket(forSale, house, inCity('Portland')));
  const least = Math.min(...r.map((l) => l.Bedrooms));
  return r.filter((l) => l.Bedrooms === least);
};

const realWordsCases: EvalCase[] = [
  real(
    'en',
    'boat-dock',
    'homes in Tampa with a boat dock',
    asWritten(cantTell('dock', onMarket(inCity('Tampa'))), 'deck'),
  ),
  real(
    'en',
    'built-in-desk',
    'apartments in Denver with a built-in desk',
    asWritten(cantTell('desk', onMarket(apartment, inCity('Denver'))), 'deck'),
  ),
  real(
    'en',
    'new-roof',
    'houses in Denver with a new roof',
    asWritten(cantTell('roof', onMarket(house, inCity('Denver'))), 'room'),
  ),
  real(
    'en',
    'lift',
    'condos in Portland with a lift',
    asWritten(cantTell('lift', onMarket(condo, inCity('Portland'))), 'loft'),
  ),
  real(
    'en',
    'keep-a-horse',
    'houses in Raleigh where I can keep a horse',
    asWritten(cantTell('horse', onMarket(house, inCity('Raleigh'))), 'house'),
  ),
  real(
    'en',
    'flood-zone',
    'homes in Tampa outside the flood zone',
    asWritten(cantTell('flood', onMarket(inCity('Tampa'))), 'floors?'),
  ),
  real(
    'en',
    'mews',
    'townhouses in a mews in Portland',
    asWritten(cantTell('mews', onMarket(townhouse, inCity('Portland'))), 'news', 'new'),
  ),
  real(
    'en',
    'garden-path',
    'houses in Portland with a garden path',
    asWritten(cantTell('path', onMarket(house, inCity('Portland'))), 'bath'),
  ),
  real(
    'en',
    'pest-control',
    'apartments in Raleigh with pest control included',
    asWritten(cantTell('pest', onMarket(apartment, inCity('Raleigh'))), 'pets'),
  ),
  real(
    'en',
    'garbage-pickup',
    'apartments for rent in Tampa with garbage pickup included',
    asWritten(cantTell('garbage', onMarket(forRent, apartment, inCity('Tampa'))), 'garage'),
  ),
  real(
    'en',
    'fewest-bedrooms',
    'which house for sale in Portland has the fewest bedrooms?',
    asWritten({ kind: 'these', pick: fewestBedrooms }, 'newest'),
  ),
  real(
    'en',
    'least-expensive',
    'the least expensive condo for sale in Denver',
    asWritten(top(onMarket(forSale, condo, inCity('Denver')), 'default'), 'lease'),
  ),
  real(
    'en',
    'comes-with-a-pool',
    'any 3 bedroom house in Austin that comes with a pool?',
    asWritten(cantTell('pool', onMarket(house, beds(3), inCity('Austin'))), 'homes'),
  ),
  real(
    'en',
    'lanai',
    'condos in Tampa with a lanai',
    asWritten(cantTell('lanai', onMarket(condo, inCity('Tampa'))), 'land'),
  ),
  real(
    'en',
    'mudroom',
    'houses in Madison with a mudroom',
    asWritten(cantTell('mudroom', onMarket(house, inCity('Madison'))), 'bedroom'),
  ),
  real(
    'en',
    'wine-cellar',
    'houses in Austin with a wine cellar',
    asWritten(cantTell('cellar', onMarket(house, inCity('Austin'))), 'seller'),
  ),
  real('en', 'misspelt-bedrom-austn', '3 bedrom houses in Austn', list(onMarket(house, beds(3), inCity('Austin')))),
  real('en', 'misspelt-condso-sael', 'condso for sael in tampa', list(onMarket(forSale, condo, inCity('Tampa')))),
  real(
    'en',
    'misspelt-apartmetns-rnet',
    'apartmetns for rnet in denver under 1500',
    list(onMarket(forRent, apartment, inCity('Denver'), priceAtMost(1_500))),
  ),
  real(
    'en',
    'misspelt-cheapest-townhuose',
    'cheapest townhuose for sale in madision',
    top(onMarket(forSale, townhouse, inCity('Madison')), 'default'),
  ),

  // «cosa» is not «casa»: anything for rent, not houses alone.
  real(
    'es',
    'alguna-cosa-en-renta',
    '¿tienen alguna cosa en renta en Denver por menos de 1,500 al mes?',
    asWritten(list(onMarket(forRent, inCity('Denver'), priceAtMost(1_500))), 'casas?'),
    'es-MX',
  ),
  real(
    'es',
    'muelle',
    'casas en Tampa con muelle para lancha',
    asWritten(cantTell('muelle', onMarket(house, inCity('Tampa'))), 'mueble', 'amueblad[oa]'),
    'es-US',
  ),
  real(
    'es',
    'control-de-plagas',
    'departamentos en Raleigh con control de plagas incluido',
    asWritten(cantTell('plagas', onMarket(apartment, inCity('Raleigh'))), 'playas?'),
    'es-MX',
  ),
  real(
    'es',
    'cuatro-cuartos',
    'busco casa de cuatro cuartos en Austin',
    asWritten(list(onMarket(house, beds(4), inCity('Austin'))), 'cuarto'),
    'es-MX',
  ),
  real(
    'es',
    'misspelt-vneta-austn',
    'casas en vneta en Austn de 3 recamaras',
    list(onMarket(forSale, house, beds(3), inCity('Austin'))),
    'es-MX',
  ),
  real(
    'es',
    'menos-recamaras',
    '¿cuál es la casa en venta en Portland con menos recámaras?',
    asWritten({ kind: 'these', pick: fewestBedrooms }, 'newest', 'más nuev[ao]s?'),
    'es-MX',
  ),
  // «cámaras» (cameras) is not «recámaras» (bedrooms).
  real(
    'es',
    'camaras-de-seguridad',
    'departamentos en Denver con cámaras de seguridad',
    asWritten(cantTell('cámaras', onMarket(apartment, inCity('Denver'))), 'rec[áa]maras?'),
    'es-MX',
  ),

  real(
    'fr',
    'resistent-au-vent',
    'des maisons à Tampa qui résistent au vent ?',
    asWritten(cantTell('vent', onMarket(house, inCity('Tampa'))), 'vente'),
  ),
  real(
    'fr',
    'noyer',
    'une maison à Portland avec un noyer dans le jardin',
    asWritten(cantTell('noyer', onMarket(house, inCity('Portland'))), 'loyer'),
  ),
  real(
    'fr',
    'terrain-en-pente',
    'maisons à Denver sur un terrain en pente',
    asWritten(cantTell('pente', onMarket(house, inCity('Denver'))), 'vente'),
  ),
  real(
    'fr',
    'etang',
    'maison à Madison avec un étang',
    asWritten(cantTell('étang', onMarket(house, inCity('Madison'))), 'étage'),
  ),
  real(
    'fr',
    'misspelt-apartements-denvr',
    'apartements a louer a Denvr',
    list(onMarket(forRent, apartment, inCity('Denver'))),
  ),
  real(
    'fr',
    'moins-de-chambres',
    'quelle maison à vendre à Portland a le moins de chambres ?',
    asWritten({ kind: 'these', pick: fewestBedrooms }, 'newest', 'plus r[ée]centes?'),
  ),

  real(
    'de',
    'bach-im-garten',
    'Häuser in Madison mit einem Bach im Garten',
    asWritten(cantTell('Bach', onMarket(house, inCity('Madison'))), 'Bad', 'Dach'),
    'de-DE',
  ),
  real(
    'de',
    'lift',
    'Wohnungen in Denver mit Lift',
    asWritten(cantTell('Lift', onMarket(apartment, inCity('Denver'))), 'Loft'),
    'de-AT',
  ),
  real(
    'de',
    'bootssteg',
    'Häuser in Tampa mit Bootssteg',
    cantTell('Bootssteg', onMarket(house, inCity('Tampa'))),
    'de-DE',
  ),
  real(
    'de',
    'neues-dach',
    'Häuser in Denver mit neuem Dach',
    asWritten(cantTell('Dach', onMarket(house, inCity('Denver'))), 'Bad', 'Bach'),
    'de-DE',
  ),
  real(
    'de',
    'misspelt-hauser-austn',
    'Hauser zum kaufen in Austn mit 3 Schlafzimern',
    list(onMarket(forSale, house, beds(3), inCity('Austin'))),
    'de-DE',
  ),
  real(
    'de',
    'wenigsten-schlafzimmer',
    'welches Haus zum Kauf in Portland hat die wenigsten Schlafzimmer?',
    asWritten({ kind: 'these', pick: fewestBedrooms }, 'newest', 'neueste[nrs]?'),
    'de-DE',
  ),

  real(
    'pt',
    'cais',
    'casas em Tampa com cais para barco',
    asWritten(cantTell('cais', onMarket(house, inCity('Tampa'))), 'mais', 'casa'),
    'pt-BR',
  ),
  real(
    'pt',
    'quatro-quartos',
    'casas em Raleigh com quatro quartos',
    asWritten(list(onMarket(house, beds(4), inCity('Raleigh'))), 'quarto'),
    'pt-BR',
  ),
  // «coisa» is not «casa»: anything for rent.
  real(
    'pt',
    'alguma-coisa-alugar',
    'tem alguma coisa pra alugar em Tampa até 1.500?',
    asWritten(list(onMarket(forRent, inCity('Tampa'), priceAtMost(1_500))), 'casas?'),
    'pt-BR',
  ),
  real(
    'pt',
    'telhado-novo',
    'casas em Denver com telhado novo',
    cantTell('telhado', onMarket(house, inCity('Denver'))),
    'pt-BR',
  ),
  real(
    'pt',
    'misspelt-apartamnetos-denvr',
    'apartamnetos para alugar em Denvr',
    list(onMarket(forRent, apartment, inCity('Denver'))),
    'pt-BR',
  ),
  real(
    'pt',
    'menos-quartos',
    'qual casa à venda em Portland tem menos quartos?',
    asWritten({ kind: 'these', pick: fewestBedrooms }, 'newest', 'mais nov[ao]s?'),
    'pt-BR',
  ),
];

export const meaningCases: EvalCase[] = [...paraphraseCases, ...businessOrSearchCases, ...realWordsCases];
