/**
 * chat-bot-element/react: <ChatBot> as a React 19 component (src/react.ts), rendered by react-dom in
 * Chromium against the real service — props from app state reach the element as properties, its
 * events reach app code as typed onChatBot… props, and a ref is the element itself.
 */
import { createElement, createRef, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ChatBot,
  type ChatBotAnswerEvent,
  type ChatBotElement,
  type ChatBotOpenEvent,
  type ChatBotSendEvent,
} from '../../src/react.ts';
import { apiOrigin, launcher, messages, newChatbot, until } from './harness.ts';

let root: Root | null = null;
let host: HTMLElement | null = null;

function render(tree: ReactNode): void {
  if (!host) {
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  }
  root!.render(tree);
}

afterEach(() => {
  root?.unmount();
  host?.remove();
  root = null;
  host = null;
});

describe('<ChatBot> from chat-bot-element/react', () => {
  it('sets every prop as a property of the element, follows app state, and gives the element to a ref', async () => {
    const serialNumber = await newChatbot({ Name: 'React Realty' });
    const ref = createRef<ChatBotElement>();
    const settings = { WelcomeMessage: 'Hello from the app' };
    const app = (theme: 'light' | 'dark', locale: string) =>
      createElement(ChatBot, {
        ref,
        serialNumber,
        baseUrl: apiOrigin(),
        theme,
        locale,
        settings,
        strings: { send: 'Go' },
      });
    render(app('light', 'en'));
    const element = await until(() => ref.current);
    expect(element.localName).toBe('chat-bot');
    expect(element.serialNumber).toBe(serialNumber);
    expect(element.baseUrl).toBe(apiOrigin());
    // Objects pass whole, as properties, not as "[object Object]" attributes.
    expect(element.settings).toBe(settings);
    expect(element.strings).toEqual({ send: 'Go' });
    await until(() => element.shadowRoot?.querySelector('.launcher'));

    render(app('dark', 'de'));
    await until(() => element.theme === 'dark' && element.locale === 'de');
    expect(element.getAttribute('theme')).toBe('dark');
    expect(ref.current).toBe(element);
  });

  it('reads its settings from baseUrl’s service once, whichever prop React sets first', async () => {
    const serialNumber = await newChatbot({ ChatBubbleColor: 'rgb(250, 204, 21)' });
    const asked: string[] = [];
    const fetch = window.fetch;
    window.fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('/chat/Chatbot/Get')) asked.push(new URL(url).origin);
      return fetch(input, init);
    };
    try {
      // @lit/react sets props one by one, in this order, on an element already in the page.
      render(createElement(ChatBot, { serialNumber, baseUrl: apiOrigin() }));
      const element = await until(() => document.querySelector('chat-bot'));
      await until(
        () =>
          element.shadowRoot?.querySelector('.launcher') &&
          getComputedStyle(launcher(element)).backgroundColor === 'rgb(250, 204, 21)',
      );
      expect(asked).toEqual([apiOrigin()]);
    } finally {
      window.fetch = fetch;
    }
  });

  it('hands the element’s events to onChatBot… props, typed, and the ref drives it', async () => {
    const serialNumber = await newChatbot();
    const ref = createRef<ChatBotElement>();
    const heard: string[] = [];
    let answer: ChatBotAnswerEvent | null = null;
    render(
      createElement(ChatBot, {
        ref,
        serialNumber,
        baseUrl: apiOrigin(),
        onChatBotOpen: (e: ChatBotOpenEvent) => heard.push(e.type),
        onChatBotSend: (e: ChatBotSendEvent) => heard.push(`${e.type}: ${e.text}`),
        onChatBotAnswer: (e: ChatBotAnswerEvent) => {
          heard.push(e.type);
          answer = e;
        },
      }),
    );
    const element = await until(() => ref.current);
    await until(() => element.shadowRoot?.querySelector('.launcher'));
    await element.show();
    await until(() => heard.includes('chat-bot-open'));
    await element.send('Homes in Austin');
    await until(() => answer);
    expect(heard).toEqual(['chat-bot-open', 'chat-bot-send: Homes in Austin', 'chat-bot-answer']);
    expect(answer!.answerId).toBeGreaterThan(0);
    expect(messages(element).map((m) => m.message.role)).toEqual(['user', 'assistant']);

    // Unmounted with the app: the element leaves the page.
    root!.unmount();
    root = null;
    expect(document.querySelector('chat-bot')).toBeNull();
  });
});
