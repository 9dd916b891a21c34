/**
 * The name the package is installed by. On npm, `chat-bot` is another project's (checked
 * 2026-11-28: version 0.4.3, unrelated); this one is published as package.json's `name`. Every
 * place a developer copies from — the README's install line and imports, the CDN tag of docs/WIDGET.md, the example
 * apps' manifests and READMEs, the framework typings' references — must say that name, and import
 * only what package.json exports.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '..');
const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  exports: Record<string, unknown>;
};
const NAME = manifest.name;
/** The tracked files a developer reads or copies from. */
const tracked = execFileSync('git', ['ls-files', 'README.md', 'docs', 'demo', 'src'], { cwd: repo, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(md|ts|tsx|vue|svelte|mjs|js|json)$/.test(f) && !f.endsWith('package-lock.json'));
const read = (file: string) => readFileSync(join(repo, file), 'utf8');

/** Every module specifier that names this package or the one it must not be confused with, with where it is. */
function specifiers(): { file: string; spec: string }[] {
  const found: { file: string; spec: string }[] = [];
  const pattern = /(?:\bfrom\s+|\bimport\s*\(?\s*|types=)["'](chat-bot(?:-[a-z]+)*(?:\/[a-z-]+)?)["']/g;
  for (const file of tracked) for (const m of read(file).matchAll(pattern)) found.push({ file, spec: m[1]! });
  return found;
}

describe(`the package's name, ${NAME}`, () => {
  it('is not the npm name another project holds', () => {
    expect(NAME).not.toBe('chat-bot');
  });

  it('is what every import and typings reference in the docs, demos and sources names, and each names an export', () => {
    const all = specifiers();
    expect(all.length).toBeGreaterThan(30);
    const wrong = all.filter(({ spec }) => {
      const [pkg, ...rest] = spec.split('/');
      return pkg !== NAME || !((rest.length ? `./${rest.join('/')}` : '.') in manifest.exports);
    });
    expect(wrong).toEqual([]);
  });

  it('is what the README installs and the CDN tag of docs/WIDGET.md loads, at the version package.json gives', () => {
    const readme = read('README.md');
    expect(readme).toContain(`npm install ${NAME}`);
    const cdn = [
      ...read('docs/WIDGET.md').matchAll(/cdn\.jsdelivr\.net\/npm\/([^@"/]+)@([^/"]+)\/dist\/chat-bot\.js/g),
    ];
    expect(cdn.length).toBeGreaterThan(0);
    for (const [, name, version] of cdn) expect({ name, version }).toEqual({ name: NAME, version: manifest.version });
  });

  it('is what each example app depends on, linked to this repository', () => {
    const apps = tracked.filter((f) => /^demo\/frameworks\/[^/]+\/package\.json$/.test(f));
    expect(apps.length).toBeGreaterThanOrEqual(5);
    for (const app of apps) {
      const deps = (JSON.parse(read(app)) as { dependencies?: Record<string, string> }).dependencies ?? {};
      expect({ app, dep: deps[NAME], other: deps['chat-bot'] }).toEqual({
        app,
        dep: 'file:../../..',
        other: undefined,
      });
      const lock = JSON.parse(read(app.replace('package.json', 'package-lock.json'))) as {
        packages: Record<string, { name?: string; link?: boolean }>;
      };
      expect({ app, link: lock.packages[`node_modules/${NAME}`]?.link, name: lock.packages['../../..']?.name }).toEqual(
        { app, link: true, name: NAME },
      );
    }
  });
});
