/**
 * The rules of docs/STYLE.md and docs/ARCHITECTURE.md, checked by reading the code:
 * protocol ← client ← widget ← the entries (src/*.ts), and protocol ← server; the service's parts
 * in one order (SERVICE_PARTS) and the engines' parts in theirs (ENGINE_PARTS), no circle between
 * parts; no import circles between files; one custom element per file; controllers named
 * *Controller in widget/controllers/; no module-level state in the service; and outside src/
 * (demo/, bench/, scripts/) the package reached only through its public entries.
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

/**
 * Protocol modules without schemas, which the client and the widget may import at run time: they
 * import nothing else of the protocol at run time (types only), so no schema reaches a bundle.
 */
const SCHEMA_FREE = new Set([
  'src/protocol/sse.ts',
  'src/protocol/paths.ts',
  'src/protocol/cards.ts',
  'src/protocol/answer.ts',
  'src/protocol/sources.ts',
  'src/protocol/rules.ts',
  'src/protocol/defaults.ts',
  'src/protocol/handoff.ts',
  'src/protocol/event-streams.ts',
  'src/protocol/slots.ts',
  'src/protocol/viewing-paths.ts',
]);
const SCHEMA_FREE_NAMES = [...SCHEMA_FREE].map((p) => p.slice('src/'.length));
const schemaFreeList = `${SCHEMA_FREE_NAMES.slice(0, -1).join(', ')} and ${SCHEMA_FREE_NAMES.at(-1)}`;

const PACKAGES: Record<Layer, (name: string) => boolean> = {
  protocol: (p) => p === 'typebox' || p.startsWith('typebox/'),
  client: () => false,
  widget: (p) => p === 'lit' || p.startsWith('lit/') || p === 'idb-keyval',
  // chat-bot-element/react (src/react.ts): React is the app's (a peer dependency), @lit/react makes the component.
  entry: (p) => p === 'react' || p === '@lit/react',
  server: (p) => !/^(lit|lit-html|lit-element|@lit\/|idb-keyval)(\/|$)/.test(p),
};

const LAYERS_IMPORTED: Record<Layer, Layer[]> = {
  protocol: ['protocol'],
  client: ['client', 'protocol'],
  widget: ['widget', 'client', 'protocol'],
  entry: ['entry', 'widget', 'client', 'protocol'],
  server: ['server', 'protocol'],
};

export function layerOf(path: string): Layer | null {
  const m = /^src\/(?:(protocol|client|widget|server)\/|([\w-]+)\.ts$)/.exec(path);
  if (!m) return null;
  return m[1] ? (m[1] as Layer) : 'entry';
}

/** The source without its comments: what the rules read. */
const code = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** Every import, re-export and dynamic import of a module, and whether it is type-only. */
export function importsOf(source: string): ImportLine[] {
  const text = code(source);
  const out: ImportLine[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(statement)) {
    const clause = m[3] ?? '';
    const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
    const allTypes =
      braces !== null &&
      braces[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    out.push({ specifier: m[4]!, typeOnly: Boolean(m[2]) || allTypes });
  }
  for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) out.push({ specifier: m[1]!, typeOnly: false });
  for (const m of text.matchAll(/\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g))
    out.push({ specifier: m[1]!, typeOnly: false });
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
    if (file.path.split('/').length > 5) found.push(`${file.path}: more than three folder levels under src/`);
    for (const { specifier, typeOnly } of importsOf(file.source)) {
      const say = (rule: string) => found.push(`${file.path} imports "${specifier}": ${rule}`);
      if (specifier.startsWith('.')) {
        const target = posix.normalize(posix.join(posix.dirname(file.path), specifier));
        const targetLayer = layerOf(target);
        const across = partRule(file.path, target);
        if (!targetLayer) say('outside the layers of src/');
        else if (across) say(across);
        else if (!LAYERS_IMPORTED[layer].includes(targetLayer)) say(`${layer} may not import ${targetLayer}`);
        else if (targetLayer === 'protocol' && layer === 'entry' && !typeOnly)
          say('entry imports protocol with `import type` only');
        else if (
          targetLayer === 'protocol' &&
          (layer === 'client' || layer === 'widget') &&
          !typeOnly &&
          !SCHEMA_FREE.has(target)
        )
          say(`${layer} imports schemas as types only (run-time imports only from ${schemaFreeList})`);
        else if (SCHEMA_FREE.has(file.path) && !typeOnly && !SCHEMA_FREE.has(target))
          say('a schema-free module imports the rest of protocol as types only');
      } else if (isBuiltin(specifier)) {
        if (layer !== 'server') say('only server/ touches node:*');
      } else if (!typeOnly && SCHEMA_FREE.has(file.path)) {
        say('a schema-free module imports no package at run time');
      } else if (!typeOnly && !PACKAGES[layer](packageName(specifier)) && !PACKAGES[layer](specifier)) {
        say(`${layer} may not depend on this package`);
      }
    }
  }
  return found;
}

/**
 * The service's parts, innermost first: each imports only itself, the parts before it, and
 * src/protocol. The files at src/server's top (main.ts) are `main`, the outermost.
 */
export const SERVICE_PARTS = [
  'engines',
  'store',
  'files',
  'knowledge',
  'mail',
  'http',
  'demo',
  'start',
  'main',
] as const;
/**
 * The engines' parts, innermost first, each importing only itself and those before it;
 * `contract` is the files at engines/'s top (index.ts: what an engine is given and gives).
 */
export const ENGINE_PARTS = [
  'reading',
  'knowledge',
  'languages',
  'search',
  'writing',
  'contract',
  'answer',
  'model',
] as const;
const serviceOrder = SERVICE_PARTS.join(' ← ');
const engineOrder = ENGINE_PARTS.join(' ← ');

/**
 * The part of the service a file is in: `store`, `http`…, `engines/reading` for a folder of the
 * engines, `engines/contract` for a file at engines/'s top, `main` for a file at src/server's top;
 * null outside src/server.
 */
export function partOf(path: string): string | null {
  const m = /^src\/server\/(.+)$/.exec(path);
  if (!m) return null;
  const steps = m[1]!.split('/');
  if (steps.length === 1) return 'main';
  if (steps[0] === 'engines') return `engines/${steps.length === 2 ? 'contract' : steps[1]}`;
  return steps[0]!;
}

/** The rule an import from `from` to `to` (both paths) breaks between the service's parts, if any. */
function partRule(from: string, to: string): string | null {
  const [a, b] = [partOf(from), partOf(to)];
  if (!a) return null;
  const [outerA, outerB] = [a.split('/')[0]!, b?.split('/')[0]];
  if (outerA === 'engines' && outerB !== 'engines' && !to.startsWith('src/protocol/'))
    return 'the engines import only themselves and src/protocol';
  if (!b || a === b) return null;
  const service = SERVICE_PARTS as readonly string[];
  for (const part of [outerA, outerB!])
    if (!service.includes(part)) return `${part} is not a part of the service's declared order (${serviceOrder})`;
  if (outerA !== outerB)
    return service.indexOf(outerB!) > service.indexOf(outerA)
      ? `${outerA} may not import ${outerB} (${serviceOrder})`
      : null;
  const engines = ENGINE_PARTS as readonly string[];
  const [innerA, innerB] = [a.slice('engines/'.length), b.slice('engines/'.length)];
  for (const part of [innerA, innerB])
    if (!engines.includes(part)) return `engines/${part} is not in the engines' declared order (${engineOrder})`;
  return engines.indexOf(innerB) > engines.indexOf(innerA)
    ? `the engines' ${innerA} may not import their ${innerB} (${engineOrder})`
    : null;
}

/**
 * Circles between the service's parts (SERVICE_PARTS, and each part of the engines): one per
 * tangle of parts, its shortest, each step with one import that makes it.
 */
export function partCircles(files: readonly SourceFile[]): string[] {
  const known = new Set(files.map((f) => f.path));
  const edges = new Map<string, Set<string>>();
  const example = new Map<string, string>();
  for (const file of files) {
    const from = partOf(file.path);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Set());
    for (const { specifier } of importsOf(file.source)) {
      const target = resolve(file.path, specifier, known);
      const to = target && partOf(target);
      if (!to || to === from) continue;
      edges.get(from)!.add(to);
      if (!example.has(`${from} → ${to}`)) example.set(`${from} → ${to}`, `${file.path} imports "${specifier}"`);
    }
  }
  const graph = new Map([...edges].map(([part, to]) => [part, [...to].sort()]));
  return tangles(graph).map((tangle) => {
    const group = new Set(tangle);
    const circle = tangle
      .map((start) => shortestCircle(start, graph, group))
      .reduce((a, b) => (b.length < a.length ? b : a));
    const steps = circle.map((part, i) => {
      const next = circle[(i + 1) % circle.length]!;
      return `${part} → ${next} (${example.get(`${part} → ${next}`)})`;
    });
    const rest = tangle.filter((part) => !circle.includes(part));
    return `circle between parts: ${steps.join('; ')}${rest.length ? ` (tangled with ${rest.join(', ')})` : ''}`;
  });
}

/**
 * The file a relative specifier names, among `known` (specifiers carry their extension; a `.js`
 * one may name its `.ts` source, a folder its index), or null for a package or a file outside.
 */
function resolve(from: string, specifier: string, known: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const path = posix.normalize(posix.join(posix.dirname(from), specifier));
  const candidates = [path, path.replace(/\.js$/, '.ts'), `${path}.ts`, `${path}/index.ts`];
  return candidates.find((c) => known.has(c)) ?? null;
}

/**
 * Every import circle among the files, each as its files in order, starting and ending with the
 * same file: `a.ts → b.ts → a.ts`. Type-only and dynamic imports count like the rest — a type
 * shared both ways belongs in a module of its own. One circle per tangle (a strongly connected
 * group of files): its shortest, from the first file in name order that has one that short; a
 * tangle wider than that circle names its other files too, so that no circle hides behind another.
 */
export function circles(files: readonly SourceFile[]): string[] {
  const known = new Set(files.map((f) => f.path));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const targets = importsOf(file.source).map(({ specifier }) => resolve(file.path, specifier, known));
    edges.set(file.path, [...new Set(targets.filter((t): t is string => t !== null))].sort());
  }
  const found: string[] = [];
  for (const tangle of tangles(edges)) {
    const group = new Set(tangle);
    const circle = tangle
      .map((start) => shortestCircle(start, edges, group))
      .reduce((a, b) => (b.length < a.length ? b : a));
    const rest = tangle.filter((f) => !circle.includes(f));
    found.push(
      `import circle: ${[...circle, circle[0]].join(' → ')}${rest.length ? ` (tangled with ${rest.join(', ')})` : ''}`,
    );
  }
  return found;
}

/** Strongly connected groups of more than one file, or of one that imports itself (Tarjan's algorithm), each sorted. */
function tangles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || edges.get(v)?.includes(v)) out.push(group.sort());
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

/** The files of the shortest circle from `start` back to it, within `group` (breadth first). */
function shortestCircle(
  start: string,
  edges: ReadonlyMap<string, readonly string[]>,
  group: ReadonlySet<string>,
): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length) {
    const v = queue.shift()!;
    for (const w of edges.get(v) ?? []) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!);
        return path;
      }
      if (cameFrom.has(w)) continue;
      cameFrom.set(w, v);
      queue.push(w);
    }
  }
  return [start];
}

/**
 * Files that define more than one custom element: `customElements.define(` calls and
 * `@customElement(` decorators together, or entries of an `HTMLElementTagNameMap` declaration.
 */
export function crowdedFiles(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = code(file.source);
    const defined = (text.match(/\bcustomElements\.define\s*\(|@customElement\s*\(/g) ?? []).length;
    const declared = [...text.matchAll(/interface\s+HTMLElementTagNameMap\s*\{([^}]*)\}/g)]
      .map((m) => (m[1]!.match(/^\s*(?:['"][^'"]+['"]|[\w$]+)\s*:/gm) ?? []).length)
      .reduce((a, b) => a + b, 0);
    if (defined > 1) found.push(`${file.path}: defines ${defined} custom elements (one element per file)`);
    if (declared > 1)
      found.push(`${file.path}: declares ${declared} tags in HTMLElementTagNameMap (one element per file)`);
  }
  return found;
}

/** Reactive controllers not named *Controller, or not in a `*-controller.ts` file of widget/controllers/. */
export function misnamedControllers(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const [, name] of code(file.source).matchAll(
      /\bclass\s+(\w+)[^{]*\bimplements\b[^{]*\bReactiveController\b/g,
    )) {
      if (!name!.endsWith('Controller'))
        found.push(`${file.path}: ${name} is a reactive controller not named *Controller`);
      if (!/^src\/widget\/controllers\/[\w-]+-controller\.ts$/.test(file.path))
        found.push(`${file.path}: ${name} belongs in src/widget/controllers/, in a *-controller.ts file`);
    }
  }
  return found;
}

/**
 * State kept at the top of a service module, where it outlives the app and is shared by every app
 * in the process: a Map, Set or WeakMap made there (a table never written is typed ReadonlyMap or
 * ReadonlySet), a top-level `let`, or a timer started on import. It belongs to the app (its context,
 * closed by the app's onClose).
 */
export function moduleState(files: readonly SourceFile[]): string[] {
  const found: string[] = [];
  for (const file of files.filter((f) => f.path.startsWith('src/server/'))) {
    for (const line of code(file.source).split('\n')) {
      const collection =
        /^(?:export\s+)?(?:const|let|var)\s+(\w+)\s*(:\s*[^=]+)?=\s*new\s+(WeakMap|WeakSet|Map|Set)\b/.exec(line);
      if (collection && !/^:\s*Readonly(Map|Set)</.test(collection[2]?.trim() ?? ''))
        found.push(`${file.path}: ${collection[1]} is a module-level ${collection[3]} (state belongs to the app)`);
      else if (/^(?:export\s+)?let\s/.test(line))
        found.push(`${file.path}: a module-level let (state belongs to the app): ${line.trim()}`);
      else if (/^(?:setInterval|setTimeout|setImmediate)\s*\(/.test(line))
        found.push(`${file.path}: a timer started on import`);
    }
  }
  return found;
}

/**
 * Imports from outside src/ into it. The demo's apps stand for a customer's: they reach the package
 * by its name only (`chat-bot-element`, `chat-bot-element/client`…), never by a path into src/.
 * bench/ and scripts/ may import its public entries (`entries`, as files) and, being the service's
 * own tooling, the service and the protocol.
 */
export function outsideViolations(files: readonly SourceFile[], entries: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const file of files) {
    for (const { specifier } of importsOf(file.source)) {
      if (!specifier.startsWith('.')) continue;
      const target = posix.normalize(posix.join(posix.dirname(file.path), specifier));
      if (!target.startsWith('src/')) continue;
      const say = (rule: string) => found.push(`${file.path} imports "${specifier}": ${rule}`);
      if (file.path.startsWith('demo/')) say('the demo reaches the package by its name and public entries only');
      else if (!entries.has(target) && !/^src\/(server|protocol)\//.test(target))
        say('outside src/, only a public entry (or, for tooling, the service and the protocol)');
    }
  }
  return found;
}
