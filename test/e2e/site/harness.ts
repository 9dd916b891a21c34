/**
 * One service as `npm start` runs it (the compiled bin, its embedded database, the API key it
 * prints once, the demo chatbot) and the run's Chromium, shared by the suites of test/e2e/site.test.ts:
 * what a visitor meets on the demo site, and what the owner reads and changes in the console.
 */
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright';
import { createClient, type Client } from '../../../src/client/index.ts';
import { launchChromium } from '../../support/chromium.ts';
import { startBin, type RunningBin } from '../../support/bin.ts';
import { freePort } from '../../support/http.ts';

export interface Site {
  bin: RunningBin;
  browser: Browser;
  /** The owner's client, with the key the service printed. */
  owner: Client;
}

/** The site, started before the file's first test and closed after its last; its fields are set from then on. */
export function useSite(): Site {
  const site = {} as Site;
  beforeAll(async () => {
    // A port known before it starts, and PUBLIC_URL at the address it is bound to and opened at
    // (127.0.0.1): the demo's listings link there (by default to http://localhost:PORT, where the
    // demo's pages would send a visitor who came by 127.0.0.1 — test/server/demo/site.test.ts).
    const port = await freePort();
    site.bin = await startBin({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
    site.owner = createClient({ baseUrl: site.bin.url, apiKey: site.bin.apiKey });
    site.browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await site.browser?.close();
    await site.bin?.close();
  });
  return site;
}

/**
 * The console signed in with the API key, in a browser context of its own, at `route`, once
 * `ready` shows (by default a page's heading: the chatbots have loaded, and a move would focus it).
 */
export async function signedInConsole(site: Site, route = '', ready = 'main.console:not(.sign-in) h1'): Promise<Page> {
  const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${site.bin.url}/console/${route}`);
  await page.getByLabel('API key').fill(site.bin.apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator(ready).waitFor();
  return page;
}
