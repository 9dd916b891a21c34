#!/usr/bin/env node
// The first paint of the launcher — the round button the script tag puts on a page — for one or more
// builds of the widget, to see what a change of chat-bot.js costs a visitor who never opens the chat.
//
// Each run is a fresh browser context (cold HTTP cache, no code cache, no stored settings) in a running
// Chromium — one browser per repeat, warmed up by a page first, as a visitor's is — loading a page of
// ordinary text served by this script's own server on 127.0.0.1, with the documented tag
//   <script src="/<build>/chat-bot.js" data-serial-number="…" data-base-url="<service>" async></script>
// The script comes from that build's directory, gzip -9 on the wire (Content-Encoding: gzip); the
// chunks beside it (chat-bot.panel.js, …) are served too but must not be fetched: the launcher loads
// the panel only on hover, focus or a click, and nothing here touches it. The settings request the
// launcher makes (POST <service>/chat/Chatbot/Get) gets a real answer: the compiled service
// (dist/node/server/main.js, `npm run build` at the root) runs on loopback with a temporary DATA_DIR,
// as service-load.mjs starts it, and a chatbot is created through its API for the serial number. The
// page and the service are two origins, as on a customer's site: the browser sends a CORS preflight.
//
// Per run, with the renderer's CPU throttled by CDP (--cpu 4 ≈ a mid-range phone; 1 = this machine):
//   launcher painted  ms from navigation start (performance.now() of the page) until the button
//                     (`chat-bot` → shadowRoot → `button.launcher, [part~=launcher]`) exists with a
//                     non-zero box, then two requestAnimationFrame callbacks (the frame that shows it
//                     has been produced). Watched by a MutationObserver (document and the shadow root)
//                     and a check at each animation frame, whether the element renders synchronously or
//                     in a microtask (LitElement).
//   main CPU, script  renderer main-thread CPU (CDP Performance.getMetrics, threadTicks: TaskDuration and
//                     ScriptDuration) from just before the navigation to launcher painted, as
//                     long-history.mjs measures it. The page's own parsing and paint are in it, the same
//                     for every build. Under --cpu N these counters grow about N times, as the wall time does.
//                     Chromium counts them from Performance.enable and starts again with each new document,
//                     so the domain is enabled just before the navigation, in the idle blank page: the
//                     count before (cpuBaselineMs in the JSON, ~0) is the same whichever it does.
//   JS heap           JSHeapUsedSize right after launcher painted, after a forced garbage collection.
//   bytes             raw and gzip -9 of the build's chat-bot.js (node:zlib), and what Chromium received.
//   panel requests    requests for chat-bot.panel.js: reported, and the script exits 1 if any was made.
// Also recorded in the JSON: the page's first contentful paint, when the settings' answer arrived, the
// longest task, every request of each run.
//
//   node launcher-paint.mjs [--builds before=<dir>,after=<dir>] [--repeats 15] [--quick] [--cpu 4,1]
//                           [--latency-ms 0] [--settle-ms 500] [--limit-s 30] [--deadline-s 900]
// --builds  name=directory pairs; a directory is relative to the repository's root (default: after=dist,
//           or WIDGET_DIR); each holds a build's script-tag files (chat-bot.js and its chunks).
// --quick   3 repeats. --latency-ms delays every response for a build's files (the script).
// --settle-ms  how long to keep watching after the settings' answer for a late request of the panel.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROME_ARGS, closeAll, globalDeadline, metricsSession, sleep, withTimeout } from './lib/browser.mjs';
import { CHROMIUM_PATH, ROOT_DIR, WIDGET_DIR } from './lib/env.mjs';
import { machine, writeResults } from './lib/results.mjs';
import { startService } from './lib/service.mjs';
import { fmt, parseArgs, summary, table } from './lib/stats.mjs';

const args = parseArgs(process.argv.slice(2), {
  builds: [`after=${path.relative(ROOT_DIR, WIDGET_DIR) || '.'}`],
  repeats: 15,
  quick: false,
  // Strings, so that a rate such as 2.5 is not rounded by parseArgs.
  cpu: ['4', '1'],
  latencyMs: 0,
  settleMs: 500,
  limitS: 30,
  deadlineS: 900,
});
if (args.quick) args.repeats = 3;
const rates = args.cpu.map(Number);
if (rates.some((r) => !(r >= 1))) throw new Error(`--cpu: rates of 1 or more, not ${args.cpu.join(',')}`);
globalDeadline(args.deadlineS, 'launcher-paint');

/** A fresh key for each run (CHATBOT_API_KEY takes no weak key). */
const API_KEY = `cbk_${randomBytes(24).toString('base64url')}`;
const CHATBOT_NAME = 'Launcher paint';
const LAUNCHER = 'button.launcher, [part~=launcher]';

/** --builds before=/some/dir,after=dist → [{ name, dir, given }] */
function parseBuilds(list) {
  return list.map((pair) => {
    const at = pair.indexOf('=');
    const name = at > 0 ? pair.slice(0, at) : path.basename(pair);
    const given = at > 0 ? pair.slice(at + 1) : pair;
    if (!/^[\w-]+$/.test(name)) throw new Error(`--builds: "${name}" is not a plain name (letters, digits, - and _)`);
    const dir = path.resolve(ROOT_DIR, given);
    if (!fs.existsSync(path.join(dir, 'chat-bot.js')))
      throw new Error(`--builds: ${given} has no chat-bot.js (${dir})`);
    return { name, dir, given };
  });
}

// ---------------------------------------------------------------------------------------------------
// The service: the compiled one, on loopback, with a temporary DATA_DIR (lib/service.mjs).

async function post(origin, pathname, body, headers = {}) {
  const res = await fetch(`${origin}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok || !json.Success) throw new Error(`${pathname}: ${res.status} ${json.Message ?? ''}`);
  return json.Data;
}

/** A chatbot of the owner (created through the API), and its public settings asked a few times so the service is warm. */
async function setUpChatbot(service, pageOrigin) {
  const { SerialNumber: serial } = await post(
    service.origin,
    '/chat/Chatbot/Add',
    { timeZone: 'UTC', type: 0, Name: CHATBOT_NAME },
    { authorization: API_KEY },
  );
  for (let i = 0; i < 20; i++) {
    const settings = await post(service.origin, '/chat/Chatbot/Get', { serialNumber: serial }, { origin: pageOrigin });
    if (settings.Name !== CHATBOT_NAME) throw new Error(`Chatbot/Get answered the name ${settings.Name}`);
  }
  return serial;
}

// ---------------------------------------------------------------------------------------------------
// The page and the builds' files, on 127.0.0.1.

/**
 * Runs in the page before anything else: resolves window.__launcher with the times (performance.now(),
 * from navigation start) when the launcher was first there with a box and when it was painted.
 */
function probe(selector) {
  const times = { found: NaN, painted: NaN };
  let done = false;
  let resolve;
  window.__launcher = new Promise((r) => (resolve = r));
  window.__longestTask = 0;
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longestTask = Math.max(window.__longestTask, e.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  const watched = new WeakSet();
  const check = () => {
    if (done) return;
    const root = document.querySelector('chat-bot')?.shadowRoot;
    if (!root) return;
    if (!watched.has(root)) {
      watched.add(root);
      observer.observe(root, { childList: true, subtree: true, attributes: true });
    }
    const button = root.querySelector(selector);
    const box = button?.getBoundingClientRect();
    if (!box || !(box.width > 0 && box.height > 0)) return;
    done = true;
    observer.disconnect();
    times.found = performance.now();
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        times.painted = performance.now();
        resolve(times);
      }),
    );
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true });
  const everyFrame = () => {
    if (!done) {
      check();
      requestAnimationFrame(everyFrame);
    }
  };
  requestAnimationFrame(everyFrame);
}

const paragraph = (i) =>
  `<p>Paragraph ${i + 1}. Our agents know the neighbourhoods, the schools and the commutes; they answer within the day and show homes seven days a week. ` +
  'Browse the listings, save a search, or ask us anything: a visit, a valuation, the fees of a sale, the steps of a first purchase.</p>';

function testPage({ build, serial, serviceOrigin }) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>launcher-paint: ${build}</title>
<style>body{margin:0 auto;max-width:44rem;padding:1rem 1.5rem;font:16px/1.5 system-ui,sans-serif;color:#222}</style>
<script>(${probe})(${JSON.stringify(LAUNCHER)})</script>
<script src="/${build}/chat-bot.js" data-serial-number="${serial}" data-base-url="${serviceOrigin}" async></script>
</head><body><header><h1>Bench Realty</h1><nav><a href="#">Buy</a> · <a href="#">Sell</a> · <a href="#">Rent</a> · <a href="#">About</a></nav></header>
<main>${Array.from({ length: 12 }, (_, i) => paragraph(i)).join('\n')}</main></body></html>`;
}

/**
 * Where each run starts: same origin as the test page (one renderer for both), and some text in the
 * test page's font, so that the renderer's fonts are ready as in a browser a visitor has been using.
 */
const BLANK_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>blank</title>
<style>body{margin:0 auto;max-width:44rem;padding:1rem 1.5rem;font:16px/1.5 system-ui,sans-serif;color:#222}</style></head>
<body><h1>Before</h1>${paragraph(0)}</body></html>`;

const TYPES = {
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
  '.css': 'text/css',
};

/**
 * /page/<build>.html the test page, /blank.html the page each run starts from, /<build>/<file> the
 * build's files, gzip -9, each read once: chat-bot.js as read at the start (`preloaded`, file → gzip),
 * the others when first asked for. A rebuild of a directory during the run changes nothing served.
 */
function startPageServer(builds, pageFor, preloaded) {
  const requests = [];
  const gzipped = new Map(preloaded);
  const byName = new Map(builds.map((b) => [b.name, b]));
  const server = http.createServer((req, res) => {
    const p = decodeURIComponent(new URL(req.url, 'http://127.0.0.1').pathname);
    requests.push(p);
    if (p === '/blank.html') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(BLANK_PAGE);
    }
    const page = /^\/page\/([\w-]+)\.html$/.exec(p);
    if (page && byName.has(page[1])) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(pageFor(page[1]));
    }
    const m = /^\/([\w-]+)\/([\w.-]+)$/.exec(p);
    const build = m && byName.get(m[1]);
    const file = build && path.join(build.dir, m[2]);
    if (!file || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(p === '/favicon.ico' ? 204 : 404);
      return res.end();
    }
    if (!gzipped.has(file)) gzipped.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }));
    const body = gzipped.get(file);
    const send = () => {
      res.writeHead(200, {
        'content-type': TYPES[path.extname(file)] || 'application/octet-stream',
        'content-encoding': 'gzip',
        'content-length': body.length,
        'cache-control': 'no-store',
        vary: 'Accept-Encoding',
      });
      res.end(body);
    };
    if (args.latencyMs > 0) setTimeout(send, args.latencyMs);
    else send();
  });
  server.keepAliveTimeout = 1000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        requests,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections();
            server.close(() => r());
            setTimeout(r, 2000).unref();
          }),
      }),
    );
  });
}

// ---------------------------------------------------------------------------------------------------
// One run: a fresh context, the blank page, the throttle, then the test page until the launcher is painted.

const isPanel = (pathname) => /\/chat-bot\.panel\.js$/.test(pathname);
const VIEWPORT = { width: 1280, height: 800 };

/**
 * Debian's Chromium with the benchmarks' flags (lib/browser.mjs), not persistent: each run gets a
 * context of its own (lib/browser.mjs's launch() gives one profile per browser). Playwright kills it if
 * the script exits on its deadline. A first page in a throwaway context lets its start-up work end.
 */
async function launchBrowser(pageOrigin) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROME_ARGS,
    timeout: 60_000,
  });
  const ctx = await browser.newContext({ viewport: VIEWPORT });
  const page = await ctx.newPage();
  await page.goto(`${pageOrigin}/blank.html`, { waitUntil: 'load', timeout: 30_000 });
  await sleep(1000);
  await ctx.close();
  return browser;
}

async function runOne({ browser, build, rate, pageOrigin }) {
  const ctx = await browser.newContext({ viewport: VIEWPORT });
  const page = await ctx.newPage();
  const errors = [];
  const fetched = [];
  let settings = null;
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => fetched.push({ method: r.method(), url: r.url().replace(pageOrigin, '') }));
  // The script not served: no launcher will come, say so at once.
  let scriptFailed;
  const scriptFailure = new Promise((_, reject) => (scriptFailed = reject));
  scriptFailure.catch(() => {});
  const scriptUrl = `${pageOrigin}/${build.name}/chat-bot.js`;
  page.on('requestfailed', (r) => {
    if (r.url() === scriptUrl) scriptFailed(new Error(`chat-bot.js failed: ${r.failure()?.errorText}`));
  });
  page.on('response', (r) => {
    if (r.url() === scriptUrl && r.status() !== 200) scriptFailed(new Error(`chat-bot.js answered ${r.status()}`));
    if (!r.url().endsWith('/chat/Chatbot/Get') || r.request().method() !== 'POST') return;
    settings = r.json().then(
      (body) => ({ status: r.status(), success: body?.Success === true, name: body?.Data?.Name }),
      (e) => ({ status: r.status(), error: e.message }),
    );
  });
  try {
    // Same origin as the test page (one renderer for both); it draws text, so the fonts are ready.
    await page.goto(`${pageOrigin}/blank.html`, { waitUntil: 'load', timeout: 30_000 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const cdp = await ctx.newCDPSession(page);
    if (rate > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    // Enabled now, the counters start from ~0 here; the new document starts them again at its commit.
    const cpu = await metricsSession(ctx, page, 'threadTicks');
    const limit = args.limitS * 1000;
    const m0 = await cpu();
    await page.goto(`${pageOrigin}/page/${build.name}.html`, { waitUntil: 'domcontentloaded', timeout: limit });
    const times = await withTimeout(
      Promise.race([page.evaluate(() => window.__launcher), scriptFailure]),
      limit,
      'the launcher painted',
    );
    const m1 = await cpu();
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = (await cpu()).JSHeapUsedSize / 2 ** 20;
    // The settings' answer, then a while longer for anything the launcher would still fetch.
    const deadline = Date.now() + limit;
    while (!settings && Date.now() < deadline) await sleep(20);
    const answer = settings
      ? await withTimeout(settings, limit, 'the settings answer')
      : { error: 'no POST /chat/Chatbot/Get' };
    await sleep(args.settleMs);
    const late = await page.evaluate(() => {
      const resource = (suffix) => performance.getEntriesByType('resource').find((e) => e.name.endsWith(suffix));
      const script = resource('/chat-bot.js');
      return {
        fcpMs: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        scriptResponseEndMs: script?.responseEnd ?? NaN,
        scriptTransferBytes: script?.transferSize ?? NaN,
        scriptDecodedBytes: script?.decodedBodySize ?? NaN,
        settingsResponseEndMs: resource('/chat/Chatbot/Get')?.responseEnd ?? NaN,
        longestTaskMs: window.__longestTask,
      };
    });
    const panelRequests = fetched.filter((r) => isPanel(new URL(r.url, pageOrigin).pathname)).length;
    return {
      paintedMs: times.painted,
      foundMs: times.found,
      ...late,
      cpuBaselineMs: m0.TaskDuration * 1000,
      mainCpuMs: (m1.TaskDuration - m0.TaskDuration) * 1000,
      scriptMs: (m1.ScriptDuration - m0.ScriptDuration) * 1000,
      styleLayoutMs: (m1.LayoutDuration + m1.RecalcStyleDuration - m0.LayoutDuration - m0.RecalcStyleDuration) * 1000,
      jsHeapMB: heap,
      settings: answer,
      panelRequests,
      requests: fetched.map((r) => `${r.method} ${r.url}`),
      ...(errors.length ? { pageErrors: errors } : {}),
    };
  } catch (e) {
    // What the page had come to, for the JSON.
    const state = await withTimeout(
      page.evaluate((selector) => {
        const host = document.querySelector('chat-bot');
        const button = host?.shadowRoot?.querySelector(selector);
        const box = button?.getBoundingClientRect();
        return {
          readyState: document.readyState,
          defined: !!customElements.get('chat-bot'),
          element: !!host,
          shadowRoot: !!host?.shadowRoot,
          button: !!button,
          box: box ? [box.width, box.height] : null,
          now: performance.now(),
        };
      }, LAUNCHER),
      5000,
      'the page state',
    ).catch((err) => ({ unavailable: err.message }));
    e.details = {
      state,
      requests: fetched.map((r) => `${r.method} ${r.url}`),
      ...(errors.length ? { pageErrors: errors } : {}),
    };
    throw e;
  } finally {
    await Promise.race([ctx.close().catch(() => {}), sleep(10_000)]);
  }
}

// ---------------------------------------------------------------------------------------------------

async function main() {
  const t0 = Date.now();
  const builds = parseBuilds(args.builds);
  // chat-bot.js of each build, read once: what is measured, served and compared at the end.
  const scripts = builds.map((b) => {
    const file = path.join(b.dir, 'chat-bot.js');
    const code = fs.readFileSync(file);
    return { build: b.name, file, code, gzip: zlib.gzipSync(code, { level: 9 }) };
  });
  const sizes = Object.fromEntries(scripts.map((x) => [x.build, { raw: x.code.length, gzip: x.gzip.length }]));
  const service = await startService({ apiKey: API_KEY });
  let srv = null;
  const runs = [];
  let chromium = '';
  try {
    let serial = '';
    srv = await startPageServer(
      builds,
      (name) => testPage({ build: name, serial, serviceOrigin: service.origin }),
      scripts.map((x) => [x.file, x.gzip]),
    );
    serial = await setUpChatbot(service, srv.origin);
    console.log(
      `launcher-paint: ${builds.map((b) => `${b.name}=${b.given}`).join(', ')} · CPU ${rates.map((r) => `${r}x`).join(', ')} · ${args.repeats} repeat(s)` +
        `${args.latencyMs ? ` · +${args.latencyMs} ms per script response` : ''} · service ${service.origin}, page ${srv.origin}`,
    );
    for (let rep = 0; rep < args.repeats; rep++) {
      const browser = await launchBrowser(srv.origin);
      chromium = browser.version();
      try {
        for (const rate of rates) {
          // The builds in turn, starting with a different one each repeat.
          const order = builds.map((_, i) => builds[(i + rep) % builds.length]);
          for (const build of order) {
            const head = `  rep ${String(rep + 1).padStart(2)}  ${`${rate}x`.padEnd(4)} ${build.name.padEnd(10)}`;
            const before = srv.requests.length;
            try {
              const r = await runOne({ browser, build, rate, pageOrigin: srv.origin });
              // What the server saw, too (a request Chromium would not report to the page).
              r.panelRequests = Math.max(r.panelRequests, srv.requests.slice(before).filter(isPanel).length);
              const settingsOk = r.settings.status === 200 && r.settings.success && r.settings.name === CHATBOT_NAME;
              runs.push({
                rep,
                rate,
                build: build.name,
                ...r,
                ...(settingsOk ? {} : { error: `the settings' answer: ${JSON.stringify(r.settings)}` }),
              });
              console.log(
                `${head} launcher painted ${fmt(r.paintedMs).padStart(5)} ms  main CPU ${fmt(r.mainCpuMs).padStart(4)} ms  script ${fmt(r.scriptMs).padStart(4)} ms  ` +
                  `heap ${fmt(r.jsHeapMB, 2)} MB  FCP ${fmt(r.fcpMs)} ms  settings ${settingsOk ? `at ${fmt(r.settingsResponseEndMs)} ms` : 'FAILED'}  panel requests ${r.panelRequests}`,
              );
            } catch (e) {
              runs.push({ rep, rate, build: build.name, error: e.message, ...e.details });
              console.log(
                `${head} ERROR ${e.message.split('\n')[0]}${e.details ? ` — ${JSON.stringify(e.details.state)}` : ''}`,
              );
            }
          }
        }
      } finally {
        await Promise.race([browser.close().catch(() => {}), sleep(10_000)]);
      }
    }
  } finally {
    await srv?.close();
    await service.close();
    await closeAll();
  }

  const ok = runs.filter((r) => !r.error);
  const groups = [];
  for (const rate of rates)
    for (const b of builds) {
      const rs = ok.filter((r) => r.rate === rate && r.build === b.name);
      if (!rs.length) continue;
      const S = (f) => summary(rs.map(f));
      groups.push({
        rate,
        build: b.name,
        dir: b.given,
        n: rs.length,
        ...sizes[b.name],
        paintedMs: S((r) => r.paintedMs),
        foundMs: S((r) => r.foundMs),
        fcpMs: S((r) => r.fcpMs),
        mainCpuMs: S((r) => r.mainCpuMs),
        scriptMs: S((r) => r.scriptMs),
        styleLayoutMs: S((r) => r.styleLayoutMs),
        jsHeapMB: S((r) => r.jsHeapMB),
        longestTaskMs: S((r) => r.longestTaskMs),
        settingsResponseEndMs: S((r) => r.settingsResponseEndMs),
        scriptTransferBytes: S((r) => r.scriptTransferBytes),
        panelRequests: rs.reduce((n, r) => n + r.panelRequests, 0),
        buildFilesFetched: [
          ...new Set(
            rs.flatMap((r) =>
              r.requests.filter((q) => q.startsWith(`GET /${b.name}/`)).map((q) => q.slice(`GET /${b.name}/`.length)),
            ),
          ),
        ],
      });
    }

  const range = (s, d = 0) => (s.n > 1 ? `${fmt(s.median, d)} (${fmt(s.min, d)}–${fmt(s.max, d)})` : fmt(s.median, d));
  const k = (n) => fmt(n / 1024, 1);
  const delta = (g) => {
    const base = groups.find((x) => x.rate === g.rate);
    if (base === g) return '';
    const d = g.paintedMs.median - base.paintedMs.median;
    return `${d >= 0 ? '+' : ''}${fmt(d)}`;
  };
  console.log(
    `\n### First paint of the launcher\n\n` +
      `A page of text with the script tag, a fresh browser context each run (cold cache), the script gzip -9 on the wire${args.latencyMs ? ` after ${args.latencyMs} ms` : ''}, ` +
      `the settings from the real service on loopback. Launcher painted = ms from navigation start until the button is there with a box, plus two animation frames; ` +
      `main CPU and script = renderer main thread (CDP TaskDuration, ScriptDuration, thread time; they grow with the throttle) from just before the navigation to launcher painted; ` +
      `JS heap = used, after a forced GC, at launcher painted; Δ = median painted against the first build at the same CPU; median (min–max) of ${args.repeats}; KB = 1,024 bytes.\n`,
  );
  console.log(
    table(
      [
        'CPU',
        'build',
        'raw KB',
        'gzip KB',
        'launcher painted ms',
        'Δ ms',
        'main CPU ms',
        'script ms',
        'JS heap MB',
        'page FCP ms',
        'panel requests',
      ],
      groups.map((g) => [
        `${g.rate}x`,
        g.build,
        k(g.raw),
        k(g.gzip),
        range(g.paintedMs),
        delta(g),
        range(g.mainCpuMs),
        range(g.scriptMs),
        fmt(g.jsHeapMB.median, 2),
        fmt(g.fcpMs.median),
        fmt(g.panelRequests),
      ]),
      ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
    ),
  );
  for (const g of groups) {
    const others = g.buildFilesFetched.filter((f) => f !== 'chat-bot.js');
    if (others.length) console.log(`\n${g.build} (${g.rate}x) also fetched from its directory: ${others.join(', ')}`);
  }
  const transfer = groups
    .filter((g) => g.rate === rates[0])
    .map((g) => `${g.build} ${fmt(g.scriptTransferBytes.median)} B`)
    .join(', ');
  console.log(`\nchat-bot.js as Chromium received it (gzip body + headers): ${transfer}.`);

  for (const x of scripts) {
    const now = fs.existsSync(x.file) ? fs.readFileSync(x.file) : null;
    if (!now?.equals(x.code))
      console.log(
        `\nNote: ${x.build}'s chat-bot.js ${now ? 'changed' : 'went away'} on disk during the run; the copy read at the start was served and measured throughout.`,
      );
  }
  const failed = runs.filter((r) => r.error);
  if (failed.length)
    console.log(
      `\n${failed.length} run(s) failed: ${failed.map((r) => `${r.build}/${r.rate}x: ${r.error.split('\n')[0]}`).join('; ')}`,
    );
  const panelLoaded = ok.filter((r) => r.panelRequests > 0);
  if (panelLoaded.length)
    console.log(
      `\nFAILED: chat-bot.panel.js was requested in ${panelLoaded.length} run(s) (${[...new Set(panelLoaded.map((r) => r.build))].join(', ')}) — the launcher must not load the panel before an intent.`,
    );
  const file = writeResults('launcher-paint', {
    machine: machine(chromium),
    elapsedS: (Date.now() - t0) / 1000,
    args,
    builds: builds.map((b) => ({ name: b.name, dir: b.given, ...sizes[b.name] })),
    summary: groups,
    runs,
  });
  console.log(`\nJSON: ${file}  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  return failed.length || panelLoaded.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (e) => {
    console.error(e);
    await closeAll();
    process.exit(1);
  },
);
