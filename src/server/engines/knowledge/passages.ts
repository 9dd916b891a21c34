/**
 * A source as the passages the engines search: a FAQ entry whole (its question as the heading,
 * its other phrasings beside it); a text by its headings and paragraphs — each passage at most
 * PASSAGE_CHARS, under the headings above it, starting with the last paragraph of the one before
 * when that one is short (so a sentence that leads into the next paragraph is found with it).
 * Linear in the text's length.
 */

export interface PassageText {
  heading: string;
  aliases: string;
  body: string;
  url: string;
}

/** A passage is cut at a paragraph once it holds this many characters. */
export const PASSAGE_CHARS = 1_200;
/** A paragraph this short is repeated at the start of the next passage. */
const OVERLAP_CHARS = 400;

export function faqPassages(question: string, phrasings: readonly string[], answer: string, url = ''): PassageText[] {
  return [{ heading: question.trim(), aliases: phrasings.map((p) => p.trim()).join('\n'), body: answer.trim(), url }];
}

const HEADING = /^ {0,3}(#{1,6})(?:[ \t]|$)/;

/** A heading line's text: without its marker, and without a closing run of # after a space (CommonMark's). */
function headingText(line: string, marker: string): string {
  const text = line.slice(marker.length).trim();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  return end === 0 ? '' : end < text.length && /[ \t]/.test(text[end - 1]!) ? text.slice(0, end).trim() : text;
}

/** A text's sentences: cut after a full stop, ! or ? followed by white space (not the dot of "oakridge.example" or "2.5"). */
export const sentencesOf = (text: string): string[] => text.split(/(?<=[.!?])\s+/).filter(Boolean);

/** A text's sections: the headings above each (outermost first) and its paragraphs. */
function sections(markdown: string): { path: string[]; paragraphs: string[] }[] {
  const out: { path: string[]; paragraphs: string[] }[] = [];
  const stack: { level: number; title: string }[] = [];
  let current: { path: string[]; paragraphs: string[] } = { path: [], paragraphs: [] };
  let paragraph: string[] = [];
  let fenced = false;
  const endParagraph = () => {
    const text = paragraph.join('\n').trim();
    if (text) current.paragraphs.push(text);
    paragraph = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (/^ {0,3}(```|~~~)/.test(line)) fenced = !fenced;
    const heading = fenced ? null : HEADING.exec(line);
    if (heading) {
      endParagraph();
      if (current.paragraphs.length) out.push(current);
      const level = heading[1]!.length;
      while (stack.length && stack.at(-1)!.level >= level) stack.pop();
      stack.push({ level, title: headingText(line, heading[0]) });
      current = { path: stack.map((s) => s.title).filter(Boolean), paragraphs: [] };
    } else if (!fenced && !line.trim()) endParagraph();
    else paragraph.push(line);
  }
  endParagraph();
  if (current.paragraphs.length) out.push(current);
  return out;
}

/** A paragraph longer than a passage, cut between sentences (or, where a sentence is longer still, anywhere). */
function pieces(paragraph: string): string[] {
  if (paragraph.length <= PASSAGE_CHARS) return [paragraph];
  const out: string[] = [];
  let piece = '';
  for (const sentence of sentencesOf(paragraph).map((x) => `${x} `)) {
    if (piece && piece.length + sentence.length > PASSAGE_CHARS) {
      out.push(piece.trim());
      piece = '';
    }
    piece += sentence;
    while (piece.length > PASSAGE_CHARS) {
      out.push(piece.slice(0, PASSAGE_CHARS).trim());
      piece = piece.slice(PASSAGE_CHARS);
    }
  }
  if (piece.trim()) out.push(piece.trim());
  return out;
}

/** A titled Markdown text's passages; `title` heads each one unless its own first heading says the same. */
export function textPassages(title: string, markdown: string, url = ''): PassageText[] {
  const out: PassageText[] = [];
  for (const section of sections(markdown)) {
    const path =
      section.path[0]?.toLowerCase() === title.trim().toLowerCase() ? section.path : [title, ...section.path];
    const heading = path
      .map((p) => p.trim())
      .filter(Boolean)
      .join(' › ');
    let body: string[] = [];
    let size = 0;
    const flush = () => {
      if (body.length) out.push({ heading, aliases: '', body: body.join('\n\n'), url });
    };
    for (const piece of section.paragraphs.flatMap(pieces)) {
      if (body.length && size + piece.length > PASSAGE_CHARS) {
        flush();
        const last = body.at(-1)!;
        body = last.length <= OVERLAP_CHARS && last.length + piece.length <= PASSAGE_CHARS ? [last] : [];
        size = body.reduce((n, p) => n + p.length, 0);
      }
      body.push(piece);
      size += piece.length;
    }
    flush();
  }
  return out;
}
