// What a visitor downloads from dist/: raw, gzip -9 and brotli (q11) bytes of the script-tag file and
// the chunks beside it, and which of them a text chat loads. Shared by size.mjs (the budget check in
// `npm test`) and bundle-size.mjs (the benchmark); node:* only, so it runs without bench/node_modules.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Raw, gzip -9 and brotli q11 bytes of one file; `file` is the name shown, `path` where it is. */
export function measureFile(file, path) {
  const bytes = readFileSync(path);
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

// `import … from "./x.js"`, `export … from "./x.js"`, `import "./x.js"`: never `import("./x.js")`.
const STATIC_IMPORT = /\b(?:import|export)\s*(?:[^"'();]*?\bfrom\s*)?["']\.\/([^"']+)["']/g;

/** The file and every chunk beside it that it imports statically, transitively (names in dist/). */
export function staticClosure(dist, file, seen = new Set()) {
  if (seen.has(file) || !existsSync(join(dist, file))) return seen;
  seen.add(file);
  for (const m of readFileSync(join(dist, file), 'utf8').matchAll(STATIC_IMPORT)) staticClosure(dist, m[1], seen);
  return seen;
}

/**
 * The script-tag build in `dist`: dist/chat-bot.js (the launcher) and the chunks beside it
 * (dist/chat-bot.*.js), each measured; `textChat` marks what a text chat loads — the launcher, the
 * panel and every chunk the panel imports statically. Chunks loaded by import() (media, code for
 * other runtimes) count only when used. Returns null when dist/chat-bot.js was not built.
 */
export function measureDist(dist) {
  if (!existsSync(join(dist, 'chat-bot.js'))) return null;
  const chunks = readdirSync(dist)
    .filter((f) => /^chat-bot\..+\.js$/.test(f))
    .sort();
  const textChatFiles = new Set(['chat-bot.js', ...staticClosure(dist, 'chat-bot.panel.js')]);
  const rows = ['chat-bot.js', ...chunks].map((f) => ({
    ...measureFile(`dist/${f}`, join(dist, f)),
    textChat: textChatFiles.has(f),
  }));
  const textChat = rows.filter((r) => r.textChat);
  const sum = (key) => textChat.reduce((total, r) => total + r[key], 0);
  return {
    rows,
    textChat: { files: textChat.map((r) => r.file), raw: sum('raw'), gzip: sum('gzip'), brotli: sum('brotli') },
  };
}

/**
 * The budgets: ../shared/budgets.json beside the repository when it exists (the product owner's),
 * else bench/budgets.json (its copy). `source` names which, relative to the repository.
 */
export function loadBudgets(root) {
  const shared = join(root, '..', 'shared', 'budgets.json');
  const path = existsSync(shared) ? shared : join(root, 'bench', 'budgets.json');
  return {
    budgets: JSON.parse(readFileSync(path, 'utf8')),
    source: path === shared ? '../shared/budgets.json' : 'bench/budgets.json',
  };
}
