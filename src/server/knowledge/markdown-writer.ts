/// <reference lib="dom" />
// linkedom's nodes are typed as the DOM's: the service's own build has no DOM library otherwise.
/**
 * A page's main content as Markdown blocks (knowledge/html.ts): headings as `#` lines, paragraphs
 * apart, list items as `- ` lines, table rows as cells joined by ` | `, `<pre>` indented as code.
 * Only text survives — no element, attribute or link target — and nothing is escaped.
 */

/** Never read: code, embedded documents and pictures, form controls. */
const DROPPED: ReadonlySet<string> = new Set(
  'script style noscript template iframe frame object embed svg math canvas img picture video audio head input select textarea button'.split(
    ' ',
  ),
);
/** Elements that end the line of text before them and start another. */
const BLOCKS: ReadonlySet<string> = new Set(
  'address article aside blockquote caption center details dialog dd div dt fieldset figcaption figure footer form header hgroup hr legend main nav p section summary tbody thead tfoot'.split(
    ' ',
  ),
);
const LISTS: ReadonlySet<string> = new Set(['ul', 'ol', 'dl', 'table', 'menu']);
const HEADING = /^h([1-6])$/;

export const oneLine = (raw: string) => raw.replace(/\s+/g, ' ').trim();

/** An element's text as Markdown blocks (see the module's comment), walked once, without recursion. */
export function markdownOf(root: Element): string {
  const blocks: string[] = [];
  let group: string[] | null = null; // the lines of the outermost list or table being written
  let groups = 0;
  let text = '';
  let inline = 0; // inside a heading or a table cell, where blocks only separate words
  let literal = 0; // inside <pre>
  const bullets: boolean[] = []; // per open list item: its "- " is still to be written
  const rows: string[][] = [];
  const emit = (lines: string[]) => {
    if (group) for (const line of lines) group.push(line);
    else if (lines.length) blocks.push(lines.join('\n'));
  };
  const flush = () => {
    const raw = text;
    text = '';
    // Indented four spaces, preformatted lines stay code: passages.ts reads no heading or fence in them.
    if (literal) return emit(raw.split('\n').flatMap((l) => (l.trim() ? [`    ${l.trimEnd()}`] : [])));
    const lines = raw.split('\n').map(oneLine).filter(Boolean);
    if (lines.length && bullets.at(-1)) {
      bullets[bullets.length - 1] = false;
      lines[0] = `- ${lines[0]}`;
    }
    emit(lines);
  };
  /** What an element does on entering; the function it returns runs on leaving it. */
  const enter = (name: string): (() => void) | undefined => {
    const heading = HEADING.exec(name);
    const cell = (name === 'td' || name === 'th') && rows.length > 0;
    if (inline && (heading || cell || BLOCKS.has(name) || LISTS.has(name) || /^(?:li|tr|pre)$/.test(name))) {
      text += ' ';
      return () => (text += ' ');
    }
    if (name === 'br') text += inline ? ' ' : '\n';
    if (heading || cell) {
      if (heading) flush();
      inline++;
      return () => {
        const line = oneLine(text);
        text = '';
        inline--;
        if (cell) rows.at(-1)!.push(line);
        else if (line) emit([`${'#'.repeat(Number(heading![1]))} ${line}`]);
      };
    }
    if (name === 'tr') {
      flush();
      rows.push([]);
      return () => {
        const cells = [...rows.pop()!, oneLine(text)].filter(Boolean);
        text = '';
        if (cells.length) emit([cells.join(' | ')]);
      };
    }
    if (LISTS.has(name)) {
      flush();
      if (!groups++) group = [];
      return () => {
        flush();
        if (--groups) return;
        if (group?.length) blocks.push(group.join('\n'));
        group = null;
      };
    }
    if (name === 'li' || name === 'pre') {
      flush();
      if (name === 'li') bullets.push(true);
      else literal++;
      return () => {
        flush();
        if (name === 'li') bullets.pop();
        else literal--;
      };
    }
    if (!BLOCKS.has(name)) return undefined;
    flush();
    return flush;
  };
  const stack: (Node | (() => void))[] = [root];
  while (stack.length) {
    const next = stack.pop()!;
    if (typeof next === 'function') next();
    else if (next.nodeType === 3 || next.nodeType === 4) {
      const data = (next as CharacterData).data;
      text += literal ? data.replace(/\r\n?/g, '\n') : data.replace(/\s+/g, ' ');
    } else if (next.nodeType === 1) {
      const name = (next as Element).localName.toLowerCase();
      if (DROPPED.has(name)) continue;
      const leave = next === root ? flush : enter(name);
      if (leave) stack.push(leave);
      const children = next.childNodes;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
    }
  }
  return blocks.join('\n\n');
}
