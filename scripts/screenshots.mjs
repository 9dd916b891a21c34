/**
 * `npm run screenshots`: the pictures of the README and the docs, made by the product itself. Starts the built
 * service (`npm run build` first) on a throwaway data directory and a free loopback port, and
 * photographs with Debian's Chromium (CHROMIUM_PATH for another): the demo agency's site, the
 * widget open with an answer mid-stream, its cards, a follow-up with its chips, the launcher counting
 * an answer that came while it was closed, an answer from the agency's knowledge with its source, and the owner's console (settings with the live preview,
 * listings, conversations, insights). Writes docs/screenshots/*.png.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'docs', 'screenshots');

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'chat-bot-shots-'));
const origin = `http://127.0.0.1:${port}`;
const apiKey = `cbk_${randomBytes(24).toString('base64url')}`;
// The offline engine types word by word, so the picture can catch an answer mid-stream.
const server = spawn(process.execPath, [join(root, 'dist/node/server/main.js')], {
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: origin,
    OFFLINE_WORD_DELAY_MS: '60',
    DATABASE_URL: '',
    CHATBOT_API_KEY: apiKey,
    DEMO: 'on',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (chunk) => String(chunk).includes('listening') && resolve());
  server.on('exit', (code) => reject(new Error(`the service exited (${code})`)));
  setTimeout(() => reject(new Error('the service did not start in 60 s')), 60_000);
});

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await page.goto(`${origin}/`);
  await page.locator('chat-bot .popup:not([hidden])').waitFor();
  await page.evaluate(() => Promise.all([...document.images].map((i) => i.decode().catch(() => undefined))));
  await page.screenshot({ path: join(out, 'demo-site.png') });

  await page.locator('chat-bot .launcher').click();
  await page.locator('chat-bot-panel textarea').fill('3 bedroom homes in Austin under $500k');
  await page.locator('chat-bot-panel textarea').press('Enter');
  // Mid-stream: some of the summary is there, and it is still coming.
  await page.waitForFunction(() => {
    const panel = document.querySelector('chat-bot')?.shadowRoot?.querySelector('chat-bot-panel')?.shadowRoot;
    const answer = [...(panel?.querySelectorAll('chat-bot-message') ?? [])]
      .at(-1)
      ?.shadowRoot?.querySelector('.content');
    return (answer?.textContent?.length ?? 0) > 120;
  });
  await page.screenshot({ path: join(out, 'widget-streaming.png') });

  // The same answer complete: its listing cards, the carousel moved on by one.
  await page.locator('chat-bot-listings .controls').waitFor();
  await page.locator('chat-bot-listings .skeleton').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Next home' }).click();
  await page.locator('chat-bot-listings').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await page.evaluate(() => new Promise((r) => setTimeout(r, 600)));
  await page.screenshot({ path: join(out, 'widget-cards.png') });

  // A follow-up that keeps the rest of the question, answered; its suggestions as chips under it.
  await page.locator('chat-bot-panel textarea').fill('what about Denver?');
  await page.locator('chat-bot-panel textarea').press('Enter');
  await page.locator('chat-bot-panel .suggestions[role="group"][aria-label]').waitFor();
  await page.locator('chat-bot-listings .skeleton').last().waitFor({ state: 'detached' });
  await page.evaluate(() => new Promise((r) => setTimeout(r, 600)));
  await page.screenshot({ path: join(out, 'widget-follow-up.png') });

  // Closed, and an answer comes unseen (the page asks through send()): the launcher counts it.
  await page.keyboard.press('Escape');
  await page.locator('chat-bot-panel').waitFor({ state: 'hidden' });
  await page.evaluate(() => document.querySelector('chat-bot').send('Homes for rent in Austin'));
  await page.locator('chat-bot .launcher .badge').waitFor();
  await page.screenshot({
    path: join(out, 'widget-unread.png'),
    clip: { x: 1280 - 420, y: 800 - 240, width: 420, height: 240 },
  });

  // An answer from the demo agency's knowledge, its source linked under it: once the service has
  // read its own site's pages (its sitemap, at start), a visitor asks about leases.
  const owners = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' };
  const demoSerial = await page.locator('chat-bot').getAttribute('serial-number');
  for (let tries = 0; ; tries++) {
    const res = await fetch(`${origin}/chat/Chatbot/KnowledgeSearch`, {
      method: 'POST',
      headers: owners,
      body: JSON.stringify({ SerialNumber: demoSerial, Query: 'how long are your leases?' }),
    });
    if ((await res.json()).Data.Items.some((h) => h.Kind === 'page')) break;
    if (tries > 120) throw new Error("the demo site's pages were not read in 60 s");
    await new Promise((r) => setTimeout(r, 500));
  }
  const visitor = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  await visitor.goto(`${origin}/renting.html`);
  await visitor.locator('chat-bot .launcher').click();
  await visitor.locator('chat-bot-panel textarea').fill('how long are your leases?');
  await visitor.locator('chat-bot-panel textarea').press('Enter');
  await visitor.locator('chat-bot-sources a').waitFor();
  await visitor.locator('chat-bot-panel .suggestions[role="group"][aria-label]').waitFor();
  await visitor.evaluate(() => new Promise((r) => setTimeout(r, 600)));
  await visitor.screenshot({ path: join(out, 'answer-sources.png') });

  // The console: a colour being tried out (not saved yet) in the live preview, then the listings.
  const owner = await browser.newPage({ viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 });
  await owner.goto(`${origin}/console/`);
  await owner.getByLabel('API key').fill(apiKey);
  await owner.getByRole('button', { name: 'Sign in' }).click();
  await owner.getByLabel('Chat colour', { exact: true }).fill('rgb(180, 83, 9)');
  await owner.locator('.preview chat-bot .launcher').click();
  await owner.locator('.preview chat-bot-panel .chip').first().waitFor();
  await owner.locator('legend', { hasText: 'Look' }).evaluate((legend) => legend.scrollIntoView());
  await owner.screenshot({ path: join(out, 'console-settings.png') });
  await owner.goto(`${origin}/console/#/listings`);
  await owner.locator('owner-listings tbody tr').first().waitFor();
  await owner.screenshot({ path: join(out, 'console-listings.png') });
  // A few more visitors, through the API: a question nobody answers, a thumbs down with its reason.
  const call = async (path, body, token) => {
    const res = await fetch(`${origin}/chat/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        referer: `${origin}/listings`,
        ...(token ? { authorization: token } : {}),
      },
      body: JSON.stringify(body),
    });
    return (await res.json()).Data;
  };
  const serialNumber = await page.locator('chat-bot').getAttribute('serial-number');
  for (const questions of [
    ['Any condos in Denver under $700k?', 'Can I bring my horse?'],
    ['Rentals with parking in Austin'],
    ['Do you have houses with a pool?', 'Can I bring my horse to the viewing?'],
  ]) {
    const { SessionID: sessionID, VisitorToken: token } = await call('Chatbot/GetSession', { serialNumber });
    for (const content of questions) {
      const answer = await call('Chat/ClientAsk', { sessionID, content }, token);
      if (content.startsWith('Rentals'))
        await call(
          'Chat/Feedback',
          {
            sessionID,
            answerID: answer.messageid,
            rating: 'down',
            reasons: ['wrong-listing'],
            comment: 'I asked for parking',
          },
          token,
        );
      else if (!answer.noAnswer)
        await call('Chat/Feedback', { sessionID, answerID: answer.messageid, rating: 'up' }, token);
    }
  }
  // What the visitors asked, as the owner reads it: the conversations, and the insights' charts.
  await owner.goto(`${origin}/console/#/conversations`);
  await owner.locator('owner-conversations tbody tr').first().waitFor();
  await owner.screenshot({ path: join(out, 'console-conversations.png') });
  await owner.goto(`${origin}/console/#/insights`);
  await owner.locator('owner-chart canvas').first().waitFor();
  await owner.screenshot({ path: join(out, 'console-insights.png') });
  console.log(
    `docs/screenshots: demo-site.png, widget-streaming.png, widget-cards.png, widget-follow-up.png, answer-sources.png, console-settings.png, console-listings.png, console-conversations.png, console-insights.png`,
  );
} finally {
  await browser.close();
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
