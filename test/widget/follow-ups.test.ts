/**
 * Follow-up chips: the `suggestions` block an answer ends with (src/protocol/answer.ts) is never
 * shown as code — streaming, finished or from history — and becomes chips under the last finished
 * answer that send their text as the visitor's message. Through the real service: the offline
 * engine for whole conversations, the scripted model for a block arriving in pieces or cut off.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import type { ChatBot } from '../../src/widget/elements/chat-bot.ts';
import type { ChatBotMessage } from '../../src/widget/elements/chat-bot-message.ts';
import type { ChatBotPanel } from '../../src/widget/elements/chat-bot-panel.ts';
import { answerFences } from '../../src/widget/cards.ts';
import { MarkdownView } from '../../src/widget/markdown/index.ts';
import type { ListingCreateBody } from '../../src/protocol/index.ts';
import {
  allInPanel,
  answered,
  bubbleText,
  inPanel,
  messages,
  mount,
  newChatbot,
  open,
  owner,
  panel,
  part,
  script,
  stored,
  streaming,
  textarea,
  token,
  type,
  unmountAll,
  until,
} from './harness.ts';

afterEach(unmountAll);

type Home = Partial<ListingCreateBody> & Pick<ListingCreateBody, 'Address' | 'MLSNumber' | 'City' | 'State' | 'ZIP'>;

/**
 * A chatbot with three rentals and a condo for sale in Denver, and two rentals in Austin. The
 * offline engine answers "rentals in Denver" with the three rentals, then suggests
 * "Tell me about the first one" and "Show homes for sale instead" (no other city: the visitor asked
 * about none — the engine never picks one).
 */
async function frontRange(settings: Parameters<typeof newChatbot>[0] = {}): Promise<string> {
  const serial = await newChatbot({ Name: 'Front Range Homes', ...settings });
  const homes: Home[] = [
    {
      Address: '310 Colfax Ave',
      MLSNumber: 'D1',
      City: 'Denver',
      State: 'CO',
      ZIP: '80203',
      RentPrice: 1650,
      Bedrooms: 1,
    },
    {
      Address: '22 Blake St',
      MLSNumber: 'D2',
      City: 'Denver',
      State: 'CO',
      ZIP: '80205',
      RentPrice: 1900,
      Bedrooms: 2,
    },
    { Address: '7 Pine Pl', MLSNumber: 'D3', City: 'Denver', State: 'CO', ZIP: '80210', RentPrice: 3100, Bedrooms: 3 },
    {
      Address: '1500 Larimer St',
      MLSNumber: 'D4',
      City: 'Denver',
      State: 'CO',
      ZIP: '80202',
      SaleType: 'for_sale',
      RentPrice: null,
      SalePrice: 615_000,
      Bedrooms: 2,
    },
    {
      Address: '410 Riverside Dr',
      MLSNumber: 'A1',
      City: 'Austin',
      State: 'TX',
      ZIP: '78704',
      RentPrice: 1850,
      Bedrooms: 1,
    },
    {
      Address: '23 Cedar St',
      MLSNumber: 'A2',
      City: 'Austin',
      State: 'TX',
      ZIP: '78702',
      RentPrice: 2600,
      Bedrooms: 3,
    },
  ];
  for (const home of homes)
    await owner().realEstateCreate({
      SerialNumber: serial,
      SaleType: 'for_rent',
      Status: 'Active',
      CurrencySymbol: '$',
      PropertyType: 'Apartment',
      Bedrooms: 1,
      Bathrooms: 1,
      Url: `https://homes.test/${home.MLSNumber}`,
      YearBuilt: 2004,
      DaysOnMarket: 5,
      LotArea: 0,
      BuildingArea: 800,
      AreaUnit: 'Square Feet',
      ParkingSpots: 1,
      Images: [],
      SalePrice: null,
      ...home,
    });
  return serial;
}

const DENVER_CHIPS = ['Tell me about the first one', 'Show homes for sale instead'];

/** The groups of follow-up chips, found by their name as a screen reader finds them. */
const groups = (bot: ChatBot, name = 'Suggested follow-ups') => allInPanel(bot, `[role="group"][aria-label="${name}"]`);
const chips = (bot: ChatBot, name?: string) => groups(bot, name).flatMap((g) => [...g.querySelectorAll('button')]);
const chipTexts = (bot: ChatBot) => chips(bot).map((c) => c.textContent);
const chip = (bot: ChatBot, text: string) => chips(bot).find((c) => c.textContent === text)!;
const cardLabels = (m: ChatBotMessage) =>
  [
    ...(m.shadowRoot!.querySelector('chat-bot-listings')?.shadowRoot?.querySelectorAll('.card[role="group"]') ?? []),
  ].map((c) => c.getAttribute('aria-label') ?? '');

/** What of the data block an answer shows: a code block, a fence or a JSON-quoted line would be one. */
function blockShown(m: ChatBotMessage): string | null {
  const root = m.shadowRoot!;
  if (root.querySelector('pre, code')) return root.querySelector('pre, code')!.outerHTML;
  const text = root.textContent ?? '';
  return /```|suggestions|"\w/.test(text) ? text : null;
}

/**
 * Watches every frame until the `nth` answer (the one asked for last) is finished: whether its
 * block was ever shown, and whether chips were ever on screen meanwhile.
 */
async function watch(
  bot: ChatBot,
  nth: number,
): Promise<{ answer: ChatBotMessage; shown: string[]; chipsWhileStreaming: boolean }> {
  const answer = await until(() => messages(bot).filter((m) => m.message.role === 'assistant')[nth - 1]);
  const shown: string[] = [];
  let chipsWhileStreaming = false;
  await new Promise<void>((resolve) => {
    const frame = () => {
      const seen = blockShown(answer);
      if (seen) shown.push(seen);
      if (answer.message.status !== 'streaming') return resolve();
      if (groups(bot).length) chipsWhileStreaming = true;
      requestAnimationFrame(frame);
    };
    frame();
  });
  return { answer, shown, chipsWhileStreaming };
}

async function ask(bot: ChatBot, question: string, count: number): Promise<ChatBotMessage> {
  await type(bot, question);
  await answered(bot, count);
  return messages(bot).at(-1)!;
}

describe('chips under the last answer', () => {
  it('show its follow-ups once it is finished, under it; its suggestions block is never shown, streaming or finished', async () => {
    const bot = await mount(await frontRange());
    await open(bot);
    await type(bot, 'rentals in Denver');
    const { answer, shown, chipsWhileStreaming } = await watch(bot, 1);
    expect(shown).toEqual([]);
    expect(chipsWhileStreaming).toBe(false);

    await until(() => chips(bot).length === 2);
    expect(chipTexts(bot)).toEqual(DENVER_CHIPS);
    for (const c of chips(bot)) expect(c.type).toBe('button');
    // Under the answer: after it in the page, and below it on screen.
    const [group] = groups(bot);
    expect(answer.compareDocumentPosition(group!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(group!.getBoundingClientRect().top).toBeGreaterThanOrEqual(answer.getBoundingClientRect().bottom - 1);
    // The answer shows its prose and cards, and nothing of the block.
    expect(blockShown(answer)).toBeNull();
    expect(bubbleText(answer)).toMatch(/^I found 3 homes for rent in Denver/);
    await until(() => cardLabels(answer).length === 3);
  });

  it('send a chip’s text as the visitor’s message on click; the old chips go, the new answer brings its own', async () => {
    const serial = await frontRange();
    const bot = await mount(serial);
    const sent: string[] = [];
    bot.addEventListener('chat-bot-send', (e) => sent.push(e.text));
    await open(bot);
    await ask(bot, 'rentals in Denver', 1);
    await until(() => chips(bot).length === 2);

    chip(bot, 'Show homes for sale instead').click();
    await until(() => messages(bot).length === 4);
    expect(messages(bot)[2]!.message.role).toBe('user');
    expect(bubbleText(messages(bot)[2]!)).toBe('Show homes for sale instead');
    expect(sent).toEqual(['rentals in Denver', 'Show homes for sale instead']);
    const { answer, shown, chipsWhileStreaming } = await watch(bot, 2);
    expect(shown).toEqual([]);
    expect(chipsWhileStreaming).toBe(false);

    await until(() => chips(bot).length === 2);
    expect(chipTexts(bot)).toEqual(['Show similar homes', 'Anything cheaper?']);
    expect(groups(bot)).toHaveLength(1);
    expect(answer.compareDocumentPosition(groups(bot)[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The earlier answer shows no chips and no block either.
    expect(blockShown(messages(bot)[1]!)).toBeNull();
    // The service got the chip's text as the question, as if typed.
    const questions = (await stored(serial)).filter((m) => m.role === 'question').map((m) => m.content);
    expect(questions).toEqual(['rentals in Denver', 'Show homes for sale instead']);
  });

  it('are not offered for an answer that was stopped, nor while an answer streams', async () => {
    const t = token();
    const chunks = [
      'Two homes match.',
      '\n\n```suggestions\n',
      '"Only 2+ bedrooms"\n',
      '"Book a viewing"\n```',
      '\n\nAnd more words.',
    ];
    await script(t, { text: chunks.join(''), chunks, holdAfter: 4 });
    const bot = await mount(await newChatbot({ Model: 'scripted' }));
    await open(bot);
    await type(bot, `${t} homes?`);
    // The whole block has arrived, the answer is still streaming: no chips yet.
    const answer = await until(() => streaming(bot));
    await until(() => answer.message.text.endsWith('```'));
    await answer.updateComplete;
    expect(groups(bot)).toEqual([]);
    expect(blockShown(answer)).toBeNull();
    inPanel(bot, 'chat-bot-composer')!.shadowRoot!.querySelector<HTMLButtonElement>('.stop')!.click();
    await until(() => answer.message.status === 'stopped');
    await part<ChatBotPanel>(bot, 'chat-bot-panel')!.updateComplete;
    expect(groups(bot)).toEqual([]);
    expect(bubbleText(answer)).toBe('Two homes match.');
  });
});

describe('a suggestions block arriving in pieces', () => {
  it('never flashes as code, not even while its opening line is half written', async () => {
    const t = token();
    const chunks = [
      'Two homes ',
      'match.\n\n',
      '``',
      '`sugg',
      'estions',
      '\n"Only 2+ ',
      'bedrooms"\n"Book',
      ' a viewing"\n`',
      '``',
    ];
    await script(t, { text: chunks.join(''), chunks, delayMs: 120 });
    const bot = await mount(await newChatbot({ Model: 'scripted' }));
    await open(bot);
    await type(bot, `${t} homes?`);
    const { answer, shown, chipsWhileStreaming } = await watch(bot, 1);
    expect(shown).toEqual([]);
    expect(chipsWhileStreaming).toBe(false);
    expect(bubbleText(answer)).toBe('Two homes match.');
    await until(() => chips(bot).length === 2);
    expect(chipTexts(bot)).toEqual(['Only 2+ bedrooms', 'Book a viewing']);
  });

  it('renders no code block at any cut of the text, and none when the answer ends mid-block (the renderer alone)', () => {
    const text =
      'Two homes match.\n\n```listings\n{"x":1}\n```\n\n```suggestions\n"Only 2+ bedrooms"\n"Book a viewing"\n```';
    const start = text.indexOf('```suggestions');
    for (let at = start; at <= text.length; at++) {
      const view = new MarkdownView({ imageHosts: [], fences: answerFences });
      // Streamed up to `at` (rendered as it would be mid-stream), then cut there (a stopped answer ends).
      view.append(text.slice(0, at));
      view.flush();
      expect(view.root.querySelector('pre, code'), `streamed to ${JSON.stringify(text.slice(start, at))}`).toBeNull();
      expect(view.root.textContent).toBe('Two homes match.');
      if (at >= start + '```suggestions'.length) {
        view.end();
        expect(view.root.querySelector('pre, code'), `ended at ${JSON.stringify(text.slice(start, at))}`).toBeNull();
        expect(view.root.textContent).toBe('Two homes match.');
      }
    }
  });
});

describe('a follow-up typed by the visitor', () => {
  it('carries the search over: "what about Austin?" after rentals in Denver shows rentals in Austin', async () => {
    const bot = await mount(await frontRange());
    await open(bot);
    const denver = await ask(bot, 'rentals in Denver', 1);
    await until(() => cardLabels(denver).length === 3);
    const austin = await ask(bot, 'what about Austin?', 2);
    await until(() => cardLabels(austin).length === 2);
    expect(cardLabels(austin).map((l) => l.replace(/^\d of \d: /, ''))).toEqual([
      '410 Riverside Dr, Austin, TX 78704',
      '23 Cedar St, Austin, TX 78702',
    ]);
    const badges = [
      ...austin
        .shadowRoot!.querySelector('chat-bot-listings')!
        .shadowRoot!.querySelectorAll('.card[role="group"] .badges li:first-child'),
    ].map((b) => b.textContent);
    expect(badges).toEqual(['For rent', 'For rent']);
    expect(bubbleText(austin)).toMatch(/^I found 2 homes for rent in Austin/);
  });
});

describe('the chips by keyboard', () => {
  it('are reached by Tab after the answer and sent by Enter, with a visible focus ring; Shift+Tab from the message box and Space too', async () => {
    const bot = await mount(await frontRange());
    await open(bot);
    const answer = await ask(bot, 'rentals in Denver', 1);
    await until(() => chips(bot).length === 2);
    const root = panel(bot)!.shadowRoot!;

    // From the answer's last control (its thumbs down), Tab goes to the first chip.
    answer.shadowRoot!.querySelector<HTMLButtonElement>('button[aria-label="Not helpful"]')!.focus();
    await userEvent.tab();
    expect(root.activeElement).toBe(chip(bot, 'Tell me about the first one'));
    expect(root.activeElement!.matches(':focus-visible')).toBe(true);
    const ring = getComputedStyle(root.activeElement!);
    expect(ring.outlineStyle).toBe('solid');
    expect(parseFloat(ring.outlineWidth)).toBeGreaterThanOrEqual(2);
    await userEvent.keyboard('{Enter}');
    await until(() => messages(bot).length === 4);
    expect(bubbleText(messages(bot)[2]!)).toBe('Tell me about the first one');
    // The chip went with the send: the keyboard carries on in the message box.
    await until(() => composerFocused(bot));
    await answered(bot, 2);
    await until(() => chips(bot).length > 0);
    expect(chipTexts(bot)).not.toEqual(DENVER_CHIPS);

    // Back from the message box: Shift+Tab reaches the last chip — after "New messages", between
    // them, when the answer goes on below the view; Space sends it.
    textarea(bot).focus();
    const last = chips(bot).at(-1)!;
    await userEvent.tab({ shift: true });
    const more = root.querySelector('.more button');
    if (more) {
      expect(root.activeElement).toBe(more);
      await userEvent.tab({ shift: true });
    }
    expect(root.activeElement).toBe(last);
    await userEvent.keyboard(' ');
    await until(() => messages(bot).length === 6);
    expect(bubbleText(messages(bot)[4]!)).toBe(last.textContent);
    await answered(bot, 3);
  });
});

const composerFocused = (bot: ChatBot) =>
  inPanel(bot, 'chat-bot-composer')!.shadowRoot!.activeElement === textarea(bot);

describe('chips after a reload', () => {
  it('come back for the last answer only, from the stored conversation, with no block shown in any answer', async () => {
    const serial = await frontRange();
    let bot = await mount(serial);
    await open(bot);
    await ask(bot, 'rentals in Denver', 1);
    await until(() => chips(bot).length === 2);
    chip(bot, 'Show homes for sale instead').click();
    await answered(bot, 2);
    await until(() => chips(bot).length === 2);
    const before = chipTexts(bot);

    unmountAll();
    bot = await mount(serial);
    await open(bot);
    await until(() => messages(bot).length === 4 && chips(bot).length > 0);
    expect(chipTexts(bot)).toEqual(before);
    expect(groups(bot)).toHaveLength(1);
    expect(messages(bot)[3]!.compareDocumentPosition(groups(bot)[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    for (const m of messages(bot)) expect(blockShown(m)).toBeNull();
    // Sent from history as from a fresh answer.
    chip(bot, 'Show similar homes').click();
    await answered(bot, 3);
    expect(bubbleText(messages(bot)[4]!)).toBe('Show similar homes');
  });
});

describe('accessibility of the chips', () => {
  it('axe finds nothing with chips shown; they are a group named in the visitor’s language, and do not move under reduced motion', async () => {
    const bot = await mount(await frontRange(), { locale: 'de' });
    await open(bot);
    await ask(bot, 'Wohnungen zur Miete in Denver', 1);
    await until(() => groups(bot, 'Vorgeschlagene Folgefragen').length === 1);
    await expect(bot).to.be.accessible();
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
    try {
      const c = chips(bot, 'Vorgeschlagene Folgefragen')[0]!;
      expect(getComputedStyle(c).animationName).toBe('none');
      expect(getComputedStyle(c).transitionDuration).toBe('0s');
    } finally {
      await cdp().send('Emulation.setEmulatedMedia', { features: [] });
    }
  });
});
