#!/usr/bin/env node
// All the benchmarks, one after the other, each in its own process with its own limits:
//   size             bundle-size.mjs    bytes of the first load and of a text chat (+ Chromium's check of the file lists)
//   compare          size-compare.mjs   the same bytes beside deep-chat, flowise-embed, @typebot.io/js, @n8n/chat, @botpress/webchat
//   stream           stream-render.mjs  per-fragment cost of a streamed Markdown answer, and its growth
//   stream-compare   stream-render.mjs  whole answers of 5k–60k characters: us, deep-chat, marked + DOMPurify, plain text (direct and over SSE) (~20 min)
//   history          long-history.mjs   first paint with 2,000 stored messages, then "Show earlier messages"
//   history-compare  long-history.mjs   the same for us, deep-chat, marked + DOMPurify, plain text
//   launcher         launcher-paint.mjs first paint of the launcher from the script tag, cold cache, 4x and 1x CPU
//                                       (--builds before=<dir>,after=dist to set an older build beside dist/)
//   service          service-load.mjs   the service under autocannon (PostgreSQL too with --database-url)
//   files            files-throughput.mjs  a 100 MiB video up and down through each file store: MiB/s, range reads, the service's memory
//   live             live-streams.mjs   1,000 visitor event streams: memory per stream, reply-to-event latency (PostgreSQL too with --database-url)
//   listings         listings-scale.mjs  questions at 240–24,000 listings, after one changes, during a load; RSS with 100 chatbots of 1,000
//                                       (here a shorter setting than the script's own: 100,000 listings and 1,000 chatbots take an hour and more)
// Each prints its tables and writes results/<name>-<timestamp>.json. Run `npm run build` at the root first
// (the root's `npm run bench` does it).
//
//   node run.mjs [--only size,compare,stream,…] [--quick]   (every other flag goes to every script; each ignores those it does not know)
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BENCH_DIR, WIDGET_DIR } from './lib/env.mjs';

const COMPARED = 'chat-bot,deep-chat,marked-dompurify,noop';
const SCRIPTS = {
  size: ['bundle-size.mjs'],
  compare: ['size-compare.mjs'],
  stream: ['stream-render.mjs'],
  'stream-compare': [
    'stream-render.mjs',
    '--systems',
    `${COMPARED},noop-sse`,
    '--tests',
    'firehose',
    '--sizes',
    '5000,15000,30000,60000',
    '--limit-s',
    '100',
    '--deadline-s',
    '2300',
  ],
  history: ['long-history.mjs'],
  'history-compare': ['long-history.mjs', '--systems', COMPARED],
  launcher: ['launcher-paint.mjs'],
  service: ['service-load.mjs'],
  files: ['files-throughput.mjs'],
  live: ['live-streams.mjs'],
  listings: ['listings-scale.mjs', '--sizes', '240,2400,24000', '--many', '100x1000', '--deadline-s', '2400'],
};
const argv = process.argv.slice(2);
const at = argv.indexOf('--only');
const only = at >= 0 ? argv[at + 1].split(',') : Object.keys(SCRIPTS);
const rest = at >= 0 ? [...argv.slice(0, at), ...argv.slice(at + 2)] : argv;
const unknown = only.filter((n) => !SCRIPTS[n]);
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}; choose from ${Object.keys(SCRIPTS).join(', ')}.`);
  process.exit(2);
}
if (!existsSync(path.join(WIDGET_DIR, 'chat-bot.js'))) {
  console.error('dist/chat-bot.js is missing: run `npm run build` at the root first (or `npm run bench` there).');
  process.exit(1);
}

const t0 = Date.now();
const failed = [];
for (const name of only) {
  const [script, ...own] = SCRIPTS[name];
  console.log(`\n## ${name}: node ${[script, ...own, ...rest].join(' ')}`);
  const r = spawnSync(process.execPath, [path.join(BENCH_DIR, script), ...own, ...rest], {
    stdio: 'inherit',
    cwd: BENCH_DIR,
    timeout: 45 * 60_000,
  });
  if (r.status !== 0) failed.push(`${name} (exit ${r.status ?? r.signal})`);
}
console.log(
  `\nAll done in ${((Date.now() - t0) / 1000).toFixed(0)} s${failed.length ? `; failed: ${failed.join(', ')}` : ''}.`,
);
process.exit(failed.length ? 1 : 0);
