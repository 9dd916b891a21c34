/** Debian's Chromium (its headless shell: chromium-args.ts) through Playwright for the end-to-end tests, and axe run inside a page. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserServer, type Page } from 'playwright';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, CHROMIUM_BROWSER_PATH, CHROMIUM_PATH } from './chromium-args.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const options = (args: string[], env?: NodeJS.ProcessEnv, whole = false) => ({
  executablePath: whole ? CHROMIUM_BROWSER_PATH : CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS, ...args],
  ...(env ? { env } : {}),
});

/** The end-to-end lane's one Chromium (test/setup/chromium-server.ts). */
export const launchChromiumServer = (): Promise<BrowserServer> => chromium.launchServer(options([]));

/**
 * A Chromium to drive. Without flags or an environment of its own: the lane's shared one, connected
 * to (closing it disconnects, and closes the contexts this file opened); otherwise a browser of its
 * own. `whole`: Debian's whole Chromium rather than its headless shell (chromium-args.ts).
 */
export const launchChromium = (
  args: string[] = [],
  env?: NodeJS.ProcessEnv,
  { whole = false } = {},
): Promise<Browser> => {
  const shared = !args.length && !env && !whole ? inject('chromiumEndpoint') : undefined;
  return shared ? chromium.connect(shared) : chromium.launch(options(args, env, whole));
};

/** Three animation frames: what a scroll sets going (the "New messages" strip, the view it resizes) is drawn by then. */
export const settled = (page: Page): Promise<unknown> =>
  page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))),
  );

/**
 * axe's violations on the page (or inside the first element matching `within`), as "rule (count)".
 * axe's source is evaluated through the DevTools protocol rather than added as a script tag: a page's
 * Content-Security-Policy (the manage page's default-src 'none') would refuse an inline script, and
 * does not govern what the protocol evaluates.
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: { run(ctx: Element | Document, o: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
      }
    ).axe;
    const context = selector ? document.querySelector(selector)! : document;
    return (await axe.run(context, { resultTypes: ['violations'] })).violations.map(
      (v) => `${v.id} (${v.nodes.length})`,
    );
  }, within);
}

/** A message as the page's <chat-bot> holds it. */
export interface ShownMessage {
  role: string;
  text: string;
  status: string;
}

/** The messages the page's <chat-bot> shows, oldest first. */
export const widgetMessages = (page: Page): Promise<ShownMessage[]> =>
  page.evaluate(() => {
    const panel = document.querySelector('chat-bot')?.shadowRoot?.querySelector('chat-bot-panel')?.shadowRoot;
    return [...(panel?.querySelectorAll('chat-bot-message') ?? [])].map((m) => {
      const { role, text, status } = (m as Element & { message: { role: string; text: string; status: string } })
        .message;
      return { role, text, status };
    });
  });

/** Waits until the page's <chat-bot> shows at least `atLeast` messages, the newest with `status` and `minText` characters or more. */
export async function untilLastMessage(page: Page, status: string, { atLeast = 1, minText = 0 } = {}): Promise<void> {
  await page.waitForFunction(
    ([want, count, min]) => {
      const panel = document.querySelector('chat-bot')?.shadowRoot?.querySelector('chat-bot-panel')?.shadowRoot;
      const all = [...(panel?.querySelectorAll('chat-bot-message') ?? [])] as (Element & {
        message: { status: string; text: string };
      })[];
      const last = all.at(-1)?.message;
      return all.length >= Number(count) && last?.status === want && last.text.length >= Number(min);
    },
    [status, atLeast, minText] as const,
    { timeout: 20_000, polling: 50 },
  );
}
