/** Bare http(s) URLs in text become links (GFM's extended autolinks, http and https only). */
import { textNode } from './dom.ts';
import { anchor, safeUrl } from './links.ts';

/** Links the bare URLs of box's text, except inside links, code and pending references. */
export function linkify(box: DocumentFragment, optimistic: boolean): void {
  const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT),
    found: Text[] = [];
  for (let n = walk.nextNode() as Text | null; n; n = walk.nextNode() as Text | null)
    if (/https?:\/\//i.test(n.data) && !n.parentElement?.closest('a,code,span')) found.push(n);
  for (const t of found) {
    const parts: (string | Node)[] = [],
      d = t.data;
    let from = 0;
    for (const m of d.matchAll(/(?<!\w)https?:\/\/[^\s<>"`]+/gi)) {
      const whole = m[0],
        open = whole.split('(').length;
      let end = whole.length,
        shut = whole.split(')').length;
      // Trailing punctuation ends the sentence, not the URL; so does an unbalanced ")".
      for (let ch = whole[end - 1]!; ; ch = whole[end - 1]!) {
        if (/[?!.,:*_~'";]/.test(ch)) end--;
        else if (ch === ')' && shut > open) {
          end--;
          shut--;
        } else break;
      }
      const u = whole.slice(0, end),
        url = safeUrl(u);
      // The URL at the end of an unfinished answer may be incomplete: a link once something follows.
      if (!url || (optimistic && m.index + end === d.length)) continue;
      parts.push(d.slice(from, m.index), anchor(url, textNode(u)));
      from = m.index + end;
    }
    if (from) t.replaceWith(...parts, d.slice(from));
  }
}
