#!/usr/bin/env node
// What a visitor downloads, ours beside the widgets people would pick instead, in one table: raw,
// gzip -9 and brotli q11 (each file compressed on its own, summed), with ratios to ours.
//
// Ours: the first load (dist/chat-bot.js), a text chat (what it loads after the click: the panel
// and its static chunks), and with media (plus the lazy media chunk and the push-to-talk worklet),
// from lib/sizes.mjs. Theirs: each widget's documented embed, loaded in Chromium from this machine
// (their CDN URL replaced by the npm package under /nm/); every package file the page fetches while
// it loads and starts counts; requests to any other host are blocked and listed. @botpress/webchat
// publishes no script-tag build: its React component is bundled with React by esbuild (minified).
//
//   node size-compare.mjs [--settle-ms 2000] [--deadline-s 300]
import fs from 'node:fs';
import path from 'node:path';
import { closeAll, globalDeadline, launch } from './lib/browser.mjs';
import { NODE_MODULES, TMP_DIR, WIDGET_DIR } from './lib/env.mjs';
import { machine, writeResults } from './lib/results.mjs';
import { startServer } from './lib/server.mjs';
import { measureDist, measureFile } from './lib/sizes.mjs';
import { fmt, parseArgs, table } from './lib/stats.mjs';

const args = parseArgs(process.argv.slice(2), { settleMs: 2000, deadlineS: 300 });
globalDeadline(args.deadlineS, 'size-compare');

const API = 'https://api.invalid'; // every backend call goes to a host that does not exist, and is blocked
const version = (pkg) => JSON.parse(fs.readFileSync(path.join(NODE_MODULES, pkg, 'package.json'), 'utf8')).version;

/** Each widget's documented script-tag embed, from its README. */
const EMBEDS = [
  {
    pkg: 'deep-chat',
    how: 'dist/deepChat.bundle.js',
    html: `<script type="module" src="/nm/deep-chat/dist/deepChat.bundle.js"></script><deep-chat style="display:block" connect='{"url":"${API}/chat"}'></deep-chat>`,
  },
  {
    pkg: 'flowise-embed',
    how: 'dist/web.js, Chatbot.init',
    html: `<script type="module">import Chatbot from "/nm/flowise-embed/dist/web.js"; Chatbot.init({ chatflowid: "00000000-0000-0000-0000-000000000000", apiHost: "${API}" });</script>`,
  },
  {
    pkg: '@typebot.io/js',
    how: 'dist/web.js, initBubble',
    html: `<script type="module">import Typebot from "/nm/@typebot.io/js/dist/web.js"; Typebot.initBubble({ typebot: "my-typebot", apiHost: "${API}" });</script>`,
  },
  {
    pkg: '@n8n/chat',
    how: 'dist/chat.bundle.es.js + style.css, createChat',
    html: `<link href="/nm/@n8n/chat/dist/style.css" rel="stylesheet"><script type="module">import { createChat } from "/nm/@n8n/chat/dist/chat.bundle.es.js"; createChat({ webhookUrl: "${API}/webhook/x" });</script>`,
  },
];

async function capture(srv, browser, embed, i) {
  const page = await browser.ctx.newPage();
  const fetched = new Set();
  const blocked = new Set();
  const errors = [];
  await page.route('**/*', (route) => {
    const u = new URL(route.request().url());
    if (u.origin === srv.origin || u.protocol === 'data:' || u.protocol === 'blob:') return route.continue();
    blocked.add(`${u.origin}${u.pathname}`);
    return route.abort('blockedbyclient');
  });
  let last = Date.now();
  page.on('request', () => {
    last = Date.now();
  });
  page.on('response', (r) => {
    const u = new URL(r.url());
    if (u.origin === srv.origin && u.pathname.startsWith('/nm/') && r.status() === 200)
      fetched.add(decodeURIComponent(u.pathname.slice('/nm/'.length)));
  });
  page.on('pageerror', (e) => errors.push(e.message.split('\n')[0].slice(0, 160)));
  await page.goto(`${srv.origin}/embed-${i}.html`, { waitUntil: 'load', timeout: 60_000 });
  // Until the page has fetched nothing new for settle-ms (lazy chunks a widget loads as it starts).
  const t0 = Date.now();
  while (Date.now() - last < args.settleMs && Date.now() - t0 < 20_000) await page.waitForTimeout(200);
  await page.close();
  const files = [...fetched].sort().map((f) => measureFile(f, path.join(NODE_MODULES, f)));
  return { files, blocked: [...blocked], errors };
}

async function botpressBundle() {
  const { build } = await import('esbuild');
  const outdir = path.join(TMP_DIR, 'botpress');
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    stdin: {
      contents: `import { createElement } from 'react'; import { createRoot } from 'react-dom/client'; import { Webchat } from '@botpress/webchat';
createRoot(document.getElementById('root')).render(createElement(Webchat, { clientId: 'x' }));`,
      resolveDir: NODE_MODULES,
      loader: 'js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2021',
    platform: 'browser',
    legalComments: 'none',
    outdir,
    entryNames: 'bundle',
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
    nodePaths: [NODE_MODULES],
  });
  return fs
    .readdirSync(outdir)
    .sort()
    .map((f) => measureFile(`esbuild: ${f}`, path.join(outdir, f)));
}

const sum = (files) => ({
  raw: files.reduce((t, f) => t + f.raw, 0),
  gzip: files.reduce((t, f) => t + f.gzip, 0),
  brotli: files.reduce((t, f) => t + f.brotli, 0),
});

async function main() {
  const t0 = Date.now();
  const dist = measureDist(WIDGET_DIR);
  if (!dist) throw new Error('dist/chat-bot.js is missing: run `npm run build` at the root first.');
  const first = dist.rows.filter((r) => r.file === 'dist/chat-bot.js');
  const text = dist.rows.filter((r) => r.textChat);
  const media = [...text, ...dist.rows.filter((r) => /chat-bot-media|pcm-worklet/.test(r.file))];
  const ours = [
    { name: 'chat-bot — first load (the script tag)', files: first },
    { name: 'chat-bot — a text chat, everything loaded', files: text },
    { name: 'chat-bot — with images and push-to-talk', files: media },
  ].map((s) => ({ ...s, ...sum(s.files) }));

  const pages = {};
  EMBEDS.forEach((e, i) => {
    pages[`/embed-${i}.html`] =
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e.pkg}</title></head><body>${e.html}</body></html>`;
  });
  const srv = await startServer({ pages });
  const browser = await launch();
  const theirs = [];
  try {
    for (const [i, e] of EMBEDS.entries()) {
      const got = await capture(srv, browser, e, i);
      theirs.push({ name: `${e.pkg} ${version(e.pkg)} (${e.how})`, ...got, ...sum(got.files) });
      process.stderr.write(
        `  ${e.pkg}: ${got.files.length} file(s), ${got.blocked.length} request(s) to other hosts blocked\n`,
      );
    }
  } finally {
    await browser.close();
    await srv.close();
  }
  const bp = await botpressBundle();
  theirs.push({
    name: `@botpress/webchat ${version('@botpress/webchat')} + react ${version('react')} (no script-tag build; esbuild --minify)`,
    files: bp,
    blocked: [],
    errors: [],
    ...sum(bp),
  });

  const k = (n) => fmt(n / 1024, 1);
  const [ourFirst, ourText] = ours;
  const ratio = (x, to) => `${fmt(x.gzip / to.gzip, 1)}×`;
  console.log(
    '\n### What a visitor downloads, side by side\n\nKB = 1,024 bytes; each file compressed on its own (gzip -9, brotli q11), summed. Ratios: gzip, theirs ÷ ours.\n',
  );
  const rows = [...ours, ...theirs].map((s) => [
    s.name,
    String(s.files.length),
    k(s.raw),
    k(s.gzip),
    k(s.brotli),
    ours.includes(s) ? '' : ratio(s, ourFirst),
    ours.includes(s) ? '' : ratio(s, ourText),
  ]);
  console.log(
    table(['widget', 'files', 'raw KB', 'gzip KB', 'brotli KB', '÷ our first load', '÷ our text chat'], rows, [
      'l',
      'r',
      'r',
      'r',
      'r',
      'r',
      'r',
    ]),
  );
  for (const s of theirs) if (s.blocked.length) console.log(`\n${s.name}: blocked requests to ${s.blocked.join(', ')}`);
  const file = writeResults('size-compare', {
    machine: machine(browser.version),
    elapsedS: (Date.now() - t0) / 1000,
    ours,
    theirs,
  });
  console.log(`\nJSON: ${file}`);
}

main().then(
  () => process.exit(0),
  async (e) => {
    console.error(e);
    await closeAll();
    process.exit(1);
  },
);
