// Bench only: bundles the widget's Markdown renderer (page/markdown-entry.js) as the panel build does
// (es2021, minified ES module) into .tmp/markdown/, served to the bench page at /tmp/markdown/.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: here('.'),
  logLevel: 'warn',
  build: {
    target: 'es2021',
    outDir: here('./.tmp/markdown'),
    emptyOutDir: true,
    minify: true,
    lib: { entry: here('./page/markdown-entry.js'), formats: ['es'], fileName: () => 'markdown.js' },
    rolldownOptions: { output: { minify: true } },
  },
});
