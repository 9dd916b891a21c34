/**
 * An answer's blocks in the answer's language (docs/WIDGET.md *Languages*): a Spanish answer in an
 * English panel shows its cards — facts, badges, buttons, the carousel's name — and the chips under
 * it in Spanish, the Spanish words loaded only then; an English answer beside it stays English; the
 * stored conversation comes back the same after a reload; and an English answer in a Spanish panel
 * shows English cards. Through the real service: the offline engine answers in the question's language.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ListingCreateBody } from '../../src/protocol/index.ts';
import { handoffBlock } from '../../src/protocol/handoff.ts';
import { slotsBlock } from '../../src/protocol/slots.ts';
import { sourcesBlock } from '../../src/protocol/sources.ts';
import type { ChatBot } from '../../src/widget/elements/chat-bot.ts';
import type { ChatBotMessage } from '../../src/widget/elements/chat-bot-message.ts';
import {
  answered,
  inPanel,
  messages,
  mount,
  newChatbot,
  open,
  owner,
  script,
  token,
  type,
  unmountAll,
  until,
  harborviewHome,
} from './harness.ts';

afterEach(unmountAll);

/** Two three-bedroom houses for sale in Harborview, one with a 3D tour. */
async function harborview(): Promise<string> {
  const serial = await newChatbot({ Name: 'Harbor Homes', TalkToHumanEmail: 'agents@harbor.example' });
  const home = (fields: Partial<ListingCreateBody> & { Address: string; MLSNumber: string }) =>
    harborviewHome(serial, fields);
  await owner().realEstateCreate(home({ Address: '12 Oak St', MLSNumber: 'HV100', Tours: '3D' }));
  await owner().realEstateCreate(home({ Address: '14 Oak St', MLSNumber: 'HV101', SalePrice: 512_000 }));
  return serial;
}

const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
const cardsOf = (m: ChatBotMessage) => m.shadowRoot!.querySelector('chat-bot-listings')?.shadowRoot ?? null;

/** What a card block shows in words: its name, and each card's facts, badges and buttons. */
function words(m: ChatBotMessage) {
  const root = cardsOf(m)!;
  return {
    carousel: root.querySelector('.carousel')?.getAttribute('aria-label'),
    next: root.querySelector('.controls button:last-child')?.getAttribute('aria-label'),
    cards: [...root.querySelectorAll('.card[role="group"]')].map((card) => ({
      facts: text(card.querySelector('.facts')),
      badges: [...card.querySelectorAll('.badges li')].map(text),
      buttons: [...card.querySelectorAll('.actions button')].map(text),
    })),
  };
}

/** The follow-up chips' group under the last answer: its name and language. */
const chips = (bot: ChatBot) => {
  const group = inPanel(bot, '.suggestions[role="group"]');
  return group && { label: group.getAttribute('aria-label'), lang: group.getAttribute('lang') };
};

/** Asks, and waits for the answer's cards. */
async function ask(bot: ChatBot, question: string, count: number): Promise<ChatBotMessage> {
  await type(bot, question);
  await answered(bot, count);
  const answer = messages(bot).at(-1)!;
  await until(() => cardsOf(answer)?.querySelector('.card'));
  return answer;
}

/** Whether the page has fetched a module of the widget's Spanish words (the locale's chunk). */
const spanishLoaded = () =>
  performance.getEntriesByType('resource').some((e) => /\/src\/widget\/strings\/es\.ts(\?|$)/.test(e.name));

const SPANISH = {
  carousel: '2 viviendas',
  next: 'Vivienda siguiente',
  cards: [
    {
      facts: expect.stringMatching(/^3 dormitorios · 2 baños · /),
      badges: ['En venta', 'Activa', 'Recorrido 3D'],
      buttons: ['Preguntar por esta vivienda', 'Hablar con una persona'],
    },
    {
      facts: expect.stringMatching(/^3 dormitorios · 2 baños · /),
      badges: ['En venta', 'Activa'],
      buttons: ['Preguntar por esta vivienda', 'Hablar con una persona'],
    },
  ],
};
const ENGLISH = {
  carousel: '2 homes',
  next: 'Next home',
  cards: [
    {
      facts: '3 bedrooms · 2 bathrooms · 1,850 sq ft · Single Family',
      badges: ['For sale', 'Active', '3D tour'],
      buttons: ['Ask about this home', 'Talk to a person'],
    },
    {
      facts: '3 bedrooms · 2 bathrooms · 1,850 sq ft · Single Family',
      badges: ['For sale', 'Active'],
      buttons: ['Ask about this home', 'Talk to a person'],
    },
  ],
};

describe("an answer's cards and chips, in the answer's language", () => {
  it('are Spanish for a Spanish answer in an English panel, English for an English one, and stay so after a reload', async () => {
    const serial = await harborview();
    let bot = await mount(serial, { locale: 'en-US' });
    await open(bot);
    const english = await ask(bot, '3 bedroom homes for sale in Harborview', 1);
    expect(words(english)).toEqual(ENGLISH);
    await until(() => chips(bot));
    expect(chips(bot)).toEqual({ label: 'Suggested follow-ups', lang: 'en' });
    // An answer in the panel's language costs nothing more: no Spanish words were fetched.
    expect(spanishLoaded()).toBe(false);

    const spanish = await ask(bot, 'casas de 3 recámaras en venta en Harborview', 2);
    expect(spanish.shadowRoot!.querySelector('.bubble')!.getAttribute('lang')).toBe('es');
    await until(() => words(spanish).next === SPANISH.next);
    expect(words(spanish)).toEqual(SPANISH);
    await until(() => chips(bot)?.lang === 'es' && chips(bot)?.label !== 'Suggested follow-ups');
    expect(chips(bot)).toEqual({ label: 'Sugerencias para continuar', lang: 'es' });
    expect(spanishLoaded()).toBe(true);
    // The panel's own words stay the panel's language, and so does the English answer above.
    expect(text(inPanel(bot, 'chat-bot-composer')!.shadowRoot!.querySelector('label'))).toBe('Message');
    expect(words(english)).toEqual(ENGLISH);

    // A reload: the stored conversation is drawn again, each answer's cards in its own language.
    unmountAll();
    bot = await mount(serial, { locale: 'en-US' });
    await open(bot);
    await until(() => messages(bot).length === 4 && messages(bot).every((m) => m.message.status === 'done'));
    const [, before, , after] = messages(bot) as [ChatBotMessage, ChatBotMessage, ChatBotMessage, ChatBotMessage];
    await until(() => cardsOf(after)?.querySelector('.card') && words(after).next === SPANISH.next);
    expect(words(after)).toEqual(SPANISH);
    await until(() => cardsOf(before)?.querySelector('.card'));
    expect(words(before)).toEqual(ENGLISH);
    await until(() => chips(bot)?.label === 'Sugerencias para continuar');
    expect(chips(bot)).toEqual({ label: 'Sugerencias para continuar', lang: 'es' });
  });

  it('are English for an English answer in a Spanish panel', async () => {
    const bot = await mount(await harborview(), { locale: 'es' });
    await open(bot);
    const answer = await ask(bot, '3 bedroom homes for sale in Harborview', 1);
    await until(() => words(answer).next === ENGLISH.next);
    expect(words(answer)).toEqual(ENGLISH);
    await until(() => chips(bot)?.label === 'Suggested follow-ups');
    expect(chips(bot)).toEqual({ label: 'Suggested follow-ups', lang: 'en' });
    // The panel's own words are Spanish.
    expect(text(inPanel(bot, 'chat-bot-composer')!.shadowRoot!.querySelector('label'))).toBe('Mensaje');
    await expect(bot).to.be.accessible();
  });

  it("are the answer's for its times to visit, its sources and its way to a person too", async () => {
    // The scripted model answers a Spanish question in Spanish: times, a source and a person offered.
    const t = token();
    const start = '2027-03-13T17:00:00Z';
    await script(t, {
      text: [
        'Estos son los horarios para visitar 12 Oak St.',
        slotsBlock([{ listing: 'L1', start, end: '2027-03-13T17:30:00Z' }]),
        sourcesBlock([{ title: 'Visitas' }]),
        handoffBlock({ open: false }),
      ].join('\n\n'),
    });
    const bot = await mount(
      await newChatbot({ Model: 'scripted', timeZone: 'America/Chicago', TalkToHumanEmail: 'agents@harbor.example' }),
      { locale: 'en-US' },
    );
    await open(bot);
    await type(bot, `${t} ¿cuándo puedo visitar la casa?`);
    await answered(bot);
    const answer = messages(bot).at(-1)!;
    const block = (tag: string) => answer.shadowRoot!.querySelector(tag)?.shadowRoot ?? null;
    await until(
      () =>
        block('chat-bot-slots')?.querySelector('[role="group"]')?.getAttribute('aria-label') === 'Horarios de visita',
    );
    expect(text(block('chat-bot-slots')!.querySelector('.date'))).toBe('sábado, 13 de marzo');
    await until(() => block('chat-bot-sources')?.querySelector('nav'));
    expect(block('chat-bot-sources')!.querySelector('nav')!.getAttribute('aria-label')).toBe('Fuentes');
    await until(() => block('chat-bot-handoff')?.querySelector('button'));
    expect(text(block('chat-bot-handoff')!.querySelector('button'))).toBe('Hablar con una persona');
  });
});
