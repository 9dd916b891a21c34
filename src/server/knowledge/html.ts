/// <reference lib="dom" />
// linkedom's nodes are typed as the DOM's: the service's own build has no DOM library otherwise.
/**
 * An owner's web page as the plain Markdown its passages are cut from
 * (engines/knowledge/passages.ts): the main content (Readability's pick, else `<main>`, else
 * `<body>`), written by markdown-writer.ts. Only text survives — no element, attribute or link
 * target — and nothing is escaped: the chatbot renders passages with its own safe Markdown
 * renderer. linkedom has no script engine, so nothing runs.
 */
import { Readability } from '@mozilla/readability';
import { Parser } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import { markdownOf, oneLine } from './markdown-writer.ts';
import { HtmlRefused } from './refusal.ts';

export { HtmlRefused } from './refusal.ts';

/** Beyond this the page is refused before parsing (the fetcher's byte limit stops it sooner). */
export const MAX_HTML_CHARS = 5 * 1024 * 1024;
/**
 * The deepest nesting read. htmlparser2, linkedom's parser, keeps its open elements in an array it
 * grows at the front (`stack.unshift`), so parsing costs the input's length times its depth: 2 MB of
 * unclosed `<div>`s took minutes. Real pages nest a few dozen levels.
 */
export const MAX_DEPTH = 400;
/**
 * Readability rebuilds the page for each of its (up to four) passes and reads each element's text
 * once for every candidate above it, so its time grows with the elements times their depth, and
 * faster with the depth alone: past these it took seconds, and the page is read whole instead.
 * Real pages (a few thousand elements, 10–30 deep) are well within them.
 */
const READABLE = { elements: 10_000, depths: 250_000, depth: 100 };

/**
 * The markup's elements, the sum of their depths and the deepest, as htmlparser2 reads it; null when
 * it nests deeper than MAX_DEPTH, which is found at MAX_DEPTH's cost, before any tree is built.
 */
function shapeOf(html: string): { elements: number; depths: number; depth: number } | null {
  const shape = { elements: 0, depths: 0, depth: 0 };
  let depth = 0;
  const tooDeep = new Error('too deep');
  const onopentag = () => {
    shape.elements++;
    shape.depths += ++depth;
    shape.depth = Math.max(shape.depth, depth);
    if (depth > MAX_DEPTH) throw tooDeep;
  };
  const parser = new Parser({ onopentag, onclosetag: () => void depth-- }, { decodeEntities: false });
  try {
    parser.end(html);
    return shape;
  } catch (error) {
    if (error === tooDeep) return null;
    throw error;
  }
}

/**
 * The page as a document whose head and body hold what Readability looks for. linkedom builds the
 * tree the markup spells and no more (no HTML5 tree construction): a page without `<html>` or
 * `<body>` tags would have an empty body, so every page's parts are moved into a head and a body.
 */
function documentOf(html: string): Document {
  const { document } = parseHTML(html);
  const head = document.createElement('head');
  const body = document.createElement('body');
  // One node at a time: spread into append(), a body of 200,000 <br>s overflows the call's arguments.
  const move = (target: Element, from: Node) => {
    for (const child of [...from.childNodes]) target.append(child);
  };
  const parts = [...document.childNodes].reverse();
  while (parts.length) {
    const part = parts.pop()!;
    const name = part.nodeType === 1 ? (part as Element).localName.toLowerCase() : '';
    if (name === 'html') for (const child of [...part.childNodes].reverse()) parts.push(child);
    else if (name === 'head') move(head, part);
    else if (name === 'body') move(body, part);
    else if (name === 'title' || name === 'meta') head.append(part);
    else if (part.nodeType === 1 || part.nodeType === 3) body.append(part);
  }
  for (const part of [...document.childNodes]) if (part.nodeType !== 10) part.remove();
  const root = document.createElement('html');
  root.append(head, body);
  document.append(root);
  return document;
}

/**
 * The page's main content and title (Readability's, else `<title>`, else the first `<h1>`, else the
 * page's address) as Markdown text. Throws HtmlRefused past MAX_HTML_CHARS or MAX_DEPTH.
 */
export function htmlToMarkdown(html: string, pageUrl: string): { title: string; markdown: string } {
  if (html.length > MAX_HTML_CHARS) throw new HtmlRefused(`the page holds more than ${MAX_HTML_CHARS} characters`);
  const shape = shapeOf(html);
  if (!shape) throw new HtmlRefused(`the page's markup nests more than ${MAX_DEPTH} elements deep`);
  let document = documentOf(html);
  // Read before Readability, which rewrites the document it is given (its <h1>s become <h2>s).
  const fallbackTitle = oneLine(document.title || document.querySelector('h1')?.textContent || '') || pageUrl;
  let article: ReturnType<Readability<Node>['parse']> = null;
  // Not Readability's own maxElemsToParse: it counts getElementsByTagName('*'), which linkedom answers empty.
  if (shape.elements <= READABLE.elements && shape.depths <= READABLE.depths && shape.depth <= READABLE.depth) {
    try {
      article = new Readability<Node>(document, { serializer: (node) => node }).parse();
    } catch {
      // Whatever Readability trips on, the page is still read whole, below.
    }
    const markdown = article?.content?.nodeType === 1 ? markdownOf(article.content as Element) : '';
    if (markdown) return { title: oneLine(article?.title ?? '') || fallbackTitle, markdown };
    document = documentOf(html);
  }
  const main = document.querySelector('main');
  // Without a <main>, the page's chrome is left out as Readability would.
  if (!main) for (const chrome of document.querySelectorAll('nav, footer, aside')) chrome.remove();
  return { title: fallbackTitle, markdown: markdownOf(main ?? document.body) };
}
