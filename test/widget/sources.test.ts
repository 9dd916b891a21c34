/**
 * Sources under an answer: an answer from the owner's knowledge names where it came from in its
 * `sources` block (docs/PROTOCOL.md), and the widget shows it as links under the prose — through
 * the real service (the offline engine and the owner's FAQ and text), in the visitor's language,
 * for screen readers and axe; and, from the scripted model, a hostile or half-written block.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatBotMessage } from '../../src/widget/elements/chat-bot-message.ts';
import {
  answered,
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
} from './harness.ts';

afterEach(unmountAll);

const sourcesIn = (m: ChatBotMessage) => m.shadowRoot!.querySelector('chat-bot-sources')?.shadowRoot ?? null;
const text = (el: Element | null | undefined) => el?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

/** A chatbot that knows its fees (a FAQ entry) and how renting works (a text with its page). */
async function agency(): Promise<string> {
  const serial = await newChatbot({ Name: 'Harbor Homes', TalkToHumanEmail: 'agents@harbor.test' });
  await owner().knowledgeAdd({
    SerialNumber: serial,
    Kind: 'faq',
    Question: 'What are your fees?',
    Content: 'Buying with us costs you **nothing**.',
  });
  await owner().knowledgeAdd({
    SerialNumber: serial,
    Kind: 'text',
    Title: 'Renting with us',
    Url: 'https://harbor.test/renting',
    Content: '## Leases\n\nOur standard lease runs 12 months.',
  });
  return serial;
}

async function ask(bot: Awaited<ReturnType<typeof mount>>, question: string, count = 1): Promise<ChatBotMessage> {
  await type(bot, question);
  await answered(bot, count);
  const answer = messages(bot).at(-1)!;
  await until(() => sourcesIn(answer)?.querySelector('li'));
  return answer;
}

describe('the sources of an answer', () => {
  it('are links under the prose, each opening in a new tab, named for screen readers; axe finds nothing', async () => {
    const bot = await mount(await agency());
    await open(bot);
    const answer = await ask(bot, 'how long is your lease?');
    const root = sourcesIn(answer)!;
    const nav = root.querySelector('nav')!;
    expect(nav.getAttribute('aria-label')).toBe('Sources');
    expect(text(nav)).toBe('Sources: Renting with us (opens in a new tab)');
    const link = root.querySelector('a')!;
    expect(link.href).toBe('https://harbor.test/renting');
    expect(link.target).toBe('_blank');
    expect(link.rel).toContain('noopener');
    // The prose quotes the text; no JSON and no code block are shown.
    const shown = answer.shadowRoot!.textContent!;
    expect(shown).toContain('Our standard lease runs 12 months.');
    expect(shown).not.toContain('{"');
    expect(answer.shadowRoot!.querySelector('pre')).toBeNull();
    await expect(bot).to.be.accessible();
  });

  it('show a source without an address as its title alone, in the visitor’s language', async () => {
    // Asked in Spanish, answered in Spanish: the words under the answer are the answer's language's.
    const serial = await agency();
    await owner().knowledgeAdd({
      SerialNumber: serial,
      Kind: 'faq',
      Question: '¿Cuánto cobran?',
      Content: 'Comprar con nosotros no le cuesta **nada**.',
    });
    const bot = await mount(serial, { locale: 'es' });
    await open(bot);
    const answer = await ask(bot, '¿cuánto cobran?');
    const nav = sourcesIn(answer)!.querySelector('nav')!;
    expect(nav.getAttribute('aria-label')).toBe('Fuentes');
    expect(text(nav)).toBe('Fuentes: ¿Cuánto cobran?');
    expect(nav.querySelector('a')).toBeNull();
  });

  it('come back from history after the page is reloaded', async () => {
    const serial = await agency();
    let bot = await mount(serial);
    await open(bot);
    await ask(bot, 'how long is your lease?');
    unmountAll();
    bot = await mount(serial);
    await open(bot);
    const restored = await until(() => {
      const m = messages(bot).at(-1);
      return m && sourcesIn(m)?.querySelector('a') ? m : null;
    });
    expect(text(sourcesIn(restored)!.querySelector('a'))).toContain('Renting with us');
  });

  it('link only to http(s) addresses, show a title as text, and skip a line that is no source', async () => {
    const t = token();
    const block = [
      JSON.stringify({ title: 'Safe page', url: 'https://harbor.test/safe' }),
      JSON.stringify({ title: 'Script', url: 'javascript:alert(1)' }),
      JSON.stringify({ title: '<img src=x onerror=alert(1)>' }),
      'not json',
      JSON.stringify({ url: 'https://harbor.test/untitled' }),
    ].join('\n');
    await script(t, { text: `Here is what I found.\n\n\`\`\`sources\n${block}\n\`\`\`` });
    const bot = await mount(await newChatbot({ Model: 'scripted' }));
    await open(bot);
    const answer = await ask(bot, `${t} fees?`);
    const root = sourcesIn(answer)!;
    expect([...root.querySelectorAll('li')].map(text)).toEqual([
      'Safe page (opens in a new tab)',
      'Script',
      '<img src=x onerror=alert(1)>',
    ]);
    expect([...root.querySelectorAll('a')].map((a) => a.href)).toEqual(['https://harbor.test/safe']);
    expect(root.querySelector('img')).toBeNull();
  });

  it("draw a model's citation as a link to its page, the source named under the answer", async () => {
    const t = token();
    const block = JSON.stringify({ title: 'Renting with us', url: 'https://harbor.test/renting' });
    await script(t, {
      text: `Leases run 12 months [\\[1\\]](<https://harbor.test/renting>).\n\n\`\`\`sources\n${block}\n\`\`\``,
    });
    const bot = await mount(await newChatbot({ Model: 'scripted' }));
    await open(bot);
    const answer = await ask(bot, `${t} lease?`);
    const cite = answer.shadowRoot!.querySelector<HTMLAnchorElement>('.content a')!;
    expect(text(cite)).toMatch(/^\[1\]/);
    expect(cite.href).toBe('https://harbor.test/renting');
    expect([...sourcesIn(answer)!.querySelectorAll('a')].map((a) => a.href)).toEqual(['https://harbor.test/renting']);
  });

  it('show only the complete lines of a block that is still arriving', async () => {
    const t = token();
    const first = JSON.stringify({ title: 'Fees', url: 'https://harbor.test/fees' });
    const second = JSON.stringify({ title: 'Renting with us', url: 'https://harbor.test/renting' });
    const chunks = [
      'Our fees are low.\n\n```sources\n',
      `${first}\n`,
      second.slice(0, 12),
      `${second.slice(12)}\n\`\`\``,
    ];
    // Held after half of the second line.
    await script(t, { text: chunks.join(''), chunks, holdAfter: 3 });
    const bot = await mount(await newChatbot({ Model: 'scripted' }));
    await open(bot);
    await type(bot, `${t} fees?`);
    const answer = await until(() => {
      const m = messages(bot).at(-1);
      return m?.message.role === 'assistant' && sourcesIn(m)?.querySelector('li') ? m : null;
    });
    expect([...sourcesIn(answer)!.querySelectorAll('li')].map(text)).toEqual(['Fees (opens in a new tab)']);
  });
});
