/**
 * The import rules of STYLE.md, checked by reading import lines:
 * protocol ← client ← widget ← index/embed, and protocol ← server.
 */
import { builtinModules } from 'node:module';
import { posix } from 'node:path';

export interface SourceFile {
  /** Path relative to the package root, with forward slashes: `src/client/index.ts`. */
  path: string;
  source: string;
}

export interface ImportLine {
  specifier: string;
  typeOnly: boolean;
}

type Layer = 'protocol' | 'client' | 'widget' | 'server' | 'entry';

/** Protocol modules without schemas, which the client may import at run time. */
const SCHEMA_FREE = new Set(['src/protocol/sse.ts', 'src/protocol/paths.ts', 'src/protocol/cards.ts', 'src/protocol/answer.ts', 'src/protocol/rules.ts']);

const PACKAGES: Record<Layer, (name: string) => boolean> = {
  protocol: (p) => p === 'typebox' || p.startsWith('typebox/'),
  client: (p) => p === '@microsoft/fetch-event-source',
  widget: (p) => p === 'lit' || p.startsWith('lit/') || p === 'idb-keyval',
  // chat-bot/react (src/react.ts): React is the app's (a peer dependency), @lit/react makes the component.
  entry: (p) => p === 'react' || p === '@lit/react',
  server: (p) => !/^(lit|lit-html|lit-element|@lit\/|idb-keyval|@microsoft\/fetch-event-source)(\/|$)/.test(p),
};

const LAYERS_IMPORTED: Record<Layer, Layer[]> = {
  protocol: ['protocol'],
  client: ['client', 'protocol'],
  widget: ['widget', 'client', 'protocol'],
  entry: ['widget', 'client', 'protocol'],
  server: ['server', 'protocol'],
};

export function layerOf(path: string): Layer | null {
  const m = /^src\/(?:(protocol|client|widget|server)\/|(index|embed)\.ts$)/.exec(path);
  if (!m) return null;
  return m[1] ? (m[1] as Layer) : 'entry';
}

/** Every import, re-export and dynamic import of a module, and whether it is type-only. */
export function importsOf(source: string): ImportLine[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const out: ImportLine[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]/gm;
  for (const m of code.matchAll(statement)) {
    const clause = m[3] ?? '';
    const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
    const allTypes =
      braces !== null && braces[1]!.split(',').map((s) => s.trim()).filter(Boolean).every((s) => s.startsWith('type '));
    out.push({ specifier: m[4]!, typeOnly: Boolean(m[2]) || allTypes });
  }
  for (const m of code.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push({ specifier: m[1]!, typeOnly: false });
  for (const m of code.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push({ specifier: m[1]!, typeOnly: false });
  return out;
}

const isBuiltin = (s: string) => s.startsWith('node:') || builtinModules.includes(s.split('/')[0]!);
const packageName = (s: string) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!);

/** Every broken rule, as a sentence naming the file and the import. */
export function violations(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const layer = layerOf(file.path);
    if (!layer) continue;
    if (file.path.split('/').length > 4) found.push(`${file.path}: more than two folder levels under src/`);
    for (const { specifier, typeOnly } of importsOf(file.source)) {
      const say = (rule: string) => found.push(`${file.path} imports "${specifier}": ${rule}`);
      if (specifier.startsWith('.')) {
        const target = posix.normalize(posix.join(posix.dirname(file.path), specifier));
        const targetLayer = layerOf(target);
        if (!targetLayer) say('outside the layers of src/');
        else if (!LAYERS_IMPORTED[layer].includes(targetLayer)) say(`${layer} may not import ${targetLayer}`);
        else if (targetLayer === 'protocol' && (layer === 'widget' || layer === 'entry') && !typeOnly)
          say(`${layer} imports protocol with \`import type\` only`);
        else if (targetLayer === 'protocol' && layer === 'client' && !typeOnly && !SCHEMA_FREE.has(target))
          say('client imports schemas as types only (run-time imports only from protocol/sse.ts, protocol/paths.ts, protocol/cards.ts, protocol/answer.ts and protocol/rules.ts)');
      } else if (isBuiltin(specifier)) {
        if (layer !== 'server') say('only server/ touches node:*');
      } else if (!typeOnly && !PACKAGES[layer](packageName(specifier)) && !PACKAGES[layer](specifier)) {
        say(`${layer} may not depend on this package`);
      }
    }
  }
  return found;
}
