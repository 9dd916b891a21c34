/** dist/chat-bot.js as an owner pastes it: one classic script tag with data-* attributes. */
import { afterEach, describe, expect, it } from 'vitest';

function loadScript(attributes: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    // The built file, served by the test server from the package root (npm test builds first).
    script.src = `/dist/chat-bot.js?${Math.random()}`;
    for (const [k, v] of Object.entries(attributes)) script.setAttribute(k, v);
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('dist/chat-bot.js did not load — run `npm run build`'));
    document.head.append(script);
  });
}

describe('the script-tag file', () => {
  const errors: ErrorEvent[] = [];
  const onError = (e: ErrorEvent) => errors.push(e);
  window.addEventListener('error', onError);

  afterEach(() => {
    document.querySelectorAll('chat-bot, script[src*="chat-bot.js"]').forEach((e) => e.remove());
    errors.length = 0;
  });

  it('adds one <chat-bot> carrying every data-* attribute of its script tag', async () => {
    await loadScript({ 'data-serial-number': '0f9c2a6b8e4d4c1fa3b7d5e6f8091a2b', 'data-base-url': 'https://api.example', 'data-locale': 'es', async: '' });
    const bots = document.querySelectorAll('chat-bot');
    expect(bots).toHaveLength(1);
    expect(bots[0]!.getAttribute('serial-number')).toBe('0f9c2a6b8e4d4c1fa3b7d5e6f8091a2b');
    expect(bots[0]!.getAttribute('base-url')).toBe('https://api.example');
    expect(bots[0]!.getAttribute('locale')).toBe('es');
  });

  it('can be loaded twice without an error or a second element', async () => {
    await loadScript({ 'data-serial-number': 'a' });
    await loadScript({ 'data-serial-number': 'b' });
    expect(errors.map((e) => e.message)).toEqual([]);
    expect(document.querySelectorAll('chat-bot')).toHaveLength(1);
  });

  it('leaves a page that already has a <chat-bot> as it is', async () => {
    const own = document.createElement('chat-bot');
    own.setAttribute('serial-number', 'mine');
    document.body.append(own);
    await loadScript({ 'data-serial-number': 'theirs' });
    expect([...document.querySelectorAll('chat-bot')].map((e) => e.getAttribute('serial-number'))).toEqual(['mine']);
  });
});
