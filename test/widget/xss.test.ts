/**
 * The vectors of test/fixtures/xss through the whole path — the model, the service, the stream,
 * the widget — whole and split into fragments at several offsets, then restored from history:
 * no script runs, nothing is requested from another origin, and every split renders the same.
 *
 * `npm test` takes every vector whose text crosses the wire unlike the others (line breaks,
 * characters outside ASCII: stressesTransport) and a quarter of each category's others, drawn by
 * XSS_SEED; the denial-of-service vectors only with TEST_CORPORA=whole (`npm run soak`), since
 * markdown.test.ts renders each of them whole, cut in two and in small fragments in every run.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import vectors from '../fixtures/xss/markdown-vectors.json';
import { corpora, sample, stressesTransport } from '../support/sample.ts';
import {
  apiOrigin,
  answered,
  messages,
  mount,
  newChatbot,
  open,
  script,
  token,
  type,
  unmountAll,
  until,
} from './harness.ts';

interface Vector {
  id: string;
  category: string;
  threat: string;
  markdown?: string;
  repeat?: { unit: string; times: number };
  suffix?: string;
}

const source = (v: Vector) => v.markdown ?? `${v.repeat!.unit.repeat(v.repeat!.times)}${v.suffix ?? ''}`;

const every = (vectors as { vectors: Vector[] }).vectors;
const { whole, xssSeed } = corpora();
function sampled(): Vector[] {
  const categories = [...new Set(every.map((v) => v.category))].filter((c) => c !== 'dos');
  const chosen = new Set(every.filter((v) => v.category !== 'dos' && stressesTransport(source(v))));
  for (const [k, category] of categories.entries()) {
    const others = every.filter((v) => v.category === category && !chosen.has(v));
    for (const v of sample(others, Math.ceil(others.length / 4), xssSeed + k)) chosen.add(v);
  }
  return every.filter((v) => chosen.has(v));
}
const run = whole ? every : sampled();
const calls: string[] = [];
const violations: string[] = [];
const trapped = ['alert', 'confirm', 'prompt', 'print'] as const;
const originals = new Map<string, unknown>();
const onViolation = (e: SecurityPolicyViolationEvent) => violations.push(`${e.violatedDirective} ${e.blockedURI}`);

beforeAll(() => {
  for (const name of trapped) {
    originals.set(name, window[name]);
    Object.defineProperty(window, name, { configurable: true, value: () => void calls.push(name) });
  }
  document.addEventListener('securitypolicyviolation', onViolation);
});
afterAll(() => {
  for (const name of trapped) Object.defineProperty(window, name, { configurable: true, value: originals.get(name) });
  document.removeEventListener('securitypolicyviolation', onViolation);
});
afterEach(unmountAll);

/** The answer's DOM as a string (structure, attributes and text), for comparing renders. */
function serialize(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
  if (!(node instanceof Element)) return '';
  const attrs = [...node.attributes]
    .map((a) => `${a.name}=${JSON.stringify(a.value)}`)
    .sort()
    .join(' ');
  return `<${node.localName}${attrs ? ` ${attrs}` : ''}>${[...node.childNodes].map(serialize).join('')}</${node.localName}>`;
}

const answerDom = (bot: Parameters<typeof messages>[0], index: number) =>
  messages(bot)[index]!.shadowRoot!.querySelector('.content')!;

function checkInert(root: Element): void {
  for (const el of root.querySelectorAll('*')) {
    expect(
      ['script', 'iframe', 'object', 'embed', 'form', 'style', 'link', 'meta', 'base', 'svg', 'math'],
      `<${el.localName}>`,
    ).not.toContain(el.localName);
    for (const a of el.attributes) expect(a.name.startsWith('on'), `${el.localName} ${a.name}`).toBe(false);
    const href = el.getAttribute('href');
    if (href !== null) expect(['http:', 'https:', 'mailto:', 'tel:']).toContain(new URL(href).protocol);
    if (el.localName === 'a')
      expect([el.getAttribute('target'), el.getAttribute('rel')?.split(' ').sort().join(' ')]).toEqual([
        '_blank',
        'nofollow noopener noreferrer',
      ]);
    if (el.localName === 'img') expect(new URL(el.getAttribute('src')!).hostname).toBe('img.allowed.test');
  }
}

/** Splits `text` into the fragments the model sends: whole, in two at two offsets, and in 5-character pieces. */
function splits(text: string): string[][] {
  const at = (f: number) => Math.max(1, Math.floor(text.length * f));
  const pieces: string[] = [];
  for (let i = 0; i < text.length; i += 5) pieces.push(text.slice(i, i + 5));
  const out = [
    [text],
    [text.slice(0, at(0.37)), text.slice(at(0.37))],
    [text.slice(0, at(0.71)), text.slice(at(0.71))],
  ];
  if (text.length <= 20_000) out.push(pieces);
  return out.filter((s) => s.every((p) => p.length > 0));
}

describe('every XSS vector, streamed through the service into the widget', () => {
  let serial: string;
  beforeAll(async () => {
    serial = await newChatbot({ Model: 'scripted' });
  });

  it.each(run.map((v) => [v.id, v] as const))(
    '%s renders inert, the same however it is split, and from history',
    async (_id, vector) => {
      const text = source(vector);
      const bot = await mount(serial, { 'image-hosts': 'img.allowed.test' });
      await bot.clearHistory();
      await open(bot);
      const renders: string[] = [];
      for (const [n, chunks] of splits(text).entries()) {
        const t = token();
        await script(t, { text, chunks });
        await type(bot, `Vector ${vector.id} ${t}`);
        await answered(bot, n + 1);
        const dom = answerDom(bot, n * 2 + 1);
        checkInert(dom);
        renders.push(serialize(dom));
      }
      expect(new Set(renders).size).toBe(1);
      // From history, drawn again from the stored text.
      unmountAll();
      const again = await mount(serial, { 'image-hosts': 'img.allowed.test' });
      await open(again);
      await until(() => messages(again).length === renders.length * 2 && answerDom(again, 1).firstChild);
      checkInert(answerDom(again, 1));
      expect(serialize(answerDom(again, 1))).toBe(renders[0]);
      expect(calls).toEqual([]);
      expect(violations).toEqual([]);
      const leaked = performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((url) => /attacker\.invalid|CANARY-7f3a91/i.test(url));
      expect(leaked).toEqual([]);
      await again.clearHistory();
    },
    60_000,
  );
});

describe('requests the widget makes', () => {
  it('go only to the service, the page and allowed image hosts', () => {
    const allowed = new Set([
      new URL(apiOrigin()).origin,
      location.origin,
      'https://img.allowed.test',
      'http://img.allowed.test',
    ]);
    const elsewhere = performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).origin)
      .filter((o) => !allowed.has(o) && !o.startsWith('http://127.0.0.1'));
    expect(elsewhere).toEqual([]);
  });
});
