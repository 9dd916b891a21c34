/** Blocks to DOM: one element per block, inline content through inline(). */
import { el } from './dom.ts';
import type { Block } from './blocks.ts';
import { splitRow } from './lines.ts';
import { inline } from './inline.ts';
import { noteHostsOnce, type References } from './links.ts';
import { unescape } from './text.ts';

export interface RenderContext {
  refs: References;
  /** The block is finished: strict parsing; its definitions and pending references count. */
  final: boolean;
  /** The block that took the unfinished end of the answer, rendered optimistically. */
  tip?: Block;
  /** Appends a top-level fenced block as something other than code, if its info string has a renderer; says whether it did. */
  fence?: (b: Block, parent: Node) => boolean;
}

const TASK = /^\[([ xX])\](?=[ \t]|$)/;

/** Appends b's DOM to parent; in a tight list item paragraphs have no <p>. */
export function render(b: Block, cx: RenderContext, parent: Node, tight = false): void {
  // The block took the unfinished end of the answer: its text is parsed optimistically.
  const open = !cx.final && cx.tip === b;
  const add = (tag: string, to: Node = parent) => to.appendChild(el(tag));
  const text = (to: Node, s: string, optimistic = open) => to.appendChild(inline(s, cx.refs, optimistic, cx.final));
  const { kind, lines, kids } = b;
  if (kind === 'p') text(tight ? parent : add('p'), lines.join('\n').trimEnd());
  else if (kind === 'h') text(add('h' + b.n), lines[0]!);
  else if (kind === 'hr') add('hr');
  else if (kind === 'quote') {
    const q = add('blockquote');
    for (const k of kids) render(k, cx, q);
  } else if (kind === 'code' && b.mark && b.depth === 1 && cx.fence?.(b, parent)) {
    // rendered by its fence renderer
  } else if (kind === 'code') {
    const pre = add('pre'),
      code = add('code', pre);
    if (b.info[0]) pre.dataset.lang = b.info[0];
    let n = lines.length;
    if (!b.mark) while (n && !/\S/.test(lines[n - 1]!)) n--; // indented code: no trailing blank lines
    code.textContent = lines.slice(0, n).join('\n');
  } else if (kind === 'list') {
    const ordered = b.mark === '.' || b.mark === ')',
      list = add(ordered ? 'ol' : 'ul');
    if (ordered && b.n !== 1) (list as HTMLOListElement).start = b.n;
    const loose = b.loose || kids.some((k) => k.loose);
    for (const item of kids) {
      const li = add('li', list),
        first = item.kids[0],
        task = first?.kind === 'p' ? TASK.exec(first.lines[0]!) : null;
      if (task) {
        li.className = 'md-task';
        first!.lines[0] = first!.lines[0]!.slice(3).trimStart();
      }
      for (const k of item.kids) render(k, cx, li, !loose);
      // A character, not a form control: nothing here can be submitted.
      if (task) (loose ? li.firstElementChild! : li).prepend(task[1] === ' ' ? '☐ ' : '☑ ');
    }
    noteHostsOnce(list);
  } else if (kind === 'table') {
    const table = add('table'),
      head = add('thead', table);
    let body: Node | undefined;
    lines.forEach((line, r) => {
      const row = add('tr', r ? (body ??= add('tbody', table)) : head),
        cells = splitRow(line);
      b.info.forEach((align, k) => {
        const cell = add(r ? 'td' : 'th', row) as HTMLElement;
        if (align) cell.className = 'md-' + align;
        text(cell, cells[k] ?? '', open && r === lines.length - 1);
      });
    });
  } else if (kind === 'def' && cx.final)
    cx.refs.define(lines[0]!, { href: unescape(lines[1]!), title: unescape(lines[2]!) });
}
