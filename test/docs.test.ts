/**
 * The contract the code cites lives in the repo (docs/), and every citation resolves: each
 * "X.md §N" in a comment or a doc names a file in docs/ (or CONTRIBUTING.md, CHANGELOG.md) with that
 * section, each `path/to/file.ts` the README, CONTRIBUTING.md, CHANGELOG.md or a doc names exists,
 * each of their relative links `[text](path#anchor)` reaches a file of the repository (and a heading
 * of it), the README stays a page and a half, and docs/API.md's operation table (§3.9) lists every
 * operation of the operation table with its method, path and credentials.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, posix } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAILURE } from '../src/protocol/envelope.ts';
import { OPERATIONS, OPERATION_NAMES, type Credential, type OperationSpec } from '../src/protocol/operations.ts';
import { ENGINE_PARTS, SERVICE_PARTS } from './support/architecture.ts';

const root = join(import.meta.dirname, '..');
/** The repository's files, as git tracks them (a new doc is checked once added). */
const tracked = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f && existsSync(join(root, f)));
const read = (file: string) => readFileSync(join(root, file), 'utf8');
/** The Markdown a reader reads: the README, CONTRIBUTING.md, CHANGELOG.md and every doc. */
const markdown = tracked.filter(
  (f) => /^(README|CONTRIBUTING|CHANGELOG)\.md$/.test(f) || (f.startsWith('docs/') && f.endsWith('.md')),
);
/** Where citations are written: source, tests, benchmarks, scripts, the demo and the docs. */
const citing = tracked.filter(
  (f) =>
    /^(src|test|bench|scripts|demo|docs)\/|^(README|CONTRIBUTING|CHANGELOG)\.md$|^\.ci\//.test(f) &&
    /\.(ts|tsx|mjs|js|md|html|vue|svelte|astro)$|^\.ci\/run$/.test(f),
);
/** A doc a citation may name, by its file name: each of docs/, and the two beside the README. */
const docs = new Map(
  tracked
    .filter((f) => (f.startsWith('docs/') && f.endsWith('.md')) || /^(CONTRIBUTING|CHANGELOG)\.md$/.test(f))
    .map((f) => [basename(f), f]),
);

/** The section numbers a doc's headings open with: `## 1. Conventions` → 1, `### 3.1a …` → 3.1a (each doc read once). */
const sections = new Map<string, Set<string>>();
const sectionsOf = (doc: string) => sections.get(doc) ?? sections.set(doc, sectionNumbers(doc)).get(doc)!;
const sectionNumbers = (doc: string) =>
  new Set([...read(docs.get(doc)!).matchAll(/^#{1,4} (?:§\s*)?(\d+(?:\.\d+)*[a-z]?)[.\s]/gm)].map((m) => m[1]!));

/** A Markdown file's lines with its fenced code blocks blanked: neither a heading nor a link is written in one. */
function prose(text: string): string[] {
  let fence: string | undefined;
  return text.split('\n').map((line) => {
    const mark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined) {
      if (!mark) return line;
      fence = mark;
    } else if (mark && mark[0] === fence[0] && mark.length >= fence.length && !line.trim().slice(mark.length))
      fence = undefined;
    return '';
  });
}

/**
 * The anchors GitHub gives a Markdown file's headings: the text lower-cased, punctuation dropped,
 * spaces as hyphens; a repeat gets -1, -2…
 */
const anchors = new Map<string, Set<string>>();
const anchorsOf = (file: string) => anchors.get(file) ?? anchors.set(file, headingAnchors(read(file))).get(file)!;
function headingAnchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const line of prose(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = heading
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]*>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replaceAll(' ', '-');
    const times = seen.get(slug) ?? 0;
    seen.set(slug, times + 1);
    found.add(times ? `${slug}-${times}` : slug);
  }
  return found;
}

/** Every link and image of a Markdown file's prose whose target is in the repository (no scheme), as written. */
const relativeLinks = (text: string) =>
  prose(text)
    .map((line) => line.replace(/(`+)(?:(?!\1)[^])*?\1/g, ''))
    .flatMap((line) => [...line.matchAll(/\]\(\s*<?([^\s()<>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!))
    .filter((target) => !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(target));

describe('citations', () => {
  it('name a document in docs/, and a section it has', () => {
    const broken: string[] = [];
    for (const file of citing) {
      for (const m of read(file).matchAll(/\b([A-Z][A-Z_]+\.md)(?:'s)?(?: ?§ ?(\d+(?:\.\d+)*[a-z]?))?/g)) {
        const [, doc, section] = m;
        if (doc === 'README.md') continue;
        if (!docs.has(doc!)) broken.push(`${file}: ${m[0]} (no docs/${doc})`);
        else if (section && !sectionsOf(doc!).has(section))
          broken.push(`${file}: ${m[0]} (${docs.get(doc!)} has no §${section})`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('of files in the README, CONTRIBUTING.md, CHANGELOG.md and the docs name files that exist', () => {
    const names = new Set(tracked.map((f) => basename(f)));
    const broken: string[] = [];
    for (const file of markdown) {
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

describe('docs/ARCHITECTURE.md', () => {
  const architecture = read('docs/ARCHITECTURE.md');
  /** Every folder of src/ that holds a tracked file, as the doc names it: `server/http/routes/` (src/ itself: `src/`). */
  const folders = [...new Set(tracked.filter((f) => f.startsWith('src/')).map((f) => dirname(f)))]
    .map((dir) => (dir === 'src' ? 'src/' : `${dir.slice('src/'.length)}/`))
    .sort();

  it('reads the folders of src/', () => {
    expect(folders).toEqual(expect.arrayContaining(['src/', 'server/engines/reading/', 'widget/elements/']));
  });
  it.each(folders)('names the folder %s', (folder) => expect(architecture).toContain(`\`${folder}\``));
  it("names the service's parts in the order the architecture test holds them to", () => {
    expect(architecture).toContain(SERVICE_PARTS.join(' ← ').replace(/main$/, 'main.ts'));
    expect(architecture).toContain(ENGINE_PARTS.join(' ← ').replace('contract', 'contract (index.ts)'));
  });
});

describe('the Markdown a reader reads', () => {
  it('is the README, CONTRIBUTING.md, CHANGELOG.md and the docs, beside the LICENSE', () => {
    for (const file of ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'docs/OPERATING.md', 'docs/ARCHITECTURE.md'])
      expect(markdown, file).toContain(file);
    expect(markdown.length).toBeGreaterThan(10);
    expect(tracked).toContain('LICENSE');
  });

  it('links, by every relative link and image, to a file or folder of the repository, and by #anchor to a heading it has', () => {
    const broken: string[] = [];
    let links = 0;
    for (const file of markdown) {
      for (const target of relativeLinks(read(file))) {
        links++;
        const [path = '', anchor] = target.split('#');
        const to = path ? posix.normalize(posix.join(dirname(file), decodeURI(path))).replace(/\/$/, '') : file;
        const exists = tracked.includes(to) || tracked.some((f) => f.startsWith(`${to}/`));
        if (!exists || to.startsWith('../')) broken.push(`${file}: ${target} (no ${to})`);
        else if (anchor && to.endsWith('.md') && !anchorsOf(to).has(anchor))
          broken.push(`${file}: ${target} (${to} has no heading #${anchor})`);
      }
    }
    expect(links).toBeGreaterThan(50);
    expect(broken).toEqual([]);
  });

  it('gives anchors as GitHub does, and finds links outside code only', () => {
    expect([
      ...headingAnchors(
        "# A\n## The admin console (`/console/`)\n```sh\n# not a heading\n```\n### 8. The test suite's own time\n## A",
      ),
    ]).toEqual(['a', 'the-admin-console-console', '8-the-test-suites-own-time', 'a-1']);
    expect(relativeLinks('[a](b.md#c) `[d](e.md)` [f](https://g) ![h](<i.png>)\n```\n[j](k.md)\n```')).toEqual([
      'b.md#c',
      'i.png',
    ]);
  });

  it('keeps the README a page and a half: at most 200 lines', () => {
    expect(read('README.md').replace(/\n$/, '').split('\n').length).toBeLessThanOrEqual(200);
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
      (spec.visitorFlow ? '; none from a page the chatbot allows' : '') +
      (spec.bodyToken ? "none: the body's `token`" : '');
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
