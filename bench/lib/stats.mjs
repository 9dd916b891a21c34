// Medians, ranges, tables and flags, from the product owner's harness.
export function median(xs) {
  const a = xs.filter((x) => Number.isFinite(x)).sort((p, q) => p - q);
  if (!a.length) return NaN;
  const m = a.length >> 1;
  return a.length % 2 ? a[m] : (a[m - 1] + a[m]) / 2;
}
/** The q-quantile (0..1) by nearest rank. */
export function quantile(xs, q) {
  const a = xs.filter((x) => Number.isFinite(x)).sort((p, r) => p - r);
  return a.length ? a[Math.min(a.length - 1, Math.max(0, Math.ceil(q * a.length) - 1))] : NaN;
}
export function summary(xs) {
  const a = xs.filter((x) => Number.isFinite(x));
  return {
    median: median(a),
    min: a.length ? Math.min(...a) : NaN,
    max: a.length ? Math.max(...a) : NaN,
    n: a.length,
    values: xs,
  };
}
export function fmt(x, digits = 0) {
  if (x === undefined || x === null || Number.isNaN(x)) return '-';
  if (typeof x !== 'number') return String(x);
  return x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
// "median (min–max)"
export function fmtRange(s, digits = 0, unit = '') {
  if (!s || !s.n) return '-';
  if (s.n === 1) return `${fmt(s.median, digits)}${unit}`;
  return `${fmt(s.median, digits)}${unit} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`;
}
export function table(headers, rows, align) {
  const cells = [headers, ...rows].map((r) => r.map((c) => (c === undefined || c === null ? '' : String(c))));
  const w = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] || '').length)));
  const al = align || headers.map((_, i) => (i === 0 ? 'l' : 'r'));
  const line = (r) => '| ' + r.map((c, i) => (al[i] === 'l' ? c.padEnd(w[i]) : c.padStart(w[i]))).join(' | ') + ' |';
  const sep =
    '|' + w.map((x, i) => (al[i] === 'l' ? ':' + '-'.repeat(x + 1) : '-'.repeat(x + 1) + ':')).join('|') + '|';
  return [line(cells[0]), sep, ...cells.slice(1).map(line)].join('\n');
}
export function parseArgs(argv, defaults) {
  const out = { ...defaults, _: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      out._.push(a);
      continue;
    }
    let [k, v] = a.slice(2).split('=');
    k = k.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    if (v === undefined) {
      if (typeof defaults[k] === 'boolean') v = 'true';
      else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) v = argv[++i];
      else v = 'true';
    }
    const d = defaults[k];
    if (typeof d === 'number') out[k] = Number(v);
    else if (typeof d === 'boolean') out[k] = v !== 'false' && v !== '0';
    else if (Array.isArray(d))
      out[k] = v
        .split(',')
        .filter(Boolean)
        .map((x) => (typeof d[0] === 'number' ? parseSize(x) : x));
    else out[k] = v;
  }
  return out;
}
// "64k" -> 65536 (1 KB = 1,024 characters; the answers are ASCII, so characters = bytes)
export function parseSize(x) {
  const m = /^([\d.]+)\s*([kK]?)$/.exec(String(x).trim());
  if (!m) return Number(x);
  return Math.round(Number(m[1]) * (m[2] ? 1024 : 1));
}
/** 65536 -> "64 KB", 1500 -> "1.5 KB" */
export const kb = (chars) => `${fmt(chars / 1024, chars % 1024 ? 1 : 0)} KB`;
