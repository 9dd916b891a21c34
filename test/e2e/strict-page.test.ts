/**
 * The script tag on a page with a strict Content-Security-Policy, and on one that also requires
 * Trusted Types, in Debian's Chromium driven by Playwright: the widget loads, opens and answers with
 * no policy violation, no error, and no request to anyone but the page's own origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright';
import { launchChromium } from '../support/chromium.ts';
import { startService, type TestService } from '../support/service.ts';

const STRICT = "default-src 'self'; script-src 'self'; style-src 'self'";
// The Trusted Types policy the README tells owners to allow: Lit's `lit-html`, and no other.
const POLICIES = [STRICT, `${STRICT}; require-trusted-types-for 'script'; trusted-types lit-html`];
let service: TestService;
let browser: Browser;
let serial: string;

beforeAll(async () => {
  service = await startService({
    routes: (app) =>
      app.get<{ Querystring: { serial: string; policy: string } }>('/strict-page.html', (req, reply) =>
        reply
          .header('content-security-policy', POLICIES[Number(req.query.policy)]!)
          .type('text/html')
          .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Strict page</title></head><body><h1>A strict page</h1>
<script src="/chat-bot.js" data-serial-number="${req.query.serial}" async></script></body></html>`),
      ),
  });
  serial = await service.newChatbot({ Name: 'Strict bot', WelcomeMessage: 'Hi!', SuggestedMessage: 'Hello' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await service?.close();
});

describe.each(POLICIES.map((policy, i) => [policy, i] as const))('a page with "%s"', (_policy, index) => {
  it('runs the widget — launcher, panel, a streamed answer — with no violation and no third party', async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    const elsewhere: string[] = [];
    page.on('request', (r) => !r.url().startsWith(`${service.origin}/`) && elsewhere.push(r.url()));
    page.on('pageerror', (e) => problems.push(`error: ${e.message}`));
    page.on('console', (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && problems.push(`console: ${m.text()} ${m.location().url}`));
    await page.addInitScript(() => {
      (window as unknown as { violations: string[] }).violations = [];
      document.addEventListener('securitypolicyviolation', (e) => (window as unknown as { violations: string[] }).violations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${service.origin}/strict-page.html?serial=${serial}&policy=${index}`);
    await page.locator('chat-bot .launcher').click();
    await page.locator('chat-bot-panel textarea').fill('Hello');
    await page.locator('chat-bot-panel textarea').press('Enter');
    await page.locator('chat-bot-message .content').getByText('Strict bot', { exact: false }).waitFor();
    const header = await page.locator('chat-bot-panel h2').textContent();
    const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
    expect({ header, violations, problems, elsewhere }).toEqual({ header: 'Strict bot', violations: [], problems: [], elsewhere: [] });
    await page.close();
  }, 60_000);
});
