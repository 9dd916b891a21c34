#!/usr/bin/env node
// What a visitor downloads from dist/: raw, gzip -9 and brotli (q11) bytes of the script-tag file and
// the lazy chunks beside it, checked against the budgets. Exits 1 when a budget is exceeded.
// Budgets: ../shared/budgets.json when it exists (the product owner's), else bench/budgets.json (a copy).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const shared = join(root, '..', 'shared', 'budgets.json');
const budgetsPath = existsSync(shared) ? shared : join(root, 'bench', 'budgets.json');
const budgets = JSON.parse(readFileSync(budgetsPath, 'utf8'));
const dist = join(root, 'dist');

if (!existsSync(join(dist, 'chat-bot.js'))) {
  console.error('dist/chat-bot.js is missing: run `npm run build` first.');
  process.exit(1);
}

const measure = (file) => {
  const bytes = readFileSync(join(root, file));
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};

// The script-tag build: dist/chat-bot.js and its lazy chunks (dist/chat-bot.*.js); media chunks carry "media".
const chunks = readdirSync(dist).filter((f) => /^chat-bot\..+\.js$/.test(f)).sort();
const rows = ['dist/chat-bot.js', ...chunks.map((f) => `dist/${f}`)].map(measure);
const textChat = rows.filter((r) => !r.file.includes('media'));
const total = (list, key) => list.reduce((sum, r) => sum + r[key], 0);

const kb = (n) => (n / 1024).toFixed(1).padStart(8);
console.log(`Sizes in KB (1 KB = 1,024 bytes); budgets from ${budgetsPath === shared ? '../shared/budgets.json' : 'bench/budgets.json'}`);
console.log(`${'file'.padEnd(44)}${'raw'.padStart(8)}${'gzip'.padStart(8)}${'brotli'.padStart(8)}`);
for (const r of rows) console.log(`${r.file.padEnd(44)}${kb(r.raw)}${kb(r.gzip)}${kb(r.brotli)}`);
console.log(`${'text chat, everything it loads'.padEnd(44)}${kb(total(textChat, 'raw'))}${kb(total(textChat, 'gzip'))}${kb(total(textChat, 'brotli'))}`);

const failures = [];
for (const [name, budget] of Object.entries(budgets.files ?? {})) {
  const row = rows.find((r) => r.file === budget.path) ?? (existsSync(join(root, budget.path)) ? measure(budget.path) : null);
  if (!row) failures.push(`${name}: ${budget.path} was not built`);
  else if (row.gzip / 1024 > budget.gzipKB)
    failures.push(`${name}: ${budget.path} is ${(row.gzip / 1024).toFixed(1)} KB gzip, over its budget of ${budget.gzipKB} KB`);
}
if (budgets.textChatTotalGzipKB !== undefined && total(textChat, 'gzip') / 1024 > budgets.textChatTotalGzipKB)
  failures.push(`text chat loads ${(total(textChat, 'gzip') / 1024).toFixed(1)} KB gzip, over its budget of ${budgets.textChatTotalGzipKB} KB`);

if (failures.length) {
  console.error(`\nOver budget:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nWithin budget.');
