/**
 * Builds the demo's two apps (`npm run build` runs it once per app): `--mode spa` (the SPA example,
 * served at /spa/) and `--mode console` (the owner's console, at /console/), each into
 * dist/demo-<app>. `chat-bot-element` and its subpaths (`/client`, `/markdown`, `/rules`) resolve to the package's own ES build
 * (dist/lib) — exactly what an app gets from npm.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const APPS = ['spa', 'console'];

/** Push-to-talk's AudioWorklet is a file of its own beside the widget's chunks (docs/WIDGET.md, "Images, push-to-talk and video"): what an app's build must copy. */
const worklet = (): Plugin => ({
  name: 'chat-bot-worklet',
  generateBundle() {
    const fileName = 'chat-bot.pcm-worklet.js';
    this.emitFile({
      type: 'asset',
      fileName: `assets/${fileName}`,
      source: readFileSync(at(`../dist/lib/${fileName}`)),
    });
  },
});

export default defineConfig(({ mode }) => {
  if (!APPS.includes(mode)) throw new Error(`Build one demo app: --mode ${APPS.join(' or --mode ')}`);
  return {
    root: at(`./${mode}/`),
    base: `/${mode}/`,
    resolve: {
      alias: [
        { find: /^chat-bot-element\/(client|markdown|rules)$/, replacement: at('../dist/lib/$1.js') },
        { find: /^chat-bot-element$/, replacement: at('../dist/lib/index.js') },
      ],
    },
    plugins: [worklet()],
    // No PLUGIN_TIMINGS warning before `npm start`'s summary (vite.config.ts says why).
    build: {
      outDir: at(`../dist/demo-${mode}`),
      emptyOutDir: true,
      target: 'es2022',
      rolldownOptions: { checks: { bundlerTimings: false } },
    },
  };
});
