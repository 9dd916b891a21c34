/**
 * Prometheus' text exposition format (0.0.4), read strictly: every line a comment (`# HELP`,
 * `# TYPE`) or a sample `name{label="value",…} number` — a line that is neither fails the test — so a
 * test asserts on the numbers a scraper would read, not on loose matches of the text.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Exposition {
  samples: Sample[];
  /** Each metric family's TYPE: counter, gauge, histogram… */
  types: Map<string, string>;
  /** The sum of the samples named `name` whose labels include `labels` (0 when none). */
  value(name: string, labels?: Record<string, string>): number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)",?/gy;

function number(text: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  if (text === 'NaN') return Number.NaN;
  const n = Number(text);
  if (text === '' || Number.isNaN(n)) throw new Error(`not a sample value: "${text}"`);
  return n;
}

function labelsOf(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  let read = 0;
  for (let m = LABEL.exec(text); m; m = LABEL.exec(text)) {
    labels[m[1]!] = m[2]!.replace(/\\([\\"n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    read = LABEL.lastIndex;
  }
  if (read !== text.length) throw new Error(`labels not in the exposition format: ${line}`);
  return labels;
}

export function parseExposition(text: string): Exposition {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('# TYPE ')) {
      const [name, type] = line.slice(7).split(' ');
      types.set(name!, type!);
      continue;
    }
    if (line.startsWith('# HELP ')) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a line of the exposition format: ${line}`);
    samples.push({ name: m[1]!, labels: labelsOf(m[2] ?? '', line), value: number(m[3]!) });
  }
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples
      .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
      .reduce((sum, s) => sum + s.value, 0);
  return { samples, types, value };
}
