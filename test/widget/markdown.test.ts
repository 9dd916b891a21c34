/// <reference types="vite/client" />
/** The answer renderer: grammar, the threats of markdown-vectors.json, streaming. */
import { afterEach, describe, expect, it } from 'vitest';
import { MarkdownView, type MarkdownOptions } from '../../src/widget/markdown/index.ts';
import { loadable } from '../../src/widget/markdown/links.ts';
import threatFile from '../fixtures/xss/markdown-vectors.json';
import purifyFile from '../fixtures/xss/dompurify-expect.json';
import { corpora, sample } from '../support/sample.ts';
import { naughtyScripts, xssFilterSeeds } from '../support/xss-corpora.ts';
import { trapScripts } from './traps.ts';

const ALLOWED_HOST = new URL(threatFile.allowedImageOrigin).hostname;
const CANARY = threatFile.canary;
const options: MarkdownOptions = { imageHosts: [ALLOWED_HOST] };

const LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer nofollow', referrerpolicy: 'no-referrer' };
const IMAGE_ATTRIBUTES = { loading: 'lazy', decoding: 'async', referrerpolicy: 'no-referrer' };
const VOID = new Set(['br', 'hr', 'img']);
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A compact picture of a tree, HTML-like, attributes sorted. The attributes every link and
 * image carries are left out when they have their usual values (other tests check them).
 * `exact` quotes each text node, so two pictures are equal only if the text nodes are.
 */
function shape(node: Node, exact = false): string {
  if (node instanceof Text) return exact ? JSON.stringify(node.data) : escapeText(node.data);
  if (!(node instanceof Element)) return `?${node.nodeName}`;
  const tag = node.localName;
  const usual: Record<string, string> = tag === 'a' ? LINK_ATTRIBUTES : tag === 'img' ? IMAGE_ATTRIBUTES : {};
  const hideUsual = !exact && Object.entries(usual).every(([k, v]) => node.getAttribute(k) === v);
  const shown = [...node.attributes]
    .map((a): [string, string] => [a.name, a.value])
    .filter(([k]) => !(hideUsual && k in usual));
  const attributes = shown
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('');
  if (VOID.has(tag)) return `<${tag}${attributes}>`;
  return `<${tag}${attributes}>${[...node.childNodes].map((c) => shape(c, exact)).join('')}</${tag}>`;
}
const picture = (view: MarkdownView, exact = false) => [...view.root.childNodes].map((n) => shape(n, exact)).join('');

function whole(text: string, opts = options): MarkdownView {
  const view = new MarkdownView(opts);
  view.set(text);
  return view;
}

/** Streams text in the given fragments, flushing every `every` fragments, then ends. */
function streamed(fragments: readonly string[], every = 1, opts = options): MarkdownView {
  const view = new MarkdownView(opts);
  fragments.forEach((f, k) => {
    view.append(f);
    if ((k + 1) % every === 0) view.flush();
  });
  view.end();
  return view;
}

/** Fragments of 1–9 characters, from a fixed seed so every run sees the same cuts. */
function pieces(text: string, seed = 7): string[] {
  const out: string[] = [];
  for (let i = 0, x = seed; i < text.length;) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const n = 1 + (x % 9);
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

/** Where a text is cut in two: everywhere up to 1,000 characters, a few places when it is longer. */
const cuts = (length: number) =>
  length <= 1000
    ? Array.from({ length: length + 1 }, (_, i) => i)
    : [1, 2, Math.floor(length / 3), Math.floor(length / 2), length - 2, length - 1];

function depthOf(node: Node): number {
  let max = 0;
  for (const c of node.childNodes) max = Math.max(max, depthOf(c));
  return max + 1;
}

const FORBIDDEN =
  'script,iframe,object,embed,form,input,button,textarea,select,style,link,meta,base,svg,math,video,audio,source,picture,frame,frameset,template,noscript';
const ATTRIBUTES = new Set([
  'href',
  'src',
  'alt',
  'title',
  'target',
  'rel',
  'referrerpolicy',
  'loading',
  'decoding',
  'class',
  'data-lang',
  'start',
]);
const CLASSES = new Set([
  'md',
  'md-host',
  'md-image-link',
  'md-pending',
  'md-task',
  'md-left',
  'md-center',
  'md-right',
]);
const HIDDEN = /[\u{E0000}-\u{E007F}\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF\0-\x08\x0B-\x1F\x7F-\x9F]/u;
// Joiners belong inside emoji sequences and joining scripts; next to Latin text or alone they only hide.
const STRAY_JOINER = /[\u200C\u200D](?:[\0-\x7F]|$)|(?:^|[\0-\x7F])[\u200C\u200D]/;

/** Everything about a rendered tree that breaks a rule of the threat model, as sentences. */
function breaches(root: HTMLElement): string[] {
  const found: string[] = [];
  for (const e of root.querySelectorAll(FORBIDDEN)) found.push(`a <${e.localName}> element`);
  for (const e of [root, ...root.querySelectorAll('*')]) {
    for (const a of e.attributes) {
      if (!ATTRIBUTES.has(a.name)) found.push(`attribute ${a.name} on <${e.localName}>`);
      if (a.name === 'class' && !a.value.split(' ').every((c) => CLASSES.has(c))) found.push(`class "${a.value}"`);
      if (a.name === 'data-lang' && !/^[\w+#.-]{1,20}$/.test(a.value)) found.push(`data-lang "${a.value}"`);
      if (a.name === 'target' && a.value !== '_blank') found.push(`target ${a.value}`);
    }
    if (e.localName === 'a' && e.hasAttribute('href')) {
      const href = e.getAttribute('href')!;
      const rel = (e.getAttribute('rel') ?? '').split(' ');
      if (!/^(https?|mailto|tel):$/.test(URL.canParse(href) ? new URL(href).protocol : '')) found.push(`href ${href}`);
      if (e.getAttribute('target') !== '_blank' || !rel.includes('noopener') || !rel.includes('noreferrer'))
        found.push(`link without a new tab and noopener noreferrer: ${href}`);
      if (e.getAttribute('referrerpolicy') !== 'no-referrer') found.push(`link without referrerpolicy: ${href}`);
    }
    if (e.localName === 'a' && e.querySelector('a')) found.push('a link inside a link');
    if (e.localName === 'img') {
      const src = e.getAttribute('src') ?? '';
      const url = URL.canParse(src) ? new URL(src) : undefined;
      if (!url || !/^https?:$/.test(url.protocol) || url.hostname !== ALLOWED_HOST) found.push(`image from ${src}`);
      if (src.includes(CANARY)) found.push(`the canary in an image: ${src}`);
      if (e.getAttribute('referrerpolicy') !== 'no-referrer' || e.getAttribute('loading') !== 'lazy')
        found.push(`image without no-referrer and lazy loading: ${src}`);
    }
  }
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode())
    if (HIDDEN.test((n as Text).data) || STRAY_JOINER.test((n as Text).data))
      found.push(`an invisible character in ${JSON.stringify((n as Text).data.slice(0, 60))}`);
  if (depthOf(root) >= 40) found.push(`a tree ${depthOf(root)} deep`);
  return found;
}

interface Vector {
  id: string;
  category: string;
  threat: string;
  markdown?: string;
  repeat?: { unit: string; times: number };
  suffix?: string;
}
/**
 * The vector's text; a repeated one at `scale` of its length. `npm test` reads the DoS vectors and the
 * pathological shapes below at a quarter of their length — still hundreds of times deeper than the
 * renderer nests — and `npm run soak` (TEST_CORPORA=whole) at their whole length.
 */
const expand = (v: Vector, scale = 1) =>
  v.markdown ?? v.repeat!.unit.repeat(Math.ceil(v.repeat!.times * scale)) + (v.suffix ?? '');
const SCALE = corpora().whole ? 1 : 0.25;
/** `n`, at this run's scale. */
const times = (n: number) => Math.ceil(n * SCALE);
const vectors: Vector[] = threatFile.vectors;

/** Page-level traps: a dialog, a print, a CSP violation would each be recorded here. */
const sprung = trapScripts();

const pageBefore = {
  getElementById: document.getElementById,
  defaultView: document.defaultView,
  location: String(window.location),
  forms: document.forms.length,
};
const page = () => ({
  getElementById: document.getElementById,
  defaultView: document.defaultView,
  location: String(window.location),
  forms: document.forms.length,
});

/**
 * Renders in the page (so images would really load) and audits: whole, cut in two, and in
 * fragments of 1–9 characters with every render pass audited, unfinished states included.
 */
function audit(text: string): void {
  const view = new MarkdownView(options),
    live = new MarkdownView(options);
  document.body.append(view.root, live.root);
  try {
    view.set(text);
    expect(breaches(view.root)).toEqual([]);
    const expected = picture(view, true);
    for (const at of cuts(text.length))
      expect(picture(streamed([text.slice(0, at), text.slice(at)]), true), `cut at ${at}`).toBe(expected);
    // Checked after every fragment up to 2,000 characters; a longer text (the DoS vectors) every 2,000
    // fragments: each pass re-reads the open block, and those are one block tens of thousands long.
    const every = text.length > 2_000 ? 2000 : 1;
    pieces(text).forEach((fragment, k) => {
      live.append(fragment);
      if ((k + 1) % every) return;
      live.flush();
      expect(breaches(live.root), `after ${live.text.length} characters`).toEqual([]);
    });
    live.end();
    expect(picture(live, true), 'in fragments of 1–9 characters').toBe(expected);
    expect(sprung).toEqual([]);
    expect(page()).toEqual(pageBefore);
  } finally {
    view.root.remove();
    live.root.remove();
  }
}

describe('the threats of markdown-vectors.json', () => {
  it.each(vectors.filter((v) => v.category !== 'dos'))(
    '$id ($category, $threat) renders safely and streams as it renders whole',
    (v) => {
      audit(expand(v));
    },
  );

  it.each(vectors.filter((v) => v.category === 'dos'))(
    '$id finishes with a bounded tree, whole and streamed',
    { timeout: 120_000 },
    (v) => {
      audit(expand(v, SCALE));
    },
  );

  it('shows raw HTML as its own text', () => {
    for (const v of vectors.filter((v) => v.category === 'html' && !v.markdown!.includes('\n'))) {
      expect(whole(v.markdown!).root.textContent).toBe(v.markdown);
    }
  });

  it('keeps code as text and its info string only as a data-lang', () => {
    expect(picture(whole(expand(vectors.find((v) => v.id === 'C01')!)))).toBe(
      '<pre data-lang="html"><code>&lt;img src=x onerror=alert(1)></code></pre>',
    );
    expect(picture(whole(expand(vectors.find((v) => v.id === 'C03')!)))).toBe('<pre><code>x</code></pre>');
    expect(picture(whole(expand(vectors.find((v) => v.id === 'C04')!)))).toBe(
      '<pre data-lang="js"><code>x</code></pre>',
    );
  });

  it('renders a link whose scheme is not allowed as its text', () => {
    const texts: Record<string, string> = {
      L01: 'click',
      L02: 'click',
      L03: 'click',
      L04: 'click',
      L05: 'click',
      L06: 'click',
      L07: 'click',
      L08: 'click',
      L13: 'file',
      L14: 'x',
    };
    for (const [id, text] of Object.entries(texts))
      expect(picture(whole(expand(vectors.find((v) => v.id === id)!))), id).toBe(`<p>${text}</p>`);
  });

  it('names the real host of a link whose text shows another', () => {
    expect(picture(whole(expand(vectors.find((v) => v.id === 'K05')!)))).toBe(
      '<p><a href="https://attacker.invalid/login">https://bank.test/login<span class="md-host">attacker.invalid</span></a></p>',
    );
  });

  it("names no host for a link to the page's own site, with or without www", () => {
    const own = location.host;
    expect(picture(whole(`[12 Oak St](http://${own}/homes/1) and [the agency](http://www.${own}/)`))).toBe(
      `<p><a href="http://${own}/homes/1">12 Oak St</a> and <a href="http://www.${own}/">the agency</a></p>`,
    );
    expect(picture(whole('[the listing](https://www.h.test/x)'))).toBe(
      '<p><a href="https://www.h.test/x">the listing<span class="md-host">h.test</span></a></p>',
    );
  });

  it("takes this machine's names for one: a page at one of them names no host for links to the others on its port", () => {
    // The demo site opened at 127.0.0.1 links to listing pages made under localhost (PUBLIC_URL's default).
    expect(['localhost', '127.0.0.1', '[::1]']).toContain(location.hostname);
    const port = location.port;
    const notes = (md: string) =>
      [...whole(md).root.querySelectorAll('a')].map((a) => a.querySelector('.md-host')?.textContent ?? '');
    expect(
      notes(
        `[a](http://localhost:${port}/homes/1) [b](http://127.0.0.1:${port}/homes/2) [c](http://[::1]:${port}/homes/3)`,
      ),
    ).toEqual(['', '', '']);
    // Another port is another server; a name that only starts like one is another host.
    expect(
      notes(`[d](http://127.0.0.1:1/x) [e](http://localhost.evil.test:${port}/x) [f](http://127.0.0.10:${port}/x)`),
    ).toEqual(['127.0.0.1:1', `localhost.evil.test:${port}`, `127.0.0.10:${port}`]);
  });

  it("loads photos from the service's own origin by any of this machine's names, and not from another port", () => {
    expect(loadable(new URL('http://localhost:8787/demo/photos/home-1.svg'), ['http://127.0.0.1:8787'])).toBe(true);
    expect(loadable(new URL('http://127.0.0.1:8787/demo/photos/home-1.svg'), ['http://[::1]:8787'])).toBe(true);
    expect(loadable(new URL('http://localhost:8788/p.svg'), ['http://127.0.0.1:8787'])).toBe(false);
    expect(loadable(new URL('https://localhost:8787/p.svg'), ['http://127.0.0.1:8787'])).toBe(false);
    expect(loadable(new URL('http://localhost.evil.test:8787/p.svg'), ['http://localhost:8787'])).toBe(false);
  });

  it("names a host once in a list, except where a link's text shows an address", () => {
    const list =
      '- [12 Oak St](https://h.test/1)\n- [9 Elm St](https://h.test/2)\n- [the map](https://maps.test/x)\n- [https://h.test/3](https://h.test/4)\n- [3 Ash Rd](https://h.test/5)';
    const notes = [...whole(list).root.querySelectorAll('li')].map(
      (li) => li.querySelector('.md-host')?.textContent ?? '',
    );
    expect(notes).toEqual(['h.test', '', 'maps.test', 'h.test', '']);
    // Streamed a fragment at a time, the list ends the same.
    const live = new MarkdownView(options);
    for (const c of list) live.append(c);
    live.end();
    expect(picture(live)).toBe(picture(whole(list)));
  });

  it('turns images from other hosts into links, and loads none through a redirecting URL', () => {
    expect(picture(whole(expand(vectors.find((v) => v.id === 'I06')!)))).toBe(
      '<p><a class="md-image-link" href="https://img.allowed.test@attacker.invalid/p.png">x<span class="md-host">attacker.invalid</span></a></p>',
    );
    expect(whole(expand(vectors.find((v) => v.id === 'I09')!)).root.querySelector('img')).toBeNull();
    expect(whole('![x](https://img.allowed.test/a.png)').root.querySelector('img')?.getAttribute('src')).toBe(
      'https://img.allowed.test/a.png',
    );
  });

  it('removes invisible characters but keeps the joiners of emoji and joining scripts', () => {
    expect(whole('pay\u200Bpal\u200D.test').root.textContent).toBe('paypal.test');
    expect(whole('Please ignore this\u{E0020}\u{E0061} sentence.').root.textContent).toBe(
      'Please ignore this sentence.',
    );
    expect(whole('\u202Egnp.exe &#x202E;&#8203;x').root.textContent).toBe('gnp.exe x');
    expect(whole('family 👨\u200D👩\u200D👧 and می\u200Cخواهم').root.textContent).toBe(
      'family 👨\u200D👩\u200D👧 and می\u200Cخواهم',
    );
    expect(whole('rtl \u200Fmark').root.textContent).toBe('rtl \u200Fmark');
  });
});

describe('the payloads of dompurify-expect.json, read as Markdown', () => {
  const named = purifyFile.entries.map((e, k): [string, string] => [
    `${k}: ${'title' in e ? e.title : e.payload.slice(0, 50)}`,
    e.payload,
  ]);
  it.each(named)('%s — renders safely and streams as it renders whole', (_name, payload) => {
    audit(payload);
  });
});

describe('the script injections of the Big List of Naughty Strings', () => {
  it('has them all', () => {
    expect(naughtyScripts.length).toBeGreaterThan(100);
  });
  it.each(naughtyScripts.map((text, k) => [k, text] as const))(
    '%i: %s — renders safely and cut anywhere as it renders whole',
    (_k, text) => {
      audit(text);
    },
  );
});

describe("xss-filters' fuzz seeds", () => {
  it('has them all', () => {
    expect(xssFilterSeeds.length).toBeGreaterThan(150);
  });
  it.each(xssFilterSeeds.map((text, k) => [k, text] as const))(
    '%i: %s — renders safely and cut anywhere as it renders whole',
    (_k, text) => {
      audit(text);
    },
  );
});

describe('pathological input beyond the DoS vectors', () => {
  const shapes: [string, string][] = [
    ['unclosed openers, shown closed while streaming', '*a '.repeat(times(8000))],
    ['emphasis nested thousands deep', '*1 '.repeat(times(4000)) + ' 1*'.repeat(times(4000))],
    ['two long delimiter runs', '*'.repeat(times(20000)) + 'x' + '*'.repeat(times(20000))],
    ['mixed openers and closers', '*a _b '.repeat(times(3000)) + 'c_ d*'.repeat(times(3000))],
    ['references nested thousands deep', '['.repeat(times(5000)) + '][r]'.repeat(times(5000))],
    ['unfinished links', '[a]('.repeat(times(8000))],
    ['unfinished titles', '[a](b "'.repeat(times(5000))],
    ['code span runs of every length', '`a`` '.repeat(times(8000))],
    ['thousands of references defined at the end', '[a] '.repeat(times(8000)) + '\n\n[a]: https://h.test/'],
    ['a one-line list of list markers', '- '.repeat(times(8000)) + 'x'],
    [
      'a wide table',
      '|a'.repeat(times(2000)) + '|\n' + '|-'.repeat(times(2000)) + '|\n' + '|b'.repeat(times(2000)) + '|',
    ],
  ];

  it.each(shapes)('completes %s with a bounded tree, whole and streamed', { timeout: 120_000 }, (_name, text) => {
    const view = whole(text);
    expect(depthOf(view.root)).toBeLessThan(40);
    expect(picture(streamed(text.match(/[^]{1,997}/g)!, 1), true)).toBe(picture(view, true));
  });
});

describe('random Markdown', () => {
  // Tokens that start, end or break every construct, and some hostile ones.
  const TOKENS = [
    'text',
    'more words',
    ' ',
    ' ',
    '\n',
    '\n',
    '\n\n',
    '*',
    '**',
    '_',
    '__',
    '~~',
    '`',
    '``',
    '```',
    '~~~',
    '[',
    ']',
    '(',
    ')',
    '![',
    '<',
    '>',
    '- ',
    '* ',
    '1. ',
    '2) ',
    '> ',
    '# ',
    '### ',
    '|',
    '| a | b |',
    '|---|:-:|',
    '---',
    '    ',
    '\t',
    '  ',
    '\\',
    '&amp;',
    '&#x202E;',
    '&copy',
    'https://h.test/a_(b)',
    'javascript:alert(1)',
    'https://attacker.invalid/x?d=CANARY-7f3a91',
    'https://img.allowed.test/i.png',
    '"title"',
    '[r]',
    '[r]: https://h.test/r\n',
    '[x][r]',
    '[ ] ',
    '[x] ',
    '\u200D',
    '\u202E',
    '👨\u200D👩',
    'می\u200Cخواهم',
    '<https://h.test/>',
    '<b>',
  ];
  // 150 documents; `npm test` takes 50 of them (XSS_SEED), `npm run soak` all.
  const all = Array.from({ length: 150 }, (_, k) => {
    let x = k + 1,
      text = '';
    for (let n = 4 + (k % 40); n > 0; n--) {
      x = (x * 1103515245 + 12345) % 2147483648;
      text += TOKENS[x % TOKENS.length];
    }
    return text;
  });
  const taken = corpora();
  const documents = taken.whole ? all : sample(all, 50, taken.xssSeed);

  it(
    'streams every random document as it renders whole, cut anywhere, and safely at every pass',
    { timeout: 60_000 },
    () => {
      for (const text of documents) {
        const expected = picture(whole(text), true);
        for (const at of cuts(text.length))
          expect(
            picture(streamed([text.slice(0, at), text.slice(at)]), true),
            `${JSON.stringify(text)} cut at ${at}`,
          ).toBe(expected);
        const live = new MarkdownView(options);
        for (const fragment of pieces(text, text.length)) {
          live.append(fragment);
          live.flush();
          expect(breaches(live.root), JSON.stringify(live.text)).toEqual([]);
        }
        live.end();
        expect(picture(live, true), JSON.stringify(text)).toBe(expected);
        expect(breaches(live.root)).toEqual([]);
      }
    },
  );
});

describe('the renderer source', () => {
  const sources = import.meta.glob('../../src/widget/markdown/*.ts', { query: '?raw', import: 'default', eager: true });

  it('parses no markup: it builds with createElement and createTextNode only', () => {
    const files = Object.entries(sources);
    expect(files.length).toBeGreaterThan(3);
    for (const [path, source] of files) {
      expect(String(source), path).not.toMatch(
        /innerHTML|outerHTML|insertAdjacentHTML|DOMParser|createContextualFragment|document\.write|srcdoc|setHTML|\.style\b|setAttribute\(['"](?:on|style|id|name)/,
      );
    }
  });

  it('imports nothing from outside its folder', () => {
    for (const [path, source] of Object.entries(sources)) {
      for (const [, from] of String(source).matchAll(/from '([^']+)'/g)) expect(from, path).toMatch(/^\.\/[\w-]+\.ts$/);
    }
  });
});

describe('the grammar', () => {
  const L = (href: string, text: string, host = '') =>
    `<a href="${href}">${text}${host && `<span class="md-host">${host}</span>`}</a>`;
  const cases: [string, string, string][] = [
    ['paragraphs and soft breaks', 'one\ntwo\n\nthree', '<p>one\ntwo</p><p>three</p>'],
    ['hard breaks', 'a  \nb\\\nc', '<p>a<br>b<br>c</p>'],
    ['ATX headings', '# One\n###### Six ##\n#hashtag', '<h1>One</h1><h6>Six</h6><p>#hashtag</p>'],
    ['thematic breaks', 'a\n\n---\n* * *\n___', '<p>a</p><hr><hr><hr>'],
    [
      'fenced code',
      '```js\nlet a = 1 < 2;\n\n```\n~~~\n```\n~~~',
      '<pre data-lang="js"><code>let a = 1 &lt; 2;\n</code></pre><pre><code>```</code></pre>',
    ],
    ['an unclosed fence runs to the end', '```py\nx = 1', '<pre data-lang="py"><code>x = 1</code></pre>'],
    ['indented code', '    a\n\n    b\n\nc', '<pre><code>a\n\nb</code></pre><p>c</p>'],
    ['indentation inside a paragraph', 'a\n    b', '<p>a\nb</p>'],
    [
      'nested blockquotes and lazy lines',
      '> a\n> > b\nlazy',
      '<blockquote><p>a</p><blockquote><p>b\nlazy</p></blockquote></blockquote>',
    ],
    ['tight bullet lists', '- a\n- b\n\nc', '<ul><li>a</li><li>b</li></ul><p>c</p>'],
    ['loose bullet lists', '* a\n\n* b', '<ul><li><p>a</p></li><li><p>b</p></li></ul>'],
    [
      'ordered lists with their start',
      '3. a\n4. b\n\n1) c',
      '<ol start="3"><li>a</li><li>b</li></ol><ol><li>c</li></ol>',
    ],
    [
      'nested lists',
      '- a\n  - b\n    1. c\n- d',
      '<ul><li>a<ul><li>b<ol><li>c</li></ol></li></ul></li><li>d</li></ul>',
    ],
    ['a new marker starts a new list', '- a\n+ b', '<ul><li>a</li></ul><ul><li>b</li></ul>'],
    ['an ordered list interrupts a paragraph only from 1', 'a\n2. b\n1. c', '<p>a\n2. b</p><ol><li>c</li></ol>'],
    ['task items', '- [ ] todo\n- [x] done', '<ul><li class="md-task">☐ todo</li><li class="md-task">☑ done</li></ul>'],
    [
      'list items holding code and quotes',
      '- a\n\n  ```\n  x\n  ```\n- > q',
      '<ul><li><p>a</p><pre><code>x</code></pre></li><li><blockquote><p>q</p></blockquote></li></ul>',
    ],
    [
      'tables with alignment',
      'intro\n| a | b | c |\n|:-|:-:|-:|\n| 1 | `x \\| y` |\nafter',
      '<p>intro</p><table><thead><tr><th class="md-left">a</th><th class="md-center">b</th><th class="md-right">c</th></tr></thead><tbody><tr><td class="md-left">1</td><td class="md-center"><code>x | y</code></td><td class="md-right"></td></tr><tr><td class="md-left">after</td><td class="md-center"></td><td class="md-right"></td></tr></tbody></table>',
    ],
    ['no table without a pipe', 'a\n---', '<p>a</p><hr>'],
    [
      'emphasis, strong and strikethrough',
      '*a* _b_ **c** __d__ ~~e~~ ***f***',
      '<p><em>a</em> <em>b</em> <strong>c</strong> <strong>d</strong> <del>e</del> <em><strong>f</strong></em></p>',
    ],
    ['intraword underscores and lone delimiters', 'snake_case_name 2 * 3 ~5 **', '<p>snake_case_name 2 * 3 ~5 **</p>'],
    ['unmatched delimiters as text', '**a *b', '<p>**a *b</p>'],
    ['code spans', '`a` ``b ` c`` ` d `', '<p><code>a</code> <code>b ` c</code> <code>d</code></p>'],
    ['backslash escapes', '\\*a\\* \\[b\\] \\\\ \\q', '<p>*a* [b] \\ \\q</p>'],
    ['entities', '&amp; &copy; &mdash; &#35; &#x263A; &bogus; &#0;', '<p>&amp; © — # ☺ &amp;bogus; \uFFFD</p>'],
    ['raw HTML as text', '<b onclick="x">b</b>', '<p>&lt;b onclick="x">b&lt;/b></p>'],
    [
      'inline links with titles and balanced parentheses',
      '[t](https://h.test/a(b)c "T") [u](<https://h.test/a b>)',
      `<p><a href="https://h.test/a(b)c" title="T">t<span class="md-host">h.test</span></a> ${L('https://h.test/ab', 'u', 'h.test')}</p>`,
    ],
    [
      'links whose text is their host or URL',
      '[h.test](https://h.test/) [https://h.test/x](https://h.test/x)',
      `<p>${L('https://h.test/', 'h.test')} ${L('https://h.test/x', 'https://h.test/x')}</p>`,
    ],
    ['emphasis inside links', '[**b** c](mailto:a@h.test)', `<p>${L('mailto:a@h.test', '<strong>b</strong> c')}</p>`],
    ['tel links', '[call](tel:+15551234)', `<p>${L('tel:+15551234', 'call')}</p>`],
    [
      'full, collapsed and shortcut references',
      '[a][R] [b][] [b]\n\n[r]: https://h.test/r "T"\n[b]: https://h.test/b',
      `<p><a href="https://h.test/r" title="T">a<span class="md-host">h.test</span></a> ${L('https://h.test/b', 'b', 'h.test')} ${L('https://h.test/b', 'b', 'h.test')}</p>`,
    ],
    ['undefined references as text', '[a][nope] [x]', '<p><span>[a][nope]</span> <span>[x]</span></p>'],
    [
      'autolinks',
      '<https://h.test/a> <mailto:me@h.test> <h.test>',
      `<p>${L('https://h.test/a', 'https://h.test/a')} ${L('mailto:me@h.test', 'mailto:me@h.test')} &lt;h.test></p>`,
    ],
    [
      'bare URLs',
      'see https://h.test/a_(b). and (https://h.test/c), xhttps://no',
      `<p>see ${L('https://h.test/a_(b)', 'https://h.test/a_(b)')}. and (${L('https://h.test/c', 'https://h.test/c')}), xhttps://no</p>`,
    ],
    ['no bare URLs in code', '`https://h.test/`', '<p><code>https://h.test/</code></p>'],
    [
      'images from allowed hosts',
      '![a *cat*](https://img.allowed.test/c.png "T")',
      '<p><img alt="a cat" src="https://img.allowed.test/c.png" title="T"></p>',
    ],
    [
      'images from other hosts as links',
      '![cat](https://h.test/c.png) ![](https://h.test/d.png) ![x](rel.png)',
      '<p><a class="md-image-link" href="https://h.test/c.png">cat<span class="md-host">h.test</span></a> <a class="md-image-link" href="https://h.test/d.png">https://h.test/d.png</a> x</p>',
    ],
    [
      'images inside links',
      '[![cat](https://img.allowed.test/c.png)](https://h.test/)',
      `<p>${L('https://h.test/', '<img alt="cat" src="https://img.allowed.test/c.png">', 'h.test')}</p>`,
    ],
    [
      'no link inside a link',
      '[a <https://b.test/> c](https://h.test/)',
      `<p>${L('https://h.test/', 'a https://b.test/ c', 'h.test')}</p>`,
    ],
    ['definitions render nothing', '[r]: https://h.test/', ''],
  ];

  it.each(cases)('renders %s', (_name, markdown, expected) => {
    expect(picture(whole(markdown))).toBe(expected);
  });

  it.each(cases)('streams %s as it renders whole', (_name, markdown) => {
    const expected = picture(whole(markdown), true);
    for (const at of cuts(markdown.length))
      expect(picture(streamed([markdown.slice(0, at), markdown.slice(at)]), true)).toBe(expected);
    expect(picture(streamed(pieces(markdown)), true)).toBe(expected);
  });

  it('loads images from exact hosts and from subdomains of wildcard patterns, not their apex', () => {
    const view = whole(
      '![a](https://IMG.example.test/a.png) ![b](https://x.cdn.test/b.png) ![c](https://cdn.test/c.png) ![d](http://y.x.cdn.test/d.png)',
      { imageHosts: ['img.example.test', '*.cdn.test'] },
    );
    expect([...view.root.querySelectorAll('img')].map((i) => i.alt)).toEqual(['a', 'b', 'd']);
    expect(view.root.querySelector('.md-image-link')?.textContent).toBe('ccdn.test');
  });

  it('caps nesting: deep quotes, lists and emphasis fall back to text', () => {
    const quotes = whole('>'.repeat(30) + ' x');
    expect(quotes.root.querySelectorAll('blockquote').length).toBeLessThanOrEqual(12);
    expect(quotes.root.textContent).toContain('>>> x');
    const lists = whole(Array.from({ length: 30 }, (_, k) => '  '.repeat(k) + '- x').join('\n'));
    expect(depthOf(lists.root)).toBeLessThan(40);
    const stars = whole('*'.repeat(200) + 'x' + '*'.repeat(200));
    expect(depthOf(stars.root)).toBeLessThan(40);
    expect(stars.root.textContent).toContain('x');
  });
});

describe('streaming', () => {
  let view: MarkdownView;
  afterEach(() => view.root.remove());

  it('grows the DOM as fragments arrive', () => {
    view = new MarkdownView(options);
    view.append('# Ti');
    view.flush();
    expect(picture(view)).toBe('<h1>Ti</h1>');
    view.append('tle\n\nSome ');
    view.flush();
    expect(picture(view)).toBe('<h1>Title</h1><p>Some</p>');
    view.append('text.');
    view.end();
    expect(picture(view)).toBe('<h1>Title</h1><p>Some text.</p>');
    expect(view.text).toBe('# Title\n\nSome text.');
  });

  it('keeps the nodes of finished blocks while later fragments arrive', () => {
    view = new MarkdownView(options);
    view.append('# Title\n\nFirst paragraph.\n\n- one\n');
    view.flush();
    const [heading, paragraph] = [...view.root.children];
    view.append('- two\n\nLast **words');
    view.flush();
    view.append('** here.');
    view.end();
    expect(view.root.children[0]).toBe(heading);
    expect(view.root.children[1]).toBe(paragraph);
    expect(picture(view)).toBe(
      '<h1>Title</h1><p>First paragraph.</p><ul><li>one</li><li>two</li></ul><p>Last <strong>words</strong> here.</p>',
    );
  });

  it('shows unclosed emphasis and code as closed at the end until the block is finished', () => {
    view = new MarkdownView(options);
    view.append('Say **hello *you ~~x');
    view.flush();
    expect(picture(view)).toBe('<p>Say <strong>hello <em>you <del>x</del></em></strong></p>');
    view.append(' `a');
    view.flush();
    expect(picture(view)).toBe('<p>Say <strong>hello <em>you <del>x <code>a</code></del></em></strong></p>');
    view.end();
    expect(picture(view)).toBe('<p>Say **hello *you ~~x `a</p>');
  });

  it('shows an unclosed fence as code while it streams', () => {
    view = new MarkdownView(options);
    view.append('```ts\nconst a = 1;\n``');
    view.flush();
    expect(picture(view)).toBe('<pre data-lang="ts"><code>const a = 1;\n``</code></pre>');
  });

  it('shows a link still being written as its text without a destination', () => {
    view = new MarkdownView(options);
    view.append('See [the docs](https://h.te');
    view.flush();
    expect(picture(view)).toBe('<p>See <a class="md-pending">the docs</a></p>');
    view.append('st/x "Title');
    view.flush();
    expect(view.root.querySelector('a')?.hasAttribute('href')).toBe(false);
    view.append('")');
    view.flush();
    expect(picture(view)).toBe(
      '<p>See <a href="https://h.test/x" title="Title">the docs<span class="md-host">h.test</span></a></p>',
    );
  });

  it('requests no image before its URL is complete', () => {
    view = new MarkdownView(options);
    document.body.append(view.root);
    view.append('A cat: ![cat](https://img.allowed.test/cat.pn');
    view.flush();
    expect(picture(view)).toBe('<p>A cat: </p>');
    view.append('g)');
    view.flush();
    expect(view.root.querySelector('img')?.getAttribute('src')).toBe('https://img.allowed.test/cat.png');
    expect(performance.getEntriesByType('resource').map((e) => e.name)).not.toContain(
      'https://img.allowed.test/cat.pn',
    );
  });

  it('does not link a bare URL that may still be growing', () => {
    view = new MarkdownView(options);
    view.append('Go to https://h.te');
    view.flush();
    expect(view.root.querySelector('a')).toBeNull();
    view.append('st now');
    view.flush();
    expect(view.root.querySelector('a')?.getAttribute('href')).toBe('https://h.test/');
  });

  it('upgrades a reference in place when its definition arrives later', () => {
    view = new MarkdownView(options);
    view.append('Read [the guide][g] and [this][x].\n\nMore.\n\n');
    view.flush();
    const paragraph = view.root.firstElementChild;
    expect(paragraph?.textContent).toBe('Read [the guide][g] and [this][x].');
    view.append('[g]: https://h.test/guide "Guide"\n[x]: javascript:alert(1)');
    view.end();
    expect(view.root.firstElementChild).toBe(paragraph);
    expect(picture(view)).toBe(
      '<p>Read <a href="https://h.test/guide" title="Guide">the guide<span class="md-host">h.test</span></a> and this.</p><p>More.</p>',
    );
    expect(picture(view, true)).toBe(picture(whole(view.text), true));
  });

  it('renders once per animation frame', async () => {
    view = new MarkdownView({ imageHosts: [] });
    // A pass puts the open block in at once: one record that adds nodes.
    const records: MutationRecord[] = [];
    const observer = new MutationObserver((taken) => records.push(...taken));
    observer.observe(view.root, { childList: true });
    const passes = () => (records.push(...observer.takeRecords()), records.filter((r) => r.addedNodes.length).length);
    view.append('a');
    view.append(' b');
    view.append(' c');
    expect(passes()).toBe(0);
    await new Promise(requestAnimationFrame);
    await new Promise(requestAnimationFrame);
    expect(passes()).toBe(1);
    expect(picture(view)).toBe('<p>a b c</p>');
    observer.disconnect();
  });

  it('shows an unfinished block over 50,000 characters as plain text until it is finished', () => {
    view = new MarkdownView(options);
    const text = 'a **b** '.repeat(7000);
    view.append(text);
    view.flush();
    expect(view.root.querySelector('strong')).toBeNull();
    expect(view.root.textContent).toBe(text);
    view.end();
    expect(view.root.querySelectorAll('strong')).toHaveLength(7000);
  });

  it('replaces everything on set', () => {
    view = new MarkdownView(options);
    view.append('old [r]\n\n');
    view.set('new [r]\n\n[r]: https://h.test/');
    expect(picture(view)).toBe(`<p>new <a href="https://h.test/">r<span class="md-host">h.test</span></a></p>`);
    expect(view.text).toBe('new [r]\n\n[r]: https://h.test/');
  });

  it('streams a typical answer exactly as it renders whole, however it is cut', () => {
    const answer = [
      '## Homes under **$500k** in Austin',
      '',
      'I found *three* matches ([source][s]):',
      '',
      '1. **1 Zebra Ln** — 4 bd / 3 ba, $615,000',
      '   ![photo](https://img.allowed.test/1.jpg)',
      '2. [2 Oak St](https://listings.h.test/2) - ~~$480k~~ $450k',
      '',
      '| Address | Price |',
      '|---|--:|',
      '| 1 Zebra Ln | $615k |',
      '',
      '> Prices change daily.  ',
      '> Check https://listings.h.test/ for more.',
      '',
      '```json',
      '{ "beds": 4 }',
      '```',
      '',
      '[s]: https://h.test/mls',
    ].join('\n');
    const expected = picture(whole(answer), true);
    for (const at of cuts(answer.length))
      expect(picture(streamed([answer.slice(0, at), answer.slice(at)]), true), `cut at ${at}`).toBe(expected);
    for (const seed of [1, 2, 3]) expect(picture(streamed(pieces(answer, seed)), true)).toBe(expected);
    view = whole(answer);
  });
});

describe('fence renderers (listing cards)', () => {
  let view: MarkdownView;
  afterEach(() => view.root.remove());

  /** A renderer that records each call and shows the lines it got. */
  function recorder() {
    const calls: { lines: string[]; final: boolean; reused: boolean }[] = [];
    const fence = (lines: readonly string[], final: boolean, made: HTMLElement | undefined) => {
      calls.push({ lines: [...lines], final, reused: made !== undefined });
      const el = made ?? document.createElement('x-fence');
      el.textContent = lines.join('|');
      return el;
    };
    return { calls, fence };
  }

  it('renders a top-level block with its info string, one element from its first line to its last', () => {
    const { calls, fence } = recorder();
    view = new MarkdownView({ ...options, fences: { cards: fence } });
    view.append('Homes:\n\n```cards\n{"a"');
    view.flush();
    const first = view.root.querySelector('x-fence')!;
    expect(first.textContent).toBe('{"a"');
    view.append(':1}\n{"b":2}\n```\n\nMore ');
    view.flush();
    view.append('text.');
    view.end();
    expect(view.root.querySelector('x-fence')).toBe(first);
    expect(first.textContent).toBe('{"a":1}|{"b":2}');
    expect(picture(view)).toBe('<p>Homes:</p><x-fence>{"a":1}|{"b":2}</x-fence><p>More text.</p>');
    expect(calls.at(-1)).toMatchObject({ final: true, reused: true });
    expect(calls.slice(0, -1).every((c) => !c.final)).toBe(true);
    expect(calls.filter((c) => !c.reused)).toHaveLength(1);
  });

  it('keeps each block its own element, and a block at the very end is final only at the end', () => {
    const { calls, fence } = recorder();
    view = new MarkdownView({ ...options, fences: { cards: fence } });
    view.append('```cards\n1\n```\n\ntext\n\n```cards\n2\n```');
    view.flush();
    expect(calls.at(-1)!.final).toBe(false);
    view.end();
    const els = [...view.root.querySelectorAll('x-fence')];
    expect(els.map((e) => e.textContent)).toEqual(['1', '2']);
    expect(calls.filter((c) => !c.reused)).toHaveLength(2);
    expect(calls.filter((c) => c.final).map((c) => c.lines)).toEqual([['1'], ['2']]);
    // History: the same text set at once gives the same picture.
    const again = new MarkdownView({ ...options, fences: { cards: recorder().fence } });
    again.set(view.text);
    expect(again.root.innerHTML).toBe(view.root.innerHTML);
  });

  it('leaves code alone: other info strings, nested fences, and names the object prototype has', () => {
    const { calls, fence } = recorder();
    view = new MarkdownView({ ...options, fences: { cards: fence } });
    view.set(
      '```js\nx\n```\n\n- ```cards\n  y\n  ```\n\n> ```cards\n> z\n> ```\n\n```constructor\nw\n```\n\n```toString\nv\n```',
    );
    expect(calls).toEqual([]);
    expect(view.root.querySelectorAll('pre')).toHaveLength(5);
  });
});

describe('the page after all of the above', () => {
  it('requested nothing from the attacker origin and carried the canary nowhere', async () => {
    await new Promise(requestAnimationFrame);
    const requested = performance.getEntriesByType('resource').map((e) => e.name);
    expect(
      requested.filter((name) => name.includes(new URL(threatFile.attackerOrigin).hostname) || name.includes(CANARY)),
    ).toEqual([]);
    expect(sprung).toEqual([]);
  });
});
