/**
 * Inline Markdown to DOM, built from text nodes and elements only: CommonMark's bracket stack
 * here, its delimiter stack in emphasis.ts. Every scan is bounded, so the work stays linear.
 */
import { el, textNode, fragment } from './dom.ts';
import { linkify } from './bare-urls.ts';
import { destination, labelEnd, UNFINISHED } from './destination.ts';
import { Delimiters, MAX_DEPTH, depths, type Delim } from './emphasis.ts';
import { anchor, linkOrImage, safeUrl, unlink, type References, type Target } from './links.ts';
import { ESCAPABLE, entity } from './text.ts';

interface Bracket {
  node: Text;
  image: boolean;
  /** Where its content starts in the text. */
  pos: number;
  /** The delimiter below it. */
  bottom?: Delim;
  /** Another bracket opened inside it, so its content is no reference label. */
  nested: boolean;
}

/**
 * Parses s into a fragment of text nodes and elements. `optimistic`: the text is the end of an
 * unfinished answer, so what is open shows as closed at its end; `remember`: references without a
 * definition are kept in `refs`, to be upgraded when it arrives.
 */
export function inline(s: string, refs: References, optimistic: boolean, remember: boolean): DocumentFragment {
  const box = fragment(),
    delims = new Delimiters(box),
    brackets: Bracket[] = [];
  const special = /[\\`*_~[\]!<&\n]/g,
    runs = new Map<number, number[]>(),
    seen = new Map<number, number>();
  let buf = '',
    i = 0,
    inactive = 0; // brackets below `inactive` are inside a link: no link there
  const flush = () => {
    if (buf) box.append(buf);
    buf = '';
  };
  const put = <T extends Node>(n: T, depth = 0): T => (flush(), depth && depths.set(n, depth), box.appendChild(n));
  const text = (t: string) => put(textNode(t));

  /** The end of a "]": a link, an image, a reference (perhaps still undefined), or text. */
  const closeBracket = () => {
    const b = brackets.pop();
    if (!b || brackets.length < inactive) return ((buf += ']'), i++);
    flush();
    const r = s[i + 1] === '(' ? destination(s, i + 2) : undefined;
    if (r === UNFINISHED && optimistic) {
      // A link still being written shows its text without a destination; an image shows nothing.
      delims.settle(b.bottom);
      const a = b.image ? undefined : delims.wrap('a', b.node.nextSibling, null);
      if (a) {
        a.className = 'md-pending';
        unlink(a);
      }
      while (b.image && b.node.nextSibling) b.node.nextSibling.remove();
      b.node.remove();
      return (i = s.length);
    }
    if (r && r !== UNFINISHED) return (form(b, r.target), (i = r.end));
    let end = i + 1,
      label = b.nested ? undefined : s.slice(b.pos, i);
    if (s[end] === '[') {
      const k = labelEnd(s, end + 1);
      if (k > end + 1) label = s.slice(end + 1, k);
      if (k > end) end = k + 1;
    }
    if (label === undefined || label.length > 999 || !/\S/.test(label)) return ((buf += ']'), i++);
    const def = refs.get(label),
      suffix = s.slice(i, end);
    i = end;
    if (def) return form(b, def);
    // Shown as text in a span, kept to become a link if the definition comes later.
    delims.settle(b.bottom);
    text(suffix);
    const span = delims.wrap('span', b.node, null);
    if (!span) depths.set(b.node, MAX_DEPTH);
    else if (remember) refs.wait(label, { span, image: b.image, post: suffix.length });
  };
  const form = (b: Bracket, t: Target) => {
    delims.settle(b.bottom);
    const d = delims.deepest(b.node.nextSibling, null),
      content = fragment();
    if (d >= MAX_DEPTH) {
      // Too deep to be a link: its content stays, as it is.
      b.node.data = '';
      depths.set(b.node, MAX_DEPTH);
      return;
    }
    for (let n = b.node.nextSibling; n; n = b.node.nextSibling) content.append(n);
    const node = linkOrImage(content, t, b.image, refs.hosts);
    depths.set(node, d + 2); // a link may also hold its host's span
    b.node.replaceWith(node);
    if (!b.image) inactive = brackets.length;
  };
  const codeSpan = () => {
    let e = i;
    while (s[e] === '`') e++;
    const n = e - i;
    if (!runs.size)
      for (const m of s.matchAll(/`+/g)) runs.get(m[0].length)?.push(m.index) ?? runs.set(m[0].length, [m.index]);
    // The closer is the next run of exactly n backticks; each length's runs are passed once.
    const at = runs.get(n) ?? [];
    let k = seen.get(n) ?? 0;
    while (k < at.length && at[k]! < e) k++;
    seen.set(n, k);
    const close = at[k] ?? (optimistic ? s.length : -1);
    if (close < 0) return ((buf += s.slice(i, e)), (i = e));
    let c = s.slice(e, close).replace(/\n/g, ' ');
    if (c.length > 2 && c[0] === ' ' && c.endsWith(' ') && c.trim()) c = c.slice(1, -1);
    put(el('code'), 1).textContent = c;
    i = close + n;
  };
  const autolink = () => {
    const a = /<([^\s<>]*)>/y;
    a.lastIndex = i;
    const inner = a.exec(s)?.[1] ?? '';
    if (!/^[a-z][a-z\d+.-]{1,31}:/i.test(inner)) return ((buf += '<'), i++);
    const u = safeUrl(inner),
      t = textNode(inner);
    put(u ? anchor(u, t) : t, 2);
    i += inner.length + 2;
  };
  const lineBreak = (hard: boolean) => {
    let e = buf.length;
    while (buf[e - 1] === ' ') e--;
    hard ||= buf.length - e > 1;
    buf = buf.slice(0, e);
    if (hard) put(el('br'));
    else buf += '\n';
    while (s[i] === ' ' || s[i] === '\t') i++;
  };

  while (i < s.length) {
    special.lastIndex = i;
    const m = special.exec(s),
      j = m ? m.index : s.length,
      c = m?.[0];
    buf += s.slice(i, j);
    i = j;
    if (c === '\n') {
      i++;
      lineBreak(false);
    } else if (c === '\\') {
      const next = s[i + 1] ?? '';
      if (next === '\n') {
        i += 2;
        lineBreak(true);
      } else if (ESCAPABLE.test(next)) {
        buf += next;
        i += 2;
      } else {
        buf += c;
        i++;
      }
    } else if (c === '`') codeSpan();
    else if (c === '*' || c === '_' || c === '~') {
      let e = i;
      while (s[e] === c) e++;
      // GFM strikethrough is ~~: a single ~ ("~5 minutes") is text.
      if (c === '~' && e - i !== 2) buf += s.slice(i, e);
      else delims.push(text(s.slice(i, e)), s, i, e);
      i = e;
    } else if (c === '[' || (c === '!' && s[i + 1] === '[')) {
      const top = brackets.at(-1),
        image = c === '!';
      if (top) top.nested = true;
      inactive = Math.min(inactive, brackets.length);
      brackets.push({
        node: text(image ? '![' : '['),
        image,
        pos: (i += image ? 2 : 1),
        bottom: delims.last,
        nested: false,
      });
    } else if (c === ']') closeBracket();
    else if (c === '<') autolink();
    else if (c === '&') {
      const r = entity(s, i);
      buf += r ? r[0] : c;
      i += r ? r[1] : 1;
    } else if (c) {
      buf += c;
      i++;
    }
  }
  flush();
  delims.match();
  if (optimistic) delims.closeAll();
  box.normalize();
  linkify(box, optimistic);
  return box;
}
