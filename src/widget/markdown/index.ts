/**
 * The answer renderer: incremental, safe Markdown into DOM built with createElement and
 * createTextNode only. Finished top-level blocks are rendered once and kept; each render pass
 * re-renders only the open (last) block, so a fragment costs what that block costs, not what the
 * answer costs.
 */
import { el, fragment } from './dom.ts';
import { parseBlocks, type Block } from './blocks.ts';
import { References } from './links.ts';
import { render } from './render.ts';
import { clean } from './text.ts';

/** An unfinished block longer than this is shown as plain text until it is finished. */
const PLAIN_LIMIT = 50_000;
/** A line that may be the start of a fence's opening line. */
const FENCE_START = /^ {0,3}(?:`{1,2}|~{1,2}|(?:`{3,}|~{3,})[\w+#.-]*)$/;

export interface MarkdownOptions {
  /** Host patterns whose images may load: 'img.example.com' exact, '*.cdn.example' for subdomains (not the apex). Any other image becomes a link. */
  imageHosts: readonly string[];
  /** Renderers of top-level fenced blocks by info string, in place of code (listing cards, and data shown nowhere). */
  fences?: Readonly<Record<string, Fence>>;
}

/**
 * Makes (or, given what it made for this block before, updates) the element showing a fenced
 * block's lines so far; `final` once the block can no longer change. The same element is kept
 * from the block's first line to its last, so what it shows is never made twice. Null: the block
 * is data for something outside the answer (follow-up suggestions) and shows nothing.
 */
export type Fence = (
  lines: readonly string[],
  final: boolean,
  made: HTMLElement | undefined,
  /** The block's info string: one renderer may draw several kinds. */
  info: string,
) => HTMLElement | null;

export class MarkdownView {
  /** A <div class="md"> the caller inserts into its shadow DOM. */
  readonly root: HTMLElement = el('div');
  /** The source of the finished blocks. */
  #head = '';
  /** The source from the open block on. */
  #tail = '';
  /** How much of tail was complete lines at the last split into blocks. */
  #scanned = 0;
  /** The open block's nodes, replaced by each pass. */
  #open: ChildNode[] = [];
  #frame = 0;
  #refs: References;
  /** What the fence renderers made, by the block's place among the answer's fenced blocks that have one. */
  #made: (HTMLElement | undefined)[] = [];
  /** How many of them are in finished blocks. */
  #fenced = 0;

  readonly #options: MarkdownOptions;

  constructor(options: MarkdownOptions) {
    this.#options = options;
    this.root.className = 'md';
    this.#refs = new References(options.imageHosts);
  }

  /** The whole source so far. */
  get text(): string {
    return this.#head + this.#tail;
  }

  /** Streaming: appends a fragment. Renders at most once per animation frame. */
  append(fragment: string): void {
    this.#tail += fragment;
    this.#frame ||= requestAnimationFrame(() => this.#pass(false));
  }

  /** Renders what is pending now, synchronously. */
  flush(): void {
    this.#pass(false);
  }

  /** The answer is complete: renders everything as finished, strictly. */
  end(): void {
    this.#pass(true);
  }

  /** Replaces everything with this complete text (history restore), rendered as finished. */
  set(text: string): void {
    this.root.replaceChildren();
    this.#head = '';
    this.#tail = text;
    this.#scanned = 0;
    this.#open = [];
    this.#made = [];
    this.#fenced = 0;
    this.#refs = new References(this.#options.imageHosts);
    this.#pass(true);
  }

  #pass(final: boolean): void {
    cancelAnimationFrame(this.#frame);
    this.#frame = 0;
    for (const node of this.#open) node.remove();
    let tail = this.#tail,
      opened = 0;
    const fence = (finished: boolean) => (b: Block, parent: Node) => {
      // Own renderers only: an info string such as "constructor" names nothing.
      const fences = this.#options.fences ?? {},
        info = b.info[0] ?? '';
      if (!Object.hasOwn(fences, info)) return false;
      const make = fences[info]!,
        i = finished ? this.#fenced++ : this.#fenced + opened++;
      const made = (this.#made[i] = make(b.lines, finished, this.#made[i], info) ?? undefined);
      if (made) parent.appendChild(made);
      return true;
    };
    // Only complete lines decide where a block ends: a half-written line may still turn into anything.
    const cut = final ? tail.length : tail.lastIndexOf('\n') + 1;
    if (final || cut > this.#scanned) {
      const lines = tail.slice(0, cut).split('\n');
      if (!final) lines.pop();
      const { blocks } = parseBlocks(lines),
        done = final ? blocks.length : blocks.length - 1;
      let next = final ? cut : 0;
      for (let k = 0; k < done; k++)
        render(blocks[k]!, { refs: this.#refs, final: true, fence: fence(true) }, this.root);
      for (let k = 0; !final && done > 0 && k < blocks[done]!.at; k++) next += lines[k]!.length + 1;
      this.#head += tail.slice(0, next);
      this.#tail = tail = tail.slice(next);
      this.#scanned = cut - next;
    }
    const open = fragment();
    if (!final && tail.length > PLAIN_LIMIT) {
      open.appendChild(el('p')).textContent = clean(tail);
    } else if (!final && tail) {
      const lines = tail.split('\n'),
        last = lines.length - 1;
      let { blocks, tip } = parseBlocks(lines);
      // A fence's opening line still being written shows nothing yet (unless it is code's content):
      // its info string, once complete, decides whether it is code, cards or data shown nowhere.
      if (FENCE_START.test(lines[last]!) && !(tip?.kind === 'code' && tip.at < last))
        ({ blocks, tip } = parseBlocks(lines.slice(0, last)));
      for (const b of blocks) render(b, { refs: this.#refs, final: false, tip, fence: fence(false) }, open);
    }
    this.#open = [...open.childNodes];
    this.root.append(open);
  }
}
