/**
 * What a model may cite of the owner's knowledge, and what it did: the passages it was given are
 * numbered once each ([1], [2]…) across the prompt and its search_knowledge calls; its text is
 * passed through a filter that removes a citation of a number it was not given (a model invents
 * them), makes the others links to their passage's page ("[1]" → "[\[1\]](https://…)") and notes
 * them; the sources of those become the answer's sources block.
 * Streaming: a "[" is held back only until the citation it may open is whole — a few characters.
 */
import type { AnswerSource } from '../../../protocol/index.ts';
import type { Hit } from '../knowledge/find.ts';
import { mdUrl } from '../search/format.ts';

/** The passages given to the model, by number. */
export function citations() {
  const given: Hit[] = [];
  return {
    /** The number of this passage (a new one the first time it is given). */
    number(hit: Hit): number {
      const at = given.findIndex(
        (g) => g.sourceId === hit.sourceId && g.heading === hit.heading && g.body === hit.body,
      );
      if (at >= 0) return at + 1;
      given.push(hit);
      return given.length;
    },
    has: (n: number) => n >= 1 && n <= given.length,
    /** What citation `n` becomes in the answer: a link to its passage's page, or itself where it has none. */
    written(n: number): string {
      const url = given[n - 1]?.url;
      // The brackets escaped: link text of "[1]" itself, not a link inside a link.
      return url && /^https?:\/\//i.test(url) ? `[\\[${n}\\]](${mdUrl(url)})` : `[${n}]`;
    },
    /** The sources of the passages cited, in the order of their numbers, each source once. */
    sourcesOf(cited: readonly number[]): AnswerSource[] {
      const sources = new Map<number, AnswerSource>();
      for (const n of [...new Set(cited)].sort((a, b) => a - b)) {
        const h = given[n - 1]!;
        if (!sources.has(h.sourceId)) sources.set(h.sourceId, { title: h.title, ...(h.url ? { url: h.url } : {}) });
      }
      return [...sources.values()];
    },
  };
}
export type Citations = ReturnType<typeof citations>;

/** A citation as a model writes it: "[3]" — not a link's text "[3](…)" nor a footnote's "[^3]". */
const CITATION = /^\[(\d{1,3})\](?!\()/;
/** What a held "[" may still become: "[", "[1", "[12]" — the last waiting for the character after it. */
const MAY_BE = /^\[\d{0,3}\]?$/;

const withoutTrailingBlanks = (text: string) => {
  let end = text.length;
  while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
  return text.slice(0, end);
};

/**
 * A filter of the model's text: `push` each fragment and send on what it returns; `end` returns
 * what was held at the end. A citation `has` takes goes out as `written` makes it; one of a number
 * it refuses is dropped, with a blank beside it; `holdBlanks` keeps a fragment's trailing blanks back until what follows them is known, so the
 * blank before a dropped citation goes too ("12 months [7]." → "12 months.").
 */
export function citationFilter(
  has: (n: number) => boolean,
  holdBlanks = false,
  written: (n: number) => string = (n) => `[${n}]`,
) {
  let held = '';
  /** The last character sent on. */
  let last = '';
  const cited: number[] = [];
  /** What can go out of `text` now; what must wait for more is kept in `held`. */
  const pass = (text: string, final: boolean): string => {
    let out = '';
    let rest = text;
    let wait = '';
    for (let at = rest.indexOf('['); at >= 0; at = rest.indexOf('[')) {
      out += rest.slice(0, at);
      rest = rest.slice(at);
      const m = CITATION.exec(rest);
      // "[12]" at the very end may yet be "[12](…)", a link: wait for the next character.
      if (!final && (MAY_BE.test(rest) || (m && rest.length === m[0].length))) {
        wait = rest;
        rest = '';
        break;
      }
      if (m) {
        const n = Number(m[1]);
        if (has(n)) {
          cited.push(n);
          out += written(n);
          rest = rest.slice(m[0].length);
        } else {
          // Dropped with the blank before it — or, where that blank has gone out already, the one after it.
          const before = out || last;
          out = withoutTrailingBlanks(out);
          rest = rest.slice(m[0].length);
          if (/[ \t]$/.test(before) && !out) rest = rest.replace(/^[ \t]+/, '');
        }
      } else {
        out += '[';
        rest = rest.slice(1);
      }
    }
    out += rest;
    // Blanks at the end may wait too, to go with a citation dropped after them (where citations are given).
    const sent = final || !holdBlanks ? out : withoutTrailingBlanks(out);
    held = final ? '' : out.slice(sent.length) + wait;
    if (sent) last = sent.at(-1)!;
    return sent;
  };
  return {
    push: (fragment: string) => pass(held + fragment, false),
    end: () => pass(held, true),
    cited,
  };
}
