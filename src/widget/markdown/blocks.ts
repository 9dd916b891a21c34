/**
 * The block structure of Markdown lines (CommonMark's container/leaf algorithm, GFM tables).
 * Top-level blocks restart the parser's state, so parsing from any top-level block's first line
 * gives the same blocks as parsing the whole text: that is what makes rendering incremental.
 */
import { alignments, heading, indent, isBlank, isHr, splitRow, strip } from './lines.ts';
import { clean } from './text.ts';

export type Kind = 'doc' | 'quote' | 'list' | 'item' | 'p' | 'h' | 'hr' | 'code' | 'table' | 'def';

export interface Block {
  kind: Kind;
  /** Index of its first line. */
  at: number;
  /** How deep its element sits under the root. */
  depth: number;
  kids: Block[];
  /** Paragraph lines, code lines, table rows; a definition's label, destination and title. */
  lines: string[];
  /** Heading level, list start, item content column, fence indentation. */
  n: number;
  /** List marker (- * + . )), code fence (``` or ~~~; '' for indented code). */
  mark: string;
  /** A code block's language; a table's column alignments. */
  info: string[];
  loose: boolean;
}

/** Containers deeper than this are not opened: their markers stay text. */
const MAX_DEPTH = 12;
const LIST = /^(?:[*+-]|(\d{1,9})[.)])(?=[ \t]|$)/;
const DEF =
  /^\[((?:[^\\[\]]|\\.){0,999})\]:[ \t]*(<[^<>]*>|[^\s<]\S*)(?:[ \t]+("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\((?:[^()\\]|\\.)*\)))?[ \t]*$/;
const LANG = /^[\w+#.-]{1,20}$/;

/** Parses lines into top-level blocks; tip is the block that took the last line. */
export function parseBlocks(lines: readonly string[]): { blocks: Block[]; tip?: Block } {
  const doc: Block = { kind: 'doc', at: 0, depth: 0, kids: [], lines: [], n: 0, mark: '', info: [], loose: false };
  const chain = [doc]; // the open containers, outermost first
  let leaf: Block | undefined,
    tip: Block | undefined,
    prevBlank = false,
    at = 0;
  const top = () => chain.at(-1)!;
  const close = (n: number) => {
    if (n < chain.length) {
      chain.length = n;
      leaf = undefined;
    }
  };
  const add = (kind: Kind, text: string[] = [], n = 0, mark = ''): Block => {
    while (top().kind === 'list' && kind !== 'item') chain.pop();
    const parent = top();
    // A blank line between two children of an item, or between two items, makes the list loose.
    if (prevBlank && parent.kids.length && (kind === 'item' || parent.kind === 'item')) parent.loose = true;
    const b: Block = { kind, at, depth: parent.depth + 1, kids: [], lines: text, n, mark, info: [], loose: false };
    parent.kids.push(b);
    leaf = b;
    if (kind === 'quote' || kind === 'list' || kind === 'item') {
      chain.push(b);
      leaf = undefined;
    }
    return (tip = b);
  };

  /** Takes one line; returns whether it was blank (for looseness). */
  const line = (raw: string): boolean => {
    let rest = clean(raw),
      matched = 1,
      opened = false;
    for (; matched < chain.length; matched++) {
      const c = chain[matched]!;
      if (c.kind === 'quote') {
        const t = strip(rest, 3);
        if (t[0] !== '>') break;
        rest = strip(t.slice(1), 1);
      } else if (c.kind === 'item') {
        if (isBlank(rest) ? !c.kids.length : indent(rest) < c.n) break;
        rest = strip(rest, c.n);
      }
    }
    const all = matched === chain.length;
    if (all && leaf?.kind === 'code') {
      if (leaf.mark) {
        const fence = /^(`+|~+)[ \t]*$/.exec(strip(rest, 3))?.[1];
        if (fence && fence[0] === leaf.mark[0] && fence.length >= leaf.mark.length) leaf = undefined;
        else leaf.lines.push(strip(rest, leaf.n));
        return false;
      }
      if (isBlank(rest) || indent(rest) > 3) {
        leaf.lines.push(strip(rest, 4));
        return isBlank(rest);
      }
    }
    while (chain[matched - 1]!.depth < MAX_DEPTH) {
      const t = strip(rest, 3),
        pre = indent(rest);
      if (t[0] === '>') {
        close(matched);
        add('quote');
        rest = strip(t.slice(1), 1);
      } else {
        const m = LIST.exec(t);
        if (!m || isHr(t)) break;
        const after = t.slice(m[0].length),
          empty = isBlank(after),
          w = empty || indent(after) > 4 ? 1 : indent(after);
        const mark = m[0].slice(-1),
          list = chain[matched - 1]!,
          same = list.kind === 'list' && list.mark === mark;
        // A new list interrupts a paragraph only with content, and an ordered one only from 1.
        if (!same && leaf?.kind === 'p' && (empty || (m[1] && +m[1] !== 1))) break;
        close(matched);
        if (!same) add('list', [], m[1] ? +m[1] : 1, mark);
        add('item', [], pre + m[0].length + w);
        rest = empty ? '' : strip(after, w);
      }
      matched = chain.length;
      opened = true;
    }
    if (isBlank(rest)) {
      close(matched);
      leaf = undefined;
      return !opened;
    }

    const lazy = !opened && leaf?.kind === 'p',
      ind = indent(rest),
      t = strip(rest, ind);
    if (ind < 4) {
      const al = all && leaf?.kind === 'p' ? alignments(t) : undefined,
        head = leaf?.lines.at(-1) ?? '';
      if (al && leaf && (t + head).includes('|') && splitRow(head).length === al.length) {
        // The paragraph's last line was the header row.
        leaf.lines.pop();
        if (!leaf.lines.length) top().kids.pop();
        const table = add('table', [head]);
        table.info = al;
        table.at = at - 1;
        return false;
      }
      const h = /^#{1,6}(?=[ \t]|$)/.exec(t)?.[0];
      const f = /^(`{3,}|~{3,})(.*)/.exec(t);
      if (h || (f && !(f[1]![0] === '`' && f[2]!.includes('`'))) || isHr(t)) {
        close(matched);
        if (h) add('h', [heading(t.slice(h.length))], h.length);
        else if (f) add('code', [], ind, f[1]).info = [f[2]!.trim().split(/[ \t]/)[0]!].filter((l) => LANG.test(l));
        else add('hr');
        return false;
      }
    }
    if ((all && leaf?.kind === 'table') || lazy) {
      leaf!.lines.push(t);
      tip = leaf;
    } else if (ind > 3) {
      close(matched);
      add('code', [strip(rest, 4)]);
    } else {
      // A definition cannot interrupt a paragraph (lazy lines went above).
      const d = DEF.exec(t);
      close(matched);
      if (d && /\S/.test(d[1]!)) add('def', [d[1]!, d[2]!.replace(/^<(.*)>$/, '$1'), d[3]?.slice(1, -1) ?? '']);
      else add('p', [t]);
    }
    return false;
  };

  for (; at < lines.length; at++) prevBlank = line(lines[at]!);
  return { blocks: doc.kids, tip };
}
