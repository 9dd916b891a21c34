#!/usr/bin/env node
// First paint with a long stored conversation: a system is mounted on a page where N messages are
// already stored; the time from mount() to the first paint that shows them, the renderer's CPU in
// that window, the DOM it built (shadow roots included); then "Show earlier messages" once.
//
//   node long-history.mjs [--systems chat-bot,chat-bot:warm,noop] [--counts 2000] [--repeats 5]
//                         [--limit-s 60] [--deadline-s 600]
// A system is an adapter name, optionally with a variant: chat-bot = the launcher on the page, the
// panel's code fetched when the element mounts (a page load); chat-bot:warm = the panel's code
// already loaded (the render alone).
import { closeAll, globalDeadline, launch, metricsSession, withTimeout } from './lib/browser.mjs';
import { makeHistory } from './lib/markdown-gen.mjs';
import { machine, writeResults } from './lib/results.mjs';
import { harnessPage, startServer } from './lib/server.mjs';
import { fmt, parseArgs, summary, table } from './lib/stats.mjs';

const args = parseArgs(process.argv.slice(2), {
  systems: ['chat-bot', 'chat-bot:warm', 'noop'],
  counts: [2000],
  repeats: 5,
  limitS: 60,
  deadlineS: 600,
  seed: 3,
  quick: false,
});
if (args.quick) args.repeats = 1;
globalDeadline(args.deadlineS, 'long-history');

const cpuDelta = (a, b) => ({
  mainCpuMs: (b.TaskDuration - a.TaskDuration) * 1000,
  styleLayoutMs: (b.LayoutDuration + b.RecalcStyleDuration - a.LayoutDuration - a.RecalcStyleDuration) * 1000,
});

async function runOne(browser, origin, system, messages) {
  const [adapter, variant = ''] = system.split(':');
  const page = await browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const cpu = await metricsSession(browser.ctx, page, 'threadTicks');
    await page.goto(`${origin}/run.html`, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForFunction(() => window.__driverReady === true, null, { timeout: 30_000 });
    await withTimeout(
      page.evaluate(([n, m, o]) => window.__driver.prepareHistory(n, m, o), [adapter, messages, { variant }]),
      60_000,
      'prepare',
    );
    await browser.ctx
      .newCDPSession(page)
      .then((s) => s.send('HeapProfiler.collectGarbage'))
      .catch(() => {});
    const limit = args.limitS * 1000;
    const m0 = await cpu();
    const first = await withTimeout(
      page.evaluate(() => window.__driver.history()),
      limit,
      'first paint',
    );
    const m1 = await cpu();
    const census = await page.evaluate(() => window.__driver.historyCensus());
    const m2 = await cpu();
    const earlier = await withTimeout(
      page.evaluate(() => window.__driver.earlier()),
      limit,
      'earlier',
    );
    const m3 = await cpu();
    const censusAfter = earlier ? await page.evaluate(() => window.__driver.historyCensus()) : null;
    const heap = (await cpu()).JSHeapUsedSize / 2 ** 20;
    return {
      ...first,
      ...cpuDelta(m0, m1),
      census,
      earlier: earlier && { ...earlier, ...cpuDelta(m2, m3), census: censusAfter },
      jsHeapMB: heap,
      ...(errors.length ? { pageErrors: errors } : {}),
    };
  } finally {
    await Promise.race([page.close().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
  }
}

async function main() {
  const t0 = Date.now();
  const srv = await startServer({ pages: { '/run.html': harnessPage({ title: 'long-history' }) } });
  const histories = Object.fromEntries(args.counts.map((c) => [c, makeHistory(c, args.seed)]));
  const runs = [];
  let chromium = '';
  console.log(
    `long-history: ${args.systems.join(', ')} · ${args.counts.join(', ')} messages · ${args.repeats} repeat(s)`,
  );
  try {
    for (let rep = 0; rep < args.repeats; rep++) {
      const browser = await launch();
      chromium = browser.version;
      try {
        for (const count of args.counts) {
          const order = args.systems.map((_, i) => args.systems[(i + rep) % args.systems.length]);
          for (const system of order) {
            const head = `  rep ${rep + 1} ${String(count).padStart(5)} messages  ${system.padEnd(16)}`;
            try {
              const r = await runOne(browser, srv.origin, system, histories[count]);
              runs.push({ rep, count, system, ...r });
              console.log(
                `${head} first paint ${fmt(r.firstPaintMs).padStart(5)} ms  CPU ${fmt(r.mainCpuMs).padStart(5)} ms  longest task ${fmt(r.maxLongTaskMs).padStart(4)} ms  ` +
                  `${r.census.messagesInDom} messages, ${fmt(r.census.nodes)} nodes${r.earlier ? `  earlier: ${fmt(r.earlier.earlierMs)} ms → ${r.earlier.messagesAfter} messages` : ''}`,
              );
            } catch (e) {
              runs.push({ rep, count, system, error: e.message });
              console.log(`${head} ERROR ${e.message.split('\n')[0]}`);
            }
          }
        }
      } finally {
        await browser.close();
      }
    }
  } finally {
    await srv.close();
    await closeAll();
  }

  const ok = runs.filter((r) => !r.error);
  const groups = [];
  for (const count of args.counts)
    for (const system of args.systems) {
      const rs = ok.filter((r) => r.count === count && r.system === system);
      if (!rs.length) continue;
      const S = (f) => summary(rs.map(f));
      const withEarlier = rs.filter((r) => r.earlier);
      const E = (f) => summary(withEarlier.map(f));
      groups.push({
        count,
        system,
        n: rs.length,
        firstPaintMs: S((r) => r.firstPaintMs),
        mainCpuMs: S((r) => r.mainCpuMs),
        styleLayoutMs: S((r) => r.styleLayoutMs),
        maxLongTaskMs: S((r) => r.maxLongTaskMs),
        domNodes: S((r) => r.census.nodes),
        shadowRoots: S((r) => r.census.shadowRoots),
        messagesAtFirstPaint: rs[0].messagesAtFirstPaint,
        messagesInDom: rs[0].census.messagesInDom,
        jsHeapMB: S((r) => r.jsHeapMB),
        earlier: withEarlier.length
          ? {
              ms: E((r) => r.earlier.earlierMs),
              mainCpuMs: E((r) => r.earlier.mainCpuMs),
              maxLongTaskMs: E((r) => r.earlier.maxLongTaskMs),
              messagesAfter: withEarlier[0].earlier.messagesAfter,
              domNodes: E((r) => r.earlier.census.nodes),
            }
          : null,
      });
    }
  const range = (s) => (s.n > 1 ? `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})` : fmt(s.median));
  console.log(
    `\n### First paint with a stored conversation\n\nFrom mount() to the first paint showing the messages; main CPU = renderer main thread (CDP TaskDuration, threadTicks) in that window; DOM nodes = elements + text nodes, shadow roots included; median (min–max) of ${args.repeats}.\n`,
  );
  const align = (n) => ['r', 'l', ...Array(n - 2).fill('r')];
  console.log(
    table(
      [
        'stored',
        'system',
        'first paint ms',
        'main CPU ms',
        'style+layout ms',
        'longest task ms',
        'messages drawn',
        'DOM nodes',
        'JS heap MB',
      ],
      groups.map((g) => [
        fmt(g.count),
        g.system,
        range(g.firstPaintMs),
        range(g.mainCpuMs),
        fmt(g.styleLayoutMs.median),
        fmt(g.maxLongTaskMs.median),
        fmt(g.messagesInDom),
        fmt(g.domNodes.median),
        fmt(g.jsHeapMB.median, 1),
      ]),
      align(9),
    ),
  );
  const earlier = groups.filter((g) => g.earlier);
  if (earlier.length) {
    console.log(
      `\n"Show earlier messages" once: from the click to the paint showing them; median (min–max) of ${args.repeats}.\n`,
    );
    console.log(
      table(
        [
          'stored',
          'system',
          'to paint ms',
          'main CPU ms',
          'longest task ms',
          'messages drawn after',
          'DOM nodes after',
        ],
        earlier.map((g) => [
          fmt(g.count),
          g.system,
          range(g.earlier.ms),
          range(g.earlier.mainCpuMs),
          fmt(g.earlier.maxLongTaskMs.median),
          fmt(g.earlier.messagesAfter),
          fmt(g.earlier.domNodes.median),
        ]),
        align(7),
      ),
    );
  }
  const failed = runs.filter((r) => r.error);
  if (failed.length)
    console.log(
      `\n${failed.length} run(s) failed: ${failed.map((r) => `${r.system}/${r.count}: ${r.error.split('\n')[0]}`).join('; ')}`,
    );
  const totalChars = Object.fromEntries(
    Object.entries(histories).map(([k, v]) => [k, v.reduce((a, m) => a + m.text.length, 0)]),
  );
  const file = writeResults('long-history', {
    machine: machine(chromium),
    elapsedS: (Date.now() - t0) / 1000,
    args,
    totalChars,
    summary: groups,
    runs,
  });
  console.log(`\nJSON: ${file}  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

main().then(
  () => process.exit(0),
  async (e) => {
    console.error(e);
    await closeAll();
    process.exit(1);
  },
);
