/** The conversation, against the real service and a scripted model: streaming, Stop, Retry, scrolling. */
import { afterEach, describe, expect, it } from 'vitest';
import { createStorage, keys } from '../../src/widget/storage.ts';
import {
  allInPanel,
  answered,
  bubbleText,
  inPanel,
  messages,
  modelCalls,
  mount,
  newChatbot,
  open,
  script,
  stored,
  streaming,
  token,
  type,
  unmountAll,
  until,
} from './harness.ts';

afterEach(unmountAll);

const streamingText = (bot: Parameters<typeof inPanel>[0]) =>
  streaming(bot)?.shadowRoot?.querySelector('.content')?.textContent ?? '';

describe('a streamed answer', () => {
  it('grows in the page fragment by fragment, in the element that then holds the finished answer', async () => {
    const t = token();
    const chunks = ['The ', 'first ', 'part, ', 'then ', 'more ', 'words, ', 'and ', 'the ', 'end.'];
    await script(t, { text: chunks.join(''), chunks, delayMs: 120 });
    const serial = await newChatbot({ Model: 'scripted' });
    const bot = await mount(serial);
    await open(bot);
    await type(bot, `Question ${t}`);
    const seen = new Set<string>();
    const element = await until(() => streaming(bot));
    await until(() => {
      const text = streamingText(bot);
      if (text) seen.add(text);
      return !streaming(bot) && seen.size > 0;
    }, 15_000);
    // Finishing moves nothing: the streamed DOM is the answer's DOM.
    expect(messages(bot)[1]).toBe(element);
    // Several distinct partial texts were on screen, each a prefix of the answer.
    expect(seen.size).toBeGreaterThanOrEqual(3);
    for (const partial of seen) expect('The first part, then more words, and the end.'.startsWith(partial)).toBe(true);
    expect(bubbleText(messages(bot)[1]!)).toBe('The first part, then more words, and the end.');
  });

  it('shows a typing indicator until the first fragment', async () => {
    const t = token();
    await script(t, { text: 'Hello there.', delayMs: 600 });
    const bot = await mount(await newChatbot({ Model: 'scripted' }));
    await open(bot);
    await type(bot, `Hi ${t}`);
    const typing = await until(() => streaming(bot)?.shadowRoot?.querySelector('.typing'));
    expect(typing.getAttribute('aria-label')).toBe('Typing…');
    await answered(bot);
  });
});

describe('Stop', () => {
  it('keeps the partial answer, marked stopped, and the service stores it as partial', async () => {
    const t = token();
    await script(t, { text: 'one two three four five six seven eight nine ten eleven twelve', delayMs: 150 });
    const serial = await newChatbot({ Model: 'scripted' });
    const bot = await mount(serial);
    await open(bot);
    await type(bot, `Count ${t}`);
    await until(() => streamingText(bot).split(' ').length >= 3);
    const stop = await until(() =>
      inPanel(bot, 'chat-bot-composer')?.shadowRoot?.querySelector<HTMLButtonElement>('button.stop'),
    );
    stop.click();
    const answer = await until(() => !streaming(bot) && messages(bot)[1]);
    const partial = bubbleText(answer);
    expect(answer.shadowRoot!.querySelector('.note')!.textContent).toBe('Stopped');
    expect(partial.length).toBeGreaterThan(0);
    expect('one two three four five six seven eight nine ten eleven twelve'.startsWith(partial)).toBe(true);
    expect(partial).not.toBe('one two three four five six seven eight nine ten eleven twelve');
    await until(async () => (await stored(serial)).find((m) => m.role === 'answer')?.status === 'partial');
  });
});

describe('Retry', () => {
  it('asks again with the same clientMessageId: the service keeps one question and the model is asked once more', async () => {
    const t = token();
    await script(t, { text: 'a slow answer that will be stopped and asked again', delayMs: 150 });
    const serial = await newChatbot({ Model: 'scripted' });
    const bot = await mount(serial);
    await open(bot);
    await type(bot, `Ask ${t}`);
    await until(() => streamingText(bot).length > 3);
    inPanel(bot, 'chat-bot-composer')!.shadowRoot!.querySelector<HTMLButtonElement>('button.stop')!.click();
    const retry = await until(() =>
      [...(messages(bot)[1]?.shadowRoot?.querySelectorAll('button') ?? [])].find((b) => b.textContent === 'Retry'),
    );
    await script(t, { text: 'the complete answer' });
    retry.click();
    await until(() => bubbleText(messages(bot)[1]!) === 'the complete answer');
    const rows = await stored(serial);
    expect(rows.filter((r) => r.role === 'question')).toHaveLength(1);
    expect(rows.filter((r) => r.role === 'answer').map((r) => [r.status, r.content])).toEqual([
      ['complete', 'the complete answer'],
    ]);
    expect(await modelCalls(t)).toBe(2);
  });
});

describe('the visitor’s message', () => {
  it('shows exactly what they typed, with no space of the template around it', async () => {
    const serial = await newChatbot();
    const bot = await mount(serial);
    await open(bot);
    await type(bot, 'Two  spaces stay');
    await answered(bot);
    expect(messages(bot)[0]!.shadowRoot!.querySelector('.bubble')!.textContent).toBe('Two  spaces stay');
  });
});

describe('a tab hidden and shown again mid-answer', () => {
  it('sends the question exactly once', async () => {
    const t = token();
    await script(t, { text: 'an answer that takes a little while to arrive in full', delayMs: 100 });
    const serial = await newChatbot({ Model: 'scripted' });
    const bot = await mount(serial);
    await open(bot);
    await type(bot, `Hide ${t}`);
    await until(() => streamingText(bot).length > 2);
    const setHidden = (hidden: boolean) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (hidden ? 'hidden' : 'visible'),
      });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      setHidden(true);
      setHidden(false);
    } finally {
      delete (document as { hidden?: boolean }).hidden;
      delete (document as { visibilityState?: string }).visibilityState;
    }
    await answered(bot);
    expect((await stored(serial)).filter((r) => r.role === 'question')).toHaveLength(1);
    expect(await modelCalls(t)).toBe(1);
  });
});

describe('each answer', () => {
  it('can be copied, and shows its time and words in the visitor’s locale', async () => {
    const bot = await mount(await newChatbot(), { locale: 'de-DE' });
    await open(bot);
    await type(bot, 'Hello');
    await answered(bot);
    const answer = messages(bot)[1]!;
    const time = answer.shadowRoot!.querySelector('time')!;
    expect(time.textContent).toBe(
      new Intl.DateTimeFormat('de-DE', { hour: 'numeric', minute: '2-digit' }).format(new Date(time.dateTime)),
    );
    const copy = [...answer.shadowRoot!.querySelectorAll('button')].find((b) => b.textContent === 'Kopieren')!;
    expect(copy).toBeDefined();
    copy.click();
    // Headless Chromium may refuse the clipboard; either it says Copied or it selects the text.
    await until(
      () =>
        copy.textContent === 'Kopiert' ||
        (getSelection()?.toString() ?? '') !== '' ||
        answer.shadowRoot!.querySelector('button')?.textContent === 'Kopiert',
    );
  });
});

describe('New chat', () => {
  it('clears the conversation and the next question starts a new session', async () => {
    const serial = await newChatbot({ SuggestedMessage: 'Hello' });
    const bot = await mount(serial);
    await open(bot);
    await type(bot, 'Hello');
    await answered(bot);
    inPanel<HTMLButtonElement>(bot, 'header [aria-haspopup]')!.click();
    (await until(() =>
      allInPanel<HTMLButtonElement>(bot, '.menu button').find((b) => b.textContent === 'New chat'),
    ))!.click();
    await until(() => messages(bot).length === 0 && inPanel(bot, '.chip'));
    await type(bot, 'Hello again');
    await answered(bot);
    const sessions = new Set((await stored(serial)).map((m) => m.sessionId));
    expect(sessions.size).toBe(2);
  });
});

describe('the visitor token', () => {
  it('is renewed when the service refuses the stored one, and the question is asked once, in the new session', async () => {
    const serial = await newChatbot();
    // What this browser kept from an earlier visit: a session whose token the service refuses.
    const storage = createStorage();
    await storage.set(keys.conversation(serial), {
      messages: [],
      sessionId: 999_999,
      token: 'forged-token',
      tokenExpiresAt: Date.now() + 3_600_000,
      updatedAt: Date.now(),
    });
    const bot = await mount(serial);
    await open(bot);
    await type(bot, 'Hello again after a long time');
    await answered(bot);
    const answer = messages(bot).at(-1)!;
    expect(answer.message.status).toBe('done');
    expect(bubbleText(answer)).not.toBe('');
    const kept = await storage.get<{ token?: string; sessionId?: number }>(keys.conversation(serial));
    expect(kept?.token).not.toBe('forged-token');
    expect(kept?.sessionId).not.toBe(999_999);
    expect((await stored(serial)).filter((m) => m.role === 'question').map((m) => m.content)).toEqual([
      'Hello again after a long time',
    ]);
  });
});
