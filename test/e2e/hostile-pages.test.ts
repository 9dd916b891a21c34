/**
 * The script tag on pages that make life hard, in Debian's Chromium driven by Playwright: eight
 * Content-Security-Policy variants, CSS that styles every element with `!important`, a page that
 * pollutes Object.prototype and Array.prototype, and a page running zone.js. On each the widget
 * loads, opens and answers — with no policy violation, no error, no request to a third party and no
 * script of anyone's running — and nothing leaks either way: the page's styles do not reach inside
 * the widget, the widget's do not reach the page, and it adds no globals but Lit's version marks
 * and the symbol it shares its Lit on.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, untilLastMessage, widgetMessages } from '../support/chromium.ts';
import { startService, type TestService } from '../support/service.ts';

const zoneJs = readFileSync(createRequire(import.meta.url).resolve('zone.js'), 'utf8');
const NONCE = 'c2VjcmV0LW5vbmNlLTQy';
const STRICT = "default-src 'self'; script-src 'self'; style-src 'self'";

/** Everything the page may be: its CSP headers, what it adds to <head>, and whether the widget is on it. */
interface Variant {
  csp?: string[];
  head?: string;
  /** The script tag's attributes beyond src and the serial number. */
  scriptAttributes?: string;
  /** Served from the other host name of loopback, so that the widget's origin is not the page's. */
  crossOrigin?: boolean;
  widget?: boolean;
}

const HOSTILE_CSS = `
*, *::before, *::after {
  color: rgb(255, 0, 0) !important; background: rgb(0, 255, 0) !important; font: italic 900 40px/3 cursive !important;
  letter-spacing: 5px !important; word-spacing: 9px !important; text-transform: uppercase !important; text-align: right !important;
  text-indent: 30px !important; text-shadow: 2px 2px red !important; white-space: pre !important; cursor: wait !important;
  margin: 7px !important; padding: 7px !important; border: 3px dashed blue !important; box-sizing: content-box !important;
  opacity: 0.5 !important; filter: blur(1px) !important; transition: all 5s !important; visibility: visible !important;
  direction: rtl !important; z-index: 1 !important; outline: 4px solid orange !important; fill: red !important; stroke: blue !important;
}
html { font-size: 40px !important; }
`;

/** Prototype keys a careless reader of parsed JSON or of options objects would pick up. */
const POLLUTION = `
for (const [k, v] of Object.entries({ Answer: 'POLLUTED', QuestionID: 1, AnswerID: 2, TotalToken: 9, Code: 500, Message: 'POLLUTED',
  content: 'POLLUTED', Data: { SessionID: 1 }, Success: false, Version: '0', error: 'POLLUTED', event: 'error', data: 'POLLUTED',
  href: 'javascript:alert(1)', src: 'https://evil.test/x.png', innerHTML: '<img src=x onerror=alert(1)>', isAdmin: true,
  status: 'failed', text: 'POLLUTED', role: 'user', settings: { Name: 'POLLUTED' }, Name: 'POLLUTED', headers: { Authorization: 'x' } }))
  Object.defineProperty(Object.prototype, k, { value: v, enumerable: true, writable: true, configurable: true });
Object.defineProperty(Array.prototype, 'polluted', { value: 'POLLUTED', enumerable: true, writable: true, configurable: true });
Array.prototype.last = function () { return 'POLLUTED'; };
`;

const variants: Record<string, Variant> = {
  // Eight Content-Security-Policy variants.
  'csp: strict': { csp: [STRICT] },
  'csp: strict with Trusted Types': { csp: [`${STRICT}; require-trusted-types-for 'script'; trusted-types lit-html`] },
  "csp: default-src 'none' and only what the widget needs": {
    csp: ["default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'"],
  },
  "csp: a nonce and 'strict-dynamic'": {
    csp: [`script-src 'nonce-${NONCE}' 'strict-dynamic'; object-src 'none'; base-uri 'none'`],
    scriptAttributes: `nonce="${NONCE}"`,
  },
  'csp: every other fetch directive closed': {
    csp: [
      `${STRICT}; img-src 'self'; font-src 'none'; media-src 'none'; frame-src 'none'; worker-src 'none'; manifest-src 'none'; object-src 'none'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'`,
    ],
  },
  // The page on one origin, the script and the service on another (data-base-url names it).
  'csp: the service on another origin, allowed by name': { crossOrigin: true },
  'csp: a sandboxed page (allow-scripts allow-same-origin)': {
    csp: [`sandbox allow-scripts allow-same-origin allow-popups; ${STRICT}`],
  },
  'csp: two policies at once': {
    csp: ["default-src 'self'", "script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'"],
  },
  // Pages that fight the widget.
  'CSS on every element, !important': { head: '<link rel="stylesheet" href="/hostile/hostile.css">' },
  'Object.prototype and Array.prototype polluted': { head: `<script>${POLLUTION}</script>` },
  'zone.js': { head: '<script src="/hostile/zone.js"></script>' },
};

let service: TestService;
let browser: Browser;
let serial: string;
/** The same service under its other loopback name: another origin. */
let otherOrigin: string;

beforeAll(async () => {
  service = await startService({
    routes: (app) => {
      app.get('/hostile/hostile.css', (_req, reply) => reply.type('text/css').send(HOSTILE_CSS));
      app.get('/hostile/zone.js', (_req, reply) => reply.type('text/javascript').send(zoneJs));
      app.get<{ Querystring: { serial: string; variant: string; widget?: string } }>(
        '/hostile/page.html',
        (req, reply) => {
          const v = variants[req.query.variant] ?? {};
          const widgetOrigin = v.crossOrigin ? service.origin : '';
          const csp = v.crossOrigin
            ? [
                `default-src 'none'; script-src ${service.origin}; connect-src ${service.origin}; style-src 'self'; img-src ${service.origin}`,
              ]
            : (v.csp ?? []);
          for (const policy of csp) reply.header('content-security-policy', policy);
          // Two policies need two header lines: Fastify joins an array into one, so set them raw.
          if (csp.length > 1) reply.raw.setHeader('content-security-policy', csp);
          const attributes = `${v.scriptAttributes ?? ''}${v.crossOrigin ? ` data-base-url="${service.origin}"` : ''}`;
          const script =
            req.query.widget === 'no'
              ? ''
              : `<script src="${widgetOrigin}/chat-bot.js" data-serial-number="${req.query.serial}" ${attributes} async></script>`;
          return reply.type('text/html')
            .send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A hostile page</title>${v.head ?? ''}</head>
<body><h1>An agency</h1><p>Homes for sale, <a href="#listings">our listings</a>.</p><button type="button">Call us</button>${script}</body></html>`);
        },
      );
    },
  });
  otherOrigin = service.origin.replace('127.0.0.1', 'localhost');
  serial = await service.newChatbot({ Name: 'Hostile bot', WelcomeMessage: 'Hi!', SuggestedMessage: 'Hello' });
  browser = await launchChromium();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await service?.close();
});

const pageUrl = (variant: string, widget = true) =>
  `${variants[variant]?.crossOrigin ? otherOrigin : service.origin}/hostile/page.html?serial=${serial}&variant=${encodeURIComponent(variant)}${widget ? '' : '&widget=no'}`;

/** Opens a page with traps: dialogs, CSP violations, errors and requests to anyone else are recorded. */
async function visit(variant: string, widget = true) {
  const page = await browser.newPage();
  const problems: string[] = [];
  const elsewhere: string[] = [];
  const allowed = [service.origin, otherOrigin];
  page.on('request', (r) => !allowed.some((o) => r.url().startsWith(`${o}/`)) && elsewhere.push(r.url()));
  page.on('pageerror', (e) => problems.push(`error: ${e.message}`));
  page.on(
    'console',
    (m) => m.type() === 'error' && !m.location().url.endsWith('/favicon.ico') && problems.push(`console: ${m.text()}`),
  );
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { violations: string[] };
    w.violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await page.goto(pageUrl(variant, widget));
  return { page, problems, elsewhere };
}

/** Opens the widget, asks, and waits for the whole answer. */
async function converse(page: Page): Promise<string> {
  await page.locator('chat-bot .launcher').click();
  await page.locator('chat-bot-panel textarea').fill('Hello');
  await page.locator('chat-bot-panel textarea').press('Enter');
  await page
    .locator('chat-bot-message .content')
    .getByText('Hostile bot', { exact: false })
    .waitFor({ timeout: 20_000 });
  await untilLastMessage(page, 'done', { atLeast: 2 });
  return (await page.locator('chat-bot-panel h2').textContent()) ?? '';
}

/**
 * Inherited properties, the only way a page's styles cross into a shadow root. Not `direction`:
 * the widget takes the page's on purpose (an Arabic site's chat reads right to left).
 */
const INHERITED = [
  'color',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-transform',
  'text-align',
  'text-indent',
  'text-shadow',
  'white-space',
  'cursor',
  'visibility',
];

/** Computed styles of the widget's parts (through its shadow roots) and their boxes, the pointer away from them. */
const widgetLook = async (page: Page) => {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300); // the launcher's hover transition
  return page.evaluate((properties) => {
    const host = document.querySelector('chat-bot')!;
    const panel = host.shadowRoot!.querySelector('chat-bot-panel')!.shadowRoot!;
    const answer = [...panel.querySelectorAll('chat-bot-message')].at(-1)!.shadowRoot!;
    const parts: Record<string, Element | null> = {
      launcher: host.shadowRoot!.querySelector('.launcher'),
      header: panel.querySelector('h2'),
      textarea: panel.querySelector('chat-bot-composer')!.shadowRoot!.querySelector('textarea'),
      answer: answer.querySelector('.md p') ?? answer.querySelector('.content'),
    };
    const out: Record<string, Record<string, string>> = {};
    for (const [name, el] of Object.entries(parts)) {
      if (!el) continue;
      const style = getComputedStyle(el);
      // The layout box: offset sizes leave out transforms, so a hover scale still running under load does not count.
      const { offsetWidth: w, offsetHeight: h } = el as HTMLElement;
      out[name] = Object.fromEntries([...properties.map((p) => [p, style.getPropertyValue(p)]), ['box', `${w}×${h}`]]);
    }
    return out;
  }, INHERITED);
};

/** Computed styles of the page's own elements, and what the document holds for styles and globals. */
const pageLook = (page: Page) =>
  page.evaluate((properties) => {
    const out: Record<string, unknown> = {};
    for (const sel of ['body', 'h1', 'p', 'a', 'button']) {
      const style = getComputedStyle(document.querySelector(sel)!);
      out[sel] = Object.fromEntries(
        [...properties, 'margin-top', 'display', 'background-color'].map((p) => [p, style.getPropertyValue(p)]),
      );
    }
    out.styleSheets = document.styleSheets.length;
    out.adoptedStyleSheets = document.adoptedStyleSheets.length;
    out.headElements = [...document.head.children].map((e) => e.localName);
    return out;
  }, INHERITED);

// Names and symbols: the launcher hands Lit to its panel on one symbol (src/widget/shared-lit.ts).
const globals = (page: Page) =>
  page.evaluate(() => [...Object.keys(window), ...Object.getOwnPropertySymbols(window).map(String)]);

describe.each(Object.keys(variants))('a page with %s', (variant) => {
  it(
    'runs the widget — launcher, panel, a streamed answer — with no violation, error, dialog or third party',
    { timeout: 60_000 },
    async () => {
      const { page, problems, elsewhere } = await visit(variant);
      const header = await converse(page).catch(async (e: Error) => {
        const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
        throw new Error(`${e.message}\n${JSON.stringify({ violations, problems, elsewhere }, null, 1)}`);
      });
      const violations = await page.evaluate(() => (window as unknown as { violations: string[] }).violations);
      expect({ header, violations, problems, elsewhere }).toEqual({
        header: 'Hostile bot',
        violations: [],
        problems: [],
        elsewhere: [],
      });
      await page.close();
    },
  );
});

describe('nothing leaks between the page and the widget', () => {
  it("the page's !important styles do not reach inside the widget", { timeout: 60_000 }, async () => {
    const plain = await visit('csp: strict');
    await converse(plain.page);
    const hostile = await visit('CSS on every element, !important');
    await converse(hostile.page);
    const [expected, actual] = [await widgetLook(plain.page), await widgetLook(hostile.page)];
    expect(Object.keys(expected)).toEqual(['launcher', 'header', 'textarea', 'answer']);
    expect(actual).toEqual(expected);
    await plain.page.close();
    await hostile.page.close();
  });

  it(
    "the widget's styles do not reach the page, and it adds no globals but Lit's version marks and its own Lit",
    { timeout: 60_000 },
    async () => {
      const without = await visit('csp: strict', false);
      const withWidget = await visit('csp: strict');
      await converse(withWidget.page);
      const { headElements, ...look } = await pageLook(withWidget.page);
      const { headElements: headBefore, ...expected } = await pageLook(without.page);
      expect(look).toEqual(expected);
      // The script tag itself and the panel's module preload are the widget's only marks in <head>.
      expect(
        (headElements as string[]).filter(
          (e) => !(headBefore as string[]).includes(e) && e !== 'script' && e !== 'link',
        ),
      ).toEqual([]);
      const before = new Set(await globals(without.page));
      const added = (await globals(withWidget.page)).filter((k) => !before.has(k));
      expect(
        added.filter(
          (k) =>
            !/^(litHtmlVersions|litElementVersions|reactiveElementVersions|litPropertyMetadata|litIssuedWarnings)$/.test(
              k,
            ),
        ),
      ).toEqual(['Symbol(chat-bot.lit)']);
      await without.page.close();
      await withWidget.page.close();
    },
  );

  it('a polluted prototype changes nothing the widget shows', { timeout: 60_000 }, async () => {
    const clean = await visit('csp: strict');
    await converse(clean.page);
    const polluted = await visit('Object.prototype and Array.prototype polluted');
    await converse(polluted.page);
    const [expected, actual] = [await widgetMessages(clean.page), await widgetMessages(polluted.page)];
    expect(actual).toEqual(expected);
    expect(JSON.stringify(actual)).not.toContain('POLLUTED');
    await clean.page.close();
    await polluted.page.close();
  });
});
