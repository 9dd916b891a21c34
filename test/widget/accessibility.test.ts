/** The basics of access: native controls, a labelled dialog, a log region, Escape, and axe in each state. */
import { afterEach, describe, expect, it } from 'vitest';
import {
  answered,
  inPanel,
  launcher,
  messages,
  mount,
  newChatbot,
  open,
  panel,
  script,
  token,
  type,
  unmountAll,
  until,
} from './harness.ts';

afterEach(unmountAll);

const settings = {
  Name: 'Harbor Homes',
  WelcomeMessage: 'Welcome!',
  SuggestedMessage: 'Hello\nHomes in Austin',
  ChatbotPrivacyPolicyUrl: 'https://harbor.example/privacy',
};

describe('the launcher', () => {
  it('is a labelled button that says whether the chat is open', async () => {
    const bot = await mount(await newChatbot(settings));
    expect(launcher(bot).tagName).toBe('BUTTON');
    expect(launcher(bot).getAttribute('aria-label')).toBe('Open chat');
    expect(launcher(bot).getAttribute('aria-expanded')).toBe('false');
    await open(bot);
    expect(launcher(bot).getAttribute('aria-expanded')).toBe('true');
    expect(launcher(bot).getAttribute('aria-label')).toBe('Close chat');
  });
});

describe('the panel', () => {
  it('is a dialog labelled by the chatbot’s name, with the messages in a log', async () => {
    const bot = await mount(await newChatbot(settings));
    await open(bot);
    const dialog = inPanel(bot, '[role="dialog"]')!;
    expect(dialog.getAttribute('aria-labelledby')).toBe('title');
    expect(inPanel(bot, '#title')!.textContent).toBe('Harbor Homes');
    expect(inPanel(bot, '[role="log"]')).not.toBeNull();
  });

  it('takes focus into the message box on open, and gives it back to the launcher on Escape', async () => {
    const bot = await mount(await newChatbot(settings));
    launcher(bot).focus();
    await open(bot);
    const composer = inPanel(bot, 'chat-bot-composer')!;
    await until(() => composer.shadowRoot!.activeElement?.tagName === 'TEXTAREA');
    composer
      .shadowRoot!.querySelector('textarea')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await until(() => !bot.open);
    expect(panel(bot)!.hidden).toBe(true);
    expect(bot.shadowRoot!.activeElement).toBe(launcher(bot));
  });

  it('labels the message box', async () => {
    const bot = await mount(await newChatbot(settings));
    await open(bot);
    const root = inPanel(bot, 'chat-bot-composer')!.shadowRoot!;
    const field = root.querySelector('textarea')!;
    expect(root.querySelector(`label[for="${field.id}"]`)!.textContent).toBe('Message');
  });
});

describe('axe', () => {
  it('finds nothing closed, with the welcome popup', async () => {
    const bot = await mount(await newChatbot(settings));
    await until(() => bot.shadowRoot!.querySelector('.popup:not([hidden])'));
    await expect(bot).to.be.accessible();
  });

  it('finds nothing open and empty', async () => {
    const bot = await mount(await newChatbot(settings));
    await open(bot);
    await expect(bot).to.be.accessible();
  });

  it('finds nothing in a conversation', async () => {
    const bot = await mount(await newChatbot(settings));
    await open(bot);
    await type(bot, 'Hello');
    await answered(bot);
    await expect(bot).to.be.accessible();
  });

  it('finds nothing while an answer streams', async () => {
    const t = token();
    await script(t, { text: 'An answer, **streaming** slowly, with [a link](https://example.com).', delayMs: 200 });
    const bot = await mount(await newChatbot({ ...settings, Model: 'scripted' }));
    await open(bot);
    await type(bot, `Stream ${t}`);
    await until(() => inPanel(bot, '[role="log"][aria-busy="true"]'));
    await expect(bot).to.be.accessible();
    await answered(bot);
  });

  it('finds nothing when an answer failed', async () => {
    const t = token();
    await script(t, {
      text: 'Half of an answer that breaks.',
      chunks: ['Half of ', 'an answer that breaks.'],
      failAfter: 1,
    });
    const bot = await mount(await newChatbot({ ...settings, Model: 'scripted' }));
    await open(bot);
    await type(bot, `Break ${t}`);
    await until(() => messages(bot)[1]?.shadowRoot?.querySelector('[role="alert"]'));
    await expect(bot).to.be.accessible();
  });

  it('finds nothing with the talk-to-a-person form open', async () => {
    const bot = await mount(await newChatbot({ ...settings, TalkToHumanEmail: 'team@harbor.example' }));
    await open(bot);
    inPanel<HTMLButtonElement>(bot, 'header button[aria-haspopup]')!.click();
    await until(() => inPanel(bot, '.menu'));
    [...panel(bot)!.shadowRoot!.querySelectorAll<HTMLButtonElement>('.menu button')]
      .find((b) => b.textContent === 'Talk to a person')!
      .click();
    await until(() => inPanel(bot, 'chat-bot-handoff')?.shadowRoot?.querySelector('form'));
    await expect(bot).to.be.accessible();
  });

  it('finds nothing in dark mode, in a conversation', async () => {
    const bot = await mount(await newChatbot(settings), { theme: 'dark' });
    await open(bot);
    await type(bot, 'Hello');
    await answered(bot);
    await expect(bot).to.be.accessible();
  });

  it('finds nothing right to left, in Arabic', async () => {
    const bot = await mount(await newChatbot(settings), { locale: 'ar' });
    await open(bot);
    await until(() => inPanel(bot, '[role="log"]')?.getAttribute('aria-label') === 'الدردشة');
    await type(bot, 'مرحبا');
    await answered(bot);
    await expect(bot).to.be.accessible();
  });
});
