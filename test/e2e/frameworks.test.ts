/**
 * The example apps of demo/frameworks (docs/WIDGET.md, "Vue, Svelte, Angular, Next.js"), each
 * installed from its own lockfile and built by its own toolchain — type checks of the templates included — by
 * `scripts/frameworks.mjs --build` (npm test runs it before Vitest; here it builds only what is not
 * built from the current sources), and driven in Chromium against one real service: the element
 * renders with properties from app state (an object as a property, not an attribute), language and
 * theme switch at run time, app code opens it and sends a question, the answer streams, and its
 * events reach app code. The
 * Next.js app is also rendered on the server (the package imported in a server component and in
 * the server pass of a client one) and must hydrate without a single console message.
 * Needs `npm run build` first (npm test does): the apps link to this repository's dist/.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, widgetMessages } from '../support/chromium.ts';
import { startProcess } from '../support/process.ts';
import { startService, type TestService } from '../support/service.ts';
import { serveStatic } from '../support/static-site.ts';

const run = promisify(execFile);
const repo = join(import.meta.dirname, '..', '..');
const FRAMEWORKS_DIR = join(repo, 'demo', 'frameworks');
// As a developer's shell has it: Vitest's NODE_ENV=test would make `next start` serve in test mode.
const env = {
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST'))),
  NEXT_TELEMETRY_DISABLED: '1',
  NG_CLI_ANALYTICS: 'false',
};

/** What each app names itself: its heading and the placeholder its `settings` object gives. */
const APPS = [
  { app: 'react', name: 'React', heading: 'chat-bot in React 19' },
  { app: 'vue', name: 'Vue', heading: 'chat-bot in Vue 3.5' },
  { app: 'svelte', name: 'Svelte', heading: 'chat-bot in Svelte 5' },
  { app: 'angular', name: 'Angular', heading: 'chat-bot in Angular 21' },
  { app: 'next', name: 'Next.js', heading: 'Framework Realty — chat-bot in Next.js' },
] as const;

let service: TestService;
let serial: string;
let browser: Browser;

beforeAll(async () => {
  // `npm ci` and `npm run build` in each app not yet installed from its lockfile and built from its sources (npm test has done both).
  const prepared = run(process.execPath, [join(repo, 'scripts', 'frameworks.mjs'), '--build'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  [service, browser] = await Promise.all([startService(), launchChromium(), prepared.then(() => undefined)]);
  serial = await service.newChatbot({ Name: 'Framework Realty' });
}, 900_000);

afterAll(async () => {
  await browser?.close();
  await service?.close();
});

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** `next start` on loopback; resolves when it serves. */
async function nextStart(dir: string): Promise<{ origin: string; close(): Promise<void> }> {
  const port = await freePort();
  const next = join(dir, 'node_modules', 'next', 'dist', 'bin', 'next');
  const started = await startProcess(
    process.execPath,
    [next, 'start', '-H', '127.0.0.1', '-p', String(port)],
    { cwd: dir, env },
    /Ready|ready/,
  );
  return { origin: `http://127.0.0.1:${port}`, close: started.stop };
}

it('has an app for each framework docs/WIDGET.md names, and only those, each with its own lockfile', () => {
  const apps = readdirSync(FRAMEWORKS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  expect(apps.sort()).toEqual(APPS.map((a) => a.app).sort());
  for (const app of apps) expect(existsSync(join(FRAMEWORKS_DIR, app, 'package-lock.json')), app).toBe(true);
});

for (const { app, name, heading } of APPS) {
  describe(`the ${name} example app`, () => {
    const dir = join(FRAMEWORKS_DIR, app);
    let site: { origin: string; close(): Promise<void> };
    let page: Page;
    const messages: string[] = [];

    beforeAll(async () => {
      site = app === 'next' ? await nextStart(dir) : await serveStatic(join(dir, 'dist'));
      page = await browser.newPage();
      page.on('console', (m) => messages.push(`${m.type()}: ${m.text()}`));
      page.on('pageerror', (e) => messages.push(`pageerror: ${e.message}`));
    }, 60_000);

    afterAll(async () => {
      await page?.close();
      await site?.close();
    });

    it('renders the element with properties from app state, settings as an object', async () => {
      await page.goto(`${site.origin}/?serial-number=${serial}&base-url=${encodeURIComponent(service.origin)}`);
      await expect.poll(() => page.locator('h1').textContent()).toBe(heading);
      await page.locator('chat-bot .launcher').waitFor();
      const element = await page.locator('chat-bot').evaluate((bot: HTMLElementTagNameMap['chat-bot']) => ({
        serialNumber: bot.serialNumber,
        baseUrl: bot.baseUrl,
        placeholder: bot.settings?.UserInputPlaceholder,
        settingsAttribute: bot.getAttribute('settings'),
      }));
      expect(element).toEqual({
        serialNumber: serial,
        baseUrl: service.origin,
        placeholder: `Ask the ${name} app about homes…`,
        settingsAttribute: null,
      });
      expect(await page.locator('#chat-state').textContent()).toBe('closed');
      expect(await page.locator('#answers').textContent()).toBe('0');
    });

    it('switches language and theme at run time', async () => {
      await page.getByLabel('Language').selectOption('es');
      await expect
        .poll(() => page.locator('chat-bot').evaluate((bot: HTMLElementTagNameMap['chat-bot']) => bot.locale))
        .toBe('es');
      await expect.poll(() => page.locator('chat-bot .launcher').getAttribute('aria-label')).toBe('Abrir chat');
      await page.getByLabel('Theme').selectOption('dark');
      await expect
        .poll(() => page.locator('chat-bot').evaluate((bot: HTMLElementTagNameMap['chat-bot']) => bot.theme))
        .toBe('dark');
      await page.getByLabel('Language').selectOption('en');
      await expect.poll(() => page.locator('chat-bot .launcher').getAttribute('aria-label')).toBe('Open chat');
    });

    it('opens from app code and sends a question; the answer streams and its events reach the app', async () => {
      await page.getByRole('button', { name: 'Open the chat' }).click();
      await expect.poll(() => page.locator('#chat-state').textContent()).toBe('open');
      expect(await page.locator('chat-bot-panel textarea').getAttribute('placeholder')).toBe(
        `Ask the ${name} app about homes…`,
      );
      await page.getByRole('button', { name: 'Ask about homes' }).click();
      await expect.poll(() => page.locator('#answers').textContent(), { timeout: 30_000 }).toBe('1');
      expect(await page.locator('#last-answer').textContent()).toMatch(/^[1-9]\d*$/);
      const shown = await widgetMessages(page);
      const question = shown.find((m) => m.role === 'user');
      const answer = shown.at(-1);
      expect(question).toMatchObject({ role: 'user', text: '3 bedroom homes in Austin under $500k' });
      expect(answer).toMatchObject({ role: 'assistant', status: 'done' });
      expect(answer!.text).toContain('Austin');
    });

    it('logs nothing to the console: no error, no warning, no hydration mismatch', () => {
      expect(messages).toEqual([]);
    });

    if (app === 'next') {
      it('renders on the server: the heading from the service, the element in the HTML', async () => {
        const html = await (
          await fetch(`${site.origin}/?serial-number=${serial}&base-url=${encodeURIComponent(service.origin)}`)
        ).text();
        expect(html).toContain(`<h1>${heading}</h1>`);
        expect(html).toMatch(/<chat-bot[\s>]/);
      });
    }
  });
}
