/** History: it survives reloads, follows other tabs, forgets on browser close when asked, and never needs IndexedDB. */
import { afterEach, describe, expect, it } from 'vitest';
import { answered, bubbleText, messages, mount, newChatbot, open, type, unmountAll, until } from './harness.ts';

afterEach(unmountAll);

const texts = (bot: Parameters<typeof messages>[0]) => messages(bot).map(bubbleText);

describe('history', () => {
  it('is restored after a reload, answers rendered again from Markdown', async () => {
    const serial = await newChatbot({ Name: 'Harbor Homes' });
    const first = await mount(serial);
    await open(first);
    await type(first, 'Hello');
    await answered(first);
    const before = texts(first);
    unmountAll();
    const again = await mount(serial);
    await open(again);
    await until(() => messages(again).length === 2);
    expect(texts(again)).toEqual(before);
    expect(messages(again)[1]!.shadowRoot!.querySelector('.content .md')).not.toBeNull();
  });

  it('keeps a question sent the moment the panel opens, after the history it is still loading', async () => {
    const serial = await newChatbot();
    const first = await mount(serial);
    await open(first);
    await type(first, 'First visit');
    await answered(first);
    unmountAll();
    const again = await mount(serial);
    await again.send('Asked at once');
    await until(() => messages(again).length === 4 && !messages(again).some((m) => m.message.status === 'streaming'));
    expect(texts(again).filter((_, i) => i % 2 === 0)).toEqual(['First visit', 'Asked at once']);
  });

  it('stays in step between two tabs of the same site', async () => {
    const serial = await newChatbot();
    const tabA = await mount(serial);
    const tabB = await mount(serial);
    await open(tabA);
    await open(tabB);
    await type(tabA, 'Hello from tab A');
    // While tab A streams, tab B shows the answer as streaming — not as stopped.
    await until(() => messages(tabB).length === 2);
    expect(messages(tabB)[1]!.message.status).not.toBe('stopped');
    await answered(tabA);
    await until(() => texts(tabB)[1] === texts(tabA)[1]);
    expect(texts(tabB)).toEqual(texts(tabA));
  });

  it('is forgotten when the browser was closed, with RemoveChatLogOnBrowserClose', async () => {
    const serial = await newChatbot({ RemoveChatLogOnBrowserClose: true });
    const first = await mount(serial);
    await open(first);
    await type(first, 'Hello');
    await answered(first);
    unmountAll();
    // Same browser session (its session cookie is there): a reload keeps the history.
    const reloaded = await mount(serial);
    await open(reloaded);
    await until(() => messages(reloaded).length === 2);
    unmountAll();
    // The browser closed: session cookies are gone.
    for (const c of document.cookie.split(/;\s*/))
      if (c.startsWith('chat-bot-')) document.cookie = `${c.split('=')[0]}=; max-age=0; path=/`;
    const afterClose = await mount(serial);
    await open(afterClose);
    await new Promise((r) => setTimeout(r, 200));
    expect(messages(afterClose)).toEqual([]);
  });

  it('is kept across browser sessions without that setting', async () => {
    const serial = await newChatbot();
    const first = await mount(serial);
    await open(first);
    await type(first, 'Hello');
    await answered(first);
    unmountAll();
    for (const c of document.cookie.split(/;\s*/))
      if (c.startsWith('chat-bot-')) document.cookie = `${c.split('=')[0]}=; max-age=0; path=/`;
    const again = await mount(serial);
    await open(again);
    await until(() => messages(again).length === 2);
    expect(messages(again)).toHaveLength(2);
  });
});

describe('without IndexedDB', () => {
  it('the chat still works, from memory', async () => {
    const original = indexedDB.open.bind(indexedDB);
    indexedDB.open = () => {
      throw new DOMException('IndexedDB is disabled', 'InvalidStateError');
    };
    try {
      const bot = await mount(await newChatbot({ Name: 'Memory bot' }));
      await open(bot);
      await type(bot, 'Hello');
      await answered(bot);
      expect(texts(bot)[1]).toContain('Memory bot');
    } finally {
      indexedDB.open = original;
    }
  });
});
