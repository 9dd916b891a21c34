/** Debian's Chromium through Playwright for the end-to-end tests, and axe run inside a page. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const launchChromium = (args: string[] = []): Promise<Browser> =>
  chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', ...args] });

/** axe's violations on the page (or inside the first element matching `within`), as "rule (count)". */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(ctx: Element | Document, o: object): Promise<{ violations: { id: string; nodes: unknown[] }[] }> } }).axe;
    const context = selector ? document.querySelector(selector)! : document;
    return (await axe.run(context, { resultTypes: ['violations'] })).violations.map((v) => `${v.id} (${v.nodes.length})`);
  }, within);
}
