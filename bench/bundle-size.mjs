#!/usr/bin/env node
// The bytes a visitor downloads: raw, gzip -9 and brotli q11 of the first load (dist/chat-bot.js) and of
// everything a text chat loads (the launcher, the panel and every chunk the panel imports statically),
// measured by lib/sizes.mjs — the module `npm run size` checks the budgets with. Then Chromium checks the
// file lists: a page with the documented script tag is loaded (what it fetches = the first load), the
// launcher is clicked and a question is answered (what else it fetches = the rest of a text chat).
//
//   node bundle-size.mjs [--no-browser] [--deadline-s 120]
import { closeAll, globalDeadline, launch, withTimeout } from './lib/browser.mjs';
import { ROOT_DIR, WIDGET_DIR } from './lib/env.mjs';
import { machine, writeResults } from './lib/results.mjs';
import { startServer } from './lib/server.mjs';
import { loadBudgets, measureDist } from './lib/sizes.mjs';
import { fmt, parseArgs, table } from './lib/stats.mjs';

const args = parseArgs(process.argv.slice(2), { browser: true, noBrowser: false, deadlineS: 120 });
if (args.noBrowser) args.browser = false;
globalDeadline(args.deadlineS, 'bundle-size');

const SERIAL = '0123456789abcdef0123456789abcdef';

// The script tag of the README, and a fetch that answers the visitor's question (one SSE fragment, then the final object).
const page = (origin) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bundle-size</title>
<script type="module">
const realFetch = window.fetch.bind(window);
const json = (Data) => new Response(JSON.stringify({ Data, Version: '1.0.0', Success: true, Code: 200, Message: '' }), { headers: { 'content-type': 'application/json' } });
window.fetch = async (input, init) => {
  const path = new URL(String(input), location.href).pathname;
  if (path === '/chat/Chatbot/GetSession') return json({ SessionID: 1, VisitorToken: 'vt1.bench', ExpiresAt: new Date(Date.now() + 864e5).toISOString() });
  if (path === '/chat/Chat/ClientAsk') return new Response('data: {"content":"**Hello**"}\\n\\ndata: {"QuestionID":1,"AnswerID":2,"Answer":"**Hello**","TotalToken":1}\\n\\n', { headers: { 'content-type': 'text/event-stream' } });
  return realFetch(input, init);
};
</script>
<script src="/widget/chat-bot.js" data-serial-number="${SERIAL}" data-base-url="${origin}" async></script>
</head><body><h1>A page</h1></body></html>`;

async function fetchedByChromium() {
  const pages = {};
  const srv = await startServer({ pages });
  pages['/size.html'] = page(srv.origin);
  const browser = await launch();
  try {
    const p = await browser.ctx.newPage();
    const fetched = [];
    p.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/widget/') && !path.endsWith('.map')) fetched.push(`dist/${path.slice('/widget/'.length)}`);
    });
    await p.goto(`${srv.origin}/size.html`, { waitUntil: 'load', timeout: 30_000 });
    await p.locator('chat-bot .launcher').waitFor({ timeout: 30_000 });
    await p.waitForTimeout(1000); // anything else the page would fetch on its own
    const firstLoad = [...fetched];
    await p.locator('chat-bot .launcher').click();
    await p.locator('chat-bot textarea').waitFor({ timeout: 30_000 });
    const answered = p.evaluate(
      () =>
        new Promise((resolve) =>
          document
            .querySelector('chat-bot')
            .addEventListener('chat-bot-answer', (e) => resolve(e.text), { once: true }),
        ),
    );
    await p.evaluate(() => document.querySelector('chat-bot').send('Hello?'));
    const answer = await withTimeout(answered, 30_000, 'the answer');
    await p.waitForTimeout(500);
    return { chromium: browser.version, firstLoad, textChat: [...fetched], answer };
  } finally {
    await browser.close();
    await srv.close();
  }
}

async function main() {
  const t0 = Date.now();
  const sizes = measureDist(WIDGET_DIR);
  if (!sizes) throw new Error('dist/chat-bot.js is missing: run `npm run build` at the root first.');
  const { budgets, source } = loadBudgets(ROOT_DIR);
  const browser = args.browser ? await fetchedByChromium() : null;
  const first = sizes.rows.find((r) => r.file === 'dist/chat-bot.js');
  const k = (n) => fmt(n / 1024, 1);

  console.log(
    `\n### Bytes a visitor downloads\n\nKB = 1,024 bytes; gzip -9 and brotli q11 (node:zlib), each file compressed on its own, sums of files. Budgets (gzip) from ${source}.\n`,
  );
  const rows = sizes.rows.map((r) => [
    r.file,
    r.file === 'dist/chat-bot.js' ? 'first load' : r.textChat ? 'text chat' : 'only when used',
    k(r.raw),
    k(r.gzip),
    k(r.brotli),
    '',
  ]);
  const firstBudget = Object.values(budgets.files ?? {}).find((b) => b.path === 'dist/chat-bot.js')?.gzipKB;
  rows.push([
    '**first load** (the script tag)',
    '',
    k(first.raw),
    k(first.gzip),
    k(first.brotli),
    firstBudget ? `${firstBudget} KB` : '',
  ]);
  rows.push([
    `**a text chat, everything it loads** (${sizes.textChat.files.length} files)`,
    '',
    k(sizes.textChat.raw),
    k(sizes.textChat.gzip),
    k(sizes.textChat.brotli),
    budgets.textChatTotalGzipKB ? `${budgets.textChatTotalGzipKB} KB` : '',
  ]);
  console.log(
    table(['file', 'loaded', 'raw KB', 'gzip KB', 'brotli KB', 'gzip budget'], rows, ['l', 'l', 'r', 'r', 'r', 'r']),
  );

  const check = {};
  if (browser) {
    const same = (a, b) => a.length === b.length && [...a].sort().every((x, i) => x === [...b].sort()[i]);
    check.firstLoad = {
      fetched: browser.firstLoad,
      counted: ['dist/chat-bot.js'],
      same: same(browser.firstLoad, ['dist/chat-bot.js']),
    };
    check.textChat = {
      fetched: browser.textChat,
      counted: sizes.textChat.files,
      same: same(browser.textChat, sizes.textChat.files),
      answered: browser.answer === '**Hello**',
    };
    console.log(`\nChromium ${browser.chromium}, the documented script tag on a page:`);
    console.log(
      `  page load fetched ${browser.firstLoad.join(', ') || 'nothing'} → ${check.firstLoad.same ? 'the first load as counted' : 'NOT what is counted'}`,
    );
    console.log(
      `  opening the chat and getting an answer fetched ${browser.textChat.join(', ')} → ${check.textChat.same ? 'the text chat as counted' : 'NOT what is counted'}${check.textChat.answered ? '' : ' (the answer did not arrive)'}`,
    );
  }
  const over = [];
  if (firstBudget && first.gzip / 1024 > firstBudget) over.push(`first load ${k(first.gzip)} KB > ${firstBudget} KB`);
  if (budgets.textChatTotalGzipKB && sizes.textChat.gzip / 1024 > budgets.textChatTotalGzipKB)
    over.push(`text chat ${k(sizes.textChat.gzip)} KB > ${budgets.textChatTotalGzipKB} KB`);
  console.log(over.length ? `\nOver budget (gzip): ${over.join('; ')}` : '\nWithin the budgets.');
  const file = writeResults('bundle-size', {
    machine: machine(browser?.chromium ?? ''),
    elapsedS: (Date.now() - t0) / 1000,
    budgets: { source, ...budgets },
    sizes,
    browserCheck: check,
    overBudget: over,
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
