/**
 * The package as npm publishes it: `npm pack`, installed from the tarball into a site's project of
 * its own (no workspace link to this repository: scripts/packed.mjs, which `npm test` runs before
 * Vitest and which keeps an install from the same tarball), and used the three ways docs/WIDGET.md
 * says — the script tag from node_modules, an ES import built by Vite, and `chat-bot-element/client` in
 * plain Node — plus its types from a TypeScript file. A path missing from `files`, an `exports`
 * entry pointing at nothing or a type that does not resolve fails here. Needs `npm run build`
 * first (npm test does).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedProject } from '../scripts/packed.mjs';
import { launchChromium } from './support/chromium.ts';
import { startService, type TestService } from './support/service.ts';
import { serveStatic, type StaticSite } from './support/static-site.ts';

const run = promisify(execFile);
const repo = join(import.meta.dirname, '..');
/** The package's name and exports, as published (npm's `chat-bot` is another project's). */
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, unknown>;
};
const NAME = manifest.name;
const bin = (name: string) => join(repo, 'node_modules', '.bin', name);

let project: string;
let service: TestService;
let serial: string;
let browser: Browser;
let site: StaticSite;
let siteOrigin: string;

beforeAll(async () => {
  // Packed again, installed only if the tarball is not the one installed (npm test installed it).
  project = await packedProject();
  service = await startService();
  serial = await service.newChatbot({ Name: 'Packed Realty' });
  browser = await launchChromium();
  site = await serveStatic(project);
  siteOrigin = site.origin;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
  await service?.close();
});

describe('the packed package, installed from its tarball', () => {
  it('is a copy, not a link to this repository', async () => {
    const installed = JSON.parse(await readFile(join(project, 'node_modules', NAME, 'package.json'), 'utf8')) as {
      name: string;
    };
    expect(installed.name).toBe(NAME);
    const lock = JSON.parse(await readFile(join(project, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { link?: boolean; resolved?: string }>;
    };
    expect(lock.packages[`node_modules/${NAME}`]).toMatchObject({ resolved: `file:${NAME}-${manifest.version}.tgz` });
    expect(lock.packages[`node_modules/${NAME}`]!.link).toBeUndefined();
  });

  it('works from a script tag pointing into node_modules, checked by its integrity hash: the launcher, then the panel beside it', async () => {
    // The hash the build printed for the CDN form of the tag ships beside the file.
    const integrity = (
      await readFile(join(project, 'node_modules', NAME, 'dist', 'chat-bot.js.integrity'), 'utf8')
    ).trim();
    expect(integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/);
    await writeFile(
      join(project, 'script-tag.html'),
      `<!doctype html><title>Site</title><script src="/node_modules/${NAME}/dist/chat-bot.js" integrity="${integrity}" crossorigin="anonymous" data-serial-number="${serial}" data-base-url="${service.origin}" async></script>`,
    );
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${siteOrigin}/script-tag.html`);
    await page.locator('chat-bot .launcher').click();
    await page.locator('chat-bot-panel textarea').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('works as an ES import built by Vite, with the client beside it', async () => {
    await writeFile(
      join(project, 'index.html'),
      '<!doctype html><title>App</title><script type="module" src="./main.js"></script>',
    );
    await writeFile(
      join(project, 'main.js'),
      `import { ChatBot, createClient } from 'chat-bot-element';
const bot = document.createElement('chat-bot');
Object.assign(bot, { serialNumber: '${serial}', baseUrl: '${service.origin}' });
document.body.append(bot);
const settings = await createClient({ baseUrl: '${service.origin}' }).get({ serialNumber: '${serial}' });
document.title = bot instanceof ChatBot ? settings.Name : 'not the element';`,
    );
    await run(
      process.execPath,
      [join(repo, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error', '--base', '/dist/'],
      { cwd: project },
    );
    const page = await browser.newPage();
    await page.goto(`${siteOrigin}/dist/`);
    await expect.poll(() => page.title()).toBe('Packed Realty');
    await page.locator('chat-bot .launcher').click();
    await page.locator('chat-bot-panel textarea').waitFor();
    await page.close();
  }, 90_000);

  it('gives chat-bot-element/client to plain Node', async () => {
    const script = `import { createClient } from 'chat-bot-element/client';
const settings = await createClient({ baseUrl: '${service.origin}' }).get({ serialNumber: '${serial}' });
console.log(settings.Name);`;
    await writeFile(join(project, 'client.mjs'), script);
    const { stdout } = await run(process.execPath, ['client.mjs'], { cwd: project });
    expect(stdout.trim()).toBe('Packed Realty');
  }, 30_000);

  it('has types every entry resolves, for TypeScript with bundler resolution', async () => {
    await writeFile(
      join(project, 'types.ts'),
      `import { ChatBot, type Settings } from 'chat-bot-element';
import { createClient, type Client } from 'chat-bot-element/client';
import { ChatBot as ChatBotReact, type ChatBotProps } from 'chat-bot-element/react';
const client: Client = createClient({ baseUrl: '' });
const name: Settings['Name'] = 'x';
const props: ChatBotProps = { serialNumber: 'x', onChatBotAnswer: (e) => e.answerId.toFixed() };
const el: HTMLElementTagNameMap['chat-bot'] = document.createElement('chat-bot');
export { ChatBot, ChatBotReact, client, name, props, el };
// @ts-expect-error: not an operation of the client
client.noSuchOperation;`,
    );
    // The tag written straight into JSX: each framework's typings entry, attributes, properties and events.
    await writeFile(
      join(project, 'react-tag.tsx'),
      `/// <reference types="chat-bot-element/react-jsx" />
export const tag = <chat-bot serial-number="x" locale="fr" settings={{ UserInputPlaceholder: 'Ask' }} onchat-bot-answer={(e) => e.answerId.toFixed()} />;
// @ts-expect-error: a theme is light, dark or auto
export const wrong = <chat-bot theme="blue" />;`,
    );
    await writeFile(
      join(project, 'preact-tag.tsx'),
      `/** @jsxImportSource preact */
/// <reference types="chat-bot-element/preact-jsx" />
export const tag = <chat-bot serial-number="x" mode="inline" strings={{ send: 'Go' }} onchat-bot-feedback={(e) => e.rating} />;
// @ts-expect-error: the listener gets the answer event
export const wrong = <chat-bot onchat-bot-answer={(e: { nope: string }) => e.nope} />;`,
    );
    await writeFile(
      join(project, 'solid-tag.tsx'),
      `/** @jsxImportSource solid-js */
/// <reference types="chat-bot-element/solid-jsx" />
export const tag = () => <chat-bot serial-number="x" prop:settings={{ UserInputPlaceholder: 'Ask' }} on:chat-bot-open={(e) => e.type} />;
// @ts-expect-error: settings is an object
export const wrong = () => <chat-bot prop:settings="a string" />;`,
    );
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'esnext',
          moduleResolution: 'bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          lib: ['es2022', 'dom', 'dom.iterable'],
          types: [],
        },
        files: ['types.ts', 'react-tag.tsx', 'preact-tag.tsx', 'solid-tag.tsx'],
      }),
    );
    // React's, Preact's and Solid's types are the app's (peers), installed beside the package as an app would (scripts/packed.mjs).
    const result = await run(bin('tsc'), ['-p', 'tsconfig.json'], { cwd: project }).then(
      () => '',
      (e: { stdout?: string }) => e.stdout ?? String(e),
    );
    expect(result).toBe('');
  }, 120_000);
});
