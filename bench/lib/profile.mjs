// Where a process's time went, from the .cpuprofile files `node --cpu-prof` wrote (one per process:
// the primary and each worker with WORKERS): self time by function, and by part of the system.
import fs from 'node:fs';
import path from 'node:path';
import { fmt, table } from './stats.mjs';

/** The part of the system a function belongs to, by where its code is. */
const PARTS = [
  [
    'PGlite (WebAssembly and its JavaScript)',
    (url) => url.includes('@electric-sql/pglite') || url.startsWith('wasm://'),
  ],
  ['node-postgres', (url) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types|pgpass|postgres-[a-z]+)\//.test(url)],
  ['drizzle', (url) => url.includes('node_modules/drizzle-orm/')],
  [
    'fastify',
    (url) =>
      /node_modules\/(fastify|@fastify\/[^/]+|find-my-way|avvio|light-my-request|fast-json-stringify|fast-querystring|secure-json-parse|toad-cache)\//.test(
        url,
      ),
  ],
  ['other libraries', (url) => url.includes('node_modules/')],
  ['the offline engine', (url) => url.includes('/server/engines/')],
  ['the service (routes, store, protocol)', (url) => url.includes('/dist/node/')],
  ['Node (http, streams, timers…)', (url) => url.startsWith('node:') || url.startsWith('internal/') || url === ''],
];
const SPECIAL = new Set(['(garbage collector)', '(program)', '(idle)', '(root)']);

function partOf(frame) {
  if (SPECIAL.has(frame.functionName)) return frame.functionName;
  // A native function (a RegExp, writev, JSON) counts as Node's.
  return PARTS.find(([, test]) => test(frame.url))?.[0] ?? 'Node (http, streams, timers…)';
}

/** Self time by function (top `n`) and by part, over every profile in `dir`, idle time left out; shares of the busy time. */
export function summarizeProfiles(dir, n = 25) {
  const byFunction = new Map();
  const byPart = new Map();
  let busy = 0;
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    const self = new Map();
    profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
    for (const node of profile.nodes) {
      const us = self.get(node.id) ?? 0;
      const f = node.callFrame;
      if (!us || f.functionName === '(idle)') continue;
      busy += us;
      const where = f.url
        ? `${f.url.replace(/^.*\/(node_modules|dist\/node)\//, '').replace(/^file:\/\//, '')}:${f.lineNumber + 1}`
        : '';
      const key = `${f.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + us);
      const part = partOf(f);
      byPart.set(part, (byPart.get(part) ?? 0) + us);
    }
  }
  const share = ([name, us]) => ({ name, ms: us / 1000, share: us / busy });
  return {
    busyMs: busy / 1000,
    parts: [...byPart].sort((a, b) => b[1] - a[1]).map(share),
    functions: [...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(share),
  };
}

/** A summary's two tables, as the benchmarks print them: self time by part, then by function. */
export function printProfileTables(parts, functions) {
  const pc = (x) => `${fmt(100 * x.share, 1)} %`;
  console.log(
    table(
      ['part', 'self time', 'share'],
      parts.map((p) => [p.name, `${fmt(p.ms)} ms`, pc(p)]),
    ),
  );
  console.log('');
  console.log(
    table(
      ['function', 'self time', 'share'],
      functions.map((f) => [f.name.replace(/\|/g, '\\|'), `${fmt(f.ms)} ms`, pc(f)]),
    ),
  );
}
