/**
 * Answers the visitor has not seen, against the real service: the launcher's badge and name, the
 * chat-bot-unread event, the opt-in chime (`sound`: only after a gesture on the page) and title
 * flash (`notify-title`: only while the tab is hidden), in the visitor's language; axe with the
 * badge showing.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import type { ChatBot } from '../../src/widget/elements/chat-bot.ts';
import { answered, launcher, messages, mount, newChatbot, open, part, unmountAll, until } from './harness.ts';

afterEach(() => {
  unmountAll();
  setHidden(false);
  delete (document as { hidden?: boolean }).hidden;
  delete (document as { visibilityState?: string }).visibilityState;
});

/** The tab hidden or shown again, as the browser tells a page (this test's frame is always visible). */
function setHidden(hidden: boolean): void {
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => hidden });
  Object.defineProperty(document, 'visibilityState', {
    configurable: true,
    get: () => (hidden ? 'hidden' : 'visible'),
  });
  document.dispatchEvent(new Event('visibilitychange'));
}

/** Every chat-bot-unread count the element fired. */
function counts(bot: ChatBot): number[] {
  const seen: number[] = [];
  bot.addEventListener('chat-bot-unread', (e) => seen.push(e.count));
  return seen;
}

const badge = (bot: ChatBot) => part(bot, '.badge')?.textContent ?? null;
const name = (bot: ChatBot) => launcher(bot).getAttribute('aria-label');

describe('answers not seen', () => {
  it('are counted on the launcher — its badge and its name — and in chat-bot-unread, until the panel is opened', async () => {
    const bot = await mount(await newChatbot());
    const fired = counts(bot);
    // The page asks on the visitor's behalf, the panel closed.
    await bot.send('Hello');
    await until(() => badge(bot) === '1', 15_000);
    expect(name(bot)).toBe('Open chat, 1 unread');
    expect(part(bot, '.badge')!.getAttribute('aria-hidden')).toBe('true');
    await expect(bot).to.be.accessible();
    await bot.send('And hello again');
    await until(() => badge(bot) === '2', 15_000);
    expect(name(bot)).toBe('Open chat, 2 unread');
    expect(fired).toEqual([1, 2]);
    await open(bot);
    await until(() => fired.length === 3);
    expect(fired).toEqual([1, 2, 0]);
    expect(badge(bot)).toBeNull();
    expect(name(bot)).toBe('Close chat');
    bot.hide();
    await bot.updateComplete;
    expect(name(bot)).toBe('Open chat');
  });

  it('are counted while the tab is hidden, the panel open, and seen when it shows again', async () => {
    const bot = await mount(await newChatbot());
    const fired = counts(bot);
    await open(bot);
    await bot.send('Hello');
    await answered(bot);
    expect(fired).toEqual([]); // seen as it came
    setHidden(true);
    await bot.send('Hello from a hidden tab');
    await answered(bot, 2);
    await until(() => fired.length === 1);
    setHidden(false);
    await until(() => fired.length === 2);
    expect(fired).toEqual([1, 0]);
  });

  it('speak the visitor’s language in the launcher’s name', async () => {
    const bot = await mount(await newChatbot(), { locale: 'de' });
    await bot.send('Hallo');
    await until(() => badge(bot) === '1', 15_000);
    expect(name(bot)).toBe('Chat öffnen, ungelesen: 1');
  });
});

describe('notify-title', () => {
  it('flashes the count in the tab’s title while it is hidden, and gives the page its title back', async () => {
    const bot = await mount(await newChatbot(), { 'notify-title': '', locale: 'fr' });
    expect(bot.notifyTitle).toBe(true);
    const title = document.title;
    await open(bot);
    setHidden(true);
    await bot.send('Bonjour');
    await until(() => document.title === '(1) Nouveau message', 15_000);
    // Every other second: the page's own title, then the count again.
    await until(() => document.title === title, 3000);
    await until(() => document.title === '(1) Nouveau message', 3000);
    // The page changes its title meanwhile: that is the one it gets back.
    document.title = 'The page’s new title';
    setHidden(false);
    await until(() => document.title === 'The page’s new title');
    await new Promise((r) => setTimeout(r, 1300));
    expect(document.title).toBe('The page’s new title');
    document.title = title;
  });

  it('leaves the title alone unless the page asks, and while the tab is visible', async () => {
    const title = document.title;
    const seen = new Set<string>();
    const watch = new MutationObserver(() => seen.add(document.title));
    watch.observe(document.head, { subtree: true, childList: true, characterData: true });
    const quiet = await mount(await newChatbot());
    setHidden(true);
    await quiet.send('Hello');
    await until(() => part(quiet, '.badge'), 15_000);
    setHidden(false);
    const visible = await mount(await newChatbot(), { 'notify-title': '' });
    await visible.send('Hello');
    await until(() => part(visible, '.badge'), 15_000);
    await new Promise((r) => setTimeout(r, 1200));
    watch.disconnect();
    expect([...seen]).toEqual([]);
    expect(document.title).toBe(title);
  });
});

describe('sound', () => {
  /** Counts the AudioContexts the page makes (still the browser's own). */
  function audioContexts(): AudioContext[] {
    const made: AudioContext[] = [];
    const Real = window.AudioContext;
    window.AudioContext = class extends Real {
      constructor(options?: AudioContextOptions) {
        super(options);
        made.push(this);
      }
    };
    afterEach(() => void (window.AudioContext = Real));
    return made;
  }

  it('is off unless the page asks, and silent until the visitor has used the page', async () => {
    const made = audioContexts();
    const silent = await mount(await newChatbot());
    await silent.send('Hello');
    await until(() => part(silent, '.badge'), 15_000);
    unmountAll();
    const bot = await mount(await newChatbot(), { sound: '' });
    expect(bot.sound).toBe(true);
    if (!navigator.userActivation.hasBeenActive) {
      await bot.send('Hello');
      await until(() => part(bot, '.badge'), 15_000);
      await new Promise((r) => setTimeout(r, 300));
    }
    expect(made).toHaveLength(0);
  });

  it('chimes for an answer not seen, once the visitor has used the page', async () => {
    const made = audioContexts();
    const bot = await mount(await newChatbot(), { sound: '' });
    // A real gesture: the launcher pressed, the panel opened, closed again.
    await userEvent.click(launcher(bot));
    // The pointer leaves: a launcher drawn later under it would be hovered (scaled) in other tests.
    await userEvent.unhover(launcher(bot));
    await until(() => bot.open);
    bot.hide();
    expect(navigator.userActivation.hasBeenActive).toBe(true);
    await bot.send('Hello');
    await until(() => made.length === 1, 15_000);
    await until(() => made[0]!.state === 'running');
    const started = made[0]!.currentTime;
    await until(() => made[0]!.currentTime > started);
    // Seen as it comes (the panel open): no chime.
    await open(bot);
    await bot.send('Hello again');
    await answered(bot, 2);
    await until(() => messages(bot).length === 4);
    expect(made).toHaveLength(1);
  });
});
