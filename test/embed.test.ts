/** Importing the entries where there is no window (server-side rendering) does nothing and throws nothing. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

describe('without a window', () => {
  it('the entries import without throwing', async () => {
    expect('document' in globalThis).toBe(false);
    await expect(import('../src/embed.ts')).resolves.toBeDefined();
    await expect(import('../src/index.ts')).resolves.toHaveProperty('createClient');
  });

  it('the built script-tag file runs without throwing', () => {
    const code = readFileSync(join(import.meta.dirname, '../dist/chat-bot.js'), 'utf8');
    expect(() => runInNewContext(code, {})).not.toThrow();
  });
});
