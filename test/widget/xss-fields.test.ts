/**
 * The XSS corpora where an owner's data reaches a visitor: every text field of a listing, named in
 * an answer by the offline engine and streamed through the real service into the widget (its prose
 * and its listing cards), and every
 * setting the widget shows. Corpora: test/fixtures/xss (short vectors), the script injections of the
 * Big List of Naughty Strings, xss-filters' fuzz seeds. Nothing runs, nothing is requested from a
 * host the chatbot does not allow, and the widget's own structure is all the structure there is.
 *
 * `npm test` takes every string that crosses the wire unlike the others (stressesTransport) and a
 * sample of the rest drawn by XSS_SEED — 40 in listings, 60 in settings; TEST_CORPORA=whole
 * (`npm run soak`) takes all of them, in every place.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListingCreateBody } from '../../src/protocol/index.ts';
import { LIMITS } from '../../src/protocol/index.ts';
import type { ChatBot } from '../../src/widget/elements/chat-bot.ts';
import threatFile from '../fixtures/xss/markdown-vectors.json';
import { corpora, sample, stressesTransport } from '../support/sample.ts';
import { naughtyScripts, xssFilterSeeds } from '../support/xss-corpora.ts';
import { trapScripts } from './traps.ts';
import {
  allInPanel,
  answered,
  inPanel,
  messages,
  mount,
  newChatbot,
  open,
  owner,
  type,
  unmountAll,
  until,
} from './harness.ts';

interface Vector {
  category: string;
  markdown?: string;
}
const corpus = [
  ...new Set([
    ...(threatFile.vectors as Vector[])
      .filter((v) => v.category !== 'dos' && v.markdown && v.markdown.length <= 500)
      .map((v) => v.markdown!),
    ...naughtyScripts,
    ...xssFilterSeeds,
  ]),
];

const { whole, xssSeed } = corpora();
/** The corpus a place of this run takes: all of it, or the strings that stress the wire and `count` more drawn by XSS_SEED. */
function taken(count: number, seed: number): string[] {
  if (whole) return corpus;
  const others = sample(
    corpus.filter((v) => !stressesTransport(v)),
    count,
    seed,
  );
  return corpus.filter((v) => stressesTransport(v) || others.includes(v));
}

/** The first characters of `value` within `max` UTF-16 units, never half a surrogate pair. */
function cut(value: string, max: number): string {
  let out = '';
  for (const ch of value) {
    if (out.length + ch.length > max) break;
    out += ch;
  }
  return out;
}
/** The value cut to a field's limit; never blank (required fields refuse that). */
const fit = (value: string, max: number) => (cut(value, max).trim() ? cut(value, max) : `x${cut(value, max - 1)}`);

const sprung = trapScripts();
const requested: string[] = [];
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) requested.push(entry.name);
});

beforeAll(() => observer.observe({ type: 'resource', buffered: false }));
afterAll(() => observer.disconnect());
afterEach(unmountAll);

/** Every element of the widget, through its shadow roots. */
function elementsOf(root: Element | ShadowRoot): Element[] {
  const out: Element[] = [];
  for (const el of root.querySelectorAll('*')) {
    out.push(el);
    if (el.shadowRoot) out.push(...elementsOf(el.shadowRoot));
  }
  return out;
}

const ACTIVE = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'frame',
  'frameset',
  'base',
  'meta',
  'link',
  'style',
  'template',
  'noscript',
  'math',
]);
const SCHEMES = new Set(['http:', 'https:', 'mailto:', 'tel:']);

/** What in the widget breaks the rules: active elements, handlers, scripted or foreign URLs. */
function breaches(bot: ChatBot): string[] {
  const found: string[] = [];
  for (const el of elementsOf(bot.shadowRoot!)) {
    if (ACTIVE.has(el.localName)) found.push(`<${el.localName}>`);
    if (
      el.closest('svg') &&
      el.localName !== 'svg' &&
      !['path', 'circle', 'rect', 'line', 'polyline', 'polygon', 'g'].includes(el.localName)
    )
      found.push(`<${el.localName}> in an svg`);
    for (const a of el.attributes) {
      if (a.name.startsWith('on')) found.push(`${a.name} on <${el.localName}>`);
      if (a.name === 'style' && /url\(|expression|javascript/i.test(a.value)) found.push(`style "${a.value}"`);
      if ((a.name === 'href' || a.name === 'src' || a.name === 'action' || a.name === 'formaction') && a.value) {
        const url = URL.canParse(a.value, location.href) ? new URL(a.value, location.href) : null;
        if (!url || !SCHEMES.has(url.protocol)) found.push(`${a.name}="${a.value.slice(0, 80)}" on <${el.localName}>`);
        if (el.localName === 'img' && url && url.hostname !== 'img.allowed.test' && url.origin !== location.origin)
          found.push(`an image from ${url.host}`);
      }
    }
  }
  return found;
}

/** Requests the page made to a host that is neither the test page's, the service's nor the allowed image host. */
const foreign = () =>
  requested.filter((u) => {
    const h = new URL(u).hostname;
    return h !== location.hostname && h !== '127.0.0.1' && h !== 'localhost' && h !== 'img.allowed.test';
  });

describe('the XSS corpora in every text field of a listing, and in the settings shown with answers', () => {
  const GROUP = 5;
  const listed = taken(40, xssSeed);
  const groups: string[][] = [];
  for (let i = 0; i < listed.length; i += GROUP) groups.push(listed.slice(i, i + GROUP));

  it('has the corpora', () => {
    expect(corpus.length).toBeGreaterThan(300);
  });

  it.each(groups.map((g, k) => [k, g] as const))(
    'group %i: named in a streamed answer, every listing renders inert; so do the suffix, the refusal and the handoff reply',
    { timeout: 60_000 },
    async (k, group) => {
      const [suffix, refusal, reply] = [group[0]!, group[1 % group.length]!, group[2 % group.length]!];
      const serial = await newChatbot({
        Name: 'Fields',
        AnswerSuffix: fit(suffix, LIMITS.answerSuffixChars),
        RateLimitCount: 1,
        RateLimitTime: 3600,
        RateLimitMessage: refusal,
        TalkToHumanEmail: 'agents@fields.example',
        TalkToHumanResponseMessage: reply,
      });
      const client = owner();
      for (const [i, v] of group.entries()) {
        const listing: ListingCreateBody = {
          SerialNumber: serial,
          SaleType: 'for_sale',
          Status: 'Active',
          CurrencySymbol: fit(v, 10),
          PropertyType: fit(v, 100),
          Bedrooms: 3,
          Bathrooms: 2,
          Url: `https://homes.test/${k}/${i}?v=${encodeURIComponent(v).slice(0, 1500)}`,
          MLSNumber: fit(`${i}${v}`, 64),
          YearBuilt: 2001,
          DaysOnMarket: 3,
          LotArea: 5000,
          BuildingArea: 1500,
          AreaUnit: 'Square Feet',
          ParkingSpots: 1,
          Images: [`https://img.allowed.test/${k}/${i}.png?v=${encodeURIComponent(v).slice(0, 1500)}`],
          Description: v,
          ExtensionColumn: [{ Key: fit(v, LIMITS.extensionKeyChars), value: v }],
          Location: fit(v, LIMITS.listingTextChars),
          Address: fit(`${100 + i} ${v}`, LIMITS.listingTextChars),
          City: fit(v, LIMITS.listingTextChars),
          State: fit(v, LIMITS.listingTextChars),
          ZIP: fit(v, 20),
          SalePrice: 300_000 + i * 1000,
        };
        await client.realEstateCreate(listing);
      }
      const bot = await mount(serial, { 'image-hosts': 'img.allowed.test' });
      await bot.clearHistory();
      await open(bot);
      await type(bot, 'What homes do you have for sale?');
      await answered(bot);
      const answer = messages(bot).at(-1)!;
      expect(answer.message.status).toBe('done');
      // The cheapest listing is named in the prose, its address shown as text; every listing of the group on its card.
      expect(answer.shadowRoot!.textContent ?? '').toContain('100 ');
      const cards = () => [
        ...(answer
          .shadowRoot!.querySelector('chat-bot-listings')
          ?.shadowRoot?.querySelectorAll('.card[role="group"]') ?? []),
      ];
      await until(() => cards().length === group.length);
      for (const i of group.keys())
        expect(cards().some((c) => c.querySelector('h3')!.textContent!.startsWith(`${100 + i} `))).toBe(true);
      expect(breaches(bot)).toEqual([]);

      // The second question is over the limit: the refusal is the chatbot's RateLimitMessage.
      await type(bot, 'And one more?');
      await until(() => messages(bot).at(-1)?.message.status === 'failed');
      expect(messages(bot).at(-1)!.message.error).toBe(refusal);
      // "Talk to a person": the reply is TalkToHumanResponseMessage.
      inPanel<HTMLButtonElement>(bot, 'header [aria-haspopup]')!.click();
      (await until(() =>
        allInPanel<HTMLButtonElement>(bot, '.menu button').find((b) => b.textContent === 'Talk to a person'),
      ))!.click();
      const form = await until(() => inPanel(bot, 'chat-bot-handoff')?.shadowRoot?.querySelector('form'));
      (form.querySelector('[name="name"]') as HTMLInputElement).value = 'Ana';
      (form.querySelector('[name="email"]') as HTMLInputElement).value = 'ana@example.com';
      form.requestSubmit();
      await until(
        () => inPanel(bot, 'chat-bot-handoff') === null && messages(bot).some((m) => m.message.text === reply),
      );
      expect(breaches(bot)).toEqual([]);
      expect(sprung).toEqual([]);
      expect(foreign()).toEqual([]);
    },
  );
});

describe('the XSS corpora in every setting the widget shows', () => {
  it.each(taken(60, xssSeed + 1).map((v) => [corpus.indexOf(v), v] as const))(
    '%i: %s — shown as text, nothing runs',
    { timeout: 30_000 },
    async (_k, v) => {
      const serial = await newChatbot({
        Name: fit(v, LIMITS.nameChars),
        WelcomeMessage: v,
        SuggestedMessage: v.replace(/\n/g, ' '),
        ChatbotPrivacyPolicyName: v,
        ChatbotPrivacyPolicyDescription: v,
        ChatbotPrivacyPolicyUrl: `https://privacy.test/?v=${encodeURIComponent(v).slice(0, 1500)}`,
        SocialPageUrl: `https://social.test/?v=${encodeURIComponent(v).slice(0, 1500)}`,
        UserInputPlaceholder: v,
      });
      const bot = await mount(serial, { 'image-hosts': 'img.allowed.test' });
      await bot.clearHistory();
      await open(bot);
      expect(inPanel(bot, '.welcome')?.textContent).toBe(v);
      expect(breaches(bot)).toEqual([]);
      expect(sprung).toEqual([]);
      expect(foreign()).toEqual([]);
    },
  );
});
