/**
 * CommonMark's delimiter stack over the top-level nodes of a fragment: emphasis, strong and
 * strikethrough, with the openers-bottom bound that keeps "process emphasis" linear, and a cap on
 * how deep elements nest.
 */
import { el } from './dom.ts';
import { isPunct, isSpace } from './text.ts';

export interface Delim {
  node: Text;
  ch: string;
  /** Delimiter characters left, and how many the run had. */
  n: number;
  orig: number;
  open: boolean;
  close: boolean;
  prev?: Delim;
  next?: Delim;
}

/** Elements nest at most this deep; what would go deeper stays text. */
export const MAX_DEPTH = 20;
// How deep each node's subtree is. A wrap that fails marks its boundaries MAX_DEPTH deep, so
// enclosing attempts stop there instead of scanning the same nodes again: the work stays linear.
// (Building deep and flattening later is no way out: Chromium walks a subtree on every move.)
export const depths = new WeakMap<Node, number>();
const tagOf = (ch: string, use: number) => (ch === '~' ? 'del' : use > 1 ? 'strong' : 'em');

export class Delimiters {
  /** The top of the stack. */
  last?: Delim;

  readonly #box: DocumentFragment;

  constructor(box: DocumentFragment) {
    this.#box = box;
  }

  /** Pushes the run s[i, e) of ch, already appended as node, with its flanking. */
  push(node: Text, s: string, i: number, e: number): void {
    const ch = s[i]!,
      n = e - i,
      before = s[i - 1],
      after = s[e];
    const left = !isSpace(after) && (!isPunct(after) || isSpace(before) || isPunct(before));
    const right = !isSpace(before) && (!isPunct(before) || isSpace(after) || isPunct(after));
    const under = ch === '_';
    const d: Delim = {
      node,
      ch,
      n,
      orig: n,
      prev: this.last,
      open: left && (!under || !right || isPunct(before)),
      close: right && (!under || !left || isPunct(after)),
    };
    if (this.last) this.last.next = d;
    this.last = d;
  }

  /** How deep the nodes from first up to stop go (stops counting at MAX_DEPTH). */
  deepest(first: Node | null, stop: Node | null): number {
    let d = 0;
    for (let n = first; n && n !== stop && d < MAX_DEPTH; n = n.nextSibling) d = Math.max(d, depths.get(n) ?? 0);
    return d;
  }

  /** Moves the nodes from first up to stop into a new element; nothing when that is too deep. */
  wrap(tag: string, first: Node | null, stop: Node | null): HTMLElement | undefined {
    const d = this.deepest(first, stop);
    if (d >= MAX_DEPTH) return;
    const e = el(tag);
    depths.set(e, d + 1);
    this.#box.insertBefore(e, first ?? stop);
    for (let n = first; n && n !== stop;) {
      const next: Node | null = n.nextSibling;
      e.appendChild(n);
      n = next;
    }
    return e;
  }

  /** Matches the delimiters above bottom, then forgets them (a bracket's content is done). */
  settle(bottom?: Delim): void {
    this.match(bottom);
    this.last = bottom;
    if (bottom) bottom.next = undefined;
  }

  /** CommonMark's "process emphasis" above bottom. */
  match(bottom?: Delim): void {
    let c = this.last;
    if (c === bottom) return;
    while (c && c.prev !== bottom) c = c.prev;
    const floor = new Map<string, Delim | undefined>();
    while (c) {
      const cl = c,
        key = c.ch + +c.open + (c.orig % 3),
        stop = floor.has(key) ? floor.get(key) : bottom;
      let o = c.close ? c.prev : undefined;
      const fits = (o: Delim) =>
        o.ch === cl.ch &&
        o.open &&
        !((o.close || cl.open) && (o.orig + cl.orig) % 3 === 0 && (o.orig % 3 || cl.orig % 3));
      while (o && o !== bottom && o !== stop && !fits(o)) o = o.prev;
      if (!c.close) c = c.next;
      else if (!o || o === bottom || o === stop) {
        floor.set(key, c.prev);
        if (!c.open) this.#unlink(c);
        c = c.next;
      } else {
        const use = c.n > 1 && o.n > 1 ? 2 : 1;
        if (this.wrap(tagOf(c.ch, use), o.node.nextSibling, c.node)) {
          o.node.deleteData(0, use);
          c.node.deleteData(0, use);
          o.n -= use;
          c.n -= use;
        } else {
          depths.set(o.node, MAX_DEPTH).set(c.node, MAX_DEPTH);
          o.n = c.n = 0;
        }
        o.next = c;
        c.prev = o;
        if (!o.n) this.#unlink(o);
        if (!c.n) {
          this.#unlink(c);
          c = c.next;
        }
      }
    }
  }

  /** Shows what is still open as if closed at the end, innermost first. */
  closeAll(): void {
    for (let o = this.last; o; o = o.prev) {
      for (
        let use = Math.min(o.n, 2);
        o.n && this.wrap(tagOf(o.ch, use), o.node.nextSibling, null);
        use = Math.min(o.n, 2)
      ) {
        o.node.deleteData(0, use);
        o.n -= use;
      }
      if (o.n) return; // too deep: every opener before it encloses it
    }
  }

  #unlink(d: Delim): void {
    if (d.prev) d.prev.next = d.next;
    if (d.next) d.next.prev = d.prev;
    if (d === this.last) this.last = d.prev;
  }
}
