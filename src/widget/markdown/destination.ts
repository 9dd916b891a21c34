/** The bounded scanners after a link's "]": its (destination "title") and a [label]. */
import type { Target } from './links.ts';
import { unescape } from './text.ts';

/** The text ended before the link did: it may still be arriving. */
export const UNFINISHED = -1;

/** After "(": the destination, title and end of an inline link; UNFINISHED when the text ends first. */
export function destination(s: string, j: number): { end: number; target: Target } | typeof UNFINISHED | undefined {
  const n = s.length,
    space = () => s[j] === ' ' || s[j] === '\t' || s[j] === '\n';
  const skip = () => {
    while (space()) j++;
    return j < n;
  };
  if (!skip()) return UNFINISHED;
  let k = j,
    depth = 0,
    href: string;
  if (s[j] === '<') {
    while (++k < n && s[k] !== '>')
      if (s[k] === '<' || s[k] === '\n') return;
      else if (s[k] === '\\') k++;
    if (k >= n) return UNFINISHED;
    href = s.slice(j + 1, k++);
  } else {
    // Balanced parentheses, at most 16 deep: the bound keeps repeated failing scans linear
    // (a scan can only pass another link's "(" one level deeper).
    for (; k < n; k++) {
      const c = s[k]!;
      if (c === '\\') k++;
      else if (c === '(') {
        if (++depth > 16) return;
      } else if (c === ')') {
        if (!depth) break;
        depth--;
      } else if (c <= ' ') break;
    }
    if (k >= n) return UNFINISHED;
    if (depth) return;
    href = s.slice(j, k);
  }
  j = k;
  const spaced = space();
  if (!skip()) return UNFINISHED;
  let title = '';
  const q = s[j],
    close = q === '(' ? ')' : q;
  if (spaced && (q === '"' || q === "'" || q === '(')) {
    for (k = j + 1; k < n && s[k] !== close; k++)
      if (s[k] === '\\') k++;
      else if (s[k] === '(' && q === '(') return;
    if (k >= n) return UNFINISHED;
    title = s.slice(j + 1, k);
    j = k + 1;
    if (!skip()) return UNFINISHED;
  }
  if (s[j] === ')') return { end: j + 1, target: { href: unescape(href), title: unescape(title) } };
}

/** Where the reference label starting at j ends (its "]", at most 999 characters on), or -1. */
export function labelEnd(s: string, j: number): number {
  for (let k = j; k < s.length && k - j < 1000; k++)
    if (s[k] === '\\') k++;
    else if (s[k] === '[') return -1;
    else if (s[k] === ']') return k;
  return -1;
}
