import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { minifyHTMLLiterals } from 'minify-literals';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
// What the app brings stays an import: dependencies, and peers (React, for chat-bot-element/react).
const dependencies = [...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies)];
const isDependency = (id: string) => dependencies.some((d) => id === d || id.startsWith(`${d}/`));

/**
 * Lit's html`` and css`` literals ship as written, indentation and all; in builds they are minified.
 * Whitespace collapses conservatively (one space stays), so words and inline elements never join.
 * Attribute values lose their quotes where HTML allows it (`type=button`, `@click=${…}`): Lit
 * parses them alike, and a value with a space in it keeps its quotes.
 */
const minifyLiterals = (): Plugin => ({
  name: 'chat-bot:minify-literals',
  apply: 'build',
  async transform(code, id) {
    if (!/[\\/]src[\\/]widget[\\/].+\.ts$/.test(id)) return null;
    const result = await minifyHTMLLiterals(code, {
      fileName: id,
      minifyOptions: {
        collapseWhitespace: true,
        conservativeCollapse: true,
        removeComments: true,
        removeAttributeQuotes: true,
      },
    });
    if (!result) return null;
    // The CSS minifier keeps custom properties' values as written; a space after a comma in one
    // (`var(--chat-bot-accent, rgb(29, 78, 216))`) means nothing where the value is used. Nor does it
    // shorten numbers in properties it does not know (`margin-block: 0.5em`): a leading 0 means nothing.
    const tight = /\.styles\.ts$/.test(id)
      ? result.code
          .replace(/--[\w-]+:[^;{}`]*/g, (declaration) => declaration.replace(/,\s+/g, ','))
          .replace(/([\s:(,/])0\.(\d)/g, '$1.$2')
      : result.code;
    return { code: tight, map: tight === result.code ? (result.map?.toString() ?? null) : null };
  },
});

// ES2022: class fields and #private members run natively (the minifier shortens #names). The
// widget's CSS (color-mix, dvh, :dir) already needs browsers from 2023 on.
const target = 'es2022';

/** Push-to-talk's AudioWorklet ships as a plain file beside the chunks (see src/widget/media/recorder.ts). */
const worklet = (): Plugin => ({
  name: 'chat-bot:worklet',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'chat-bot.pcm-worklet.js',
      source: readFileSync('src/widget/media/chat-bot.pcm-worklet.js', 'utf8'),
    });
  },
});
/**
 * A second minifier over what visitors download: terser, three compress passes, over the default
 * minifier's output — about 420 bytes gzip off the launcher and the panel together (measured;
 * terser alone does worse than either). The source maps are carried through.
 */
const terserAfter = (): Plugin => ({
  name: 'chat-bot:terser-after',
  apply: 'build',
  async generateBundle(_options, bundle) {
    const { minify } = await import('terser');
    for (const file of Object.values(bundle)) {
      if (file.type !== 'chunk') continue;
      let code = file.code;
      let map = file.map ? JSON.stringify(file.map) : undefined;
      // Twice: terser's own output still shrinks by a run over it (its names, mangled anew).
      for (let run = 0; run < 2; run++) {
        const result = await minify(code, {
          ecma: 2020,
          module: file.fileName !== 'chat-bot.js',
          // hoist_funs moves function declarations to the top of their scope, where JavaScript
          // hoists them anyway; here it saves another 160 bytes gzip.
          compress: { passes: 3, hoist_funs: true },
          format: { comments: false },
          sourceMap: map ? { content: map, url: `${file.fileName.split('/').pop()}.map` } : false,
        });
        code = result.code ?? code;
        map = typeof result.map === 'string' ? result.map : map;
      }
      file.code = code;
      const asset = bundle[`${file.fileName}.map`];
      if (asset?.type === 'asset' && map) asset.source = map;
    }
  },
});

/**
 * The panel's build takes Lit from the launcher, which carries it (src/widget/shared-lit.ts), and
 * never bundles a second copy: 'lit' is panel-lit.ts, and any other entry into Lit stops the build.
 */
const launcherLit = (): Plugin => ({
  name: 'chat-bot:launcher-lit',
  enforce: 'pre',
  resolveId(id) {
    if (id === 'lit') return fileURLToPath(new URL('./src/widget/panel-lit.ts', import.meta.url));
    if (/^(lit|lit-html|lit-element|@lit\/reactive-element)(\/|$)/.test(id))
      this.error(
        `The panel takes Lit from the launcher, which shares only what src/widget/shared-lit.ts lists: "${id}" is not shared`,
      );
    return null;
  },
});

// Three builds (`npm run build` runs each): what a bundler imports, what a script tag loads, and
// the panel the script tag's launcher loads beside it on first intent.
const builds = {
  // dist/lib: ES modules for bundlers; dependencies (lit among them) stay imports; the panel is a lazy chunk.
  lib: {
    target,
    outDir: 'dist/lib',
    emptyOutDir: true,
    sourcemap: true,
    lib: {
      entry: {
        index: 'src/index.ts',
        client: 'src/client/index.ts',
        react: 'src/react.ts',
        markdown: 'src/markdown.ts',
        rules: 'src/protocol/rules.ts',
      },
      formats: ['es' as const],
    },
    rolldownOptions: { external: isDependency },
  },
  // dist/chat-bot.js: the script-tag file, a classic script holding the launcher and Lit.
  embed: {
    target,
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    lib: { entry: 'src/embed.ts', formats: ['iife' as const], name: 'ChatBotEmbed', fileName: () => 'chat-bot.js' },
    // Where there is no document (a server or a worker loading the file) nothing of it runs: Lit's
    // browser build reaches for HTMLElement and document as it loads.
    rolldownOptions: { output: { banner: 'if (typeof document !== "undefined") {', footer: '}' } },
  },
  // dist/chat-bot.panel.js (+ its chunks): everything else, as ES modules, on the launcher's Lit.
  panel: {
    target,
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: true,
    lib: {
      entry: 'src/widget/elements/chat-bot-panel.ts',
      formats: ['es' as const],
      fileName: () => 'chat-bot.panel.js',
    },
    // Library mode keeps ES output unminified (for bundlers); this one goes straight to visitors.
    rolldownOptions: {
      // What the lazy chunks (media, handoff form, cards, languages) share with the panel — the
      // launcher's Lit (panel-lit.ts), the client, the renderer's URL rules — stays in
      // chat-bot.panel.js, which is always loaded before them, and they import it from there: a
      // text chat is two files, and one file compresses better than several. (The panel's module
      // may export more than ChatBotPanel for this.)
      preserveEntrySignatures: 'allow-extension' as const,
      output: {
        // Named after the module (a controller without its suffix: each name is in the panel's imports),
        // with a hash of 6 characters, not 8: each is in the panel's imports, where random characters
        // do not compress (36 bits still tell a file's versions apart).
        chunkFileNames: (chunk: { name: string }) => `chat-bot.${chunk.name.replace(/-controller$/, '')}-[hash:6].js`,
        minify: true,
        // No bundler reads these files after us: `/* @__PURE__ */` marks (kept by default) are dead weight.
        comments: { annotation: false },
      },
    },
  },
};

/**
 * Rolldown's warning that plugins take most of a build's time (PLUGIN_TIMINGS) is off: here they do
 * by design (the template minifier, terser after the bundler), and the warning was noise printed
 * before `npm start`'s summary.
 */
const quiet = <B extends { rolldownOptions?: object }>(build: B) => ({
  ...build,
  rolldownOptions: { ...build.rolldownOptions, checks: { bundlerTimings: false } },
});

export default defineConfig(({ mode }) => ({
  plugins: [
    minifyLiterals(),
    ...(mode === 'panel' ? [launcherLit()] : []),
    ...(mode === 'panel' || mode === 'production' ? [worklet()] : []),
    ...(mode === 'panel' || mode === 'embed' ? [terserAfter()] : []),
  ],
  build: quiet(builds[mode as keyof typeof builds] ?? builds.lib),
  // The script-tag files only ever run in a page: the launcher's whole file is wrapped in a check
  // for a document (its banner), and it loads the panel. So the entry's own check goes.
  define: mode === 'panel' || mode === 'embed' ? { 'typeof document': '"object"' } : {},
}));
