import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, crowdedFiles, importsOf, violations, type SourceFile } from './support/architecture.ts';

const root = join(import.meta.dirname, '..');

function sources(dir: string): SourceFile[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => {
      const full = join(e.parentPath, e.name);
      return { path: relative(root, full).split('\\').join('/'), source: readFileSync(full, 'utf8') };
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

  it('define one custom element per file', () => {
    expect(crowdedFiles(files)).toEqual([]);
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
      { path: 'src/widget/chat-bot.ts', source: "import { SettingFields } from '../protocol/settings.ts';\nimport { buildApp } from '../server/app.ts';\nimport { readFile } from 'node:fs';" },
      { path: 'src/client/index.ts', source: "import { EditBody } from '../protocol/settings.ts';\nimport { html } from 'lit';\nimport { parseSse } from '../protocol/sse.ts';" },
      { path: 'src/server/app.ts', source: "import { LitElement } from 'lit';\nimport { createClient } from '../client/index.ts';" },
      { path: 'src/protocol/rules.ts', source: "import { Buffer } from 'buffer';\nimport type { Client } from '../client/index.ts';" },
      { path: 'src/widget/deep/er/x.ts', source: '' },
      { path: 'src/widget/settings.ts', source: "import { PUBLIC_DEFAULTS } from '../protocol/defaults.ts';" },
      { path: 'src/index.ts', source: "import { PUBLIC_DEFAULTS } from './protocol/defaults.ts';\nexport type * from './protocol/index.ts';" },
      { path: 'src/protocol/defaults.ts', source: "import { Settings } from './settings.ts';\nimport type { PublicSettings } from './settings.ts';\nimport { Type } from 'typebox';" },
    ];
    expect(violations(bad)).toEqual([
      'src/widget/chat-bot.ts imports "../protocol/settings.ts": widget imports schemas as types only (run-time imports only from protocol/sse.ts, protocol/paths.ts, protocol/cards.ts, protocol/answer.ts, protocol/rules.ts and protocol/defaults.ts)',
      'src/widget/chat-bot.ts imports "../server/app.ts": widget may not import server',
      'src/widget/chat-bot.ts imports "node:fs": only server/ touches node:*',
      'src/client/index.ts imports "../protocol/settings.ts": client imports schemas as types only (run-time imports only from protocol/sse.ts, protocol/paths.ts, protocol/cards.ts, protocol/answer.ts, protocol/rules.ts and protocol/defaults.ts)',
      'src/client/index.ts imports "lit": client may not depend on this package',
      'src/server/app.ts imports "lit": server may not depend on this package',
      'src/server/app.ts imports "../client/index.ts": server may not import client',
      'src/protocol/rules.ts imports "buffer": only server/ touches node:*',
      'src/protocol/rules.ts imports "../client/index.ts": protocol may not import client',
      'src/widget/deep/er/x.ts: more than two folder levels under src/',
      'src/index.ts imports "./protocol/defaults.ts": entry imports protocol with `import type` only',
      'src/protocol/defaults.ts imports "./settings.ts": a schema-free module imports the rest of protocol as types only',
      'src/protocol/defaults.ts imports "typebox": a schema-free module imports no package at run time',
    ]);
  });

  it('finds each import circle, its files in order, whatever kind of import closes it', () => {
    const files: SourceFile[] = [
      { path: 'src/client/stream.ts', source: "const { fromFetch } = await import('./stream-fetch.ts');" },
      { path: 'src/client/stream-fetch.ts', source: "import { interpret } from './stream.ts';" },
      { path: 'src/widget/cards.ts', source: "void import('./chat-bot-listings.ts');" },
      { path: 'src/widget/chat-bot-listings.ts', source: "import { PanelActionEvent } from './internal-events.ts';" },
      { path: 'src/widget/internal-events.ts', source: "import type { Attachment } from './conversation.ts';" },
      { path: 'src/widget/conversation.ts', source: "import { answerFences } from './cards.ts';\nimport { keys } from './storage.ts';" },
      { path: 'src/widget/storage.ts', source: "import { createStore } from 'idb-keyval';" },
      { path: 'src/widget/self.ts', source: "export type * from './self.ts';" },
    ];
    expect(circles(files)).toEqual([
      'import circle: src/client/stream-fetch.ts → src/client/stream.ts → src/client/stream-fetch.ts',
      'import circle: src/widget/cards.ts → src/widget/chat-bot-listings.ts → src/widget/internal-events.ts → src/widget/conversation.ts → src/widget/cards.ts',
      'import circle: src/widget/self.ts → src/widget/self.ts',
    ]);
  });

  it('names the shortest circle of a tangle, and the tangle\'s other files with it', () => {
    const files: SourceFile[] = [
      { path: 'src/widget/cards.ts', source: "void import('./chat-bot-listings.ts');" },
      { path: 'src/widget/chat-bot-listings.ts', source: "import { PanelActionEvent } from './internal-events.ts';\nimport type { ChatMessage } from './chat-bot-message.ts';" },
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
      { path: 'src/widget/chat-bot-media.ts', source: "customElements.define('chat-bot-media', A);\ncustomElements.define('chat-bot-attachment', B);\ndeclare global {\n  interface HTMLElementTagNameMap {\n    'chat-bot-media': A;\n    'chat-bot-attachment': B;\n  }\n}" },
      { path: 'src/widget/decorated.ts', source: "@customElement('chat-bot-a')\nclass A extends LitElement {}\n@customElement('chat-bot-b')\nclass B extends LitElement {}" },
      { path: 'src/widget/mixed.ts', source: "@customElement('chat-bot-a')\nclass A extends LitElement {}\nif (!customElements.get('chat-bot-b')) customElements.define('chat-bot-b', B);" },
      { path: 'src/widget/chat-bot-composer.ts', source: "// customElements.define('chat-bot-old', Old);\nif (!customElements.get('chat-bot-composer')) customElements.define('chat-bot-composer', ChatBotComposer);\ndeclare global {\n  interface HTMLElementTagNameMap {\n    'chat-bot-composer': ChatBotComposer;\n  }\n}" },
    ];
    expect(crowdedFiles(files)).toEqual([
      'src/widget/chat-bot-media.ts: defines 2 custom elements (one element per file)',
      'src/widget/chat-bot-media.ts: declares 2 tags in HTMLElementTagNameMap (one element per file)',
      'src/widget/decorated.ts: defines 2 custom elements (one element per file)',
      'src/widget/mixed.ts: defines 2 custom elements (one element per file)',
    ]);
  });
});
