// Deterministic synthetic "LLM answer" markdown + fragment splitter, as in the product owner's harness
// (so our numbers and its anchors come from the same text). Same seed => the answer for a smaller size
// is a prefix of the answer for a larger size.

export function rng(seed = 1) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'the widget renders streamed tokens into the message bubble while the parser keeps state between ' +
  'fragments so that headings lists tables and fenced code blocks appear progressively without blocking input ' +
  'latency memory layout paint style recalculation budget component shadow root element incremental append ' +
  'server sent events connection retry history storage accessibility keyboard focus scroll anchor'
).split(' ');
const CODE_LINES = [
  'const res = await fetch(url, { method: "POST", body });',
  'for (const chunk of stream) { buffer += decoder.decode(chunk); }',
  'if (!res.ok) throw new Error(`HTTP ${res.status}`);',
  'export function render(md) { return parse(md).map(toNode); }',
  'let total = items.reduce((sum, x) => sum + x.size, 0);',
  'console.log("done in", performance.now() - t0, "ms");',
  'await new Promise((r) => setTimeout(r, 50));',
  'const el = document.createElement("div"); el.textContent = text;',
];

function makeWriter(r) {
  const pick = (arr) => arr[Math.floor(r() * arr.length)];
  const int = (a, b) => a + Math.floor(r() * (b - a + 1));
  let linkN = 0;
  const inline = (nWords) => {
    const out = [];
    for (let i = 0; i < nWords; i++) {
      const w = pick(WORDS);
      const x = r();
      if (x < 0.04) out.push(`**${w} ${pick(WORDS)}**`);
      else if (x < 0.07) out.push(`*${w}*`);
      else if (x < 0.1) out.push('`' + w + '()`');
      else if (x < 0.12) out.push(`[${w} docs](https://example.com/docs/${w}-${++linkN})`);
      else out.push(w);
    }
    const s = out.join(' ');
    return s[0].toUpperCase() + s.slice(1) + '.';
  };
  const blocks = {
    heading: () => `${'#'.repeat(int(2, 3))} ${inline(int(2, 5)).slice(0, -1)}`,
    para: () => [inline(int(10, 25)), inline(int(8, 20))].join(' '),
    ul: () => Array.from({ length: int(3, 6) }, () => `- ${inline(int(4, 12))}`).join('\n'),
    ol: () => Array.from({ length: int(3, 5) }, (_, i) => `${i + 1}. ${inline(int(4, 10))}`).join('\n'),
    code: () => '```js\n' + Array.from({ length: int(4, 10) }, () => pick(CODE_LINES)).join('\n') + '\n```',
    table: () => {
      const cols = int(3, 4);
      const head = Array.from({ length: cols }, () => pick(WORDS));
      const rows = Array.from({ length: int(3, 6) }, () =>
        Array.from({ length: cols }, (_, c) => (c === 0 ? '`' + pick(WORDS) + '`' : String(int(1, 999)))),
      );
      return [
        `| ${head.join(' | ')} |`,
        `|${head.map(() => '---').join('|')}|`,
        ...rows.map((x) => `| ${x.join(' | ')} |`),
      ].join('\n');
    },
    quote: () => `> ${inline(int(8, 16))}`,
  };
  const seq = ['heading', 'para', 'ul', 'para', 'code', 'para', 'table', 'ol', 'para', 'quote', 'para', 'code'];
  return { blocks, seq, int };
}

/** Markdown answer of ~targetChars (cut at a block boundary, never longer than targetChars). */
export function makeAnswer(targetChars, seed = 42) {
  const r = rng(seed);
  const { blocks, seq } = makeWriter(r);
  let out = '';
  for (let i = 0; ; i++) {
    const b = blocks[seq[i % seq.length]]();
    const next = out ? out + '\n\n' + b : b;
    if (next.length > targetChars) break;
    out = next;
  }
  return out + '\n';
}

/** Split text into fragments with random lengths in [1, 2*mean-1] (mean ~ meanChars). */
export function splitFragments(text, meanChars = 5, seed = 7) {
  const r = rng(seed);
  const frags = [];
  const maxLen = Math.max(1, Math.round(2 * meanChars - 1));
  for (let i = 0; i < text.length;) {
    const n = 1 + Math.floor(r() * maxLen);
    frags.push(text.slice(i, i + n));
    i += n;
  }
  return frags;
}

/** Chat history: alternating user question / assistant markdown answer. */
export function makeHistory(count, seed = 3) {
  const r = rng(seed);
  const { blocks, int } = makeWriter(r);
  const msgs = [];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      msgs.push({ role: 'user', text: blocks.para().slice(0, int(40, 160)) });
    } else {
      const parts = [blocks.para()];
      const x = r();
      if (x < 0.3) parts.push(blocks.ul());
      else if (x < 0.5) parts.push(blocks.code());
      else if (x < 0.6) parts.push(blocks.table());
      parts.push(blocks.para().slice(0, int(60, 200)));
      msgs.push({ role: 'ai', text: parts.join('\n\n') });
    }
  }
  return msgs;
}

// Expected element counts, to sanity-check that a system really rendered the markdown.
export function expectedCounts(md) {
  const lines = md.split('\n');
  let inCode = false,
    code = 0,
    headings = 0,
    tables = 0,
    li = 0,
    prevTable = false;
  for (const l of lines) {
    if (l.startsWith('```')) {
      if (!inCode) code++;
      inCode = !inCode;
      continue;
    }
    if (inCode) continue;
    if (/^#{1,6} /.test(l)) headings++;
    if (/^(- |\d+\. )/.test(l)) li++;
    const isT = l.startsWith('|');
    if (isT && !prevTable) tables++;
    prevTable = isT;
  }
  return { h: headings, li, pre: code, table: tables, a: (md.match(/\]\(https:/g) || []).length };
}
