/**
 * The contract the code cites lives in the repo (docs/), and every citation resolves: each
 * "X.md §N" in a comment or a doc names a file in docs/ with that section, each `path/to/file.ts`
 * a README or doc names exists, and docs/API.md's operation table (§3.9) lists every operation of
 * the operation table with its method, path and credentials.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAILURE } from '../src/protocol/envelope.ts';
import { OPERATIONS, OPERATION_NAMES, type Credential, type OperationSpec } from '../src/protocol/operations.ts';

const root = join(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const read = (file: string) => readFileSync(join(root, file), 'utf8');
/** Where citations are written: source, tests, benchmarks, scripts, the demo and the docs. */
const citing = tracked.filter(
  (f) =>
    /^(src|test|bench|scripts|demo|docs)\/|^README\.md$|^\.ci\//.test(f) &&
    /\.(ts|tsx|mjs|js|md|html|vue|svelte|astro)$|^\.ci\/run$/.test(f),
);
const docs = new Set(tracked.filter((f) => f.startsWith('docs/') && f.endsWith('.md')).map((f) => basename(f)));

/** The section numbers a doc's headings open with: `## 1. Conventions` → 1, `### 3.1a …` → 3.1a (each doc read once). */
const sections = new Map<string, Set<string>>();
const sectionsOf = (doc: string) => sections.get(doc) ?? sections.set(doc, sectionNumbers(doc)).get(doc)!;
const sectionNumbers = (doc: string) =>
  new Set([...read(`docs/${doc}`).matchAll(/^#{1,4} (?:§\s*)?(\d+(?:\.\d+)*[a-z]?)[.\s]/gm)].map((m) => m[1]!));

describe('citations', () => {
  it('name a document in docs/, and a section it has', () => {
    const broken: string[] = [];
    for (const file of citing) {
      for (const m of read(file).matchAll(/\b([A-Z][A-Z_]+\.md)(?:'s)?(?: ?§ ?(\d+(?:\.\d+)*[a-z]?))?/g)) {
        const [, doc, section] = m;
        if (doc === 'README.md') continue;
        if (!docs.has(doc!)) broken.push(`${file}: ${m[0]} (no docs/${doc})`);
        else if (section && !sectionsOf(doc!).has(section))
          broken.push(`${file}: ${m[0]} (docs/${doc} has no §${section})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('of files in the README and the docs name files that exist', () => {
    const names = new Set(tracked.map((f) => basename(f)));
    const broken: string[] = [];
    for (const file of ['README.md', ...tracked.filter((f) => f.startsWith('docs/') && f.endsWith('.md'))]) {
      for (const [, path] of read(file).matchAll(/`((?:[\w.-]+\/)*[\w.-]+\.(?:ts|mjs|md))`/g)) {
        if (path!.startsWith('dist/') || path!.endsWith('.d.ts')) continue;
        const found = path!.includes('/')
          ? ['', 'src/', 'test/', 'docs/'].some((under) => existsSync(join(root, under + path!)))
          : names.has(path!);
        if (!found) broken.push(`${file}: ${path}`);
      }
    }
    expect(broken).toEqual([]);
  });
});

const CREDENTIAL_NAMES: Record<Credential, string> = {
  apiKey: 'API key',
  sessionKey: 'owner session key',
  visitorToken: 'visitor token',
};

describe("docs/API.md's table of every operation", () => {
  const api = read('docs/API.md');
  it.each(OPERATION_NAMES)('lists %s with its method, path and credentials', (name) => {
    const spec: OperationSpec = OPERATIONS[name];
    const who =
      spec.credentials.map((c) => CREDENTIAL_NAMES[c]).join(', ') +
      (spec.visitorFlow ? '; none from a page the chatbot allows' : '');
    expect(api).toContain(`| ${name} | \`${spec.method} ${spec.path}\` | ${who} |`);
  });
});

describe("docs/API.md's failure table", () => {
  const table = read('docs/API.md').split('### Failure table')[1]!.split('\n## ')[0]!;
  it.each(Object.entries(FAILURE))('has the status the service answers for %s (%i)', (_name, status) => {
    expect(table).toMatch(new RegExp(`\\| ${status}(?: —[^|]*)? \\|$`, 'm'));
  });
});

describe("docs/API.md's paths beside the operations", () => {
  const beside = read('docs/API.md').split('Beside them:')[1]!.split('\n## ')[0]!;
  const routes = tracked
    .filter((f) => f.startsWith('src/server/') && f.endsWith('.ts'))
    .map(read)
    .join('\n');
  it('are each a route of the service', () => {
    const paths = [...beside.matchAll(/`GET (\/[\w./-]+)`/g)].map((m) => m[1]!);
    expect(paths).toEqual(expect.arrayContaining(['/healthz', '/readyz', '/metrics', '/openapi.json']));
    for (const path of paths) expect(routes, path).toContain(`app.get('${path}'`);
  });
});

describe("docs/WIDGET.md's public surface", () => {
  const widget = read('docs/WIDGET.md');
  const element = read('src/widget/elements/chat-bot.ts');
  const properties = /static override properties = \{([\s\S]*?)\n {2}\};/.exec(element)![1]!;
  const names = [...properties.matchAll(/^ {4}(\w+): \{([^}]*)\}/gm)].map(
    ([, name, options]) => /attribute: '([\w-]+)'/.exec(options!)?.[1] ?? name!,
  );
  const events = [...read('src/widget/events.ts').matchAll(/static readonly type = '([\w-]+)'/g)].map((m) => m[1]!);

  it('reads the element and its events', () => {
    expect(names.length).toBeGreaterThan(10);
    expect(events.length).toBeGreaterThan(5);
  });
  it.each(names)('names the property %s', (name) => expect(widget).toContain(`| \`${name}\``));
  it.each(events)('names the event %s', (type) => expect(widget).toContain(`\`${type}\``));
});
