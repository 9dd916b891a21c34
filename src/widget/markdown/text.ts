/** Character-level rules shared by the block and inline parsers: invisible characters, escapes, entities. */

// Characters that hide, smuggle or reorder text: C0/C1 controls (not tab or line feed), zero-width
// space, word joiner, BOM, bidi embeddings, overrides and isolates, and Unicode tags (U+E0000–E007F).
const HIDDEN = /[\0-\x08\x0B-\x1F\x7F-\x9F\u200B\u2060\uFEFF\u202A-\u202E\u2066-\u2069]|\uDB40[\uDC00-\uDC7F]/g;
// ZWNJ and ZWJ shape emoji sequences and the letters of joining or conjunct-forming scripts
// (Arabic, Syriac, N'Ko, Mongolian, the Indic and some South-East Asian scripts); anywhere else
// they only hide something, as in "pay\u200Dpal".
const SCRIPTS = 'Arab Syrc Nkoo Mong Deva Beng Guru Gujr Orya Taml Telu Knda Mlym Sinh Mymr Khmr Tibt'.replace(
  /(\w+) ?/g,
  '\\p{sc=$1}',
);
const JOINS = new RegExp(`[${SCRIPTS}\\p{Extended_Pictographic}\\p{Emoji_Modifier}\\uFE0F]`, 'u');

/** The text without invisible characters; U+200E/U+200F stay, ZWNJ/ZWJ only where they join. */
export function clean(s: string): string {
  // The neighbours are tested one code point at a time, unanchored: Chromium 156's V8 misses
  // astral characters in an anchored class such as /[\p{Extended_Pictographic}]$/u.
  return s
    .replace(HIDDEN, '')
    .replace(/[\u200C\u200D]/g, (joiner, i: number, t: string) =>
      JOINS.test([...t.slice(Math.max(0, i - 2), i)].pop() ?? '') &&
      JOINS.test(String.fromCodePoint(t.codePointAt(i + 1) ?? 32))
        ? joiner
        : '',
    );
}

/** ASCII punctuation: what a backslash can escape. */
export const ESCAPABLE = /[!-/:-@[-`{-~]/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
/** Punctuation for the emphasis rules (undefined: the start or end of the text). */
export const isPunct = (c: string | undefined): boolean => c !== undefined && PUNCTUATION.test(c);
/** Whitespace for the emphasis rules; the start and end of the text count as whitespace. */
export const isSpace = (c: string | undefined): boolean => c === undefined || /\s/.test(c);

const NAMED = new Map(
  Object.entries({
    amp: '&',
    lt: '<',
    gt: '>',
    quot: '"',
    apos: "'",
    nbsp: '\u00A0',
    copy: '©',
    reg: '®',
    trade: '™',
    hellip: '…',
    mdash: '—',
    ndash: '–',
    lsquo: '‘',
    rsquo: '’',
    ldquo: '“',
    rdquo: '”',
    euro: '€',
    pound: '£',
    yen: '¥',
    cent: '¢',
    deg: '°',
    times: '×',
    divide: '÷',
  }),
);
const ENTITY = /&(?:#[xX]([\da-fA-F]{1,6})|#(\d{1,7})|([A-Za-z][A-Za-z\d]{1,31}));/y;

/** The entity at s[i] as [its text, its length in s], or undefined when there is none. */
export function entity(s: string, i: number): [string, number] | undefined {
  ENTITY.lastIndex = i;
  const m = ENTITY.exec(s);
  if (!m) return;
  const code = m[3] ? -1 : parseInt(m[1] ?? m[2]!, m[1] ? 16 : 10);
  const t = m[3]
    ? NAMED.get(m[3])
    : code > 0 && code < 0x110000 && (code < 0xd800 || code > 0xdfff)
      ? String.fromCodePoint(code)
      : '\uFFFD';
  // An entity never brings back what clean() removes (a lone joiner has nothing to join either).
  return t === undefined ? undefined : [clean(t), m[0].length];
}

/** Backslash escapes and entities resolved (link destinations, titles). */
export const unescape = (s: string): string =>
  s.replace(/\\([!-/:-@[-`{-~])|&#?\w{1,32};/g, (m, c: string | undefined) => c ?? entity(m, 0)?.[0] ?? m);
