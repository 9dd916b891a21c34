#!/usr/bin/env node
// What a visitor downloads from dist/: raw, gzip -9 and brotli (q11) bytes of the script-tag file and
// the lazy chunks beside it, checked against the budgets. Exits 1 when a budget is exceeded.
// Budgets: ../shared/budgets.json when it exists (the product owner's), else bench/budgets.json (a copy).
// The measuring is lib/sizes.mjs, shared with the benchmark (bundle-size.mjs).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadBudgets, measureDist, measureFile } from './lib/sizes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { budgets, source } = loadBudgets(root);

const sizes = measureDist(join(root, 'dist'));
if (!sizes) {
  console.error('dist/chat-bot.js is missing: run `npm run build` first.');
  process.exit(1);
}
const { rows, textChat } = sizes;

const kb = (n) => (n / 1024).toFixed(1).padStart(8);
console.log(`Sizes in KB (1 KB = 1,024 bytes); budgets from ${source}`);
console.log(`${'file'.padEnd(44)}${'raw'.padStart(8)}${'gzip'.padStart(8)}${'brotli'.padStart(8)}`);
for (const r of rows)
  console.log(`${(r.file + (r.textChat ? '' : ' (lazy)')).padEnd(44)}${kb(r.raw)}${kb(r.gzip)}${kb(r.brotli)}`);
console.log(
  `${'text chat, everything it loads'.padEnd(44)}${kb(textChat.raw)}${kb(textChat.gzip)}${kb(textChat.brotli)}   (${textChat.gzip} bytes gzip)`,
);

const failures = [];
for (const [name, budget] of Object.entries(budgets.files ?? {})) {
  const row =
    rows.find((r) => r.file === budget.path) ??
    (existsSync(join(root, budget.path)) ? measureFile(budget.path, join(root, budget.path)) : null);
  if (!row) failures.push(`${name}: ${budget.path} was not built`);
  else if (row.gzip / 1024 > budget.gzipKB)
    failures.push(
      `${name}: ${budget.path} is ${(row.gzip / 1024).toFixed(1)} KB gzip, over its budget of ${budget.gzipKB} KB`,
    );
}
if (budgets.textChatTotalGzipKB !== undefined && textChat.gzip / 1024 > budgets.textChatTotalGzipKB)
  failures.push(
    `text chat loads ${(textChat.gzip / 1024).toFixed(1)} KB gzip, over its budget of ${budgets.textChatTotalGzipKB} KB`,
  );

if (failures.length) {
  console.error(`\nOver budget:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('\nWithin budget.');
