/**
 * Builds the SPA example (`npm run build` runs it) into dist/demo-spa, served at /spa/. `chat-bot`
 * resolves to the package's own ES build (dist/lib), exactly what an app gets from npm.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/spa/',
  resolve: { alias: { 'chat-bot': fileURLToPath(new URL('../../dist/lib/index.js', import.meta.url)) } },
  build: { outDir: fileURLToPath(new URL('../../dist/demo-spa', import.meta.url)), emptyOutDir: true, target: 'es2022' },
});
