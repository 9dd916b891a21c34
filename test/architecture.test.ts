import { execFileSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  circles,
  crowdedFiles,
  importsOf,
  misnamedControllers,
  moduleState,
  outsideViolations,
  partCircles,
  partOf,
  violations,
  type SourceFile,
} from './support/architecture.ts';

const root = join(import.meta.dirname, '..');

function sources(dir: string, from = root): SourceFile[] {
  return readdirSync(join(from, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => {
      const full = join(e.parentPath, e.name);
      return { path: relative(from, full).split('\\').join('/'), source: readFileSync(full, 'utf8') };
    });
}

describe('the layers of src/', () => {
  const files = sources('src');

  it('follow the import rules of STYLE.md', () => {
    expect(files.length).toBeGreaterThan(10);
    expect(violations(files)).toEqual([]);
  });

  it('import in no circle, type-only and dynamic imports included', () => {
    expect(circles(files)).toEqual([]);
  });

  it("keep the service's parts in no circle (their order: test/support/architecture.ts, docs/ARCHITECTURE.md)", () => {
    const parts = new Set(files.map((f) => partOf(f.path)));
    expect(parts).toContain('engines/contract');
    expect(parts).toContain('start');
    expect(partCircles(files)).toEqual([]);
  });

  it('keep at most six files at the top of src/server, the rest in its parts', () => {
    const top = readdirSync(join(root, 'src/server'), { withFileTypes: true }).filter((e) => e.isFile());
    expect(top.map((e) => e.name)).toContain('main.ts');
    expect(top.length).toBeLessThanOrEqual(6);
  });

  it('define one custom element per file', () => {
    expect(crowdedFiles(files)).toEqual([]);
  });

  it('name each reactive controller *Controller, in widget/controllers/', () => {
    expect(misnamedControllers(files)).toEqual([]);
  });

  it('keep no state at the top of a service module', () => {
    expect(moduleState(files)).toEqual([]);
  });
});

describe('the checks, on a copy of src/ with a broken rule planted', () => {
  /** src/ copied, `plant` appended to each of its files; the rules' findings in the copy. */
  function planted(plant: Record<string, string>): { violations: string[]; circles: string[] } {
    const copy = mkdtempSync(join(tmpdir(), 'chat-bot-architecture-'));
    try {
      cpSync(join(root, 'src'), join(copy, 'src'), { recursive: true });
      for (const [file, line] of Object.entries(plant)) appendFileSync(join(copy, file), `\n${line}\n`);
      const files = sources('src', copy);
      return { violations: violations(files), circles: partCircles(files) };
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  }

  it('pass on the copy as it is', () => {
    expect(planted({})).toEqual({ violations: [], circles: [] });
  });

  it('fail on an engine importing the store', () => {
    const found = planted({ 'src/server/engines/search/match.ts': "import type { Db } from '../../store/db.ts';" });
    expect(found.violations).toEqual([
      'src/server/engines/search/match.ts imports "../../store/db.ts": the engines import only themselves and src/protocol',
    ]);
    // The store reads the engines' search (its catalog), so the planted import closes a circle too.
    expect(found.circles).toHaveLength(1);
    expect(found.circles[0]).toContain(
      'engines/search → store (src/server/engines/search/match.ts imports "../../store/db.ts")',
    );
  });

  it('fail on a circle between two parts', () => {
    const found = planted({ 'src/server/store/db.ts': "import type { ServiceContext } from '../http/context.ts';" });
    expect(found.violations).toEqual([
      'src/server/store/db.ts imports "../http/context.ts": store may not import http (engines ← store ← files ← knowledge ← mail ← http ← demo ← start ← main)',
    ]);
    expect(found.circles).toHaveLength(1);
    expect(found.circles[0]).toMatch(
      /^circle between parts: http → store \(src\/server\/http\/[\w/-]+\.ts imports "[^"]+"\); store → http \(src\/server\/store\/db\.ts imports "\.\.\/http\/context\.ts"\)/,
    );
  });
});

describe('the code outside src/ (demo/, bench/, scripts/)', () => {
  const tracked = execFileSync('git', ['ls-files', 'demo', 'bench', 'scripts'], { cwd: root, encoding: 'utf8' }).split(
    '\n',
  );
  const files: SourceFile[] = tracked
    .filter((f) => /\.(ts|tsx|mjs|js|vue|svelte)$/.test(f))
    .map((path) => ({ path, source: readFileSync(join(root, path), 'utf8') }));
  /** The package's public entries, as the files they are built from (tsconfig.json's paths for them). */
  const paths = (
    JSON.parse(readFileSync(join(root, 'tsconfig.json'), 'utf8')) as {
      compilerOptions: { paths: Record<string, string[]> };
    }
  ).compilerOptions.paths;
  const entries = new Set(
    Object.values(paths)
      .flat()
      .map((p) => p.replace(/^\.\//, '')),
  );

  it('is read', () => {
    expect(files.filter((f) => f.path.startsWith('demo/console/')).length).toBeGreaterThan(10);
    expect(entries).toContain('src/markdown.ts');
  });

  it('reaches the package through its public entries only', () => {
    expect(outsideViolations(files, entries)).toEqual([]);
  });

  it('imports in no circle', () => {
    expect(circles(files)).toEqual([]);
  });
});

describe('the import checker', () => {
  it('reads type-only, value, re-export, side-effect and dynamic imports', () => {
    const source = [
      "import type { A } from './a.ts';",
      "import { type B, type C } from './b.ts';",
      "import { type D, e } from './d.ts';",
      "import {\n  f,\n  g,\n} from './f.ts';",
      "export type * from './t.ts';",
      "export { h } from './h.ts';",
      "import './side.ts';",
      "const x = await import('./lazy.ts');",
      '// import { no } from "./comment.ts";',
    ].join('\n');
    expect(importsOf(source)).toEqual([
      { specifier: './a.ts', typeOnly: true },
      { specifier: './b.ts', typeOnly: true },
      { specifier: './d.ts', typeOnly: false },
      { specifier: './f.ts', typeOnly: false },
      { specifier: './t.ts', typeOnly: true },
      { specifier: './h.ts', typeOnly: false },
      { specifier: './side.ts', typeOnly: false },
      { specifier: './lazy.ts', typeOnly: false },
    ]);
  });

  it('finds each kind of broken rule', () => {
    const bad: SourceFile[] = [
      {
        path: 'src/widget/chat-bot.ts',
        source:
          "import { SettingFields } from '../protocol/settings.ts';\nimport { buildApp } from '../server/app.ts';\nimport { readFile } from 'node:fs';",
      },
      {
        path: 'src/client/index.ts',
        source:
          "import { EditBody } from '../protocol/settings.ts';\nimport { html } from 'lit';\nimport { parseSse } from '../protocol/sse.ts';",
      },
      {
        path: 'src/server/http/app.ts',
        source: "import { LitElement } from 'lit';\nimport { createClient } from '../../client/index.ts';",
      },
      {
        path: 'src/protocol/rules.ts',
        source: "import { Buffer } from 'buffer';\nimport type { Client } from '../client/index.ts';",
      },
      { path: 'src/widget/deep/er/est/x.ts', source: '' },
      { path: 'src/widget/settings.ts', source: "import { PUBLIC_DEFAULTS } from '../protocol/defaults.ts';" },
      {
        path: 'src/index.ts',
        source: "import { PUBLIC_DEFAULTS } from './protocol/defaults.ts';\nexport type * from './protocol/index.ts';",
      },
      {
        path: 'src/protocol/defaults.ts',
        source:
          "import { Settings } from './settings.ts';\nimport type { PublicSettings } from './settings.ts';\nimport { Type } from 'typebox';",
      },
    ];
    expect(violations(bad)).toEqual([
      'src/widget/chat-bot.ts imports "../protocol/settings.ts": widget imports schemas as types only (run-time imports only from protocol/sse.ts, protocol/paths.ts, protocol/cards.ts, protocol/answer.ts, protocol/sources.ts, protocol/rules.ts, protocol/defaults.ts, protocol/handoff.ts, protocol/event-streams.ts, protocol/slots.ts and protocol/viewing-paths.ts)',
      'src/widget/chat-bot.ts imports "../server/app.ts": widget may not import server',
      'src/widget/chat-bot.ts imports "node:fs": only server/ touches node:*',
      'src/client/index.ts imports "../protocol/settings.ts": client imports schemas as types only (run-time imports only from protocol/sse.ts, protocol/paths.ts, protocol/cards.ts, protocol/answer.ts, protocol/sources.ts, protocol/rules.ts, protocol/defaults.ts, protocol/handoff.ts, protocol/event-streams.ts, protocol/slots.ts and protocol/viewing-paths.ts)',
      'src/client/index.ts imports "lit": client may not depend on this package',
      'src/server/http/app.ts imports "lit": server may not depend on this package',
      'src/server/http/app.ts imports "../../client/index.ts": server may not import client',
      'src/protocol/rules.ts imports "buffer": only server/ touches node:*',
      'src/protocol/rules.ts imports "../client/index.ts": protocol may not import client',
      'src/widget/deep/er/est/x.ts: more than three folder levels under src/',
      'src/index.ts imports "./protocol/defaults.ts": entry imports protocol with `import type` only',
      'src/protocol/defaults.ts imports "./settings.ts": a schema-free module imports the rest of protocol as types only',
      'src/protocol/defaults.ts imports "typebox": a schema-free module imports no package at run time',
    ]);
  });

  it("finds imports against the order of the service's parts and of the engines' parts, and a file three folders down", () => {
    const bad: SourceFile[] = [
      {
        path: 'src/server/engines/reading/query.ts',
        source: "import { matches } from '../search/match.ts';\nimport { words } from './words.ts';",
      },
      {
        path: 'src/server/engines/search/match.ts',
        source: "import type { Reply } from '../answer/reply.ts';\nimport { criteria } from '../reading/criteria.ts';",
      },
      {
        path: 'src/server/engines/writing/en.ts',
        source: "import type { Engine } from '../index.ts';\nimport { money } from '../search/format.ts';",
      },
      {
        path: 'src/server/engines/answer/reply.ts',
        source: "import { prompt } from '../model/prompt.ts';\nimport { matches } from '../search/match.ts';",
      },
      {
        path: 'src/server/engines/model/openai.ts',
        source:
          "import { suggest } from '../answer/suggest.ts';\nimport type { Engine } from '../index.ts';\nimport { db } from '../../store/db.ts';",
      },
      { path: 'src/server/engines/oracle/x.ts', source: "import { words } from '../reading/words.ts';" },
      {
        path: 'src/server/store/messages.ts',
        source:
          "import { conflict } from '../http/envelope.ts';\nimport type { Asked } from '../engines/reading/asked.ts';",
      },
      {
        path: 'src/server/http/app.ts',
        source: "import { demoSite } from '../demo/site.ts';\nimport { outbox } from '../mail/outbox.ts';",
      },
      { path: 'src/server/cache/x.ts', source: "import { db } from '../store/db.ts';" },
      { path: 'src/server/main.ts', source: "import { buildApp } from './http/app.ts';" },
      { path: 'src/server/engines/model/deeper/x.ts', source: '' },
    ];
    const order = 'engines ← store ← files ← knowledge ← mail ← http ← demo ← start ← main';
    const inner = 'reading ← knowledge ← languages ← search ← writing ← contract ← answer ← model';
    expect(violations(bad)).toEqual([
      `src/server/engines/reading/query.ts imports "../search/match.ts": the engines' reading may not import their search (${inner})`,
      `src/server/engines/search/match.ts imports "../answer/reply.ts": the engines' search may not import their answer (${inner})`,
      `src/server/engines/writing/en.ts imports "../index.ts": the engines' writing may not import their contract (${inner})`,
      `src/server/engines/answer/reply.ts imports "../model/prompt.ts": the engines' answer may not import their model (${inner})`,
      'src/server/engines/model/openai.ts imports "../../store/db.ts": the engines import only themselves and src/protocol',
      `src/server/engines/oracle/x.ts imports "../reading/words.ts": engines/oracle is not in the engines' declared order (${inner})`,
      `src/server/store/messages.ts imports "../http/envelope.ts": store may not import http (${order})`,
      `src/server/http/app.ts imports "../demo/site.ts": http may not import demo (${order})`,
      `src/server/cache/x.ts imports "../store/db.ts": cache is not a part of the service's declared order (${order})`,
      'src/server/engines/model/deeper/x.ts: more than three folder levels under src/',
    ]);
  });

  it('names each part a file is in', () => {
    expect(
      [
        'src/server/main.ts',
        'src/server/engines/index.ts',
        'src/server/engines/search/match.ts',
        'src/server/http/routes/chat.ts',
        'src/server/store/db.ts',
        'src/widget/events.ts',
      ].map(partOf),
    ).toEqual(['main', 'engines/contract', 'engines/search', 'http', 'store', null]);
  });

  it('finds a circle between parts, each step with an import that makes it', () => {
    const files: SourceFile[] = [
      { path: 'src/server/store/messages.ts', source: "import { conflict } from '../http/envelope.ts';" },
      { path: 'src/server/http/envelope.ts', source: "import { unavailable } from '../store/unavailable.ts';" },
      { path: 'src/server/store/unavailable.ts', source: '' },
      { path: 'src/server/http/app.ts', source: "import { demoSite } from '../demo/site.ts';" },
      { path: 'src/server/demo/site.ts', source: "import type { Site } from '../http/app.ts';" },
      { path: 'src/server/engines/search/near.ts', source: "import type { Miss } from '../writing/index.ts';" },
      { path: 'src/server/engines/writing/index.ts', source: "import type { Found } from '../search/match.ts';" },
      { path: 'src/server/engines/search/match.ts', source: '' },
    ];
    expect(partCircles(files)).toEqual([
      'circle between parts: demo → http (src/server/demo/site.ts imports "../http/app.ts"); http → demo (src/server/http/app.ts imports "../demo/site.ts") (tangled with store)',
      'circle between parts: engines/search → engines/writing (src/server/engines/search/near.ts imports "../writing/index.ts"); engines/writing → engines/search (src/server/engines/writing/index.ts imports "../search/match.ts")',
    ]);
  });
  it('finds a reactive controller misnamed or out of place', () => {
    const files: SourceFile[] = [
      { path: 'src/widget/scroll.ts', source: 'export class ScrollController implements ReactiveController {}' },
      {
        path: 'src/widget/controllers/phone-sheet-controller.ts',
        source: 'export class PhoneSheet implements ReactiveController {}',
      },
      {
        path: 'src/widget/controllers/welcome-popup-controller.ts',
        source: 'export class WelcomePopupController implements ReactiveController {}',
      },
    ];
    expect(misnamedControllers(files)).toEqual([
      'src/widget/scroll.ts: ScrollController belongs in src/widget/controllers/, in a *-controller.ts file',
      'src/widget/controllers/phone-sheet-controller.ts: PhoneSheet is a reactive controller not named *Controller',
    ]);
  });

  it('finds state kept at the top of a service module, and lets a table never written be', () => {
    const files: SourceFile[] = [
      {
        path: 'src/server/store/listings.ts',
        source:
          'const cache = new WeakMap<Db, Listing[]>();\nexport const seen = new Set<string>();\nlet last = 0;\nsetInterval(sweep, 1000);',
      },
      {
        path: 'src/server/engines/reading/words.ts',
        source: "const KEEP: ReadonlySet<string> = new Set(['a']);\nfunction f() {\n  const local = new Map();\n}",
      },
      { path: 'src/widget/cards.ts', source: 'const seen = new WeakMap();' },
    ];
    expect(moduleState(files)).toEqual([
      'src/server/store/listings.ts: cache is a module-level WeakMap (state belongs to the app)',
      'src/server/store/listings.ts: seen is a module-level Set (state belongs to the app)',
      'src/server/store/listings.ts: a module-level let (state belongs to the app): let last = 0;',
      'src/server/store/listings.ts: a timer started on import',
    ]);
  });

  it("finds the demo importing by path, and tooling importing the widget's insides", () => {
    const files: SourceFile[] = [
      {
        path: 'demo/console/owner-answer.ts',
        source:
          "import { MarkdownView } from '../../src/markdown.ts';\nimport { MarkdownView as M } from 'chat-bot-element/markdown';",
      },
      {
        path: 'bench/page/entry.js',
        source:
          "export { MarkdownView } from '../../src/widget/markdown/index.ts';\nexport { answerStyles } from '../../src/markdown.ts';",
      },
      {
        path: 'bench/eval/run.ts',
        source:
          "import { buildApp } from '../../src/server/app.ts';\nimport type { Listing } from '../../src/protocol/index.ts';",
      },
    ];
    expect(outsideViolations(files, new Set(['src/markdown.ts']))).toEqual([
      'demo/console/owner-answer.ts imports "../../src/markdown.ts": the demo reaches the package by its name and public entries only',
      'bench/page/entry.js imports "../../src/widget/markdown/index.ts": outside src/, only a public entry (or, for tooling, the service and the protocol)',
    ]);
  });

  it('finds each import circle, its files in order, whatever kind of import closes it', () => {
    const files: SourceFile[] = [
      { path: 'src/client/stream.ts', source: "const { fromFetch } = await import('./stream-fetch.ts');" },
      { path: 'src/client/stream-fetch.ts', source: "import { interpret } from './stream.ts';" },
      { path: 'src/widget/cards.ts', source: "void import('./chat-bot-listings.ts');" },
      { path: 'src/widget/chat-bot-listings.ts', source: "import { PanelActionEvent } from './internal-events.ts';" },
      { path: 'src/widget/internal-events.ts', source: "import type { Attachment } from './conversation.ts';" },
      {
        path: 'src/widget/conversation.ts',
        source: "import { answerFences } from './cards.ts';\nimport { keys } from './storage.ts';",
      },
      { path: 'src/widget/storage.ts', source: "import { createStore } from 'idb-keyval';" },
      { path: 'src/widget/self.ts', source: "export type * from './self.ts';" },
    ];
    expect(circles(files)).toEqual([
      'import circle: src/client/stream-fetch.ts → src/client/stream.ts → src/client/stream-fetch.ts',
      'import circle: src/widget/cards.ts → src/widget/chat-bot-listings.ts → src/widget/internal-events.ts → src/widget/conversation.ts → src/widget/cards.ts',
      'import circle: src/widget/self.ts → src/widget/self.ts',
    ]);
  });

  it("names the shortest circle of a tangle, and the tangle's other files with it", () => {
    const files: SourceFile[] = [
      { path: 'src/widget/cards.ts', source: "void import('./chat-bot-listings.ts');" },
      {
        path: 'src/widget/chat-bot-listings.ts',
        source:
          "import { PanelActionEvent } from './internal-events.ts';\nimport type { ChatMessage } from './chat-bot-message.ts';",
      },
      { path: 'src/widget/internal-events.ts', source: "import type { Attachment } from './conversation.ts';" },
      { path: 'src/widget/conversation.ts', source: "import { answerFences } from './cards.ts';" },
      { path: 'src/widget/chat-bot-message.ts', source: "import { answerFences } from './cards.ts';" },
    ];
    expect(circles(files)).toEqual([
      'import circle: src/widget/cards.ts → src/widget/chat-bot-listings.ts → src/widget/chat-bot-message.ts → src/widget/cards.ts (tangled with src/widget/conversation.ts, src/widget/internal-events.ts)',
    ]);
  });

  it('finds a file that defines more than one custom element', () => {
    const files: SourceFile[] = [
      {
        path: 'src/widget/chat-bot-media.ts',
        source:
          "customElements.define('chat-bot-media', A);\ncustomElements.define('chat-bot-attachment', B);\ndeclare global {\n  interface HTMLElementTagNameMap {\n    'chat-bot-media': A;\n    'chat-bot-attachment': B;\n  }\n}",
      },
      {
        path: 'src/widget/decorated.ts',
        source:
          "@customElement('chat-bot-a')\nclass A extends LitElement {}\n@customElement('chat-bot-b')\nclass B extends LitElement {}",
      },
      {
        path: 'src/widget/mixed.ts',
        source:
          "@customElement('chat-bot-a')\nclass A extends LitElement {}\nif (!customElements.get('chat-bot-b')) customElements.define('chat-bot-b', B);",
      },
      {
        path: 'src/widget/chat-bot-composer.ts',
        source:
          "// customElements.define('chat-bot-old', Old);\nif (!customElements.get('chat-bot-composer')) customElements.define('chat-bot-composer', ChatBotComposer);\ndeclare global {\n  interface HTMLElementTagNameMap {\n    'chat-bot-composer': ChatBotComposer;\n  }\n}",
      },
    ];
    expect(crowdedFiles(files)).toEqual([
      'src/widget/chat-bot-media.ts: defines 2 custom elements (one element per file)',
      'src/widget/chat-bot-media.ts: declares 2 tags in HTMLElementTagNameMap (one element per file)',
      'src/widget/decorated.ts: defines 2 custom elements (one element per file)',
      'src/widget/mixed.ts: defines 2 custom elements (one element per file)',
    ]);
  });
});
