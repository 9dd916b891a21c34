/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import { playwright } from '@vitest/browser-playwright';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies: Record<string, string>;
};
const dependencies = Object.keys(pkg.dependencies);
const isDependency = (id: string) => dependencies.some((d) => id === d || id.startsWith(`${d}/`));

// Debian's Chromium; Playwright never downloads a browser here (TOOLCHAIN.md §2, §4).
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
const browserTests = ['test/widget/**/*.test.ts', 'test/**/*.browser.test.ts'];
// What runs twice in CI: on the embedded PGlite (node) and on PostgreSQL (postgres, when DATABASE_URL is set).
const serviceTests = ['test/server/**/*.test.ts', 'test/client/contract.test.ts'];

export default defineConfig(({ mode }) => ({
  build:
    mode === 'embed'
      ? {
          // dist/chat-bot.js: one self-contained file for a <script> tag, everything inlined.
          target: 'es2021',
          outDir: 'dist',
          emptyOutDir: false,
          sourcemap: true,
          lib: { entry: 'src/embed.ts', formats: ['iife'], name: 'ChatBotEmbed', fileName: () => 'chat-bot.js' },
        }
      : {
          // dist/lib: ES modules for bundlers; dependencies (lit among them) stay imports.
          target: 'es2021',
          outDir: 'dist/lib',
          emptyOutDir: true,
          sourcemap: true,
          lib: { entry: { index: 'src/index.ts', client: 'src/client/index.ts' }, formats: ['es'] },
          rolldownOptions: { external: isDependency },
        },
  test: {
    expect: { requireAssertions: true },
    projects: [
      {
        optimizeDeps: {
          include: ['lit', '@open-wc/testing-helpers', 'chai-a11y-axe', 'axe-core/axe.min.js', '@microsoft/fetch-event-source', 'idb-keyval'],
        },
        test: {
          name: 'browser',
          globals: true, // @open-wc/testing-helpers cleans fixtures up only under a global afterEach
          include: browserTests,
          setupFiles: ['test/setup/browser.ts'],
          globalSetup: ['test/setup/global.ts', 'test/setup/global-service.ts'],
          expect: { requireAssertions: true },
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({ launchOptions: { executablePath: chromium, args: chromiumArgs } }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: browserTests,
          globalSetup: ['test/setup/global.ts'],
          // A real database per file: PGlite's start-up takes seconds on a busy 2-core machine.
          hookTimeout: 60_000,
          testTimeout: 30_000,
          expect: { requireAssertions: true },
        },
      },
      ...(process.env.DATABASE_URL
        ? [
            {
              test: {
                name: 'postgres',
                environment: 'node',
                include: serviceTests,
                env: { TEST_DB: 'postgres' },
                hookTimeout: 60_000,
                testTimeout: 30_000,
                globalSetup: ['test/setup/global.ts'],
                expect: { requireAssertions: true },
              },
            },
          ]
        : []),
    ],
  },
}));
