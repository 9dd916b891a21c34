// Builds the renderer-alone bundle (.tmp/markdown/markdown.js) with the root's Vite and the bench's config.
import path from 'node:path';
import { BENCH_DIR } from './env.mjs';

export async function buildMarkdownBundle() {
  const { build } = await import('vite');
  await build({ configFile: path.join(BENCH_DIR, 'markdown.vite.config.mjs') });
}
