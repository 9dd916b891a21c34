/** Each setting of WIDGET.md's table, as a visitor sees it, from a chatbot on the real service. */
import { afterEach, describe, expect, it } from 'vitest';
import { contrast, parseColor } from '../../src/widget/color.ts';
import {
  allInPanel,
  answered,
  bubbleText,
  inPanel,
  launcher,
  messages,
  mount,
  newChatbot,
  open,
  owner,
  part,
  stored,
  textarea,
  type,
  unmountAll,
  until,
} from './harness.ts';

afterEach(unmountAll);

const rgb = (value: string) => parseColor(value.replace(/\s+/g, ''))!;

describe('colours', () => {
  it('paint the launcher and header with ChatBubbleColor and readable text on it', async () => {
    const serial = await newChatbot({ ChatBubbleColor: 'rgb(250, 204, 21)', Name: 'Sunny' });
    const bot = await mount(serial);
    await until(() => getComputedStyle(launcher(bot)).backgroundColor === 'rgb(250, 204, 21)');
    expect(getComputedStyle(launcher(bot)).color).toBe('rgb(0, 0, 0)');
    await open(bot);
    const header = inPanel(bot, 'header')!;
    expect(getComputedStyle(header).backgroundColor).toBe('rgb(250, 204, 21)');
    expect(
      contrast(rgb(getComputedStyle(header).color), rgb(getComputedStyle(header).backgroundColor)),
    ).toBeGreaterThanOrEqual(4.5);
  });

  it('give the visitor’s bubbles UserMessageColor, with white text on a dark colour', async () => {
    const serial = await newChatbot({ UserMessageColor: 'rgb(30, 41, 59)' });
    const bot = await mount(serial);
    await open(bot);
    await type(bot, 'Hello');
    await answered(bot);
    const bubble = messages(bot)[0]!.shadowRoot!.querySelector('.bubble')!;
    expect(getComputedStyle(bubble).backgroundColor).toBe('rgb(30, 41, 59)');
    expect(getComputedStyle(bubble).color).toBe('rgb(255, 255, 255)');
  });

  it('yield to the page’s own --chat-bot-accent', async () => {
    const serial = await newChatbot({ ChatBubbleColor: 'rgb(250, 204, 21)' });
    const bot = await mount(serial);
    bot.style.setProperty('--chat-bot-accent', 'rgb(0, 128, 0)');
    await until(() => getComputedStyle(launcher(bot)).backgroundColor === 'rgb(0, 128, 0)');
    expect(getComputedStyle(launcher(bot)).backgroundColor).toBe('rgb(0, 128, 0)');
  });
});

describe('placement, name, pictures', () => {
  it('puts the launcher bottom left with ChatBubbleAlign 1', async () => {
    const bot = await mount(await newChatbot({ ChatBubbleAlign: 1 }));
    await until(() => part(bot, '.root.left'));
    const box = launcher(bot).getBoundingClientRect();
    expect(box.left).toBeLessThan(window.innerWidth / 2);
  });

  it('titles the panel with Name and labels the dialog with it', async () => {
    const bot = await mount(await newChatbot({ Name: 'Harbor Homes' }));
    await open(bot);
    expect(inPanel(bot, 'h2')!.textContent).toBe('Harbor Homes');
    const dialog = inPanel(bot, '[role="dialog"]')!;
    expect(inPanel(bot, `#${dialog.getAttribute('aria-labelledby')}`)!.textContent).toBe('Harbor Homes');
  });

  it('shows ChatIcon on the launcher and ChatProfilePicture in the header', async () => {
    const client = owner();
    const png = await (
      await fetch(
        'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      )
    ).arrayBuffer();
    const ids: string[] = [];
    for (const name of ['icon.png', 'face.png']) {
      const { FileStoreId, PreUploadUrl } = await client.getPreUploadUrl({ fileName: name });
      await client.upload(PreUploadUrl, png);
      await client.uploadSuccess({ FileStoreId });
      ids.push(FileStoreId);
    }
    const bot = await mount(await newChatbot({ ChatIcon: ids[0], ChatProfilePicture: ids[1] }));
    const icon = await until(() => part<HTMLImageElement>(bot, '.launcher img'));
    expect(icon.src).toBe(client.fileUrl(ids[0]!));
    await open(bot);
    expect(inPanel<HTMLImageElement>(bot, 'header img')!.src).toBe(client.fileUrl(ids[1]!));
  });
});

describe('the welcome message', () => {
  it('is the first message of a new conversation, and sent nowhere', async () => {
    const serial = await newChatbot({ WelcomeMessage: 'Welcome to Harbor Homes!' });
    const bot = await mount(serial);
    await open(bot);
    expect(inPanel(bot, '[role="log"] .welcome')!.textContent).toBe('Welcome to Harbor Homes!');
    expect(await stored(serial)).toEqual([]);
  });

  it('pops up beside the closed launcher, and opens the chat when clicked', async () => {
    const bot = await mount(await newChatbot({ WelcomeMessage: 'Need a hand?' }));
    const popup = await until(() => part(bot, '.popup:not([hidden])'));
    expect(popup.textContent).toContain('Need a hand?');
    part<HTMLButtonElement>(bot, '.popup .text')!.click();
    await until(() => bot.open);
    expect(part(bot, '.popup')!.hidden).toBe(true);
  });

  it('pops up only once per browser with ChatbotPopupOnce, across reloads', async () => {
    const serial = await newChatbot({ WelcomeMessage: 'Once only', ChatbotPopupOnce: true });
    const first = await mount(serial);
    await until(() => part(first, '.popup:not([hidden])'));
    unmountAll();
    const again = await mount(serial);
    await new Promise((r) => setTimeout(r, 300));
    expect(part(again, '.popup')!.hidden).toBe(true);
  });

  it('pops up again on every load without ChatbotPopupOnce, until dismissed', async () => {
    const serial = await newChatbot({ WelcomeMessage: 'Every time' });
    const first = await mount(serial);
    await until(() => part(first, '.popup:not([hidden])'));
    unmountAll();
    const again = await mount(serial);
    await until(() => part(again, '.popup:not([hidden])'));
    part<HTMLButtonElement>(again, '.popup .dismiss')!.click();
    await again.updateComplete;
    expect(part(again, '.popup')!.hidden).toBe(true);
  });
});

describe('suggestions, placeholder, privacy', () => {
  it('offers one chip per SuggestedMessage line, and a click sends it', async () => {
    const serial = await newChatbot({ SuggestedMessage: 'Hello there\nHomes in Austin' });
    const bot = await mount(serial);
    await open(bot);
    const chips = await until(
      () => allInPanel<HTMLButtonElement>(bot, '.chip').length === 2 && allInPanel<HTMLButtonElement>(bot, '.chip'),
    );
    expect(chips.map((c) => c.textContent)).toEqual(['Hello there', 'Homes in Austin']);
    chips[0]!.click();
    await answered(bot);
    expect(bubbleText(messages(bot)[0]!)).toBe('Hello there');
    expect((await stored(serial)).map((m) => [m.role, m.content])[0]).toEqual(['question', 'Hello there']);
    expect(allInPanel(bot, '.chip')).toEqual([]);
  });

  it('uses UserInputPlaceholder in the message box', async () => {
    const bot = await mount(await newChatbot({ UserInputPlaceholder: 'Ask about homes…' }));
    await open(bot);
    expect(textarea(bot).placeholder).toBe('Ask about homes…');
  });

  it('shows the privacy notice with its link until the first message', async () => {
    const bot = await mount(
      await newChatbot({
        ChatbotPrivacyPolicyName: 'Our policy',
        ChatbotPrivacyPolicyUrl: 'https://harbor.example/privacy',
        ChatbotPrivacyPolicyDescription: 'Chats are kept 30 days.',
      }),
    );
    await open(bot);
    const notice = await until(() => inPanel(bot, '.privacy'));
    expect(notice.textContent).toContain('Chats are kept 30 days.');
    const link = notice.querySelector('a')!;
    expect([link.textContent, link.href, link.target, link.rel]).toEqual([
      'Our policy',
      'https://harbor.example/privacy',
      '_blank',
      'noopener noreferrer',
    ]);
    await type(bot, 'Hello');
    await until(() => !inPanel(bot, '.privacy'));
  });

  it("names the policy in the visitor's language when the site's is another: no English name inside a Spanish sentence", async () => {
    const serial = await newChatbot({
      ChatbotPrivacyPolicyName: 'Privacy policy',
      ChatbotPrivacyPolicyUrl: 'https://harbor.example/privacy',
    });
    /** The notice a visitor in `locale` reads, once its language's words have loaded, is `expected`. */
    const reads = async (locale: string, expected: string) => {
      const bot = await mount(serial, { locale });
      await open(bot);
      const text = () => (inPanel(bot, '.privacy')?.textContent ?? '').replace(/\s+/g, ' ').trim();
      await until(() => text() === expected, 3000).catch(() => undefined);
      const shown = text();
      bot.remove();
      expect(shown).toBe(expected);
    };
    const before = document.documentElement.lang;
    try {
      document.documentElement.lang = 'en-US';
      await reads('es-ES', 'Al chatear aceptas nuestra política de privacidad.');
      await reads('en-GB', 'By chatting you agree to our Privacy policy.');
      // A Spanish site's own name goes in its Spanish sentence; a page that says no language keeps the owner's name.
      document.documentElement.lang = 'es';
      await reads('es-MX', 'Al chatear aceptas nuestra Privacy policy.');
      document.documentElement.lang = '';
      await reads('fr', 'En discutant, vous acceptez notre Privacy policy.');
    } finally {
      document.documentElement.lang = before;
    }
  });
});

describe('the header menu', () => {
  it('lists the social links, opening in a new tab', async () => {
    const bot = await mount(
      await newChatbot({
        SocialPageUrl: 'https://social.example/harbor',
        MessengerUrl: 'https://messenger.example/harbor',
      }),
    );
    await open(bot);
    const menuButton = inPanel<HTMLButtonElement>(bot, 'header [aria-haspopup]')!;
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    menuButton.click();
    await until(() => inPanel(bot, '.menu'));
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    const links = allInPanel<HTMLAnchorElement>(bot, '.menu a');
    expect(links.map((a) => [a.href, a.target, a.rel])).toEqual([
      ['https://social.example/harbor', '_blank', 'noopener noreferrer'],
      ['https://messenger.example/harbor', '_blank', 'noopener noreferrer'],
    ]);
  });

  it('offers "Talk to a person" only when the chatbot hands off, and the form sends a lead', async () => {
    const quiet = await mount(await newChatbot());
    await open(quiet);
    inPanel<HTMLButtonElement>(quiet, 'header [aria-haspopup]')!.click();
    await until(() => inPanel(quiet, '.menu'));
    expect(allInPanel(quiet, '.menu button').map((b) => b.textContent)).toEqual(['New chat']);
    unmountAll();

    const serial = await newChatbot({
      TalkToHumanEmail: 'agents@harbor.example',
      TalkToHumanResponseMessage: 'An agent will call you today.',
    });
    const bot = await mount(serial);
    const handoffs: string[] = [];
    bot.addEventListener('chat-bot-handoff', (e) => handoffs.push(e.email));
    await open(bot);
    inPanel<HTMLButtonElement>(bot, 'header [aria-haspopup]')!.click();
    (await until(() =>
      allInPanel<HTMLButtonElement>(bot, '.menu button').find((b) => b.textContent === 'Talk to a person'),
    ))!.click();
    const form = await until(() => inPanel(bot, 'chat-bot-handoff')?.shadowRoot?.querySelector('form'));
    (form.querySelector('[name="name"]') as HTMLInputElement).value = 'Ana';
    (form.querySelector('[name="email"]') as HTMLInputElement).value = 'ana@example.com';
    (form.querySelector('[name="message"]') as HTMLTextAreaElement).value = 'Call me please';
    form.requestSubmit();
    await until(() => messages(bot).some((m) => bubbleText(m).includes('An agent will call you today.')));
    expect(handoffs).toEqual(['ana@example.com']);
    expect(inPanel(bot, 'chat-bot-handoff')).toBeNull();
  });
});

describe('RateLimitMessage', () => {
  it('is what the visitor reads when the service answers 429', async () => {
    const serial = await newChatbot({
      RateLimitCount: 1,
      RateLimitTime: 3600,
      RateLimitMessage: 'One question an hour, please.',
    });
    const bot = await mount(serial);
    const errors: number[] = [];
    bot.addEventListener('chat-bot-error', (e) => errors.push(e.code));
    await open(bot);
    await type(bot, 'Hello');
    await answered(bot);
    await type(bot, 'Hello again');
    const alert = await until(() => messages(bot).at(-1)?.shadowRoot?.querySelector('[role="alert"]'));
    expect(alert.textContent).toBe('One question an hour, please.');
    expect(errors).toEqual([429]);
  });
});

describe('the settings property', () => {
  it('wins over what the service says', async () => {
    const bot = await mount(await newChatbot({ Name: 'From the service', WelcomeMessage: 'Service welcome' }));
    bot.settings = { Name: 'From the page' };
    await open(bot);
    expect(inPanel(bot, 'h2')!.textContent).toBe('From the page');
    expect(inPanel(bot, '.welcome')!.textContent).toBe('Service welcome');
  });
});
