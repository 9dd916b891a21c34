/** dist/chat-bot.js as an owner pastes it: one classic script tag with data-* attributes. */
import { afterEach, describe, expect, inject, it } from 'vitest';

function loadScript(attributes: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    // The built file, as the service serves it to other sites (npm test builds first). Not through
    // Vite's own server: it rewrites the dynamic import of the panel, which a classic script cannot hold.
    script.src = `${inject('apiOrigin')}/chat-bot.js?${Math.random()}`;
    for (const [k, v] of Object.entries(attributes)) script.setAttribute(k, v);
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('dist/chat-bot.js did not load — run `npm run build`'));
    document.head.append(script);
  });
}

const panelRequested = () =>
  performance.getEntriesByType('resource').some((e) => e.name.endsWith('/chat-bot.panel.js'));
async function until<T>(check: () => T, ms = 8000): Promise<T> {
  const end = performance.now() + ms;
  while (!check()) {
    if (performance.now() > end) throw new Error(`timed out: ${check.toString()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}

describe('the script-tag file', () => {
  const errors: ErrorEvent[] = [];
  window.addEventListener('error', (e) => errors.push(e));

  afterEach(() => {
    document.querySelectorAll('script[src*="chat-bot.js"]').forEach((e) => e.remove());
    errors.length = 0;
  });

  it('adds one <chat-bot> with every data-* attribute, drawing only the launcher until the first intent', async () => {
    await loadScript({
      'data-serial-number': inject('serialNumber'),
      'data-base-url': inject('apiOrigin'),
      'data-locale': 'es',
      async: '',
    });
    const bots = document.querySelectorAll('chat-bot');
    expect(bots).toHaveLength(1);
    const bot = bots[0]!;
    expect([bot.getAttribute('serial-number'), bot.getAttribute('base-url'), bot.getAttribute('locale')]).toEqual([
      inject('serialNumber'),
      inject('apiOrigin'),
      'es',
    ]);
    const launcher = await until(() => bot.shadowRoot?.querySelector<HTMLButtonElement>('.launcher'));
    expect(panelRequested()).toBe(false);
    launcher!.dispatchEvent(new PointerEvent('pointerenter'));
    await until(panelRequested);
    launcher!.click();
    const panel = await until(() =>
      bot.shadowRoot?.querySelector('chat-bot-panel')?.shadowRoot?.querySelector('[role="dialog"]'),
    );
    expect(panel!.querySelector('h2')!.textContent).toBe('Browser test bot');
    // Every element of the chunk is defined: the conversation works end to end.
    const field = await until(() => panel!.querySelector('chat-bot-composer')?.shadowRoot?.querySelector('textarea'));
    field!.value = 'Hello';
    field!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    // The answer streams in: read it once the log is no longer busy with it.
    const log = panel!.querySelector('[role="log"]')!;
    const answer = await until(() => {
      const reply = [...log.querySelectorAll('chat-bot-message')].at(1);
      return reply && log.getAttribute('aria-busy') === 'false'
        ? reply.shadowRoot?.querySelector('.content')?.textContent
        : undefined;
    });
    expect(answer).toContain('Browser test bot');
    expect(errors.map((e) => e.message)).toEqual([]);
  });

  it('can be loaded again without an error or a second element', async () => {
    await loadScript({ 'data-serial-number': 'again' });
    expect(errors.map((e) => e.message)).toEqual([]);
    expect(document.querySelectorAll('chat-bot')).toHaveLength(1);
  });
});
