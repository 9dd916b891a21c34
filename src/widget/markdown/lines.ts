/** Line-level rules of the block parser: indentation, breaks, headings, table rows. */

export const isBlank = (s: string): boolean => /^[ \t]*$/.test(s);
export const isHr = (t: string): boolean =>
  /^[-*_]/.test(t) && /^(?:\*{3,}|-{3,}|_{3,})$/.test(t.replace(/[ \t]/g, ''));

/** The columns of s's leading whitespace, up to n (a tab reaches the next multiple of four), and how many characters they take. */
function leading(s: string, n: number): [columns: number, length: number] {
  let c = 0,
    i = 0;
  for (; c < n && i < s.length; i++)
    if (s[i] === ' ') c++;
    else if (s[i] === '\t') c += 4 - (c % 4);
    else break;
  return [c, i];
}

/** Columns of leading whitespace. */
export const indent = (s: string): number => leading(s, Infinity)[0];

/** s without up to n columns of leading whitespace; the rest of a split tab stays as spaces. */
export function strip(s: string, n: number): string {
  const [c, i] = leading(s, n);
  return ' '.repeat(Math.max(0, c - n)) + s.slice(i);
}

/** An ATX heading's text without its closing sequence of #. */
export function heading(s: string): string {
  s = s.trim();
  let j = s.length;
  while (j && s[j - 1] === '#') j--;
  return !j || s[j - 1] === ' ' || s[j - 1] === '\t' ? s.slice(0, j).trim() : s;
}

/** A table row's cells; `\|` is a pipe inside a cell. */
export function splitRow(line: string): string[] {
  const s = line.trim(),
    cells: string[] = [];
  let cell = '',
    i = s[0] === '|' ? 1 : 0;
  for (; i < s.length; i++) {
    if (s[i] === '\\' && s[i + 1] === '|') cell += s[++i];
    else if (s[i] !== '|') cell += s[i];
    else {
      cells.push(cell.trim());
      cell = '';
      if (i === s.length - 1) return cells;
    }
  }
  cells.push(cell.trim());
  return cells;
}

/** The column alignments of a table's delimiter row ('', left, center, right), or undefined. */
export function alignments(t: string): string[] | undefined {
  if (!/^[|:\- \t]+$/.test(t) || !t.includes('-')) return;
  const cells = splitRow(t);
  if (cells.every((c) => /^:?-+:?$/.test(c)))
    return cells.map((c) => (c.endsWith(':') ? (c[0] === ':' ? 'center' : 'right') : c[0] === ':' ? 'left' : ''));
}
