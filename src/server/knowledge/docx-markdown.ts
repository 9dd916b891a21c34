/**
 * Mammoth's HTML of a Word document as Markdown lines: h1–h6 as `#` headings, paragraphs, list
 * items as `- ` (or `1. `) lines indented by depth, table rows as `| a | b |` lines; inline markup
 * and images dropped, the text kept. Mammoth writes simple, well-formed HTML — every `<` and `>`
 * of text and attributes escaped, no comments or scripts — so one pass over its tags reads it,
 * in time linear in its length.
 */

const HEADING_LEVELS: Readonly<Record<string, number>> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };
/** The tags that, within a table cell, only part words. */
const BREAKS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'ul', 'ol', 'li']);
const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"' };

const decode = (text: string) => text.replace(/&(amp|lt|gt|quot);/g, (_, name: string) => ENTITIES[name]!);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
/** A paragraph's line that Markdown would read as a heading or a code fence is escaped: it is text. */
const literal = (line: string) => (/^(?:#|```|~~~)/.test(line) ? `\\${line}` : line);

export function docxMarkdown(html: string): string {
  const out: string[] = [];
  const lists: { tag: string; items: number }[] = [];
  /** The cells of the table rows open (a table may sit in a cell of another). */
  const rows: string[][] = [];
  let text = '';
  /** A blank line before what comes next, unless there is one already. */
  const gap = () => {
    if (out.length && out.at(-1) !== '') out.push('');
  };
  /** Lines as a block of their own, a blank line before and after. */
  const block = (lines: string[]) => {
    if (!lines.length) return;
    gap();
    out.push(...lines);
    gap();
  };
  const take = () => {
    const taken = text;
    text = '';
    return taken;
  };
  /** The current list item's text so far as its line (before a nested list, or at its end). */
  const item = () => {
    const line = oneLine(take());
    const list = lists.at(-1);
    if (!line || !list) return;
    const marker = list.tag === 'ol' ? `${++list.items}.` : '-';
    out.push(`${'  '.repeat(lists.length - 1)}${marker} ${line}`);
  };
  for (let at = 0; at < html.length;) {
    const open = html.indexOf('<', at);
    const close = open < 0 ? -1 : html.indexOf('>', open);
    if (close < 0) {
      text += decode(html.slice(at));
      break;
    }
    text += decode(html.slice(at, open));
    at = close + 1;
    const tag = html.slice(open + 1, close);
    const ending = tag.startsWith('/');
    const name = (ending ? tag.slice(1) : tag).split(' ', 1)[0]!.toLowerCase();
    const level = HEADING_LEVELS[name];
    if (name === 'tr') {
      if (!ending) rows.push([]);
      const row = ending ? rows.pop() : undefined;
      if (row?.some(Boolean)) out.push(`| ${row.join(' | ')} |`);
    } else if (name === 'td' || name === 'th') {
      if (ending) rows.at(-1)?.push(oneLine(take()).replaceAll('|', '\\|'));
    } else if (rows.length || (lists.length && (level !== undefined || name === 'p'))) {
      // Within a table cell (or a list item) a heading, a paragraph, a list is only a break between words.
      if (BREAKS.has(name)) text += ' ';
    } else if (level !== undefined) {
      const words = oneLine(take());
      if (ending && words) block([`${'#'.repeat(level)} ${words}`]);
    } else if (name === 'p') {
      if (ending) block(take().split('\n').map(oneLine).filter(Boolean).map(literal));
    } else if (name === 'br') text += '\n';
    else if (name === 'ul' || name === 'ol') {
      item();
      if (!ending) {
        if (!lists.length) gap();
        lists.push({ tag: name, items: 0 });
      } else if (lists.pop() && !lists.length) gap();
    } else if (name === 'li') item();
    else if (name === 'table') gap();
  }
  return out.join('\n').trim();
}

/** A Markdown text's first `#` heading (outside code fences), or undefined. */
export function firstHeading(markdown: string): string | undefined {
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^ {0,3}(?:```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : /^ {0,3}#{1,6}[ \t]+(\S.*)/.exec(line);
    if (heading) return withoutClosingHashes(heading[1]!.trim());
  }
  return undefined;
}

/** A heading's text without a closing run of # after a space (CommonMark's), read from its end. */
function withoutClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  return end < text.length && (text[end - 1] === ' ' || text[end - 1] === '\t') ? text.slice(0, end).trim() : text;
}
