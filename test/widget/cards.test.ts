/**
 * Listing cards: the listings an answer names, from its `listings` block, as cards — one, or a
 * carousel — through the real service (the offline engine, and the scripted model for a block
 * arriving slowly or cut off), with their actions, keyboard, screen-reader words and axe.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cdp, userEvent } from 'vitest/browser';
import { cardsBlock, type Listing, type ListingCreateBody } from '../../src/protocol/index.ts';
import type { ChatBotMessage } from '../../src/widget/elements/chat-bot-message.ts';
import {
  allInPanel,
  answered,
  apiOrigin,
  inPanel,
  messages,
  mount,
  newChatbot,
  open,
  owner,
  script,
  textarea,
  token,
  type,
  unmountAll,
  until,
  harborviewHome,
} from './harness.ts';

afterEach(unmountAll);

const IMAGES = 'img.homes.test';

/** A listing of the chatbot (harness.ts harborviewHome), with a photo on the images' host. */
const home = (serial: string, fields: Partial<ListingCreateBody> & { Address: string; MLSNumber: string }) =>
  harborviewHome(serial, { Images: [`https://${IMAGES}/${fields.MLSNumber}/1.jpg`], ...fields });

/** Three homes of a new chatbot: a house with a 3D tour, a studio to rent in euros and m², a house without a price whose photo is elsewhere. */
async function harborview(settings: Parameters<typeof newChatbot>[0] = {}): Promise<string> {
  const serial = await newChatbot({ Name: 'Harbor Homes', ...settings });
  const client = owner();
  await client.realEstateCreate(home(serial, { Address: '12 Oak St', MLSNumber: 'HV100', Tours: '3D' }));
  await client.realEstateCreate(
    home(serial, {
      Address: '3 Pier Rd',
      MLSNumber: 'HV200',
      SaleType: 'for_rent',
      CurrencySymbol: '€',
      SalePrice: null,
      RentPrice: 2200,
      Bedrooms: 0,
      Bathrooms: 1.5,
      BuildingArea: 80,
      AreaUnit: 'Square Meters',
      PropertyType: 'Apartment',
      Tours: 'OpenHouse',
    }),
  );
  await client.realEstateCreate(
    home(serial, {
      Address: '7 Elm Ave',
      MLSNumber: 'HV300',
      SalePrice: null,
      Bedrooms: 1,
      Bathrooms: 1,
      Images: ['https://photos.elsewhere.test/7-elm.jpg'],
    }),
  );
  return serial;
}

const cardsIn = (m: ChatBotMessage) => m.shadowRoot!.querySelector('chat-bot-listings');
const cardList = (m: ChatBotMessage) => [
  ...(cardsIn(m)?.shadowRoot?.querySelectorAll<HTMLElement>('.card[role="group"]') ?? []),
];
const cardOf = (m: ChatBotMessage, address: string) =>
  cardList(m).find((c) => c.querySelector('h3')!.textContent!.includes(address))!;
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

async function ask(bot: Awaited<ReturnType<typeof mount>>, question: string, count: number): Promise<ChatBotMessage> {
  await type(bot, question);
  await answered(bot, count);
  const answer = messages(bot).at(-1)!;
  await until(() => cardList(answer).length > 0);
  return answer;
}

describe('cards from an answer', () => {
  it("show photos from the service's own origin with no image-hosts set — the tag as pasted — and none from another host, or another port of its host", async () => {
    const serial = await newChatbot({ Name: 'Harbor Homes' });
    const client = owner();
    const own = `${apiOrigin()}/photos/HV400.jpg`;
    await client.realEstateCreate(home(serial, { Address: '4 Bay St', MLSNumber: 'HV400', Images: [own] }));
    await client.realEstateCreate(
      home(serial, { Address: '5 Bay St', MLSNumber: 'HV500', Images: ['https://photos.elsewhere.test/5-bay.jpg'] }),
    );
    // The service's host, another port: another server, not the service.
    const otherPort = new URL(apiOrigin());
    otherPort.port = String(Number(otherPort.port) === 1 ? 2 : 1);
    await client.realEstateCreate(
      home(serial, { Address: '6 Bay St', MLSNumber: 'HV600', Images: [`${otherPort.origin}/photos/HV600.jpg`] }),
    );
    const bot = await mount(serial);
    expect(bot.hasAttribute('image-hosts')).toBe(false);
    await open(bot);
    const answer = await ask(bot, 'What homes do you have in Harborview?', 1);
    await until(() => cardList(answer).length === 3);
    expect(cardOf(answer, '4 Bay St').querySelector('img')?.src).toBe(own);
    for (const elsewhere of ['5 Bay St', '6 Bay St']) {
      expect(cardOf(answer, elsewhere).querySelector('img')).toBeNull();
      expect(cardOf(answer, elsewhere).querySelector('.photo')).not.toBeNull();
    }
  });

  it('show each listing named — photo, price, rooms, area, address, badges and link — as a carousel', async () => {
    const bot = await mount(await harborview(), { 'image-hosts': IMAGES });
    await open(bot);
    const answer = await ask(bot, 'What homes do you have in Harborview?', 1);
    await until(() => cardList(answer).length === 3);
    const carousel = cardsIn(answer)!.shadowRoot!.querySelector('.carousel')!;
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(carousel.getAttribute('aria-label')).toBe('3 homes');

    const oak = cardOf(answer, '12 Oak St');
    expect(oak.getAttribute('role')).toBe('group');
    expect(oak.getAttribute('aria-roledescription')).toBe('slide');
    expect(oak.getAttribute('aria-label')).toMatch(/^[123] of 3: 12 Oak St, Harborview, WA 98101$/);
    expect(oak.querySelector('img')!.src).toBe(`https://${IMAGES}/HV100/1.jpg`);
    expect(oak.querySelector('img')!.alt).toBe('');
    expect(text(oak.querySelector('.price'))).toBe('$489,000');
    expect(text(oak.querySelector('.facts'))).toBe('3 bedrooms · 2 bathrooms · 1,850 sq ft · Single Family');
    expect([...oak.querySelectorAll('.badges li')].map(text)).toEqual(['For sale', 'Active', '3D tour']);
    const link = oak.querySelector('h3 a') as HTMLAnchorElement;
    expect(link.href).toBe('https://homes.test/HV100');
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
    expect(text(link)).toBe('12 Oak St, Harborview, WA 98101 (opens in a new tab)');

    const pier = cardOf(answer, '3 Pier Rd');
    expect(text(pier.querySelector('.price'))).toBe('€2,200/month');
    expect(text(pier.querySelector('.facts'))).toBe('Studio · 1.5 bathrooms · 80 m² · Apartment');
    expect([...pier.querySelectorAll('.badges li')].map(text)).toEqual(['For rent', 'Active', 'Open house']);

    // A price on request; a photo from a host the page does not allow is not loaded.
    const elm = cardOf(answer, '7 Elm Ave');
    expect(text(elm.querySelector('.price'))).toBe('Price on request');
    expect(text(elm.querySelector('.facts'))).toBe('1 bedroom · 1 bathroom · 1,850 sq ft · Single Family');
    expect(elm.querySelector('img')).toBeNull();
    expect(elm.querySelector('.photo')).not.toBeNull();

    // The prose sums them up ("I found 3 homes … The cheapest is …"); no JSON is shown anywhere.
    const shown = answer.shadowRoot!.textContent!;
    expect(shown).toContain('I found 3 homes');
    expect(shown).not.toContain('{"');
    expect(answer.shadowRoot!.querySelector('pre')).toBeNull();
  });

  it('show one listing alone, without carousel controls, for a question about it; axe finds nothing', async () => {
    const bot = await mount(await harborview(), { 'image-hosts': IMAGES });
    await open(bot);
    const answer = await ask(bot, 'Tell me about MLS HV100', 1);
    await expect(bot).to.be.accessible();
    expect(cardList(answer)).toHaveLength(1);
    const root = cardsIn(answer)!.shadowRoot!;
    expect(root.querySelector('.carousel, .controls')).toBeNull();
    expect(root.querySelector('.card')!.getAttribute('role')).toBe('group');
    expect(root.querySelector('.card')!.getAttribute('aria-label')).toBe('12 Oak St, Harborview, WA 98101');
    expect(root.querySelector('.card')!.hasAttribute('aria-roledescription')).toBe(false);
  });

  it('come back from history, in the same order, after the page is reloaded', async () => {
    const serial = await harborview();
    let bot = await mount(serial, { 'image-hosts': IMAGES });
    await open(bot);
    const before = await ask(bot, 'homes in Harborview', 1);
    await until(() => cardList(before).length === 3);
    const order = cardList(before).map((c) => c.getAttribute('aria-label'));
    unmountAll();
    bot = await mount(serial, { 'image-hosts': IMAGES });
    await open(bot);
    const after = await until(() => messages(bot).at(-1));
    await until(() => cardList(after).length === 3);
    expect(cardList(after).map((c) => c.getAttribute('aria-label'))).toEqual(order);
  });
});

describe('the actions of a card', () => {
  it('"Ask about this home" puts a question naming it in the message box, for the visitor to send', async () => {
    const bot = await mount(await harborview(), { 'image-hosts': IMAGES });
    await open(bot);
    const answer = await ask(bot, 'homes in Harborview', 1);
    const ask1 = [...cardOf(answer, '12 Oak St').querySelectorAll('button')].find(
      (b) => b.textContent === 'Ask about this home',
    )!;
    ask1.click();
    await until(() => textarea(bot).value !== '');
    expect(textarea(bot).value).toBe('Tell me more about 12 Oak St, Harborview, WA 98101 (MLS HV100).');
    expect(inPanel(bot, 'chat-bot-composer')!.shadowRoot!.activeElement).toBe(textarea(bot));
    expect(messages(bot)).toHaveLength(2); // nothing was sent
    await userEvent.keyboard('{Enter}');
    await answered(bot, 2);
    const details = messages(bot).at(-1)!;
    expect(details.message.text).toContain('MLS HV100');
    await until(() => cardList(details).length === 1);
  });

  it('"Talk to a person" opens the form about that listing, and the lead names it', async () => {
    const serial = await harborview({ TalkToHumanEmail: 'agents@harbor.example' });
    const bot = await mount(serial, { 'image-hosts': IMAGES });
    await open(bot);
    const answer = await ask(bot, 'homes in Harborview', 1);
    const talk = [...cardOf(answer, '3 Pier Rd').querySelectorAll('button')].find(
      (b) => b.textContent === 'Talk to a person',
    )!;
    talk.click();
    const form = await until(() => inPanel(bot, 'chat-bot-handoff')?.shadowRoot?.querySelector('form'));
    const about =
      'About this home: 3 Pier Rd, Harborview, WA 98101 — €2,200/month (MLS HV200) https://homes.test/HV200';
    expect(text(form.querySelector('.about'))).toBe(about);
    (form.querySelector('[name="email"]') as HTMLInputElement).value = 'ana@example.com';
    (form.querySelector('[name="message"]') as HTMLTextAreaElement).value = 'Can I see it on Saturday?';
    form.requestSubmit();
    await until(() => inPanel(bot, 'chat-bot-handoff') === null);
    const { Items } = await owner().leadList({ SerialNumber: serial });
    expect(Items[0]!.Email).toBe('ana@example.com');
    expect(Items[0]!.Message).toBe(`Can I see it on Saturday?\n\n${about}`);
  });

  it('offer no "Talk to a person" when the chatbot has no one to reach', async () => {
    const bot = await mount(await harborview(), { 'image-hosts': IMAGES });
    await open(bot);
    const answer = await ask(bot, 'homes in Harborview', 1);
    for (const card of cardList(answer))
      expect([...card.querySelectorAll('button')].map(text)).toEqual(['Ask about this home']);
  });
});

describe('the carousel by keyboard and screen reader', () => {
  it('moves with Previous and Next, says where it is, and follows Tab from card to card', async () => {
    const bot = await mount(await harborview({ TalkToHumanEmail: 'agents@harbor.example' }), { 'image-hosts': IMAGES });
    await open(bot);
    const answer = await ask(bot, 'homes in Harborview', 1);
    await until(() => cardList(answer).length === 3);
    const root = cardsIn(answer)!.shadowRoot!;
    const [previous, next] = [...root.querySelectorAll<HTMLButtonElement>('.controls button')];
    const where = () => text(root.querySelector('.controls span'));
    const live = () => text(root.querySelector('[aria-live="polite"]'));
    expect(previous!.getAttribute('aria-label')).toBe('Previous home');
    expect(next!.getAttribute('aria-label')).toBe('Next home');
    expect(where()).toBe('1 of 3');
    expect(previous!.getAttribute('aria-disabled')).toBe('true');

    // Previous at the start does nothing; Next by Enter and by Space.
    previous!.focus();
    await userEvent.keyboard('{Enter}');
    expect(where()).toBe('1 of 3');
    next!.focus();
    const track = root.querySelector('.track')!;
    const rested = new Promise((resolve) => track.addEventListener('scrollend', resolve, { once: true }));
    await userEvent.keyboard('{Enter}');
    await until(() => where() === '2 of 3');
    const second = cardList(answer)[1]!;
    expect(live()).toBe(
      `2 of 3: ${second.getAttribute('aria-label')!.replace(/^2 of 3: /, '')}, ${text(second.querySelector('.price'))}`,
    );
    // The second card is the one at the start of the track, and the scroll there has ended.
    await rested;
    expect(Math.abs(second.getBoundingClientRect().left - track.getBoundingClientRect().left)).toBeLessThan(8);
    // The count goes straight to the card asked for: the cards the smooth scroll passes are not counted.
    const seen: string[] = [];
    const ended = new Promise((resolve) => track.addEventListener('scrollend', resolve, { once: true }));
    let watching = true;
    const watch = () => {
      seen.push(where());
      if (watching) requestAnimationFrame(watch);
    };
    await userEvent.keyboard(' ');
    watch();
    await ended;
    watching = false;
    expect(new Set(seen)).toEqual(new Set(['3 of 3']));
    expect(where()).toBe('3 of 3');
    expect(next!.getAttribute('aria-disabled')).toBe('true');
    await userEvent.keyboard('{Enter}');
    expect(where()).toBe('3 of 3');
    expect(root.activeElement).toBe(next); // focus stays on the button at the end

    // Tab walks the first card's link and actions, then into the second card.
    (cardList(answer)[0]!.querySelector('h3 a') as HTMLElement).focus();
    await until(() => where() === '1 of 3');
    await userEvent.tab(); // Ask about this home
    await userEvent.tab(); // Talk to a person
    expect(text(root.activeElement)).toBe('Talk to a person');
    await userEvent.tab();
    expect(root.activeElement).toBe(cardList(answer)[1]!.querySelector('h3 a'));
    await until(() => where() === '2 of 3');
  });

  it('counts forward only when Next is pressed again while the carousel still moves', async () => {
    const bot = await mount(await harborview(), { 'image-hosts': IMAGES });
    await open(bot);
    const answer = await ask(bot, 'homes in Harborview', 1);
    await until(() => cardList(answer).length === 3);
    const root = cardsIn(answer)!.shadowRoot!;
    const next = root.querySelectorAll<HTMLButtonElement>('.controls button')[1]!;
    const where = () => text(root.querySelector('.controls span'));
    const track = root.querySelector('.track')!;
    const second = cardList(answer)[1]!;
    // Each sample of the count, every frame, until the track has rested at its end for a while.
    const seen: string[] = [];
    let watching = true;
    const watch = () => {
      if (seen.at(-1) !== where()) seen.push(where());
      if (watching) requestAnimationFrame(watch);
    };
    watch();
    next.focus();
    await userEvent.keyboard('{Enter}');
    // The second press lands as the first scroll reaches the second card — and that scroll's end is
    // reported after it, as Chromium does on a busy machine (seen in CI): the count must not go back.
    await until(() => Math.abs(second.getBoundingClientRect().left - track.getBoundingClientRect().left) < 8);
    await userEvent.keyboard('{Enter}');
    track.dispatchEvent(new Event('scrollend'));
    await until(() => track.scrollLeft >= track.scrollWidth - track.clientWidth - 1);
    await new Promise((r) => setTimeout(r, 500));
    watching = false;
    expect(seen).toEqual(['1 of 3', '2 of 3', '3 of 3']);
  });

  it('is announced once, as the prose, when the answer is complete, and passes axe', async () => {
    const bot = await mount(await harborview({ TalkToHumanEmail: 'agents@harbor.example' }), { 'image-hosts': IMAGES });
    await open(bot);
    await ask(bot, 'homes in Harborview', 1);
    const status = await until(() =>
      inPanel(bot, '[role="status"]')?.textContent ? inPanel(bot, '[role="status"]') : null,
    );
    expect(status.textContent).toContain('12 Oak St');
    expect(status.textContent).not.toContain('{"');
    await expect(bot).to.be.accessible();
  });
});

/** A listings block as a model would stream it: the prose, then cards cut mid-line. */
function scripted(listings: Listing[]) {
  const block = cardsBlock(listings);
  const [open, ...lines] = block.split('\n');
  const chunks = ['We have three homes for you:', `\n\n${open}\n`];
  for (const line of lines.slice(0, -1)) chunks.push(line.slice(0, 60), `${line.slice(60)}\n`);
  chunks.push(lines.at(-1)!);
  return { text: chunks.join(''), chunks };
}

const modelListings = (t: string): Listing[] =>
  [1, 2, 3].map(
    (i) =>
      ({
        Id: `${t}-${i}`,
        Url: `https://homes.test/${t}/${i}`,
        MLSNumber: `M${i}`,
        SaleType: 'for_sale',
        Status: 'Active',
        PropertyType: 'Condo',
        CurrencySymbol: '$',
        SalePrice: 300_000 + i,
        RentPrice: null,
        Bedrooms: i,
        Bathrooms: 1,
        BuildingArea: 900,
        AreaUnit: 'Square Feet',
        Address: `${i} Harbor Way`,
        City: 'Harborview',
        State: 'WA',
        ZIP: '98101',
        Tours: '',
        Images: [`https://${IMAGES}/${t}/${i}.jpg`],
      }) as unknown as Listing,
  );

describe('a block still arriving', () => {
  it('shows each card as its line completes, a placeholder for the next, never raw JSON, and makes nothing twice', async () => {
    const t = token();
    const { text: answerText, chunks } = scripted(modelListings(t));
    await script(t, { text: answerText, chunks, delayMs: 250 });
    const bot = await mount(await newChatbot({ Model: 'scripted' }), { 'image-hosts': IMAGES });
    await open(bot);
    await type(bot, `${t} homes?`);
    const answer = await until(() => messages(bot).at(-1)?.message.role === 'assistant' && messages(bot).at(-1));
    // Watch every frame until the answer is done.
    const seen = new Set<string>();
    const elements = new Set<Element>();
    const photos = new Map<string, Set<Element>>();
    let json = false;
    await new Promise<void>((resolve) => {
      const frame = () => {
        const el = cardsIn(answer);
        if (el) {
          elements.add(el);
          const cards = cardList(answer);
          seen.add(`${cards.length}${el.shadowRoot?.querySelector('.skeleton') ? '+' : ''}`);
          for (const img of el.shadowRoot?.querySelectorAll('img') ?? [])
            (photos.get(img.src) ?? photos.set(img.src, new Set()).get(img.src)!).add(img);
          if (el.shadowRoot?.querySelector('pre')) json = true;
        }
        if (/\{"/.test(answer.shadowRoot!.textContent ?? '')) json = true;
        if (answer.message.status === 'streaming') requestAnimationFrame(frame);
        else resolve();
      };
      frame();
    });
    await until(() => cardList(answer).length === 3 && !cardsIn(answer)!.shadowRoot!.querySelector('.skeleton'));
    expect([...seen]).toEqual(expect.arrayContaining(['0+', '1+', '2+']));
    expect(seen.has('3') || cardList(answer).length === 3).toBe(true);
    expect(json).toBe(false);
    expect(elements.size).toBe(1); // one element from the block's first line to its last
    expect(photos.size).toBe(3);
    for (const made of photos.values()) expect(made.size).toBe(1); // each photo made once
  });

  it('keeps the cards that arrived when the visitor stops the answer mid-card', async () => {
    const t = token();
    const { chunks } = scripted(modelListings(t));
    // Held after the first card and half of the second.
    const held = chunks.slice(0, 5);
    await script(t, { text: chunks.join(''), chunks, holdAfter: held.length });
    const bot = await mount(await newChatbot({ Model: 'scripted' }), { 'image-hosts': IMAGES });
    await open(bot);
    await type(bot, `${t} homes?`);
    const answer = await until(() => messages(bot).at(-1)?.message.role === 'assistant' && messages(bot).at(-1));
    await until(() => cardList(answer).length === 1 && cardsIn(answer)!.shadowRoot!.querySelector('.skeleton'));
    // Reduced motion: the placeholder does not shimmer.
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
    try {
      expect(getComputedStyle(cardsIn(answer)!.shadowRoot!.querySelector('.skeleton')!).animationName).toBe('none');
    } finally {
      await cdp().send('Emulation.setEmulatedMedia', { features: [] });
    }
    inPanel(bot, 'chat-bot-composer')!.shadowRoot!.querySelector<HTMLButtonElement>('.stop')!.click();
    await until(() => answer.message.status === 'stopped');
    await until(() => !cardsIn(answer)!.shadowRoot!.querySelector('.skeleton'));
    expect(cardList(answer)).toHaveLength(1);
    expect(cardsIn(answer)!.shadowRoot!.querySelector('pre')).toBeNull();
  });
});

describe('a block that is not cards', () => {
  it('is shown as the code it is; a card with a script link or a foreign photo shows neither', async () => {
    const t = token();
    const hostile = {
      Id: 'x',
      Url: 'javascript:alert(1)',
      MLSNumber: '<img src=x onerror=alert(1)>',
      Address: '<b>1 Bold St</b>',
      Images: ['https://evil.test/pixel.gif'],
      SaleType: 'for_sale',
      Status: 'Active',
      CurrencySymbol: '$',
      SalePrice: 1,
    };
    const reply = `Here:\n\n\`\`\`listings\nnot a card\n\`\`\`\n\nAnd:\n\n\`\`\`listings\n${JSON.stringify(hostile)}\n\`\`\``;
    await script(t, { text: reply });
    const bot = await mount(await newChatbot({ Model: 'scripted' }), { 'image-hosts': IMAGES });
    await open(bot);
    await type(bot, `${t} anything`);
    await answered(bot);
    const answer = messages(bot).at(-1)!;
    const [code, card] = [...answer.shadowRoot!.querySelectorAll('chat-bot-listings')];
    await until(() => code!.shadowRoot?.querySelector('pre') && card!.shadowRoot?.querySelector('.card'));
    expect(code!.shadowRoot!.querySelector('pre')!.textContent).toBe('not a card');
    const article = card!.shadowRoot!.querySelector('.card')!;
    expect(article.querySelector('a')).toBeNull();
    expect(article.querySelector('img')).toBeNull();
    expect(text(article.querySelector('h3'))).toBe('<b>1 Bold St</b>');
    expect(article.querySelector('b')).toBeNull();
    expect(allInPanel(bot, 'img')).toHaveLength(0);
  });
});
