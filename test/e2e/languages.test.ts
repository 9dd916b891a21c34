/**
 * One conversation per language through the real widget in Debian's Chromium, against the real
 * service and the offline engine over the demo's listings: the widget's locale set as a page sets
 * it (data-locale), a question typed in that language, the answer written in it, the follow-up
 * chips in it under a label in it, a chip pressed and answered in it too; Arabic laid out right
 * to left; an answer in another language than the panel's, its cards in its own. Axe checks the
 * panel after each.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright';
import { answerProse } from '../../src/protocol/index.ts';
import { demoListings } from '../../src/server/demo/seed.ts';
import widgetSpanish from '../../src/widget/strings/es.ts';
import widgetFrench from '../../src/widget/strings/fr.ts';
import widgetPortuguese from '../../src/widget/strings/pt.ts';
import widgetGerman from '../../src/widget/strings/de.ts';
import widgetArabic from '../../src/widget/strings/ar.ts';
import widgetChinese from '../../src/widget/strings/zh.ts';
import { addListings } from '../../bench/eval/seed.ts';
import { languageOf } from '../../bench/eval/score.ts';
import { axeViolations, launchChromium, settled, untilLastMessage } from '../support/chromium.ts';
import { startService, type TestService } from '../support/service.ts';
import { expectWrittenIn } from '../support/language.ts';

let service: TestService;
let browser: Browser;
let serial: string;

beforeAll(async () => {
  service = await startService({
    routes: (app) => {
      app.get<{ Querystring: { serial: string; locale: string } }>('/homes.html', (req, reply) =>
        reply
          .type('text/html')
          .send(
            `<!doctype html><html lang="${req.query.locale}"><head><meta charset="utf-8"><title>Homes</title></head><body><h1>Homes</h1><script src="/chat-bot.js" data-serial-number="${req.query.serial}" data-locale="${req.query.locale}" async></script></body></html>`,
          ),
      );
    },
  });
  serial = await service.newChatbot({ Name: 'Oakridge Realty', TalkToHumanEmail: 'agents@homes.example' });
  await addListings(service.owner, serial, demoListings('https://homes.example'));
  browser = await launchChromium();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await service?.close();
});

async function open(locale: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${service.origin}/homes.html?serial=${serial}&locale=${locale}`);
  await page.locator('chat-bot .launcher').click();
  await page.locator('chat-bot-panel textarea').waitFor();
  return page;
}

/** The last message as the widget holds it: its text (the prose, without the data blocks). */
const lastAnswer = (page: Page) =>
  page.evaluate(() => {
    const panel = document.querySelector('chat-bot')?.shadowRoot?.querySelector('chat-bot-panel')?.shadowRoot;
    const all = [...(panel?.querySelectorAll('chat-bot-message') ?? [])] as (Element & { message: { text: string } })[];
    return all.at(-1)!.message.text;
  });

/** The last message's bubble: its `lang` and its laid-out direction. */
const lastBubble = (page: Page) =>
  page.evaluate(() => {
    const panel = document.querySelector('chat-bot')?.shadowRoot?.querySelector('chat-bot-panel')?.shadowRoot;
    const last = [...(panel?.querySelectorAll('chat-bot-message') ?? [])].at(-1);
    const bubble = last?.shadowRoot?.querySelector('.bubble');
    return { lang: bubble?.getAttribute('lang'), direction: bubble && getComputedStyle(bubble).direction };
  });

/** The follow-up chips the panel shows, and the label of their group. */
const chips = async (page: Page) => {
  const group = page.locator('chat-bot-panel .suggestions[aria-label]');
  await group.waitFor();
  return { label: await group.getAttribute('aria-label'), chips: await group.locator('.chip').allInnerTexts() };
};

async function ask(page: Page, text: string, count: number): Promise<string> {
  await page.locator('chat-bot-panel textarea').fill(text);
  await page.locator('chat-bot-panel textarea').press('Enter');
  await untilLastMessage(page, 'done', { atLeast: count });
  return answerProse(await lastAnswer(page));
}

describe('a conversation in the visitor’s language', () => {
  const cases = [
    {
      locale: 'es-MX',
      question: 'casas en venta en Austin',
      opens: /^Encontré 10 casas en venta en Austin, de \$407,000 a \$1,121,000\./,
      label: widgetSpanish.followUps,
      chip: 'Solo con 3 o más habitaciones',
      after: /^Encontré \d+ casas en venta en Austin con al menos 3 habitaciones/,
      language: 'es',
    },
    {
      locale: 'fr-FR',
      question: 'Avez-vous des maisons à vendre à Austin ?',
      opens: /^J’ai trouvé 10 maisons à vendre à Austin, de 407\u00a0000\u00a0\$ à 1\u00a0121\u00a0000\u00a0\$\./,
      label: widgetFrench.followUps,
      chip: 'Seulement 3 chambres ou plus',
      after: /^J’ai trouvé \d+ maisons à vendre à Austin avec au moins 3 chambres/,
      language: 'fr',
    },
    {
      locale: 'pt-BR',
      question: 'casas à venda em Austin',
      opens: /^Encontrei 10 casas à venda em Austin, de \$\u00a0407\.000 a \$\u00a01\.121\.000\./,
      label: widgetPortuguese.followUps,
      chip: 'Só com 3 quartos ou mais',
      after: /^Encontrei \d+ casas à venda em Austin com pelo menos 3 quartos/,
      language: 'pt',
    },
    {
      locale: 'de-DE',
      question: 'Häuser zum Verkauf in Austin',
      opens:
        /^Ich habe 10 Einfamilienhäuser zum Kauf in Austin gefunden, von 407\.000\u00a0\$ bis 1\.121\.000\u00a0\$\./,
      label: widgetGerman.followUps,
      chip: 'Nur mit 3 oder mehr Schlafzimmern',
      after: /^Ich habe \d+ Einfamilienhäuser zum Kauf in Austin mit mindestens 3 Schlafzimmern gefunden/,
      language: 'de',
    },
    {
      locale: 'ar-EG',
      question: 'منازل للبيع في Austin',
      opens: /^وجدت ١٠ منازل للبيع في Austin، بأسعار من ٤٠٧٬٠٠٠ دولار إلى ١٬١٢١٬٠٠٠ دولار\./,
      label: widgetArabic.followUps,
      chip: 'فقط ٣ غرف نوم أو أكثر',
      after: /^وجدت ٨ منازل للبيع في Austin تضم ٣ غرف نوم على الأقل/,
      language: 'ar',
    },
    {
      // Taiwan's Traditional characters and words (物件, 衛浴); the widget's own label is its one Chinese.
      locale: 'zh-TW',
      question: '奧斯汀出售的獨棟別墅',
      opens: /^為您找到10間在Austin出售的獨棟別墅，價格從\$407,000到\$1,121,000不等。其中最便宜的是/,
      label: widgetChinese.followUps,
      chip: '只看3間臥室以上',
      after: /^為您找到8間在Austin出售、至少3間臥室的獨棟別墅/,
      language: 'zh',
    },
  ] as const;

  for (const c of cases)
    it(`${c.locale}: the answer, its chips and the answer to a chip, all in ${c.language}`, async () => {
      const page = await open(c.locale);
      const first = await ask(page, c.question, 2);
      expect(first).toMatch(c.opens);
      expect(languageOf(first)).toBe(c.language);
      // Marked with its language, as the service says it: a screen reader reads it with that voice.
      expect((await lastBubble(page)).lang).toBe(c.language);
      const offered = await chips(page);
      expect(offered.label).toBe(c.label);
      expect(offered.chips[0]).toBe(c.chip);
      expect(await axeViolations(page, 'chat-bot')).toEqual([]);
      // The visitor presses the chip: it is sent as their message and answered in their language.
      await settled(page);
      await page.locator('chat-bot-panel .suggestions .chip', { hasText: c.chip }).click();
      await untilLastMessage(page, 'done', { atLeast: 4 });
      const second = answerProse(await lastAnswer(page));
      expect(second).toMatch(c.after);
      expectWrittenIn(second, c.language);
      expect((await chips(page)).chips.length).toBeGreaterThan(0);
      await page.close();
    });

  it('ar: the answer reads right to left, its address and prices left to right inside it', async () => {
    const page = await open('ar-EG');
    await ask(page, 'أرخص منزل للبيع في Austin', 2);
    await settled(page);
    const answer = await ask(page, 'كم سعره؟', 4);
    // Its address between left-to-right marks, so it is not reordered; its price in Egypt's digits.
    expect(answer).toMatch(
      /^العقار \*\*\u200e\[2179 Riverside Dr, Austin, TX 78751\]\(.*\)\u200e\*\*: السعر المطلوب \*\*٤٠٧٬٠٠٠ دولار\*\*\.$/,
    );
    // The bubble is dir="auto": an answer about one listing opens with an Arabic word, not its address, so it is laid out right to left.
    expect((await lastBubble(page)).direction).toBe('rtl');
    // Laid out, the address reads as written — its number before its street, in the answer and on its card alike.
    const order = await page.evaluate(() => {
      const found: { numberLeft: number; streetLeft: number; where: string }[] = [];
      const visit = (root: Document | ShadowRoot) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          const at = text.indexOf('2179 Riverside');
          if (at < 0) continue;
          const range = (from: number, to: number) => {
            const r = document.createRange();
            r.setStart(node!, from);
            r.setEnd(node!, to);
            return r.getBoundingClientRect().left;
          };
          const where = (node.parentElement?.closest('h3') ? 'card' : 'answer') as string;
          found.push({ numberLeft: range(at, at + 4), streetLeft: range(at + 5, at + 14), where });
        }
        for (const el of root.querySelectorAll('*')) if (el.shadowRoot) visit(el.shadowRoot);
      };
      visit(document);
      return found;
    });
    expect(order.map((o) => o.where).sort()).toEqual(expect.arrayContaining(['answer', 'card']));
    for (const o of order) expect(o.numberLeft, o.where).toBeLessThan(o.streetLeft);
    await page.close();
  });

  it('marks an answer in another language than the widget’s with its own, for a screen reader', async () => {
    // An English page, a Spanish-speaking visitor: the panel is English, the answer Spanish.
    const page = await open('en-US');
    const answer = await ask(page, 'casas en venta en Austin', 2);
    expect(answer).toMatch(/^Encontré 10 casas en venta en Austin/);
    expect(await lastBubble(page)).toEqual({ lang: 'es', direction: 'ltr' });
    expect(
      await page.locator('chat-bot').evaluate((el) => el.shadowRoot?.querySelector('.root')?.getAttribute('lang')),
    ).toBe('en');
    await page.close();
  });

  it('shows a Spanish answer’s cards in Spanish in an English panel (a screenshot of it is kept to look at)', async () => {
    const page = await open('en-US');
    await page.setViewportSize({ width: 900, height: 900 });
    const answer = await ask(page, 'casas de 3 recámaras en venta en Austin', 2);
    expect(answer).toMatch(/^Encontré \d+ casas en venta en Austin/);
    expect((await lastBubble(page)).lang).toBe('es');
    const card = page.locator('chat-bot-message').last().locator('chat-bot-listings .card').first();
    // Its words come with the answer's language, loaded once the answer is marked with it.
    await expect.poll(() => card.locator('.facts').innerText()).toMatch(/^3 dormitorios · [\d.,]+ baños? · /);
    expect(await card.locator('.badges li').allInnerTexts()).toEqual(
      expect.arrayContaining([widgetSpanish.forSale, widgetSpanish.active]),
    );
    expect(await card.locator('.actions button').allInnerTexts()).toEqual([
      widgetSpanish.askAbout,
      widgetSpanish.talkToPerson,
    ]);
    expect((await chips(page)).label).toBe(widgetSpanish.followUps);
    // The panel's own words stay English.
    expect(await page.locator('chat-bot-composer label').innerText()).toBe('Message');
    expect(await axeViolations(page, 'chat-bot')).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await settled(page);
    const shot = join(mkdtempSync(join(tmpdir(), 'chat-bot-answer-language-')), 'spanish-answer.png');
    await page.locator('chat-bot-panel .panel').screenshot({ path: shot });
    console.info(`A Spanish answer in an English panel: ${shot}`);
    await page.close();
  });
});
