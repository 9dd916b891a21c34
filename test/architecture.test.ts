import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, violations, type SourceFile } from './support/architecture.ts';

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
  it('follow the import rules of STYLE.md', () => {
    const files = sources('src');
    expect(files.length).toBeGreaterThan(10);
    expect(violations(files)).toEqual([]);
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
    ];
    expect(violations(bad)).toEqual([
      'src/widget/chat-bot.ts imports "../protocol/settings.ts": widget imports protocol with `import type` only',
      'src/widget/chat-bot.ts imports "../server/app.ts": widget may not import server',
      'src/widget/chat-bot.ts imports "node:fs": only server/ touches node:*',
      'src/client/index.ts imports "../protocol/settings.ts": client imports schemas as types only (run-time imports only from protocol/sse.ts, protocol/paths.ts, protocol/cards.ts, protocol/answer.ts and protocol/rules.ts)',
      'src/client/index.ts imports "lit": client may not depend on this package',
      'src/server/app.ts imports "lit": server may not depend on this package',
      'src/server/app.ts imports "../client/index.ts": server may not import client',
      'src/protocol/rules.ts imports "buffer": only server/ touches node:*',
      'src/protocol/rules.ts imports "../client/index.ts": protocol may not import client',
      'src/widget/deep/er/x.ts: more than two folder levels under src/',
    ]);
  });
});
