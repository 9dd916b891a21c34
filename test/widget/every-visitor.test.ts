/**
 * The widget for every visitor: keyboard only, screen readers (one announcement per answer), phones
 * with an on-screen keyboard, dark mode, seven languages and right to left, the theming API, and a
 * host page whose CSS tries to reach inside.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';
import ar from '../../src/widget/strings/ar.ts';
import de from '../../src/widget/strings/de.ts';
import es from '../../src/widget/strings/es.ts';
import fr from '../../src/widget/strings/fr.ts';
import pt from '../../src/widget/strings/pt.ts';
import zh from '../../src/widget/strings/zh.ts';
import { en, launcherStrings, type Language } from '../../src/widget/strings/index.ts';
import { contrast, parseColor, type Rgb } from '../../src/widget/color.ts';
import type { ChatBotComposer } from '../../src/widget/elements/chat-bot-composer.ts';
import {
  answered,
  composer,
  inPanel,
  launcher,
  messages,
  mount,
  newChatbot,
  open,
  panel,
  script,
  streaming,
  textarea,
  token,
  type,
  unmountAll,
  until,
} from './harness.ts';

const settings = {
  Name: 'Harbor Homes',
  WelcomeMessage: 'Welcome!',
  SuggestedMessage: 'Hello',
  ChatbotPrivacyPolicyUrl: 'https://harbor.example/privacy',
  TalkToHumanEmail: 'team@harbor.example',
};

afterEach(async () => {
  unmountAll();
  document.querySelectorAll('style[data-test]').forEach((s) => s.remove());
  await page.viewport(1280, 800);
});

const rgb = (css: string): Rgb => {
  const m = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(css);
  if (!m) throw new Error(`not an rgb() colour: ${css}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
};
const style = (el: Element) => getComputedStyle(el);
const deepActive = (): Element | null => {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
};

describe('keyboard only', () => {
  it('opens, types, sends, stops, copies, and Escape closes with focus back on the launcher', async () => {
    const slow = token();
    await script(slow, { text: 'A slow answer that will be stopped before it is done.', delayMs: 150 });
    const quick = token();
    await script(quick, { text: 'A quick answer.' });
    const bot = await mount(await newChatbot({ ...settings, Model: 'scripted' }));
    launcher(bot).focus();
    await userEvent.keyboard('{Enter}');
    await until(() => composer(bot) && deepActive() === textarea(bot));
    await userEvent.keyboard(`Tell me ${slow}{Enter}`);
    await until(() => streaming(bot)?.message.text);
    // Tab from the message box reaches Stop.
    await userEvent.tab();
    expect(deepActive()?.textContent).toBe('Stop');
    await userEvent.keyboard('{Enter}');
    await until(() => messages(bot)[1]?.message.status === 'stopped');
    textarea(bot).focus();
    await userEvent.keyboard(`And ${quick}{Enter}`);
    await answered(bot, 2);
    // Back from the message box: the newest answer's thumbs down, thumbs up, then its Copy button.
    textarea(bot).focus();
    await userEvent.tab({ shift: true });
    expect(deepActive()?.getAttribute('aria-label')).toBe('Not helpful');
    await userEvent.tab({ shift: true });
    expect(deepActive()?.getAttribute('aria-label')).toBe('Helpful');
    await userEvent.tab({ shift: true });
    expect(deepActive()?.textContent).toBe('Copy');
    await userEvent.keyboard('{Enter}');
    await until(() => deepActive()?.textContent === 'Copied' || (getSelection()?.toString() ?? '') !== '');
    await userEvent.keyboard('{Escape}');
    await until(() => !bot.open);
    expect(deepActive()).toBe(launcher(bot));
  });

  it('shows a focus ring on every control it reaches', async () => {
    const bot = await mount(await newChatbot(settings));
    await open(bot);
    const seen = new Set<Element>();
    inPanel<HTMLButtonElement>(bot, 'header button')!.focus();
    for (let i = 0; i < 15 && document.activeElement === bot; i++) {
      const el = deepActive()!;
      if (!seen.has(el)) {
        seen.add(el);
        const s = style(el);
        expect(
          s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2,
          `${el.localName}.${el.className} has no focus ring`,
        ).toBe(true);
      }
      await userEvent.tab();
    }
    expect(seen.size).toBeGreaterThan(3);
  });
});

describe('the message box', () => {
  const notes = (bot: Awaited<ReturnType<typeof mount>>) =>
    [...composer(bot).shadowRoot!.querySelectorAll('.note')].map((n) => n.textContent!.trim());
  /** What the browser does with a typed or pasted text: the value changes, then `input`. */
  const write = async (bot: Awaited<ReturnType<typeof mount>>, text: string) => {
    textarea(bot).value = text;
    textarea(bot).dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
    await (composer(bot) as ChatBotComposer).updateComplete;
  };

  it('counts the characters left near the most a message holds', async () => {
    const bot = await mount(await newChatbot());
    await open(bot);
    await write(bot, 'x'.repeat(7000));
    expect(notes(bot)).toEqual(['', '']);
    await write(bot, 'x'.repeat(7600));
    expect(notes(bot)).toEqual(['400 characters left', '']);
    // Read with the box, not announced at each key.
    expect(textarea(bot).getAttribute('aria-describedby')).toBe('left');
    expect(composer(bot).shadowRoot!.querySelector('#left')!.getAttribute('role')).toBeNull();
    expect(textarea(bot).maxLength).toBe(8000);
  });

  it('offers Send only for text that is not blank, whatever its length', async () => {
    const bot = await mount(await newChatbot());
    await open(bot);
    const send = () => composer(bot).shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    await write(bot, 'a');
    expect(send().disabled).toBe(false);
    await write(bot, ' ');
    expect(send().disabled).toBe(true);
  });

  it('says, in a status, that a paste was cut to fit, until the text is shorter', async () => {
    const bot = await mount(await newChatbot(), { locale: 'es' });
    await open(bot);
    await write(bot, 'Hola ');
    textarea(bot).setSelectionRange(5, 5);
    const data = new DataTransfer();
    data.setData('text/plain', 'y'.repeat(9000));
    textarea(bot).dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, composed: true }));
    // The browser keeps what fits (maxlength).
    await write(bot, `Hola ${'y'.repeat(7995)}`);
    expect(notes(bot)).toEqual(['', 'Solo se pegaron los primeros 8000 caracteres: un mensaje no admite más.']);
    expect(composer(bot).shadowRoot!.querySelector('[role="status"]')!.textContent!.trim()).toBe(notes(bot)[1]);
    await write(bot, 'Hola');
    expect(notes(bot)).toEqual(['', '']);
  });
});

describe('the header menu by keyboard', () => {
  it('takes focus to its first item, and Escape closes it with focus back on its button', async () => {
    const bot = await mount(await newChatbot(settings));
    await open(bot);
    const button = inPanel<HTMLButtonElement>(bot, 'button[aria-controls="menu"]')!;
    button.focus();
    await userEvent.keyboard('{Enter}');
    await until(() => deepActive()?.textContent === 'New chat');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await userEvent.keyboard('{Escape}');
    await until(() => deepActive() === button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(bot.open).toBe(true);
  });
});

describe('system preferences', () => {
  it('stop the animations when reduced motion is asked for', async () => {
    const t = token();
    await script(t, { text: 'Slowly.', delayMs: 800 });
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-reduced-motion', value: 'reduce' }] });
    try {
      const bot = await mount(await newChatbot({ ...settings, Model: 'scripted' }));
      expect(style(launcher(bot)).transitionDuration).toBe('0s');
      await open(bot);
      await type(bot, `Wait ${t}`);
      const dot = await until(() => messages(bot)[1]?.shadowRoot?.querySelector('.typing span'));
      expect(style(dot).animationName).toBe('none');
      await answered(bot);
    } finally {
      await cdp().send('Emulation.setEmulatedMedia', {
        features: [{ name: 'prefers-reduced-motion', value: 'no-preference' }],
      });
    }
  });

  it('keep launcher, bubbles and buttons outlined in forced colours', async () => {
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: 'active' }] });
    try {
      const bot = await mount(await newChatbot(settings));
      expect(parseFloat(style(launcher(bot)).borderTopWidth)).toBeGreaterThan(0);
      await open(bot);
      await type(bot, 'Hello');
      await answered(bot);
      const bubble = messages(bot)[1]!.shadowRoot!.querySelector('.bubble')!;
      expect(parseFloat(style(bubble).borderTopWidth)).toBeGreaterThan(0);
      expect(parseFloat(style(composer(bot).shadowRoot!.querySelector('button')!).borderTopWidth)).toBeGreaterThan(0);
    } finally {
      await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: 'none' }] });
    }
  });
});

describe('screen readers', () => {
  it('hear each finished answer exactly once, and no fragment while it streams', async () => {
    const t = token();
    await script(t, { text: 'First **answer**, streamed in several parts.', delayMs: 30 });
    const t2 = token();
    await script(t2, { text: 'First **answer**, streamed in several parts.' });
    const bot = await mount(await newChatbot({ ...settings, Model: 'scripted' }));
    await open(bot);
    const root = panel(bot)!.shadowRoot!;
    expect(root.querySelector('[role="log"]')!.getAttribute('aria-live')).toBe('off');
    const status = root.querySelector('[role="status"]')!;
    const heard: string[] = [];
    new MutationObserver(() => status.textContent!.trim() && heard.push(status.textContent!.trim())).observe(status, {
      childList: true,
      subtree: true,
      characterData: true,
    });
    await type(bot, `One ${t}`);
    await answered(bot);
    await until(() => heard.length === 1);
    // The same text again is heard again: the region is emptied first.
    await type(bot, `Two ${t2}`);
    await answered(bot, 2);
    await until(() => heard.length === 2);
    await new Promise((r) => setTimeout(r, 400));
    expect(heard).toEqual(['First answer, streamed in several parts.', 'First answer, streamed in several parts.']);
  });
});

// Phones (the sheet, the keyboard, Back, touch targets, axe) are in test/e2e/phone.test.ts: a page
// of their own, since the sheet's history entry must not step other test files' frames back.

describe('dark mode', () => {
  const colours = async (bot: HTMLElement) => {
    const dialog = inPanel(bot as never, '.panel')!;
    const muted = await until(() => inPanel(bot as never, '.privacy'));
    return {
      surface: rgb(style(dialog).backgroundColor),
      text: rgb(style(dialog).color),
      muted: rgb(style(muted).color),
    };
  };

  it('theme="dark" draws light text on a dark panel, every text at least WCAG AA', async () => {
    const bot = await mount(await newChatbot(settings), { theme: 'dark' });
    await open(bot);
    const c = await colours(bot);
    expect(contrast(c.surface, [0, 0, 0])).toBeLessThan(2);
    expect(contrast(c.text, c.surface)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(c.muted, c.surface)).toBeGreaterThanOrEqual(4.5);
  });

  it('theme="auto" follows the system, and theme="light" does not', async () => {
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] });
    try {
      const auto = await mount(await newChatbot(settings));
      await open(auto);
      expect(contrast((await colours(auto)).surface, [0, 0, 0])).toBeLessThan(2);
      unmountAll();
      const light = await mount(await newChatbot(settings), { theme: 'light' });
      await open(light);
      expect(contrast((await colours(light)).surface, [255, 255, 255])).toBeLessThan(1.1);
    } finally {
      await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'light' }] });
    }
  });

  it('keeps owner colours readable: black or white text, whichever contrasts more', async () => {
    for (const [bubble, user] of [
      ['rgb(250, 204, 21)', 'rgb(30, 41, 59)'],
      ['rgb(127, 127, 127)', 'rgb(255, 255, 255)'],
    ]) {
      const bot = await mount(await newChatbot({ ...settings, ChatBubbleColor: bubble, UserMessageColor: user }), {
        theme: 'dark',
      });
      await open(bot);
      await type(bot, 'Hello');
      await answered(bot);
      const header = inPanel(bot, 'header')!;
      expect(contrast(rgb(style(header).color), parseColor(bubble)!)).toBeGreaterThanOrEqual(4.5);
      const mine = messages(bot)[0]!.shadowRoot!.querySelector('.bubble')!;
      expect(contrast(rgb(style(mine).color), rgb(style(mine).backgroundColor))).toBeGreaterThanOrEqual(4.5);
      unmountAll();
    }
  });
});

describe('languages', () => {
  const words: Record<Exclude<Language, 'en'>, typeof es> = { es, fr, de, pt, zh, ar };

  it.each(['en', 'es', 'fr', 'de', 'pt', 'zh', 'ar'] as const)(
    '%s: every word of the launcher and the panel',
    async (lang) => {
      const bot = await mount(await newChatbot(settings), { locale: lang === 'en' ? 'en-US' : lang });
      const t = { ...(lang === 'en' ? en : words[lang]), ...launcherStrings(lang) };
      expect(launcher(bot).getAttribute('aria-label')).toBe(t.openChat);
      await open(bot);
      await until(() => textarea(bot).placeholder === t.placeholder);
      // The privacy notice shows once the (empty) conversation is read from IndexedDB.
      await until(() => inPanel(bot, '.privacy'));
      expect(launcher(bot).getAttribute('aria-label')).toBe(t.closeChat);
      expect(inPanel(bot, 'button[aria-label]')!.getAttribute('aria-label')).toBe(t.menu);
      expect(inPanel(bot, '.privacy')!.textContent!.replace(/\s+/g, ' ').trim()).toBe(
        t.privacy.replace('{link}', t.privacyDefault),
      );
      expect(composer(bot).shadowRoot!.querySelector('label')!.textContent).toBe(t.message);
      expect(style(inPanel(bot, '.panel')!).direction).toBe(lang === 'ar' ? 'rtl' : 'ltr');
      expect(bot.shadowRoot!.querySelector('.root')!.getAttribute('lang')).toBe(lang);
    },
  );

  it('picks the first of the browser’s languages it has, and English for one it has not', async () => {
    const bot = await mount(await newChatbot(settings), { locale: 'sw-KE' });
    expect(launcher(bot).getAttribute('aria-label')).toBe('Open chat');
    bot.locale = 'pt-BR';
    await open(bot);
    await until(() => textarea(bot).placeholder === pt.placeholder);
  });

  it('mirrors for Arabic: user messages on the left, text from the right, the launcher where the owner put it', async () => {
    const bot = await mount(await newChatbot(settings), { locale: 'ar' });
    await open(bot);
    await type(bot, 'مرحبا');
    await answered(bot);
    const [mine, answer] = messages(bot).map((m) => m.shadowRoot!.querySelector('.bubble')!.getBoundingClientRect());
    const box = inPanel(bot, '.panel')!.getBoundingClientRect();
    expect(mine!.left - box.left).toBeLessThan(box.right - mine!.right);
    expect(box.right - answer!.right).toBeLessThan(answer!.left - box.left);
    // ChatBubbleAlign 0 is bottom right in any direction.
    const root = bot.shadowRoot!.querySelector('.root')!.getBoundingClientRect();
    expect(innerWidth - root.right).toBeLessThan(root.left);
  });

  it('follows a dir="rtl" host whatever its language', async () => {
    const bot = await mount(await newChatbot(settings), { locale: 'en', dir: 'rtl' });
    await open(bot);
    expect(style(inPanel(bot, '.panel')!).direction).toBe('rtl');
  });

  it('writes times in the visitor’s locale, and survives one that is not valid', async () => {
    const bot = await mount(await newChatbot(settings), { locale: 'not a locale!' });
    await open(bot);
    await type(bot, 'Hello');
    await answered(bot);
    expect(messages(bot)[1]!.shadowRoot!.querySelector('time')!.textContent).toMatch(/\d/);
  });
});

describe('the theming API', () => {
  it('styles through --chat-bot-* properties and ::part names, and nothing else reaches in', async () => {
    const css = document.createElement('style');
    css.dataset.test = '';
    css.textContent = `chat-bot { --chat-bot-accent: rgb(1, 2, 3); --chat-bot-radius: 3px; }
      chat-bot::part(header) { border-block-end: 5px solid rgb(4, 5, 6); }
      chat-bot::part(composer) { background: rgb(7, 8, 9); }
      chat-bot::part(user-message) { opacity: 0.75; }
      chat-bot::part(bubble) { box-shadow: rgb(10, 11, 12) 0px 0px 0px 1px; }
      .bubble, header, form, button { background: red !important; }`;
    document.head.append(css);
    const bot = await mount(await newChatbot(settings));
    await open(bot);
    await type(bot, 'Hello');
    await answered(bot);
    const header = inPanel(bot, 'header')!;
    expect(style(header).backgroundColor).toBe('rgb(1, 2, 3)');
    expect(style(header).borderBottomColor).toBe('rgb(4, 5, 6)');
    expect(style(composer(bot)).backgroundColor).toBe('rgb(7, 8, 9)');
    expect(style(messages(bot)[0]!).opacity).toBe('0.75');
    const bubble = messages(bot)[1]!.shadowRoot!.querySelector('.bubble')!;
    expect(style(bubble).boxShadow).toContain('rgb(10, 11, 12)');
    expect(style(bubble).borderTopLeftRadius).toBe('3px');
    expect(style(launcher(bot)).backgroundColor).toBe('rgb(1, 2, 3)');
  });

  it('looks the same on a page whose CSS resets everything and sets huge fonts', async () => {
    const measure = async () => {
      const bot = await mount(await newChatbot(settings));
      const closed = launcher(bot).getBoundingClientRect().toJSON();
      await open(bot);
      await type(bot, 'Hello');
      await answered(bot);
      const bubble = messages(bot)[1]!.shadowRoot!.querySelector('.bubble')!;
      const out = {
        closed,
        panel: inPanel(bot, '.panel')!.getBoundingClientRect().toJSON(),
        header: inPanel(bot, 'header')!.getBoundingClientRect().height,
        bubble: [
          style(bubble).fontSize,
          style(bubble).lineHeight,
          style(bubble).letterSpacing,
          style(bubble).textTransform,
          style(bubble).fontFamily,
        ],
        field: [style(textarea(bot)).fontSize, textarea(bot).getBoundingClientRect().height],
      };
      unmountAll();
      return out;
    };
    const plain = await measure();
    const css = document.createElement('style');
    css.dataset.test = '';
    css.textContent = `* { all: revert !important; }
      html { font-size: 40px !important; }
      body { font: italic 30px/3 serif !important; letter-spacing: 4px !important; word-spacing: 9px !important; text-transform: uppercase !important; color: red !important; text-align: right !important; }`;
    document.head.append(css);
    expect(await measure()).toEqual(plain);
  });
});
