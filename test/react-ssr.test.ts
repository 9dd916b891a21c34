/**
 * chat-bot-element/react on a server: a React app that renders <ChatBot> to HTML (server rendering, as
 * Next.js or Remix does) imports the package in Node without a DOM and gets the element's tag.
 * (A Next.js app hydrating it: the example apps of demo/frameworks, test/e2e/frameworks.test.ts.)
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

describe('chat-bot-element/react rendered on the server', () => {
  it('imports without a DOM and renders the <chat-bot> tag; its properties are set when the page hydrates', async () => {
    expect(typeof document).toBe('undefined');
    const { ChatBot } = await import('../src/react.ts');
    const html = renderToString(
      createElement(
        'main',
        null,
        createElement(ChatBot, { serialNumber: '0f9c2a6b8e4d4c1fa3b7d5e6f8091a2b', theme: 'dark' }),
      ),
    );
    // @lit/react sets the element's properties in the browser (a layout effect), not as attributes
    // in the HTML; the element does nothing until then, so the server's HTML is the bare tag.
    expect(html).toBe('<main><chat-bot></chat-bot></main>');
  });
});
