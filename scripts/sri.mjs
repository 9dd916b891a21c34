#!/usr/bin/env node
/**
 * The versioned CDN form of the script tag, with the Subresource Integrity hash of the built
 * dist/chat-bot.js (sha384, what browsers check before running it). `npm run build` runs it last;
 * it also writes the hash to dist/chat-bot.js.integrity for release notes and scripts.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const file = join(root, 'dist', 'chat-bot.js');
const integrity = `sha384-${createHash('sha384').update(readFileSync(file)).digest('base64')}`;
writeFileSync(`${file}.integrity`, `${integrity}\n`);
console.log(`dist/chat-bot.js ${integrity}
<script src="https://cdn.jsdelivr.net/npm/${name}@${version}/dist/chat-bot.js" integrity="${integrity}" crossorigin="anonymous" data-serial-number="…" data-base-url="https://chat.example.com" async></script>`);
