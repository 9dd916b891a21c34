/**
 * What the panel's layout gives a visitor, on a phone (390 × 844: a sheet of the whole screen) and
 * a desktop (1280 × 800: the 400 px popup): a comparison table whose cells break
 * lines between words only (never "Bedro/oms"), scrolling sideways when wider than its bubble;
 * the "What went wrong?" form inside the panel's padding, its border whole; the attach and talk
 * buttons in the message box's row, the photo tray above it. ("New messages" after
 * a reload: test/e2e/scroll.test.ts — it needs a page that loads the panel's code anew.)
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import type { ChatBot } from '../../src/widget/elements/chat-bot.ts';
import type { ChatBotMessage } from '../../src/widget/elements/chat-bot-message.ts';
import {
  answered,
  inPanel,
  messages,
  mount,
  newChatbot,
  open,
  script,
  token,
  type,
  unmountAll,
  until,
} from './harness.ts';

afterEach(unmountAll);

/** An answer to a question containing `t`, asked in a new popup. */
async function answer(text: string): Promise<{ bot: ChatBot; answer: ChatBotMessage }> {
  const t = token();
  await script(t, { text });
  const bot = await mount(await newChatbot({ Model: 'scripted' }));
  await open(bot);
  await type(bot, `compare them ${t}`);
  await answered(bot);
  return { bot, answer: messages(bot)[1]! };
}

/** The words of `cell` that a line break cuts in two: each word's text drawn on more than one line. */
function cutWords(cell: Element): string[] {
  const cut: string[] = [];
  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (const m of node.data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      if (lines.size > 1) cut.push(m[0]);
    }
  }
  return cut;
}

/** A phone (the panel a sheet of the whole screen) and a desktop (the 400 px popup). */
describe.each([
  [390, 844],
  [1280, 800],
])('the panel on a %i × %i screen', (width, height) => {
  beforeEach(async () => {
    await page.viewport(width, height);
  });

  it("breaks a comparison table's cells between words only, and scrolls a table wider than its bubble sideways", async () => {
    const table = [
      'Here is how they compare:',
      '',
      '| | 1234 Mississippi Riverside Boulevard | 98 Westminsterabbey Crescent | 7 Longfellow Parkway |',
      '|---|---|---|---|',
      '| Bedrooms | 3 | 4 | 2 |',
      '| Parking | Two-car garage with workshop | Street | Underground |',
      '| Neighbourhood | Riverside | Kensingtongardens | Downtown |',
    ].join('\n');
    const { bot, answer: a } = await answer(table);
    const tableEl = await until(() => a.shadowRoot!.querySelector('.md table'));
    const cells = [...tableEl.querySelectorAll('th, td')];
    expect(cells.length).toBe(16);
    expect(cells.flatMap(cutWords)).toEqual([]);
    // Wider than the bubble: the table scrolls, the bubble and the panel do not grow.
    const bubble = a.shadowRoot!.querySelector('.bubble')!;
    expect(tableEl.scrollWidth).toBeGreaterThan(tableEl.clientWidth);
    expect(bubble.getBoundingClientRect().right).toBeLessThanOrEqual(
      inPanel(bot, '.scroller')!.getBoundingClientRect().right,
    );
  });

  it('keeps the "What went wrong?" form inside the panel, its border whole', async () => {
    const { bot, answer: a } = await answer('A short answer.');
    const down = await until(() => a.shadowRoot!.querySelectorAll<HTMLButtonElement>('button.vote')[1]);
    down.click();
    const form = await until(() => a.shadowRoot!.querySelector('chat-bot-feedback')?.shadowRoot?.querySelector('form'));
    const scroller = inPanel(bot, '.scroller')!.getBoundingClientRect();
    const box = form.getBoundingClientRect();
    expect(box.width).toBeGreaterThan(200);
    // Within the scroller's content, with room to spare for its right border (the scroller's own padding).
    expect(box.right).toBeLessThanOrEqual(scroller.right - 8);
    expect(box.left).toBeGreaterThanOrEqual(scroller.left);
  });

  it("puts the attach and talk buttons in the message box's row, the tray above them: the messages keep their room", async () => {
    const bot = await mount(await newChatbot({ EnableUploadImage: true, EnablePushToTalk: true }));
    await open(bot);
    const media = await until(
      () => inPanel(bot, 'chat-bot-media')?.shadowRoot?.querySelector('.tool') && inPanel(bot, 'chat-bot-media')!,
    );
    const box = (el: Element) => el.getBoundingClientRect();
    const textarea = inPanel(bot, 'chat-bot-composer')!.shadowRoot!.querySelector('textarea')!;
    const scroller = inPanel(bot, '.scroller')!;
    const tools = [...media.shadowRoot!.querySelectorAll('.tool')];
    expect(tools.length).toBe(2);
    for (const tool of tools) {
      // Beside the box, on its line: their bottoms level, the tool to its start.
      expect(Math.abs(box(tool).bottom - box(textarea).bottom)).toBeLessThanOrEqual(2);
      expect(box(tool).right).toBeLessThanOrEqual(box(textarea).left);
    }
    // A long line typed (the box sizes to its content) keeps them in one row.
    textarea.value = 'A question typed on one long line, longer than the message box is wide, about homes.';
    textarea.dispatchEvent(new Event('input'));
    await new Promise((r) => requestAnimationFrame(r));
    for (const tool of tools) expect(Math.abs(box(tool).bottom - box(textarea).bottom)).toBeLessThanOrEqual(2);
    const before = scroller.clientHeight;
    // A photo waits in the tray: it takes a row above the box, which stays where it is.
    const canvas = new OffscreenCanvas(8, 8);
    canvas.getContext('2d')!.fillRect(0, 0, 8, 8);
    const picked = new DataTransfer();
    picked.items.add(new File([await canvas.convertToBlob({ type: 'image/png' })], 'photo.png', { type: 'image/png' }));
    const input = media.shadowRoot!.querySelector<HTMLInputElement>('input[type="file"]')!;
    input.files = picked.files;
    input.dispatchEvent(new Event('change'));
    const tray = await until(() => media.shadowRoot!.querySelector('li img'));
    expect(box(tray).bottom).toBeLessThanOrEqual(box(textarea).top);
    for (const tool of tools) expect(Math.abs(box(tool).bottom - box(textarea).bottom)).toBeLessThanOrEqual(2);
    // The messages lose the tray's row and nothing more: a 72 px preview, its progress bar and padding.
    expect(before - scroller.clientHeight).toBeLessThanOrEqual(110);
    expect(before - scroller.clientHeight).toBeGreaterThanOrEqual(72);
  });
});
