#!/usr/bin/env node
// What a streamed Markdown answer costs the page, fragment by fragment, and whether that grows with
// the answer. Three tests, each on every system that supports it (adapters/<name>.js):
//   paced     one fragment per frame, each painted before the next (a model streaming slowly):
//             renderer main-thread CPU per fragment — all of it, and its script, style + layout and
//             other (paint, commit…) parts — over a window of fragments at 1, 4, 16 and 64 KB into
//             one long answer (fast-forwarded to each position as fast as possible, not measured).
//   sync      the renderer alone (systems with flush()): append + flush, then a layout read, per
//             fragment, each timed; median and p95 over 1 KB of fragments at the same positions.
//   firehose  whole answers of 1, 4, 16 and 64 KB as fast as possible, one fragment per task, rendered
//             as the system renders (the widget: once per frame): CPU, longest task, time to the last
//             paint, and the end of the stream.
//
//   node stream-render.mjs [--systems chat-bot,chat-bot-markdown,noop] [--tests paced,sync,firehose]
//        [--sizes 1k,4k,16k,64k] [--repeats 3] [--paced-fragments 120] [--frag-chars 5] [--window-chars 1024]
//        [--limit-s 60] [--deadline-s 900] [--quick]
import { buildMarkdownBundle } from './lib/markdown-bundle.mjs';
import { closeAll, globalDeadline, launch, metricsSession, withTimeout } from './lib/browser.mjs';
import { expectedCounts, makeAnswer, splitFragments } from './lib/markdown-gen.mjs';
import { machine, writeResults } from './lib/results.mjs';
import { harnessPage, startServer } from './lib/server.mjs';
import { fmt, kb, median, parseArgs, quantile, summary, table } from './lib/stats.mjs';

const args = parseArgs(process.argv.slice(2), {
  systems: ['chat-bot', 'chat-bot-markdown', 'noop'],
  tests: ['paced', 'sync', 'firehose'],
  sizes: [1024, 4096, 16384, 65536],
  repeats: 3,
  pacedFragments: 120,
  fragChars: 5,
  windowChars: 1024,
  limitS: 60,
  deadlineS: 900,
  seed: 42,
  quick: false,
});
if (args.quick) Object.assign(args, { repeats: 1, pacedFragments: 30, sizes: [1024, 16384] });
globalDeadline(args.deadlineS, 'stream-render');

const CDP_KEYS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'];
const delta = (a, b) => Object.fromEntries(CDP_KEYS.map((k) => [k, (b[k] - a[k]) * 1000]));
const largest = Math.max(...args.sizes);
// One long answer for the per-position tests: a full window past the last checkpoint.
const longAnswer = makeAnswer(largest + args.windowChars + 1500, args.seed);
const longFragments = splitFragments(longAnswer, args.fragChars, 7);
const answers = Object.fromEntries(args.sizes.map((s) => [s, makeAnswer(s, args.seed)]));

async function withPage(browser, origin, system, fragments, body) {
  const page = await browser.ctx.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  try {
    const cpu = await metricsSession(browser.ctx, page, 'threadTicks');
    const wall = await metricsSession(browser.ctx, page, 'timeTicks');
    await page.goto(`${origin}/run.html`, { waitUntil: 'load', timeout: 30_000 });
    await page.waitForFunction(() => window.__driverReady === true, null, { timeout: 30_000 });
    const prepared = await withTimeout(
      page.evaluate(([n, f]) => window.__driver.prepareStream(n, f), [system, fragments]),
      60_000,
      `${system}: prepare`,
    );
    const call = (fn, arg) =>
      withTimeout(
        page.evaluate(([f, a]) => window.__driver[f](a), [fn, arg]),
        args.limitS * 1000 + 30_000,
        `${system}: ${fn}`,
      );
    const result = await body({ page, cpu, wall, call, prepared });
    if (errors.length) result.pageErrors = errors;
    return result;
  } finally {
    await Promise.race([page.close().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
  }
}

/** paced: CPU per fragment, one fragment per frame, at each checkpoint of the long answer. */
const paced = (browser, origin, system) =>
  withPage(browser, origin, system, longFragments, async ({ cpu, call }) => {
    const windows = [];
    for (const at of args.sizes) {
      await call('streamTo', at);
      const m0 = await cpu();
      const r = await call('paced', args.pacedFragments);
      const d = delta(m0, await cpu());
      windows.push({
        at,
        fragments: r.fragments,
        cpuUsPerFragment: (d.TaskDuration * 1000) / r.fragments,
        scriptUsPerFragment: (d.ScriptDuration * 1000) / r.fragments,
        styleLayoutUsPerFragment: ((d.LayoutDuration + d.RecalcStyleDuration) * 1000) / r.fragments,
        maxLongTaskMs: r.maxLongTaskMs,
        frames: r.frames,
        wallMs: r.wallMs,
      });
    }
    return { windows };
  });

/** sync: the renderer's own per-fragment times (append + flush + layout read) at each checkpoint of the long answer. */
const sync = (browser, origin, system) =>
  withPage(browser, origin, system, longFragments, async ({ call, prepared }) => {
    if (!prepared.canFlush) return { unsupported: true };
    const windows = [];
    for (const at of args.sizes) {
      await call('streamTo', at);
      const { renderUs, layoutUs } = await call('syncEach', args.windowChars);
      const total = renderUs.map((x, i) => x + layoutUs[i]);
      const stats = (us) => ({ medianUs: median(us), p95Us: quantile(us, 0.95), maxUs: Math.max(...us) });
      windows.push({
        at,
        fragments: total.length,
        render: stats(renderUs),
        layout: stats(layoutUs),
        total: stats(total),
      });
    }
    return { windows };
  });

/** firehose: one whole answer as fast as possible. */
const firehose = (browser, origin, system, size) =>
  withPage(
    browser,
    origin,
    system,
    splitFragments(answers[size], args.fragChars, 7),
    async ({ page, cpu, wall, call }) => {
      const [m0, w0] = [await cpu(), await wall()];
      const r = await call('firehose', { limitMs: args.limitS * 1000 });
      const [m1, w1] = [await cpu(), await wall()];
      const d = delta(m0, m1);
      const census = await page.evaluate(() => window.__driver.census());
      return {
        ...r,
        chars: answers[size].length,
        mainCpuMs: d.TaskDuration,
        mainWallMs: (w1.TaskDuration - w0.TaskDuration) * 1000,
        scriptMs: d.ScriptDuration,
        styleLayoutMs: d.LayoutDuration + d.RecalcStyleDuration,
        cpuUsPerFragment: (d.TaskDuration * 1000) / r.fragments,
        census,
      };
    },
  );

async function main() {
  const t0 = Date.now();
  if (args.systems.includes('chat-bot-markdown')) await buildMarkdownBundle();
  const srv = await startServer({ pages: { '/run.html': harnessPage({ title: 'stream-render' }) } });
  const runs = [];
  let chromium = '';
  console.log(
    `stream-render: ${args.systems.join(', ')} · tests ${args.tests.join(', ')} · ${args.repeats} repeat(s) · long answer ${fmt(longAnswer.length)} chars in ${fmt(longFragments.length)} fragments of 1–${2 * args.fragChars - 1} chars`,
  );
  const log = (run) => {
    runs.push(run);
    const { test, system, size, rep } = run;
    const head = `  rep ${rep + 1} ${test.padEnd(8)} ${system.padEnd(18)} ${size ? kb(size).padStart(6) : ''.padStart(6)}  `;
    if (run.error || run.timedOut)
      return console.log(
        `${head}${run.error ? `ERROR ${run.error.split('\n')[0]}` : run.skipped ? 'not run: over the limit on a shorter answer' : `over the limit of ${args.limitS} s (${fmt(run.pushed)} of ${fmt(run.fragments)} fragments)`}`,
      );
    if (test === 'paced')
      console.log(
        `${head}CPU (script) µs/fragment ${run.windows.map((w) => `${kb(w.at)}: ${fmt(w.cpuUsPerFragment)} (${fmt(w.scriptUsPerFragment)})`).join('  ')}`,
      );
    else if (test === 'sync')
      console.log(
        `${head}median µs/fragment, render + layout ${run.windows.map((w) => `${kb(w.at)}: ${fmt(w.render.medianUs)} + ${fmt(w.layout.medianUs)}`).join('  ')}`,
      );
    else
      console.log(
        `${head}CPU ${fmt(run.mainCpuMs).padStart(6)} ms (${fmt(run.cpuUsPerFragment)} µs/fragment)  last paint ${fmt(run.lastPaintMs).padStart(6)} ms  end ${fmt(run.endMs)} ms  longest task ${fmt(run.maxLongTaskMs)} ms`,
      );
  };
  try {
    for (let rep = 0; rep < args.repeats; rep++) {
      const browser = await launch();
      chromium = browser.version;
      try {
        // Each repeat starts with a different system, so slow drift does not always hit the same one.
        const order = args.systems.map((_, i) => args.systems[(i + rep) % args.systems.length]);
        // A system over the limit on one answer is not given a longer one (its cost only grows).
        const overLimit = new Set();
        for (const test of args.tests) {
          for (const size of test === 'firehose' ? args.sizes : [0]) {
            for (const system of order) {
              const base = { test, system, rep, ...(size ? { size } : {}) };
              if (test === 'firehose' && overLimit.has(system)) {
                log({ ...base, timedOut: true, skipped: true });
                continue;
              }
              try {
                const r =
                  test === 'paced'
                    ? await paced(browser, srv.origin, system)
                    : test === 'sync'
                      ? await sync(browser, srv.origin, system)
                      : await firehose(browser, srv.origin, system, size);
                if (r.unsupported)
                  console.log(
                    `  rep ${rep + 1} ${test.padEnd(8)} ${system.padEnd(18)} ${''.padStart(6)}  renders once per frame only: not in this test`,
                  );
                else log({ ...base, ...r });
                if (r.timedOut) overLimit.add(system);
              } catch (e) {
                log({ ...base, error: e.message });
              }
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
  const summaryTables = report(runs);
  const file = writeResults('stream-render', {
    machine: machine(chromium),
    elapsedS: (Date.now() - t0) / 1000,
    args,
    longAnswerChars: longAnswer.length,
    summary: summaryTables,
    runs,
  });
  console.log(`\nJSON: ${file}  (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}

function report(runs) {
  const ok = runs.filter((r) => !r.error && !r.timedOut);
  const out = {};
  const positions = args.sizes.map((p) => `at ${kb(p)}`);
  const by = (test, system, size) =>
    ok.filter((r) => r.test === test && r.system === system && (size === undefined || r.size === size));
  const med = (xs) => summary(xs).median;
  const ratio = (a, b) => `${fmt(a / b, 2)}×`;
  const growthHead = `${kb(args.sizes.at(-1))} / ${kb(args.sizes[0])}`;

  if (args.tests.includes('paced')) {
    const parts = {
      cpuUsPerFragment: 'all',
      scriptUsPerFragment: 'script',
      styleLayoutUsPerFragment: 'style + layout',
      restUsPerFragment: 'the rest: paint, commit, …',
    };
    out.paced = args.systems
      .map((system) => {
        const rs = by('paced', system);
        return {
          system,
          n: rs.length,
          windows: args.sizes.map((at) => {
            const ws = rs.map((r) => r.windows.find((x) => x.at === at));
            const w = { at, maxLongTaskMs: Math.max(0, ...ws.map((x) => x.maxLongTaskMs)) };
            for (const k of Object.keys(parts))
              w[k] = med(
                ws.map((x) =>
                  k === 'restUsPerFragment'
                    ? x.cpuUsPerFragment - x.scriptUsPerFragment - x.styleLayoutUsPerFragment
                    : x[k],
                ),
              );
            return w;
          }),
        };
      })
      .filter((g) => g.n);
    console.log(
      `\n### Per fragment, one fragment per frame (paced)\n\nRenderer main-thread CPU per fragment, µs — everything the frame that shows the fragment costs (CDP Performance metrics, threadTicks: TaskDuration, and its ScriptDuration, RecalcStyle + Layout parts) — over ${args.pacedFragments} fragments from each position of one ${kb(longAnswer.length)} answer; median of ${args.repeats}.\n`,
    );
    const rows = [];
    for (const g of out.paced)
      for (const [k, label] of Object.entries(parts))
        rows.push([
          `${g.system}: ${label}`,
          ...g.windows.map((x) => fmt(x[k])),
          ratio(g.windows.at(-1)[k], g.windows[0][k]),
        ]);
    console.log(table(['system: part', ...positions, growthHead], rows));
  }

  if (args.tests.includes('sync')) {
    const parts = { render: 'append + flush', layout: 'layout read', total: 'both' };
    out.sync = args.systems
      .map((system) => {
        const rs = by('sync', system);
        return {
          system,
          n: rs.length,
          windows: args.sizes.map((at) => {
            const ws = rs.map((r) => r.windows.find((w) => w.at === at));
            const part = (k) => ({
              medianUs: med(ws.map((w) => w[k].medianUs)),
              p95Us: med(ws.map((w) => w[k].p95Us)),
              maxUs: Math.max(0, ...ws.map((w) => w[k].maxUs)),
            });
            return {
              at,
              fragments: ws[0]?.fragments,
              render: part('render'),
              layout: part('layout'),
              total: part('total'),
            };
          }),
        };
      })
      .filter((g) => g.n);
    console.log(
      `\n### Per fragment, rendered at once (sync)\n\nEach fragment in a task of its own: append + flush (the renderer's work), then a layout read (style + layout; paint not included), each timed; over the ~${fmt(out.sync[0]?.windows[0].fragments)} fragments of the ${kb(args.windowChars)} from each position; median (p95) µs, each the median of ${args.repeats}.\n`,
    );
    const rows = [];
    for (const g of out.sync)
      for (const [k, label] of Object.entries(parts)) {
        if (g.system === 'noop' && k !== 'total') continue;
        rows.push([
          `${g.system}: ${label}`,
          ...g.windows.map((w) => `${fmt(w[k].medianUs)} (${fmt(w[k].p95Us)})`),
          ratio(g.windows.at(-1)[k].medianUs, g.windows[0][k].medianUs),
        ]);
      }
    console.log(table(['system: part', ...positions, growthHead], rows));
  }

  if (args.tests.includes('firehose')) {
    out.firehose = [];
    for (const system of args.systems)
      for (const size of args.sizes) {
        const rs = by('firehose', system, size);
        if (!rs.length) continue;
        const S = (f) => summary(rs.map(f));
        out.firehose.push({
          system,
          size,
          chars: rs[0].chars,
          fragments: rs[0].fragments,
          n: rs.length,
          mainCpuMs: S((r) => r.mainCpuMs),
          cpuUsPerFragment: S((r) => r.cpuUsPerFragment),
          lastPaintMs: S((r) => r.lastPaintMs),
          endMs: S((r) => r.endMs),
          maxLongTaskMs: S((r) => r.maxLongTaskMs),
          styleLayoutMs: S((r) => r.styleLayoutMs),
          domNodes: S((r) => r.census.nodes),
          answerTags: rs[0].census.answerTags,
        });
      }
    console.log(
      `\n### Whole answers as fast as possible (firehose)\n\nOne fragment per task, rendered as the system renders (the widget: once per frame); main CPU = renderer main thread (CDP TaskDuration, threadTicks) from the first fragment to the paint after the end of the stream; last paint = wall time to that paint; end = from the last fragment to that paint; median (min–max) of ${args.repeats}.\n`,
    );
    const range = (s) => (s.n > 1 ? `${fmt(s.median)} (${fmt(s.min)}–${fmt(s.max)})` : fmt(s.median));
    console.log(
      table(
        [
          'system',
          'answer',
          'fragments',
          'main CPU ms',
          'µs / fragment',
          'style+layout ms',
          'last paint ms',
          'end ms',
          'longest task ms',
          'DOM nodes',
        ],
        out.firehose.map((g) => [
          g.system,
          `${fmt(g.chars)} ch`,
          fmt(g.fragments),
          range(g.mainCpuMs),
          fmt(g.cpuUsPerFragment.median),
          fmt(g.styleLayoutMs.median),
          range(g.lastPaintMs),
          fmt(g.endMs.median),
          range(g.maxLongTaskMs),
          fmt(g.domNodes.median),
        ]),
      ),
    );
    const growth = args.systems
      .map((system) => {
        const gs = out.firehose.filter((g) => g.system === system);
        if (gs.length < 2) return null;
        const a = gs[0],
          b = gs.at(-1);
        const cell = (size) => {
          const g = gs.find((x) => x.size === size);
          return g ? fmt(g.mainCpuMs.median) : `over ${args.limitS} s`;
        };
        return [
          system,
          ...args.sizes.map(cell),
          fmt(Math.log(b.mainCpuMs.median / a.mainCpuMs.median) / Math.log(b.chars / a.chars), 2),
        ];
      })
      .filter(Boolean);
    console.log(
      `\nGrowth: main CPU ms by answer length; k = log-log slope from the shortest to the longest (1 = linear, i.e. a constant cost per fragment; 2 = quadratic)\n`,
    );
    console.log(table(['system', ...args.sizes.map(kb), 'k'], growth));
    const exp = expectedCounts(answers[largest]);
    for (const g of out.firehose.filter((x) => x.size === largest && x.answerTags)) {
      const t = g.answerTags;
      g.rendersAsSource = ['h', 'li', 'pre', 'table', 'a'].every((k) => t[k] === exp[k]);
      console.log(
        `  rendered by ${g.system}: h ${t.h}/${exp.h}, li ${t.li}/${exp.li}, pre ${t.pre}/${exp.pre}, table ${t.table}/${exp.table}, a ${t.a}/${exp.a} → ${g.rendersAsSource ? 'as in the source' : 'MISMATCH'}`,
      );
    }
  }
  const failed = runs.filter((r) => r.error || r.timedOut);
  if (failed.length)
    console.log(
      `\n${failed.length} run(s) failed or went over the limit: ${failed.map((r) => `${r.test}/${r.system}${r.size ? '/' + kb(r.size) : ''}`).join(', ')}`,
    );
  return out;
}

main().then(
  () => process.exit(0),
  async (e) => {
    console.error(e);
    await closeAll();
    process.exit(1);
  },
);
