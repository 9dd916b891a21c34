/**
 * The script tag on a page with a strict Content-Security-Policy, in Debian's Chromium driven by
 * Playwright: the widget loads, opens and answers with no policy violation and no error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright';
import { startService, type TestService } from '../support/service.ts';

const POLICY = "default-src 'self'; script-src 'self'; style-src 'self'";
let service: TestService;
let browser: Browser;
let serial: string;

beforeAll(async () => {
  service = await startService({
    routes: (app) =>
      app.get<{ Querystring: { serial: string } }>('/strict-page.html', (req, reply) =>
        reply
          .header('content-security-policy', POLICY)
          .type('text/html')
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict page</title></head><body><h1>A strict page</h1>
<script src="/chat-bot.js" data-serial-number="${req.query.serial}" async></script></body></html>`),
      ),
  });
  serial = await service.newChatbot({ Name: 'Strict bot', WelcomeMessage: 'Hi!', SuggestedMessage: 'Hello' });
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
});
afterAll(async () => {
  await browser?.close();
  await service?.close();
});

describe(`a page with "${POLICY}"`, () => {
  it('runs the widget — launcher, panel, a streamed answer — with no violation', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(`error: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && problems.push(`console: ${m.text()} ${m.location().url}`));
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${service.origin}/strict-page.html?serial=${serial}`);
    await page.locator('chat-bot .launcher').click();
    await page.locator('chat-bot-panel textarea').fill('Hello');
    await page.locator('chat-bot-panel textarea').press('Enter');
    await page.locator('chat-bot-message .content').getByText('Strict bot', { exact: false }).waitFor();
    const header = await page.locator('chat-bot-panel h2').textContent();
    const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    expect({ header, violations, problems }).toEqual({ header: 'Strict bot', violations: [], problems: [] });
    await page.close();
  }, 60_000);
});
