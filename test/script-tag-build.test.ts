/**
 * The script-tag build (`npm run build`): one Lit on the page. dist/chat-bot.js carries Lit with the
 * launcher; the panel and its chunks, loaded beside it, take that one (src/widget/shared-lit.ts)
 * instead of a copy of their own.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = join(import.meta.dirname, '../dist');
const read = (file: string) => readFileSync(join(dist, file), 'utf8');
// Each of Lit's three packages notes its version on a global as it loads.
const LIT_MARKS = ['reactiveElementVersions', 'litHtmlVersions', 'litElementVersions'];

describe('the script-tag build', () => {
  it('carries Lit once, in the launcher', () => {
    const launcher = read('chat-bot.js');
    for (const mark of LIT_MARKS) expect(launcher.split(mark).length - 1, mark).toBe(1);
    expect(launcher).toContain('Symbol.for("chat-bot.lit")');
  });

  it('gives the panel and its chunks no Lit of their own', () => {
    const chunks = readdirSync(dist).filter((f) => /^chat-bot\..+\.js$/.test(f) && f !== 'chat-bot.pcm-worklet.js');
    expect(chunks).toContain('chat-bot.panel.js');
    for (const chunk of chunks)
      for (const mark of LIT_MARKS) expect(read(chunk), `${chunk}: ${mark}`).not.toContain(mark);
    expect(read('chat-bot.panel.js')).toContain('Symbol.for("chat-bot.lit")');
  });
});
